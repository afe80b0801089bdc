package loops

import (
	"bytes"
	"net/http"
)

// A single immediate retry, after a recovery action (a new token, a new
// transport), doubles a request at most: not a no-backoff finding. A
// retried request whose body the first attempt consumed is still one.

type renewing struct{ hc *http.Client }

func (r *renewing) renew() bool { return true }

func (r *renewing) GetOnce(u string) (*http.Response, error) {
	var retried bool
	req, err := http.NewRequest(http.MethodGet, u, http.NoBody)
	if err != nil {
		return nil, err
	}
retry:
	resp, err := r.hc.Do(req)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 400 {
		if !retried && r.renew() {
			retried = true
			goto retry
		}
	}
	return resp, nil
}

func (r *renewing) PostOnce(u string, body []byte) (*http.Response, error) {
	var retried bool
	req, err := http.NewRequest(http.MethodPut, u, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
retry:
	resp, err := r.hc.Do(req) // want `the retry re-sends a request whose \*bytes.Reader body was consumed`
	if err != nil {
		return nil, err
	}
	if resp.StatusCode >= 400 {
		if !retried && r.renew() {
			retried = true
			goto retry
		}
	}
	return resp, nil
}

func (r *renewing) TwoAttempts(u string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 2; i++ {
		resp, err = r.hc.Get(u)
		if err == nil {
			break
		}
	}
	return resp, err
}

func (r *renewing) ThreeAttempts(u string) (*http.Response, error) {
	var resp *http.Response
	var err error
	for i := 0; i < 3; i++ {
		resp, err = r.hc.Get(u) // want `this loop retries \(\*http.Client\).Get immediately`
		if err == nil {
			break
		}
	}
	return resp, err
}
