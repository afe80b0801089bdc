// Package httpcall recognises the calls that send an HTTP request.
//
// It is the one place that knows which functions and methods send a
// request and where their client, request, method, URL and body come
// from, so that every analyzer agrees on what "a request is sent" means.
package httpcall

import (
	"net/http"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/nethttp"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// Via says what sends the request.
type Via uint8

const (
	// ViaHelper: a package function of net/http (http.Get, ...), which
	// sends through http.DefaultClient.
	ViaHelper Via = iota + 1
	// ViaClient: a method of *http.Client.
	ViaClient
	// ViaRoundTrip: (*http.Transport).RoundTrip.
	ViaRoundTrip
)

// A Send describes one call that sends an HTTP request. Operands that the
// call does not have are nil.
type Send struct {
	Call ssa.CallInstruction
	Via  Via
	// Name is how the request is sent, for messages: "http.Get",
	// "(*http.Client).Do", "(*http.Transport).RoundTrip".
	Name string
	// Client is the *http.Client operand (ViaClient), Transport the
	// *http.Transport operand (ViaRoundTrip).
	Client, Transport ssa.Value
	// Request is the *http.Request operand (Do, RoundTrip).
	Request ssa.Value
	// Method is the HTTP method the function implies ("GET" for Get,
	// "POST" for Post and PostForm), or "" when a request operand
	// carries it.
	Method string
	// URL and Body are the URL string and body operands of the helpers
	// (Get, Head, Post, PostForm); nil for Do and RoundTrip.
	URL, Body ssa.Value
	// Background reports whether the call builds its request with
	// context.Background (the helpers and the Client methods other than
	// Do).
	Background bool
}

// Classify reports whether call sends an HTTP request through net/http,
// and describes it.
func Classify(call ssa.CallInstruction) (Send, bool) {
	c := call.Common()
	fn := valueflow.StaticCallee(c)
	if fn == nil {
		return Send{}, false
	}
	args := c.Args
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	s := Send{Call: call}
	switch nethttp.FuncKey(fn) {
	case "net/http.Get", "net/http.Head", "net/http.Post", "net/http.PostForm":
		s.Via, s.Name, s.Background = ViaHelper, "http."+fn.Name(), true
		s.Method = helperMethod(fn.Name())
		s.URL = arg(0)
		if fn.Name() == "Post" {
			s.Body = arg(2)
		}
	case "net/http.Client.Get", "net/http.Client.Head", "net/http.Client.Post", "net/http.Client.PostForm":
		s.Via, s.Name, s.Background = ViaClient, "(*http.Client)."+fn.Name(), true
		s.Client = arg(0)
		s.Method = helperMethod(fn.Name())
		s.URL = arg(1)
		if fn.Name() == "Post" {
			s.Body = arg(3)
		}
	case "net/http.Client.Do":
		s.Via, s.Name = ViaClient, "(*http.Client).Do"
		s.Client, s.Request = arg(0), arg(1)
	case "net/http.Transport.RoundTrip":
		s.Via, s.Name = ViaRoundTrip, "(*http.Transport).RoundTrip"
		s.Transport, s.Request = arg(0), arg(1)
	default:
		return Send{}, false
	}
	return s, true
}

func helperMethod(name string) string {
	switch name {
	case "Get":
		return http.MethodGet
	case "Head":
		return http.MethodHead
	case "Post", "PostForm":
		return http.MethodPost
	}
	return ""
}
