// Package setter keeps the transport it is given as it is (an object
// store's client: minio's SetCustomTransport).
package setter

import "net/http"

type Client struct{ rt http.RoundTripper }

func (c *Client) SetCustomTransport(rt http.RoundTripper) { c.rt = rt }

func (c *Client) Get(u string) (*http.Response, error) {
	return (&http.Client{Transport: c.rt}).Get(u)
}
