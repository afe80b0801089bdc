package retrypolicy

import (
	"net/http"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// hasKey reports whether an idempotency key may be set on the request a
// sends (or whether that cannot be ruled out).
func (c *checker) hasKey(fn *ssa.Function, a *attempt) bool {
	if a.client != nil {
		for _, h := range a.client.Headers {
			if c.keys[h] {
				return true
			}
		}
		if a.client.DynamicHeaders {
			return true
		}
	}
	if a.ls != nil && a.ls.Headers != nil {
		if c.headerMapHasKey(a.ls.Headers) {
			return true
		}
	}
	scan := map[*ssa.Function]bool{fn: true}
	for f := fn.Parent(); f != nil; f = f.Parent() {
		scan[f] = true
	}
	if a.request != nil {
		c.requestBuilders(a.request, scan)
	}
	seen := make(map[*ssa.Function]bool)
	var visit func(f *ssa.Function, depth int) bool
	visit = func(f *ssa.Function, depth int) bool {
		if seen[f] || depth > 3 {
			return false
		}
		seen[f] = true
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if mu, ok := instr.(*ssa.MapUpdate); ok && typeutil.IsNamed(mu.Map.Type(), httplib.NetHTTP, "Header") {
					if k, ok := c.methods.String(mu.Key); !ok || c.keys[http.CanonicalHeaderKey(k)] {
						return true
					}
				}
			}
		}
		for _, call := range calls(f) {
			if c.setsKey(call) {
				return true
			}
			cc := call.Common()
			if !passesRequest(cc) {
				continue
			}
			callee := cc.StaticCallee()
			switch {
			case callee != nil && callee.Pkg == c.res.Index.Pkg:
				if visit(callee, depth+1) {
					return true
				}
			case c.knownRequestUse(call):
			default:
				return true // the request goes to code that may set headers
			}
		}
		for _, anon := range f.AnonFuncs {
			if visit(anon, depth+1) {
				return true
			}
		}
		return false
	}
	for f := range scan {
		if visit(f, 0) {
			return true
		}
	}
	return false
}

// maxRequestDepth bounds the derivations and caller parameters that
// requestBuilders follows back from a sent request.
const maxRequestDepth = 8

// requestBuilders adds to funcs the functions of this package that build
// request v: the function of each construction, a helper of the package
// that returns it (newOrderRequest()), and, when v is a parameter, the
// callers that pass it.
func (c *checker) requestBuilders(v ssa.Value, funcs map[*ssa.Function]bool) {
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if depth > maxRequestDepth {
			return
		}
		for _, o := range c.res.Index.Origins(v) {
			if o.V == nil || seen[o.V] {
				continue
			}
			seen[o.V] = true
			if instr, ok := o.V.(ssa.Instruction); ok && instr.Parent() != nil {
				funcs[instr.Parent()] = true
			}
			if p, ok := o.V.(*ssa.Parameter); ok {
				c.res.Index.CallerArgs(p, func(arg ssa.Value) { walk(arg, depth+1) })
				continue
			}
			if call, _ := valueflow.CallOf(o.V); call != nil {
				if callee := call.Call.StaticCallee(); callee != nil && callee.Pkg == c.res.Index.Pkg {
					funcs[callee] = true
				} else if d, ok := httplib.RequestDerivationOf(valueflow.StaticCallee(call.Common())); ok && d.From < len(call.Call.Args) {
					walk(call.Call.Args[d.From], depth+1)
				}
			}
		}
	}
	walk(v, 0)
}

// setsKey reports whether call sets an idempotency header, or a header
// whose name is not constant.
func (c *checker) setsKey(call ssa.CallInstruction) bool {
	cc := call.Common()
	h, ok := httplib.HeaderSetterOf(valueflow.StaticCallee(cc))
	switch {
	case !ok:
		return false
	case h.Map >= 0:
		return h.Map < len(cc.Args) && c.headerMapHasKey(cc.Args[h.Map])
	case h.Key >= len(cc.Args):
		return false
	}
	k, ok := c.methods.String(cc.Args[h.Key])
	return !ok || c.keys[http.CanonicalHeaderKey(k)]
}

// headerMapHasKey reports whether a header map value may hold an
// idempotency key.
func (c *checker) headerMapHasKey(v ssa.Value) bool {
	if k, ok := v.(*ssa.Const); ok && k.IsNil() {
		return false
	}
	for _, o := range c.res.Index.Origins(v) {
		mm, ok := o.V.(*ssa.MakeMap)
		if !ok {
			return true
		}
		refs := mm.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch x := ref.(type) {
			case *ssa.MapUpdate:
				k, ok := c.methods.String(x.Key)
				if !ok || c.keys[http.CanonicalHeaderKey(k)] {
					return true
				}
			case ssa.CallInstruction:
				if c.setsKey(x) {
					return true
				}
			}
		}
	}
	return false
}

// passesRequest reports whether a call takes a request or a header map.
func passesRequest(cc *ssa.CallCommon) bool {
	for _, a := range cc.Args {
		t := a.Type()
		if httplib.IsRequest(t) || typeutil.IsNamed(t, httplib.NetHTTP, "Header") || httplib.IsLibraryRequest(t) {
			return true
		}
	}
	return false
}

// knownRequestUse reports calls that take a request but set no headers
// beyond those visible: net/http, the known client libraries, and the
// rest of the standard library but for net/http/httputil (whose
// ReverseProxy rewrites requests).
func (c *checker) knownRequestUse(call ssa.CallInstruction) bool {
	fn := valueflow.StaticCallee(call.Common())
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	p := fn.Pkg().Path()
	if l := httplib.Lookup(p); l != nil && l.Kind&httplib.Client != 0 && (p == l.Path || l != httplib.NetHTTPLib) {
		return true
	}
	return typeutil.IsStd(p) && p != "net/http/httputil"
}
