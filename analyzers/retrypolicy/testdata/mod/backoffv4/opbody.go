package backoffv4

import (
	"bytes"
	"context"
	"errors"
	"net/http"

	"github.com/cenkalti/backoff/v4"
)

var errThrottled = errors.New("throttled")

// The operation re-sends a request built once, outside it: its body is
// gone after the first attempt.
func sendCaptured(ctx context.Context, c *http.Client, u string, payload []byte) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodPut, u, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	var resp *http.Response
	op := func() error {
		resp, err = c.Do(req.WithContext(ctx)) // want `the retry re-sends a request whose \*bytes.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
		if err != nil {
			return backoff.Permanent(err)
		}
		if resp.StatusCode == http.StatusTooManyRequests {
			resp.Body.Close()
			return errThrottled
		}
		return nil
	}
	err = backoff.Retry(op, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
	return resp, err
}

// Built inside the operation: a fresh body each attempt.
func sendFresh(c *http.Client, u string, payload []byte) error {
	return backoff.Retry(func() error {
		req, err := http.NewRequest(http.MethodPut, u, bytes.NewReader(payload))
		if err != nil {
			return backoff.Permanent(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}

// Rewound from GetBody before each attempt.
func sendRewound(c *http.Client, u string, payload []byte) error {
	req, err := http.NewRequest(http.MethodPut, u, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	return backoff.Retry(func() error {
		body, err := req.GetBody()
		if err != nil {
			return backoff.Permanent(err)
		}
		req.Body = body
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
}
