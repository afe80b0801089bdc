// Package httpmethod resolves the HTTP method of a request from SSA.
//
// A method is known when every place the request may come from gives the
// same constant: the method argument of http.NewRequest,
// NewRequestWithContext, httptest.NewRequest or go-retryablehttp's
// NewRequest*, the Method field of an &http.Request{} literal (empty
// means GET), stores to req.Method, requests derived by WithContext,
// Clone or retryablehttp.FromRequest, and the results of functions of the
// same package. Constants are followed through local and package
// variables and http.Method* constants. Anything else is unknown.
package httpmethod

import (
	"net/http"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// A Resolver resolves methods over one package's value-flow index. It is
// not safe for concurrent use.
type Resolver struct {
	ix    *valueflow.Index
	busy  map[*ssa.Function]bool
	busyV map[ssa.Value]bool
}

// New returns a Resolver over ix.
func New(ix *valueflow.Index) *Resolver {
	return &Resolver{ix: ix, busy: make(map[*ssa.Function]bool), busyV: make(map[ssa.Value]bool)}
}

// IsNonIdempotent reports whether m is POST or PATCH.
func IsNonIdempotent(m string) bool { return m == http.MethodPost || m == http.MethodPatch }

// Request returns the method of request value v (an *http.Request or a
// *retryablehttp.Request), or ok=false when it is unknown.
func (r *Resolver) Request(v ssa.Value) (method string, ok bool) {
	m, st := r.request(v)
	return m, st == known
}

const (
	unknown = iota
	known
	cycle // a value met again (req = req.WithContext(ctx) in a loop): no information
)

func (r *Resolver) request(v ssa.Value) (method string, state int) {
	if v == nil || len(r.busyV) > 64 {
		return "", unknown
	}
	if r.busyV[v] {
		return "", cycle
	}
	r.busyV[v] = true
	defer delete(r.busyV, v)
	first := true
	for _, o := range r.ix.Origins(v) {
		m, st := r.origin(o.V)
		if st == cycle {
			continue
		}
		if st != known {
			return "", unknown
		}
		// Stores to req.Method (in a literal or later).
		if o.V != nil {
			stores, _ := r.ix.ObjectStores(o.V, nil)
			var sm string
			n := 0
			for _, st := range stores {
				if st.Field == nil || st.Field.Name() != "Method" || !isRequestField(st) {
					continue
				}
				s, ok := r.String(st.Value)
				if !ok || (n > 0 && s != sm) {
					return "", unknown
				}
				sm, n = s, n+1
			}
			if n > 0 {
				m = normalise(sm)
			}
		}
		if first {
			method, first = m, false
		} else if m != method {
			return "", unknown
		}
	}
	if first {
		return "", cycle
	}
	return method, known
}

func isRequestField(st valueflow.FieldStore) bool {
	fa, ok := st.Store.Addr.(*ssa.FieldAddr)
	return ok && typeutil.IsNamed(fa.X.Type(), httplib.NetHTTP, "Request")
}

func normalise(m string) string {
	if m == "" {
		return http.MethodGet
	}
	return m
}

func (r *Resolver) origin(v ssa.Value) (string, int) {
	switch x := v.(type) {
	case *ssa.Alloc:
		if !typeutil.IsPointerTo(x.Type(), httplib.NetHTTP, "Request") {
			return "", unknown
		}
		// A literal: its Method field, or GET. Stores are applied by
		// the caller.
		return http.MethodGet, known
	case *ssa.Call, *ssa.Extract:
		call, idx := valueflow.CallOf(x)
		if call == nil || idx != 0 {
			return "", unknown
		}
		return r.call(call)
	}
	return "", unknown
}

func (r *Resolver) call(call *ssa.Call) (string, int) {
	c := call.Common()
	fn := valueflow.StaticCallee(c)
	if fn == nil {
		return "", unknown
	}
	arg := func(i int) ssa.Value {
		if i < len(c.Args) {
			return c.Args[i]
		}
		return nil
	}
	if b, ok := httplib.RequestBuilderOf(fn); ok {
		return r.method(arg(b.Method))
	}
	if d, ok := httplib.RequestDerivationOf(fn); ok {
		return r.request(arg(d.From))
	}
	callee := r.ix.Func(fn)
	if callee == nil || r.busy[callee] {
		return "", unknown
	}
	r.busy[callee] = true
	defer delete(r.busy, callee)
	var m string
	first := true
	for _, ret := range valueflow.Returns(callee, 0) {
		if k, ok := ret.(*ssa.Const); ok && k.IsNil() {
			continue // the error path
		}
		rm, st := r.request(ret)
		if st == cycle {
			continue
		}
		if st != known || (!first && rm != m) {
			return "", unknown
		}
		m, first = rm, false
	}
	if first {
		return "", unknown
	}
	return m, known
}

func (r *Resolver) method(v ssa.Value) (string, int) {
	m, ok := r.String(v)
	if !ok {
		return "", unknown
	}
	return normalise(m), known
}

// String returns the constant string v holds on every path, following
// local and package variables.
func (r *Resolver) String(v ssa.Value) (string, bool) { return r.ix.ConstString(v) }
