// Package commaok tunes http.DefaultTransport through a comma-ok type
// assertion, which must not hide the per-call Clone elsewhere.
package commaok

import (
	"net/http"
	"time"
)

func init() {
	if t, ok := http.DefaultTransport.(*http.Transport); ok {
		t.MaxIdleConnsPerHost = 10
	}
}

func Fetch(u string) error {
	c := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: 10 * time.Second} // want `\(\*http.Transport\).Clone\(\) creates a new pool per call of Fetch; create it once and reuse it`
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// The comma-ok assertion as the base of the per-call Clone.
func FetchChecked(u string) error {
	t, ok := http.DefaultTransport.(*http.Transport)
	if !ok {
		return nil
	}
	c := &http.Client{Transport: t.Clone(), Timeout: 10 * time.Second} // want `\(\*http.Transport\).Clone\(\) creates a new pool per call of FetchChecked; create it once and reuse it`
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// FetchAll calls both per URL: a new pool per request, whatever its
// IdleConnTimeout.
func FetchAll(urls []string) {
	for _, u := range urls {
		Fetch(u)
		FetchChecked(u)
	}
}

// A transport the caller hands in: what it is, is the caller's.
func FetchWith(rt http.RoundTripper, u string) error {
	t, ok := rt.(*http.Transport)
	if !ok {
		return nil
	}
	c := &http.Client{Transport: t, Timeout: 10 * time.Second}
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
