// Package helpers sends requests with the client and context its callers
// pass; the sends are judged at each call.
package helpers

import (
	"context"
	"io"
	"net/http"
	"strings"
	"time"
)

// PostCustom sends through the caller's client with the caller's context.
func PostCustom(ctx context.Context, url string, c *http.Client, body string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return err
	}
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(io.Discard, resp.Body)
	return err
}

// Post is the convenience wrapper of the slack-go webhook shape.
func Post(url, body string) error {
	return PostCustom(context.Background(), url, http.DefaultClient, body) // want `PostCustom uses http.DefaultClient \(no Timeout\) and this context has no deadline \(5 requests in this package\); give it a deadline`
}

// PostTimed gives the request a deadline.
func PostTimed(url, body string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return PostCustom(ctx, url, http.DefaultClient, body)
}

// PostWithClient uses a client with a Timeout.
func PostWithClient(url, body string) error {
	c := &http.Client{Timeout: time.Second}
	return PostCustom(context.Background(), url, c, body)
}

// PostCtx passes its own context on: the caller's business.
func PostCtx(ctx context.Context, url, body string) error {
	return PostCustom(ctx, url, http.DefaultClient, body)
}

type API struct {
	client *http.Client
}

func NewAPI() *API { return &API{client: &http.Client{}} } // want `http.Client has no Timeout and its requests no deadline \(2 requests in this package\); set Client.Timeout`

func (a *API) get(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	return a.client.Do(req)
}

// Status calls get with a background context: the field's client has no
// Timeout.
func (a *API) Status() (*http.Response, error) {
	return a.get(context.Background(), "http://api/status") // related `called without a deadline here`
}

// StatusCtx passes its context on.
func (a *API) StatusCtx(ctx context.Context) (*http.Response, error) {
	return a.get(ctx, "http://api/status")
}

func (a *API) do(req *http.Request) (*http.Response, error) { return a.client.Do(req) }

// Fanout builds its request without the context it was given (minio's
// PutObjectFanOut).
func (a *API) Fanout(ctx context.Context, url string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPost, url, nil)
	if err != nil {
		return nil, err
	}
	return a.do(req) // related `called without a deadline here`
}
