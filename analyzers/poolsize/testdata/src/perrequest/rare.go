package perrequest

import (
	"net/http"
	"time"
)

// Pools built in code that runs once at start-up or per configuration
// load are no pools per request.

type loader struct{ url string }

// LoadConfig fetches the configuration: once at start-up, once per
// reload.
func (l *loader) LoadConfig() error {
	c := &http.Client{Transport: &http.Transport{}, Timeout: time.Minute}
	resp, err := c.Get(l.url)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

type certPool struct{ endpoints []string }

// Provision runs when the configuration is loaded.
func (p *certPool) Provision() error {
	t := http.DefaultTransport.(*http.Transport).Clone()
	c := &http.Client{Transport: t, Timeout: time.Minute}
	for _, e := range p.endpoints {
		resp, err := c.Get(e)
		if err != nil {
			return err
		}
		resp.Body.Close()
	}
	return nil
}

// fetchBootstrap is called only by main and init: once.
func fetchBootstrap(u string) error {
	c := &http.Client{Transport: &http.Transport{}, Timeout: time.Minute}
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func init() { fetchBootstrap("https://config.example.com/bootstrap") }

// Close asks for every connection to be closed: the pool keeps none.
func CloseEach(u string) error {
	c := &http.Client{Transport: &http.Transport{}, Timeout: time.Minute}
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Connection", "close")
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

func CloseField(u string) error {
	c := &http.Client{Transport: &http.Transport{}, Timeout: time.Minute}
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Close = true
	resp, err := c.Do(req)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// Fetch runs per call of something that is not start-up: reported.
func Fetch(u string) error {
	c := &http.Client{Transport: &http.Transport{}, Timeout: time.Minute} // want `http.Transport creates a new pool per call of Fetch`
	resp, err := c.Get(u)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// NewRoundTripper returns a closure that builds a pool on every request:
// the closure runs per request, whatever its maker's name.
func NewRoundTripper() http.RoundTripper {
	return roundTripperFunc(func(r *http.Request) (*http.Response, error) {
		return (&http.Transport{}).RoundTrip(r) // want `http.Transport creates a new pool per call of a closure in NewRoundTripper`
	})
}

// A closure called where it is made runs when its maker reaches that
// call (syncthing's failure reports, sent from go func() { ... }() in
// the handler's loop): judged there, not as a callback.

func sendReport(u string) error {
	c := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Minute}
	resp, err := c.Post(u, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// reportOnce starts the report in the background, once.
func reportOnce(u string) {
	go func() {
		sendReport(u)
	}()
}

func sendEach(u string) error {
	c := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Minute} // want `creates a new pool per call of sendEach`
	resp, err := c.Post(u, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// reportEach sends one report per event, with no pause between them,
// from a closure it calls in its loop.
func reportEach(u string, events <-chan string) {
	for range events {
		func() {
			defer println("sent")
			sendEach(u)
		}()
	}
}

func sendLater(u string) error {
	c := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone(), Timeout: time.Minute} // want `creates a new pool per call of sendLater`
	resp, err := c.Post(u, "application/json", nil)
	if err != nil {
		return err
	}
	return resp.Body.Close()
}

// OnEvent hands out a callback, which runs whenever it is called.
func OnEvent(u string) func() {
	return func() { sendLater(u) }
}

func init() { reportOnce("https://reports.example.com/") }
