package growth

import (
	"bytes"
	"net/http"
)

// sharedTransport keeps default headers that every request starts from
// (algolia's transport.headers).
type sharedTransport struct {
	headers http.Header
	hc      *http.Client
}

func (t *sharedTransport) Request(u string, body []byte, gzip bool) error {
	req, err := buildSharedRequest(u, body, t.headers, gzip)
	if err != nil {
		return err
	}
	resp, err := t.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func buildSharedRequest(u string, body []byte, headers http.Header, gzip bool) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header = headers
	if gzip {
		req.Header.Add("Content-Encoding", "gzip") // want `Header.Add appends to the field headers, a header map shared by every request: each call adds one more Content-Encoding header line`
	}
	return req, nil
}

// Cloned gives the request its own copy: Add is fine.
func (t *sharedTransport) Cloned(u string) error {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header = t.headers.Clone()
	req.Header.Add("Accept", "application/json")
	resp, err := t.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Set replaces the value: the shared map does not grow.
func (t *sharedTransport) Set(u string) error {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header = t.headers
	req.Header.Set("Accept", "application/json")
	resp, err := t.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
