package sends

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// A HeldParam says that a function's first result, a struct or a pointer
// to one, keeps its parameter Param, an *http.Client, in field Field, as
// a library constructor does (compute/metadata's NewClient(c) returning
// &Client{hc: c}). A send through that field of the result, summarised
// as ParamSend.ClientField, is then a send through the argument.
type HeldParam struct {
	Field string
	Param int
}

// Held returns the clients that fn's first result keeps from fn's
// parameters: on some return path, a struct allocated in fn whose
// *http.Client field fn sets to one of its parameters.
func Held(ix *valueflow.Index, fn *ssa.Function) []HeldParam {
	if fn.Signature.Results().Len() == 0 || !holdsStruct(fn.Signature.Results().At(0).Type()) {
		return nil
	}
	var out []HeldParam
	seen := make(map[HeldParam]bool)
	for _, v := range valueflow.Returns(fn, 0) {
		v = valueflow.StripCopies(v)
		if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
			v = load.X // a struct value copied out of its literal's cell
		}
		alloc, ok := v.(*ssa.Alloc)
		if !ok {
			continue
		}
		for _, ref := range *alloc.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok || fa.X != alloc {
				continue
			}
			f := valueflow.FieldOf(fa)
			if f == nil || !httplib.IsClient(f.Type()) {
				continue
			}
			for _, use := range *fa.Referrers() {
				st, ok := use.(*ssa.Store)
				if !ok || st.Addr != fa {
					continue
				}
				if p := param(ix, fn, st.Val); p >= 0 {
					h := HeldParam{Field: f.Name(), Param: p}
					if !seen[h] {
						seen[h] = true
						out = append(out, h)
					}
				}
			}
		}
	}
	return out
}

// holdsStruct reports whether t is a struct type or a pointer to one.
func holdsStruct(t types.Type) bool {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	_, ok := t.Underlying().(*types.Struct)
	return ok
}

// fieldOfParam returns the parameter of fn whose *http.Client field v
// loads (c.hc in a method of c), and that field's name; -1 when v is
// not one. Through a φ-node (hc := c.hc; if alt { hc = c.alt }) every
// edge must load a field of the same parameter, and the first edge's
// field, the path that takes no branch, is the one returned.
func fieldOfParam(fn *ssa.Function, v ssa.Value) (int, string) {
	return fieldOfParamSeen(fn, v, make(map[*ssa.Phi]bool))
}

func fieldOfParamSeen(fn *ssa.Function, v ssa.Value, seen map[*ssa.Phi]bool) (int, string) {
	if phi, ok := valueflow.StripCopies(v).(*ssa.Phi); ok {
		if seen[phi] {
			return -2, "" // a loop back to phi: no other value
		}
		seen[phi] = true
		idx, name := -1, ""
		for _, e := range phi.Edges {
			p, f := fieldOfParamSeen(fn, e, seen)
			if p == -2 {
				continue
			}
			if p < 0 || (idx >= 0 && p != idx) {
				return -1, ""
			}
			if idx < 0 {
				idx, name = p, f
			}
		}
		return idx, name
	}
	var x ssa.Value
	switch l := valueflow.StripCopies(v).(type) {
	case *ssa.UnOp: // c.hc, c a pointer
		fa, ok := l.X.(*ssa.FieldAddr)
		if !ok || l.Op != token.MUL {
			return -1, ""
		}
		v, x = fa, fa.X
	case *ssa.Field: // c.hc, c a struct value
		v, x = l, l.X
	default:
		return -1, ""
	}
	f := valueflow.FieldOf(v)
	x = valueflow.StripCopies(x)
	if cell, isCell := x.(*ssa.Alloc); isCell {
		if p := valueflow.ParamCell(cell); p != nil {
			x = p // a struct parameter kept in a local cell
		}
	}
	p, ok := x.(*ssa.Parameter)
	if f == nil || !ok || p.Parent() != fn || !httplib.IsClient(f.Type()) {
		return -1, ""
	}
	return valueflow.ParamIndex(p), f.Name()
}

// heldClient returns the client that field of the object v, a value of
// fn, keeps when v comes from a constructor of another package that
// keeps its argument there (HeldParam): the argument's client, or the
// parameter of fn it is (p >= 0). It reports false when nothing is
// known, or the argument is nil (the constructor's own default).
func (r *Resolver) heldClient(fn *ssa.Function, v ssa.Value, field string) (c *httpconfig.Client, p int, ok bool) {
	if r.facts == nil {
		return nil, -1, false
	}
	for _, o := range r.ix.Origins(v) {
		call, _ := valueflow.CallOf(o.V)
		if call == nil {
			continue
		}
		callee := valueflow.StaticCallee(call.Common())
		if callee == nil {
			continue
		}
		for _, h := range r.facts.Holds(callee) {
			if h.Field != field || h.Param >= len(call.Call.Args) {
				continue
			}
			arg := call.Call.Args[h.Param]
			if k, isConst := valueflow.StripCopies(arg).(*ssa.Const); isConst && k.IsNil() {
				continue
			}
			if p := param(r.ix, fn, arg); p >= 0 {
				return nil, p, true
			}
			if _, isParam := valueflow.StripCopies(arg).(*ssa.Parameter); isParam {
				continue // a parameter of another function: its callers decide
			}
			return r.clients.Client(arg), -1, true
		}
	}
	return nil, -1, false
}
