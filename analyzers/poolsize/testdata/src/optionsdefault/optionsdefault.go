// Package optionsdefault builds its transport from an options struct
// that functional options may change: the default path (no options) is
// judged, as for an injectable client.
package optionsdefault

import (
	"net/http"
	"sync"
	"time"
)

type options struct {
	maxIdlePerHost int
	timeout        time.Duration
}

// An Option changes the options.
type Option func(*options)

// WithMaxIdlePerHost raises the per-host idle pool.
func WithMaxIdlePerHost(n int) Option { return func(o *options) { o.maxIdlePerHost = n } }

// A Client fetches items from one API host.
type Client struct{ hc *http.Client }

// New leaves maxIdlePerHost at 0 unless the caller passes an option.
func New(opts ...Option) *Client {
	o := options{timeout: 10 * time.Second}
	for _, f := range opts {
		f(&o)
	}
	t := &http.Transport{MaxIdleConnsPerHost: o.maxIdlePerHost, MaxIdleConns: 100} // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=100; set MaxIdleConnsPerHost near the expected concurrency`
	return &Client{hc: &http.Client{Transport: t, Timeout: o.timeout}}
}

// FetchAll sends one request per id to the same host at once.
func (c *Client) FetchAll(ids []string) {
	var wg sync.WaitGroup
	for _, id := range ids {
		wg.Add(1)
		go func() { // want `MaxIdleConnsPerHost is 2 \(the default\) for a goroutine per element of ids to one host using an http.Client; cap them and raise it to the cap`
			defer wg.Done()
			resp, err := c.hc.Get("http://api.example.com/items/" + id)
			if err == nil {
				resp.Body.Close()
			}
		}()
	}
	wg.Wait()
}

// NewSized sets a default the options may lower or raise.
func NewSized(opts ...Option) *http.Client {
	o := options{maxIdlePerHost: 64}
	for _, f := range opts {
		f(&o)
	}
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: o.maxIdlePerHost, MaxIdleConns: 100, IdleConnTimeout: time.Minute}, Timeout: time.Minute}
}

// NewDefaulted fills the options in a helper of the package: what it
// stores decides, and it is not followed.
func NewDefaulted(opts ...Option) *http.Client {
	var o options
	for _, f := range opts {
		f(&o)
	}
	fill(&o)
	return &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: o.maxIdlePerHost, MaxIdleConns: 100, IdleConnTimeout: time.Minute}, Timeout: time.Minute}
}

func fill(o *options) {
	if o.maxIdlePerHost == 0 {
		o.maxIdlePerHost = 32
	}
}
