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

// agent keeps the options its setters change (release-utils' http.Agent
// before v0.12.2).
type agent struct {
	options agentOptions
}

type agentOptions struct {
	Retries uint
	Wait    time.Duration
}

func newAgent() *agent { return &agent{options: agentOptions{Retries: 3, Wait: time.Second}} }

// WithRetries sets the number of attempts: 0, meant as "no retries",
// means forever to retry-go.
func (a *agent) WithRetries(n uint) *agent {
	a.options.Retries = n
	return a
}

func (a *agent) retryRequest(f func() error) error {
	return retry.Do(f, retry.Attempts(a.options.Retries), retry.Delay(a.options.Wait)) // want `retry.Attempts\(a.options.Retries\) retries until success if a.options.Retries is 0; check it for 0 first`
}

// retryChecked does one attempt when retries are off; its closure
// captures the receiver, as release-utils' OnRetry log does.
func (a *agent) retryChecked(f func() error) error {
	if a.options.Retries == 0 {
		return f()
	}
	return retry.Do(f, retry.Attempts(a.options.Retries), retry.OnRetry(func(n uint, err error) {
		_ = a.options.Retries
	}))
}

// retryLogged captures the receiver in a closure too.
func (a *agent) retryLogged(f func() error) error {
	return retry.Do(f, retry.Attempts(a.options.Retries), retry.OnRetry(func(n uint, err error) { // want `retry.Attempts\(a.options.Retries\) retries until success if a.options.Retries is 0; check it for 0 first`
		_ = a.options.Retries
	}))
}

// retryConstant is given a constant by every caller in the package.
func retryConstant(f func() error, n uint) error {
	return retry.Do(f, retry.Attempts(n))
}

func useConstant(f func() error) error { return retryConstant(f, 4) }
