package loops

import (
	"context"
	"net/http"
	"net/url"
	"time"
)

// cloneReq copies a request for another attempt: the same method, URL
// and body.
func cloneReq(r *http.Request) *http.Request { return r.Clone(r.Context()) }

// withTimeout derives the request through two helpers.
func withTimeout(r *http.Request, ctx context.Context) (*http.Request, error) {
	if r == nil {
		return nil, nil
	}
	return cloneReq(r.WithContext(ctx)), nil
}

// retryCloned re-sends a copy of the same request after each failure:
// a retry, unbounded.
func retryCloned(c *http.Client, u string) error {
	req, _ := http.NewRequest("GET", u, nil)
	for {
		resp, err := c.Do(req) // want `this loop retries \(\*http.Client\).Do with no bound`
		if err == nil {
			return resp.Body.Close()
		}
		req = cloneReq(req)
		time.Sleep(time.Second)
	}
}

func retryDerived(c *http.Client, u string) error {
	ctx := context.Background()
	req, _ := http.NewRequest("GET", u, nil)
	for i := 0; ; i++ {
		resp, err := c.Do(req) // want `this loop retries \(\*http.Client\).Do with no bound`
		if err == nil {
			return resp.Body.Close()
		}
		req, _ = withTimeout(req, ctx)
		time.Sleep(time.Second)
	}
}

// nextPage builds the request for another URL: the loop walks pages, it
// does not retry.
func nextPage(r *http.Request, next string) *http.Request {
	u, _ := url.Parse(next)
	r2 := r.Clone(r.Context())
	r2.URL = u
	return r2
}

func walkPages(ctx context.Context, c *http.Client, u string, next func() string) error {
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	for {
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		n := next()
		if n == "" {
			return nil
		}
		req = nextPage(req, n)
	}
}
