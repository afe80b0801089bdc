package requestbody

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"time"
)

// A body reader made once before the loop and wrapped in a new request
// on every attempt: the first attempt consumes it, and the retries send
// an empty body.

func reusedDirect(c *http.Client, u string, payload []byte) (*http.Response, error) {
	body := bytes.NewReader(payload) // related `the reader is made once, here`
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPut, u, body)
		resp, err := c.Do(req) // want `\(\*http\.Client\)\.Do re-sends the \*bytes\.Reader body the first attempt consumed; create it inside the loop`
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

// Through a helper of the package whose body parameter becomes the body
// of the request it builds (cloudflare-go v0.34.0's makeRequest).

type API struct {
	hc   *http.Client
	base string
}

func (api *API) request(ctx context.Context, method, uri string, reqBody io.Reader) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, api.base+uri, reqBody)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return api.hc.Do(req)
}

func (api *API) makeRequest(ctx context.Context, method, uri string, params any) (*http.Response, error) {
	var reqBody io.Reader
	if params != nil {
		if r, ok := params.(io.Reader); ok {
			reqBody = r
		} else {
			b, err := json.Marshal(params)
			if err != nil {
				return nil, err
			}
			reqBody = bytes.NewReader(b) // related `the reader is made once, here`
		}
	}
	var resp *http.Response
	var err error
	for i := 0; i <= 3; i++ {
		if i > 0 {
			select {
			case <-time.After(time.Second):
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		resp, err = api.request(ctx, method, uri, reqBody) // want `\(\*http\.Client\)\.Do via request\(\) re-sends the io\.Reader body the first attempt consumed; create it inside the loop`
		if err != nil || resp.StatusCode >= 500 {
			continue
		}
		break
	}
	return resp, err
}

// Negatives: the reader made inside the loop, a reader rewound before
// each attempt, a helper given the bytes, not a reader.

func freshReader(c *http.Client, u string, payload []byte) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequest(http.MethodPut, u, bytes.NewReader(payload))
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

func rewound(c *http.Client, u string, payload []byte) (*http.Response, error) {
	body := bytes.NewReader(payload)
	var err error
	for i := 0; i < 3; i++ {
		body.Seek(0, io.SeekStart)
		req, _ := http.NewRequest(http.MethodPut, u, body)
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, err
}

func (api *API) requestBytes(ctx context.Context, uri string, b []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, api.base+uri, bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return api.hc.Do(req)
}

func (api *API) postBytes(ctx context.Context, uri string, b []byte) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = api.requestBytes(ctx, uri, b)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return resp, err
}
