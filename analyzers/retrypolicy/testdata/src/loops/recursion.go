package loops

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Retries by recursion: the function calls itself after a failure.

type recClient struct{ hc *http.Client }

func (c *recClient) forever(req *http.Request) (*http.Response, error) {
	resp, err := c.hc.Do(req)
	if err != nil {
		time.Sleep(5 * time.Second) // want `time.Sleep before forever retries ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
		return c.forever(req)       // want `forever calls itself to retry \(\*http.Client\).Do with no bound; cap the attempts or check a context`
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

// Retries after re-authenticating: the server answered 401, the client
// refreshes its token and calls itself. Unbounded while the server keeps
// refusing the new token (gophercloud's ProviderClient.Request before
// v0.6.0); no backoff is needed, so none is asked for.

type authClient struct {
	hc      *http.Client
	token   string
	refresh func() (string, error)
}

func (c *authClient) request(method, u string) (*http.Response, error) {
	req, err := http.NewRequest(method, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Auth-Token", c.token)
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	switch resp.StatusCode {
	case http.StatusBadRequest:
		resp.Body.Close()
		return nil, errBadRequest
	case http.StatusUnauthorized:
		resp.Body.Close()
		tok, err := c.refresh()
		if err != nil {
			return nil, err
		}
		c.token = tok
		return c.request(method, u) // want `request calls itself to re-authenticate and retry \(\*http.Client\).Do, unbounded; retry at most once`
	}
	return resp, nil
}

var errBadRequest = errors.New("bad request")

// Negative cases: the retry after re-authenticating happens once, by a
// flag of a per-call state (gophercloud v0.6.0) or a bool parameter.

type requestState struct{ hasReauthenticated bool }

func (c *authClient) doRequest(method, u string, state *requestState) (*http.Response, error) {
	req, err := http.NewRequest(method, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusUnauthorized && !state.hasReauthenticated {
		resp.Body.Close()
		tok, err := c.refresh()
		if err != nil {
			return nil, err
		}
		c.token = tok
		state.hasReauthenticated = true
		return c.doRequest(method, u, state)
	}
	return resp, nil
}

func (c *authClient) get(u string, retried bool) (*http.Response, error) {
	resp, err := c.hc.Get(u)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusUnauthorized && !retried {
		resp.Body.Close()
		if c.token, err = c.refresh(); err != nil {
			return nil, err
		}
		return c.get(u, true)
	}
	return resp, nil
}

// A 404 is not a refusal of the credentials: asking again after it is
// not a retry these rules judge.
func (c *authClient) missing(u string) (*http.Response, error) {
	resp, err := c.hc.Get(u)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusNotFound {
		resp.Body.Close()
		return c.missing(u + "/")
	}
	return resp, nil
}

// Retries after the attempt's error says the credentials were refused,
// asked by a predicate on the error, with a new access mode: the
// request passed on is the same, and the count of attempts restarts on
// each call (git-lfs' DoWithAuth before v3.8.0).

type authErr struct{ error }

func (authErr) AuthError() bool { return true }

// IsAuthError reports whether err is a refusal of the credentials.
func IsAuthError(err error) bool {
	e, ok := err.(interface{ AuthError() bool })
	return ok && e.AuthError()
}

type lfsClient struct {
	hc *http.Client
}

func (c *lfsClient) DoWithAuth(remote string, mode int, req *http.Request) (*http.Response, error) {
	count := 0
	res, err := c.doWithAuth(remote, &count, mode, req)
	if IsAuthError(err) {
		if req.Header.Get("Authorization") == "" {
			return c.DoWithAuth(remote, mode+1, req) // want `DoWithAuth calls itself to re-authenticate and retry \(\*http.Client\).Do via doWithAuth\(\), unbounded; retry at most once`
		}
	}
	return res, err
}

func (c *lfsClient) doWithAuth(remote string, count *int, mode int, req *http.Request) (*http.Response, error) {
	if *count == 3 {
		return nil, errors.New("too many authentication attempts")
	}
	req.Header.Set("X-Mode", remote+strconv.Itoa(mode))
	res, err := c.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if res.StatusCode == http.StatusUnauthorized {
		*count++
		return res, authErr{errors.New("unauthorized")}
	}
	return res, nil
}

// The fix (v3.8.0): a bounded loop.
func (c *lfsClient) DoWithAuthBounded(remote string, mode int, req *http.Request) (*http.Response, error) {
	var res *http.Response
	var err error
	for range 3 {
		count := 0
		res, err = c.doWithAuth(remote, &count, mode, req)
		if !IsAuthError(err) {
			break
		}
		mode++
	}
	return res, err
}
