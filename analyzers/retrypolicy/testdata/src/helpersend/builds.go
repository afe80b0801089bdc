package helpersend

import (
	"bytes"
	"context"
	"net/http"
	"time"
)

type api struct{ hc *http.Client }

// request builds and sends a request from its arguments.
func (a *api) request(ctx context.Context, method, uri string, body []byte) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, method, uri, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	return a.hc.Do(req)
}

// makeRequest retries the helper: the same method, URL and body each
// time, and a sleep the caller's context does not interrupt.
func (a *api) makeRequest(ctx context.Context, uri string, body []byte) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		if i > 0 {
			time.Sleep(5 * time.Second) // want `time.Sleep in this retry loop ignores ctx; select on ctx.Done\(\) and a timer`
		}
		resp, err = a.request(ctx, http.MethodGet, uri, body)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
	}
	return resp, err
}

// fetchAll calls the helper once per URL: not a retry.
func (a *api) fetchAll(ctx context.Context, uris []string) {
	for _, u := range uris {
		resp, err := a.request(ctx, http.MethodGet, u, nil)
		if err != nil {
			continue
		}
		resp.Body.Close()
		time.Sleep(time.Second)
	}
}
