package loops

import (
	"context"
	"net/http"
	"time"
)

// Loops whose success path sets the value the loop condition tests: the
// attempt's success ends the loop at its next test (qingstor-sdk-go
// v3.0.2's send).

func flagCounter(ctx context.Context, c *http.Client, req *http.Request, retries int) (*http.Response, error) {
	var resp *http.Response
	var err error
	retries++
	for {
		if retries > 0 {
			resp, err = c.Do(req.WithContext(ctx))
			if err == nil {
				retries = 0
			} else {
				retries--
				time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores ctx; select on ctx.Done\(\) and a timer`
			}
		} else {
			break
		}
	}
	return resp, err
}

func flagDone(ctx context.Context, c *http.Client, req *http.Request) (resp *http.Response, err error) {
	done := false
	for !done {
		resp, err = c.Do(req.WithContext(ctx)) // want `this loop retries \(\*http.Client\).Do with no bound; cap the attempts or check a context`
		if err == nil {
			done = true
		} else {
			time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores ctx; select on ctx.Done\(\) and a timer`
		}
	}
	return resp, err
}

// A poller: success sets a value that keeps the loop going.
func pollWithFlag(ctx context.Context, c *http.Client, req *http.Request) {
	remaining := 3
	for remaining > 0 {
		resp, err := c.Do(req.WithContext(ctx))
		if err == nil {
			resp.Body.Close()
			remaining = 5
		} else {
			remaining--
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// A failure that continues straight to the loop's test still counts the
// attempt.
func continueCounter(c *http.Client, req *http.Request) (*http.Response, error) {
	attempts := 0
	for attempts < 3 {
		attempts++
		resp, err := c.Do(req)
		if err != nil {
			time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores the request's context; select on req.Context\(\).Done\(\) and a timer`
			continue
		}
		return resp, nil
	}
	return nil, nil
}

func continueHeader(c *http.Client, req *http.Request) (*http.Response, error) {
	attempts := 0
	for attempts < 3 {
		resp, err := c.Do(req) // want `this loop retries \(\*http.Client\).Do immediately; add a backoff between attempts`
		attempts++
		if err != nil {
			continue
		}
		return resp, nil
	}
	return nil, nil
}
