// Package tunes changes the transports its callers give it: no
// keepsconfig fact.
package tunes

import "net/http"

// Tune raises the per-host idle limit of a transport it is given.
func Tune(rt http.RoundTripper) {
	if t, ok := rt.(*http.Transport); ok {
		t.MaxIdleConnsPerHost = 10
	}
}
