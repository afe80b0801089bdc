package valueflow

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

type objectStores struct {
	stores  []FieldStore
	escapes bool
}

// Uses classifies what happens to a pointer value: the homes it is kept
// in and whether it escapes to code the index cannot see.
type Uses struct {
	Homes   []Home
	Escapes bool
}

// SafeCall reports whether passing an object to call (as argument arg,
// the receiver of a static method call being argument 0, or as the
// receiver of an interface method call, arg -1) cannot change its
// configuration. The caller
// of [Index.ObjectStores] supplies it; typically it accepts methods of
// net/http that only read their receiver.
type SafeCall func(call *ssa.CallCommon, arg int) bool

// ObjectStores returns every field store that may write the object v
// points to: stores through v itself, through every home v is kept in
// (fields, package variables, cells, callee parameters), and through the
// given extra homes. escapes reports whether v, or a pointer loaded
// from one of its homes, reaches code whose writes cannot be seen.
func (ix *Index) ObjectStores(v ssa.Value, safe SafeCall, extra ...Home) (stores []FieldStore, escapes bool) {
	if safe != nil || len(extra) > 0 {
		return ix.objectStores(v, safe, extra...)
	}
	ix.storesMu.Lock()
	r, ok := ix.stores[v]
	ix.storesMu.Unlock()
	if !ok {
		r.stores, r.escapes = ix.objectStores(v, nil)
		r.stores = slices.Clip(r.stores) // callers may append
		ix.storesMu.Lock()
		if ix.stores == nil {
			ix.stores = make(map[ssa.Value]objectStores)
		}
		ix.stores[v] = r
		ix.storesMu.Unlock()
	}
	return r.stores, r.escapes
}

func (ix *Index) objectStores(v ssa.Value, safe SafeCall, extra ...Home) (stores []FieldStore, escapes bool) {
	homes := map[Home]bool{}
	var queue []Home
	addHome := func(h Home) {
		if !h.IsZero() && !homes[h] {
			homes[h] = true
			queue = append(queue, h)
		}
	}
	seenVals := map[ssa.Value]bool{}
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		if v == nil || seenVals[v] || len(seenVals) > maxOrigins {
			if len(seenVals) > maxOrigins {
				escapes = true
			}
			return
		}
		seenVals[v] = true
		if h := ix.HomeOf(v); !h.IsZero() {
			addHome(h)
		}
		refs := v.Referrers()
		if refs == nil {
			return
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.FieldAddr, *ssa.Field, *ssa.DebugRef, *ssa.BinOp, *ssa.If, *ssa.Return, *ssa.RunDefers:
				// Reads, comparisons, field stores (indexed by home) and
				// returns (seen by callers through the call's home).
			case *ssa.UnOp:
				// A load of the object (copying a struct value) or a
				// dereference: reads only.
			case *ssa.Store:
				if r.Addr == v {
					// The whole object is written: a variable of struct
					// type initialised from a composite literal (whose
					// fields, stored into the literal's cell, are this
					// object's) or with the zero value; anything else
					// replaces what is known.
					if src := literalCell(r.Val); src != nil {
						addHome(Home{V: src})
					} else if _, zero := r.Val.(*ssa.Const); !zero {
						escapes = true
					}
					continue
				}
				h := ix.cellHome(r.Addr)
				if h.IsZero() {
					escapes = true
					continue
				}
				addHome(h)
			case *ssa.Phi, *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.TypeAssert:
				walk(r.(ssa.Value))
			case *ssa.Extract:
				if assertedValue(r) {
					walk(r)
				} else if !assertedOK(r) {
					escapes = true
				}
			case *ssa.MakeClosure:
				if fn, ok := r.Fn.(*ssa.Function); ok {
					for i, b := range r.Bindings {
						if b == v && i < len(fn.FreeVars) {
							walk(fn.FreeVars[i])
						}
					}
				} else {
					escapes = true
				}
			case ssa.CallInstruction:
				ix.walkCall(r.Common(), v, safe, walk, &escapes)
			default:
				escapes = true
			}
		}
	}
	walk(v)
	for _, h := range extra {
		addHome(h)
	}
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		stores = append(stores, ix.homeStores[h]...)
		if isObjectHome(h) {
			walk(h.V)
		} else {
			for _, ld := range ix.homeLoads[h] {
				walk(ld)
			}
		}
	}
	return stores, escapes
}

// defaultStores returns the stores into field f that set a default where
// the field was found nil (if o.f == nil { o.f = d }).
func (ix *Index) defaultStores(f *types.Var) []*ssa.Store {
	var defaults []*ssa.Store
	for _, st := range ix.fieldStores[f] {
		if ix.storesDefault(st, f) {
			defaults = append(defaults, st)
		}
	}
	return defaults
}

// storesDefault reports whether st, a store into field f, runs only on
// the branch where a load of f was found nil.
func (ix *Index) storesDefault(st *ssa.Store, f *types.Var) bool {
	for blk := st.Block(); blk != nil; blk = blk.Idom() {
		for _, pred := range blk.Preds {
			if !pred.Dominates(blk) && pred != blk.Idom() {
				continue
			}
			if len(pred.Instrs) == 0 || len(pred.Succs) != 2 {
				continue
			}
			iff, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
			if !ok {
				continue
			}
			bin, ok := iff.Cond.(*ssa.BinOp)
			if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
				continue
			}
			nilSucc := pred.Succs[0]
			if bin.Op == token.NEQ {
				nilSucc = pred.Succs[1]
			}
			if nilSucc != blk || !nilSucc.Dominates(st.Block()) {
				continue
			}
			for _, side := range [2]ssa.Value{bin.X, bin.Y} {
				other := bin.Y
				if side == bin.Y {
					other = bin.X
				}
				if k, ok := other.(*ssa.Const); !ok || !k.IsNil() {
					continue
				}
				if ld, ok := side.(*ssa.UnOp); ok && ld.Op == token.MUL {
					if fa, ok := ix.unwrapFreeVar(ld.X).(*ssa.FieldAddr); ok && FieldOf(fa) == f {
						return true
					}
				}
			}
		}
	}
	return false
}

// nilDefaulted returns the index of the edge of φ p that is an injected
// value replaced by a default when nil: p merges x (from the branch where
// x != nil) with another value assigned on the branch where x == nil.
// It returns -1 for any other φ.
func nilDefaulted(p *ssa.Phi) int {
	b := p.Block()
	if len(p.Edges) != 2 || len(b.Preds) != 2 {
		return -1
	}
	for i, x := range p.Edges {
		other := 1 - i
		if _, isConst := x.(*ssa.Const); isConst {
			continue
		}
		// "if x == nil" (or !=) decides: its nil branch dominates the
		// other edge's predecessor, its non-nil branch is (or jumps
		// straight to) this edge's.
		cond := nilTest(b.Preds[i], x)
		if cond == nil {
			continue
		}
		nilSucc, nonNilSucc := cond.Block().Succs[0], cond.Block().Succs[1]
		if bin := cond.Cond.(*ssa.BinOp); bin.Op == token.NEQ {
			nilSucc, nonNilSucc = nonNilSucc, nilSucc
		}
		fromNonNil := b.Preds[i] == cond.Block() && nonNilSucc == b || b.Preds[i] == nonNilSucc
		if fromNonNil && nilSucc.Dominates(b.Preds[other]) && nilSucc != b {
			return i
		}
	}
	return -1
}

// nilTest returns the nearest conditional branch that dominates b, when
// it compares x with nil ("x == nil" or "x != nil"), or nil.
func nilTest(b *ssa.BasicBlock, x ssa.Value) *ssa.If {
	for blk := b; blk != nil; blk = blk.Idom() {
		if len(blk.Instrs) == 0 {
			continue
		}
		iff, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := iff.Cond.(*ssa.BinOp)
		if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
			return nil
		}
		isNil := func(v ssa.Value) bool { k, ok := v.(*ssa.Const); return ok && k.IsNil() }
		if (bin.X == x && isNil(bin.Y)) || (bin.Y == x && isNil(bin.X)) {
			return iff
		}
		return nil
	}
	return nil
}

// literalCell returns the cell of the composite literal whose value v
// loads (v = *t where t is a complit allocation), or nil.
func literalCell(v ssa.Value) *ssa.Alloc {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	if a, ok := ld.X.(*ssa.Alloc); ok && a.Comment == "complit" {
		return a
	}
	return nil
}

func (ix *Index) walkCall(c *ssa.CallCommon, v ssa.Value, safe SafeCall, walk func(ssa.Value), escapes *bool) {
	args := c.Args
	if c.IsInvoke() {
		if c.Value == v && (safe == nil || !safe(c, -1)) {
			*escapes = true // a method call through an interface
		}
	} else if c.Value == v {
		*escapes = true // the value is called
		return
	}
	callee := c.StaticCallee()
	for i, a := range args {
		if a != v {
			continue
		}
		if safe != nil && safe(c, i) {
			continue
		}
		if callee != nil && callee.Pkg == ix.Pkg && len(callee.Blocks) > 0 {
			// A function of this package: follow its parameter.
			params := callee.Params
			if i < len(params) {
				walk(params[i])
				continue
			}
		}
		*escapes = true
	}
}

// isObjectHome reports whether h.V is a pointer to the object itself
// rather than a cell (variable or field) holding such a pointer.
func isObjectHome(h Home) bool {
	switch v := h.V.(type) {
	case *ssa.Call, *ssa.Extract, *ssa.Parameter:
		return true
	case *ssa.Alloc, *ssa.Global:
		p, ok := types.Unalias(v.Type()).Underlying().(*types.Pointer)
		if !ok {
			return false
		}
		switch types.Unalias(p.Elem()).Underlying().(type) {
		case *types.Pointer, *types.Interface:
			return false
		}
		return true
	}
	return false
}
