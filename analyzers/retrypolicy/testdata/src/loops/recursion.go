package loops

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Retries by recursion: the function calls itself after a failure.

type recClient struct{ hc *http.Client }

func (c *recClient) forever(req *http.Request) (*http.Response, error) {
	resp, err := c.hc.Do(req)
	if err != nil {
		time.Sleep(time.Second) // want `time.Sleep before forever retries ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
		return c.forever(req)   // want `forever calls itself to retry \(\*http.Client\).Do with no bound; cap the attempts or check a context`
	}
	return resp, nil
}

func (c *recClient) tight(req *http.Request, n int) (*http.Response, error) {
	resp, err := c.hc.Do(req)
	if err != nil && n > 0 {
		return c.tight(req, n-1) // want `tight calls itself to retry \(\*http.Client\).Do immediately; add a backoff between attempts`
	}
	return resp, err
}

// Negative cases: a bounded recursion with a context-aware wait, and a
// recursion that moves on to the next page.

func (c *recClient) polite(ctx context.Context, req *http.Request, retries int) (*http.Response, error) {
	resp, err := c.hc.Do(req)
	if err != nil && retries > 0 {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
		return c.polite(ctx, req, retries-1)
	}
	return resp, err
}

func (c *recClient) pages(u string) error {
	resp, err := c.hc.Get(u)
	if err != nil {
		return err
	}
	next := resp.Header.Get("Link")
	resp.Body.Close()
	if next != "" {
		return c.pages(next)
	}
	return nil
}

// parentDomain asks for the parent domain after a 404: each call sends a
// different request (lego's selectel client), not a retry.
func (c *recClient) parentDomain(ctx context.Context, base *url.URL, domain string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base.JoinPath("domains", domain).String(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil && strings.Count(domain, ".") > 1 {
		_, parent, _ := strings.Cut(domain, ".")
		return c.parentDomain(ctx, base, parent)
	}
	return resp, err
}
