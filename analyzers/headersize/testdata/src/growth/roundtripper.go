package growth

import "net/http"

// traceTransport adds its trace header to the caller's request (sentry's
// SentryRoundTripper before the fix): a request sent again carries one
// more line each time.
type traceTransport struct{ next http.RoundTripper }

func (t *traceTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Add("Sentry-Trace", "abc") // want `\(\*traceTransport\).RoundTrip calls Header.Add\("Sentry-Trace"\) on the request it was given; clone it first`
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

// A function used as a RoundTripper hands the request it was given to a
// helper that adds headers to it (New Relic go-agent v2.7.0's
// NewRoundTripper and StartExternalSegment).
type roundTripperFunc func(*http.Request) (*http.Response, error)

func (f roundTripperFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func outboundHeaders() http.Header { return http.Header{"X-Trace": {"abc"}} }

func startSegment(req *http.Request) {
	if req.Header != nil {
		for key, values := range outboundHeaders() {
			for _, v := range values {
				req.Header.Add(key, v) // want `startSegment calls Header.Add on the request given to the RoundTripper in newTracingRoundTripper; clone it first`
			}
		}
	}
}

func newTracingRoundTripper(next http.RoundTripper) http.RoundTripper {
	return roundTripperFunc(func(req *http.Request) (*http.Response, error) {
		startSegment(req)
		return next.RoundTrip(req)
	})
}

// The same helper on a request its caller built: the caller's own
// request, which it may change.
func sendTraced(c *http.Client, u string) error {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	startOwnSegment(req)
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func startOwnSegment(req *http.Request) {
	for key, values := range outboundHeaders() {
		for _, v := range values {
			req.Header.Add(key, v)
		}
	}
}

// A copy helper that keeps the original's header map (prometheus/common
// v0.72.0's cloneRequest, whose maps.Copy copies the map onto itself).
type headersTransport struct {
	headers map[string][]string
	next    http.RoundTripper
}

func shallowClone(r *http.Request) *http.Request {
	r2 := new(http.Request)
	*r2 = *r
	for k, v := range r2.Header {
		r.Header[k] = v
	}
	return r2
}

func (t *headersTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = shallowClone(req)
	for n, vs := range t.headers {
		for _, v := range vs {
			req.Header.Add(n, v) // want `\(\*headersTransport\).RoundTrip calls Header.Add on the request it was given; clone it first`
		}
	}
	return t.next.RoundTrip(req)
}

// WithContext makes a shallow copy too.
type contextTransport struct{ next http.RoundTripper }

func (t *contextTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.WithContext(req.Context())
	req.Header.Add("X-Request-Id", "1") // want `\(\*contextTransport\).RoundTrip calls Header.Add\("X-Request-Id"\) on the request it was given; clone it first`
	return t.next.RoundTrip(req)
}

// A copy helper that gives the copy its own header map: fine.
type deepHeadersTransport struct {
	headers map[string][]string
	next    http.RoundTripper
}

func deepClone(r *http.Request) *http.Request {
	r2 := new(http.Request)
	*r2 = *r
	r2.Header = make(http.Header, len(r.Header))
	for k, v := range r.Header {
		r2.Header[k] = append([]string(nil), v...)
	}
	return r2
}

func (t *deepHeadersTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = deepClone(req)
	for n, vs := range t.headers {
		for _, v := range vs {
			req.Header.Add(n, v)
		}
	}
	return t.next.RoundTrip(req)
}

// A function of RoundTrip's signature that is never used as a
// RoundTripper: a send helper whose caller owns the request.
func sendWithTrace(req *http.Request) (*http.Response, error) {
	req.Header.Add("X-Trace", "abc")
	return http.DefaultClient.Do(req)
}

// customHeaders deletes each configured header before adding its values
// (grafana's plugin SDK since v0.217.0): a request sent again gets the
// same lines, not more.
type customHeaders struct {
	headers map[string][]string
	next    http.RoundTripper
}

func (t *customHeaders) RoundTrip(req *http.Request) (*http.Response, error) {
	for key, values := range t.headers {
		req.Header.Del(key)
		for _, v := range values {
			req.Header.Add(key, v)
		}
	}
	return t.next.RoundTrip(req)
}

// afterAdd deletes after adding: the next send adds again.
type afterAdd struct{ next http.RoundTripper }

func (t *afterAdd) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Add("X-Trace", "1") // want `\(\*afterAdd\).RoundTrip calls Header.Add\("X-Trace"\) on the request it was given; clone it first`
	resp, err := t.next.RoundTrip(req)
	req.Header.Del("X-Trace")
	return resp, err
}
