package httplib

import "go/types"

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

// headerRequests holds the library request types (package path and type
// name) whose exported Header field (an http.Header) holds headers the
// request is sent with: resty's Request.
var headerRequests = make(map[[2]string]bool)

// addHeaderRequest registers the request type name of package path; only
// package initialisation calls it.
func addHeaderRequest(path, name string) { headerRequests[[2]string{path, name}] = true }

// IsHeaderRequest reports whether t is a pointer to a library request
// type whose Header field holds the headers it is sent with.
func IsHeaderRequest(t types.Type) bool {
	ptr, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	return headerRequests[[2]string{named.Obj().Pkg().Path(), named.Obj().Name()}]
}
