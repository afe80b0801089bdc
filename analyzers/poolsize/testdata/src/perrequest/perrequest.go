// Package perrequest holds connection pools built per request.
package perrequest

import (
	"net/http"
	"net/http/httputil"
	"net/url"
	"sync"
	"time"
)

func Handler(w http.ResponseWriter, r *http.Request) {
	c := &http.Client{Transport: &http.Transport{IdleConnTimeout: time.Minute}, Timeout: time.Second} // want `http.Transport creates a new pool per request in this handler; create it once and reuse it`
	resp, err := c.Get("http://backend/")
	if err == nil {
		resp.Body.Close()
	}
}

type Proxy struct{}

func (p *Proxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	t := http.DefaultTransport.(*http.Transport).Clone() // want `\(\*http.Transport\).Clone\(\) creates a new pool per request in this handler; create it once and reuse it`
	resp, err := t.RoundTrip(r)
	if err == nil {
		resp.Body.Close()
	}
}

func Loop(urls []string) {
	for _, u := range urls {
		c := &http.Client{Transport: &http.Transport{IdleConnTimeout: time.Minute}, Timeout: time.Second} // want `http.Transport creates a new pool per loop iteration; create it once and reuse it`
		if resp, err := c.Get(u); err == nil {
			resp.Body.Close()
		}
	}
}

func PerCall(u string) error {
	t := &http.Transport{} // want `http.Transport creates a new pool per call of PerCall \(no IdleConnTimeout\); create it once and reuse it`
	c := &http.Client{Transport: t, Timeout: time.Second}
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func ThroughHelper(u string) {
	t := http.DefaultTransport.(*http.Transport).Clone() // want `\(\*http.Transport\).Clone\(\) creates a new pool per call of ThroughHelper; create it once and reuse it`
	send(&http.Client{Transport: t, Timeout: time.Second}, u)
}

// Poll calls ThroughHelper per URL: a new pool per request.
func Poll(urls []string) {
	for _, u := range urls {
		ThroughHelper(u)
	}
}

func send(c *http.Client, u string) {
	if resp, err := c.Get(u); err == nil {
		resp.Body.Close()
	}
}

// Negative cases.

func Closed(u string) {
	t := http.DefaultTransport.(*http.Transport).Clone()
	defer t.CloseIdleConnections()
	c := &http.Client{Transport: t, Timeout: time.Second}
	if resp, err := c.Get(u); err == nil {
		resp.Body.Close()
	}
}

func ClosedThroughClient(u string) {
	c := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Second}
	defer c.CloseIdleConnections()
	if resp, err := c.Get(u); err == nil {
		resp.Body.Close()
	}
}

func KeepAlivesOff(u string) {
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: time.Second}
	if resp, err := c.Get(u); err == nil {
		resp.Body.Close()
	}
}

type Service struct{ client *http.Client }

func NewService() *Service {
	return &Service{client: &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Second}}
}

func (s *Service) Get(u string) {
	if resp, err := s.client.Get(u); err == nil {
		resp.Body.Close()
	}
}

var (
	once   sync.Once
	shared *http.Client
)

func Shared() *http.Client {
	once.Do(func() {
		shared = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Second}
	})
	return shared
}

var global = &http.Transport{IdleConnTimeout: time.Minute, MaxIdleConnsPerHost: 10}

func UsesGlobal(u string) {
	c := &http.Client{Transport: global, Timeout: time.Second}
	if resp, err := c.Get(u); err == nil {
		resp.Body.Close()
	}
}

func Returned() *http.Client {
	return &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Second}
}

func NeverUsed() {
	_ = http.DefaultTransport.(*http.Transport).Clone() // no request goes through it: no connections
}

// main is an ordinary function here (not package main), called by
// nothing in the package; its pool closes idle connections after 90s
// (Clone keeps DefaultTransport's IdleConnTimeout): a call costs a
// handshake, at a rate only unseen callers decide.
func main() {
	c := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Second}
	c.Get("http://example.com/")
}

// Collect is called by other packages, at a rate they decide: a
// library's default path is a call per request, though the pool closes
// its idle connections by itself.
func Collect(u string) error {
	c := &http.Client{Transport: &http.Transport{IdleConnTimeout: 90 * time.Second}, Timeout: 5 * time.Second} // want `http.Transport creates a new pool per call of Collect; create it once and reuse it`
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// RunCollector sends the usage report once a day (traefik's anonymous
// usage collector): collect runs only from here, and its pool closes
// its idle connections by itself.
func RunCollector(u string) {
	for {
		collect(u)
		time.Sleep(24 * time.Hour)
	}
}

func collect(u string) error {
	c := &http.Client{Transport: &http.Transport{IdleConnTimeout: 90 * time.Second}, Timeout: 5 * time.Second}
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// CollectZero is Collect with a pool that never closes its idle
// connections: each call leaves one open until the server drops it.
func CollectZero(u string) error {
	c := &http.Client{Transport: &http.Transport{}, Timeout: 5 * time.Second} // want `http.Transport creates a new pool per call of CollectZero \(no IdleConnTimeout\); create it once and reuse it`
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// FetchRetrying replaces its client after a failed attempt (cosign's
// HTTP/1.1 fallback): the new pool serves the next attempts, not the
// iteration that builds it, so it is a pool per call of FetchRetrying,
// whose callers are in other packages.
func FetchRetrying(u string) (*http.Response, error) {
	c := &http.Client{Timeout: time.Second}
	var err error
	for i := 0; i < 3; i++ {
		var resp *http.Response
		resp, err = c.Get(u)
		if err == nil {
			return resp, nil
		}
		t := http.DefaultTransport.(*http.Transport).Clone() // want `\(\*http.Transport\).Clone\(\) creates a new pool per call of FetchRetrying; create it once and reuse it`
		t.ForceAttemptHTTP2 = false
		c = &http.Client{Transport: t, Timeout: time.Second}
	}
	return nil, err
}

// PerRequestProxy: a ReverseProxy built per request sends through a new transport each
// time.
func PerRequestProxy(target *url.URL) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p := httputil.NewSingleHostReverseProxy(target)
		p.Transport = &http.Transport{IdleConnTimeout: time.Minute} // want `http.Transport creates a new pool per request in this handler; create it once and reuse it`
		p.ServeHTTP(w, r)
	}
}

func ProxyLiteral(target *url.URL) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		p := &httputil.ReverseProxy{
			Rewrite:   func(pr *httputil.ProxyRequest) { pr.SetURL(target) },
			Transport: &http.Transport{IdleConnTimeout: time.Minute}, // want `http.Transport creates a new pool per request in this handler; create it once and reuse it`
		}
		p.ServeHTTP(w, r)
	}
}

// One proxy, one transport, built once: not per request.
func SharedProxy(target *url.URL) http.Handler {
	p := httputil.NewSingleHostReverseProxy(target)
	p.Transport = &http.Transport{IdleConnTimeout: time.Minute, MaxIdleConnsPerHost: 32}
	return p
}

// roundTripperFunc adapts a function to http.RoundTripper.
type roundTripperFunc func(*http.Request) (*http.Response, error)

func (f roundTripperFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// ClosureClient's transport is captured by the RoundTripper of the client
// it returns (dagger's defaultHTTPClient): it lives as long as that
// client, not per call.
func ClosureClient(token string) *http.Client {
	t := &http.Transport{IdleConnTimeout: time.Minute, MaxIdleConnsPerHost: 4}
	return &http.Client{
		Timeout: time.Minute,
		Transport: roundTripperFunc(func(r *http.Request) (*http.Response, error) {
			r.SetBasicAuth(token, "")
			return t.RoundTrip(r)
		}),
	}
}

// JoinAll builds the pool on one branch of each iteration and sends
// through it in that same iteration: a pool per loop iteration.
func JoinAll(pools []string, secure bool) {
	for _, p := range pools {
		c := http.DefaultClient
		if secure {
			c = &http.Client{Transport: &http.Transport{}, Timeout: time.Second} // want `http.Transport creates a new pool per loop iteration \(no IdleConnTimeout\); create it once and reuse it`
		}
		if resp, err := c.Post(p, "application/json", nil); err == nil {
			resp.Body.Close()
		}
	}
}

// Rejoin is JoinAll paced by an hour (syncthing's relay pool re-join):
// the server has closed the previous iteration's connections by then.
func Rejoin(pool string, secure bool) {
	for {
		c := http.DefaultClient
		if secure {
			c = &http.Client{Transport: &http.Transport{}, Timeout: time.Second}
		}
		if resp, err := c.Post(pool, "application/json", nil); err == nil {
			resp.Body.Close()
		}
		time.Sleep(time.Hour)
	}
}

// tokenSource fetches a token when the cached one is missing or about
// to expire (OPA's OAuth2 client credentials plugin): fetch runs once
// per token lifetime, not per request, though Prepare runs per request.
type tokenSource struct {
	token   *cachedToken
	byScope map[string]*cachedToken
}

type cachedToken struct {
	value   string
	expires time.Time
}

func (ts *tokenSource) Prepare(req *http.Request) error {
	if ts.token == nil || time.Until(ts.token.expires) < 10*time.Second {
		t, err := ts.fetch()
		if err != nil {
			return err
		}
		ts.token = t
	}
	req.Header.Set("Authorization", "Bearer "+ts.token.value)
	return nil
}

func (ts *tokenSource) fetch() (*cachedToken, error) {
	c := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Second}
	resp, err := c.Get("https://auth.example.com/token")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &cachedToken{expires: time.Now().Add(time.Hour)}, nil
}

// ForScope caches a token per scope in a map.
func (ts *tokenSource) ForScope(scope string) *cachedToken {
	if t, ok := ts.byScope[scope]; ok {
		return t
	}
	t, _ := ts.fetchScope(scope)
	ts.byScope[scope] = t
	return t
}

func (ts *tokenSource) fetchScope(scope string) (*cachedToken, error) {
	c := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Second}
	resp, err := c.Get("https://auth.example.com/token?scope=" + scope)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &cachedToken{}, nil
}

// Refresh stores the token it fetches but tests nothing first: a fetch
// per call of Refresh.
func (ts *tokenSource) Refresh() error {
	t, err := ts.fetchAgain()
	ts.token = t
	return err
}

func (ts *tokenSource) fetchAgain() (*cachedToken, error) {
	c := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Second} // want `\(\*http.Transport\).Clone\(\) creates a new pool per call of fetchAgain`
	resp, err := c.Get("https://auth.example.com/token")
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	return &cachedToken{}, nil
}
