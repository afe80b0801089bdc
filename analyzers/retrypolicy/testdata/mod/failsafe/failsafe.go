// Package failsafe holds failsafe-go cases.
package failsafe

import (
	"context"
	"net/http"
	"time"

	"github.com/failsafe-go/failsafe-go"
	"github.com/failsafe-go/failsafe-go/failsafehttp"
	"github.com/failsafe-go/failsafe-go/retrypolicy"
)

func forever() retrypolicy.RetryPolicy[any] {
	return retrypolicy.NewBuilder[any]().
		WithMaxRetries(-1). // want `this failsafe-go retry policy has no limit \(-1\) and no WithMaxDuration; set WithMaxRetries\(n\) or WithMaxDuration`
		WithDelay(time.Second).
		Build()
}

func foreverAttempts() retrypolicy.RetryPolicy[any] {
	b := retrypolicy.NewBuilder[any]()
	b.WithMaxAttempts(-1) // want `this failsafe-go retry policy has no limit \(-1\) and no WithMaxDuration; set WithMaxRetries\(n\) or WithMaxDuration`
	return b.Build()
}

func foreverWithDuration() retrypolicy.RetryPolicy[any] {
	return retrypolicy.NewBuilder[any]().WithMaxRetries(-1).WithMaxDuration(time.Minute).Build()
}

func bounded() retrypolicy.RetryPolicy[any] {
	return retrypolicy.NewBuilder[any]().WithMaxRetries(3).Build()
}

func foreverWithDeadline(op func() error) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p := retrypolicy.NewBuilder[any]().WithMaxRetries(-1).Build()
	return failsafe.With(p).WithContext(ctx).Run(op)
}

func httpPost(u string) error {
	p := failsafehttp.NewRetryPolicyBuilder().WithMaxRetries(2).Build()
	req, _ := http.NewRequest(http.MethodPost, u, nil)
	resp, err := failsafehttp.NewRequest(req, http.DefaultClient, p).Do() // want `failsafehttp sends this POST up to 3 times with no Idempotency-Key header; set one`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func roundTripper(u string) error {
	p := failsafehttp.NewRetryPolicyBuilder().Build()
	c := &http.Client{Transport: failsafehttp.NewRoundTripper(nil, p)}
	resp, err := c.Post(u, "text/plain", nil) // want `failsafehttp sends this POST up to 3 times with no Idempotency-Key header; set one`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func httpGet(u string) error {
	p := failsafehttp.NewRetryPolicyBuilder().Build()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	resp, err := failsafehttp.NewRequest(req, http.DefaultClient, p).Do()
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
