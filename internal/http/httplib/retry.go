package httplib

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// A retryModel is what the retry engine ([RetryResolver]) knows of one
// retrying client or retry library. The library's file registers it from
// an init function, beside the library's sends and constructors.
type retryModel struct {
	// send returns the retry configuration of the client that sends s, a
	// send through the library, or nil when it cannot be resolved.
	send func(r *RetryResolver, s Send) *RetryClient
	// httpClient returns the retry configuration behind an *http.Client
	// that root, an origin of the client, builds with the library
	// ((*retryablehttp.Client).StandardClient()), or nil.
	httpClient func(r *RetryResolver, root ssa.Value) *RetryClient
	// transport returns the retry configuration of root, an origin of
	// the Transport of an *http.Client literal, when it is a retrying
	// round tripper of the library (failsafehttp.NewRoundTripper), or
	// nil.
	transport func(r *RetryResolver, root ssa.Value) *RetryClient
	// request returns the request whose method a send s through the
	// library sends (the *http.Request a failsafehttp.Request wraps), or
	// nil when the method is not read from a request.
	request func(r *RetryResolver, s Send) ssa.Value
	// build recognises a call that builds a retry policy (apart from any
	// call that runs an operation under it) configured to retry forever,
	// and describes it; nil for other calls.
	build func(r *RetryResolver, call ssa.CallInstruction) *UnboundedBuild
	// entry recognises a call that runs an operation under the library
	// (backoff.Retry(op, b)) and describes its configuration; nil for
	// other calls.
	entry func(r *RetryResolver, call ssa.CallInstruction) *RetryEntry
}

var (
	retryModels     []*retryModel
	retrySendModels = make(map[*Library]*retryModel)
)

// Request returns the request whose method s, a send through a library,
// sends, or nil.
func (r *RetryResolver) Request(s Send) ssa.Value {
	if m := retrySendModels[s.Lib]; m != nil && m.request != nil {
		return m.request(r, s)
	}
	return nil
}

// sentRequest is the request model of libraries whose sends take the
// request they send.
func sentRequest(_ *RetryResolver, s Send) ssa.Value { return s.Request }

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
func (r *RetryResolver) UnboundedBuild(call ssa.CallInstruction) *UnboundedBuild {
	for _, m := range retryModels {
		if m.build != nil {
			if b := m.build(r, call); b != nil {
				return b
			}
		}
	}
	return nil
}

// registerRetry adds the model of the libraries libs (those whose sends it
// resolves, if any).
func registerRetry(m *retryModel, libs ...*Library) {
	retryModels = append(retryModels, m)
	for _, lib := range libs {
		retrySendModels[lib] = m
	}
}

// A RetryClient is the retry configuration of a library client, as it
// applies to one send.
type RetryClient struct {
	Lib *Library
	// Retries is the number of retries after the first attempt.
	Retries setting.Value
	// Custom reports a retry policy the model cannot see through (a
	// custom CheckRetry, resty retry conditions, failsafe predicates):
	// whether a method is retried is then unknown.
	Custom bool
	// MethodSetting names, for messages, the setting that makes the
	// client retry non-idempotent methods where the library's default
	// does not, or a custom retry policy of this package that was read
	// and never looks at the request method (a CheckRetry that falls
	// through to DefaultRetryPolicy, which retries any method): "CheckRetry
	// myPolicy", "SetRetryAllowNonIdempotent". Empty for the defaults,
	// which the rule's documentation lists.
	MethodSetting string
	// MethodGate reports that the library does not retry non-idempotent
	// methods (resty v3 unless SetRetryAllowNonIdempotent(true)).
	MethodGate bool
	// Pos is where the client is built; RetryPos where its retries are
	// configured (may equal Pos, or be invalid).
	Pos, RetryPos token.Pos
	// Headers are the canonical header keys set on the client or the
	// request through the library (resty SetHeader), and DynamicHeaders
	// reports a header set with a key that is not constant.
	Headers        []string
	DynamicHeaders bool
	// Body is the request body given to the library (resty SetBody).
	Body ssa.Value
}

// Retrying reports whether the client provably retries.
func (c *RetryClient) Retrying() bool {
	return c != nil && c.Retries.IsConst() && c.Retries.Int > 0
}

// Attempts returns the number of attempts, or 0 when unknown.
func (c *RetryClient) Attempts() int64 {
	if c == nil || !c.Retries.IsConst() {
		return 0
	}
	if c.Retries.Int < 0 {
		return 1
	}
	return c.Retries.Int + 1
}

func ptrTo(pkg, name string) func(types.Type) bool {
	return func(t types.Type) bool { return typeutil.IsPointerTo(t, pkg, name) }
}

// Send returns the retry configuration of the client that sends s, or
// nil when it cannot be resolved.
func (r *RetryResolver) Send(s Send) *RetryClient {
	if m := retrySendModels[s.Lib]; m != nil && m.send != nil {
		return m.send(r, s)
	}
	return nil
}

// RetryingHTTPClient returns the retry configuration behind an
// *http.Client value whose Transport is a retrying round tripper
// (failsafehttp.NewRoundTripper) or that comes from
// (*retryablehttp.Client).StandardClient(), or nil.
func (r *RetryResolver) RetryingHTTPClient(v ssa.Value) *RetryClient {
	roots, _ := r.origins(v)
	// A client that retries on one of the paths that build it (when an
	// option is set, say) retries there.
	for _, root := range roots {
		if c := r.retryingRoot(root); c.Retrying() {
			return c
		}
	}
	if len(roots) != 1 {
		return nil
	}
	return r.retryingRoot(roots[0])
}

// retryingRoot is RetryingHTTPClient for one origin of the client.
func (r *RetryResolver) retryingRoot(root ssa.Value) *RetryClient {
	for _, m := range retryModels {
		if m.httpClient != nil {
			if c := m.httpClient(r, root); c != nil {
				return c
			}
		}
	}
	alloc, isAlloc := root.(*ssa.Alloc)
	if !isAlloc || !typeutil.IsPointerTo(alloc.Type(), NetHTTP, "Client") {
		return nil
	}
	if c, ok := r.httpClients[alloc]; ok {
		return c
	}
	c := r.retryingAlloc(alloc)
	if r.httpClients == nil {
		r.httpClients = make(map[*ssa.Alloc]*RetryClient)
	}
	r.httpClients[alloc] = c
	return c
}

// retryingAlloc is RetryingHTTPClient for a client allocation.
func (r *RetryResolver) retryingAlloc(alloc *ssa.Alloc) *RetryClient {
	stores, _ := r.ix.ObjectStores(alloc, nil)
	for _, st := range stores {
		if st.Field == nil || st.Field.Name() != "Transport" {
			continue
		}
		tr, ok := r.origins(st.Value)
		if !ok || len(tr) != 1 {
			return nil
		}
		for _, m := range retryModels {
			if m.transport != nil {
				if c := m.transport(r, tr[0]); c != nil {
					return c
				}
			}
		}
	}
	return nil
}

// A RetryEntry is a call that runs an operation under a retry library.
type RetryEntry struct {
	Call ssa.CallInstruction
	// Name is how the library is called, for messages: "retry.Do",
	// "backoff.Retry".
	Name string
	Lib  string // import path of the library
	// Op is the operation retried (a function value), or nil.
	Op ssa.Value
	// Attempts is the number of attempts when known, else 0.
	Attempts int64
	// Forever reports that the configuration retries without limit; Why
	// says why and Fix how to bound it, for messages, and Pos is where
	// (invalid when the configuration is elsewhere).
	Forever bool
	Why     string
	Fix     string
	Pos     token.Pos
	// Ctx is the context the library honours, or nil.
	Ctx ssa.Value
	// NeedsRetryable reports that only errors wrapped by
	// retry.RetryableError are retried (sethvargo/go-retry).
	NeedsRetryable bool
}

// Entry recognises a call of a retry library and describes its
// configuration. ok is false for other calls; a recognised call whose
// configuration cannot be followed has Forever false and Attempts 0.
func (r *RetryResolver) Entry(call ssa.CallInstruction) (*RetryEntry, bool) {
	for _, m := range retryModels {
		if m.entry != nil {
			if e := m.entry(r, call); e != nil {
				return e, true
			}
		}
	}
	return nil, false
}

// callArg returns argument i of c, or nil.
func callArg(c *ssa.CallCommon, i int) ssa.Value {
	if i < len(c.Args) {
		return c.Args[i]
	}
	return nil
}

// staticKey returns the FuncKey of the function call calls statically
// ("" for an interface method call), and the function.
func staticKey(call ssa.CallInstruction) (string, *types.Func) {
	c := call.Common()
	if c.IsInvoke() {
		return "", nil
	}
	fn := valueflow.StaticCallee(c)
	return typeutil.FuncKey(fn), fn
}

func pkgPath(f *ssa.Function) string {
	if f.Pkg != nil {
		return f.Pkg.Pkg.Path()
	}
	if obj := f.Object(); obj != nil && obj.Pkg() != nil {
		return obj.Pkg().Path()
	}
	return ""
}

func returnsError(c ssa.CallInstruction) bool {
	res := c.Common().Signature().Results()
	for i := 0; i < res.Len(); i++ {
		if typeutil.IsError(res.At(i).Type()) {
			return true
		}
	}
	return false
}
