package idempotency

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"time"
)

// reauthOnce re-sends a POST only after the server answered (a 401 that
// a new token fixes); an error returns: the server said what it did with
// the request (smallstep's admin client).
func reauthOnce(c *http.Client, u string, payload []byte, renew func() bool) (*http.Response, error) {
	var retried bool
	req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
retry:
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 400 {
		if !retried && renew() {
			retried = true
			req, _ = http.NewRequest(http.MethodPost, u, bytes.NewReader(payload))
			goto retry
		}
		return nil, errors.New(resp.Status)
	}
	return resp, nil
}

// waitOutTooMany re-sends a POST while the server answers 429.
func waitOutTooMany(ctx context.Context, c *http.Client, u string, payload []byte) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(payload))
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode != http.StatusTooManyRequests {
			return resp, nil
		}
		resp.Body.Close()
		wait(ctx, time.Second)
	}
	return nil, errors.New("too many requests")
}

// retryBoth re-sends a POST after an error too: a timeout says nothing
// about whether the server acted.
func retryBoth(ctx context.Context, c *http.Client, u string, payload []byte) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, bytes.NewReader(payload))
		if err != nil {
			return nil, err
		}
		resp, err := c.Do(req) // want `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it`
		if err != nil {
			wait(ctx, time.Second)
			continue
		}
		if resp.StatusCode < 500 {
			return resp, nil
		}
		resp.Body.Close()
		wait(ctx, time.Second)
	}
	return nil, errors.New("gave up")
}
