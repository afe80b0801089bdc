// want package:"relevant" package:"keepsconfig"

// Package ctor exports summaries of its constructors, variables and
// fields.
package ctor

import (
	"net"
	"net/http"
	"time"
)

func NewClient() *http.Client { // want NewClient:`^0:client\(timeout=0s\),factory$`
	return &http.Client{Transport: &http.Transport{}}
}

func NewTimedClient(d time.Duration) *http.Client { // want NewTimedClient:`^0:client\(timeout=set\)$`
	return &http.Client{Timeout: d}
}

func NewPooled() (*http.Client, error) { // want NewPooled:`^0:client\(timeout=0s\),factory$`
	t := &http.Transport{MaxConnsPerHost: 4}
	return &http.Client{Transport: t}, nil
}

// NewTransport is a factory though it returns an interface: every call
// builds a new pool behind the RoundTripper.
func NewTransport() http.RoundTripper { // want NewTransport:`^0:transport\(DialTimeout=5s,MaxConnsPerHost=8,MaxIdleConnsPerHost=100\),factory$`
	t := &http.Transport{
		MaxConnsPerHost: 8,
		DialContext:     (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
	}
	t.MaxIdleConnsPerHost = 100
	return t
}

func CloneDefault() *http.Transport { // want CloneDefault:`^0:transport\(IdleConnTimeout=0s\),factory$`
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.IdleConnTimeout = 0
	return t
}

func FromParam(c *http.Client) *http.Client { return c } // unknown: no fact

// NewDefault returns NewClient's client: a factory too.
func NewDefault() *http.Client { return NewClient() } // want NewDefault:`^0:client\(timeout=0s\),factory$`

var shared = &http.Transport{MaxConnsPerHost: 2}

// Shared returns one transport for all calls: not a factory.
func Shared() *http.Transport { return shared } // want Shared:`^0:transport\(MaxConnsPerHost=2\)$`

var Default = &http.Client{} // want Default:`0:client\(timeout=0s\)`

type Holder struct {
	Client *http.Client // want Client:`0:client\(timeout=1m0s\)`
	other  *http.Client
}

func NewHolder(c *http.Client) *Holder { // want NewHolder:`readonly\(0\)`
	return &Holder{Client: &http.Client{Timeout: time.Minute}, other: c}
}

// API keeps the client its constructor is given and sends through it.
type API struct {
	hc *http.Client
}

// NewAPI keeps c in the result's field hc: a send through that field is
// a send through the caller's argument.
func NewAPI(c *http.Client) *API { // want NewAPI:`^readonly\(0\) holds\(hc=param0\)$`
	return &API{hc: c}
}

// Get sends through the receiver's field with no deadline.
func (a *API) Get(u string) error { // want Get:`^sends\(client=param0.hc,deadline=none\)$`
	resp, err := a.hc.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
