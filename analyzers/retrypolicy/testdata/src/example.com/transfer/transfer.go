// Package transfer is a client library of another package whose methods
// send the request they receive (git-lfs' lfshttp.Client): its callers'
// loops and recursions around them retry that request.
package transfer

import "net/http"

type Client struct{ UserAgent string }

// Do sends req with the default client.
func (c *Client) Do(req *http.Request) (*http.Response, error) {
	return c.DoWith(http.DefaultClient, req)
}

// DoWith sends req with cli, following redirects.
func (c *Client) DoWith(cli *http.Client, req *http.Request) (*http.Response, error) {
	req.Header.Set("User-Agent", c.UserAgent)
	return cli.Do(req)
}

// Status sends nothing it receives: it builds its own request.
func (c *Client) Status(cli *http.Client, u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return cli.Do(req)
}
