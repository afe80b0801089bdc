package httpconfig

import (
	"go/token"
	"go/types"

	"github.com/httplint/httplint/internal/nethttp"
)

// Import paths of client libraries whose constructors the model knows.
const (
	CleanHTTP     = "github.com/hashicorp/go-cleanhttp"
	RetryableHTTP = "github.com/hashicorp/go-retryablehttp"
	RestyV2       = "github.com/go-resty/resty/v2"
	RestyV3       = "resty.dev/v3"
)

// libraryClient returns the configuration of the *http.Client returned by
// a known library function, or nil.
func libraryClient(fn *types.Func) *Client {
	switch nethttp.FuncKey(fn) {
	case CleanHTTP + ".DefaultClient":
		// cleanhttp.go:44-49: &http.Client{Transport: DefaultTransport()}
		c := NewClient(OriginPooled, token.NoPos)
		c.Transport = cleanhttpTransport(false)
		c.TransportSet = true
		c.Library = "cleanhttp.DefaultClient"
		return c
	case CleanHTTP + ".DefaultPooledClient":
		// cleanhttp.go:53-58: &http.Client{Transport: DefaultPooledTransport()}
		c := NewClient(OriginPooled, token.NoPos)
		c.Transport = cleanhttpTransport(true)
		c.TransportSet = true
		c.Library = "cleanhttp.DefaultPooledClient"
		return c
	}
	return nil
}

// libraryTransport returns the configuration of the *http.Transport
// returned by a known library function, or nil.
func libraryTransport(fn *types.Func) *Transport {
	switch nethttp.FuncKey(fn) {
	case CleanHTTP + ".DefaultTransport":
		return cleanhttpTransport(false)
	case CleanHTTP + ".DefaultPooledTransport":
		return cleanhttpTransport(true)
	}
	return nil
}

// cleanhttpTransport models go-cleanhttp v0.5.2 cleanhttp.go:12-39.
func cleanhttpTransport(pooled bool) *Transport {
	t := NewTransport(OriginPooled, token.NoPos)
	if !pooled {
		t.Fields[DisableKeepAlives] = ConstValue(1, false, token.NoPos)
		t.Fields[MaxIdleConnsPerHost] = ConstValue(-1, false, token.NoPos)
	}
	return t
}
