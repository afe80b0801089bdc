// Package backoffv4 holds cenkalti/backoff v4 cases.
package backoffv4

import (
	"context"
	"time"

	"github.com/cenkalti/backoff/v4"
)

func zero(op func() error) error {
	return backoff.Retry(op, &backoff.ZeroBackOff{}) // want `a ZeroBackOff never stops; wrap it in backoff.WithMaxRetries`
}

func zeroBounded(op func() error) error {
	return backoff.Retry(op, backoff.WithMaxRetries(&backoff.ZeroBackOff{}, 5))
}

func constant(op func() error) error {
	b := backoff.NewConstantBackOff(time.Second) // want `a ConstantBackOff never stops; wrap it in backoff.WithMaxRetries`
	return backoff.RetryNotify(op, b, nil)
}

func elapsedField(op func() error) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0 // want `an ExponentialBackOff with MaxElapsedTime 0 never stops; set a non-zero MaxElapsedTime`
	return backoff.Retry(op, b)
}

func elapsedOption(op func() error) error {
	b := backoff.NewExponentialBackOff(backoff.WithMaxElapsedTime(0)) // want `an ExponentialBackOff with MaxElapsedTime 0 never stops; set a non-zero MaxElapsedTime`
	return backoff.Retry(op, b)
}

func defaults(op func() error) error {
	return backoff.Retry(op, backoff.NewExponentialBackOff())
}

func withDeadline(op func() error) error {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return backoff.Retry(op, backoff.WithContext(&backoff.ZeroBackOff{}, ctx))
}

func withContextParam(ctx context.Context, op func() error) error {
	return backoff.Retry(op, backoff.WithContext(backoff.NewConstantBackOff(time.Second), ctx)) // want `a ConstantBackOff never stops, with no context deadline; wrap it in backoff.WithMaxRetries`
}
