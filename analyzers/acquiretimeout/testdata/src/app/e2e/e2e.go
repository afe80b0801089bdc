// Package e2e is test support by its import path.
package e2e

import "net/http"

func Ping(u string) {
	http.Get(u) // want `http.Get uses http.DefaultClient`
}
