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

// Rewound after a 5xx only: a network error returns for another attempt
// with the consumed body (axiom-go v0.31.1's Client.Do).
func sendRewoundOnStatus(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	err := backoff.Retry(func() error {
		var err error
		resp, err = c.Do(req) // want `the retry re-sends a request whose \*bytes.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
		switch {
		case errors.Is(err, context.Canceled):
			return backoff.Permanent(err)
		case err != nil:
			return err
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			if req.Body, err = req.GetBody(); err != nil {
				return backoff.Permanent(err)
			}
			return errThrottled
		}
		return nil
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
	return resp, err
}

// Negative: rewound on every way to another attempt (axiom-go v0.32.0);
// the network error that is final needs no body.
func sendRewoundOnEveryRetry(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	err := backoff.Retry(func() error {
		var err error
		resp, err = c.Do(req)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return backoff.Permanent(err)
			}
			if req.Body, err = req.GetBody(); err != nil {
				return backoff.Permanent(err)
			}
			return err
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			if req.Body, err = req.GetBody(); err != nil {
				return backoff.Permanent(err)
			}
			return errThrottled
		}
		return nil
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
	return resp, err
}

// Negative: rewound at the start of every attempt but the first.
func sendRewoundAfterFirst(c *http.Client, req *http.Request) (*http.Response, error) {
	var resp *http.Response
	attempt := 0
	err := backoff.Retry(func() error {
		attempt++
		if attempt > 1 {
			body, err := req.GetBody()
			if err != nil {
				return backoff.Permanent(err)
			}
			req.Body = body
		}
		var err error
		resp, err = c.Do(req)
		if err != nil {
			return err
		}
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			return errThrottled
		}
		return nil
	}, backoff.WithMaxRetries(backoff.NewExponentialBackOff(), 3))
	return resp, err
}

func ingest(c *http.Client, u string, payload []byte) error {
	req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	if _, err := sendRewoundOnStatus(c, req); err != nil {
		return err
	}
	if _, err := sendRewoundOnEveryRetry(c, req); err != nil {
		return err
	}
	_, err = sendRewoundAfterFirst(c, req)
	return err
}
