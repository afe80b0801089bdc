package growth

import (
	"net/http"
	"net/http/cookiejar"
)

// jarClient sends with a cookie jar: net/http's Client.send adds the
// jar's cookies to the request it is given.
type jarClient struct {
	hc *http.Client
}

func newJarClient() *jarClient {
	jar, _ := cookiejar.New(nil)
	return &jarClient{hc: &http.Client{Jar: jar}}
}

// FetchRetrying sends the same request on every attempt: the jar adds
// its cookies to it once more each time.
func (c *jarClient) FetchRetrying(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	var resp *http.Response
	for range 3 {
		resp, err = c.hc.Do(req) // want `the cookie jar adds its cookies to a request this loop sends again, once more per attempt; build the request per attempt`
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// FetchFresh builds the request per attempt: each carries the jar's
// cookies once.
func (c *jarClient) FetchFresh(u string) (*http.Response, error) {
	var err error
	for range 3 {
		var req *http.Request
		req, err = http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			return nil, err
		}
		var resp *http.Response
		resp, err = c.hc.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// plainRetrying sends the same request again through a client without
// a jar: nothing is added.
func plainRetrying(req *http.Request) (*http.Response, error) {
	var resp *http.Response
	var err error
	for range 3 {
		resp, err = http.DefaultClient.Do(req)
		if err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// libRequest is a library's request, whose header map each attempt's
// *http.Request is built on (imroc/req before v3.35.2).
type libRequest struct {
	Headers http.Header
	Cookies []*http.Cookie
	URL     string
}

func (c *jarClient) attempt(r *libRequest) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, r.URL, nil)
	if err != nil {
		return nil, err
	}
	req.Header = r.Headers
	for _, ck := range r.Cookies {
		req.AddCookie(ck) // want `AddCookie appends to the Cookie header in the field Headers, shared by every request; Clone the map`
	}
	return c.hc.Do(req)
}

// Do retries attempt, which writes the library request's own map.
func (c *jarClient) Do(r *libRequest) (*http.Response, error) {
	var resp *http.Response
	var err error
	for range 3 {
		if resp, err = c.attempt(r); err == nil {
			return resp, nil
		}
	}
	return nil, err
}

func (c *jarClient) attemptCloned(r *libRequest) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, r.URL, nil)
	if err != nil {
		return nil, err
	}
	req.Header = r.Headers.Clone()
	for _, ck := range r.Cookies {
		req.AddCookie(ck)
	}
	return c.hc.Do(req)
}

// DoCloned gives each attempt its own copy of the map.
func (c *jarClient) DoCloned(r *libRequest) (*http.Response, error) {
	var resp *http.Response
	var err error
	for range 3 {
		if resp, err = c.attemptCloned(r); err == nil {
			return resp, nil
		}
	}
	return nil, err
}

// AddOnce adds cookies to a request it then sends once.
func AddOnce(u string, cookies []*http.Cookie) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	for _, ck := range cookies {
		req.AddCookie(ck)
	}
	return http.DefaultClient.Do(req)
}

// crawlRequest is what a crawler hands its callbacks: Headers points to
// the header map of the request it was sent as (colly before v2.1.0).
type crawlRequest struct {
	Headers *http.Header
	URL     string
	c       *crawler
}

// Retry sends the request again on the header map it was sent with,
// which the jar has already added its cookies to.
func (r *crawlRequest) Retry() error {
	return r.c.scrape(r.URL, *r.Headers)
}

type crawler struct {
	b         *crawlBackend
	callbacks []func(*crawlRequest)
}

func (c *crawler) Visit(u string) error {
	return c.scrape(u, nil)
}

func (c *crawler) scrape(u string, hdr http.Header) error {
	if hdr == nil {
		hdr = http.Header{"User-Agent": {"crawler"}}
	}
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	req.Header = hdr
	return c.fetch(req)
}

func (c *crawler) fetch(req *http.Request) error {
	resp, err := c.b.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	r := &crawlRequest{Headers: &req.Header, URL: req.URL.String(), c: c}
	for _, f := range c.callbacks {
		f(r)
	}
	return nil
}

type crawlBackend struct {
	Client *http.Client
}

func (h *crawlBackend) Init(jar http.CookieJar) {
	h.Client = &http.Client{Jar: jar}
}

func (h *crawlBackend) Do(req *http.Request) (*http.Response, error) {
	return h.Client.Do(req) // want `the cookie jar adds its cookies to the Cookie header in the field Headers, shared by every request; Clone the map`
}
