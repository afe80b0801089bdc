// Package goretry holds sethvargo/go-retry cases.
package goretry

import (
	"context"
	"errors"
	"time"

	"github.com/sethvargo/go-retry"
)

var errTemporary = errors.New("temporary")

func op(ctx context.Context) error { return retry.RetryableError(errTemporary) }

func forever(ctx context.Context) error {
	b := retry.NewExponential(time.Second) // want `retry.NewExponential has no limit, with no context deadline; wrap it in retry.WithMaxRetries or WithMaxDuration`
	return retry.Do(ctx, b, op)
}

func capped(ctx context.Context) error {
	b := retry.WithCappedDuration(time.Minute, retry.NewFibonacci(time.Second)) // want `retry.NewFibonacci has no limit, with no context deadline; wrap it in retry.WithMaxRetries or WithMaxDuration`
	return retry.Do(ctx, b, op)
}

func shorthand(ctx context.Context) error {
	return retry.Constant(ctx, time.Second, op) // want `retry.Constant has no retry or duration limit, with no context deadline; use retry.Do with a bounded backoff`
}

func maxRetries(ctx context.Context) error {
	return retry.Do(ctx, retry.WithMaxRetries(3, retry.NewExponential(time.Second)), op)
}

func maxDuration(ctx context.Context) error {
	return retry.Do(ctx, retry.WithMaxDuration(time.Minute, retry.NewExponential(time.Second)), op)
}

func deadline() error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return retry.Do(ctx, retry.NewExponential(time.Second), op)
}

// Nothing is ever wrapped as retryable: no retries at all.
func neverRetryable(ctx context.Context) error {
	return retry.Do(ctx, retry.NewExponential(time.Second), func(ctx context.Context) error {
		return errTemporary
	})
}
