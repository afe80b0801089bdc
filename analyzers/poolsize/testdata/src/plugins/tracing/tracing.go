// Package tracing is another package's middleware constructor over a
// RoundTripper, which httplint knows only by its signature.
package tracing

import "net/http"

// Options configure the tracer.
type Options []string

// NewTransport wraps rt.
func NewTransport(rt http.RoundTripper, opts Options) http.RoundTripper {
	return rt
}
