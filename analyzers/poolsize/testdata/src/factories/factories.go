// Package factories holds pools built by helper functions: a helper that
// returns a new transport, or a client over one, on every call creates a
// pool at each call as a literal does.
package factories

import (
	"crypto/tls"
	"errors"
	"net/http"
	"sync"
	"time"
)

type Getter struct {
	insecure bool
	client   *http.Client
}

func (g *Getter) httpClient() (*http.Client, error) {
	transport := &http.Transport{DisableCompression: true, IdleConnTimeout: time.Minute}
	if g.insecure {
		return nil, errors.New("insecure transport not allowed")
	}
	return &http.Client{Transport: transport, Timeout: time.Minute}, nil
}

func (g *Getter) Get(u string) error {
	client, err := g.httpClient() // want `httpClient\(\) creates a new pool per call of Get; create it once and reuse it`
	if err != nil {
		return err
	}
	resp, err := client.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// ServeHTTP fetches per inbound request.
func (g *Getter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.Get(r.URL.Query().Get("u"))
}

func newTransport() *http.Transport {
	return http.DefaultTransport.(*http.Transport).Clone()
}

func fetchAll(urls []string) {
	for _, u := range urls {
		c := &http.Client{Transport: newTransport(), Timeout: time.Second} // want `newTransport\(\) creates a new pool per loop iteration; create it once and reuse it`
		c.Get(u)
	}
}

// Negative cases: the result kept for later use, a factory that returns
// a shared transport, and the one call of main.

func NewGetter() (*Getter, error) {
	g := &Getter{}
	c, err := g.httpClient()
	if err != nil {
		return nil, err
	}
	g.client = c
	return g, nil
}

var shared = &http.Transport{IdleConnTimeout: time.Minute, MaxIdleConnsPerHost: 8}

func sharedTransport() *http.Transport { return shared }

func fetchShared(u string) {
	c := &http.Client{Transport: sharedTransport(), Timeout: time.Second}
	c.Get(u)
}

// createRequest returns a new pool only when TLS options are given (OPA's
// createHTTPRequest): a caller that sends once and drops the client
// leaks that pool on every call.
func createRequest(u string, insecure bool) (*http.Request, *http.Client, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, nil, err
	}
	client := &http.Client{Timeout: time.Second}
	if insecure {
		tr := http.DefaultTransport.(*http.Transport).Clone()
		tr.TLSClientConfig = &tls.Config{InsecureSkipVerify: true}
		client.Transport = tr
	}
	return req, client, nil
}

func SendOnce(u string, insecure bool) error {
	req, client, err := createRequest(u, insecure) // want `createRequest\(\) creates a new pool per call of SendOnce; create it once and reuse it`
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// SendAll sends once per item (OPA evaluates http.send per query).
func SendAll(urls []string, insecure bool) {
	for _, u := range urls {
		SendOnce(u, insecure)
	}
}

// A helper whose client uses a shared transport on every path.
var customTransport = &http.Transport{IdleConnTimeout: time.Minute, MaxIdleConnsPerHost: 8}

func createShared(u string, custom bool) (*http.Request, *http.Client, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, nil, err
	}
	client := &http.Client{Timeout: time.Second}
	if custom {
		client.Transport = customTransport
	}
	return req, client, nil
}

func SendShared(u string) error {
	req, client, err := createShared(u, true)
	if err != nil {
		return err
	}
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// OnceGetter builds its transport once (helm's fixed HTTPGetter): the
// client it returns on each call shares that pool.
type OnceGetter struct {
	once      sync.Once
	transport *http.Transport
	custom    http.RoundTripper
}

func (g *OnceGetter) httpClient() (*http.Client, error) {
	if g.custom != nil {
		return &http.Client{Transport: g.custom, Timeout: time.Minute}, nil
	}
	g.once.Do(func() {
		g.transport = &http.Transport{IdleConnTimeout: time.Minute, MaxIdleConnsPerHost: 4}
	})
	return &http.Client{Transport: g.transport, Timeout: time.Minute}, nil
}

func (g *OnceGetter) Get(u string) error {
	client, err := g.httpClient()
	if err != nil {
		return err
	}
	resp, err := client.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A factory whose every caller drops the pool: one pool per call, which
// transport-per-request reports at the call; the pool is not long-lived,
// so idle-timeout-zero says nothing at the literal.
func newRaisedTransport() *http.Transport {
	return &http.Transport{MaxIdleConnsPerHost: 16}
}

func FetchOnce(u string) error {
	c := &http.Client{Transport: newRaisedTransport(), Timeout: time.Second} // want `newRaisedTransport\(\) creates a new pool per call of FetchOnce`
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
