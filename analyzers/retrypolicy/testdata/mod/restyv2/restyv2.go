// Package restyv2 holds resty v2 cases.
package restyv2

import (
	"bytes"

	"github.com/go-resty/resty/v2"
)

func retriedPost(u string) error {
	c := resty.New().SetRetryCount(3)
	_, err := c.R().SetBody(map[string]string{"a": "b"}).Post(u) // want `resty v2 sends this POST up to 4 times with no Idempotency-Key header; set one`
	return err
}

func separateStatements(u string) error {
	c := resty.New()
	c.SetRetryCount(2)
	req := c.R()
	req.SetBody([]byte("x"))
	_, err := req.Patch(u) // want `resty v2 sends this PATCH up to 3 times with no Idempotency-Key header; set one`
	return err
}

func execute(u string) error {
	c := resty.New().SetRetryCount(1)
	_, err := c.R().Execute("POST", u) // want `resty v2 sends this POST up to 2 times with no Idempotency-Key header; set one`
	return err
}

func withKey(u, key string) error {
	c := resty.New().SetRetryCount(3)
	_, err := c.R().SetHeader("Idempotency-Key", key).Post(u)
	return err
}

func clientKey(u, key string) error {
	c := resty.New().SetRetryCount(3).SetHeader("X-Idempotency-Key", key)
	_, err := c.R().Post(u)
	return err
}

func noRetry(u string) error {
	c := resty.New()
	_, err := c.R().Post(u)
	return err
}

func condition(u string) error {
	c := resty.New().SetRetryCount(3).AddRetryCondition(func(r *resty.Response, err error) bool {
		return r.Request.Method == "GET"
	})
	_, err := c.R().Post(u)
	return err
}

func get(u string) error {
	c := resty.New().SetRetryCount(3)
	_, err := c.R().Get(u)
	return err
}

var _ = bytes.NewReader
