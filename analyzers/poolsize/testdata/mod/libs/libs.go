// Package libs builds connection pools with go-retryablehttp, resty and
// go-cleanhttp, imported for real.
package libs

import (
	"net/http"
	"time"

	restyv2 "github.com/go-resty/resty/v2"
	"github.com/hashicorp/go-cleanhttp"
	"github.com/hashicorp/go-retryablehttp"
	resty "resty.dev/v3"
)

func RetryablePerRequest(w http.ResponseWriter, r *http.Request) {
	rc := retryablehttp.NewClient() // want `retryablehttp.NewClient\(\) creates a new pool per request in this handler; create it once and reuse it`
	rc.RetryMax = 2
	resp, err := rc.Get("http://backend/")
	if err == nil {
		resp.Body.Close()
	}
}

func RestyV2PerCall(u string) (string, error) {
	c := restyv2.New().SetTimeout(time.Second) // want `resty.New\(\) creates a new pool per call of RestyV2PerCall; create it once and reuse it`
	resp, err := c.R().Get(u)
	if err != nil {
		return "", err
	}
	return resp.String(), nil
}

func RestyV3PerCall(u string) (string, error) {
	c := resty.New() // want `resty.New\(\) creates a new pool per call of RestyV3PerCall; create it once and reuse it`
	resp, err := c.R().Get(u)
	if err != nil {
		return "", err
	}
	return resp.String(), nil
}

func CleanPooledInLoop(urls []string) {
	for _, u := range urls {
		c := cleanhttp.DefaultPooledClient() // want `cleanhttp.DefaultPooledClient\(\) creates a new pool per loop iteration; create it once and reuse it`
		c.Timeout = time.Second
		if resp, err := c.Get(u); err == nil {
			resp.Body.Close()
		}
	}
}

func CleanTransportPerRequest(w http.ResponseWriter, r *http.Request) {
	c := &http.Client{Transport: cleanhttp.DefaultPooledTransport(), Timeout: time.Second} // want `cleanhttp.DefaultPooledTransport\(\) creates a new pool per request in this handler; create it once and reuse it`
	if resp, err := c.Get("http://backend/"); err == nil {
		resp.Body.Close()
	}
}

// Negative cases.

func RestyV3Closed(u string) error {
	c := resty.New()
	defer c.Close()
	_, err := c.R().Get(u)
	return err
}

func RetryableClosed(u string) {
	rc := retryablehttp.NewClient()
	defer rc.HTTPClient.CloseIdleConnections()
	if resp, err := rc.Get(u); err == nil {
		resp.Body.Close()
	}
}

func CleanNonPooled(u string) {
	c := cleanhttp.DefaultClient() // keep-alives disabled: nothing lingers
	c.Timeout = time.Second
	if resp, err := c.Get(u); err == nil {
		resp.Body.Close()
	}
}

type API struct {
	http *http.Client
	rc   *retryablehttp.Client
}

func NewAPI() *API {
	return &API{
		http: &http.Client{Transport: cleanhttp.DefaultPooledTransport(), Timeout: time.Second},
		rc:   retryablehttp.NewClient(),
	}
}

func (a *API) Get(u string) {
	if resp, err := a.rc.Get(u); err == nil {
		resp.Body.Close()
	}
}

func PooledTransportTimeouts() *http.Transport {
	return cleanhttp.DefaultPooledTransport() // MaxIdleConnsPerHost GOMAXPROCS+1, IdleConnTimeout 90s
}

var restyShared = restyv2.New()

func RestyShared(u string) {
	restyShared.R().Get(u)
}
