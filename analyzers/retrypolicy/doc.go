// Package retrypolicy defines an Analyzer that reports HTTP retries that
// never stop, hammer the server, or duplicate side effects.
//
// # Analyzer retrypolicy
//
// retrypolicy: report HTTP retry loops and retry libraries that never stop, never wait, or repeat non-idempotent requests
//
// A retry loop is a loop whose body sends an HTTP request (net/http,
// go-retryablehttp, resty v2 and v3, heimdall, failsafehttp) and whose
// back edge is reachable from the failure path of that request: an
// error, or a status test such as >= 500, == 429 or != 200. Loops are
// found in the SSA control-flow graph, not by name: continue, goto and
// loop-until-success shapes all count. A loop whose success path never
// leaves it (a poller, a stream reconnect loop, one that leaves only
// when its context is cancelled), or that sends something
// different on the next iteration (a page, an item, a host), is not a
// retry loop. The send may be behind a helper of the package that sends
// the request it receives, an interface (RoundTrip, Do), or a function
// value that returns an *http.Response or that the package's callers
// pass as a sender.
//
//	for {
//		resp, err := c.Do(req) // unbounded-loop, no-backoff
//		if err == nil {
//			break
//		}
//	}
//
// Rules, each reported with its slug as the diagnostic category:
//
// unbounded-loop: the retry loop has no exit that bounds the attempts:
// no counter compared with a bound, no ctx.Done()/ctx.Err() check, no
// deadline or elapsed-time test.
//
// no-backoff: nothing waits between attempts (no time.Sleep, timer,
// ticker, select, or backoff library call), or the only wait is a select
// whose ctx.Done() case goes on to the next attempt.
//
// sleep-ignores-context: the loop waits with time.Sleep (or a bare timer
// receive) although a context is available: cancellation is ignored for
// the whole backoff. Select on ctx.Done() and a timer instead.
//
// non-idempotent-retry: the loop re-sends a POST or PATCH request that
// carries no Idempotency-Key or X-Idempotency-Key header after the send
// failed without a response (a loop that retries only on a status the
// server sent is not reported).
//
// consumed-body-resend: the same *http.Request (or the same body reader
// of http.Post) is sent again after the first attempt consumed its body,
// or a reader made before the loop is wrapped in a new request on each
// attempt: the retry sends an empty body or fails with "ContentLength=N
// with Body length 0".
//
// library-unbounded: a retry library is configured to retry forever:
// retry-go Attempts(0) or UntilSucceeded(); backoff v4 MaxElapsedTime 0,
// ZeroBackOff or ConstantBackOff without WithMaxRetries; backoff v5
// WithMaxElapsedTime(0) without WithMaxTries; go-retry backoffs without
// WithMaxRetries or WithMaxDuration; failsafe-go WithMaxRetries(-1) or
// WithMaxAttempts(-1) without WithMaxDuration. A context with a deadline
// that the library honours excuses it.
//
// library-retries-non-idempotent: a retrying client sends a POST or
// PATCH without an idempotency key: go-retryablehttp with its default
// CheckRetry, resty v2 with SetRetryCount(n > 0), resty v3 with
// SetRetryAllowNonIdempotent(true), heimdall with WithRetryCount(n > 0),
// failsafehttp with a retry policy.
//
// nested-retry: a retrying client or retry library call inside another
// retry: attempts multiply (the product is given when both are known).
//
// The analyzer reports only what it can prove: an unknown method, a
// client or policy it cannot follow, or a loop exit it cannot classify
// means silence.
//
// Options:
//
//	-retrypolicy.include-tests        also report in test code (_test.go files, test support)
//	-retrypolicy.idempotency-headers  comma-separated header names that make
//	                                  a request safe to retry (default
//	                                  Idempotency-Key,X-Idempotency-Key)
//
// Suppress one finding with a reason:
//
//	//httplint:ignore retrypolicy/no-backoff the server is local and the loop is bounded by the caller
package retrypolicy
