package helpersend

import (
	"errors"
	"net/http"
	"time"
)

// A fallback over alternatives: the loop ranges over the versions to try
// and each element selects a different send (smallstep's IMDS v2 then v1).
// Each send runs once per matching element: not a retry of one request.
func (a *api) readURL(versions []string, u string) (*http.Response, error) {
	for _, v := range versions {
		switch v {
		case "v1":
			resp, err := a.readV1(u)
			if err == nil && resp.StatusCode < 400 {
				return resp, nil
			}
		case "v2":
			resp, err := a.readV2(u)
			if err == nil && resp.StatusCode < 400 {
				return resp, nil
			}
		default:
			return nil, errors.New("unsupported version " + v)
		}
	}
	return nil, errors.New("no version worked")
}

func (a *api) readV1(u string) (*http.Response, error) {
	return a.hc.Get(u)
}

func (a *api) readV2(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("X-Token", "t")
	return a.hc.Do(req)
}

// firstTryOnly sends on the first iteration alone (i == 0 holds once):
// the loop retries something else, never this send.
func (a *api) firstTryOnly(u string) {
	for i := 0; i < 3; i++ {
		if i == 0 {
			if resp, err := a.readV1(u); err == nil {
				resp.Body.Close()
				return
			}
		}
		time.Sleep(time.Second)
	}
}

// A retry that tests a constant selection made before the loop still
// retries the same send on every iteration.
func (a *api) retrySelected(version, u string) (*http.Response, error) {
	for { // want `this loop retries \(\*http.Client\).Get via readV1\(\) with no bound; cap the attempts or check a context` `this loop retries \(\*http.Client\).Get via readV1\(\) immediately; add a backoff between attempts`
		if version == "v1" {
			resp, err := a.readV1(u)
			if err == nil {
				return resp, nil
			}
		}
	}
}
