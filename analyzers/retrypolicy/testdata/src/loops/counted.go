package loops

import "net/http"

// A retry by recursion that counts its attempts in a parameter: every
// call from outside passes the same constant, so the chain's length is
// known. Helm's kubeenv.RetryingRoundTripper calls roundTrip(req, 1, nil),
// which returns at once when retry < 0: two attempts, one immediate
// retry after an etcd leader change, which cannot hammer a server.

type onceRetryingRT struct{ next http.RoundTripper }

func (rt *onceRetryingRT) RoundTrip(req *http.Request) (*http.Response, error) {
	return rt.roundTrip(req, 1, nil)
}

func (rt *onceRetryingRT) roundTrip(req *http.Request, retry int, prev *http.Response) (*http.Response, error) {
	if retry < 0 {
		return prev, nil
	}
	resp, err := rt.next.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	if resp.StatusCode < 500 {
		return resp, nil
	}
	return rt.roundTrip(req, retry-1, resp)
}

// Five immediate retries: reported.
type fiveRetryingRT struct{ next http.RoundTripper }

func (rt *fiveRetryingRT) RoundTrip(req *http.Request) (*http.Response, error) {
	return rt.roundTrip(req, 5, nil)
}

func (rt *fiveRetryingRT) roundTrip(req *http.Request, retry int, prev *http.Response) (*http.Response, error) {
	if retry < 0 {
		return prev, nil
	}
	resp, err := rt.next.RoundTrip(req)
	if err != nil {
		return resp, err
	}
	if resp.StatusCode < 500 {
		return resp, nil
	}
	return rt.roundTrip(req, retry-1, resp) // want `roundTrip calls itself to retry http.RoundTripper.RoundTrip immediately; add a backoff between attempts`
}

// The counter tested before the self-call (if n > 0): with 1 from the
// only caller, one retry.
type guardClient struct{ hc *http.Client }

func (c *guardClient) Get(u string) (*http.Response, error) { return c.get(u, 1) }

func (c *guardClient) get(u string, n int) (*http.Response, error) {
	resp, err := c.hc.Get(u)
	if err != nil && n > 0 {
		return c.get(u, n-1)
	}
	return resp, err
}
