package httplib

import (
	"go/types"
	"net/http"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// Via says what sends a request.
type Via uint8

const (
	// ViaHelper: a package function of net/http (http.Get, ...), which
	// sends through http.DefaultClient.
	ViaHelper Via = iota + 1
	// ViaClient: a method of *http.Client.
	ViaClient
	// ViaRoundTrip: (*http.Transport).RoundTrip.
	ViaRoundTrip
	// ViaLibrary: a function or method of a client library.
	ViaLibrary
)

// A Send describes one call that sends an HTTP request. Operands the call
// does not have are nil.
type Send struct {
	Call ssa.CallInstruction
	Lib  *Library
	Via  Via
	// Name is how the request is sent, for messages: "http.Get",
	// "(*http.Client).Do", "(*retryablehttp.Client).Post",
	// "(*resty.Request).Post".
	Name string
	// Client is the client operand: the *http.Client (ViaClient), or the
	// library client (retryablehttp, heimdall). Transport is the
	// *http.Transport operand (ViaRoundTrip).
	Client, Transport ssa.Value
	// DefaultClient reports a library package function that sends
	// through the library's default client (retryablehttp.Get).
	DefaultClient bool
	// Request is the request operand: the *http.Request of Do and
	// RoundTrip, or the library's request (*retryablehttp.Request, the
	// *resty.Request receiver, the *failsafehttp.Request receiver).
	Request ssa.Value
	// Method is the HTTP method the function implies ("POST" for Post),
	// or "" when the request or MethodArg carries it.
	Method    string
	MethodArg ssa.Value
	// URL and Body are the URL and body operands, when the call has them.
	URL, Body ssa.Value
	// Headers is the header argument (heimdall).
	Headers ssa.Value
	// Background reports whether the call builds its request with
	// context.Background (net/http's helpers and the Client methods other
	// than Do).
	Background bool
}

// Classify reports whether call sends an HTTP request through net/http,
// and describes it.
func Classify(call ssa.CallInstruction) (Send, bool) {
	return classify(call, func(l *Library) bool { return l == NetHTTPLib })
}

// ClassifyLibrary reports whether call sends an HTTP request through a
// client library other than net/http, and describes it.
func ClassifyLibrary(call ssa.CallInstruction) (Send, bool) {
	return classify(call, func(l *Library) bool { return l != NetHTTPLib })
}

// ClassifyIn is Classify that also sees through an interface-typed
// field of the package of ix whose stored values have one concrete type
// (valueflow.Index.DevirtualizeField): a send through an injectable
// Doer field whose default is an *http.Client.
func ClassifyIn(ix *valueflow.Index, call ssa.CallInstruction) (Send, bool) {
	return classifyIn(ix, call, func(l *Library) bool { return l == NetHTTPLib })
}

// ClassifyLibraryIn is ClassifyLibrary as ClassifyIn sees calls.
func ClassifyLibraryIn(ix *valueflow.Index, call ssa.CallInstruction) (Send, bool) {
	return classifyIn(ix, call, func(l *Library) bool { return l != NetHTTPLib })
}

func classify(call ssa.CallInstruction, want func(*Library) bool) (Send, bool) {
	return classifyIn(nil, call, want)
}

func classifyIn(ix *valueflow.Index, call ssa.CallInstruction, want func(*Library) bool) (Send, bool) {
	c := call.Common()
	fn, args := valueflow.StaticCallee(c), c.Args
	if c.IsInvoke() {
		// A client or transport held in an interface the function
		// itself converted it to, or in a field that only ever holds
		// one concrete type: its concrete method sends.
		var recv ssa.Value
		if fn, recv = valueflow.Devirtualize(c); fn == nil && ix != nil {
			fn, recv = ix.DevirtualizeField(c)
		}
		if fn != nil {
			args = append([]ssa.Value{recv}, c.Args...)
		}
	}
	lib, _ := funcOf(fn)
	if lib == nil || lib.send == nil || !want(lib) {
		return Send{}, false
	}
	s, ok := lib.send(fn, args)
	if !ok {
		return Send{}, false
	}
	s.Call, s.Lib = call, lib
	return s, true
}

// arg returns args[i], or nil.
func arg(args []ssa.Value, i int) ssa.Value {
	if i >= 0 && i < len(args) {
		return args[i]
	}
	return nil
}

// methodOf returns the HTTP method a send function named name implies:
// Get, Head, Post, Put, Patch, Delete, Options, Trace, PostForm, Query.
func methodOf(name string) string {
	switch name {
	case "Get":
		return http.MethodGet
	case "Head":
		return http.MethodHead
	case "Post", "PostForm":
		return http.MethodPost
	case "Put":
		return http.MethodPut
	case "Patch":
		return http.MethodPatch
	case "Delete":
		return http.MethodDelete
	case "Options":
		return http.MethodOptions
	case "Trace":
		return http.MethodTrace
	case "Query":
		return "QUERY"
	}
	return ""
}

// ClassifyInterface reports whether call sends a request through an
// interface: a RoundTrip or Do method that takes an *http.Request and
// returns an *http.Response and an error (an http.RoundTripper, a "Doer"
// field), or a middleware pipeline's method that takes one request among
// other arguments and returns the same or a struct embedding it
// (pipeline.Next(req, i), a handler chain's Do(req, v)); or
// through a function value of that signature (handler := c.Do, wrapped
// by middlewares: handler(req), as Stainless-generated SDKs send). The
// sender's configuration is unknown; the request is the argument.
func ClassifyInterface(call ssa.CallInstruction) (Send, bool) {
	c := call.Common()
	funcValue := !c.IsInvoke() && c.StaticCallee() == nil && c.Signature().Recv() == nil
	if !c.IsInvoke() && !funcValue {
		return Send{}, false
	}
	res := c.Signature().Results()
	if res.Len() != 2 || !EmbedsResponse(res.At(0).Type()) || res.At(1).Type().String() != "error" {
		return Send{}, false
	}
	// The request sent: the only argument of RoundTrip, or the one
	// request among the arguments of Do or a middleware pipeline's
	// method (pipeline.Next(req, i), a handler chain's Do(req, v) whose
	// result wraps the response).
	var req ssa.Value
	for _, a := range c.Args {
		if IsRequest(a.Type()) {
			if req != nil {
				return Send{}, false
			}
			req = a
		}
	}
	if req == nil {
		return Send{}, false
	}
	if funcValue {
		return Send{Call: call, Lib: NetHTTPLib, Request: req, Via: ViaClient, Name: "a sender function value"}, true
	}
	if c.Method.Name() == "RoundTrip" && len(c.Args) != 1 {
		return Send{}, false
	}
	s := Send{Call: call, Lib: NetHTTPLib, Request: req, Name: types.TypeString(c.Value.Type(), func(p *types.Package) string { return p.Name() }) + "." + c.Method.Name()}
	if c.Method.Name() == "RoundTrip" {
		s.Via, s.Transport = ViaRoundTrip, c.Value
	} else {
		s.Via, s.Client = ViaClient, c.Value
	}
	return s, true
}
