package httpcall

import (
	"net/http"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/nethttp"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// Library identifies a client library that sends requests.
type Library uint8

const (
	RetryableHTTP Library = iota + 1
	RestyV2
	RestyV3
	Heimdall
	FailsafeHTTP
)

// String names the library for messages.
func (l Library) String() string {
	switch l {
	case RetryableHTTP:
		return "go-retryablehttp"
	case RestyV2:
		return "resty v2"
	case RestyV3:
		return "resty v3"
	case Heimdall:
		return "heimdall"
	case FailsafeHTTP:
		return "failsafehttp"
	}
	return "?"
}

// A LibrarySend describes one call that sends a request through a client
// library. Operands the call does not have are nil.
type LibrarySend struct {
	Call ssa.CallInstruction
	Lib  Library
	// Name is how the request is sent, for messages:
	// "(*retryablehttp.Client).Post", "(*resty.Request).Post".
	Name string
	// Client is the library client operand (retryablehttp, heimdall);
	// nil for retryablehttp's package functions, which use its default
	// client (DefaultClient is then set).
	Client        ssa.Value
	DefaultClient bool
	// Request is the request operand: *retryablehttp.Request for
	// retryablehttp's Do, *http.Request for heimdall's Do, the
	// *resty.Request receiver for resty, the *failsafehttp.Request
	// receiver for failsafehttp.
	Request ssa.Value
	// Method is the method the function implies ("POST" for Post), or
	// "" when the request or MethodArg carries it.
	Method    string
	MethodArg ssa.Value
	// URL and Body are the URL and body operands, when the call has them.
	URL, Body ssa.Value
	// Headers is heimdall's http.Header argument.
	Headers ssa.Value
}

// ClassifyLibrary reports whether call sends an HTTP request through a
// known client library, and describes it.
func ClassifyLibrary(call ssa.CallInstruction) (LibrarySend, bool) {
	c := call.Common()
	fn := valueflow.StaticCallee(c)
	if fn == nil || fn.Pkg() == nil {
		return LibrarySend{}, false
	}
	args := c.Args
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	s := LibrarySend{Call: call}
	name := fn.Name()
	path := fn.Pkg().Path()
	isMethod := func(recv string) bool { return nethttp.IsMethod(fn, path, recv, name) }
	switch path {
	case nethttp.RetryableHTTP:
		s.Lib = RetryableHTTP
		switch {
		case nethttp.IsFunc(fn, path, name):
			s.DefaultClient = true
			s.Name = "retryablehttp." + name
			args = append([]ssa.Value{nil}, args...)
		case isMethod("Client"):
			s.Client = arg(0)
			s.Name = "(*retryablehttp.Client)." + name
		default:
			return LibrarySend{}, false
		}
		switch name {
		case "Do":
			if s.DefaultClient {
				return LibrarySend{}, false
			}
			s.Request = arg(1)
		case "Get", "Head":
			s.Method, s.URL = helperMethod(name), arg(1)
		case "Post":
			s.Method, s.URL, s.Body = http.MethodPost, arg(1), arg(3)
		case "PostForm":
			s.Method, s.URL = http.MethodPost, arg(1)
		default:
			return LibrarySend{}, false
		}
	case nethttp.RestyV2, nethttp.RestyV3:
		s.Lib = RestyV2
		if path == nethttp.RestyV3 {
			s.Lib = RestyV3
		}
		if !isMethod("Request") {
			return LibrarySend{}, false
		}
		s.Request = arg(0)
		s.Name = "(*resty.Request)." + name
		switch name {
		case "Get", "Head", "Post", "Put", "Patch", "Delete", "Options", "Trace", "Query":
			s.Method, s.URL = restyMethod(name), arg(1)
		case "Execute":
			s.MethodArg, s.URL = arg(1), arg(2)
		case "Send":
		default:
			return LibrarySend{}, false
		}
	case nethttp.HeimdallHTTP, nethttp.HeimdallHystrix:
		s.Lib = Heimdall
		if !isMethod("Client") {
			return LibrarySend{}, false
		}
		s.Client = arg(0)
		s.Name = "(*httpclient.Client)." + name
		if path == nethttp.HeimdallHystrix {
			s.Name = "(*hystrix.Client)." + name
		}
		switch name {
		case "Get", "Delete":
			s.Method, s.URL, s.Headers = restyMethod(name), arg(1), arg(2)
		case "Post", "Put", "Patch":
			s.Method, s.URL, s.Body, s.Headers = restyMethod(name), arg(1), arg(2), arg(3)
		case "Do":
			s.Request = arg(1)
		default:
			return LibrarySend{}, false
		}
	case nethttp.FailsafeHTTP:
		s.Lib = FailsafeHTTP
		if !isMethod("Request") || name != "Do" {
			return LibrarySend{}, false
		}
		s.Request = arg(0)
		s.Name = "(*failsafehttp.Request).Do"
	default:
		return LibrarySend{}, false
	}
	return s, true
}

func restyMethod(name string) string {
	switch name {
	case "Get":
		return http.MethodGet
	case "Head":
		return http.MethodHead
	case "Post":
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
