// Package backoffv41 holds cases of cenkalti/backoff v4 before v4.3.0,
// whose NewExponentialBackOff takes no options (axiom-go v0.12.0 pins
// v4.1.3).
package backoffv41

import (
	"github.com/cenkalti/backoff/v4"
)

func elapsedField(op func() error) error {
	b := backoff.NewExponentialBackOff()
	b.MaxElapsedTime = 0 // want `an ExponentialBackOff with MaxElapsedTime 0 never stops; set a non-zero MaxElapsedTime`
	return backoff.Retry(op, b)
}

func defaults(op func() error) error {
	return backoff.Retry(op, backoff.NewExponentialBackOff()) // 15 minutes at most
}
