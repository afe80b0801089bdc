package headersize

import (
	"fmt"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// A givenRequest is a request whose header map is the one of the
// request a RoundTripper was given: its own parameter, a shallow copy of
// it, or either handed to a helper.
type givenRequest struct {
	rt  *ssa.Function // the RoundTrip method, or a function used as one
	via []analysis.RelatedInformation
}

// name describes the RoundTripper for messages.
func (g *givenRequest) name(pkg *types.Package) string {
	if g.rt.Parent() != nil {
		return "the RoundTripper in " + g.rt.Parent().RelString(pkg)
	}
	return g.rt.RelString(pkg)
}

// adder names fn, which adds the header, for messages: the RoundTripper
// itself, or a helper.
func (g *givenRequest) adder(fn *ssa.Function, pkg *types.Package) string {
	if fn == g.rt {
		return g.name(pkg)
	}
	return fn.RelString(pkg)
}

// receiver says whose request fn changes, for messages.
func (g *givenRequest) receiver(fn *ssa.Function) string {
	if fn == g.rt {
		return "it was given"
	}
	return "given to " + g.name(fn.Pkg.Pkg)
}

// maxGivenDepth bounds the helpers and copies givenRequest follows from
// a request back to the RoundTripper that received it.
const maxGivenDepth = 4

// roundTripperInput reports whether the http.Header h belongs to the
// request a RoundTripper was given, directly or through helpers and
// shallow copies: a RoundTripper must not modify the request it receives
// (net/http's RoundTripper contract).
func (c *checker) roundTripperInput(h ssa.Value) *givenRequest {
	req, ok := requestField(h, "Header")
	if !ok {
		return nil
	}
	return c.givenRequest(req, 0)
}

func (c *checker) givenRequest(req ssa.Value, depth int) *givenRequest {
	if depth > maxGivenDepth {
		return nil
	}
	ix := c.res.Index
	for _, o := range ix.Origins(req) {
		switch v := o.V.(type) {
		case *ssa.Parameter:
			fn := v.Parent()
			if c.roundTripParam(fn, v) {
				if c.sentOnce(fn) {
					return nil
				}
				return &givenRequest{rt: fn}
			}
			i := slices.Index(fn.Params, v)
			sites, _ := ix.Callers(fn)
			for _, site := range sites {
				args := site.Common().Args
				if i < 0 || i >= len(args) {
					continue
				}
				if g := c.givenRequest(args[i], depth+1); g != nil {
					g.via = append(g.via, analysis.RelatedInformation{Pos: site.Pos(),
						Message: fmt.Sprintf("the request it was given is passed to %s here", fn.Name())})
					return g
				}
			}
		case *ssa.Call:
			callee := valueflow.StaticCallee(v.Common())
			args := v.Call.Args
			if d, ok := httplib.RequestDerivationOf(callee); ok && d.SharesHeader && d.From < len(args) {
				if g := c.givenRequest(args[d.From], depth+1); g != nil {
					g.via = append(g.via, analysis.RelatedInformation{Pos: v.Pos(),
						Message: fmt.Sprintf("%s makes a shallow copy that shares the header map", callee.Name())})
					return g
				}
				continue
			}
			fn, _ := v.Call.Value.(*ssa.Function)
			if fn == nil || fn.Pkg != ix.Pkg {
				continue
			}
			if i, at := shallowRequestCopy(ix, fn); i >= 0 && i < len(args) {
				if g := c.givenRequest(args[i], depth+1); g != nil {
					g.via = append(g.via, analysis.RelatedInformation{Pos: v.Pos(), Message: fmt.Sprintf("%s copies the request here", fn.Name())},
						analysis.RelatedInformation{Pos: at, Message: "but the copy keeps the original's Header map"})
					return g
				}
			}
		}
	}
	return nil
}

// roundTripParam reports whether p is the request parameter of a
// RoundTripper: of a RoundTrip method, or of a function converted to a
// function type whose RoundTrip method calls it
// (type roundTripperFunc func(*http.Request) (*http.Response, error)).
func (c *checker) roundTripParam(fn *ssa.Function, p *ssa.Parameter) bool {
	if !isRoundTripSignature(fn.Signature) || len(fn.Params) == 0 || fn.Params[len(fn.Params)-1] != p {
		return false
	}
	if fn.Signature.Recv() != nil {
		return fn.Name() == "RoundTrip"
	}
	return len(c.roundTripperFuncs()[fn]) > 0
}

// sentOnce reports whether every RoundTripper made from fn, a function
// converted to a RoundTripper type, is only stored where a client that
// sends each request once uses it (httplib.SendsEachRequestOnce:
// client_golang's api.Config): no request comes back through fn with the
// lines it added (promtool's and cortex's header RoundTripper for the
// Prometheus API client).
func (c *checker) sentOnce(fn *ssa.Function) bool {
	convs := c.roundTripperFuncs()[fn]
	if fn.Signature.Recv() != nil || len(convs) == 0 {
		return false
	}
	for _, ct := range convs {
		if !storedOnlyWhereSentOnce(ct, 0) {
			return false
		}
	}
	return true
}

// storedOnlyWhereSentOnce reports whether every use of the RoundTripper
// v is a store into a field for which httplib.SendsEachRequestOnce
// holds, directly or after a conversion to an interface.
func storedOnlyWhereSentOnce(v ssa.Value, depth int) bool {
	refs := v.Referrers()
	if refs == nil || depth > 2 {
		return false
	}
	stored := false
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.MakeInterface:
			if !storedOnlyWhereSentOnce(r, depth+1) {
				return false
			}
			stored = true
		case *ssa.Store:
			fa, ok := r.Addr.(*ssa.FieldAddr)
			if r.Val != v || !ok || !httplib.SendsEachRequestOnce(fa) {
				return false
			}
			stored = true
		default:
			return false
		}
	}
	return stored
}

// isRoundTripSignature reports whether sig is
// func(*http.Request) (*http.Response, error), with or without receiver.
func isRoundTripSignature(sig *types.Signature) bool {
	return sig.Params().Len() == 1 && typeutil.IsPointerTo(sig.Params().At(0).Type(), httplib.NetHTTP, "Request") &&
		sig.Results().Len() == 2 && typeutil.IsPointerTo(sig.Results().At(0).Type(), httplib.NetHTTP, "Response")
}

// roundTripperFuncs returns the functions of the package that are
// converted to a function type with a RoundTrip method, with their
// conversions, computed once.
func (c *checker) roundTripperFuncs() map[*ssa.Function][]*ssa.ChangeType {
	if c.rtFuncs != nil {
		return c.rtFuncs
	}
	c.rtFuncs = make(map[*ssa.Function][]*ssa.ChangeType)
	for _, fn := range c.res.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ct, ok := instr.(*ssa.ChangeType)
				if !ok || !hasRoundTrip(ct.Type()) {
					continue
				}
				switch x := ct.X.(type) {
				case *ssa.Function:
					c.rtFuncs[x] = append(c.rtFuncs[x], ct)
				case *ssa.MakeClosure:
					if f, ok := x.Fn.(*ssa.Function); ok {
						c.rtFuncs[f] = append(c.rtFuncs[f], ct)
					}
				}
			}
		}
	}
	return c.rtFuncs
}

// hasRoundTrip reports whether t has a RoundTrip method with the
// signature of http.RoundTripper's.
func hasRoundTrip(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "RoundTrip")
	m, ok := obj.(*types.Func)
	return ok && isRoundTripSignature(m.Signature())
}

// shallowRequestCopy reports whether fn returns a shallow copy of its
// request parameter that keeps the original's Header map
// (r2 := new(http.Request); *r2 = *r; return r2, with no store into
// r2.Header): it returns the parameter's index and the copy's position,
// or -1.
func shallowRequestCopy(ix *valueflow.Index, fn *ssa.Function) (int, token.Pos) {
	if fn.Signature.Results().Len() != 1 || !typeutil.IsPointerTo(fn.Signature.Results().At(0).Type(), httplib.NetHTTP, "Request") {
		return -1, token.NoPos
	}
	param, at := -1, token.NoPos
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		for _, o := range ix.Origins(ret.Results[0]) {
			a, ok := o.V.(*ssa.Alloc)
			if !ok {
				return -1, token.NoPos
			}
			i, pos := copiedFrom(fn, a)
			if i < 0 || (param >= 0 && i != param) {
				return -1, token.NoPos
			}
			param, at = i, pos
		}
	}
	return param, at
}

// copiedFrom reports whether request a is filled by one copy of the
// request a parameter of fn points to (*a = *p) and its Header field is
// never stored: it returns the parameter's index and the copy's
// position, or -1.
func copiedFrom(fn *ssa.Function, a *ssa.Alloc) (int, token.Pos) {
	param, at := -1, token.NoPos
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != ssa.Value(a) {
				continue
			}
			load, ok := r.Val.(*ssa.UnOp)
			if !ok || load.Op != token.MUL {
				return -1, token.NoPos
			}
			p, ok := load.X.(*ssa.Parameter)
			if !ok || param >= 0 {
				return -1, token.NoPos
			}
			param, at = slices.Index(fn.Params, p), r.Pos()
		case *ssa.FieldAddr:
			if f := valueflow.FieldOf(r); f != nil && f.Name() == "Header" && storedThrough(r) {
				return -1, token.NoPos
			}
		case ssa.CallInstruction:
			return -1, token.NoPos // a helper may give the copy its own headers
		}
	}
	return param, at
}

// storedThrough reports whether addr is the address of a store, or is
// handed to code that may store through it.
func storedThrough(addr ssa.Value) bool {
	for _, r := range *addr.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == addr {
				return true
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return true
		}
	}
	return false
}
