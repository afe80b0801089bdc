// Package acquiretimeout defines an Analyzer that reports HTTP requests
// that can wait forever: for a response, for a pooled connection, or for
// a dial.
//
// # Analyzer acquiretimeout
//
// acquiretimeout: report HTTP requests that can wait forever for a connection or a response
//
// A request sent through an http.Client whose Timeout is zero, with a
// context that has no deadline, has no bound at all: a server that
// accepts the connection and never answers blocks the call forever.
// http.Get, http.Post and http.DefaultClient are such clients:
//
//	resp, err := http.Get(url) // http.DefaultClient has no Timeout
//
// The analyzer follows the client's configuration through the program
// (literals, later stores such as c.Timeout = d, constructors in other
// packages, package variables and struct fields) and the request's
// context (context.WithTimeout and friends). It reports only when both
// are known: a client that comes from a parameter or an interface, or a
// context parameter, is the caller's business (see -strict).
//
// Rules, each reported with its slug as the diagnostic category:
//
// client-no-deadline: a request is sent through a client with no Timeout
// and its context has no deadline. When the transport sets
// ResponseHeaderTimeout, the message says that it does not bound the
// body: it bounds only the wait for headers.
//
// pool-wait-unbounded: a Transport sets MaxConnsPerHost and a client
// without Timeout sends a request without deadline through it. Once the
// per-host cap is reached, further requests queue for a connection with
// no bound (net/http's only bound is the request context). Reported at
// the MaxConnsPerHost setting.
//
//	t := &http.Transport{MaxConnsPerHost: 8}
//	c := &http.Client{Transport: t} // no Timeout
//
// dial-unbounded: a Transport built from its zero value sets
// MaxConnsPerHost but has no dial timeout (a nil DialContext dials with
// a zero net.Dialer) or no TLSHandshakeTimeout. Dials are detached from
// request cancellation, so a stalled dial or handshake keeps its
// connection slot even after the request gives up.
//
// Fix the first two by giving the client a Timeout or each request a
// context deadline; fix the third by setting DialContext to a
// net.Dialer with a Timeout and TLSHandshakeTimeout, or by starting from
// http.DefaultTransport.(*http.Transport).Clone().
//
// Options:
//
//	-acquiretimeout.include-tests   also report in test code (_test.go files, test support)
//	-acquiretimeout.allow-pkgs      comma-separated packages whose clients are
//	                                deliberately deadline-free (streaming); a
//	                                trailing /... matches subpackages
//	-acquiretimeout.strict          also report requests whose context is a
//	                                parameter of the enclosing function
//
// Suppress one finding with a reason:
//
//	//httplint:ignore acquiretimeout/client-no-deadline long-poll, cancelled by the caller
package acquiretimeout
