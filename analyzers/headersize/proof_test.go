// Loopback proofs of the behaviour behind the headersize rules. The
// analyzer's tests check what it reports; these tests check that what it
// reports is true, against the net/http of the toolchain running them:
//
//   - headersize/unbounded-query: the incident 000 twin's BatchFences,
//     whose query grows with the caller's list, works against a Go server
//     directly (1 MiB header limit) but is rejected with 431 by a proxy
//     with an 8 KiB limit on the request line and headers once the list
//     is long; the batched BatchFencesChunked gets every answer through
//     the same proxy (TestProofUnboundedQuery).
//   - headersize/unbounded-header and oversized: a header value over the
//     limit is rejected the same way, one under it passes
//     (TestProofHeaderLimit); the limit is the request line plus headers,
//     so the default max-bytes of 8192 is where requests start to fail
//     (TestProofLimitBoundary).
//   - headersize/unbounded-header on a cookie jar: a client with a jar
//     adds the jar's cookies to the request it is given, so the same
//     request sent again carries them once more per send, and a header
//     map shared by two requests keeps the first one's cookies
//     (TestProofJarResend); a RoundTripper that adds a header to the
//     request it is given grows it only when that request is sent again,
//     not across redirects (TestProofRoundTripperAddResend).
//
// The proxy is httputil.ReverseProxy served with MaxHeaderBytes set so
// that net/http reads at most 8 KiB of request line and headers, like
// nginx's large_client_header_buffers 4 8k (nginx answers 414 for a long
// request line and 400 for a long field; a Go server answers 431 for
// both). Everything listens on 127.0.0.1 and is closed by the test; a
// rejected request takes about 0.5 s (the server lingers before closing),
// so the tests run in parallel.
package headersize_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/httplint/httplint/testdata/incidents/incident000query"
)

// proxyLimit is the proxy's limit on the request line plus headers.
const proxyLimit = 8192

// goReadSlop is what net/http adds to MaxHeaderBytes when it limits the
// read of the request line and headers (server.go: initialReadLimitSize).
const goReadSlop = 4096

type stack struct {
	backend  *httptest.Server
	proxy    *httptest.Server
	requests atomic.Int32 // requests that reached the backend
	fences   atomic.Int32 // fenceNos values the backend received
}

// newStack starts a backend (a Go server with its default 1 MiB limit)
// and a reverse proxy in front of it with an 8 KiB limit.
func newStack(t *testing.T) *stack {
	t.Helper()
	s := &stack{}
	s.backend = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.requests.Add(1)
		s.fences.Add(int32(len(r.URL.Query()["fenceNos"])))
		io.WriteString(w, "ok")
	}))
	t.Cleanup(s.backend.Close)
	target, err := url.Parse(s.backend.URL)
	if err != nil {
		t.Fatal(err)
	}
	s.proxy = httptest.NewUnstartedServer(httputil.NewSingleHostReverseProxy(target))
	s.proxy.Config.MaxHeaderBytes = proxyLimit - goReadSlop
	s.proxy.Config.ReadHeaderTimeout = 2 * time.Second
	// net/http enforces MaxHeaderBytes reliably only on the first request
	// of a connection (a later request on a kept-alive connection can get
	// through with a longer header section), so the proxy closes each
	// connection after its response, as a strict proxy's limit would
	// behave.
	s.proxy.Config.SetKeepAlivesEnabled(false)
	s.proxy.Start()
	t.Cleanup(s.proxy.Close)
	return s
}

func fenceNos(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "119898" // the number the incident's reproduction repeats
	}
	return out
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	t.Cleanup(cancel)
	return c
}

func TestProofUnboundedQuery(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	long := fenceNos(750) // the incident's list: about 12 KB of query

	// Directly against a Go server, the flagged code works: this is why
	// tests pass.
	direct := incident000query.NewGISClient(s.backend.URL)
	if _, err := direct.BatchFences(ctx(t), long); err != nil {
		t.Fatalf("direct to the backend: %v", err)
	}

	// Behind the proxy, a short list still works ...
	gis := incident000query.NewGISClient(s.proxy.URL)
	if _, err := gis.BatchFences(ctx(t), fenceNos(20)); err != nil {
		t.Fatalf("20 fences through the proxy: %v", err)
	}
	// ... and the incident's list fails: the request never reaches the
	// backend.
	before := s.requests.Load()
	_, err := gis.BatchFences(ctx(t), long)
	if err == nil || !strings.Contains(err.Error(), "431") {
		t.Fatalf("750 fences through the proxy: err = %v, want a 431 Request Header Fields Too Large", err)
	}
	if got := s.requests.Load(); got != before {
		t.Errorf("the rejected request reached the backend (%d requests, want %d)", got, before)
	}

	// The batched version gets every fence through the same proxy.
	s.fences.Store(0)
	answers, err := gis.BatchFencesChunked(ctx(t), long)
	if err != nil {
		t.Fatalf("batched: %v", err)
	}
	if len(answers) != 8 || s.fences.Load() != 750 {
		t.Errorf("batched: %d answers, %d fences at the backend; want 8 and 750", len(answers), s.fences.Load())
	}
}

// get sends a GET through c to u with the given extra header and returns
// the status code.
func get(t *testing.T, u, header, value string) int {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx(t), http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	if header != "" {
		req.Header.Set(header, value)
	}
	c := &http.Client{Timeout: 5 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("GET: %v", err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestProofHeaderLimit(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	// strings.Join(ids, ",") in a header: 2000 ids of 6 digits.
	ids := strings.Join(fenceNos(2000), ",")
	if code := get(t, s.backend.URL, "X-Fence-Nos", ids); code != http.StatusOK {
		t.Fatalf("direct to the backend: %d", code)
	}
	if code := get(t, s.proxy.URL, "X-Fence-Nos", ids); code != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("a %d-byte header through the proxy: %d, want 431", len(ids), code)
	}
	if code := get(t, s.proxy.URL, "X-Fence-Nos", strings.Join(fenceNos(100), ",")); code != http.StatusOK {
		t.Errorf("a batch of 100 ids in the header through the proxy: %d, want 200", code)
	}
}

func TestProofLimitBoundary(t *testing.T) {
	t.Parallel()
	s := newStack(t)
	// With the other headers the client sends (Host, User-Agent,
	// Accept-Encoding: about 100 bytes), a URL a little under max-bytes
	// passes and one a little over fails.
	under := s.proxy.URL + "/?q=" + strings.Repeat("a", proxyLimit-512)
	over := s.proxy.URL + "/?q=" + strings.Repeat("a", proxyLimit+64)
	if code := get(t, under, "", ""); code != http.StatusOK {
		t.Errorf("a %d-byte URL: %d, want 200", len(under), code)
	}
	if code := get(t, over, "", ""); code != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("a %d-byte URL: %d, want 431", len(over), code)
	}
}

// TestProofJarResend shows that net/http's Client.send writes the jar's
// cookies into the caller's request (AddCookie), so that sending one
// request again, or a request built on a header map an earlier request
// used, grows its Cookie header by the jar's cookies each time.
func TestProofJarResend(t *testing.T) {
	t.Parallel()
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, r.Header.Get("Cookie"))
	}))
	defer srv.Close()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(srv.URL)
	jar.SetCookies(u, []*http.Cookie{{Name: "session", Value: "s1"}})
	client := &http.Client{Jar: jar}
	send := func(req *http.Request) { sendAndClose(t, client, req) }

	req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
	for range 3 {
		send(req)
	}
	shared := http.Header{}
	for range 2 {
		req, _ := http.NewRequest(http.MethodGet, srv.URL, nil)
		req.Header = shared
		send(req)
	}
	want := []string{
		"session=s1", "session=s1; session=s1", "session=s1; session=s1; session=s1",
		"session=s1", "session=s1; session=s1",
	}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Cookie headers received:\n%q\nwant\n%q", got, want)
	}
}

// TestProofRoundTripperAddResend shows when a RoundTripper that adds a
// header to the request it is given (net/http's contract forbids it)
// makes the header grow: only when the same request object is sent again.
// Across redirects it does not, since Client.do copies each hop's
// headers from a copy of the first request's, made before the first
// round trip (makeHeadersCopier); so a RoundTripper used only by a client
// that builds a new request per call and sends it once (client_golang's
// API client) adds one line per request, whatever it is asked to do.
func TestProofRoundTripperAddResend(t *testing.T) {
	t.Parallel()
	var got []int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = append(got, len(r.Header.Values("X-Scope-OrgID")))
		if r.URL.Path == "/hop" || r.URL.Path == "/hop2" {
			http.Redirect(w, r, r.URL.Path+"x", http.StatusFound)
		}
	}))
	defer srv.Close()
	rt := roundTripFunc(func(req *http.Request) (*http.Response, error) {
		req.Header.Add("X-Scope-OrgID", "tenant")
		return http.DefaultTransport.RoundTrip(req)
	})
	client := &http.Client{Transport: rt}
	send := func(req *http.Request) { sendAndClose(t, client, req) }
	// Three hops of one request (/hop -> /hopx, /hop2 -> /hop2x), then
	// one request sent three times.
	for _, p := range []string{"/hop", "/hop2"} {
		req, _ := http.NewRequest(http.MethodGet, srv.URL+p, nil)
		send(req)
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/again", nil)
	for range 3 {
		send(req)
	}
	want := []int{1, 1, 1, 1, 1, 2, 3}
	if len(got) != len(want) {
		t.Fatalf("X-Scope-OrgID counts received: %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("X-Scope-OrgID counts received: %v, want %v", got, want)
		}
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

// sendAndClose sends req through client and closes the response body,
// failing t on an error.
func sendAndClose(t *testing.T, client *http.Client, req *http.Request) {
	t.Helper()
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
}
