// Package socketapi is a client of an HTTP API served on a unix socket of
// this machine (buildkite's agent API): its transport dials the socket
// whatever the request's host.
package socketapi

import (
	"context"
	"net"
	"net/http"
)

// Client talks to the local agent.
type Client struct {
	cli *http.Client
}

// NewClient returns a client of the socket at path.
func NewClient(path string) *Client {
	dialer := net.Dialer{}
	return &Client{cli: &http.Client{
		Transport: &http.Transport{
			// Ignore the address: dial the socket.
			DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
				return dialer.DialContext(ctx, "unix", path)
			},
		},
	}}
}

// Do sends a request with the caller's context.
func (c *Client) Do(ctx context.Context, method, url string) error {
	req, err := http.NewRequestWithContext(ctx, method, url, nil)
	if err != nil {
		return err
	}
	resp, err := c.cli.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Ping sends without a deadline to the local socket: silent.
func (c *Client) Ping() error {
	resp, err := c.cli.Get("http://agent/ping")
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Remote dials whatever address the request names.
type Remote struct {
	cli *http.Client
}

// NewRemote returns a client that dials the request's host.
func NewRemote() *Remote {
	dialer := net.Dialer{}
	return &Remote{cli: &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}} // want `http\.Client has no Timeout`
}

// Do sends a request with the caller's context.
func (r *Remote) Do(ctx context.Context, url string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return err
	}
	resp, err := r.cli.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Ping sends without a deadline to a remote host.
func (r *Remote) Ping(u string) error {
	resp, err := r.cli.Get(u) // related `request without a deadline sent here`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
