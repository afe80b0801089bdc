// Package options is analysed with idempotency-headers=X-Request-Id and
// include-tests.
package options

import (
	"context"
	"net/http"
	"time"
)

func wait(ctx context.Context) {
	select {
	case <-ctx.Done():
	case <-time.After(time.Second):
	}
}

func customKey(ctx context.Context, c *http.Client, u, id string) {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		req.Header.Set("x-request-id", id)
		resp, err := c.Do(req)
		if err == nil {
			resp.Body.Close()
			return
		}
		wait(ctx)
	}
}

// The default key no longer counts.
func defaultKey(ctx context.Context, c *http.Client, u, id string) {
	for i := 0; i < 3; i++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
		req.Header.Set("Idempotency-Key", id)
		resp, err := c.Do(req) // want `this loop re-sends a POST request with no X-Request-Id header; set one or do not retry it`
		if err == nil {
			resp.Body.Close()
			return
		}
		wait(ctx)
	}
}
