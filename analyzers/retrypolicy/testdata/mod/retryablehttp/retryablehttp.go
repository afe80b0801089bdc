// Package retryablehttp holds go-retryablehttp cases.
package retryablehttp

import (
	"context"
	"net/http"
	"time"

	"github.com/hashicorp/go-retryablehttp"
)

func defaultPolicyPost(u string, body []byte) error {
	c := retryablehttp.NewClient()
	resp, err := c.Post(u, "application/json", body) // want `go-retryablehttp sends this POST up to 5 times with no Idempotency-Key header; set one`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func doPost(ctx context.Context, u string, body []byte) error {
	c := retryablehttp.NewClient()
	c.RetryMax = 2
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, u, body)
	if err != nil {
		return err
	}
	resp, err := c.Do(req) // want `go-retryablehttp sends this POST up to 3 times with no Idempotency-Key header; set one`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func packageHelper(u string) {
	resp, err := retryablehttp.Post(u, "text/plain", []byte("x")) // want `go-retryablehttp sends this POST up to 5 times with no Idempotency-Key header; set one`
	if err == nil {
		resp.Body.Close()
	}
}

func withKey(ctx context.Context, u string, body []byte, key string) error {
	c := retryablehttp.NewClient()
	req, err := retryablehttp.NewRequestWithContext(ctx, http.MethodPost, u, body)
	if err != nil {
		return err
	}
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func customPolicy(u string) {
	c := retryablehttp.NewClient()
	c.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) { return false, err }
	resp, err := c.Post(u, "text/plain", nil)
	if err == nil {
		resp.Body.Close()
	}
}

func noRetries(u string) {
	c := retryablehttp.NewClient()
	c.RetryMax = 0
	resp, err := c.Post(u, "text/plain", nil)
	if err == nil {
		resp.Body.Close()
	}
}

func get(u string) {
	c := retryablehttp.NewClient()
	resp, err := c.Get(u)
	if err == nil {
		resp.Body.Close()
	}
}

// A client kept in a struct and configured in a constructor.
type API struct{ c *retryablehttp.Client }

func NewAPI() *API {
	c := retryablehttp.NewClient()
	c.RetryWaitMax = 2 * time.Second
	return &API{c: c}
}

func (a *API) Create(u string) {
	resp, err := a.c.Post(u, "application/json", []byte("{}")) // want `go-retryablehttp sends this POST up to 5 times with no Idempotency-Key header; set one`
	if err == nil {
		resp.Body.Close()
	}
}

// StandardClient: a net/http client that retries.
func standard(u string) {
	c := retryablehttp.NewClient().StandardClient()
	resp, err := c.Post(u, "text/plain", nil) // want `go-retryablehttp sends this POST up to 5 times with no Idempotency-Key header; set one`
	if err == nil {
		resp.Body.Close()
	}
}

// The nested case: a retryablehttp client in a hand-written loop.
func nested(ctx context.Context, u string) error {
	c := retryablehttp.NewClient()
	c.RetryMax = 3
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		resp, err = c.Get(u) // want `\(\*retryablehttp.Client\).Get makes 4 attempts in a retry loop of 3: up to 12 requests; retry in one place`
		if err == nil {
			return resp.Body.Close()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second):
		}
	}
	return err
}

// retryOn429 adds 429 to the default policy and never looks at the
// method: POSTs are retried as by the default.
func retryOn429(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if resp != nil && resp.StatusCode == http.StatusTooManyRequests {
		return true, nil
	}
	return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
}

func blindPolicy(u string) {
	c := retryablehttp.NewClient()
	c.CheckRetry = retryOn429
	resp, err := c.Post(u, "text/plain", nil) // want `go-retryablehttp sends this POST up to 5 times \(CheckRetry retryOn429\) with no Idempotency-Key header; set one`
	if err == nil {
		resp.Body.Close()
	}
}

// idempotentOnly checks the method only when there is a response: a POST
// whose send failed (resp == nil) goes to the default policy, which
// retries it.
func idempotentOnly(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if resp != nil && resp.Request != nil && resp.Request.Method == http.MethodPost {
		return false, err
	}
	return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
}

func gatedPolicy(u string) {
	c := retryablehttp.NewClient()
	c.CheckRetry = idempotentOnly
	resp, err := c.Post(u, "text/plain", nil) // want `go-retryablehttp sends this POST up to 5 times \(CheckRetry idempotentOnly\) with no Idempotency-Key header; set one`
	if err == nil {
		resp.Body.Close()
	}
}

// A policy that hands the request to a helper, which may check it, when
// there is a response; without one the default policy decides.
func viaHelper(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if resp != nil && !safeToRetry(resp.Request) {
		return false, nil
	}
	return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
}

func safeToRetry(r *http.Request) bool { return r.Header.Get("Idempotency-Key") != "" }

func helperPolicy(u string) {
	c := retryablehttp.NewClient()
	c.CheckRetry = viaHelper
	resp, err := c.Post(u, "text/plain", nil) // want `go-retryablehttp sends this POST up to 5 times \(CheckRetry viaHelper\) with no Idempotency-Key header; set one`
	if err == nil {
		resp.Body.Close()
	}
}

// gatedAlways never retries without a response, and never a POST.
func gatedAlways(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if resp == nil || resp.Request == nil || resp.Request.Method == http.MethodPost {
		return false, err
	}
	return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
}

func gatedAlwaysPolicy(u string) {
	c := retryablehttp.NewClient()
	c.CheckRetry = gatedAlways
	resp, err := c.Post(u, "text/plain", nil)
	if err == nil {
		resp.Body.Close()
	}
}

// gatedHelper hands every request to a helper that may check it.
func gatedHelper(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if resp == nil || !safeToRetry(resp.Request) {
		return false, nil
	}
	return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
}

func gatedHelperPolicy(u string) {
	c := retryablehttp.NewClient()
	c.CheckRetry = gatedHelper
	resp, err := c.Post(u, "text/plain", nil)
	if err == nil {
		resp.Body.Close()
	}
}
