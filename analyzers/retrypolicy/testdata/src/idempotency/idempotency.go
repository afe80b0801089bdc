// Package idempotency holds retried requests with and without an
// idempotency key, and re-sent bodies.
package idempotency

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"
)

const method = "POST"

var pkgMethod = http.MethodPatch

func postNoKey(ctx context.Context, c *http.Client, u string, payload []byte) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(payload))
		if rerr != nil {
			return nil, rerr
		}
		var resp *http.Response
		resp, err = c.Do(req) // want `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it`
		if err == nil {
			return resp, nil
		}
		wait(ctx, time.Second)
	}
	return nil, err
}

func wait(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}

func postWithKey(ctx context.Context, c *http.Client, u string, payload []byte, key string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(payload))
		req.Header.Set("Idempotency-Key", key)
		var resp *http.Response
		resp, err = c.Do(req)
		if err == nil {
			return resp, nil
		}
		wait(ctx, time.Second)
	}
	return nil, err
}

func postWithXKey(ctx context.Context, c *http.Client, u string, key string) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, method, u, nil)
		req.Header["X-Idempotency-Key"] = []string{key}
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return nil
		}
		wait(ctx, time.Second)
	}
	return nil
}

func patchConstVar(ctx context.Context, c *http.Client, u string) error {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, pkgMethod, u, nil)
		resp, err := c.Do(req) // want `this loop re-sends a PATCH request with no Idempotency-Key header; set one or do not retry it`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		wait(ctx, time.Second)
	}
	return nil
}

func helperPost(ctx context.Context, u string, form url.Values) error {
	for i := 0; i < 3; i++ {
		resp, err := http.PostForm(u, form) // want `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		wait(ctx, time.Second)
	}
	return nil
}

// Idempotent and unknown methods: silent.
func idempotent(ctx context.Context, c *http.Client, u, m string) {
	for _, meth := range []string{http.MethodGet, http.MethodPut, http.MethodDelete, http.MethodHead} {
		_ = meth
	}
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPut, u, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return
		}
		wait(ctx, time.Second)
	}
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, m, u, nil)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return
		}
		wait(ctx, time.Second)
	}
}

// A request literal.
func literal(ctx context.Context, c *http.Client, u *url.URL) {
	req := &http.Request{Method: "POST", URL: u, Header: http.Header{}}
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req) // want `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it`
		if err == nil {
			resp.Body.Close()
			return
		}
		wait(ctx, time.Second)
	}
}

// A request built by a helper of the package.
func newPost(ctx context.Context, u string) (*http.Request, error) {
	return http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
}

func viaHelper(ctx context.Context, c *http.Client, u string) {
	req, err := newPost(ctx, u)
	if err != nil {
		return
	}
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req) // want `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it`
		if err == nil {
			resp.Body.Close()
			return
		}
		wait(ctx, time.Second)
	}
}

// The request goes to code that may set headers: silent.
func sign(req *http.Request) { req.Header.Set("X-Signature", "s") }

type signer interface{ Sign(*http.Request) }

func signed(ctx context.Context, c *http.Client, u string, s signer) {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		s.Sign(req)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return
		}
		wait(ctx, time.Second)
	}
}

func signedLocal(ctx context.Context, c *http.Client, u string) {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		sign(req)
		resp, err := c.Do(req) // want `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it`
		if err == nil {
			resp.Body.Close()
			return
		}
		wait(ctx, time.Second)
	}
}

// Bodies re-sent.
func sameBody(ctx context.Context, c *http.Client, u string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPut, u, strings.NewReader("payload"))
	if err != nil {
		return err
	}
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req) // want `the retry re-sends a request whose \*strings.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		wait(ctx, time.Second)
	}
	return nil
}

func sameBuffer(ctx context.Context, c *http.Client, u string, data []byte) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, u, bytes.NewBuffer(data))
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req.WithContext(ctx)) // want `the retry re-sends a request whose \*bytes.Buffer body was consumed; rebuild it or set req.Body from req.GetBody`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		wait(ctx, time.Second)
	}
	return nil
}

func opaqueBody(ctx context.Context, c *http.Client, u string, f *os.File) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, u, io.MultiReader(f))
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req) // want `the retry re-sends a request whose io.Reader body was consumed and cannot be rewound; rebuild both in the loop`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		wait(ctx, time.Second)
	}
	return nil
}

func helperBody(ctx context.Context, u string) error {
	body := strings.NewReader("payload")
	for i := 0; i < 3; i++ {
		resp, err := http.Post(u, "text/plain", body) // want `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it` `http.Post re-sends the \*strings.Reader body the first attempt consumed; create the reader inside the loop`
		if err == nil {
			resp.Body.Close()
			return nil
		}
		wait(ctx, time.Second)
	}
	return nil
}

// Rebuilt or reset: silent.
func rebuilt(ctx context.Context, c *http.Client, u string) {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPut, u, strings.NewReader("payload"))
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return
		}
		wait(ctx, time.Second)
	}
}

func getBody(ctx context.Context, c *http.Client, u string) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, u, strings.NewReader("payload"))
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return
		}
		req.Body, _ = req.GetBody()
		wait(ctx, time.Second)
	}
}

func seek(ctx context.Context, c *http.Client, u string) {
	r := strings.NewReader("payload")
	for i := 0; i < 3; i++ {
		resp, err := http.Post(u, "text/plain", r) // want `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it`
		if err == nil {
			resp.Body.Close()
			return
		}
		r.Seek(0, io.SeekStart)
		wait(ctx, time.Second)
	}
}

func noBody(ctx context.Context, c *http.Client, u string) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPut, u, http.NoBody)
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return
		}
		wait(ctx, time.Second)
	}
}

// The helper that builds the request sets the idempotency key: retrying
// it is safe.
func newOrderRequest(ctx context.Context, u string, key string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return req, nil
}

func placeOrder(ctx context.Context, c *http.Client, u, key string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := newOrderRequest(ctx, u, key)
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		resp, err = c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// The same helper without the key: the retried POST is reported.
func newRefundRequest(ctx context.Context, u string) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req, nil
}

func refund(ctx context.Context, c *http.Client, u string) error {
	var err error
	for i := 0; i < 3; i++ {
		req, rerr := newRefundRequest(ctx, u)
		if rerr != nil {
			return rerr
		}
		var resp *http.Response
		resp, err = c.Do(req) // want `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it`
		if err == nil {
			return resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// The caller sets the key on the request it passes to the retrying
// function.
func retryPost(c *http.Client, req *http.Request) error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		resp, err = c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		select {
		case <-req.Context().Done():
			return req.Context().Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

func charge(ctx context.Context, c *http.Client, u, key string) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	return retryPost(c, req)
}
