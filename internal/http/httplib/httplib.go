// Package httplib is the one place that knows HTTP client libraries:
// net/http itself, the client and retry libraries httplint models, and
// middleware that wraps a transport.
//
// Each library has one file here, holding everything httplint knows
// about it: its import path and the name messages use ([Library]), the
// calls that send a request and where their client, request, method, URL
// and body come from ([Classify], [ClassifyLibrary]), the constructors of
// clients and transports ([ConstructorOf], [FreshPool]), what its methods
// do with a client they receive ([PoolUseOf], [PreservesConfig]), the
// calls that put a value into a request's URL or headers ([SinkOf]) and
// the calls that set a header ([HeaderSetterOf]), and, for a library that
// retries, how its retry settings are configured and their defaults
// ([RetryResolver]). Adding a library means adding one file.
//
// Functions are matched by [typeutil.FuncKey], types by package path and
// name: never by identifier text.
package httplib

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/typeutil"
)

// Import paths of the standard packages the model knows.
const (
	NetHTTP = "net/http"
	URL     = "net/url"
	Context = "context"
	Time    = "time"
	Net     = "net"
)

// A Kind says what a library does; a library may be several kinds.
type Kind uint8

const (
	// Client: it sends HTTP requests.
	Client Kind = 1 << iota
	// Retry: it retries operations. A call into it in a loop condition
	// bounds the loop; on a retry path it waits.
	Retry
	// Middleware: it wraps a transport or a client.
	Middleware
)

// A Library is a package (with the packages below it) that httplint
// knows.
type Library struct {
	// Name names the library in messages: "go-retryablehttp", "resty v2".
	Name string
	// Path is the import path of the library's root package.
	Path string
	Kind Kind

	// send describes a call of fn (with arguments args, the receiver
	// first) that sends a request, or reports false.
	send func(fn *types.Func, args []ssa.Value) (Send, bool)
}

// String returns the library's name.
func (l *Library) String() string { return l.Name }

// byPath holds the known libraries by Path.
var byPath = make(map[string]*Library)

// register adds l to the known libraries; only package initialisation
// calls it, so that Lookup needs no lock.
func register(l *Library) *Library {
	if byPath[l.Path] != nil {
		panic("httplib: two libraries with path " + l.Path)
	}
	byPath[l.Path] = l
	return l
}

// Lookup returns the library that the package with import path path
// belongs to: the one with the longest Path that is path or a parent of
// it. It returns nil for packages of no known library.
func Lookup(path string) *Library {
	for {
		if l := byPath[path]; l != nil {
			return l
		}
		i := strings.LastIndexByte(path, '/')
		if i < 0 {
			return nil
		}
		path = path[:i]
	}
}

// ImportsClientLibrary reports whether pkg directly imports net/http or
// a client or retry library: only then can its code involve an HTTP
// client by itself.
func ImportsClientLibrary(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if IsClientLibrary(imp.Path()) {
			return true
		}
	}
	return false
}

// IsClientLibrary reports whether the package with import path path
// belongs to net/http or to a client or retry library.
func IsClientLibrary(path string) bool {
	l := Lookup(path)
	return l != nil && l.Kind&(Client|Retry) != 0
}

// IsRetryLibrary reports whether the package with import path path
// belongs to a retry library.
func IsRetryLibrary(path string) bool {
	l := Lookup(path)
	return l != nil && l.Kind&Retry != 0
}

// funcOf returns the library and function a static call calls.
func funcOf(fn *types.Func) (*Library, string) {
	if fn == nil || fn.Pkg() == nil {
		return nil, ""
	}
	return Lookup(fn.Pkg().Path()), typeutil.FuncKey(fn)
}

// IsClient reports whether t is http.Client or *http.Client.
func IsClient(t types.Type) bool { return typeutil.IsNamed(t, NetHTTP, "Client") }

// IsTransport reports whether t is http.Transport or *http.Transport.
func IsTransport(t types.Type) bool { return typeutil.IsNamed(t, NetHTTP, "Transport") }

// IsRequest reports whether t is http.Request or *http.Request.
func IsRequest(t types.Type) bool { return typeutil.IsNamed(t, NetHTTP, "Request") }

// IsRoundTripper reports whether t is the http.RoundTripper interface.
func IsRoundTripper(t types.Type) bool { return typeutil.IsNamedValue(t, NetHTTP, "RoundTripper") }

// IsHandler reports whether sig is the signature of an http.HandlerFunc
// (a ServeHTTP method's included): func(http.ResponseWriter, *http.Request).
func IsHandler(sig *types.Signature) bool {
	params := sig.Params()
	return params.Len() == 2 &&
		typeutil.IsNamedValue(params.At(0).Type(), NetHTTP, "ResponseWriter") &&
		typeutil.IsPointerTo(params.At(1).Type(), NetHTTP, "Request")
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool { return typeutil.IsNamedValue(t, Context, "Context") }
