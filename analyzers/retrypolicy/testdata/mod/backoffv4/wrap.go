package backoffv4

import (
	"time"

	"github.com/cenkalti/backoff/v4"
)

func wrapped(op func() error, tries uint64) error {
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), tries-1)) // want `backoff.WithMaxRetries\(tries-1\) wraps to ~2\^64 if tries is 0; check it first`
}

func wrapClamped(op func() error, tries uint64) error {
	tries = max(tries, 1)
	return backoff.Retry(op, backoff.WithMaxRetries(backoff.NewConstantBackOff(time.Second), tries-1))
}
