// Package poolsize defines an Analyzer that reports HTTP connection pools
// sized by accident: idle limits left at net/http's defaults under load,
// idle connections that are never closed, pools built anew for every
// request, fan-outs wider than the pool, and limits that defeat each
// other.
//
// # Analyzer poolsize
//
// poolsize: report HTTP connection pools sized by accident
//
// An http.Transport keeps at most MaxIdleConnsPerHost idle connections to
// each host, and 0 means 2 (http.DefaultMaxIdleConnsPerHost). A program
// that raises MaxIdleConns to 100, or sends many requests to one host at
// once, still keeps only two connections per host: every connection
// beyond two is closed after use and a new one dialed for the next
// request. The analyzer follows each transport's configuration (literal
// fields, later stores, Clone of http.DefaultTransport, go-cleanhttp,
// go-retryablehttp and resty constructors) and reports:
//
// idle-per-host-default: a transport raises MaxIdleConns above 2 (or to a
// non-constant value) or MaxConnsPerHost above 2, but leaves
// MaxIdleConnsPerHost at 0, which means 2. A suggested fix sets
// MaxIdleConnsPerHost to the configured value. Not reported for a
// transport that lives for one call and is handed to nothing else: its
// requests run one at a time.
//
//	t := &http.Transport{MaxIdleConns: 100} // MaxIdleConnsPerHost stays 2
//
// idle-timeout-zero: a long-lived transport whose IdleConnTimeout stays 0
// (its zero value, an explicit 0, an options field never set) where idle
// connections pile up: its per-host idle pool is set to a constant above
// 2, so a burst leaves that many per host open until the server closes
// them, or nothing limits idle connections (MaxIdleConns 0) while each
// call picks the host, so every host reached keeps its own.
//
// transport-per-request: a transport, or a client that owns one
// (&http.Client{Transport: &http.Transport{}},
// http.DefaultTransport.(*http.Transport).Clone(), retryablehttp.NewClient(),
// resty.New(), cleanhttp.DefaultPooledClient()), is built in a handler, in
// a loop, or in a function that sends requests through it, and dies when
// that call returns. Each call leaves its idle connections open, with two
// goroutines and a file descriptor each, until the server closes them.
// Not reported when the pool is kept (stored in a field, a package
// variable or returned), when CloseIdleConnections is called on it, when
// keep-alives are disabled or every request asks for its connection to be
// closed, or when the function runs once at start-up or per configuration
// load (only main, init or a package-level sync.Once reach it, or it is
// named New..., Init..., Setup..., Provision..., Load..., Start... and the
// like).
//
// fanout-exceeds-pool: requests to one host (a constant host, or a base
// URL that is the same for every goroutine) are sent from a concurrent
// fan-out (a go statement or errgroup.Go in a loop over a collection, a
// worker loop of constant size, errgroup.SetLimit(n)) wider than the
// transport's idle limit per host (2 by default, also for
// http.DefaultClient and the helpers). A fan-out of unknown width (a size
// from configuration), or with a goroutine per configured server, URL or
// node (a host each), is not reported.
//
// inconsistent-limits: constant settings that defeat each other:
// MaxIdleConnsPerHost above MaxIdleConns, MaxConnsPerHost below
// MaxIdleConnsPerHost, or a negative MaxIdleConnsPerHost (which disables
// idle pooling) together with other idle settings.
//
// Options:
//
//	-poolsize.include-tests     also report in test code (_test.go files, test support)
//	-poolsize.fanout-width=N    report fan-outs wider than N (default 2) and
//	                            wider than the transport's MaxIdleConnsPerHost
//
// Suppress one finding with a reason:
//
//	//httplint:ignore poolsize/transport-per-request one-shot CLI, runs once
package poolsize
