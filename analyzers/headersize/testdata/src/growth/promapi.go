package growth

import (
	"net/http"

	"github.com/prometheus/client_golang/api"
)

// newPromAPI adds the operator's headers in a RoundTripper handed to
// client_golang's API client (promtool's newAPI): the client builds a
// new request for each call and sends it once, and net/http copies a
// redirect's headers from before the first hop, so the lines never pile
// up.
func newPromAPI(address string, headers map[string]string) (api.Client, error) {
	cfg := api.Config{Address: address}
	if len(headers) > 0 {
		cfg.RoundTripper = roundTripperFunc(func(req *http.Request) (*http.Response, error) {
			for k, v := range headers {
				req.Header.Add(k, v)
			}
			return http.DefaultTransport.RoundTrip(req)
		})
	}
	return api.NewClient(cfg)
}

// promConfig is the package's own configuration: what sends through its
// RoundTripper is not known, so the RoundTripper is judged.
type promConfig struct{ RoundTripper http.RoundTripper }

func newOwnConfig(headers map[string]string) *promConfig {
	cfg := &promConfig{}
	cfg.RoundTripper = roundTripperFunc(func(req *http.Request) (*http.Response, error) {
		for k, v := range headers {
			req.Header.Add(k, v) // want `the RoundTripper in newOwnConfig calls Header.Add on the request it was given; clone it first`
		}
		return http.DefaultTransport.RoundTrip(req)
	})
	return cfg
}

// The same RoundTripper given to the API client and also returned to the
// caller, who may send what it likes through it.
func newSharedRoundTripper(address string) (http.RoundTripper, api.Client, error) {
	rt := roundTripperFunc(func(req *http.Request) (*http.Response, error) {
		req.Header.Add("X-Scope-OrgID", "tenant") // want `the RoundTripper in newSharedRoundTripper calls Header.Add\("X-Scope-OrgID"\) on the request it was given; clone it first`
		return http.DefaultTransport.RoundTrip(req)
	})
	c, err := api.NewClient(api.Config{Address: address, RoundTripper: rt})
	return rt, c, err
}
