// Package senders holds go-autorest's shapes before v0.11.9: a sender
// built per call behind a Doer interface, chosen when the caller set
// none, passed through a chain of decorators before it sends.
package senders

import (
	"net/http"
	"sync"
	"time"

	"senders/tracing"
)

type Sender interface {
	Do(*http.Request) (*http.Response, error)
}

type SendDecorator func(Sender) Sender

func DecorateSender(s Sender, decorators ...SendDecorator) Sender {
	for _, decorate := range decorators {
		s = decorate(s)
	}
	return s
}

func SendWithSender(s Sender, r *http.Request, decorators ...SendDecorator) (*http.Response, error) {
	return DecorateSender(s, decorators...).Do(r)
}

// newSender spells DefaultTransport's settings out field by field, and
// wraps the transport in another package's middleware when tracing is on.
func newSender() Sender {
	defaultTransport := http.DefaultTransport.(*http.Transport)
	transport := &http.Transport{
		Proxy:           defaultTransport.Proxy,
		DialContext:     defaultTransport.DialContext,
		MaxIdleConns:    defaultTransport.MaxIdleConns,
		IdleConnTimeout: defaultTransport.IdleConnTimeout,
	}
	var rt http.RoundTripper = transport
	if tracing.IsEnabled() {
		rt = tracing.NewTransport(transport)
	}
	return &http.Client{Transport: rt}
}

type Client struct {
	Sender Sender
}

func (c Client) Do(r *http.Request) (*http.Response, error) {
	return SendWithSender(c.sender(), r) // want `sender\(\) creates a new pool per call of Do; create it once and reuse it`
}

// sender returns the caller's Sender, or a new one by default.
func (c Client) sender() Sender {
	if c.Sender == nil {
		return newSender()
	}
	return c.Sender
}

// Send is the package-level convenience send.
func Send(r *http.Request, decorators ...SendDecorator) (*http.Response, error) {
	return SendWithSender(newSender(), r, decorators...) // want `newSender\(\) creates a new pool per call of Send; create it once and reuse it`
}

// The fix (go-autorest v0.11.9): one sender, built once.
var shared struct {
	once   sync.Once
	sender Sender
}

func sharedSender() Sender {
	shared.once.Do(func() {
		shared.sender = newSharedClient()
	})
	return shared.sender
}

func newSharedClient() *http.Client {
	return &http.Client{Transport: &http.Transport{MaxIdleConns: 100, MaxIdleConnsPerHost: 100, IdleConnTimeout: 90 * time.Second}}
}

func SendShared(r *http.Request) (*http.Response, error) {
	return SendWithSender(sharedSender(), r)
}

// uploadClient returns the shared default client when no certificate is
// configured, and a client with a new transport otherwise (goreleaser's
// getHTTPClient): the configured path is still a pool per call.
func uploadClient(trustedCerts string) (*http.Client, error) {
	if trustedCerts == "" {
		return http.DefaultClient, nil
	}
	transport := &http.Transport{IdleConnTimeout: 90 * time.Second}
	return &http.Client{Transport: transport}, nil
}

func Upload(r *http.Request, trustedCerts string) (*http.Response, error) {
	client, err := uploadClient(trustedCerts) // want `uploadClient\(\) creates a new pool per call of Upload; create it once and reuse it`
	if err != nil {
		return nil, err
	}
	return client.Do(r)
}
