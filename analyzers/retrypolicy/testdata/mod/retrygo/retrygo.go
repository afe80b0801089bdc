// Package retrygo holds avast/retry-go v4 cases.
package retrygo

import (
	"context"
	"time"

	"github.com/avast/retry-go/v4"
)

func attemptsZero(f func() error) error {
	return retry.Do(f, retry.Attempts(0)) // want `retry.Attempts\(0\) retries until success; pass a positive count`
}

func untilSucceeded(f func() error) error {
	return retry.Do(f, retry.Delay(time.Second), retry.UntilSucceeded()) // want `retry.UntilSucceeded\(\) retries until success; use retry.Attempts\(n\)`
}

func withParamContext(ctx context.Context, f func() error) error {
	return retry.Do(f, retry.UntilSucceeded(), retry.Context(ctx)) // want `retry.UntilSucceeded\(\) retries until success, with no context deadline; use retry.Attempts\(n\)`
}

func withDeadline(f func() error) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return retry.Do(f, retry.UntilSucceeded(), retry.Context(ctx))
}

func bounded(f func() error) error {
	return retry.Do(f, retry.Attempts(3))
}

func overridden(f func() error) error {
	return retry.Do(f, retry.Attempts(0), retry.Attempts(5))
}

func defaults(f func() error) error {
	return retry.Do(f)
}

func data(f func() (int, error)) (int, error) {
	return retry.DoWithData(f, retry.Attempts(0)) // want `retry.Attempts\(0\) retries until success; pass a positive count`
}
