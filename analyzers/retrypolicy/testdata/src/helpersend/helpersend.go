// Package helpersend holds retry loops whose attempt is a helper of the
// package that sends the request it receives.
package helpersend

import (
	"context"
	"io"
	"net/http"
	"strings"
	"time"

	"example.com/transfer"
)

type client struct{ hc *http.Client }

func (c *client) send(req *http.Request) (*http.Response, error) {
	return c.hc.Do(req)
}

func (c *client) sendCtx(ctx context.Context, req *http.Request) (*http.Response, error) {
	return c.send(req.WithContext(ctx))
}

func (c *client) forever(req *http.Request) {
	for { // want `this loop retries \(\*http.Client\).Do via send\(\) with no bound; cap the attempts or check a context` `this loop retries \(\*http.Client\).Do via send\(\) immediately; add a backoff between attempts`
		resp, err := c.send(req)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}

func (c *client) sleeps(ctx context.Context, req *http.Request) error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		resp, err = c.sendCtx(ctx, req)
		if err == nil {
			return resp.Body.Close()
		}
		time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores ctx; select on ctx.Done\(\) and a timer`
	}
	return err
}

func (c *client) consumed(u string) {
	req, _ := http.NewRequest("POST", u, strings.NewReader("payload"))
	for i := 0; i < 3; i++ {
		resp, err := c.send(req) // want `the retry re-sends a request whose \*strings.Reader body was consumed; rebuild it or set req.Body from req.GetBody` `this loop re-sends a POST request with no Idempotency-Key header; set one or do not retry it`
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Second)
	}
}

// Negative cases: a helper that builds a new request from its URL on
// each attempt, and a bounded loop with a backoff.

func (c *client) get(u string) (*http.Response, error) {
	req, err := http.NewRequest("GET", u, nil)
	if err != nil {
		return nil, err
	}
	return c.hc.Do(req)
}

func (c *client) bounded(ctx context.Context, req *http.Request) {
	for i := 0; i < 3; i++ {
		resp, err := c.send(req)
		if err == nil {
			resp.Body.Close()
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// A body only on some paths (none for GET) is still consumed on those.
func conditionalBody(c *http.Client, method, u, form string) {
	var body io.Reader
	if method != http.MethodGet {
		body = strings.NewReader(form)
	}
	req, _ := http.NewRequest(method, u, body)
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req) // want `the retry re-sends a request whose \*strings.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
		if err == nil {
			resp.Body.Close()
			return
		}
		time.Sleep(time.Second)
	}
}

// Senders behind interfaces: an http.RoundTripper field, a Doer.

type Doer interface {
	Do(*http.Request) (*http.Response, error)
}

type transport struct {
	next http.RoundTripper
	doer Doer
}

func (t *transport) perform(req *http.Request) (*http.Response, error) {
	for i := 0; ; i++ {
		resp, err := t.next.RoundTrip(req)
		if err == nil || i >= 3 {
			return resp, err
		}
		time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
	}
}

func (t *transport) tight(req *http.Request) {
	for { // want `this loop retries helpersend.Doer.Do with no bound; cap the attempts or check a context` `this loop retries helpersend.Doer.Do immediately; add a backoff between attempts`
		resp, err := t.doer.Do(req)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}

// A chain of helpers of any length: each function is summarised once,
// so the loop sees the send at the end of the chain.
func hop1(c *http.Client, req *http.Request) error { return hop2(c, req) }
func hop2(c *http.Client, req *http.Request) error { return hop3(c, req) }
func hop3(c *http.Client, req *http.Request) error { return hop4(c, req) }
func hop4(c *http.Client, req *http.Request) error { return hop5(c, req) }
func hop5(c *http.Client, req *http.Request) error { return hop6(c, req) }
func hop6(c *http.Client, req *http.Request) error {
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func longChain(c *http.Client, req *http.Request) {
	for { // want `this loop retries \(\*http.Client\).Do via hop1\(\) with no bound; cap the attempts or check a context` `this loop retries \(\*http.Client\).Do via hop1\(\) immediately; add a backoff between attempts`
		if err := hop1(c, req); err == nil {
			return
		}
	}
}

// A helper of another package that sends the request it receives, known
// by its facts, is an attempt too.

func foreverForeign(tc *transfer.Client, req *http.Request) {
	for { // want `this loop retries \(\*http.Client\).Do via DoWith\(\) with no bound; cap the attempts or check a context` `this loop retries \(\*http.Client\).Do via DoWith\(\) immediately; add a backoff between attempts`
		resp, err := tc.DoWith(http.DefaultClient, req)
		if err == nil {
			resp.Body.Close()
			return
		}
	}
}

func boundedForeign(ctx context.Context, tc *transfer.Client, req *http.Request) error {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		if resp, err = tc.Do(req.WithContext(ctx)); err == nil {
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
