// Package factorylib builds clients for the xfactories fixtures: its
// facts say which of its functions build a new pool on each call.
package factorylib

import (
	"net/http"
	"os"
	"time"
)

// New builds a new pool on each call.
func New() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxConnsPerHost: 8}, Timeout: time.Second}
}

// Wrap returns New's client: a new pool on each call too.
func Wrap() *http.Client { return New() }

// NewTransport builds a new transport on each call, or fails.
func NewTransport(proxy string) (*http.Transport, error) {
	if proxy == "" {
		return nil, http.ErrMissingFile
	}
	return &http.Transport{IdleConnTimeout: time.Minute}, nil
}

var shared = &http.Client{Transport: &http.Transport{MaxConnsPerHost: 8}, Timeout: time.Second}

// Shared returns the one client of the package.
func Shared() *http.Client { return shared }

// A Holder keeps the client New built.
type Holder struct{ c *http.Client }

// NewHolder returns a holder of a new client.
func NewHolder() *Holder { return &Holder{c: New()} }

// Client returns the holder's client, the same on each call.
func (h *Holder) Client() *http.Client { return h.c }

// bearer adds a token to each request; its connections are next's.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b *bearer) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(req)
}

// NewBearer wraps rt: the pool is the caller's.
func NewBearer(token string, rt http.RoundTripper) http.RoundTripper { return &bearer{token, rt} }

// NewRoundTripperFromConfig builds a new transport on each call, returned
// inside the auth wrapper when a token is configured (prometheus/common's
// config.NewRoundTripperFromConfig).
func NewRoundTripperFromConfig(token string) (http.RoundTripper, error) {
	var rt http.RoundTripper = &http.Transport{MaxIdleConnsPerHost: 1000, IdleConnTimeout: 5 * time.Minute}
	if token != "" {
		rt = NewBearer(token, rt)
	}
	return rt, nil
}

func newClient(rt http.RoundTripper) *http.Client { return &http.Client{Transport: rt} }

// NewClientFromConfig returns a client over NewRoundTripperFromConfig's
// new pool: a factory too.
func NewClientFromConfig(token string) (*http.Client, error) {
	rt, err := NewRoundTripperFromConfig(token)
	if err != nil {
		return nil, err
	}
	return newClient(rt), nil
}

var kept = &http.Transport{MaxIdleConnsPerHost: 10}

// NewKeptClient returns a new client over the package's one transport:
// not a new pool.
func NewKeptClient(token string) *http.Client { return newClient(NewBearer(token, kept)) }

// disableKeepAlives is a start-up option read from the environment, off
// unless the operator sets it (keda's KEDA_HTTP_DISABLE_KEEP_ALIVE).
var disableKeepAlives = os.Getenv("APP_HTTP_DISABLE_KEEP_ALIVE") == "true"

// NewOptionTransport builds a new pool per call; only when the option is on
// does it keep no connection.
func NewOptionTransport() *http.Transport {
	t := &http.Transport{Proxy: http.ProxyFromEnvironment}
	if disableKeepAlives {
		t.DisableKeepAlives = true
		t.IdleConnTimeout = 100 * time.Second
	}
	return t
}

// keepAlivesOff is set at run time by SetKeepAlivesOff: not a start-up
// option, so its stores count.
var keepAlivesOff bool

func SetKeepAlivesOff(off bool) { keepAlivesOff = off }

func NewTunableTransport() *http.Transport {
	t := &http.Transport{}
	if keepAlivesOff {
		t.DisableKeepAlives = true
	}
	return t
}
