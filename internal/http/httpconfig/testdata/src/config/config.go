package config

import (
	"encoding/json"
	"net"
	"net/http"
	"time"
)

func client(*http.Client)         {}
func transport(http.RoundTripper) {}

func literals(d time.Duration) {
	c := &http.Client{}
	client(c) // want `client: zero timeout=0s transport\(MaxIdleConnsPerHost=0\)`
	c2 := &http.Client{Timeout: 5 * time.Second}
	client(c2) // want `client: zero timeout=5s`
	c3 := &http.Client{}
	c3.Timeout = d
	client(c3)                 // want `client: zero timeout=set`
	client(http.DefaultClient) // want `client: default timeout=0s transport\(MaxIdleConnsPerHost=0\)`
}

func transports() {
	t := &http.Transport{MaxIdleConns: 100, IdleConnTimeout: time.Minute}
	transport(t) // want `transport: zero fresh=true IdleConnTimeout=1m0s MaxIdleConns=100 MaxIdleConnsPerHost=0`
	cl := http.DefaultTransport.(*http.Transport).Clone()
	cl.MaxIdleConnsPerHost = 32
	transport(cl) // want `transport: default fresh=true MaxIdleConnsPerHost=32`
	d := &http.Transport{DialContext: (&net.Dialer{Timeout: time.Second}).DialContext}
	transport(d) // want `transport: zero fresh=true DialTimeout=1s MaxIdleConnsPerHost=0`
}

// newClient is a constructor: its callers see what it builds.
func newClient() *http.Client {
	return &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{MaxConnsPerHost: 8}}
}

func constructed(param *http.Client) {
	client(newClient()) // want `client: zero timeout=10s transport\(MaxConnsPerHost=8 MaxIdleConnsPerHost=0\)`
	client(param)       // want `client: unknown timeout=unknown transport\(MaxIdleConnsPerHost=unknown\)`
}

// uaTransport wraps an *http.Transport: its configuration is the
// wrapped transport's.
type uaTransport struct {
	*http.Transport
	ua string
}

func (t *uaTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("User-Agent", t.ua)
	return t.Transport.RoundTrip(req)
}

func wrap(t *http.Transport) *uaTransport { return wrapUA(t, "probe") }

func wrapUA(t *http.Transport, ua string) *uaTransport { return &uaTransport{Transport: t, ua: ua} }

// tune changes the transport it wraps: not a plain wrapper.
func tune(t *http.Transport) *uaTransport {
	t.MaxIdleConnsPerHost = 9
	return &uaTransport{Transport: t}
}

func newWrapped(customize func(*http.Transport)) *uaTransport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.ResponseHeaderTimeout = time.Second
	if customize != nil {
		customize(t)
	}
	return wrap(t)
}

func wrappers() {
	transport(&uaTransport{Transport: &http.Transport{MaxIdleConnsPerHost: 7}}) // want `transport: zero fresh=true MaxIdleConnsPerHost=7`
	transport(wrap(&http.Transport{MaxIdleConnsPerHost: 8}))                    // want `transport: zero fresh=true MaxIdleConnsPerHost=8`
	transport(newWrapped(nil))                                                  // want `transport: default fresh=true MaxIdleConnsPerHost=0 ResponseHeaderTimeout=1s`
	transport(tune(&http.Transport{}))                                          // want `transport: unknown fresh=true MaxIdleConnsPerHost=unknown`
	client(&http.Client{Transport: newWrapped(nil)})                            // want `client: zero timeout=0s transport\(MaxIdleConnsPerHost=0 ResponseHeaderTimeout=1s\)`
}

// bearer is a middleware: one round tripper field it delegates to. Its
// pool is the inner one's, through a constructor that takes an
// http.RoundTripper.
type bearer struct {
	token string
	next  http.RoundTripper
}

func (b *bearer) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.Header.Set("Authorization", "Bearer "+b.token)
	return b.next.RoundTrip(req)
}

func withBearer(token string, rt http.RoundTripper) http.RoundTripper { return &bearer{token, rt} }

// fallback holds two round trippers: which one a request takes is decided
// at run time, not a wrapper.
type fallback struct {
	primary, secondary http.RoundTripper
}

func (f *fallback) RoundTrip(req *http.Request) (*http.Response, error) {
	if resp, err := f.primary.RoundTrip(req); err == nil {
		return resp, nil
	}
	return f.secondary.RoundTrip(req)
}

// holder has a round tripper field but no RoundTrip of its own.
type holder struct{ rt http.RoundTripper }

func fromConfig(token string) (http.RoundTripper, error) {
	var rt http.RoundTripper = &http.Transport{MaxIdleConnsPerHost: 1000, IdleConnTimeout: time.Minute}
	if token != "" {
		rt = withBearer(token, rt)
	}
	return rt, nil
}

func middlewares() {
	transport(withBearer("t", &http.Transport{MaxIdleConnsPerHost: 6})) // want `transport: zero fresh=true MaxIdleConnsPerHost=6`
	transport(&bearer{next: &http.Transport{MaxIdleConnsPerHost: 5}})   // want `transport: zero fresh=true MaxIdleConnsPerHost=5`
	rt, _ := fromConfig("t")
	transport(rt)                                              // want `transport: zero fresh=true IdleConnTimeout=1m0s MaxIdleConnsPerHost=1000`
	transport(&fallback{&http.Transport{}, &http.Transport{}}) // want `transport: unknown fresh=true MaxIdleConnsPerHost=unknown`
	h := &holder{rt: &http.Transport{MaxIdleConnsPerHost: 4}}
	transport(h.rt) // want `transport: zero fresh=true MaxIdleConnsPerHost=4`
}

// fromJSON fills the transport in another package, then sets fields: those
// stored after the call (on some path, as for every store) are known, the
// rest, IdleConnTimeout among them, is not.
func fromJSON(b []byte, later bool) {
	t := new(http.Transport)
	t.IdleConnTimeout = time.Second
	json.Unmarshal(b, t)
	t.MaxIdleConnsPerHost = 3
	if later {
		t.ResponseHeaderTimeout = time.Second
	}
	transport(t) // want `transport: unknown fresh=true MaxIdleConnsPerHost=3 ResponseHeaderTimeout=1s`
}
