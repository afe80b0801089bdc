// Package ctor builds clients for package ctoruser.
package ctor

import (
	"net/http"
	"time"
)

func NewClient() *http.Client {
	return &http.Client{Transport: &http.Transport{}}
}

func NewTimedClient(d time.Duration) *http.Client {
	return &http.Client{Timeout: d}
}

func NewPooled() (*http.Client, error) {
	t := &http.Transport{MaxConnsPerHost: 4} // want `MaxConnsPerHost is 4 but this transport has no dial timeout \(nil DialContext\) and no TLSHandshakeTimeout; set both`
	return &http.Client{Transport: t}, nil
}

var Default = &http.Client{}

type Holder struct {
	Client *http.Client
}

func NewHolder() *Holder {
	return &Holder{Client: &http.Client{Timeout: time.Minute}}
}
