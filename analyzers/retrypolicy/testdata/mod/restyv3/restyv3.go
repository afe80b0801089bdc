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
	_, err := c.R().SetBody("x").Post(u) // want `resty v3 client retries this POST request \(up to 4 attempts, SetRetryAllowNonIdempotent\(true\) lifts resty v3's idempotent-only default\)`
	return err
}

func allowedOnRequest(u string) error {
	c := resty.New().SetRetryCount(2)
	defer c.Close()
	_, err := c.R().SetRetryAllowNonIdempotent(true).Patch(u) // want `resty v3 client retries this PATCH request \(up to 3 attempts`
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
