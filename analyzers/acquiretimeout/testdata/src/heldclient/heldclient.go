// Package heldclient is a library whose constructor keeps the
// *http.Client its caller passes, as compute/metadata's NewClient does,
// and whose methods send through it: with no deadline (Get), with the
// caller's context (GetWithContext), or with a deadline of their own
// (GetBounded). Its own default client has a Timeout.
package heldclient

import (
	"context"
	"net/http"
	"time"
)

var defaultClient = &Client{hc: &http.Client{Timeout: 5 * time.Second}}

// Client keeps the caller's HTTP client.
type Client struct {
	hc  *http.Client
	sub *http.Client
}

// NewClient returns a Client that sends through c, or the default one
// for a nil c.
func NewClient(c *http.Client) *Client {
	if c == nil {
		return defaultClient
	}
	return &Client{hc: c, sub: c}
}

// Get fetches u with no deadline.
func (c *Client) Get(u string) (*http.Response, error) {
	return c.GetWithContext(context.Background(), u)
}

// GetWithContext fetches u under ctx.
func (c *Client) GetWithContext(ctx context.Context, u string) (*http.Response, error) {
	return c.get(ctx, u, false)
}

func (c *Client) get(ctx context.Context, u string, useSub bool) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	hc := c.hc
	if useSub {
		hc = c.sub
	}
	return hc.Do(req)
}

// GetBounded fetches u within a second.
func (c *Client) GetBounded(u string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return c.get(ctx, u, false)
}

// Named keeps a client under a name; Fetch sends through it with no
// deadline.
type Named struct {
	Name   string
	client *http.Client
}

// NewNamed returns a Named that sends through c.
func NewNamed(name string, c *http.Client) Named {
	return Named{Name: name, client: c}
}

// Fetch fetches u with no deadline.
func (n Named) Fetch(u string) error {
	resp, err := n.client.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Poll fetches u up to three times with no deadline, switching to the
// second client after a failure (a φ-node that loops back to itself).
func (c *Client) Poll(u string) error {
	hc := c.hc
	for i := 0; i < 3; i++ {
		resp, err := hc.Get(u)
		if err == nil {
			return resp.Body.Close()
		}
		if i == 1 {
			hc = c.sub
		}
	}
	return nil
}
