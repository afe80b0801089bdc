// Package httpmethod resolves the HTTP method of a request from SSA.
//
// A method is known when every place the request may come from gives the
// same constant: the method argument of http.NewRequest,
// NewRequestWithContext, httptest.NewRequest or go-retryablehttp's
// NewRequest*, the Method field of an &http.Request{} literal (empty
// means GET), stores to req.Method, requests derived by WithContext,
// Clone or retryablehttp.FromRequest, and the results of functions of the
// same package. Constants are followed through local and package
// variables and http.Method* constants, and a method that is a parameter
// of a function of the package through the arguments its callers here
// pass (the default path of an exported function): a non-idempotent
// method one of them passes, with the call that passes it, else the
// method they all pass. Anything else is unknown.
package httpmethod

import (
	"go/token"
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
	// from is the call that passed the method of the current query
	// through a parameter, or token.NoPos.
	from token.Pos
}

// New returns a Resolver over ix.
func New(ix *valueflow.Index) *Resolver {
	return &Resolver{ix: ix, busy: make(map[*ssa.Function]bool), busyV: make(map[ssa.Value]bool)}
}

// IsNonIdempotent reports whether m is POST or PATCH.
func IsNonIdempotent(m string) bool { return m == http.MethodPost || m == http.MethodPatch }

// Request returns the method of request value v (an *http.Request or a
// *retryablehttp.Request), or ok=false when it is unknown. from is the
// call that passes the method to a parameter it comes from, if any.
func (r *Resolver) Request(v ssa.Value) (method string, from token.Pos, ok bool) {
	r.from = token.NoPos
	m, st := r.request(v)
	return m, r.from, st == known
}

// Method returns the method string v holds (a method argument of a
// library send), as Request does for a request's method.
func (r *Resolver) Method(v ssa.Value) (method string, from token.Pos, ok bool) {
	r.from = token.NoPos
	m, st := r.method(v)
	return m, r.from, st == known
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
		if p, isParam := valueflow.StripCopies(v).(*ssa.Parameter); isParam {
			return r.param(p)
		}
		return "", unknown
	}
	return normalise(m), known
}

// maxMethodSites bounds the call sites read for a method parameter.
const maxMethodSites = 32

// param resolves a method parameter p through the arguments the
// package's own calls of its function pass: a non-idempotent method one
// of them passes (the call recorded in r.from), else the method they all
// pass; unknown when one passes a method that cannot be known and none
// passes a non-idempotent one.
func (r *Resolver) param(p *ssa.Parameter) (string, int) {
	fn := p.Parent()
	sites, args, _ := r.ix.ParamArgs(p)
	if len(sites) == 0 || len(sites) > maxMethodSites || r.busy[fn] {
		return "", unknown
	}
	r.busy[fn] = true
	defer delete(r.busy, fn)
	var agreed, worst string
	var worstAt token.Pos
	unknowns := false
	for k, site := range sites {
		if args[k] == nil {
			unknowns = true
			continue
		}
		outer := r.from
		m, st := r.method(args[k])
		inner := r.from
		r.from = outer
		if st != known {
			unknowns = true
			continue
		}
		if agreed == "" {
			agreed = m
		} else if m != agreed {
			unknowns = true // several methods: only a non-idempotent one is an answer
		}
		if IsNonIdempotent(m) && worst == "" {
			worst, worstAt = m, site.Pos()
			if inner.IsValid() && inner != outer {
				worstAt = inner // passed on from further out
			}
		}
	}
	switch {
	case worst != "":
		r.from = worstAt
		return worst, known
	case !unknowns && agreed != "":
		return agreed, known
	}
	return "", unknown
}

// String returns the constant string v holds on every path, following
// local and package variables.
func (r *Resolver) String(v ssa.Value) (string, bool) { return r.ix.ConstString(v) }
