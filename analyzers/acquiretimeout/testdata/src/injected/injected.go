// Package injected holds clients that callers may inject, with a default
// when they pass none: the default path is judged.
package injected

import (
	"net/http"
	"time"
)

type Settings struct {
	Client *http.Client
}

type Bot struct {
	client *http.Client
}

func NewBot(pref Settings) *Bot {
	client := pref.Client
	if client == nil {
		client = http.DefaultClient // want `the fallback http\.DefaultClient has no Timeout and its requests no deadline; fall back to a Client with Timeout`
	}
	return &Bot{client: client}
}

func (b *Bot) Raw(u string) error {
	req, err := http.NewRequest("POST", u, nil)
	if err != nil {
		return err
	}
	resp, err := b.client.Do(req) // related `request without a deadline sent here`
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func withElse(c *http.Client, u string) {
	if c == nil {
		c = &http.Client{} // want `the fallback client has no Timeout and its requests no deadline; set its Timeout`
	} else {
		u += "/"
	}
	c.Get(u) // related `request without a deadline sent here`
}

// Negative cases: a bounded default, and an injected client without a
// default (the caller's business).

type Safe struct{ client *http.Client }

func NewSafe(c *http.Client) *Safe {
	if c == nil {
		c = &http.Client{Timeout: 30 * time.Second}
	}
	return &Safe{client: c}
}

func (s *Safe) Get(u string) { s.client.Get(u) }

func plain(c *http.Client, u string) { c.Get(u) }

func notNilTest(c *http.Client, u string, other bool) {
	if other {
		c = http.DefaultClient
	}
	c.Get(u)
}

// A lazily set default in a field that callers (or options) may set.
type Parser struct {
	Client *http.Client
}

func (p *Parser) client() *http.Client {
	if p.Client == nil {
		p.Client = &http.Client{} // want `the fallback client has no Timeout and its requests no deadline; set its Timeout`
	}
	return p.Client
}

func (p *Parser) Fetch(u string) {
	p.client().Get(u) // related `request without a deadline sent here`
}

type Provider struct{ c *http.Client }

func WithClient(c *http.Client) func(*Provider) { return func(p *Provider) { p.c = c } }

func (p *Provider) get(u string) {
	if p.c == nil {
		p.c = &http.Client{Timeout: time.Minute}
	}
	p.c.Get(u) // a bounded default: silent
}

// Send sends with the caller's client, or http.DefaultClient when it
// passes nil: reported here, on the default path.
func Send(c *http.Client, u string) {
	if c == nil {
		c = http.DefaultClient // want `the fallback http\.DefaultClient has no Timeout and its requests no deadline; fall back to a Client with Timeout`
	}
	c.Get(u) // related `request without a deadline sent here`
}

// A client the constructor defaults and an exported option replaces
// (hcloud-go's metadata client): the option's client is the caller's,
// the constructor's is the default path.
type Metadata struct {
	endpoint string
	hc       *http.Client
}

type MetadataOption func(*Metadata)

func WithHTTPClient(h *http.Client) MetadataOption {
	return func(m *Metadata) { m.hc = h }
}

func NewMetadata(opts ...MetadataOption) *Metadata {
	m := &Metadata{
		endpoint: "http://169.254.169.254",
		hc:       &http.Client{}, // want `the fallback client has no Timeout and its requests no deadline; set its Timeout`
	}
	for _, o := range opts {
		o(m)
	}
	return m
}

func (m *Metadata) Hostname() {
	m.hc.Get(m.endpoint + "/hostname") // related `request without a deadline sent here`
}

// The same shape with a bounded default, and with a setter: silent.
type Bounded struct{ hc *http.Client }

func NewBounded() *Bounded { return &Bounded{hc: &http.Client{Timeout: time.Minute}} }

func (b *Bounded) SetHTTPClient(h *http.Client) { b.hc = h }

func (b *Bounded) Get(u string) { b.hc.Get(u) }

// Only callers set the field: no default of the package to judge.
type OnlyInjected struct{ hc *http.Client }

func WithOnly(h *http.Client) func(*OnlyInjected) {
	return func(o *OnlyInjected) { o.hc = h }
}

func (o *OnlyInjected) Get(u string) { o.hc.Get(u) }
