// Package incident002 is the Go twin of incident 002: calls to a bank's
// online API took up to 455 s, the per-route pool (2 connections) was
// exhausted and callers queued for a connection with no timeout, while
// the only timeout configured bounded the gap between packets, not the
// call.
package incident002

import (
	"bytes"
	"io"
	"net/http"
	"sync"
	"time"
)

// InstitutionClient calls the institution's online API.
type InstitutionClient struct {
	http    *http.Client
	baseURL string
}

// NewInstitutionClient mirrors the incident's pool settings: a per-route
// cap and a "socket timeout" that was believed to bound each call.
func NewInstitutionClient(baseURL string) *InstitutionClient {
	transport := &http.Transport{
		MaxConnsPerHost:       2,                // the per-route limit of the incident
		ResponseHeaderTimeout: 25 * time.Second, // believed to bound the whole call
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
	}
	return &InstitutionClient{
		http:    &http.Client{Transport: transport}, // no Timeout
		baseURL: baseURL,
	}
}

// Query sends one query; nothing bounds the wait for a pooled connection
// or the read of the response body.
func (c *InstitutionClient) Query(payload []byte) ([]byte, error) {
	req, err := http.NewRequest(http.MethodPost, c.baseURL+"/query", bytes.NewReader(payload))
	if err != nil {
		return nil, err
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}

// Status reads a status document with a plain GET through the same
// client.
func (c *InstitutionClient) Status() (int, error) {
	resp, err := c.http.Get(c.baseURL + "/status")
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// Notify reports to a partner through a client that sets only a header
// timeout: a server that stalls while streaming the body blocks forever.
func Notify(url string, body []byte) error {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.ResponseHeaderTimeout = 25 * time.Second
	client := &http.Client{Transport: t}
	resp, err := client.Post(url, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	_, err = io.Copy(io.Discard, resp.Body)
	return err
}

// Serve handles the service's own traffic: every request fans out to the
// institution concurrently.
func Serve(c *InstitutionClient, payloads [][]byte) {
	var wg sync.WaitGroup
	for _, p := range payloads {
		wg.Add(1)
		go func(p []byte) {
			defer wg.Done()
			c.Query(p)
		}(p)
	}
	wg.Wait()
}
