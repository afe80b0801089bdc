// Package testutil is test support by its import path: nothing here is
// reported without -include-tests.
package testutil

import "net/http"

func Get(u string) (*http.Response, error) {
	return http.Get(u) // reported only with -include-tests
}
