package requestbody

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

// A retrier that retries by recursion, as Fern-generated SDKs do
// (cohere-go v2.16.0): run sends the request through a function value,
// asks a predicate on the response whether to retry, and calls itself
// with the same request, whose body the first attempt consumed.
type SendFunc func(*http.Request) (*http.Response, error)

type Retrier struct{ attempts uint }

func (r *Retrier) Run(fn SendFunc, request *http.Request) (*http.Response, error) {
	return r.run(fn, request, 0)
}

func (r *Retrier) run(fn SendFunc, request *http.Request, attempt uint) (*http.Response, error) {
	if attempt >= r.attempts {
		return nil, nil
	}
	if err := request.Context().Err(); err != nil {
		return nil, err
	}
	response, err := fn(request) // want `the retry re-sends a request whose \*bytes.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
	if err != nil {
		return nil, err
	}
	if r.shouldRetry(response) {
		response.Body.Close()
		select {
		case <-request.Context().Done():
			return nil, request.Context().Err()
		case <-time.After(time.Second):
		}
		return r.run(fn, request, attempt+1)
	}
	return response, nil
}

// shouldRetry judges the response by its status.
func (r *Retrier) shouldRetry(response *http.Response) bool {
	return response.StatusCode == http.StatusTooManyRequests ||
		response.StatusCode >= http.StatusInternalServerError
}

// runRewound gives the request its body back before every attempt but
// the first.
func (r *Retrier) runRewound(fn SendFunc, request *http.Request, attempt uint) (*http.Response, error) {
	if attempt >= r.attempts {
		return nil, nil
	}
	if attempt > 0 && request.GetBody != nil {
		body, err := request.GetBody()
		if err != nil {
			return nil, err
		}
		request.Body = body
	}
	response, err := fn(request)
	if err != nil {
		return nil, err
	}
	if r.shouldRetry(response) {
		response.Body.Close()
		select {
		case <-request.Context().Done():
			return nil, request.Context().Err()
		case <-time.After(time.Second):
		}
		return r.runRewound(fn, request, attempt+1)
	}
	return response, nil
}

type Caller struct {
	client  *http.Client
	retrier *Retrier
}

func (c *Caller) Call(ctx context.Context, data []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, "POST", "https://api.example.com/x", bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	if len(data) > 1<<20 {
		return c.retrier.runRewound(c.client.Do, req, 0)
	}
	return c.retrier.Run(c.client.Do, req)
}
