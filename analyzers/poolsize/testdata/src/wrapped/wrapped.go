// Package wrapped hands its transports to RoundTripper middleware: the
// pool and its settings stay the wrapped transport's.
package wrapped

import (
	"net/http"
	"time"

	"wrapped/tracing"
)

// logging is a middleware of this package that calls Base through the
// http.RoundTripper interface.
type logging struct {
	Base http.RoundTripper
}

func (l *logging) RoundTrip(r *http.Request) (*http.Response, error) {
	return l.Base.RoundTrip(r)
}

var shared = &http.Client{
	Transport: &logging{Base: &http.Transport{MaxIdleConns: 100, IdleConnTimeout: time.Minute}}, // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxIdleConns=100; set MaxIdleConnsPerHost near the expected concurrency`
	Timeout:   10 * time.Second,
}

var traced = &http.Client{
	Transport: &tracing.Transport{Base: &http.Transport{IdleConnTimeout: time.Minute, MaxConnsPerHost: 50}}, // want `MaxIdleConnsPerHost is 2 \(the default\) with MaxConnsPerHost=50; set MaxIdleConnsPerHost near the expected concurrency`
	Timeout:   10 * time.Second,
}

func Use(u string) {
	shared.Get(u)
	traced.Get(u)
}

func PerCall(u string) error {
	t := &http.Transport{IdleConnTimeout: time.Minute} // want `http.Transport creates a new pool per call of PerCall; create it once and reuse it`
	c := &http.Client{Transport: &logging{Base: t}, Timeout: 10 * time.Second}
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func PerCallOther(u string) error {
	t := &http.Transport{IdleConnTimeout: time.Minute} // want `http.Transport creates a new pool per call of PerCallOther; create it once and reuse it`
	c := &http.Client{Transport: &tracing.Transport{Base: t}, Timeout: 10 * time.Second}
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// PerItem sends through both once per item.
func PerItem(urls []string) {
	for _, u := range urls {
		PerCall(u)
		PerCallOther(u)
	}
}

// Kept: the wrapped transport is built once and stored.
var kept = &http.Transport{IdleConnTimeout: time.Minute, MaxIdleConnsPerHost: 16}

func Reused(u string) error {
	c := &http.Client{Transport: &logging{Base: kept}, Timeout: 10 * time.Second}
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}
