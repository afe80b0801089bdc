package retryablehttp

import "github.com/hashicorp/go-retryablehttp"

// The retry setting comes through the constructor's parameter; every
// call of the constructor in the package passes 6.
type api struct{ c *retryablehttp.Client }

func newAPI(retries int) *api {
	c := retryablehttp.NewClient()
	c.RetryMax = retries
	return &api{c: c}
}

func NewProductionAPI() *api { return newAPI(6) }

func NewBatchAPI() *api { return newAPI(6) }

func (a *api) Pay(u string) error {
	resp, err := a.c.Post(u, "application/json", []byte("{}")) // want `go-retryablehttp sends this POST up to 7 times with no Idempotency-Key header; set one`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Callers that pass different settings: how many attempts depends on
// the caller, and a caller passing 0 turns retries off.
type api2 struct{ c *retryablehttp.Client }

func newAPI2(retries int) *api2 {
	c := retryablehttp.NewClient()
	c.RetryMax = retries
	return &api2{c: c}
}

func NewQuietAPI() *api2 { return newAPI2(0) }

func NewLoudAPI() *api2 { return newAPI2(3) }

func (a *api2) Pay(u string) error {
	resp, err := a.c.Post(u, "application/json", []byte("{}"))
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
