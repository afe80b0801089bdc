package requestbody

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"path"
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

// The caller's reader, a parameter of the retrying method, wrapped on
// every attempt by a helper of the package that builds (but does not
// send) the request (grafana-api-golang-client v0.11.1's request and
// newRequest): the callers pass a *bytes.Buffer, which the first attempt
// drains.

type Grafana struct {
	hc      *http.Client
	base    url.URL
	retries int
}

func (c *Grafana) newRequest(method, p string, body io.Reader) (*http.Request, error) {
	u := c.base
	u.Path = path.Join(u.Path, p)
	return http.NewRequest(method, u.String(), body)
}

func (c *Grafana) request(method, p string, body io.Reader) error {
	var err error
	for n := 0; n <= c.retries; n++ {
		var req *http.Request
		req, err = c.newRequest(method, p, body)
		if err != nil {
			return err
		}
		if n != 0 {
			time.Sleep(5 * time.Second)
		}
		var resp *http.Response
		resp, err = c.hc.Do(req) // want `\(\*http\.Client\)\.Do re-sends the \*bytes\.Buffer body the first attempt consumed; create it inside the loop`
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode < 500 {
			break
		}
	}
	return err
}

func (c *Grafana) CreateUser(data []byte) error {
	return c.request(http.MethodPost, "/api/users", bytes.NewBuffer(data))
}

func (c *Grafana) DeleteUser() error {
	return c.request(http.MethodDelete, "/api/users/1", nil)
}

// Negative: the caller's body read once, and a new reader over the bytes
// handed to the helper on every attempt.
func (c *Grafana) requestFixed(method, p string, body io.Reader) error {
	var data []byte
	if body != nil {
		var err error
		if data, err = io.ReadAll(body); err != nil {
			return err
		}
	}
	var err error
	for n := 0; n <= c.retries; n++ {
		var req *http.Request
		req, err = c.newRequest(method, p, bytes.NewReader(data))
		if err != nil {
			return err
		}
		if n != 0 {
			time.Sleep(5 * time.Second)
		}
		var resp *http.Response
		resp, err = c.hc.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode < 500 {
			break
		}
	}
	return err
}

func (c *Grafana) UpdateUser(data []byte) error {
	return c.requestFixed(http.MethodPut, "/api/users/1", bytes.NewBuffer(data))
}

// The same request re-sent by a loop that rewinds its body on one way
// back only: after a 5xx, not after a network error.
func rewoundOnStatus(c *http.Client, u string, payload []byte) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPut, u, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req) // want `the retry re-sends a request whose \*bytes\.Reader body was consumed; rebuild it or set req\.Body from req\.GetBody`
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		resp.Body.Close()
		req.Body, _ = req.GetBody()
		time.Sleep(time.Second)
	}
	return nil, err
}

// Negatives: rewound on both ways back; rewound at the top of every
// iteration but the first.
func rewoundOnBoth(c *http.Client, u string, payload []byte) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPut, u, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		if err == nil {
			resp.Body.Close()
		}
		req.Body, _ = req.GetBody()
		time.Sleep(time.Second)
	}
	return nil, err
}

func rewoundAtTop(c *http.Client, u string, payload []byte) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPut, u, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	for i := 0; i < 3; i++ {
		if i > 0 {
			req.Body, _ = req.GetBody()
			time.Sleep(time.Second)
		}
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		resp.Body.Close()
	}
	return nil, err
}

// The body is recorded through an io.TeeReader while the first attempt
// sends it, and the retries replay the record
// (grafana-api-golang-client v0.21.0): a first attempt that fails before
// the transport has read the whole body leaves a partial record.
func (c *Grafana) requestTee(method, p string, body io.Reader) error {
	var record bytes.Buffer
	if c.retries > 0 && body != nil {
		body = io.TeeReader(body, &record) // want `the retries replay what the first attempt read through this io.TeeReader, perhaps part of the body; read it all first`
	}
	var err error
	for n := 0; n <= c.retries; n++ {
		if n > 0 {
			body = bytes.NewReader(record.Bytes()) // related `the record is replayed here`
		}
		var req *http.Request
		req, err = c.newRequest(method, p, body)
		if err != nil {
			return err
		}
		if n != 0 {
			time.Sleep(5 * time.Second)
		}
		var resp *http.Response
		resp, err = c.hc.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode < 500 {
			break
		}
	}
	return err
}

// Negative: the body read into memory before the loop, a new reader over
// it per attempt (grafana-api-golang-client v0.21.1).
func (c *Grafana) requestRead(method, p string, body io.Reader) error {
	var data []byte
	if body != nil {
		var err error
		if data, err = io.ReadAll(body); err != nil {
			return err
		}
	}
	var err error
	for n := 0; n <= c.retries; n++ {
		var req *http.Request
		req, err = c.newRequest(method, p, bytes.NewReader(data))
		if err != nil {
			return err
		}
		var resp *http.Response
		resp, err = c.hc.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		resp.Body.Close()
		if resp.StatusCode < 500 {
			break
		}
		time.Sleep(time.Second)
	}
	return err
}

func (c *Grafana) PatchUser(data []byte) error {
	if err := c.requestTee(http.MethodPatch, "/api/users/1", bytes.NewBuffer(data)); err != nil {
		return err
	}
	return c.requestRead(http.MethodPatch, "/api/users/1", bytes.NewBuffer(data))
}
