// Loopback proofs of the net/http behaviour that the poolsize rules
// describe. The analyzer's tests check what it reports; these tests check,
// against the net/http of the Go toolchain running them, that what it
// reports is true. The evidence is counted, not timed: connections the
// server accepted and still holds open (from http.Server.ConnState),
// goroutines (runtime.NumGoroutine), and the client's per-connection
// goroutines (persistConn.readLoop and writeLoop, from a goroutine dump).
//
//   - poolsize/transport-per-request: a Transport built for one request
//     keeps that request's connection open and idle, with two client
//     goroutines (and a server goroutine here), after the response was
//     read and closed and the Transport dropped; nothing closes it, until
//     CloseIdleConnections is called. The same holds for a Clone of
//     http.DefaultTransport. One shared Transport serves the same requests
//     over a single connection, and a per-request Transport with
//     DisableKeepAlives leaves nothing behind (TestProofTransportPerRequest).
//   - poolsize/idle-per-host-default and poolsize/fanout-exceeds-pool:
//     http.DefaultMaxIdleConnsPerHost is 2, and with MaxIdleConnsPerHost
//     left at 0, a fan-out of 16 concurrent requests to one host re-dials
//     14 connections every round, whatever MaxIdleConns or MaxConnsPerHost
//     say; MaxIdleConnsPerHost: 16 keeps all 16, a fan-out of 2 fits the
//     default pool, and MaxConnsPerHost: 2 caps the fan-out at the idle
//     limit (TestProofIdlePerHostDefault).
//   - poolsize/idle-timeout-zero: with IdleConnTimeout 0 (the zero
//     Transport) the client never closes an idle connection; with a
//     timeout it does (TestProofIdleTimeoutZero).
//   - poolsize/inconsistent-limits: MaxIdleConns below MaxIdleConnsPerHost
//     wins: after 8 concurrent requests only 2 connections stay idle and
//     the next 8 re-dial 6 (TestProofInconsistentLimits).
//
// Every test listens on 127.0.0.1 only, sends a bounded number of
// requests, waits with bounded polls, and closes every connection it
// opened; each test checks at the end that its goroutines are gone.
package poolsize_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httptrace"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

const (
	// stillOpen is how long a connection that nothing should close is
	// watched to stay open. It is at least three times every
	// IdleConnTimeout a fixed configuration uses here.
	stillOpen = 400 * time.Millisecond
	// settle bounds polls for things that happen promptly (a close seen by
	// the server, goroutines exiting once their connection is closed).
	settle = 2 * time.Second
	// goroutineSlack is how many goroutines a count "back at the baseline"
	// or "grown by a constant" may be off by, for the runtime's and the
	// testing package's own goroutines coming and going.
	goroutineSlack = 3
	// churnSlack is how many connections fewer than net/http's logic
	// predicts a pool that churns may open and still count as churning.
	// Counts of connections that are reused are checked exactly: the pool
	// already holds every connection such a round needs.
	churnSlack = 4
)

// poolServer is an httptest server on 127.0.0.1 that counts the
// connections it accepts and holds open, and whose handler can hold
// requests at a gate until a whole group of them is in flight.
type poolServer struct {
	*httptest.Server
	accepted atomic.Int32 // connections seen in StateNew
	open     atomic.Int32 // accepted, not yet closed or hijacked
	gate     *gate        // nil: answer at once
}

func newPoolServer(t *testing.T, g *gate) *poolServer {
	t.Helper()
	s := &poolServer{gate: g}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.gate != nil && !s.gate.pass(r.Context()) {
			http.Error(w, "gate: the group never filled", http.StatusServiceUnavailable)
			return
		}
		io.WriteString(w, "ok")
	}))
	s.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		switch st {
		case http.StateNew:
			s.accepted.Add(1)
			s.open.Add(1)
		case http.StateClosed, http.StateHijacked:
			s.open.Add(-1)
		}
	}
	s.Start() // httptest listens on 127.0.0.1
	t.Cleanup(s.Close)
	return s
}

// gate holds requests until width of them are waiting, then lets the
// whole group through, so that a fan-out of width requests is provably
// concurrent: all width connections are busy at the same moment. A
// request that waits longer than settle is turned away instead.
type gate struct {
	width int

	mu          sync.Mutex
	waiting     int
	release     chan struct{}
	inFlight    int
	maxInFlight int
}

func newGate(width int) *gate {
	return &gate{width: width, release: make(chan struct{})}
}

func (g *gate) pass(ctx context.Context) bool {
	g.mu.Lock()
	g.inFlight++
	g.maxInFlight = max(g.maxInFlight, g.inFlight)
	ch := g.release
	g.waiting++
	if g.waiting == g.width {
		close(ch)
		g.release = make(chan struct{})
		g.waiting = 0
	}
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		g.inFlight--
		g.mu.Unlock()
	}()
	select {
	case <-ch:
		return true
	case <-ctx.Done():
	case <-time.After(settle):
	}
	return false
}

func (g *gate) max() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.maxInFlight
}

// get sends a GET through c, reads the body to the end and closes it, so
// that the connection may go back to the transport's idle pool.
func get(c *http.Client, url string) error {
	resp, err := c.Get(url)
	if err != nil {
		return err
	}
	b, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK || string(b) != "ok" {
		return fmt.Errorf("status %d, body %q; want 200 \"ok\"", resp.StatusCode, b)
	}
	return nil
}

// fanOut sends width concurrent GETs through c, drains and closes every
// body, and returns once all of them have completed.
func fanOut(t *testing.T, c *http.Client, url string, width int) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, width)
	for range width {
		wg.Go(func() {
			if err := get(c, url); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("fan-out request: %v", err)
	}
}

// waitFor polls cond until it holds or d has passed, and reports whether
// it held.
func waitFor(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
	return true
}

// openSettled waits up to settle for the server to hold want connections
// open, then a little longer for closes still on their way, and returns
// how many it holds. The client closes the connections it cannot keep
// idle as it puts them back; the server notices a moment later.
func (s *poolServer) openSettled(want int) int {
	waitFor(settle, func() bool { return s.open.Load() == int32(want) })
	time.Sleep(50 * time.Millisecond)
	return int(s.open.Load())
}

// goroutines returns runtime.NumGoroutine once it has stayed the same for
// five samples 10ms apart, or its last value after one second.
func goroutines() int {
	deadline := time.Now().Add(time.Second)
	last, same := runtime.NumGoroutine(), 0
	for same < 5 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
		if n := runtime.NumGoroutine(); n == last {
			same++
		} else {
			last, same = n, 0
		}
	}
	return last
}

// connLoops counts the goroutines running net/http's client connection
// loops: one readLoop and one writeLoop per open HTTP/1 connection.
func connLoops() (read, write int) {
	buf := make([]byte, 1<<16)
	for {
		n := runtime.Stack(buf, true)
		if n < len(buf) {
			buf = buf[:n]
			break
		}
		buf = make([]byte, 2*len(buf))
	}
	for _, g := range bytes.Split(buf, []byte("\n\n")) {
		if bytes.Contains(g, []byte("net/http.(*persistConn).readLoop(")) {
			read++
		}
		if bytes.Contains(g, []byte("net/http.(*persistConn).writeLoop(")) {
			write++
		}
	}
	return read, write
}

// checkNoLeak takes a goroutine baseline now and, when the test ends
// (after every cleanup registered later has run), checks that the
// goroutines are back to it and that no client connection is left.
func checkNoLeak(t *testing.T) {
	t.Helper()
	base := goroutines()
	t.Cleanup(func() {
		var n, r, w int
		ok := waitFor(settle, func() bool {
			n = runtime.NumGoroutine()
			r, w = connLoops()
			return n <= base+goroutineSlack && r == 0 && w == 0
		})
		if !ok {
			t.Errorf("after cleanup: %d goroutines (%d before the test), %d readLoop and %d writeLoop goroutines; want the test to leave nothing behind",
				n, base, r, w)
		}
	})
}

// TestProofTransportPerRequest proves transport-per-request: a transport
// made for one request, whose response was drained and closed, keeps its
// connection and goroutines after it is dropped, until
// CloseIdleConnections; a shared transport reuses one connection; with
// DisableKeepAlives nothing is kept.
func TestProofTransportPerRequest(t *testing.T) {
	t.Run("per-request/&http.Transport{}", proofZeroTransportPerRequest)
	t.Run("per-request/DefaultTransport.Clone", proofClonePerRequest)
	t.Run("shared", proofSharedTransport)
	t.Run("per-request/DisableKeepAlives", proofDisableKeepAlivesPerRequest)
}

func proofZeroTransportPerRequest(t *testing.T) {
	const n = 50
	checkNoLeak(t)
	s := newPoolServer(t, nil)
	var transports []*http.Transport
	t.Cleanup(func() {
		for _, tr := range transports {
			tr.CloseIdleConnections()
		}
	})
	base := goroutines()
	baseRead, baseWrite := connLoops()

	start := time.Now()
	for range n {
		tr := &http.Transport{}
		transports = append(transports, tr)
		if err := get(&http.Client{Transport: tr}, s.URL); err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d requests, each through a new Transport: %v", n, time.Since(start))
	if got := transports[0].IdleConnTimeout; got != 0 {
		t.Fatalf("http.Transport{}.IdleConnTimeout = %v, want 0", got)
	}

	// Nothing closes the idle connections: not the client (no
	// IdleConnTimeout), not the server (no IdleTimeout).
	time.Sleep(stillOpen)
	after := goroutines()
	read, write := connLoops()
	read, write = read-baseRead, write-baseWrite
	t.Logf("after %v: server accepted %d, %d still open; goroutines %d -> %d (+%d); client readLoop +%d, writeLoop +%d",
		stillOpen, s.accepted.Load(), s.open.Load(), base, after, after-base, read, write)
	if got := s.accepted.Load(); got != n {
		t.Errorf("server accepted %d connections, want %d (one per transport)", got, n)
	}
	if got := s.open.Load(); got < n-5 {
		t.Errorf("server holds %d connections open %v after the last response, want >= %d: the idle connections of dropped transports stay open",
			got, stillOpen, n-5)
	}
	if read < n || write < n {
		t.Errorf("client readLoop +%d, writeLoop +%d goroutines; want +%d each (two per idle connection)", read, write, n)
	}
	if after-base < 2*n {
		t.Errorf("goroutines grew by %d, want >= %d (two client goroutines per idle connection)", after-base, 2*n)
	}

	// The fix: CloseIdleConnections on each transport releases all.
	closeStart := time.Now()
	for _, tr := range transports {
		tr.CloseIdleConnections()
	}
	var g int
	ok := waitFor(settle, func() bool {
		g = runtime.NumGoroutine()
		read, write = connLoops()
		return s.open.Load() == 0 && read == baseRead && write == baseWrite && g <= base+goroutineSlack
	})
	t.Logf("after CloseIdleConnections (%v): %d open, goroutines %d (baseline %d), readLoop %d, writeLoop %d",
		time.Since(closeStart), s.open.Load(), g, base, read, write)
	if !ok {
		t.Errorf("CloseIdleConnections did not release the connections within %v: %d still open, %d goroutines (baseline %d), readLoop %d, writeLoop %d",
			settle, s.open.Load(), g, base, read, write)
	}
}

func proofClonePerRequest(t *testing.T) {
	const n = 20
	checkNoLeak(t)
	s := newPoolServer(t, nil)
	var clients []*http.Client
	t.Cleanup(func() {
		for _, c := range clients {
			c.CloseIdleConnections()
		}
	})
	base := goroutines()
	for range n {
		c := &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
		clients = append(clients, c)
		if err := get(c, s.URL); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(stillOpen)
	after := goroutines()
	read, write := connLoops()
	t.Logf("%d clones of DefaultTransport (IdleConnTimeout %v): after %v, server accepted %d, %d open; goroutines +%d; readLoop %d, writeLoop %d",
		n, http.DefaultTransport.(*http.Transport).IdleConnTimeout, stillOpen, s.accepted.Load(), s.open.Load(), after-base, read, write)
	if got := s.accepted.Load(); got != n {
		t.Errorf("server accepted %d connections, want %d (a clone does not share the pool)", got, n)
	}
	if got := s.open.Load(); got < n-2 {
		t.Errorf("server holds %d connections open, want >= %d", got, n-2)
	}
	if after-base < 2*n {
		t.Errorf("goroutines grew by %d, want >= %d", after-base, 2*n)
	}

	// Client.CloseIdleConnections forwards to the transport.
	for _, c := range clients {
		c.CloseIdleConnections()
	}
	if !waitFor(settle, func() bool { return s.open.Load() == 0 }) {
		t.Errorf("Client.CloseIdleConnections: %d connections still open after %v", s.open.Load(), settle)
	}
}

func proofSharedTransport(t *testing.T) {
	const n = 50
	checkNoLeak(t)
	s := newPoolServer(t, nil)
	tr := &http.Transport{}
	t.Cleanup(tr.CloseIdleConnections)
	c := &http.Client{Transport: tr}
	base := goroutines()
	start := time.Now()
	for range n {
		if err := get(c, s.URL); err != nil {
			t.Fatal(err)
		}
	}
	elapsed := time.Since(start)
	after := goroutines()
	read, write := connLoops()
	t.Logf("%d requests through one Transport: %v; server accepted %d, %d open; goroutines %d -> %d (+%d); readLoop %d, writeLoop %d",
		n, elapsed, s.accepted.Load(), s.open.Load(), base, after, after-base, read, write)
	if got := s.accepted.Load(); got != 1 {
		t.Errorf("server accepted %d connections, want 1 (sequential requests reuse one)", got)
	}
	// One idle connection: readLoop, writeLoop, the server's conn.
	if after-base > 3+goroutineSlack {
		t.Errorf("goroutines grew by %d, want <= %d", after-base, 3+goroutineSlack)
	}
}

func proofDisableKeepAlivesPerRequest(t *testing.T) {
	const n = 20
	checkNoLeak(t)
	s := newPoolServer(t, nil)
	base := goroutines()
	for range n {
		// Nothing to close: the transport keeps no connection.
		c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
		if err := get(c, s.URL); err != nil {
			t.Fatal(err)
		}
	}
	var g, read, write int
	ok := waitFor(settle, func() bool {
		g = runtime.NumGoroutine()
		read, write = connLoops()
		return s.open.Load() == 0 && read == 0 && write == 0 && g <= base+goroutineSlack
	})
	t.Logf("%d requests, each through a new Transport{DisableKeepAlives: true}: server accepted %d, %d open; goroutines %d (baseline %d)",
		n, s.accepted.Load(), s.open.Load(), g, base)
	if !ok {
		t.Errorf("with DisableKeepAlives, %d connections are still open, %d goroutines (baseline %d), readLoop %d, writeLoop %d; want none kept",
			s.open.Load(), g, base, read, write)
	}
}

// TestProofIdlePerHostDefault proves idle-per-host-default and
// fanout-exceeds-pool: with MaxIdleConnsPerHost left at 0 a transport
// keeps only 2 idle connections to a host, so a fan-out of 16 concurrent
// requests closes 14 connections after each round and dials 14 new ones
// for the next, whatever MaxIdleConns or MaxConnsPerHost say. A fan-out
// with one goroutine per host does not churn: each host sees one request
// at a time, and its connection is reused.
func TestProofIdlePerHostDefault(t *testing.T) {
	t.Run("distinct-hosts", func(t *testing.T) {
		const hosts, rounds = 16, 3
		checkNoLeak(t)
		var servers []*poolServer
		for range hosts {
			servers = append(servers, newPoolServer(t, nil))
		}
		tr := &http.Transport{}
		t.Cleanup(tr.CloseIdleConnections)
		c := &http.Client{Transport: tr}
		var wg sync.WaitGroup
		for _, s := range servers {
			wg.Go(func() {
				for range rounds {
					if err := get(c, s.URL); err != nil {
						t.Error(err)
					}
				}
			})
		}
		wg.Wait()
		accepted := 0
		for _, s := range servers {
			accepted += int(s.accepted.Load())
		}
		t.Logf("%d goroutines, one per host, %d requests each: %d connections in all", hosts, rounds, accepted)
		if accepted != hosts {
			t.Errorf("the servers accepted %d connections, want %d (one per host, reused)", accepted, hosts)
		}
	})

	if http.DefaultMaxIdleConnsPerHost != 2 {
		t.Fatalf("http.DefaultMaxIdleConnsPerHost = %d, want 2", http.DefaultMaxIdleConnsPerHost)
	}
	const (
		width  = 16
		rounds = 3
	)
	for _, tc := range []struct {
		name  string
		tr    func() *http.Transport
		width int // concurrent requests per round
		keep  int // idle connections net/http keeps for the host
	}{
		{"MaxIdleConns=100", func() *http.Transport { return &http.Transport{MaxIdleConns: 100} }, width, 2},
		{"DefaultTransport.Clone", func() *http.Transport { return http.DefaultTransport.(*http.Transport).Clone() }, width, 2},
		{"MaxConnsPerHost=16", func() *http.Transport { return &http.Transport{MaxConnsPerHost: 16} }, width, 2},
		{"fixed/MaxIdleConnsPerHost=16", func() *http.Transport {
			return &http.Transport{MaxIdleConns: 100, MaxIdleConnsPerHost: 16}
		}, width, 16},
		// A fan-out no wider than the idle limit fits the default pool.
		{"fits/width=2", func() *http.Transport { return &http.Transport{MaxIdleConns: 100} }, 2, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkNoLeak(t)
			g := newGate(tc.width)
			s := newPoolServer(t, g)
			tr := tc.tr()
			t.Cleanup(tr.CloseIdleConnections)
			if tc.keep == 2 && tr.MaxIdleConnsPerHost != 0 {
				t.Fatalf("MaxIdleConnsPerHost = %d, want 0 (the default)", tr.MaxIdleConnsPerHost)
			}
			// What a pool that keeps tc.keep idle connections opens: width
			// in the first round, then width-keep in every later one.
			want := tc.width + (rounds-1)*max(tc.width-tc.keep, 0)
			churns := tc.keep < tc.width
			c := &http.Client{Transport: tr}
			start := time.Now()
			var perRound []int32
			var openAfter []int
			for range rounds {
				before := s.accepted.Load()
				fanOut(t, c, s.URL, tc.width)
				perRound = append(perRound, s.accepted.Load()-before)
				openAfter = append(openAfter, s.openSettled(min(tc.width, tc.keep)))
			}
			got := int(s.accepted.Load())
			t.Logf("%d rounds of %d concurrent requests (at most %d in flight) in %v: %d connections (new per round %v; open after each round %v); net/http's logic says %d",
				rounds, tc.width, g.max(), time.Since(start), got, perRound, openAfter, want)
			if g.max() != tc.width {
				t.Errorf("at most %d requests were in flight, want %d", g.max(), tc.width)
			}
			if churns {
				if least := want - churnSlack; got < least {
					t.Errorf("server accepted %d connections, want >= %d (expected %d): only %d idle connections per host are kept",
						got, least, want, tc.keep)
				}
				if last := openAfter[len(openAfter)-1]; last > tc.keep {
					t.Errorf("%d connections open after the last round, want <= %d", last, tc.keep)
				}
			} else if got != want {
				t.Errorf("server accepted %d connections (new per round %v), want %d: every connection should be reused",
					got, perRound, want)
			}
		})
	}

	// Capping MaxConnsPerHost at the idle limit bounds the fan-out's
	// connections too: requests queue for the 2 connections rather than
	// dial (the analyzer reports no fan-out then).
	t.Run("capped/MaxConnsPerHost=2", func(t *testing.T) {
		checkNoLeak(t)
		g := newGate(2)
		s := newPoolServer(t, g)
		tr := &http.Transport{MaxConnsPerHost: 2}
		t.Cleanup(tr.CloseIdleConnections)
		c := &http.Client{Transport: tr}
		for range rounds {
			fanOut(t, c, s.URL, width)
		}
		t.Logf("%d rounds of %d concurrent requests with MaxConnsPerHost 2: %d connections, at most %d in flight",
			rounds, width, s.accepted.Load(), g.max())
		if got := s.accepted.Load(); got != 2 {
			t.Errorf("server accepted %d connections, want 2", got)
		}
		if g.max() > 2 {
			t.Errorf("%d requests were in flight at once, want <= 2", g.max())
		}
	})
}

// TestProofIdleTimeoutZero proves idle-timeout-zero: a transport built
// from its zero value never closes an idle connection; IdleConnTimeout
// makes the client close it. That piles up only where the pool can hold
// many: after a burst through a per-host pool raised above the default,
// every connection the burst opened stays (with the default of 2 per
// host, two do); and with MaxIdleConns 0, every host reached keeps its
// idle connections (with MaxIdleConns set, no more than that are kept).
func TestProofIdleTimeoutZero(t *testing.T) {
	t.Run("burst/raised-per-host", func(t *testing.T) {
		const width = 8
		for _, tc := range []struct {
			name     string
			tr       *http.Transport
			wantOpen int
		}{
			{"MaxIdleConnsPerHost 8, IdleConnTimeout 0", &http.Transport{MaxIdleConnsPerHost: width}, width},
			{"default per-host pool", &http.Transport{}, 2},
			{"MaxIdleConnsPerHost 8, IdleConnTimeout 100ms", &http.Transport{MaxIdleConnsPerHost: width, IdleConnTimeout: 100 * time.Millisecond}, 0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				checkNoLeak(t)
				s := newPoolServer(t, newGate(width))
				t.Cleanup(tc.tr.CloseIdleConnections)
				fanOut(t, &http.Client{Transport: tc.tr}, s.URL, width)
				time.Sleep(stillOpen)
				got := s.openSettled(tc.wantOpen)
				t.Logf("%s: %d concurrent requests opened %d connections; %d still open %v later", tc.name, width, s.accepted.Load(), got, stillOpen)
				if s.accepted.Load() != width {
					t.Fatalf("the burst opened %d connections, want %d", s.accepted.Load(), width)
				}
				if got != tc.wantOpen {
					t.Errorf("%d connections still open, want %d", got, tc.wantOpen)
				}
			})
		}
	})

	t.Run("hosts/no-limit", func(t *testing.T) {
		const hosts = 12
		for _, tc := range []struct {
			name     string
			tr       *http.Transport
			wantOpen int
		}{
			{"MaxIdleConns 0, IdleConnTimeout 0", &http.Transport{}, hosts},
			{"MaxIdleConns 4", &http.Transport{MaxIdleConns: 4}, 4},
			{"IdleConnTimeout 100ms", &http.Transport{IdleConnTimeout: 100 * time.Millisecond}, 0},
		} {
			t.Run(tc.name, func(t *testing.T) {
				checkNoLeak(t)
				var servers []*poolServer
				for range hosts {
					servers = append(servers, newPoolServer(t, nil)) // a port each: a host each
				}
				t.Cleanup(tc.tr.CloseIdleConnections)
				c := &http.Client{Transport: tc.tr}
				for _, s := range servers {
					if err := get(c, s.URL); err != nil {
						t.Fatal(err)
					}
				}
				open := func() int {
					n := 0
					for _, s := range servers {
						n += int(s.open.Load())
					}
					return n
				}
				time.Sleep(stillOpen)
				waitFor(settle, func() bool { return open() == tc.wantOpen })
				t.Logf("%s: one request to each of %d hosts; %d connections still open %v later", tc.name, hosts, open(), stillOpen)
				if got := open(); got != tc.wantOpen {
					t.Errorf("%d connections still open, want %d", got, tc.wantOpen)
				}
			})
		}
	})

	t.Run("zero-value", func(t *testing.T) {
		checkNoLeak(t)
		s := newPoolServer(t, nil)
		tr := &http.Transport{}
		t.Cleanup(tr.CloseIdleConnections)
		if tr.IdleConnTimeout != 0 {
			t.Fatalf("http.Transport{}.IdleConnTimeout = %v, want 0", tr.IdleConnTimeout)
		}
		c := &http.Client{Transport: tr}
		if err := get(c, s.URL); err != nil {
			t.Fatal(err)
		}
		time.Sleep(stillOpen)
		read, write := connLoops()
		t.Logf("after %v idle: server accepted %d, %d open; client readLoop %d, writeLoop %d", stillOpen, s.accepted.Load(), s.open.Load(), read, write)
		if got := s.open.Load(); got != 1 {
			t.Errorf("server holds %d connections open after %v idle, want 1", got, stillOpen)
		}
		if read != 1 || write != 1 {
			t.Errorf("client readLoop %d, writeLoop %d; want 1 each (the idle connection)", read, write)
		}

		// The client kept it idle in its pool: the next request reuses it.
		var info httptrace.GotConnInfo
		ctx := httptrace.WithClientTrace(context.Background(), &httptrace.ClientTrace{
			GotConn: func(i httptrace.GotConnInfo) { info = i },
		})
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := c.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		t.Logf("next request: Reused %v, WasIdle %v, IdleTime %v; server accepted %d", info.Reused, info.WasIdle, info.IdleTime, s.accepted.Load())
		if !info.Reused || !info.WasIdle || info.IdleTime < stillOpen {
			t.Errorf("next request: Reused %v, WasIdle %v, IdleTime %v; want a reused connection idle for >= %v",
				info.Reused, info.WasIdle, info.IdleTime, stillOpen)
		}
		if got := s.accepted.Load(); got != 1 {
			t.Errorf("server accepted %d connections, want 1", got)
		}
	})

	t.Run("fixed/IdleConnTimeout", func(t *testing.T) {
		const timeout = 100 * time.Millisecond
		checkNoLeak(t)
		s := newPoolServer(t, nil)
		tr := &http.Transport{IdleConnTimeout: timeout}
		t.Cleanup(tr.CloseIdleConnections)
		c := &http.Client{Transport: tr}
		if err := get(c, s.URL); err != nil {
			t.Fatal(err)
		}
		idle := time.Now()
		if got := s.open.Load(); got != 1 {
			t.Errorf("server holds %d connections open right after the response, want 1", got)
		}
		// The server has no idle timeout: only the client can close it.
		ok := waitFor(10*timeout, func() bool { return s.open.Load() == 0 })
		closed := time.Since(idle)
		t.Logf("IdleConnTimeout %v: the server saw the connection closed after %v", timeout, closed)
		if !ok {
			t.Fatalf("connection still open %v after going idle, want it closed by the %v IdleConnTimeout", 10*timeout, timeout)
		}
		if err := get(c, s.URL); err != nil {
			t.Fatal(err)
		}
		if got := s.accepted.Load(); got != 2 {
			t.Errorf("server accepted %d connections, want 2 (the next request dials anew)", got)
		}
	})
}

// TestProofInconsistentLimits proves inconsistent-limits: MaxIdleConns
// below MaxIdleConnsPerHost caps the idle pool for the host too: after 8
// concurrent requests only 2 connections stay idle, and the next 8 dial 6
// new ones.
func TestProofInconsistentLimits(t *testing.T) {
	const width = 8
	for _, tc := range []struct {
		name     string
		tr       *http.Transport
		wantIdle int
	}{
		{"MaxIdleConns=2,MaxIdleConnsPerHost=8", &http.Transport{MaxIdleConns: 2, MaxIdleConnsPerHost: 8}, 2},
		{"fixed/MaxIdleConns=8,MaxIdleConnsPerHost=8", &http.Transport{MaxIdleConns: 8, MaxIdleConnsPerHost: 8}, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkNoLeak(t)
			g := newGate(width)
			s := newPoolServer(t, g)
			t.Cleanup(tc.tr.CloseIdleConnections)
			c := &http.Client{Transport: tc.tr}

			fanOut(t, c, s.URL, width)
			first := s.accepted.Load()
			idle := s.openSettled(tc.wantIdle)
			fanOut(t, c, s.URL, width)
			second := s.accepted.Load() - first
			t.Logf("round 1: %d connections, %d left open; round 2: %d new connections; at most %d in flight",
				first, idle, second, g.max())
			if first != width || g.max() != width {
				t.Fatalf("round 1 opened %d connections with %d in flight, want %d concurrent", first, g.max(), width)
			}
			if idle != tc.wantIdle {
				t.Errorf("%d connections stayed open after round 1, want %d", idle, tc.wantIdle)
			}
			if tc.wantIdle < width {
				if second < int32(width-tc.wantIdle) {
					t.Errorf("round 2 opened %d new connections, want >= %d: only %d stay idle", second, width-tc.wantIdle, tc.wantIdle)
				}
			} else if second != 0 {
				t.Errorf("round 2 opened %d new connections, want 0: all %d should stay idle", second, width)
			}
		})
	}
}
