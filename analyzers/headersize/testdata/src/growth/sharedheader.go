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

// Request tries each host in turn with a request built on the shared
// map: every attempt, and every call, adds another value.
func (t *sharedTransport) Request(hosts []string, body []byte, gzip bool) error {
	var err error
	for _, h := range hosts {
		var req *http.Request
		req, err = buildSharedRequest("https://"+h+"/1/indexes", body, t.headers, gzip)
		if err != nil {
			return err
		}
		var resp *http.Response
		resp, err = t.hc.Do(req)
		if err == nil {
			return resp.Body.Close()
		}
	}
	return err
}

func buildSharedRequest(u string, body []byte, headers http.Header, gzip bool) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header = headers
	if gzip {
		req.Header.Add("Content-Encoding", "gzip") // want `Header.Add\("Content-Encoding"\) appends to the field headers, shared by every request; use Header.Set or Clone the map`
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

// apiRequest is built anew for every call (nomad's request): its header
// map is its own, and one Add per request does not grow it.
type apiRequest struct {
	url    string
	header http.Header
}

func newAPIRequest(u string) *apiRequest {
	return &apiRequest{url: u, header: make(http.Header)}
}

func (r *apiRequest) toHTTP() (*http.Request, error) {
	req, err := http.NewRequest(http.MethodGet, r.url, nil)
	if err != nil {
		return nil, err
	}
	req.Header = r.header
	req.Header.Add("Accept-Encoding", "gzip")
	return req, nil
}

func (t *sharedTransport) Query(u string) error {
	req, err := newAPIRequest(u).toHTTP()
	if err != nil {
		return err
	}
	resp, err := t.hc.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A client's custom headers become every request's map, one request per
// call (postfinance/httpclient v0.1.5's NewRequest with WithHeader):
// each call adds another Content-Type and Accept line to the client's
// map.
type optionsClient struct {
	client *http.Client
	header http.Header
}

func (c *optionsClient) newRequest(u string, body []byte) (*http.Request, error) {
	req, err := http.NewRequest(http.MethodPost, u, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	if c.header != nil {
		req.Header = c.header
	}
	req.Header.Add("Content-Type", "application/json") // want `Header.Add\("Content-Type"\) appends to the field header, shared by every request; use Header.Set or Clone the map`
	req.Header.Add("Accept", "application/json")       // related `Header.Add\("Accept"\) appends to the same map here`
	return req, nil
}

func (c *optionsClient) Post(u string, body []byte) error {
	req, err := c.newRequest(u, body)
	if err != nil {
		return err
	}
	resp, err := c.client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
