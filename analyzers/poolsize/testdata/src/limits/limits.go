// Package limits holds transports whose idle-pool settings are checked.
package limits

import (
	"net/http"
	"time"
)

func IdleRaised() *http.Transport {
	return &http.Transport{
		MaxIdleConns:    100, // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=100; set MaxIdleConnsPerHost near the expected concurrency`
		IdleConnTimeout: time.Minute,
	}
}

func ConnsRaised() *http.Transport {
	return &http.Transport{
		MaxConnsPerHost: 50, // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxConnsPerHost=50; set MaxIdleConnsPerHost near the expected concurrency`
		IdleConnTimeout: 90 * time.Second,
	}
}

func IdleRaisedLater() *http.Transport {
	t := &http.Transport{IdleConnTimeout: time.Minute}
	t.MaxIdleConns = 64 // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=64; set MaxIdleConnsPerHost near the expected concurrency`
	return t
}

func IdleFromConfig(n int) *http.Transport {
	return &http.Transport{MaxIdleConns: n, IdleConnTimeout: time.Minute} // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns set; set MaxIdleConnsPerHost near the expected concurrency`
}

func CloneRaised() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxConnsPerHost = 32 // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxConnsPerHost=32; set MaxIdleConnsPerHost near the expected concurrency`
	return t
}

func PerHostSet() *http.Transport {
	return &http.Transport{MaxIdleConns: 100, MaxIdleConnsPerHost: 100, IdleConnTimeout: time.Minute}
}

func PerHostSetLater() *http.Transport {
	t := &http.Transport{MaxIdleConns: 100, IdleConnTimeout: time.Minute}
	t.MaxIdleConnsPerHost = 10
	return t
}

func PerHostExplicitZero() *http.Transport {
	return &http.Transport{MaxIdleConns: 100, MaxIdleConnsPerHost: 0, IdleConnTimeout: time.Minute}
}

func CloneUntouched() *http.Transport {
	return http.DefaultTransport.(*http.Transport).Clone()
}

func SmallPool() *http.Transport {
	return &http.Transport{MaxIdleConns: 2, MaxConnsPerHost: 2, IdleConnTimeout: time.Minute}
}

func NoKeepAlives() *http.Transport {
	return &http.Transport{MaxIdleConns: 100, DisableKeepAlives: true}
}

// idle-timeout-zero

func ZeroLiteral() *http.Transport {
	return &http.Transport{MaxIdleConnsPerHost: 10} // want `IdleConnTimeout is 0 and MaxIdleConnsPerHost 10: a burst's idle connections stay open until the server closes them; set IdleConnTimeout`
}

func ZeroNew() *http.Transport {
	t := new(http.Transport) // want `IdleConnTimeout is 0 and MaxIdleConnsPerHost 4: a burst's idle connections stay open until the server closes them; set IdleConnTimeout`
	t.MaxIdleConnsPerHost = 4
	return t
}

// ExplicitZero keeps idle connections for good, but the clone's pool is
// bounded (MaxIdleConns 100, 2 per host): nothing piles up.
func ExplicitZero() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.IdleConnTimeout = 0
	return t
}

func ExplicitZeroRaised() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 32 // related `MaxIdleConnsPerHost raised here`
	t.IdleConnTimeout = 0      // want `IdleConnTimeout is 0 and MaxIdleConnsPerHost 32: a burst's idle connections stay open until the server closes them; set IdleConnTimeout`
	return t
}

func TimeoutSetLater() *http.Transport {
	t := &http.Transport{MaxIdleConnsPerHost: 10}
	t.IdleConnTimeout = 30 * time.Second
	return t
}

func TimeoutKeepAlivesOff() *http.Transport {
	return &http.Transport{DisableKeepAlives: true}
}

type options struct {
	idleTimeout time.Duration
	maxIdle     int
}

func fromOptions(o options) *http.Transport {
	return &http.Transport{
		MaxIdleConnsPerHost: 8,
		IdleConnTimeout:     o.idleTimeout, // want `IdleConnTimeout is 0, copied from options\.idleTimeout \(never set\): a burst's idle connections stay open until the server closes them`
	}
}

func UseOptions() *http.Transport {
	return fromOptions(options{maxIdle: 8})
}

type setOptions struct {
	idleTimeout time.Duration
}

func fromSetOptions(o setOptions) *http.Transport {
	return &http.Transport{MaxIdleConnsPerHost: 8, IdleConnTimeout: o.idleTimeout}
}

func UseSetOptions() *http.Transport {
	return fromSetOptions(setOptions{idleTimeout: time.Minute})
}

type Tagged struct {
	IdleTimeout time.Duration `json:"idle_timeout"`
}

func fromTagged(o Tagged) *http.Transport {
	return &http.Transport{MaxIdleConnsPerHost: 8, IdleConnTimeout: o.IdleTimeout} // decoded by reflection: unknown
}

// inconsistent-limits

func PerHostAboveTotal() *http.Transport {
	return &http.Transport{
		MaxIdleConns:        100,
		MaxIdleConnsPerHost: 200, // want `MaxIdleConnsPerHost is 200 but MaxIdleConns is 100, so at most 100 are idle in all; raise MaxIdleConns`
		IdleConnTimeout:     time.Minute,
	}
}

func PerHostAboveDefaultTotal() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 200 // want `MaxIdleConnsPerHost is 200 but MaxIdleConns is 100 \(the default\), so at most 100 are idle in all; raise MaxIdleConns`
	return t
}

func ConnsBelowIdle() *http.Transport {
	return &http.Transport{
		MaxConnsPerHost:     4,
		MaxIdleConnsPerHost: 16, // want `MaxIdleConnsPerHost is 16 but MaxConnsPerHost is 4, so at most 4 can be idle; lower MaxIdleConnsPerHost to 4`
		IdleConnTimeout:     time.Minute,
	}
}

func NegativeWithIdle() *http.Transport {
	return &http.Transport{
		MaxIdleConns:        50,
		MaxIdleConnsPerHost: -1, // want `MaxIdleConnsPerHost is -1, which disables idle connections, so the other idle settings do nothing; remove them`
	}
}

func Consistent(n int) *http.Transport {
	return &http.Transport{MaxIdleConns: n, MaxIdleConnsPerHost: 200, IdleConnTimeout: time.Minute}
}

// DefaultCopy spells out http.DefaultTransport's settings, as prometheus'
// and OpenTelemetry's clients do: Go's own default, not an accident.
var DefaultCopy http.RoundTripper = &http.Transport{
	Proxy:                 http.ProxyFromEnvironment,
	MaxIdleConns:          100,
	IdleConnTimeout:       90 * time.Second,
	TLSHandshakeTimeout:   10 * time.Second,
	ExpectContinueTimeout: 1 * time.Second,
}

// A transport used for one short run and dropped: stale idle
// connections do not matter (acmez's examples).
func OneShot(u string) error {
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}, Timeout: time.Second}
	defer c.CloseIdleConnections()
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Literal100 keeps 2 idle connections per host and 100 in all: bounded,
// and the per-host default is idle-per-host-default's concern.
func Literal100() *http.Transport {
	return &http.Transport{MaxIdleConns: 100} // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=100; set MaxIdleConnsPerHost near the expected concurrency`
}

// Sender configures itself like sentry-go's transport: the transport is
// kept in a field of the receiver.
type Sender struct{ transport http.RoundTripper }

func (s *Sender) Configure() {
	s.transport = &http.Transport{MaxIdleConnsPerHost: 4} // want `IdleConnTimeout is 0 and MaxIdleConnsPerHost 4: a burst's idle connections stay open until the server closes them; set IdleConnTimeout`
}

// HandOff gives its client to code that is not seen (acmez's examples
// hand it to an ACME client): not known to outlive the call.
func HandOff(use func(*http.Client)) {
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 4}, Timeout: time.Second}
	use(c)
}

// FetchOnce builds a transport for one request (per-fetch proxy and TLS
// options) and drops it: its requests run one at a time, so the per-host
// idle limit never binds (miniflux's fetcher).
func FetchOnce(url string) (*http.Response, error) {
	t := &http.Transport{MaxIdleConns: 50, IdleConnTimeout: 10 * time.Second}
	c := &http.Client{Transport: t, Timeout: time.Minute}
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Connection", "close")
	return c.Do(req)
}

// FetchConcurrently shares its per-call transport with goroutines, which
// can hit one host at once.
func FetchConcurrently(urls []string) {
	t := &http.Transport{MaxIdleConns: 50, IdleConnTimeout: 10 * time.Second} // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=50; set MaxIdleConnsPerHost near the expected concurrency`
	c := &http.Client{Transport: t, Timeout: time.Minute}
	done := make(chan struct{})
	for _, u := range urls {
		go func() {
			defer func() { done <- struct{}{} }()
			if resp, err := c.Get(u); err == nil {
				resp.Body.Close()
			}
		}()
	}
	for range urls {
		<-done
	}
}
