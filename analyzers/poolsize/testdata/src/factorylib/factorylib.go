// Package factorylib builds clients for the xfactories fixtures: its
// facts say which of its functions build a new pool on each call.
package factorylib

import (
	"net/http"
	"time"
)

// New builds a new pool on each call.
func New() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxConnsPerHost: 8}, Timeout: time.Second}
}

// Wrap returns New's client: a new pool on each call too.
func Wrap() *http.Client { return New() }

// NewTransport builds a new transport on each call, or fails.
func NewTransport(proxy string) (*http.Transport, error) {
	if proxy == "" {
		return nil, http.ErrMissingFile
	}
	return &http.Transport{IdleConnTimeout: time.Minute}, nil
}

var shared = &http.Client{Transport: &http.Transport{MaxConnsPerHost: 8}, Timeout: time.Second}

// Shared returns the one client of the package.
func Shared() *http.Client { return shared }

// A Holder keeps the client New built.
type Holder struct{ c *http.Client }

// NewHolder returns a holder of a new client.
func NewHolder() *Holder { return &Holder{c: New()} }

// Client returns the holder's client, the same on each call.
func (h *Holder) Client() *http.Client { return h.c }
