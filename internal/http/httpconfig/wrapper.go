package httpconfig

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// embeddedTransport returns the embedded *http.Transport field of the
// struct t points to: a wrapper (type Transport struct{ *http.Transport;
// ... }) whose round trips, promoted or its own, go through that
// transport.
func embeddedTransport(t types.Type) *types.Var {
	ptr, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Embedded() && typeutil.IsPointerTo(f.Type(), httplib.NetHTTP, "Transport") {
			return f
		}
	}
	return nil
}

// wrappedTransport returns the configuration of the transport that the
// wrapper alloc holds in its embedded field f: the join of what is
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
// new wrapper struct (see embeddedTransport) whose embedded transport is
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
		f := embeddedTransport(rv.Type())
		if f == nil {
			return 0, false
		}
		for k, p := range fn.Params {
			if !typeutil.IsPointerTo(p.Type(), httplib.NetHTTP, "Transport") || p.Referrers() == nil {
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
