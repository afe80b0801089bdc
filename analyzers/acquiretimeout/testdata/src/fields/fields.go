// Package fields holds clients kept in struct fields and package
// variables.
package fields

import (
	"net/http"
	"time"
)

type Service struct {
	client *http.Client
	base   string
}

func NewService(base string) *Service {
	return &Service{client: &http.Client{}, base: base} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
}

func (s *Service) Fetch() (*http.Response, error) {
	req, err := http.NewRequest("GET", s.base, nil)
	if err != nil {
		return nil, err
	}
	return s.client.Do(req) // related `request without a deadline sent here`
}

type Timed struct {
	client *http.Client
}

func NewTimed() *Timed {
	t := &Timed{client: &http.Client{}}
	t.client.Timeout = 30 * time.Second
	return t
}

func (t *Timed) Fetch(u string) {
	t.client.Get(u)
}

type Injected struct {
	client *http.Client
}

func NewInjected(c *http.Client) *Injected { return &Injected{client: c} }

func (i *Injected) Fetch(u string) {
	i.client.Get(u) // the caller's client
}

var shared = &http.Client{} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`

func Shared(u string) {
	shared.Get(u) // related `request without a deadline sent here`
}

var sharedTimed = &http.Client{Timeout: 5 * time.Second}

func SharedTimed(u string) {
	sharedTimed.Get(u)
}

var configuredInInit = &http.Client{}

func init() {
	configuredInInit.Timeout = time.Minute
}

func ConfiguredInInit(u string) {
	configuredInInit.Get(u)
}

func defaultClientTimeoutSet() {
	http.DefaultClient.Timeout = 20 * time.Second
}

func UsesDefault(u string) {
	http.Get(u) // DefaultClient.Timeout is set in this package
}

func closure(u string) {
	c := &http.Client{} // want `http\.Client has no Timeout and its requests no deadline; set Client\.Timeout`
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.Get(u) // related `request without a deadline sent here`
	}()
	<-done
}

func closureSetsTimeout(u string) {
	c := &http.Client{}
	func() { c.Timeout = time.Second }()
	c.Get(u)
}
