package growth

import "net/http"

// traceTransport adds its trace header to the caller's request (sentry's
// SentryRoundTripper before the fix): a request sent again carries one
// more line each time.
type traceTransport struct{ next http.RoundTripper }

func (t *traceTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Add("Sentry-Trace", "abc") // want `\(\*traceTransport\).RoundTrip adds a Sentry-Trace header line to the request it was given`
	return t.next.RoundTrip(req)
}

// cloneTransport changes its own copy: fine.
type cloneTransport struct{ next http.RoundTripper }

func (t *cloneTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Add("Sentry-Trace", "abc")
	return t.next.RoundTrip(req)
}

// setTransport replaces the value: the request does not grow.
type setTransport struct{ next http.RoundTripper }

func (t *setTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Set("X-Trace", "abc")
	return t.next.RoundTrip(req)
}
