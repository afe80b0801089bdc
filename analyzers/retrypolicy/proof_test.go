package retrypolicy_test

// Loopback proofs: the configurations the rules flag really fail the way
// the messages say, and the fixed ones do not. Every server listens on
// 127.0.0.1 (httptest) and every loop is bounded.

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/hashicorp/go-retryablehttp"
)

// alwaysFailing returns a server that answers 500 and records each
// request's method, Idempotency-Key and body.
func alwaysFailing(t *testing.T) (*httptest.Server, func() []string) {
	t.Helper()
	var mu sync.Mutex
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		seen = append(seen, r.Method+" key="+r.Header.Get("Idempotency-Key")+" body="+string(b))
		mu.Unlock()
		w.WriteHeader(http.StatusInternalServerError)
	}))
	t.Cleanup(srv.Close)
	return srv, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

func fastRetryClient() *retryablehttp.Client {
	c := retryablehttp.NewClient()
	c.Logger = nil
	// Only the waits are shortened; RetryMax and CheckRetry keep the
	// defaults the rule is about.
	c.RetryWaitMin, c.RetryWaitMax = time.Millisecond, 2*time.Millisecond
	return c
}

// library-retries-non-idempotent: go-retryablehttp's default policy
// sends a POST five times to an always-500 server (RetryMax 4).
func TestProofRetryableHTTPPostFiveTimes(t *testing.T) {
	srv, seen := alwaysFailing(t)
	c := fastRetryClient()
	if c.RetryMax != 4 {
		t.Fatalf("NewClient RetryMax = %d, want the documented default 4", c.RetryMax)
	}
	resp, err := c.Post(srv.URL, "application/json", []byte(`{"order":1}`))
	if err == nil {
		resp.Body.Close()
		t.Fatalf("want an error after giving up")
	}
	got := seen()
	if len(got) != 5 {
		t.Fatalf("server saw %d POSTs, want 5: %q", len(got), got)
	}
	for _, s := range got {
		if s != `POST key= body={"order":1}` {
			t.Errorf("request %q: want the same POST body each time", s)
		}
	}

	// The fix the message suggests: an idempotency key lets the server
	// recognise the repeats as one operation.
	srv2, seen2 := alwaysFailing(t)
	req, _ := retryablehttp.NewRequest(http.MethodPost, srv2.URL, []byte(`{"order":1}`))
	req.Header.Set("Idempotency-Key", "order-1")
	if resp, err := c.Do(req); err == nil {
		resp.Body.Close()
	}
	keys := map[string]int{}
	for _, s := range seen2() {
		keys[s]++
	}
	if len(keys) != 1 || keys[`POST key=order-1 body={"order":1}`] != 5 {
		t.Errorf("with a key: %v, want 5 repeats of one keyed request", keys)
	}

	// Or no retries for the non-idempotent call: it is sent once.
	srv3, seen3 := alwaysFailing(t)
	c.RetryMax = 0
	if resp, err := c.Post(srv3.URL, "application/json", []byte(`{"order":1}`)); err == nil {
		resp.Body.Close()
	}
	if n := len(seen3()); n != 1 {
		t.Errorf("RetryMax 0: server saw %d POSTs, want 1", n)
	}
}

// consumed-body-resend: the same request with an opaque body, re-sent
// after a failure, reaches the server with an empty body; rebuilt, it
// arrives intact.
func TestProofConsumedBodyResend(t *testing.T) {
	srv, seen := alwaysFailing(t)
	c := &http.Client{Timeout: 5 * time.Second}

	req, _ := http.NewRequest(http.MethodPut, srv.URL, io.MultiReader(strings.NewReader("payload")))
	for i := 0; i < 2; i++ { // the flagged shape
		resp, err := c.Do(req)
		if err != nil {
			t.Fatalf("attempt %d: %v", i, err)
		}
		resp.Body.Close()
	}
	got := seen()
	if len(got) != 2 || got[0] != "PUT key= body=payload" || got[1] != "PUT key= body=" {
		t.Fatalf("server saw %q, want the payload and then an empty body", got)
	}

	// In-memory bodies fail loudly instead once the connection is not
	// reused: "ContentLength=7 with Body length 0".
	nc := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	req2, _ := http.NewRequest(http.MethodPut, srv.URL, strings.NewReader("payload"))
	resp, err := nc.Do(req2)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	_, err = nc.Do(req2)
	if err == nil || !strings.Contains(err.Error(), "ContentLength=7 with Body length 0") {
		t.Fatalf("second send of a consumed strings.Reader body: err = %v, want ContentLength=7 with Body length 0", err)
	}

	// The fix: rebuild the request (and its body) inside the loop.
	srv2, seen2 := alwaysFailing(t)
	for i := 0; i < 2; i++ {
		req, _ := http.NewRequest(http.MethodPut, srv2.URL, io.MultiReader(strings.NewReader("payload")))
		resp, err := c.Do(req)
		if err != nil {
			t.Fatalf("attempt %d: %v", i, err)
		}
		resp.Body.Close()
	}
	for _, s := range seen2() {
		if s != "PUT key= body=payload" {
			t.Errorf("rebuilt request: server saw %q, want the payload", s)
		}
	}
}

// consumed-body-resend, reused reader: a *bytes.Reader made once and
// wrapped in a new request on each attempt (cloudflare-go v0.34.0's
// makeRequest) reaches the server intact once, then empty: the new
// request takes the reader's remaining length, 0.
func TestProofReusedReaderResend(t *testing.T) {
	srv, seen := alwaysFailing(t)
	c := &http.Client{Timeout: 5 * time.Second}
	body := bytes.NewReader([]byte("payload"))
	for i := 0; i < 2; i++ { // the flagged shape
		req, _ := http.NewRequest(http.MethodPut, srv.URL, body)
		resp, err := c.Do(req)
		if err != nil {
			t.Fatalf("attempt %d: %v", i, err)
		}
		resp.Body.Close()
	}
	if got := seen(); len(got) != 2 || got[0] != "PUT key= body=payload" || got[1] != "PUT key= body=" {
		t.Fatalf("server saw %q, want the payload and then an empty body", got)
	}
}

// failingTransport fails every request until it has seen n of them.
type failingTransport struct {
	n, calls int64
}

func (f *failingTransport) RoundTrip(*http.Request) (*http.Response, error) {
	if atomic.AddInt64(&f.calls, 1) < f.n {
		return nil, errors.New("stream was reset: CANCEL")
	}
	return &http.Response{StatusCode: 200, Body: io.NopCloser(bytes.NewReader(nil)), Header: http.Header{}}, nil
}

// unbounded-loop and no-backoff: incident 000's loop shape keeps sending
// as fast as it can for as long as the failure lasts; the bounded loop
// with a backoff and a context stops.
func TestProofUnboundedTightLoop(t *testing.T) {
	ft := &failingTransport{n: 10000}
	c := &http.Client{Transport: ft}
	req, _ := http.NewRequest(http.MethodGet, "http://127.0.0.1:1/fences", nil)
	start := time.Now()
	for { // the flagged shape
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			break
		}
	}
	if ft.calls != 10000 {
		t.Fatalf("calls = %d, want 10000", ft.calls)
	}
	t.Logf("10000 attempts in %v with no pause between them", time.Since(start))

	// Fixed: a counter, a backoff and a context bound it.
	ft2 := &failingTransport{n: 10000}
	c2 := &http.Client{Transport: ft2}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	req2, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://127.0.0.1:1/fences", nil)
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c2.Do(req2)
		if err == nil {
			resp.Body.Close()
			break
		}
		select {
		case <-ctx.Done():
		case <-time.After(time.Duration(1<<attempt) * time.Millisecond):
		}
	}
	if ft2.calls != 3 {
		t.Errorf("bounded loop: calls = %d, want 3", ft2.calls)
	}
}

// sleep-ignores-context: a retry loop that waits with time.Sleep keeps
// waiting after the request's context is cancelled; one that selects on
// ctx.Done() and a timer returns at once.
func TestProofSleepIgnoresContext(t *testing.T) {
	srv, _ := alwaysFailing(t)
	const backoffWait = 300 * time.Millisecond
	retry := func(ctx context.Context, interruptible bool) time.Duration {
		start := time.Now()
		for attempt := 0; attempt < 3; attempt++ {
			req, _ := http.NewRequestWithContext(ctx, http.MethodGet, srv.URL, nil)
			resp, err := http.DefaultClient.Do(req)
			if err == nil {
				resp.Body.Close()
			}
			if ctx.Err() != nil {
				break
			}
			if interruptible {
				select {
				case <-ctx.Done():
				case <-time.After(backoffWait):
				}
			} else {
				time.Sleep(backoffWait) // the flagged wait
			}
			if ctx.Err() != nil {
				break
			}
		}
		return time.Since(start)
	}
	cancelSoon := func() context.Context {
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		time.AfterFunc(20*time.Millisecond, cancel)
		return ctx
	}
	if d := retry(cancelSoon(), false); d < backoffWait {
		t.Fatalf("time.Sleep loop returned %v after a cancel at 20ms, want it to wait out the %v backoff", d, backoffWait)
	}
	if d := retry(cancelSoon(), true); d >= backoffWait {
		t.Errorf("select loop returned after %v, want it to stop at the cancel (20ms)", d)
	}
}

// non-idempotent-retry: a loop that re-sends a POST after a client
// timeout makes the server act twice when the first attempt reached it;
// an idempotency key lets the server act once.
func TestProofNonIdempotentRetry(t *testing.T) {
	var mu sync.Mutex
	charges := 0
	keys := make(map[string]bool)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		k := r.Header.Get("Idempotency-Key")
		if k == "" || !keys[k] {
			charges++ // the side effect happens
			if k != "" {
				keys[k] = true
			}
		}
		first := charges == 1 && (k == "" || len(keys) == 1)
		mu.Unlock()
		if first {
			// The first answer is lost: slower than the client waits.
			time.Sleep(200 * time.Millisecond)
		}
		w.WriteHeader(http.StatusOK)
	}))
	t.Cleanup(srv.Close)
	post := func(key string) {
		c := &http.Client{Timeout: 50 * time.Millisecond}
		for attempt := 0; attempt < 3; attempt++ {
			req, _ := http.NewRequest(http.MethodPost, srv.URL+"/charge", nil)
			if key != "" {
				req.Header.Set("Idempotency-Key", key)
			}
			resp, err := c.Do(req)
			if err == nil {
				resp.Body.Close()
				return
			}
			time.Sleep(250 * time.Millisecond)
		}
	}
	post("")
	mu.Lock()
	got := charges
	mu.Unlock()
	if got != 2 {
		t.Fatalf("without a key the server charged %d times, want 2 (the timed-out attempt and the retry)", got)
	}
	mu.Lock()
	charges = 0
	mu.Unlock()
	post("charge-1")
	mu.Lock()
	defer mu.Unlock()
	if charges != 1 {
		t.Errorf("with an idempotency key the server charged %d times, want 1", charges)
	}
}

// library-unbounded: cenkalti/backoff v4's Retry with a ZeroBackOff stops
// only when the operation succeeds; WithMaxRetries bounds it.
func TestProofLibraryUnbounded(t *testing.T) {
	var calls int64
	const limit = 5000
	op := func() error {
		if atomic.AddInt64(&calls, 1) >= limit {
			// Stop the proof itself: nothing in the configuration would.
			return backoff.Permanent(errors.New("still failing"))
		}
		return errors.New("server unavailable")
	}
	if err := backoff.Retry(op, &backoff.ZeroBackOff{}); err == nil {
		t.Fatal("want the permanent error")
	}
	if calls != limit {
		t.Fatalf("ZeroBackOff: %d calls, want %d (it never gives up by itself)", calls, limit)
	}
	calls = 0
	if err := backoff.Retry(op, backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 3)); err == nil {
		t.Fatal("want the last error")
	}
	if calls != 4 {
		t.Errorf("WithMaxRetries(3): %d calls, want 4", calls)
	}
}

// nested-retry: a go-retryablehttp client (5 attempts) inside a loop of
// 3 attempts sends 15 requests for one call.
func TestProofNestedRetry(t *testing.T) {
	srv, seen := alwaysFailing(t)
	c := fastRetryClient()
	for attempt := 0; attempt < 3; attempt++ {
		resp, err := c.Get(srv.URL)
		if err == nil {
			resp.Body.Close()
			break
		}
	}
	if n := len(seen()); n != 15 {
		t.Errorf("server saw %d requests, want 3 × 5 = 15", n)
	}
}
