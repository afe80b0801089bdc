// Package retry is a stub of k8s.io/client-go/util/retry v0.36.1
// (util.go): the same declarations and defaults.
package retry

import (
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
)

// DefaultRetry is the recommended retry for a conflict.
var DefaultRetry = wait.Backoff{Steps: 5, Duration: 10 * time.Millisecond, Factor: 1.0, Jitter: 0.1}

// DefaultBackoff is the recommended backoff for a conflict with a
// controller.
var DefaultBackoff = wait.Backoff{Steps: 4, Duration: 10 * time.Millisecond, Factor: 5.0, Jitter: 0.1}

// OnError retries fn while retriable accepts its error, up to
// backoff.Steps attempts.
func OnError(backoff wait.Backoff, retriable func(error) bool, fn func() error) error {
	var lastErr error
	err := wait.ExponentialBackoff(backoff, func() (bool, error) {
		err := fn()
		switch {
		case err == nil:
			return true, nil
		case retriable(err):
			lastErr = err
			return false, nil
		default:
			return false, err
		}
	})
	if err == wait.ErrWaitTimeout {
		err = lastErr
	}
	return err
}

// RetryOnConflict retries fn on conflict errors.
func RetryOnConflict(backoff wait.Backoff, fn func() error) error {
	return OnError(backoff, func(error) bool { return true }, fn)
}
