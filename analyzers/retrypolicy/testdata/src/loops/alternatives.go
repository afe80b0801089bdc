package loops

import (
	"context"
	"errors"
	"net/http"
	"net/url"
)

// Alternatives: one request object pointed at another URL on each
// iteration (go-task's remote Taskfile lookup, req.URL = u.JoinPath(name)
// for each default name) tries each URL once: the loop moves on, it does
// not retry.

var defaultNames = []string{"Taskfile.yml", "taskfile.yml", "Taskfile.yaml"}

func findTaskfile(ctx context.Context, c *http.Client, u *url.URL) (*url.URL, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, u.String(), nil)
	if err != nil {
		return nil, err
	}
	for _, name := range defaultNames {
		alt := u.JoinPath(name)
		req.URL = alt
		resp, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return alt, nil
		}
	}
	return nil, errors.New("no Taskfile found")
}

// The URL stored back is the same on every attempt: a retry.
func headUntilOK(c *http.Client, u *url.URL) error {
	req, err := http.NewRequest(http.MethodHead, u.String(), nil)
	if err != nil {
		return err
	}
	for i := 0; i < 5; i++ { // want `this loop retries \(\*http.Client\).Do immediately; add a backoff between attempts`
		req.URL = u
		resp, err := c.Do(req)
		if err != nil {
			continue
		}
		resp.Body.Close()
		if resp.StatusCode == http.StatusOK {
			return nil
		}
	}
	return errors.New("not ready")
}

// A request made in the loop whose query it edits the same way each time
// (aiven's limit=999 on every new request) is the same request: a retry.
func getWithLimit(c *http.Client, u string) error {
	for i := 0; i < 3; i++ { // want `this loop retries \(\*http.Client\).Do immediately; add a backoff between attempts`
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			return err
		}
		q := req.URL.Query()
		q.Add("limit", "999")
		req.URL.RawQuery = q.Encode()
		resp, err := c.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			continue
		}
		return nil
	}
	return nil
}
