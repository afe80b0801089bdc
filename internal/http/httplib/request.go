package httplib

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// A RequestBuilder is a function that returns a new request built from
// its arguments: the indexes of its method, URL, body and context
// arguments (-1 when it has none; without a context argument the request
// carries context.Background).
type RequestBuilder struct {
	Method, URL, Body, Context int
}

// A RequestDerivation is a function or method that returns a request
// derived from the request argument From: the same method, URL and body,
// with the context argument Context (-1: the same context). SharesHeader
// is set when the derived request is a shallow copy whose Header is the
// original's map (net/http's Request.WithContext).
type RequestDerivation struct {
	From, Context int
	SharesHeader  bool
}

var (
	requestBuilders    = map[string]RequestBuilder{}
	requestDerivations = map[string]RequestDerivation{}
	// bodyKeeping lists the functions that neither read nor replace the
	// body of the request they receive.
	bodyKeeping = map[string]bool{}
)

// KeepsRequestBody reports whether a call of fn neither reads nor
// replaces the body of a request it receives.
func KeepsRequestBody(fn *types.Func) bool {
	_, key := funcOf(fn)
	return bodyKeeping[key]
}

// RequestBuilderOf returns how fn builds a request, if it does.
func RequestBuilderOf(fn *types.Func) (RequestBuilder, bool) {
	_, key := funcOf(fn)
	b, ok := requestBuilders[key]
	return b, ok
}

// RequestDerivationOf returns how fn derives a request from another, if
// it does.
func RequestDerivationOf(fn *types.Func) (RequestDerivation, bool) {
	_, key := funcOf(fn)
	d, ok := requestDerivations[key]
	return d, ok
}

// A libraryRequest is a library's own request type: its package path
// and name, and whether its exported Header field (an http.Header) holds
// headers the request is sent with (resty's Request).
type libraryRequest struct {
	path, name  string
	headerField bool
}

// libraryRequests holds the library request types, registered by the
// libraries' files.
var libraryRequests []libraryRequest

// addLibraryRequest registers a library request type; only package
// initialisation calls it.
func addLibraryRequest(path, name string, headerField bool) {
	libraryRequests = append(libraryRequests, libraryRequest{path, name, headerField})
}

// IsLibraryRequest reports whether t is a library's request type, or a
// pointer to one (a *retryablehttp.Request, a *resty.Request).
func IsLibraryRequest(t types.Type) bool {
	for _, r := range libraryRequests {
		if typeutil.IsNamed(t, r.path, r.name) {
			return true
		}
	}
	return false
}

// IsHeaderRequest reports whether t is a pointer to a library request
// type whose Header field holds the headers it is sent with.
func IsHeaderRequest(t types.Type) bool {
	for _, r := range libraryRequests {
		if r.headerField && typeutil.IsPointerTo(t, r.path, r.name) {
			return true
		}
	}
	return false
}

// maxDerivationDepth bounds the helpers DerivedFrom looks into.
const maxDerivationDepth = 4

// DerivedFrom returns the request that the result of call derives from:
// the From argument of a library derivation ((*http.Request).Clone,
// WithContext), or, for a function of the caller's package whose every
// non-nil result is one of its request parameters or derives from it
// that way (func clone(r *http.Request) *http.Request { return
// r.Clone(r.Context()) }), the argument passed for that parameter. The
// derived request has the same method, URL and body. ok is false for
// other calls.
func DerivedFrom(call *ssa.Call) (from ssa.Value, ok bool) {
	return derivedFrom(call, 0)
}

func derivedFrom(call *ssa.Call, depth int) (ssa.Value, bool) {
	c := call.Common()
	args := c.Args
	if d, ok := RequestDerivationOf(valueflow.StaticCallee(c)); ok && d.From < len(args) {
		return args[d.From], true
	}
	callee := c.StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 || depth >= maxDerivationDepth || callee.Pkg != call.Parent().Pkg {
		return nil, false
	}
	param := -1
	for _, ret := range valueflow.Returns(callee, 0) {
		if k, isConst := ret.(*ssa.Const); isConst && k.IsNil() {
			continue
		}
		v := valueflow.StripCopies(ret)
		for range maxDerivationDepth {
			inner, isCall := v.(*ssa.Call)
			if !isCall {
				break
			}
			f, ok := derivedFrom(inner, depth+1)
			if !ok {
				return nil, false
			}
			v = valueflow.StripCopies(f)
		}
		p, isParam := v.(*ssa.Parameter)
		if !isParam || !IsRequest(p.Type()) {
			return nil, false
		}
		i := slices.Index(callee.Params, p)
		if i < 0 || (param >= 0 && i != param) {
			return nil, false
		}
		param = i
	}
	if param < 0 || param >= len(args) {
		return nil, false
	}
	return args[param], true
}
