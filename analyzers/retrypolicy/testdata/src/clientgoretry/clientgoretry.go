// Package clientgoretry runs requests under k8s.io/client-go's retry
// helpers, which make backoff.Steps attempts.
package clientgoretry

import (
	"errors"
	"net/http"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
)

var client = &http.Client{Timeout: 10 * time.Second}

func retriable(err error) bool { return !errors.Is(err, http.ErrUseLastResponse) }

func post(u string) error {
	resp, err := client.Post(u, "application/json", strings.NewReader("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Nested retries: 4 attempts inside 5 make up to 20 requests.
func Nested(u string) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return retry.OnError(retry.DefaultBackoff, retriable, func() error { // want `retry.OnError makes 4 attempts inside retry.RetryOnConflict, which makes 5: up to 20 requests`
			return post(u)
		})
	})
}

// NestedLiteral: the Steps of a backoff literal count the attempts.
func NestedLiteral(u string) error {
	b := wait.Backoff{Steps: 3, Duration: time.Second, Factor: 2}
	return retry.OnError(b, retriable, func() error {
		return retry.OnError(retry.DefaultBackoff, retriable, func() error { // want `retry.OnError makes 4 attempts inside retry.OnError, which makes 3: up to 12 requests`
			return post(u)
		})
	})
}

// Single: one retry helper around a send is not nested.
func Single(u string) error {
	return retry.OnError(retry.DefaultBackoff, retriable, func() error {
		resp, err := client.Get(u)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	})
}
