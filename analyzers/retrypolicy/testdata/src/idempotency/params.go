package idempotency

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

// An API client whose one retrying helper takes the method from its
// callers: the retry re-sends whatever method they pass.
type api struct {
	c    *http.Client
	base string
}

func (a *api) do(ctx context.Context, method, path string, body []byte) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequestWithContext(ctx, method, a.base+path, bytes.NewReader(body))
		if rerr != nil {
			return nil, rerr
		}
		var resp *http.Response
		resp, err = a.c.Do(req) // want `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it`
		if err == nil {
			return resp, nil
		}
		wait(ctx, time.Second)
	}
	return nil, err
}

// The callers pass GET and POST: the POST is re-sent.
func (a *api) List(ctx context.Context) (*http.Response, error) {
	return a.do(ctx, http.MethodGet, "/items", nil)
}

func (a *api) Create(ctx context.Context, item []byte) (*http.Response, error) {
	return a.do(ctx, http.MethodPost, "/items", item)
}

// Through two helpers, the constant at the outer call.
func (a *api) send(ctx context.Context, verb, path string) (*http.Response, error) {
	return a.getOrSend(ctx, verb, path)
}

func (a *api) getOrSend(ctx context.Context, verb, path string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, verb, a.base+path, nil)
		var resp *http.Response
		resp, err = a.c.Do(req) // want `this loop re-sends a PATCH request with no Idempotency-Key header; set one or do not retry it`
		if err == nil {
			return resp, nil
		}
		wait(ctx, time.Second)
	}
	return nil, err
}

func (a *api) Touch(ctx context.Context) (*http.Response, error) {
	return a.send(ctx, http.MethodPatch, "/touch")
}

// Every caller passes an idempotent method: nothing to report.
func (a *api) read(ctx context.Context, method, path string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, method, a.base+path, nil)
		var resp *http.Response
		resp, err = a.c.Do(req)
		if err == nil {
			return resp, nil
		}
		wait(ctx, time.Second)
	}
	return nil, err
}

func (a *api) Get(ctx context.Context) (*http.Response, error) {
	return a.read(ctx, http.MethodGet, "/x")
}

func (a *api) Head(ctx context.Context) (*http.Response, error) {
	return a.read(ctx, http.MethodHead, "/x")
}

// One caller forwards a method that cannot be known, another passes
// POST: that POST is re-sent.
func (a *api) anyMethod(ctx context.Context, method, path string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, method, a.base+path, nil)
		var resp *http.Response
		resp, err = a.c.Do(req) // want `this loop re-sends a POST request`
		if err == nil {
			return resp, nil
		}
		wait(ctx, time.Second)
	}
	return nil, err
}

func (a *api) Forward(ctx context.Context, r *http.Request) (*http.Response, error) {
	return a.anyMethod(ctx, r.Method, r.URL.Path)
}

func (a *api) Post(ctx context.Context) (*http.Response, error) {
	return a.anyMethod(ctx, http.MethodPost, "/y")
}

// Only a forwarded method: unknown, not reported.
func (a *api) relay(ctx context.Context, method, path string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, method, a.base+path, nil)
		var resp *http.Response
		resp, err = a.c.Do(req)
		if err == nil {
			return resp, nil
		}
		wait(ctx, time.Second)
	}
	return nil, err
}

func (a *api) Relay(ctx context.Context, r *http.Request) (*http.Response, error) {
	return a.relay(ctx, r.Method, r.URL.Path)
}
