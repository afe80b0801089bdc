// Package xfactories calls pool factories of another package
// (factorylib): a call that builds a new pool per request is reported
// as a literal would be, through a factory that returns another's
// result too; a function that returns a kept client is not a factory.
package xfactories

import (
	"net/http"

	"factorylib"
)

func Get(u string) error {
	resp, err := factorylib.New().Get(u) // want `New\(\) creates a new pool per call of Get`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func GetWrapped(u string) error {
	resp, err := factorylib.Wrap().Get(u) // want `Wrap\(\) creates a new pool per call of GetWrapped`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// client returns factorylib's new client: a factory of this package.
func client() *http.Client { return factorylib.New() }

func GetLocal(u string) error {
	resp, err := client().Get(u) // want `client\(\) creates a new pool per call of GetLocal`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func GetAll(urls []string) error {
	for _, u := range urls {
		tr, err := factorylib.NewTransport(u) // want `NewTransport\(\) creates a new pool per loop iteration`
		if err != nil {
			return err
		}
		c := &http.Client{Transport: tr}
		resp, err := c.Get(u)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// Negative cases: one client for all calls, a kept client, and a new
// client kept for later.

func GetShared(u string) error {
	resp, err := factorylib.Shared().Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func GetHeld(h *factorylib.Holder, u string) error {
	resp, err := h.Client().Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type API struct{ c *http.Client }

func NewAPI() *API { return &API{c: factorylib.New()} }

// Notify builds its client from the configuration on each call
// (alertmanager v0.17.0's notifiers): a new pool per notification, though
// the transport is returned inside an auth wrapper and the client is made
// by a constructor over it.
func Notify(token, u string) error {
	c, err := factorylib.NewClientFromConfig(token) // want `NewClientFromConfig\(\) creates a new pool per call of Notify`
	if err != nil {
		return err
	}
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// NotifyKept wraps the library's one transport on each call: the wrapper
// is new, the pool is not.
func NotifyKept(token, u string) error {
	resp, err := factorylib.NewKeptClient(token).Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// A signing round tripper that builds its transport on every request
// (keda v2.19.0's SigV4 round tripper): the factory's keep-alive option
// is off by default, so each request opens a pool that keeps its
// connection.
type signer struct{ key string }

func (s *signer) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Set("X-Signature", s.key)
	t := factorylib.NewOptionTransport() // want `NewOptionTransport\(\) creates a new pool per call of RoundTrip \(no IdleConnTimeout\)`
	return t.RoundTrip(req)
}

// The same through a factory whose option the program sets at run time:
// decided at run time, not reported.
type tunedSigner struct{ key string }

func (s *tunedSigner) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Set("X-Signature", s.key)
	t := factorylib.NewTunableTransport()
	return t.RoundTrip(req)
}
