// Package mocked is production code that keeps a testify mock beside its
// client: a mock framework does not make the package test support.
package mocked

import "net/http"

// Fetch sends without a deadline.
func Fetch(u string) error {
	resp, err := http.Get(u) // want `http.Get uses http.DefaultClient`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
