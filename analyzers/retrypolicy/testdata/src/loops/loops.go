// Package loops holds hand-written retry loops around net/http sends.
package loops

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"
)

// The first example: unbounded, no backoff.
func untilSuccess(c *http.Client, req *http.Request) *http.Response {
	for { // want `this loop retries \(\*http.Client\).Do with no bound; cap the attempts or check a context` `this loop retries \(\*http.Client\).Do immediately; add a backoff between attempts`
		resp, err := c.Do(req)
		if err == nil {
			return resp
		}
	}
}

func continueOnError(c *http.Client, u string) *http.Response {
	for { // want `this loop retries \(\*http.Client\).Get with no bound; cap the attempts or check a context` `this loop retries \(\*http.Client\).Get immediately; add a backoff between attempts`
		resp, err := c.Get(u)
		if err != nil {
			continue
		}
		return resp
	}
}

func statusRetry(c *http.Client, u string) {
	for { // want `this loop retries \(\*http.Client\).Get with no bound; cap the attempts or check a context`
		resp, err := c.Get(u)
		if err != nil {
			return
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			time.Sleep(time.Second)
			continue
		}
		return
	}
}

func statusNotOK(c *http.Client, u string) {
	for { // want `this loop retries \(\*http.Client\).Get with no bound; cap the attempts or check a context`
		resp, err := c.Get(u)
		if err != nil {
			return
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return
		}
		time.Sleep(time.Second)
	}
}

func tooMany(c *http.Client, u string) {
	for { // want `this loop retries \(\*http.Client\).Get with no bound; cap the attempts or check a context`
		resp, err := c.Get(u)
		if err != nil {
			return
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusTooManyRequests {
			return
		}
		time.Sleep(time.Second)
	}
}

func gotoRetry(u string) *http.Response {
again:
	resp, err := http.Get(u) // want `this loop retries http.Get with no bound; cap the attempts or check a context` `this loop retries http.Get immediately; add a backoff between attempts`
	if err != nil {
		goto again
	}
	return resp
}

// Bounded by a counter, with a backoff: silent.
func bounded(c *http.Client, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		resp, err = c.Get(u)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Duration(i) * time.Second)
	}
	return nil, err
}

// Bounded by a counter checked after the send.
func boundedAfter(c *http.Client, u string) (*http.Response, error) {
	for attempt := 1; ; attempt++ {
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		if attempt >= 5 {
			return nil, err
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A bounded loop that sleeps while a context is in scope.
func sleepWithContext(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	for i := 0; i < 3; i++ {
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores ctx; select on ctx.Done\(\) and a timer`
	}
	return nil, errors.New("giving up")
}

func timerReceive(ctx context.Context, c *http.Client, u string) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
			return
		}
		<-time.After(5 * time.Second) // want `a bare timer receive in this retry loop ignores ctx; select on it and ctx.Done\(\)`
	}
}

// Waits that select on ctx.Done(): silent, and ctx bounds the loop.
func selectWait(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	for {
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// Bounded by ctx.Err().
func ctxErr(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	for {
		resp, err := c.Do(req)
		if err == nil {
			return resp, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		t := time.NewTimer(time.Second)
		select {
		case <-t.C:
		case <-ctx.Done():
		}
	}
}

// Bounded by a deadline.
func deadlineLoop(c *http.Client, u string) (*http.Response, error) {
	start := time.Now()
	for {
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		if time.Since(start) > time.Minute {
			return nil, err
		}
		time.Sleep(time.Second)
	}
}

// Pagination: each iteration asks for a different page.
func pages(c *http.Client, urls []string) {
	for _, u := range urls {
		resp, err := c.Get(u)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

func pagination(c *http.Client, base string) {
	next := base
	for next != "" {
		resp, err := c.Get(next)
		if err != nil {
			return
		}
		next = resp.Header.Get("Link")
		resp.Body.Close()
	}
}

// Polling with a ticker: the loop runs on success too.
func poll(c *http.Client, u string, stop chan struct{}) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for range t.C {
		resp, err := c.Get(u)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

// A stream reconnect loop: it never ends on success either.
func reconnect(c *http.Client, req *http.Request) {
	for {
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// Fan-out over items.
func fanout(c *http.Client, ids []string) {
	for i := range ids {
		req, _ := http.NewRequest(http.MethodPost, "http://x/"+ids[i], nil)
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
	}
}

// A work queue: the URL comes from a generator.
type queue struct{ items []string }

func (q *queue) next() string { s := q.items[0]; q.items = q.items[1:]; return s }

func worker(c *http.Client, q *queue) {
	for {
		u := q.next()
		resp, err := c.Get(u)
		if err != nil {
			continue
		}
		resp.Body.Close()
		return
	}
}

// An exit the analysis cannot classify: silent on unbounded-loop.
func unknownExit(c *http.Client, u string, shouldStop func() bool) {
	for { // want `this loop retries \(\*http.Client\).Get immediately; add a backoff between attempts`
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
			return
		}
		if shouldStop() {
			return
		}
	}
}

// Error classification is not a bound.
func isPermanent(err error) bool { return strings.Contains(err.Error(), "permanent") }

func classified(c *http.Client, u string) {
	for { // want `this loop retries \(\*http.Client\).Get with no bound; cap the attempts or check a context`
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
			return
		}
		if isPermanent(err) {
			return
		}
		time.Sleep(time.Second)
	}
}

// A helper that waits counts as a backoff.
func pause(d time.Duration) { time.Sleep(d) }

func helperWait(c *http.Client, u string) {
	for i := 0; i < 3; i++ {
		resp, err := c.Get(u)
		if err == nil {
			resp.Body.Close()
			return
		}
		pause(time.Second)
	}
}

var _ = bytes.NewReader

// A retry decision computed from the outcome.
func shouldRetry(resp *http.Response, err error) bool { return err != nil || resp.StatusCode >= 500 }

func decision(c *http.Client, u string) {
	for { // want `this loop retries \(\*http.Client\).Get with no bound; cap the attempts or check a context` `this loop retries \(\*http.Client\).Get immediately; add a backoff between attempts`
		resp, err := c.Get(u)
		if !shouldRetry(resp, err) {
			return
		}
	}
}

// The shape of stripe-go's retry loop: a decision that also looks at the
// attempt count, and time.Sleep although the request has a context.
type backend struct {
	c   *http.Client
	max int
}

func (b *backend) shouldRetry(err error, resp *http.Response, n int) bool {
	return n < b.max && (err != nil || resp.StatusCode >= 500)
}

func (b *backend) do(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for retry := 0; ; {
		resp, err = b.c.Do(req)
		if !b.shouldRetry(err, resp, retry) {
			break
		}
		retry++
		time.Sleep(time.Duration(retry) * time.Second) // want `time.Sleep in this retry loop ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
	}
	return resp, err
}

// Regression: cycles through WithContext and WithCancel in a loop.
func cycles(ctx context.Context, c *http.Client, req *http.Request) {
	for i := 0; i < 3; i++ {
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		req = req.WithContext(ctx)
		resp, err := c.Do(req)
		cancel()
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

// Regression: failing over to the next host is not a retry of the same
// request (the URL changes with the range index).
func failover(c *http.Client, hosts []string) *http.Response {
	for _, h := range hosts {
		resp, err := c.Get(h + "/status")
		if err == nil {
			return resp
		}
	}
	return nil
}

// A select on the Done channel of context.Background() bounds nothing:
// that channel is nil and never ready.
func backgroundDone(c *http.Client, u string) (*http.Response, error) {
	ctx := context.Background()
	for { // want `this loop retries \(\*http.Client\).Get with no bound; cap the attempts or check a context`
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// The same with ctx.Err() on a context.TODO() under WithValue.
func todoErr(c *http.Client, u string) (*http.Response, error) {
	ctx := context.WithValue(context.TODO(), struct{}{}, "x")
	for { // want `this loop retries \(\*http.Client\).Get with no bound; cap the attempts or check a context`
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		time.Sleep(time.Second)
	}
}

// A cancellable context bounds the loop.
func cancelDone(c *http.Client, u string) (*http.Response, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() { time.Sleep(time.Minute); cancel() }()
	for {
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(time.Second):
		}
	}
}

// The response is captured by a deferred closure, so it lives in a cell:
// the status test still tests this attempt (aiven-go-client's doRequest).
func capturedResponse(c *http.Client, u string) ([]byte, error) {
	retries := 2
	for {
		rsp, err := c.Get(u) // want `this loop retries \(\*http.Client\).Get immediately; add a backoff between attempts`
		if err != nil {
			return nil, err
		}
		defer func() { rsp.Body.Close() }()
		if rsp.StatusCode >= 500 && retries > 0 {
			retries--
			continue
		}
		return io.ReadAll(rsp.Body)
	}
}
