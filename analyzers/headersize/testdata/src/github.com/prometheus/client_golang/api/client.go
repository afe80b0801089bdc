// Package api is a stand-in for github.com/prometheus/client_golang/api:
// a client over Config.RoundTripper that sends each request it is given
// once.
package api

import (
	"context"
	"net/http"
)

type Config struct {
	Address      string
	RoundTripper http.RoundTripper
}

type Client interface {
	Do(context.Context, *http.Request) (*http.Response, []byte, error)
}

type httpClient struct{ client http.Client }

func NewClient(cfg Config) (Client, error) {
	return &httpClient{client: http.Client{Transport: cfg.RoundTripper}}, nil
}

func (c *httpClient) Do(ctx context.Context, req *http.Request) (*http.Response, []byte, error) {
	resp, err := c.client.Do(req.WithContext(ctx))
	return resp, nil, err
}
