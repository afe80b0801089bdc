package httplib

import "go/types"

// A SinkKind says what part of a request a sink argument becomes.
type SinkKind uint8

const (
	// SinkURL: a request URL string.
	SinkURL SinkKind = iota + 1
	// SinkQueryValue: one query or path parameter value (a string).
	SinkQueryValue
	// SinkQueryMap: a map[string]string of query or path parameters.
	SinkQueryMap
	// SinkQueryValues: a url.Values of query parameters.
	SinkQueryValues
	// SinkHeaderValue: one header value (a string).
	SinkHeaderValue
	// SinkHeaderMap: a map[string]string of headers.
	SinkHeaderMap
)

// A Sink is a function that puts one of its arguments into a request's
// URL or headers.
type Sink struct {
	Kind SinkKind
	// Arg is the argument (the receiver of a method is argument 0).
	Arg int
	// Key is the argument holding the parameter or header name, or -1.
	Key int
}

// A HeaderSetter is a function that sets request headers: one header,
// whose name is argument Key, or all the keys of the map argument Map
// (each -1 when absent; the receiver of a method is argument 0).
type HeaderSetter struct {
	Key, Map int
}

var (
	sinks         = map[string]Sink{}
	headerSetters = map[string]HeaderSetter{}
)

// SinkOf returns the sink that fn is, if any.
func SinkOf(fn *types.Func) (Sink, bool) {
	_, key := funcOf(fn)
	s, ok := sinks[key]
	return s, ok
}

// HeaderSetterOf returns what fn sets, if it sets request headers.
func HeaderSetterOf(fn *types.Func) (HeaderSetter, bool) {
	_, key := funcOf(fn)
	h, ok := headerSetters[key]
	return h, ok
}

// addSinks records the sinks of library path: keys are function keys
// relative to path (".NewRequest", ".Request.SetHeader").
func addSinks(path string, m map[string]Sink) {
	for k, s := range m {
		sinks[path+k] = s
	}
}

func addHeaderSetters(path string, m map[string]HeaderSetter) {
	for k, h := range m {
		headerSetters[path+k] = h
	}
}
