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
