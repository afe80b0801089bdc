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
		resp, err := c.Get(u) // want `\(\*retryablehttp.Client\).Get \(a go-retryablehttp client\) makes up to 5 attempts inside retry.Do's operation, which makes up to 3: up to 15 requests for one call`
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
		resp, err = c.R().Get(u) // want `makes up to 3 attempts inside a loop that retries it up to 5 times: up to 15 requests`
		if err == nil && !resp.IsError() {
			return resp, nil
		}
	}
	return nil, err
}

func libraryInLoop(f func() error) error {
	var err error
	for i := 0; i < 3; i++ {
		err = retry.Do(f, retry.Attempts(4)) // want `retry.Do makes up to 4 attempts inside a loop that retries it up to 3 times: up to 12 requests`
		if err == nil {
			return nil
		}
	}
	return err
}

var _ = http.MethodGet
