// Package heldtuned keeps the client its caller passes but gives it a
// Timeout when it has none, as many SDK constructors do.
package heldtuned

import (
	"net/http"
	"time"
)

// Client keeps the caller's HTTP client.
type Client struct {
	hc *http.Client
}

// NewClient returns a Client that sends through c, with a Timeout.
func NewClient(c *http.Client) *Client {
	if c.Timeout == 0 {
		c.Timeout = 30 * time.Second
	}
	return &Client{hc: c}
}

// Get fetches u.
func (c *Client) Get(u string) (*http.Response, error) {
	return c.hc.Get(u)
}
