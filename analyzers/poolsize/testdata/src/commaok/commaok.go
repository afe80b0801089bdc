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
