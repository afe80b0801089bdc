// Package operations holds retry loops whose attempt is a function
// value: an operation that returns an HTTP response, a function its
// callers pass that sends, or a goroutine's closure.
package operations

import (
	"context"
	"errors"
	"net/http"
	"time"
)

// Response is what every operation returns (OCI's OCIResponse).
type Response interface {
	HTTPResponse() *http.Response
}

// Operation performs one HTTP call.
type Operation func(ctx context.Context, req any) (Response, error)

// Retry is oci-go-sdk's common.Retry: it sleeps with time.Sleep although
// ctx is in scope.
func Retry(ctx context.Context, req any, op Operation, attempts int) (Response, error) {
	for i := 1; i <= attempts; i++ {
		resp, err := op(ctx, req)
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return resp, ctx.Err()
		default:
		}
		time.Sleep(time.Duration(i) * time.Second) // want `time.Sleep in this retry loop ignores ctx; select on ctx.Done\(\) and a timer`
	}
	return nil, errors.New("attempts exceeded")
}

// Forever retries an operation with no bound and no wait.
func Forever(ctx context.Context, req any, do func(context.Context, any) (*http.Response, error)) *http.Response {
	for { // want `this loop retries do\(\) \(returns an \*http.Response\) with no bound; cap the attempts or check a context` `this loop retries do\(\) \(returns an \*http.Response\) immediately; add a backoff between attempts`
		resp, err := do(ctx, req)
		if err == nil {
			return resp
		}
	}
}

// retry runs fn until it succeeds; its callers pass functions that send.
func retry(fn func() error) {
	for { // want `this loop retries \(\*http.Client\).Do via fn\(\) with no bound; cap the attempts or check a context`
		if err := fn(); err == nil {
			return
		}
		time.Sleep(time.Second)
	}
}

func ping(c *http.Client, u string) {
	retry(func() error {
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}

// A goroutine retries the caller's request and checks its context
// between attempts, but waits with a bare timer receive (pester).
func race(c *http.Client, req *http.Request, out chan<- *http.Response) {
	go func() {
		for i := 0; i < 3; i++ {
			resp, err := c.Do(req)
			if err == nil {
				out <- resp
				return
			}
			select {
			case <-req.Context().Done():
				return
			default:
			}
			<-time.After(5 * time.Second) // want `a bare timer receive in this retry loop ignores the request's context; select on it and req.Context\(\).Done\(\)`
		}
	}()
}

// Negative cases.

// A function value that returns no HTTP response, whose callers pass
// functions that do not send.
func until(fn func() error) {
	for i := 0; i < 5; i++ {
		if fn() == nil {
			return
		}
	}
}

func compute(n int) {
	until(func() error {
		if n%2 == 0 {
			return errors.New("odd")
		}
		return nil
	})
}

// An operation retried with a context-aware wait.
func Polite(ctx context.Context, req any, op Operation) (Response, error) {
	for i := 1; i <= 3; i++ {
		resp, err := op(ctx, req)
		if err == nil {
			return resp, nil
		}
		select {
		case <-ctx.Done():
			return resp, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return nil, errors.New("attempts exceeded")
}

// The sends are routed by a switch and the test of err comes after the
// join (pester): each send is retried.
func route(c *http.Client, method string, req *http.Request, u string) (*http.Response, error) {
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		switch method {
		case "Do":
			resp, err = c.Do(req)
		case "Get":
			resp, err = c.Get(u)
		default:
			err = errors.New("unknown method")
		}
		if err == nil {
			return resp, nil
		}
		if req != nil {
			select {
			case <-req.Context().Done():
				return nil, req.Context().Err()
			default:
			}
		}
		<-time.After(5 * time.Second) // want `a bare timer receive in this retry loop ignores the request's context; select on it and req.Context\(\).Done\(\)`
	}
	return nil, err
}
