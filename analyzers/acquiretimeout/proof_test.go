// Loopback proofs of the net/http behaviour that the acquiretimeout rules
// describe. The analyzer's tests check what it reports; these tests check,
// against the net/http of the Go toolchain running them, that what it
// reports is true:
//
//   - acquiretimeout/client-no-deadline: a request sent through a client
//     with no Timeout and a context with no deadline waits forever for a
//     server that accepts and never answers (TestProofClientNoDeadline);
//     a transport's ResponseHeaderTimeout bounds only the wait for the
//     headers, not reading the body (the message variant,
//     TestProofResponseHeaderTimeoutDoesNotBoundBody); a dialer that wraps
//     each connection in an idle deadline fails a stalled request, before
//     the headers or in the body (the exemption,
//     TestProofConnDeadlineBoundsStall).
//   - acquiretimeout/pool-wait-unbounded: once MaxConnsPerHost connections
//     are in use, a further request queues for a connection, without
//     dialing, and only its context bounds the wait; ResponseHeaderTimeout
//     does not bound it either (TestProofPoolWaitUnbounded).
//   - acquiretimeout/dial-unbounded: dials are detached from the request's
//     cancellation, so a stalled TLS handshake keeps its MaxConnsPerHost
//     slot after the request gives up, until TLSHandshakeTimeout ends it
//     (TestProofDialUnbounded).
//
// Every test listens on 127.0.0.1 only, uses short timeouts, and shows the
// fixed configuration returning within a generous multiple of its bound.
package acquiretimeout_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const (
	// stillBlocked is how long an unbounded call must stay blocked. It is
	// at least twice every timeout a fixed configuration uses here.
	stillBlocked = 400 * time.Millisecond
	// slack multiplies a timeout into the time a fixed configuration is
	// allowed to take, for loaded machines.
	slack = 5
	// settle bounds waits for things that happen promptly (an accept, a
	// return once its connection is closed).
	settle = 2 * time.Second
)

// silentServer accepts TCP connections on 127.0.0.1 and never writes a
// byte: it reads and discards whatever the client sends, and records when
// each connection's reader ends (the client closed it, or close did).
type silentServer struct {
	ln       net.Listener
	accepted atomic.Int32
	wg       sync.WaitGroup
	once     sync.Once

	mu     sync.Mutex
	closed bool
	conns  []*silentConn
}

type silentConn struct {
	net.Conn
	done chan struct{} // closed when reading from the connection fails
}

func newSilentServer(t *testing.T) *silentServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := &silentServer{ln: ln}
	s.wg.Add(1)
	go s.serve()
	t.Cleanup(s.close)
	return s
}

func (s *silentServer) serve() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		sc := &silentConn{Conn: c, done: make(chan struct{})}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			continue
		}
		s.conns = append(s.conns, sc)
		s.accepted.Add(1)
		s.wg.Add(1)
		s.mu.Unlock()
		go func() {
			defer s.wg.Done()
			defer close(sc.done)
			io.Copy(io.Discard, sc.Conn)
		}()
	}
}

// close closes the listener and every accepted connection, and waits for
// the server's goroutines. It may be called more than once.
func (s *silentServer) close() {
	s.once.Do(func() {
		s.ln.Close()
		s.mu.Lock()
		s.closed = true
		for _, c := range s.conns {
			c.Close()
		}
		s.mu.Unlock()
		s.wg.Wait()
	})
}

func (s *silentServer) addr() string { return s.ln.Addr().String() }

func (s *silentServer) conn(i int) *silentConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conns[i]
}

// waitAccepted reports whether the server has accepted at least n
// connections within d.
func (s *silentServer) waitAccepted(n int32, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for s.accepted.Load() < n {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}

// result is the outcome of a request run in a goroutine, whose body was
// read to the end (or to an error) and closed.
type result struct {
	status  int
	body    string
	err     error // from Do, or from reading the body
	elapsed time.Duration
}

// goDo sends req through c in a new goroutine, reads and closes the body,
// and delivers the outcome on the returned channel.
func goDo(c *http.Client, req *http.Request) <-chan result {
	ch := make(chan result, 1)
	go func() {
		start := time.Now()
		resp, err := c.Do(req)
		if err != nil {
			ch <- result{err: err, elapsed: time.Since(start)}
			return
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		ch <- result{status: resp.StatusCode, body: string(b), err: err, elapsed: time.Since(start)}
	}()
	return ch
}

// wait returns the result from ch, failing the test if it takes longer
// than d.
func wait(t *testing.T, what string, ch <-chan result, d time.Duration) result {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(d):
		t.Fatalf("%s: did not return within %v", what, d)
		return result{}
	}
}

// assertBlocked stops the test if ch delivers a result within d.
func assertBlocked(t *testing.T, what string, ch <-chan result, d time.Duration) {
	t.Helper()
	select {
	case r := <-ch:
		t.Fatalf("%s: returned after %v (status %d, err %v); want it still blocked after %v",
			what, r.elapsed, r.status, r.err, d)
	case <-time.After(d):
	}
}

func newRequest(t *testing.T, ctx context.Context, url string) *http.Request {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

// TestProofClientNoDeadline proves client-no-deadline: with no client
// Timeout and no context deadline, nothing bounds the wait for a server
// that accepts the connection and never answers; either fix bounds it.
func TestProofClientNoDeadline(t *testing.T) {
	t.Run("unbounded", func(t *testing.T) {
		if http.DefaultClient.Timeout != 0 {
			t.Fatalf("http.DefaultClient.Timeout = %v, want 0", http.DefaultClient.Timeout)
		}
		c := &http.Client{}
		if c.Timeout != 0 {
			t.Fatalf("http.Client{}.Timeout = %v, want 0", c.Timeout)
		}
		s := newSilentServer(t)
		url := "http://" + s.addr() + "/"
		req, err := http.NewRequest(http.MethodGet, url, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d, ok := req.Context().Deadline(); ok {
			t.Fatalf("http.NewRequest's context has deadline %v, want none", d)
		}

		do := goDo(c, req)
		get := make(chan result, 1)
		go func() {
			start := time.Now()
			resp, err := http.Get(url) // http.DefaultClient
			if err == nil {
				resp.Body.Close()
			}
			get <- result{err: err, elapsed: time.Since(start)}
		}()

		// Both requests reached the server: they wait for a response,
		// not for a connection.
		if !s.waitAccepted(2, settle) {
			t.Fatalf("server accepted %d connections, want 2", s.accepted.Load())
		}
		assertBlocked(t, "(&http.Client{}).Do", do, stillBlocked)
		assertBlocked(t, "http.Get", get, 0)

		// Only the server closing the connections ends the calls.
		s.close()
		for _, x := range []struct {
			what string
			ch   <-chan result
		}{{"(&http.Client{}).Do", do}, {"http.Get", get}} {
			if r := wait(t, x.what+" after the server closed", x.ch, settle); r.err == nil {
				t.Errorf("%s: got status %d after the server closed without answering, want an error", x.what, r.status)
			}
		}
		c.CloseIdleConnections()
	})

	t.Run("fixed/client-timeout", func(t *testing.T) {
		const timeout = 200 * time.Millisecond
		s := newSilentServer(t)
		tr := &http.Transport{}
		defer tr.CloseIdleConnections()
		c := &http.Client{Transport: tr, Timeout: timeout}
		start := time.Now()
		resp, err := c.Do(newRequest(t, context.Background(), "http://"+s.addr()+"/"))
		elapsed := time.Since(start)
		if err == nil {
			resp.Body.Close()
			t.Fatalf("got status %d from a silent server, want an error", resp.StatusCode)
		}
		if !strings.Contains(err.Error(), "Client.Timeout exceeded") {
			t.Errorf("error %q does not mention Client.Timeout", err)
		}
		if elapsed > slack*timeout {
			t.Errorf("returned after %v, want within %v of a %v Client.Timeout", elapsed, slack*timeout, timeout)
		}
		if n := s.accepted.Load(); n != 1 {
			t.Errorf("server accepted %d connections, want 1 (the timeout ended the wait for the response)", n)
		}
		t.Logf("Client.Timeout %v: returned after %v: %v", timeout, elapsed, err)
	})

	t.Run("fixed/context-deadline", func(t *testing.T) {
		const timeout = 200 * time.Millisecond
		s := newSilentServer(t)
		tr := &http.Transport{}
		defer tr.CloseIdleConnections()
		c := &http.Client{Transport: tr}
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		start := time.Now()
		resp, err := c.Do(newRequest(t, ctx, "http://"+s.addr()+"/"))
		elapsed := time.Since(start)
		if err == nil {
			resp.Body.Close()
			t.Fatalf("got status %d from a silent server, want an error", resp.StatusCode)
		}
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("error %v is not context.DeadlineExceeded", err)
		}
		if elapsed > slack*timeout {
			t.Errorf("returned after %v, want within %v of a %v context deadline", elapsed, slack*timeout, timeout)
		}
		if n := s.accepted.Load(); n != 1 {
			t.Errorf("server accepted %d connections, want 1", n)
		}
		t.Logf("context deadline %v: returned after %v: %v", timeout, elapsed, err)
	})
}

// TestProofPoolWaitUnbounded proves pool-wait-unbounded: with
// MaxConnsPerHost reached, a further request queues for the busy
// connection without dialing, and only its context bounds the wait; a
// transport's ResponseHeaderTimeout does not.
func TestProofPoolWaitUnbounded(t *testing.T) {
	for _, rht := range []time.Duration{0, 150 * time.Millisecond} {
		name := "no-ResponseHeaderTimeout"
		if rht != 0 {
			name = "ResponseHeaderTimeout"
		}
		t.Run(name, func(t *testing.T) { testPoolWait(t, rht) })
	}
}

func testPoolWait(t *testing.T, rht time.Duration) {
	var newConns atomic.Int32
	release := make(chan struct{})
	releaseOnce := sync.OnceFunc(func() { close(release) })
	holding := make(chan struct{}, 1)
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/hold" {
			// Send the headers at once, so that a ResponseHeaderTimeout
			// is satisfied, then hold the connection busy with the body.
			w.WriteHeader(http.StatusOK)
			w.(http.Flusher).Flush()
			select {
			case holding <- struct{}{}:
			default:
			}
			select {
			case <-release:
			case <-r.Context().Done():
				return
			}
		}
		io.WriteString(w, "ok")
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			newConns.Add(1)
		}
	}
	srv.Start()
	tr := &http.Transport{MaxConnsPerHost: 1, ResponseHeaderTimeout: rht}
	c := &http.Client{Transport: tr} // no Timeout
	t.Cleanup(func() {
		releaseOnce()
		tr.CloseIdleConnections()
		srv.Close()
	})

	// Request 1 takes the only connection and keeps it busy.
	r1 := goDo(c, newRequest(t, context.Background(), srv.URL+"/hold"))
	select {
	case <-holding:
	case r := <-r1:
		t.Fatalf("request 1 returned early: status %d, err %v", r.status, r.err)
	case <-time.After(settle):
		t.Fatal("request 1 did not reach the handler")
	}

	// Request 2, without a deadline, queues for the slot.
	r2 := goDo(c, newRequest(t, context.Background(), srv.URL+"/quick"))
	assertBlocked(t, "request 2 (no deadline)", r2, stillBlocked)
	if n := newConns.Load(); n != 1 {
		t.Errorf("server saw %d connections while request 2 waited, want 1 (request 2 must queue, not dial)", n)
	}

	// Request 3's context deadline is the only thing that bounds its wait.
	const timeout = 200 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	start := time.Now()
	resp, err := c.Do(newRequest(t, ctx, srv.URL+"/quick"))
	elapsed := time.Since(start)
	if err == nil {
		resp.Body.Close()
		t.Fatalf("request 3 got status %d while the only connection was busy, want an error", resp.StatusCode)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("request 3: error %v is not context.DeadlineExceeded", err)
	}
	if elapsed > slack*timeout {
		t.Errorf("request 3 returned after %v, want within %v of its %v deadline", elapsed, slack*timeout, timeout)
	}
	t.Logf("request 3 (deadline %v) returned after %v: %v", timeout, elapsed, err)
	assertBlocked(t, "request 2 (no deadline)", r2, 0)
	if n := newConns.Load(); n != 1 {
		t.Errorf("server saw %d connections, want 1", n)
	}

	// Freeing the connection is what request 2 was waiting for: it gets
	// that very connection.
	releaseOnce()
	if r := wait(t, "request 1 after release", r1, settle); r.err != nil || r.body != "ok" {
		t.Errorf("request 1: body %q, err %v; want \"ok\"", r.body, r.err)
	}
	r := wait(t, "request 2 after release", r2, settle)
	if r.err != nil || r.status != http.StatusOK || r.body != "ok" {
		t.Errorf("request 2: status %d, body %q, err %v; want 200 \"ok\"", r.status, r.body, r.err)
	}
	t.Logf("request 2 (no deadline) completed after %v, once request 1 released the connection", r.elapsed)
	if n := newConns.Load(); n != 1 {
		t.Errorf("server saw %d connections, want 1 (request 2 reuses request 1's connection)", n)
	}
}

// TestProofResponseHeaderTimeoutDoesNotBoundBody proves the
// ResponseHeaderTimeout variant of client-no-deadline: the timeout ends
// once the headers arrive, and a slow body is read for as long as the
// server cares to send it. A client Timeout does bound the body.
func TestProofResponseHeaderTimeoutDoesNotBoundBody(t *testing.T) {
	const (
		rht      = 200 * time.Millisecond
		bodyLen  = 10
		interval = 80 * time.Millisecond // the body takes >= 800ms
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusOK)
		w.(http.Flusher).Flush()
		for range bodyLen {
			select {
			case <-time.After(interval):
			case <-r.Context().Done():
				return
			}
			w.Write([]byte{'x'})
			w.(http.Flusher).Flush()
		}
	}))
	t.Cleanup(srv.Close)

	t.Run("unbounded", func(t *testing.T) {
		tr := &http.Transport{ResponseHeaderTimeout: rht}
		defer tr.CloseIdleConnections()
		c := &http.Client{Transport: tr}
		start := time.Now()
		resp, err := c.Do(newRequest(t, context.Background(), srv.URL))
		if err != nil {
			t.Fatalf("Do: %v", err)
		}
		headers := time.Since(start)
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		elapsed := time.Since(start)
		if err != nil || len(b) != bodyLen {
			t.Fatalf("read %d bytes, err %v; want all %d bytes", len(b), err, bodyLen)
		}
		if elapsed < 3*rht {
			t.Errorf("reading the body took %v, want >= %v to show it outlives the %v ResponseHeaderTimeout", elapsed, 3*rht, rht)
		}
		t.Logf("ResponseHeaderTimeout %v: headers after %v, whole body after %v", rht, headers, elapsed)
	})

	t.Run("fixed/client-timeout", func(t *testing.T) {
		const timeout = 300 * time.Millisecond
		tr := &http.Transport{ResponseHeaderTimeout: rht}
		defer tr.CloseIdleConnections()
		c := &http.Client{Transport: tr, Timeout: timeout}
		start := time.Now()
		resp, err := c.Do(newRequest(t, context.Background(), srv.URL))
		if err != nil {
			t.Fatalf("Do: %v (the headers are sent at once)", err)
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		elapsed := time.Since(start)
		if err == nil || len(b) >= bodyLen {
			t.Fatalf("read %d bytes, err %v; want an error before the %d-byte body completes", len(b), err, bodyLen)
		}
		if !strings.Contains(err.Error(), "Client.Timeout") {
			t.Errorf("body error %q does not mention Client.Timeout", err)
		}
		if elapsed > slack*timeout {
			t.Errorf("body read failed after %v, want within %v of the %v Client.Timeout", elapsed, slack*timeout, timeout)
		}
		t.Logf("Client.Timeout %v: body read failed after %v with %d bytes: %v", timeout, elapsed, len(b), err)
	})
}

// TestProofDialUnbounded proves dial-unbounded: a dial runs detached from
// the request's context, so with no TLSHandshakeTimeout a handshake to a
// server that never speaks TLS outlives the request that started it and
// keeps the only MaxConnsPerHost slot; TLSHandshakeTimeout frees it.
func TestProofDialUnbounded(t *testing.T) {
	// doTLS sends one request with the given context timeout to the
	// silent server over https and returns its duration and error.
	doTLS := func(t *testing.T, c *http.Client, s *silentServer, timeout time.Duration) (time.Duration, error) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		start := time.Now()
		resp, err := c.Do(newRequest(t, ctx, "https://"+s.addr()+"/"))
		elapsed := time.Since(start)
		if err == nil {
			resp.Body.Close()
			t.Fatalf("got status %d from a server that never speaks TLS, want an error", resp.StatusCode)
		}
		if elapsed > slack*timeout {
			t.Errorf("returned after %v, want within %v of its %v deadline", elapsed, slack*timeout, timeout)
		}
		return elapsed, err
	}

	t.Run("unbounded", func(t *testing.T) {
		s := newSilentServer(t)
		tr := &http.Transport{MaxConnsPerHost: 1} // no TLSHandshakeTimeout
		c := &http.Client{Transport: tr}
		defer tr.CloseIdleConnections()

		elapsed, err := doTLS(t, c, s, 200*time.Millisecond)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("request 1: error %v is not context.DeadlineExceeded", err)
		}
		t.Logf("request 1 (deadline 200ms) returned after %v: %v", elapsed, err)
		if n := s.accepted.Load(); n != 1 {
			t.Fatalf("server accepted %d connections, want 1", n)
		}

		elapsed, err = doTLS(t, c, s, 300*time.Millisecond)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("request 2: error %v is not context.DeadlineExceeded", err)
		}
		t.Logf("request 2 (deadline 300ms) returned after %v: %v", elapsed, err)
		if n := s.accepted.Load(); n != 1 {
			t.Errorf("server accepted %d connections, want 1: request 2 should not get to dial while request 1's handshake holds the slot", n)
		}
		// Request 1 gave up 300ms ago, yet its handshake is still in
		// progress: the client has not closed the connection.
		select {
		case <-s.conn(0).done:
			t.Errorf("the client closed request 1's connection; want the detached handshake still running")
		default:
		}

		// CloseIdleConnections cancels dials no request waits for: the
		// handshake ends and the client closes the connection.
		tr.CloseIdleConnections()
		select {
		case <-s.conn(0).done:
		case <-time.After(settle):
			t.Errorf("the client did not close the stalled connection after CloseIdleConnections")
		}
		s.close()
	})

	t.Run("fixed/TLSHandshakeTimeout", func(t *testing.T) {
		const hs = 150 * time.Millisecond
		s := newSilentServer(t)
		tr := &http.Transport{MaxConnsPerHost: 1, TLSHandshakeTimeout: hs}
		c := &http.Client{Transport: tr}
		defer tr.CloseIdleConnections()

		elapsed, err := doTLS(t, c, s, 200*time.Millisecond)
		t.Logf("request 1 (deadline 200ms) returned after %v: %v", elapsed, err)

		// The handshake timeout ends the dial: the client closes the
		// connection and the slot is free again.
		select {
		case <-s.conn(0).done:
		case <-time.After(slack * hs):
			t.Fatalf("the client did not close the stalled connection within %v of a %v TLSHandshakeTimeout", slack*hs, hs)
		}

		elapsed, err = doTLS(t, c, s, 300*time.Millisecond)
		t.Logf("request 2 (deadline 300ms) returned after %v: %v", elapsed, err)
		if !s.waitAccepted(2, settle) {
			t.Errorf("server accepted %d connections, want 2: request 2 should dial once the handshake timeout freed the slot", s.accepted.Load())
		}
		s.close()
	})
}

// idleConn moves its deadline forward on every read and write (rclone's
// fshttp timeoutConn).
type idleConn struct {
	net.Conn
	idle time.Duration
}

func (c *idleConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if err == nil {
		err = c.SetDeadline(time.Now().Add(c.idle))
	}
	return n, err
}

func (c *idleConn) Write(b []byte) (int, error) {
	n, err := c.Conn.Write(b)
	if err == nil {
		err = c.SetDeadline(time.Now().Add(c.idle))
	}
	return n, err
}

// TestProofConnDeadlineBoundsStall proves the connection-deadline
// exemption of client-no-deadline: with no client Timeout and no context
// deadline, a transport whose dialer wraps each connection in an idle
// deadline fails a request whose server stalls, before the headers or
// in the middle of the body (which ResponseHeaderTimeout does not bound).
func TestProofConnDeadlineBoundsStall(t *testing.T) {
	const idle = 200 * time.Millisecond
	dial := func(ctx context.Context, network, addr string) (net.Conn, error) {
		var d net.Dialer
		c, err := d.DialContext(ctx, network, addr)
		if err != nil {
			return nil, err
		}
		ic := &idleConn{Conn: c, idle: idle}
		return ic, ic.SetDeadline(time.Now().Add(idle))
	}
	client := &http.Client{Transport: &http.Transport{DialContext: dial}}
	t.Run("before the headers", func(t *testing.T) {
		s := newSilentServer(t)
		r := wait(t, "silent server", goDo(client, newRequest(t, context.Background(), "http://"+s.addr()+"/")), 20*idle)
		var ne net.Error
		if !errors.As(r.err, &ne) || !ne.Timeout() {
			t.Fatalf("err = %v, want a timeout", r.err)
		}
	})
	t.Run("in the body", func(t *testing.T) {
		release := make(chan struct{})
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", "100")
			w.WriteHeader(http.StatusOK)
			io.WriteString(w, "partial")
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}))
		defer srv.Close()
		defer close(release)
		r := wait(t, "stalled body", goDo(client, newRequest(t, context.Background(), srv.URL)), 20*idle)
		if r.status != http.StatusOK || r.body != "partial" {
			t.Fatalf("status %d body %q, want 200 and the partial body", r.status, r.body)
		}
		var ne net.Error
		if !errors.As(r.err, &ne) || !ne.Timeout() {
			t.Fatalf("reading the body: err = %v, want a timeout", r.err)
		}
	})
}
