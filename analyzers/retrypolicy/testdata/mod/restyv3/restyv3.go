// Package restyv3 holds resty v3 cases: non-idempotent methods are not
// retried unless SetRetryAllowNonIdempotent(true).
package restyv3

import "resty.dev/v3"

func gated(u string) error {
	c := resty.New().SetRetryCount(3)
	defer c.Close()
	_, err := c.R().Post(u)
	return err
}

func allowed(u string) error {
	c := resty.New().SetRetryCount(3).SetRetryAllowNonIdempotent(true)
	defer c.Close()
	_, err := c.R().SetBody("x").Post(u) // want `resty v3 sends this POST up to 4 times \(SetRetryAllowNonIdempotent\) with no Idempotency-Key header; set one`
	return err
}

func allowedOnRequest(u string) error {
	c := resty.New().SetRetryCount(2)
	defer c.Close()
	_, err := c.R().SetRetryAllowNonIdempotent(true).Patch(u) // want `resty v3 sends this PATCH up to 3 times \(SetRetryAllowNonIdempotent\) with no Idempotency-Key header; set one`
	return err
}

func allowedWithKey(u, key string) error {
	c := resty.New().SetRetryCount(3).SetRetryAllowNonIdempotent(true)
	defer c.Close()
	_, err := c.R().SetHeader("Idempotency-Key", key).Post(u)
	return err
}

func allowedNoRetry(u string) error {
	c := resty.New().SetRetryAllowNonIdempotent(true)
	defer c.Close()
	_, err := c.R().Post(u)
	return err
}
