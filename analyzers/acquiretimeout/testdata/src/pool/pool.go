// Package pool holds transports that cap connections per host
// (incidents 002 and 004).
package pool

import (
	"context"
	"net"
	"net/http"
	"time"
)

func Capped(u string) {
	t := &http.Transport{MaxConnsPerHost: 8} // want `MaxConnsPerHost is 8 but the client has no Timeout: requests with no deadline queue forever; set Client.Timeout` `MaxConnsPerHost is 8 but this transport has no dial timeout \(nil DialContext\) and no TLSHandshakeTimeout; set both`
	c := &http.Client{Transport: t}
	req, _ := http.NewRequest("GET", u, nil)
	c.Do(req)
}

func CappedLaterStore(u string) {
	t := &http.Transport{}
	t.MaxConnsPerHost = 16 // want `MaxConnsPerHost is 16 but the client has no Timeout: requests with no deadline queue forever; set Client.Timeout` `MaxConnsPerHost is 16 but this transport has no dial timeout \(nil DialContext\) and no TLSHandshakeTimeout; set both`
	c := &http.Client{Transport: t}
	c.Get(u)
}

func CappedWithTimeouts(u string) {
	t := &http.Transport{ // no finding: every wait is bounded
		MaxConnsPerHost:     8,
		DialContext:         (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
		TLSHandshakeTimeout: 5 * time.Second,
	}
	c := &http.Client{Transport: t, Timeout: 30 * time.Second}
	c.Get(u)
}

func CappedZeroDialer(u string) {
	d := &net.Dialer{KeepAlive: 30 * time.Second}
	t := &http.Transport{
		MaxConnsPerHost:     8, // want `MaxConnsPerHost is 8 but this transport has no dial timeout; use a net.Dialer with Timeout`
		DialContext:         d.DialContext,
		TLSHandshakeTimeout: 5 * time.Second,
	}
	c := &http.Client{Transport: t, Timeout: 30 * time.Second}
	c.Get(u)
}

func CappedNoTLSTimeout(u string) {
	t := &http.Transport{
		MaxConnsPerHost: 8, // want `MaxConnsPerHost is 8 but this transport has no TLSHandshakeTimeout; set TLSHandshakeTimeout`
		DialContext:     (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
	}
	c := &http.Client{Transport: t, Timeout: 30 * time.Second}
	c.Get(u)
}

func CappedClone(u string) {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxConnsPerHost = 8 // want `MaxConnsPerHost is 8 but the client has no Timeout: requests with no deadline queue forever; set Client.Timeout`
	c := &http.Client{Transport: t}
	c.Get(u)
}

func CappedDeadline(ctx context.Context, u string) {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxConnsPerHost = 8 // every request has a deadline
	c := &http.Client{Transport: t}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", u, nil)
	c.Do(req)
}

func HeaderTimeoutOnly(u string) {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.ResponseHeaderTimeout = 10 * time.Second
	c := &http.Client{Transport: t} // want `http\.Client has no Timeout and ResponseHeaderTimeout \(10s\) does not bound the body; set a Timeout or a deadline`
	c.Get(u)                        // related `request without a deadline sent here`
}

func CustomDialer(dial func(ctx context.Context, network, addr string) (net.Conn, error), u string) {
	t := &http.Transport{
		MaxConnsPerHost:     8,
		DialContext:         dial, // unknown dial function: trusted
		TLSHandshakeTimeout: 5 * time.Second,
	}
	c := &http.Client{Transport: t, Timeout: time.Minute}
	c.Get(u)
}
