package loops

import (
	"context"
	"net/http"
	"time"
)

// A wait whose Done case only leaves the select (projectdiscovery's
// retryablehttp-go v1.3.11): once that context is done, every later
// attempt runs at once.

func skippedWait(c *http.Client, req *http.Request, max int, timeout time.Duration) (*http.Response, error) {
	mainCtx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var resp *http.Response
	var err error
	for i := 0; ; i++ {
		resp, err = c.Do(req) // related `the request retried is sent here`
		if err == nil {
			return resp, nil
		}
		if max-i <= 0 {
			break
		}
	sel:
		select {
		case <-mainCtx.Done(): // want `once mainCtx is done, the wait is skipped and the remaining retries run back to back; return in that case`
			break sel
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(time.Second):
		}
	}
	return nil, err
}

// The same wait with a Done case that leaves the loop, or returns: silent.

func doneLeaves(c *http.Client, req *http.Request, max int, timeout time.Duration) (*http.Response, error) {
	mainCtx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	var resp *http.Response
	var err error
loop:
	for i := 0; i < max; i++ {
		resp, err = c.Do(req)
		if err == nil {
			return resp, nil
		}
		select {
		case <-mainCtx.Done():
			break loop
		case <-time.After(time.Second):
		}
	}
	return nil, err
}

func doneReturns(ctx context.Context, c *http.Client, req *http.Request) (*http.Response, error) {
	for i := 0; i < 5; i++ {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, context.DeadlineExceeded
}

// The retryablehttp shape: a retry predicate and a backoff policy called
// through function values decide and compute the wait; they do not
// wait, so the select is the only wait.
type Client struct {
	HTTPClient *http.Client
	CheckRetry func(ctx context.Context, resp *http.Response, err error) (bool, error)
	Backoff    func(min, max time.Duration, attempt int, resp *http.Response) time.Duration
	Sleep      func(ctx context.Context, d time.Duration) bool
	Max        int
	Timeout    time.Duration
}

func (c *Client) Do(req *http.Request) (*http.Response, error) {
	mainCtx, cancel := context.WithTimeout(context.Background(), c.Timeout)
	defer cancel()
	var resp *http.Response
	var err error
	for i := 0; ; i++ {
		resp, err = c.HTTPClient.Do(req) // related `the request retried is sent here`
		ok, cerr := c.CheckRetry(req.Context(), resp, err)
		if !ok {
			return resp, cerr
		}
		if c.Max-i <= 0 {
			break
		}
		wait := c.Backoff(time.Second, time.Minute, i, resp)
	sel:
		select {
		case <-mainCtx.Done(): // want `once mainCtx is done, the wait is skipped and the remaining retries run back to back; return in that case`
			break sel
		case <-req.Context().Done():
			return nil, req.Context().Err()
		case <-time.After(wait):
		}
	}
	return nil, err
}

// A sleep hook that takes a context may wait: it counts as a wait, and
// this loop is not reported for lack of one.
func (c *Client) DoHook(req *http.Request) (*http.Response, error) {
	for i := 0; i < c.Max; i++ {
		resp, err := c.HTTPClient.Do(req)
		if err == nil {
			return resp, nil
		}
		if !c.Sleep(req.Context(), c.Backoff(time.Second, time.Minute, i, nil)) {
			break
		}
	}
	return nil, context.Canceled
}
