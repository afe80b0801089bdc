package httpconfig

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// KeepsForeignConfig reports whether the package of ix leaves alone
// the configuration of every transport and client it did not build: no
// function of funcs stores a setting of an *http.Transport (a field the
// model reads, or its dial function) or of an *http.Client (its Timeout
// or Transport) that may come from a caller (a parameter, a field or
// variable another package may set, a type assertion of a RoundTripper
// it was given), and none hands such a transport or client to a
// function of another package that keeps is false for. Handing a
// transport to such a package (minio's SetCustomTransport, a tracing
// wrapper's constructor), or a client (compute/metadata's NewClient),
// then leaves its configuration as the caller built it. Writes through
// reflection are not seen: the resolver still treats a transport or
// client passed as an empty interface as changed.
func KeepsForeignConfig(ix *valueflow.Index, funcs []*ssa.Function, keeps func(*types.Package) bool) bool {
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Store:
					fa, ok := instr.Addr.(*ssa.FieldAddr)
					if !ok {
						continue
					}
					f := valueflow.FieldOf(fa)
					switch {
					case f == nil:
						continue
					case typeutil.IsPointerTo(fa.X.Type(), httplib.NetHTTP, "Transport"):
						if !modelField(f.Name()) {
							continue
						}
					case httplib.IsClient(fa.X.Type()):
						if f.Name() != "Timeout" && f.Name() != "Transport" {
							continue
						}
					default:
						continue
					}
					if foreign(ix, fa.X) {
						return false
					}
				case ssa.CallInstruction:
					c := instr.Common()
					if c.IsInvoke() {
						continue
					}
					callee := valueflow.StaticCallee(c)
					if callee == nil || callee.Pkg() == nil || callee.Pkg() == ix.Pkg.Pkg || callee.Pkg().Path() == httplib.NetHTTP {
						continue
					}
					for _, a := range c.Args {
						if (typeutil.IsPointerTo(a.Type(), httplib.NetHTTP, "Transport") || httplib.IsRoundTripper(a.Type()) || httplib.IsClient(a.Type())) &&
							!keeps(callee.Pkg()) && foreign(ix, a) {
							return false
						}
					}
				}
			}
		}
	}
	return true
}

// modelField reports whether name is a field of http.Transport that the
// model reads.
func modelField(name string) bool {
	if _, ok := fieldByName(name); ok {
		return true
	}
	switch name {
	case "DialContext", "Dial", "DialTLSContext", "DialTLS":
		return true
	}
	return false
}

// foreign reports whether the transport v may be one the package did
// not build: one of its origins is a parameter, a load of a field or
// variable whose stores the package does not all see, or unknown.
func foreign(ix *valueflow.Index, v ssa.Value) bool {
	for _, o := range ix.Origins(v) {
		if o.Field != nil || o.Global != nil && o.Global.Pkg != ix.Pkg && !isVar(o.Global.Object(), httplib.NetHTTP, "DefaultTransport") {
			return true
		}
		switch o.V.(type) {
		case nil, *ssa.Parameter, *ssa.FreeVar:
			return true
		}
	}
	return false
}

// keptByCallee reports whether the function that call c makes belongs
// to another package that leaves the configuration of transports and
// clients it is given alone (see [KeepsForeignConfig]), and its
// parameter for argument i is typed (a RoundTripper, an *http.Transport
// or an *http.Client, not an empty interface that reflection could
// fill).
func (r *Resolver) keptByCallee(c *ssa.CallCommon, i int) bool {
	if r.facts == nil || c.IsInvoke() || i < 0 || i >= len(c.Args) {
		return false
	}
	fn := valueflow.StaticCallee(c)
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == r.ix.Pkg.Pkg || !r.facts.KeepsConfig(fn.Pkg()) {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil {
		return false
	}
	p := i
	if sig.Recv() != nil {
		if p == 0 {
			return false
		}
		p--
	}
	n := sig.Params().Len()
	if p >= n || sig.Variadic() && p == n-1 {
		return false
	}
	t := sig.Params().At(p).Type()
	return typeutil.IsPointerTo(t, httplib.NetHTTP, "Transport") || httplib.IsRoundTripper(t) || httplib.IsClient(t)
}
