// Package nested holds retries inside retries.
package nested

import (
	"net/http"

	"github.com/avast/retry-go/v4"
	"github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-retryablehttp"
)

func libraryInLibrary(u string) error {
	c := retryablehttp.NewClient()
	return retry.Do(func() error {
		resp, err := c.Get(u) // want `\(\*retryablehttp.Client\).Get makes 5 attempts inside retry.Do, which makes 3: up to 15 requests; retry in one place`
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, retry.Attempts(3))
}

func restyInLoop(u string) (*resty.Response, error) {
	c := resty.New().SetRetryCount(2)
	var err error
	for i := 0; i < 5; i++ {
		var resp *resty.Response
		resp, err = c.R().Get(u) // want `\(\*resty.Request\).Get makes 3 attempts in a retry loop of 5: up to 15 requests; retry in one place`
		if err == nil && !resp.IsError() {
			return resp, nil
		}
	}
	return nil, err
}

func libraryInLoop(f func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		err = retry.Do(f, retry.Attempts(4)) // want `retry.Do makes 4 attempts in a retry loop of 3: up to 12 requests; retry in one place`
		if err == nil {
			return nil
		}
	}
	return err
}

var _ = http.MethodGet

// APIClient keeps its *http.Client in an exported field; the
// constructor's default is retryablehttp's StandardClient when a CA file
// is configured (aiven-go-client's buildHttpClient).
type APIClient struct {
	Client *http.Client
}

func NewAPIClient(caFile string) *APIClient {
	return &APIClient{Client: buildHTTPClient(caFile)}
}

func buildHTTPClient(caFile string) *http.Client {
	if caFile == "" {
		return &http.Client{}
	}
	rc := retryablehttp.NewClient()
	rc.RetryMax = 5
	return rc.StandardClient()
}

func (c *APIClient) get(u string) (*http.Response, error) {
	retries := 2
	for {
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		resp, err := c.Client.Do(req) // want `\(\*http.Client\).Do \(go-retryablehttp\) makes 6 attempts in a retry loop of 3: up to 18 requests; retry in one place`
		if err != nil {
			return nil, err
		}
		if resp.StatusCode >= 500 && retries > 0 {
			resp.Body.Close()
			retries--
			continue
		}
		return resp, nil
	}
}
