// Package heimdall holds heimdall v7 cases.
package heimdall

import (
	"bytes"
	"net/http"
	"time"

	"github.com/gojek/heimdall/v7/httpclient"
)

func retried(u string, body []byte) error {
	c := httpclient.NewClient(httpclient.WithHTTPTimeout(time.Second), httpclient.WithRetryCount(2))
	resp, err := c.Post(u, bytes.NewReader(body), nil) // want `heimdall sends this POST up to 3 times with no Idempotency-Key header; set one`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func withKey(u string, body []byte, key string) error {
	c := httpclient.NewClient(httpclient.WithRetryCount(2))
	h := http.Header{}
	h.Set("Idempotency-Key", key)
	resp, err := c.Post(u, bytes.NewReader(body), h)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func noRetry(u string, body []byte) error {
	c := httpclient.NewClient(httpclient.WithHTTPTimeout(time.Second))
	resp, err := c.Post(u, bytes.NewReader(body), nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func do(u string) error {
	c := httpclient.NewClient(httpclient.WithRetryCount(3))
	req, _ := http.NewRequest(http.MethodPatch, u, nil)
	resp, err := c.Do(req) // want `heimdall sends this PATCH up to 4 times with no Idempotency-Key header; set one`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
