// Package incident001 is the Go twin of incident 001: a read timeout
// made the client library silently call the service again (Ribbon's
// default MaxAutoRetriesNextServer: 1), so a slow call with side effects
// ran twice.
//
// In Go the same thing happens when a retrying client, or a hand-written
// loop, re-sends a POST after a timeout: go-retryablehttp's default
// policy retries every method, and a timeout says nothing about whether
// the server already acted.
package incident001

import (
	"bytes"
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

var platform = retryablehttp.NewClient()

func init() {
	platform.HTTPClient.Timeout = 5 * time.Second // feign readTimeout=5000
}

// RecordLogin posts a login event to the platform service. A response
// slower than 5 s fails the attempt and the client posts it again: the
// event is recorded up to five times.
func RecordLogin(ctx context.Context, url string, event []byte) error {
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, url, event)
	if err != nil {
		return err
	}
	resp, err := platform.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// RecordLoginNextServer is the hand-written form of Ribbon's
// "try the next server once": after a timeout it posts again.
func RecordLoginNextServer(ctx context.Context, c *http.Client, url string, event []byte) error {
	var err error
	for attempt := 0; attempt < 2; attempt++ {
		var req *http.Request
		req, err = http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(event))
		if err != nil {
			return err
		}
		var resp *http.Response
		resp, err = c.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return err
}
