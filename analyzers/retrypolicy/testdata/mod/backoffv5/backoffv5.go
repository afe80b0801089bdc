// Package backoffv5 holds cenkalti/backoff v5 cases: the limits moved
// into Retry's options.
package backoffv5

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v5"
)

func forever(ctx context.Context, op backoff.Operation[int]) (int, error) {
	return backoff.Retry(ctx, op, backoff.WithMaxElapsedTime(0)) // want `backoff.WithMaxElapsedTime\(0\) without WithMaxTries never stops, with no context deadline; add backoff.WithMaxTries`
}

func foreverBackoff(ctx context.Context, op backoff.Operation[int]) (int, error) {
	return backoff.Retry(ctx, op, backoff.WithBackOff(&backoff.ZeroBackOff{}), backoff.WithMaxElapsedTime(0)) // want `backoff.WithMaxElapsedTime\(0\) without WithMaxTries never stops, with no context deadline; add backoff.WithMaxTries`
}

func tries(ctx context.Context, op backoff.Operation[int]) (int, error) {
	return backoff.Retry(ctx, op, backoff.WithMaxElapsedTime(0), backoff.WithMaxTries(5))
}

func defaults(ctx context.Context, op backoff.Operation[int]) (int, error) {
	return backoff.Retry(ctx, op)
}

func deadline(op backoff.Operation[int]) (int, error) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return backoff.Retry(ctx, op, backoff.WithMaxElapsedTime(0))
}

// v4's ZeroBackOff rule does not apply: v5 bounds by 15 minutes.
func zero(ctx context.Context, op backoff.Operation[int]) (int, error) {
	return backoff.Retry(ctx, op, backoff.WithBackOff(&backoff.ZeroBackOff{}))
}
