// want package:"keepsconfig"

// Package wraps keeps the transports it is given as they are, and
// configures only the one it builds itself.
package wraps

import (
	"net/http"
	"time"
)

type Client struct{ rt http.RoundTripper }

// SetTransport keeps the caller's transport.
func (c *Client) SetTransport(rt http.RoundTripper) { c.rt = rt }

func newDefault() *http.Transport {
	t := &http.Transport{}
	t.IdleConnTimeout = time.Minute
	return t
}

var _ = newDefault
