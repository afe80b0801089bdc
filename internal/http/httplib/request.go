package httplib

import (
	"go/types"

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
