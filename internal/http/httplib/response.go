package httplib

import (
	"go/types"

	"github.com/httplint/httplint/internal/typeutil"
)

// A ResponseModel describes a library's own response type, for the retry
// engine that reads how a loop tests the outcome of an attempt.
type ResponseModel struct {
	// Type is the name of the response type in the library's package
	// (its methods have a pointer receiver).
	Type string
	// Failed and Succeeded list the methods, taking no argument, that
	// report that the request failed (resty's IsError) or succeeded
	// (IsSuccess).
	Failed, Succeeded []string
	// Status names the method that returns the HTTP status code.
	Status string
}

// responseModels holds the ResponseModel of each library that has one,
// by the package path of its response type.
var responseModels = make(map[string]*ResponseModel)

// addResponseModel registers m for the library's package path; only
// package initialisation calls it.
func addResponseModel(path string, m *ResponseModel) { responseModels[path] = m }

// responseMethod returns the model of the library response type whose
// method fn is, or nil.
func responseMethod(fn *types.Func) *ResponseModel {
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	m := responseModels[fn.Pkg().Path()]
	if m == nil || !typeutil.IsMethod(fn, fn.Pkg().Path(), m.Type, fn.Name()) {
		return nil
	}
	return m
}

// ResponseVerdict reports whether fn is a method of a library's response
// type that tells whether the request failed, and if so, whether true
// means failure.
func ResponseVerdict(fn *types.Func) (failTrue, ok bool) {
	m := responseMethod(fn)
	if m == nil {
		return false, false
	}
	for _, name := range m.Failed {
		if fn.Name() == name {
			return true, true
		}
	}
	for _, name := range m.Succeeded {
		if fn.Name() == name {
			return false, true
		}
	}
	return false, false
}

// IsStatusMethod reports whether fn is the method of a library's response
// type that returns the HTTP status code.
func IsStatusMethod(fn *types.Func) bool {
	m := responseMethod(fn)
	return m != nil && m.Status != "" && fn.Name() == m.Status
}

// freshRequests holds the functions (by typeutil.FuncKey) that return a
// new request each time they are called without arguments (resty's
// Client.R): a loop that calls one per attempt still re-sends the same
// request.
var freshRequests = make(map[string]bool)

// addFreshRequests registers keys; only package initialisation calls it.
func addFreshRequests(keys ...string) {
	for _, k := range keys {
		freshRequests[k] = true
	}
}

// IsFreshRequest reports whether fn returns a new, identical request on
// every call (see freshRequests).
func IsFreshRequest(fn *types.Func) bool { return fn != nil && freshRequests[typeutil.FuncKey(fn)] }

// EmbedsResponse reports whether t is an *http.Response or a pointer to
// a struct that embeds one (a package's response wrapper, hcloud-go's
// Response{*http.Response; Meta}).
func EmbedsResponse(t types.Type) bool {
	isResponse := func(t types.Type) bool { return typeutil.IsPointerTo(t, NetHTTP, "Response") }
	return isResponse(t) || typeutil.PointerToStructEmbedding(t, isResponse)
}

// IsResponse reports whether t is an *http.Response or a pointer to a
// library's response type (see ResponseModel).
func IsResponse(t types.Type) bool {
	if typeutil.IsPointerTo(t, NetHTTP, "Response") {
		return true
	}
	ptr, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	m := responseModels[named.Obj().Pkg().Path()]
	return m != nil && named.Obj().Name() == m.Type
}
