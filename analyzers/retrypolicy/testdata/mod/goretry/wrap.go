package goretry

import (
	"context"
	"time"

	"github.com/sethvargo/go-retry"
)

// attempts-1 from an unsigned setting: 0 wraps the limit to ~2^64.
func wrapped(ctx context.Context, attempts uint64) error {
	b := retry.WithMaxRetries(attempts-1, retry.NewConstant(time.Second)) // want `retry.WithMaxRetries\(attempts-1\) wraps to ~2\^64 if attempts is 0, with no context deadline; check it first`
	return retry.Do(ctx, b, op)
}

// The setting is checked first.
func wrapChecked(ctx context.Context, attempts uint64) error {
	if attempts == 0 {
		return nil
	}
	b := retry.WithMaxRetries(attempts-1, retry.NewConstant(time.Second))
	return retry.Do(ctx, b, op)
}

type config struct{ Attempts uint64 }

func wrappedField(ctx context.Context, cfg *config) error {
	b := retry.WithMaxRetries(cfg.Attempts-2, retry.NewConstant(time.Second)) // want `retry.WithMaxRetries\(cfg.Attempts-2\) wraps to ~2\^64 if cfg.Attempts < 2, with no context deadline; check it first`
	return retry.Do(ctx, b, op)
}
