package config

import (
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
