package requrl

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// ListField returns the slice field that elem, an element of a list
// (*list[i], or list[i]'s address), is read from, and the object that
// holds it: c.sources in for _, u := range c.sources.
func ListField(elem ssa.Value) (f *types.Var, obj ssa.Value) {
	v := valueflow.StripCopies(elem)
	if u, ok := v.(*ssa.UnOp); ok {
		v = u.X
	}
	ia, ok := v.(*ssa.IndexAddr)
	if !ok {
		return nil, nil
	}
	load, ok := valueflow.StripCopies(ia.X).(*ssa.UnOp)
	if !ok {
		return nil, nil
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return nil, nil
	}
	return valueflow.FieldOf(fa), fa.X
}

// OneListHost reports whether every URL the package appends to slice
// field f has one host, for a given object: each is appended by a method
// to its receiver's f (c.sources = append(c.sources, u)), and the host
// of each is the same constant, or the same field of that receiver
// (c.URL joined with a per-item path, parsed and resolved). A list of
// URLs precomputed from one base URL goes to one host, whatever its
// length.
func OneListHost(ix *valueflow.Index, f *types.Var) bool {
	var want Source
	var wantField *types.Var
	first := true
	vals := ix.FieldValues(f)
	if len(vals) == 0 {
		return false
	}
	for _, v := range vals {
		call, ok := valueflow.StripCopies(v).(*ssa.Call)
		if !ok {
			return false
		}
		b, ok := call.Call.Value.(*ssa.Builtin)
		if !ok || b.Name() != "append" || len(call.Call.Args) != 2 {
			return false
		}
		recv := appendReceiver(call, f)
		if recv == nil {
			return false
		}
		elems := sliceElems(call.Call.Args[1])
		if len(elems) == 0 {
			return false
		}
		for _, e := range elems {
			hosts, ok := HostsOf(ix, e)
			if !ok {
				return false
			}
			for _, h := range hosts {
				var field *types.Var
				if h.Value != nil {
					field = receiverField(h.Value, recv)
					if field == nil {
						return false
					}
				}
				if first {
					want, wantField, first = h, field, false
					continue
				}
				if field != wantField || (field == nil && h.Const != want.Const) {
					return false
				}
			}
		}
	}
	return !first
}

// appendReceiver returns the receiver of the method whose call of append
// extends recv.f, when call appends to a load of the receiver's f.
func appendReceiver(call *ssa.Call, f *types.Var) *ssa.Parameter {
	fn := call.Parent()
	if fn == nil || fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return nil
	}
	recv := fn.Params[0]
	load, ok := valueflow.StripCopies(call.Call.Args[0]).(*ssa.UnOp)
	if !ok {
		return nil
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok || valueflow.FieldOf(fa) != f || valueflow.StripCopies(fa.X) != recv {
		return nil
	}
	return recv
}

// receiverField returns the field of recv that v is (its address or a
// load of it), or nil.
func receiverField(v ssa.Value, recv *ssa.Parameter) *types.Var {
	v = valueflow.StripCopies(v)
	if u, ok := v.(*ssa.UnOp); ok {
		v = u.X
	}
	fa, ok := v.(*ssa.FieldAddr)
	if !ok || valueflow.StripCopies(fa.X) != recv {
		return nil
	}
	return valueflow.FieldOf(fa)
}
