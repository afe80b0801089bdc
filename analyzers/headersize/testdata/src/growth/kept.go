package growth

import (
	"net/http"
	"net/url"
	"strings"
)

// ScrollService keeps the filters its caller set (olivere/elastic's
// ScrollService before v7.0.9).
type ScrollService struct {
	base       string
	filterPath []string
	tags       []string
}

// FilterPath sets the filters.
func (s *ScrollService) FilterPath(paths ...string) *ScrollService {
	s.filterPath = paths
	return s
}

// Tag adds one tag, as builders do: the caller's business.
func (s *ScrollService) Tag(t string) *ScrollService {
	s.tags = append(s.tags, t)
	return s
}

// Next fetches the next page: it appends to the kept filters on every
// call, so the URL gets one more "_scroll_id" per page.
func (s *ScrollService) Next(c *http.Client) (*http.Response, error) {
	params := url.Values{}
	if len(s.filterPath) > 0 {
		s.filterPath = append(s.filterPath, "_scroll_id")
		params.Set("filter_path", strings.Join(s.filterPath, ","))
	}
	if len(s.tags) > 0 {
		params.Set("tags", strings.Join(s.tags, ","))
	}
	return c.Get(s.base + "/_search/scroll?" + params.Encode()) // want `request URL grows on every call: s.filterPath is appended to and kept; append to a copy`
}

// NextCopy appends to a copy: the kept list does not change.
func (s *ScrollService) NextCopy(c *http.Client) (*http.Response, error) {
	params := url.Values{}
	if len(s.filterPath) > 0 {
		fp := append(append([]string(nil), s.filterPath...), "_scroll_id")
		params.Set("filter_path", strings.Join(fp, ","))
	}
	return c.Get(s.base + "/_search/scroll?" + params.Encode())
}

// agentTransport rebuilds its round tripper every few minutes
// (baton-sdk's uhttp.Transport before v0.2.9).
type agentTransport struct {
	userAgent string
	product   string
	next      http.RoundTripper
}

type agentTripper struct {
	next      http.RoundTripper
	userAgent string
}

func (a *agentTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.Header.Get("User-Agent") == "" {
		req.Header.Set("User-Agent", a.userAgent) // want `header User-Agent grows on every call: t.userAgent is appended to and kept; append to a copy`
	}
	return a.next.RoundTrip(req)
}

// make appends to the kept User-Agent on every rebuild.
func (t *agentTransport) make() http.RoundTripper {
	t.userAgent = t.userAgent + " sdk/" + sdkVersion
	return &agentTripper{next: t.next, userAgent: t.userAgent}
}

// makeOnce extends a copy: the kept value does not change.
func (t *agentTransport) makeOnce() http.RoundTripper {
	ua := t.product + " sdk/" + sdkVersion
	return &agentTripper{next: t.next, userAgent: ua}
}

const sdkVersion = "v1"

// AddProduct appends what its caller gives, as builders do: the
// caller's business.
func (t *agentTransport) AddProduct(p string) *agentTransport {
	t.product = t.product + " " + p
	return t
}

func (t *agentTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	req.Header.Set("User-Agent", t.product)
	return t.next.RoundTrip(req)
}

// builder holds the request it sends: one per request (gitea's
// httplib.Request), so extending its own URL before the send is not
// kept across requests.
type builder struct {
	url    string
	params string
	req    *http.Request
	hc     *http.Client
}

func (b *builder) Response() (*http.Response, error) {
	if b.params != "" {
		b.url = b.url + "?" + b.params
	}
	req, err := http.NewRequest(http.MethodGet, b.url, nil)
	if err != nil {
		return nil, err
	}
	b.req = req
	return b.hc.Do(req)
}
