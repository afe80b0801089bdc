package httpconfig

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// wrappedTransport's wrappers are the types whose pool is another's:
//
//   - a struct embedding *http.Transport (type Transport struct{
//     *http.Transport; ... }), whose round trips, promoted or its own, go
//     through that transport;
//   - a middleware: a struct with a RoundTrip method and exactly one field
//     that holds a round tripper (http.RoundTripper or *http.Transport),
//     which it delegates to (prometheus/common's bearerAuthRoundTripper{
//     token, rt}). It adds headers or credentials; the connections are the
//     inner round tripper's.

// wrappedField returns the field of the struct t points to that holds the
// wrapped round tripper, or nil if t is not a wrapper.
func wrappedField(t types.Type) *types.Var {
	ptr, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	var inner *types.Var
	n := 0
	for i := range st.NumFields() {
		f := st.Field(i)
		if f.Embedded() && typeutil.IsPointerTo(f.Type(), httplib.NetHTTP, "Transport") {
			return f
		}
		if holdsRoundTripper(f.Type()) {
			inner = f
			n++
		}
	}
	if n != 1 || !hasRoundTrip(t) {
		return nil
	}
	return inner
}

// holdsRoundTripper reports whether a value of type t is a round tripper
// whose pool a wrapper can delegate to.
func holdsRoundTripper(t types.Type) bool {
	return httplib.IsRoundTripper(t) || typeutil.IsPointerTo(t, httplib.NetHTTP, "Transport")
}

// hasRoundTrip reports whether t has a method RoundTrip(*http.Request)
// (*http.Response, error) of its own: not one promoted from an embedded
// field.
func hasRoundTrip(t types.Type) bool {
	obj, index, _ := types.LookupFieldOrMethod(t, true, nil, "RoundTrip")
	fn, ok := obj.(*types.Func)
	if !ok || len(index) != 1 {
		return false
	}
	sig := fn.Type().(*types.Signature)
	return sig.Params().Len() == 1 && typeutil.IsPointerTo(sig.Params().At(0).Type(), httplib.NetHTTP, "Request") &&
		sig.Results().Len() == 2 && typeutil.IsPointerTo(sig.Results().At(0).Type(), httplib.NetHTTP, "Response")
}

// wrappedTransport returns the configuration of the transport that the
// wrapper alloc holds in its field f (see wrappedField): the join of what is
// stored there, unknown if the wrapper escapes or nothing is stored.
func (r *Resolver) wrappedTransport(alloc *ssa.Alloc, f *types.Var) *Transport {
	stores, escapes := r.ix.ObjectStores(alloc, r.safe)
	if escapes {
		return UnknownTransport()
	}
	var t *Transport
	for _, st := range stores {
		if st.Field == f {
			t = JoinTransport(t, r.Transport(st.Value))
		}
	}
	if t == nil {
		return UnknownTransport()
	}
	return t
}

// wrapperParam reports whether fn is a wrapper constructor: it returns a
// new wrapper struct (see wrappedField) whose wrapped round tripper is
// its parameter k, which it uses for nothing else, or passes that
// parameter on to such a constructor of the package and returns its
// result. The wrapper's configuration is then that of the argument, and
// passing a transport to fn leaves it unchanged.
func wrapperParam(fn *ssa.Function) (k int, ok bool) {
	return wrapperParamDepth(fn, maxWrapperDepth)
}

// maxWrapperDepth bounds the chain of wrapper constructors wrapperParam
// follows.
const maxWrapperDepth = 4

func wrapperParamDepth(fn *ssa.Function, depth int) (int, bool) {
	rets := valueflow.Returns(fn, 0)
	if len(rets) != 1 || depth == 0 {
		return 0, false
	}
	// only reports whether p's one use (besides debug references) is use.
	only := func(p *ssa.Parameter, use func(ssa.Instruction) bool) bool {
		n := 0
		for _, ref := range *p.Referrers() {
			if _, ok := ref.(*ssa.DebugRef); ok {
				continue
			}
			if n++; n > 1 || !use(ref) {
				return false
			}
		}
		return n == 1
	}
	switch rv := valueflow.StripCopies(rets[0]).(type) {
	case *ssa.Alloc:
		f := wrappedField(rv.Type())
		if f == nil {
			return 0, false
		}
		for k, p := range fn.Params {
			if !holdsRoundTripper(p.Type()) || p.Referrers() == nil {
				continue
			}
			if only(p, func(ref ssa.Instruction) bool {
				st, ok := ref.(*ssa.Store)
				if !ok || st.Val != p {
					return false
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				return ok && fa.X == rv && valueflow.FieldOf(fa) == f
			}) {
				return k, true
			}
		}
	case *ssa.Call:
		callee := rv.Call.StaticCallee()
		if callee == nil || callee.Pkg != fn.Pkg || callee == fn {
			return 0, false
		}
		k2, ok := wrapperParamDepth(callee, depth-1)
		if !ok || k2 >= len(rv.Call.Args) {
			return 0, false
		}
		for k, p := range fn.Params {
			if rv.Call.Args[k2] == ssa.Value(p) && only(p, func(ref ssa.Instruction) bool { return ref == ssa.Instruction(rv) }) {
				return k, true
			}
		}
	}
	return 0, false
}
