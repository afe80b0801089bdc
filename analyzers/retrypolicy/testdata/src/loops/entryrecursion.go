package loops

import (
	"context"
	"net/http"
	"strconv"
	"time"
)

// Retries by recursion that test the previous response at entry (kiota's
// RetryHandler.retryRequest): the function is handed the response of the
// last attempt, and calls itself with the new one.

type middleware struct{ max int }

type pipeline interface {
	Next(req *http.Request, i int) (*http.Response, error)
}

func (m middleware) retriable(code int) bool {
	return code == 429 || code == 503 || code == 504
}

func (m middleware) retry(ctx context.Context, p pipeline, req *http.Request, resp *http.Response, n int) (*http.Response, error) {
	if m.retriable(resp.StatusCode) && n < m.max {
		n++
		req = req.WithContext(context.WithValue(ctx, attemptKey{}, strconv.Itoa(n)))
		time.Sleep(5 * time.Second) // want `time.Sleep before retry retries ignores ctx; select on ctx.Done\(\) and a timer`
		next, err := p.Next(req, 0)
		if err != nil {
			return next, err
		}
		return m.retry(ctx, p, req, next, n)
	}
	return resp, nil
}

type attemptKey struct{}

func (m middleware) retryStatus(ctx context.Context, c *http.Client, req *http.Request, resp *http.Response) (*http.Response, error) {
	if resp.StatusCode >= 500 {
		next, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		return m.retryStatus(ctx, c, req, next) // want `retryStatus calls itself to retry \(\*http.Client\).Do with no bound; cap the attempts or check a context` `retryStatus calls itself to retry \(\*http.Client\).Do immediately; add a backoff between attempts`
	}
	return resp, nil
}

// Negative: the entry test does not look at the status (a page link), so
// each call fetches the next page.
func (m middleware) follow(c *http.Client, u string, resp *http.Response) (*http.Response, error) {
	if link := resp.Header.Get("Link"); link != "" {
		next, err := c.Get(link)
		if err != nil {
			return nil, err
		}
		return m.follow(c, link, next)
	}
	return resp, nil
}

// Negative: a predicate that says nothing about failures (any status
// below 300 is fine, and it sends again on success).
func (m middleware) ok(code int) bool { return code < 300 }

func (m middleware) again(c *http.Client, req *http.Request, resp *http.Response, n int) (*http.Response, error) {
	if m.ok(resp.StatusCode) && n > 0 {
		next, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		return m.again(c, req, next, n-1)
	}
	return resp, nil
}
