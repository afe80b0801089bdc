// Package requestbody holds retry loops that re-send a request whose
// body was given where the loop cannot see it: on one branch of several,
// by the callers of the function that retries, or by another method of
// the object that keeps the request.
package requestbody

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Some paths build the request with a body (go-mastodon's doAPI).

func branches(ctx context.Context, c *http.Client, method, u string, values url.Values) error {
	var req *http.Request
	var err error
	if method == http.MethodGet {
		req, err = http.NewRequest(method, u+"?"+values.Encode(), nil)
	} else {
		req, err = http.NewRequest(method, u, strings.NewReader(values.Encode()))
	}
	if err != nil {
		return err
	}
	req = req.WithContext(ctx)
	for {
		resp, err := c.Do(req) // want `the same \*http.Request is sent again on the next iteration, but the first attempt consumed its \*strings.Reader body`
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusTooManyRequests {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(time.Second):
			}
			continue
		}
		return nil
	}
}

// The request is a parameter; a caller two levels up gives it a body
// (tencentcloud-sdk-go's sendWithNetworkFailureRetry).

type api struct{ hc *http.Client }

func (a *api) sendHTTP(req *http.Request) (*http.Response, error) { return a.hc.Do(req) }

func (a *api) withNetworkRetry(req *http.Request) (resp *http.Response, err error) {
	for i := 0; i < 3; i++ {
		resp, err = a.sendHTTP(req) // want `the same \*http.Request is sent again on the next iteration, but the first attempt consumed its \*strings.Reader body`
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second) // want `time.Sleep in this retry loop ignores the request's context`
	}
	return nil, err
}

func (a *api) withRateLimit(req *http.Request) (*http.Response, error) {
	return a.withNetworkRetry(req)
}

func (a *api) call(u, payload string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPut, u, strings.NewReader(payload))
	if err != nil {
		return nil, err
	}
	return a.withRateLimit(req)
}

// The request lives in a field; another method gives it a body (beego's
// BeegoHTTPRequest.sendRequest).

type builder struct {
	req     *http.Request
	retries int
}

func newBuilder(u string) *builder {
	req, _ := http.NewRequest(http.MethodPut, u, nil)
	return &builder{req: req, retries: 3}
}

func (b *builder) body(data []byte) *builder {
	b.req.Body = io.NopCloser(bytes.NewReader(data))
	return b
}

func (b *builder) send(c *http.Client) (resp *http.Response, err error) {
	for i := 0; i <= b.retries; i++ {
		resp, err = c.Do(b.req) // want `the same \*http.Request is sent again on the next iteration, but the first attempt consumed its io.ReadCloser body`
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// Negative cases.

// Every caller passes a request without a body.
func (a *api) getWithRetry(req *http.Request) (resp *http.Response, err error) {
	for i := 0; i < 3; i++ {
		resp, err = a.sendHTTP(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second) // want `time.Sleep in this retry loop ignores the request's context`
	}
	return nil, err
}

func (a *api) get(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return a.getWithRetry(req)
}

// The loop gives the request a fresh body before each attempt.
func (a *api) rewinds(req *http.Request) (resp *http.Response, err error) {
	for i := 0; i < 3; i++ {
		if req.GetBody != nil {
			req.Body, _ = req.GetBody()
		}
		resp, err = a.sendHTTP(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second) // want `time.Sleep in this retry loop ignores the request's context`
	}
	return nil, err
}

func (a *api) put(u, payload string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPut, u, strings.NewReader(payload))
	if err != nil {
		return nil, err
	}
	return a.rewinds(req)
}

// The loop hands the object that keeps the request to a method, which
// may rebuild it.
type rebuilder struct{ req *http.Request }

func (r *rebuilder) rebuild(data []byte) {
	r.req, _ = http.NewRequest(http.MethodPut, r.req.URL.String(), bytes.NewReader(data))
}

func (r *rebuilder) send(c *http.Client, data []byte) (resp *http.Response, err error) {
	r.rebuild(data)
	for i := 0; i < 3; i++ {
		resp, err = c.Do(r.req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
		r.rebuild(data)
	}
	return nil, err
}

// A retryer built from the request before the loop rewinds its body
// before each new attempt (tencentcloud-sdk-go's fix).
func newRetryer(r *http.Request) func() error {
	return func() error {
		body, err := r.GetBody()
		if err != nil {
			return err
		}
		r.Body = body
		return nil
	}
}

func (a *api) withRetryer(req *http.Request) (resp *http.Response, err error) {
	retryer := newRetryer(req)
	for i := 0; i < 3; i++ {
		if i > 0 {
			if err := retryer(); err != nil {
				return nil, err
			}
		}
		resp, err = a.sendHTTP(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second) // want `time.Sleep in this retry loop ignores the request's context`
	}
	return nil, err
}

func (a *api) putRewound(u, payload string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPut, u, strings.NewReader(payload))
	if err != nil {
		return nil, err
	}
	return a.withRetryer(req)
}
