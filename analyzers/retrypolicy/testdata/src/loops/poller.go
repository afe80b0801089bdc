package loops

import (
	"context"
	"net/http"
	"time"
)

// discoverForever is a discoverer's lifetime loop: on success it waits for the
// next tick and polls again, on an error it waits and polls again; only
// the context's end leaves it. A poller, not a retry (prometheus'
// custom service discovery example).
func discoverForever(ctx context.Context, c *http.Client, u string, out chan<- int) {
	for tick := time.Tick(time.Minute); ; {
		resp, err := c.Get(u)
		if err != nil {
			time.Sleep(time.Minute)
			continue
		}
		resp.Body.Close()
		out <- resp.StatusCode
		select {
		case <-tick:
			continue
		case <-ctx.Done():
			return
		}
	}
}

// retryUntilDone leaves on success: a retry, whose only other bound is
// the context.
func retryUntilDone(ctx context.Context, c *http.Client, u string) (*http.Response, error) {
	for {
		resp, err := c.Get(u)
		if err == nil {
			return resp, nil
		}
		select {
		case <-time.After(time.Second):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}
