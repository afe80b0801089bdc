// Package wait is a stub of k8s.io/apimachinery/pkg/util/wait v0.36.1:
// the declarations the fixtures use, with the behaviour of
// backoff.go:475-486 (ExponentialBackoff calls condition at most Steps
// times).
package wait

import (
	"errors"
	"time"
)

// Backoff holds the parameters of an exponential backoff.
type Backoff struct {
	Duration time.Duration
	Factor   float64
	Jitter   float64
	Steps    int
	Cap      time.Duration
}

// ConditionFunc reports whether the condition is satisfied, or an error
// that stops the wait.
type ConditionFunc func() (done bool, err error)

// ErrWaitTimeout is returned when the condition was not satisfied in
// Steps attempts.
var ErrWaitTimeout = errors.New("timed out waiting for the condition")

// ExponentialBackoff calls condition up to backoff.Steps times, sleeping
// between attempts.
func ExponentialBackoff(backoff Backoff, condition ConditionFunc) error {
	for backoff.Steps > 0 {
		if ok, err := condition(); err != nil || ok {
			return err
		}
		if backoff.Steps == 1 {
			break
		}
		backoff.Steps--
		time.Sleep(backoff.Duration)
	}
	return ErrWaitTimeout
}
