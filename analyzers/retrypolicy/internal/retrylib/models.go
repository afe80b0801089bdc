package retrylib

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
)

// A model is what the retry engine knows of one retrying client or retry
// library. Each library has one file here that registers its model from
// an init function; adding a library is that file (and the library's
// httplib registration, which says how its calls send).
type model struct {
	// send returns the retry configuration of the client that sends s, a
	// send through the library, or nil when it cannot be resolved.
	send func(r *Resolver, s httplib.Send) *Client
	// httpClient returns the retry configuration behind an *http.Client
	// that root, an origin of the client, builds with the library
	// ((*retryablehttp.Client).StandardClient()), or nil.
	httpClient func(r *Resolver, root ssa.Value) *Client
	// transport returns the retry configuration of root, an origin of
	// the Transport of an *http.Client literal, when it is a retrying
	// round tripper of the library (failsafehttp.NewRoundTripper), or
	// nil.
	transport func(r *Resolver, root ssa.Value) *Client
	// request returns the request whose method a send s through the
	// library sends (the *http.Request a failsafehttp.Request wraps), or
	// nil when the method is not read from a request.
	request func(r *Resolver, s httplib.Send) ssa.Value
	// build recognises a call that builds a retry policy (apart from any
	// call that runs an operation under it) configured to retry forever,
	// and describes it; nil for other calls.
	build func(r *Resolver, call ssa.CallInstruction) *UnboundedBuild
	// entry recognises a call that runs an operation under the library
	// (backoff.Retry(op, b)) and describes its configuration; nil for
	// other calls.
	entry func(r *Resolver, call ssa.CallInstruction) *Entry
}

var (
	models     []*model
	sendModels = make(map[*httplib.Library]*model)
)

// Request returns the request whose method s, a send through a library,
// sends, or nil.
func (r *Resolver) Request(s httplib.Send) ssa.Value {
	if m := sendModels[s.Lib]; m != nil && m.request != nil {
		return m.request(r, s)
	}
	return nil
}

// sentRequest is the request model of libraries whose sends take the
// request they send.
func sentRequest(_ *Resolver, s httplib.Send) ssa.Value { return s.Request }

// An UnboundedBuild is a retry policy built to retry forever.
type UnboundedBuild struct {
	// Pos is where the limit would be set (the builder), or invalid.
	Pos token.Pos
	// Message says what is unbounded and how to bound it.
	Message string
	// Bounds are the contexts and requests under which the policy runs:
	// a deadline on any of them bounds it.
	Bounds []ssa.Value
}

// UnboundedBuild recognises a call that builds a retry policy configured
// to retry forever (see model.build), or returns nil.
func (r *Resolver) UnboundedBuild(call ssa.CallInstruction) *UnboundedBuild {
	for _, m := range models {
		if m.build != nil {
			if b := m.build(r, call); b != nil {
				return b
			}
		}
	}
	return nil
}

// register adds the model of the libraries libs (those whose sends it
// resolves, if any).
func register(m *model, libs ...*httplib.Library) {
	models = append(models, m)
	for _, lib := range libs {
		sendModels[lib] = m
	}
}
