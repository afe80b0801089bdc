package requestbody

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httputil"
	"time"
)

// An API client whose Do retries the request it is given when the API
// answers with a retryable error, as hcloud-go v1.18.2 did: the caller's
// request, built by the package's NewRequest with a bytes.Reader, goes
// out again with the body the first attempt drained.
type APIClient struct {
	hc          *http.Client
	endpoint    string
	debugWriter io.Writer
}

type apiError struct{ Code string }

func (e apiError) Error() string { return e.Code }

func (c *APIClient) NewRequest(ctx context.Context, method, path string, body io.Reader) (*http.Request, error) {
	req, err := http.NewRequest(method, c.endpoint+path, body)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	return req.WithContext(ctx), nil
}

func errorFrom(resp *http.Response, body []byte) error {
	var e apiError
	if json.Unmarshal(body, &e) != nil {
		return nil
	}
	return e
}

func retryable(err error) bool {
	var e apiError
	return errors.As(err, &e) && e.Code == "rate_limit_exceeded"
}

func (c *APIClient) Do(r *http.Request, v any) error {
	var retries int
	for {
		if c.debugWriter != nil {
			dump, err := httputil.DumpRequest(r, true)
			if err != nil {
				return err
			}
			c.debugWriter.Write(dump)
		}
		resp, err := c.hc.Do(r) // want `the retry re-sends a request whose \*bytes.Reader body was consumed; rebuild it or set req.Body from req.GetBody`
		if err != nil {
			return err
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			return err
		}
		if resp.StatusCode >= 400 {
			err = errorFrom(resp, body)
			if err == nil {
				err = errors.New("status")
			} else if retryable(err) {
				c.backoff(retries)
				retries++
				continue
			}
			return err
		}
		return json.Unmarshal(body, v)
	}
}

func (c *APIClient) backoff(retries int) {
	time.Sleep(time.Duration(retries) * time.Second)
}

// A GET through the same helper, with no body, called before the POST:
// each call of the helper gives its own body.
func (c *APIClient) GetServer(ctx context.Context) error {
	req, err := c.NewRequest(ctx, "GET", "/servers", nil)
	if err != nil {
		return err
	}
	return c.Do(req, nil)
}

func (c *APIClient) CreateServer(ctx context.Context, name string) error {
	data, _ := json.Marshal(map[string]string{"name": name})
	req, err := c.NewRequest(ctx, "POST", "/servers", bytes.NewReader(data))
	if err != nil {
		return err
	}
	return c.Do(req, nil)
}

// A library request that keeps a body factory: the test of it guards
// the reset, no option (go-retryablehttp v0.5's Request.body).
type wrappedRequest struct {
	body func() (io.Reader, error)
	*http.Request
}

func (c *APIClient) DoWrapped(req *wrappedRequest) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		if req.body != nil {
			b, err := req.body()
			if err != nil {
				return nil, err
			}
			req.Request.Body = io.NopCloser(b)
		}
		resp, err := c.hc.Do(req.Request)
		if err == nil {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("giving up")
}
