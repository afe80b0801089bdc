// Package nethttp provides type predicates for the objects of net/http,
// context and the HTTP client libraries that httplint understands.
//
// All predicates work on go/types objects, so renamed imports, dot
// imports and type aliases are resolved by the type checker: nothing is
// matched by identifier text.
package nethttp

import (
	"go/types"
	"strings"
)

// Import paths of the packages the analyzers know.
const (
	HTTP    = "net/http"
	Context = "context"
	Net     = "net"
	Time    = "time"
	URL     = "net/url"

	CleanHTTP       = "github.com/hashicorp/go-cleanhttp"
	RetryableHTTP   = "github.com/hashicorp/go-retryablehttp"
	RestyV2         = "github.com/go-resty/resty/v2"
	RestyV3         = "resty.dev/v3"
	HeimdallHTTP    = "github.com/gojek/heimdall/v7/httpclient"
	HeimdallHystrix = "github.com/gojek/heimdall/v7/hystrix"
	FailsafeHTTP    = "github.com/failsafe-go/failsafe-go/failsafehttp"
)

// IsNamed reports whether t, after removing pointers and aliases, is the
// named type pkg.name.
func IsNamed(t types.Type, pkg, name string) bool {
	if t == nil {
		return false
	}
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok && !isNamedType(t) {
		t = types.Unalias(p.Elem())
	}
	return isNamedType(t) && namedIs(t.(*types.Named), pkg, name)
}

// IsNamedValue reports whether t is exactly the named type pkg.name (not
// a pointer to it).
func IsNamedValue(t types.Type, pkg, name string) bool {
	t = types.Unalias(t)
	n, ok := t.(*types.Named)
	return ok && namedIs(n, pkg, name)
}

// IsPointerTo reports whether t is *pkg.name.
func IsPointerTo(t types.Type, pkg, name string) bool {
	t = types.Unalias(t)
	p, ok := t.(*types.Pointer)
	return ok && IsNamedValue(p.Elem(), pkg, name)
}

func isNamedType(t types.Type) bool {
	_, ok := t.(*types.Named)
	return ok
}

func namedIs(n *types.Named, pkg, name string) bool {
	obj := n.Origin().Obj()
	return obj != nil && obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == pkg
}

// IsClient reports whether t is http.Client or *http.Client.
func IsClient(t types.Type) bool { return IsNamed(t, HTTP, "Client") }

// IsTransport reports whether t is http.Transport or *http.Transport.
func IsTransport(t types.Type) bool { return IsNamed(t, HTTP, "Transport") }

// IsRequest reports whether t is http.Request or *http.Request.
func IsRequest(t types.Type) bool { return IsNamed(t, HTTP, "Request") }

// IsRoundTripper reports whether t is the http.RoundTripper interface.
func IsRoundTripper(t types.Type) bool { return IsNamedValue(t, HTTP, "RoundTripper") }

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool { return IsNamedValue(t, Context, "Context") }

// IsFunc reports whether fn is the package-level function pkg.name.
func IsFunc(fn *types.Func, pkg, name string) bool {
	if fn == nil || fn.Name() != name || fn.Pkg() == nil || fn.Pkg().Path() != pkg {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() == nil
}

// IsMethod reports whether fn is the method name of the named type
// pkg.recv (with a value or pointer receiver). Methods of generic types
// are matched through their origin.
func IsMethod(fn *types.Func, pkg, recv, name string) bool {
	if fn == nil || fn.Name() != name {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	return IsNamed(sig.Recv().Type(), pkg, recv)
}

// FuncKey returns a key identifying a function or method independently of
// the types.Package instance it was loaded into: "pkg.Name" for a
// function and "pkg.Recv.Name" for a method (pointer or value receiver).
// It returns "" for interface methods and local functions.
func FuncKey(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	fn = fn.Origin()
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return ""
	}
	if sig.Recv() == nil {
		return fn.Pkg().Path() + "." + fn.Name()
	}
	t := types.Unalias(sig.Recv().Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok {
		return ""
	}
	return fn.Pkg().Path() + "." + n.Origin().Obj().Name() + "." + fn.Name()
}

// ImportsAny reports whether pkg directly imports a package whose path is
// in paths or starts with one of prefixes ending in "/".
func ImportsAny(pkg *types.Package, paths ...string) bool {
	for _, imp := range pkg.Imports() {
		for _, p := range paths {
			if imp.Path() == p || (strings.HasSuffix(p, "/") && strings.HasPrefix(imp.Path(), p)) {
				return true
			}
		}
	}
	return false
}

// IsStd reports whether path looks like a standard-library import path
// (no dot in its first element).
func IsStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") && first != "testdata"
}
