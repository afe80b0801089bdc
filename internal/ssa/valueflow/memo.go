package valueflow

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Memoized reports whether call runs only to refill a cache: its result
// (or a component of it) is stored into a struct field, or into a map
// held in one, that a condition dominating the call reads (if
// c.token == nil || expired(c.token) { c.token = fetch() }; if v, ok :=
// c.cache[k]; !ok { c.cache[k] = load(k) }). Such a call runs once per
// miss or expiry, not once per call of the function that makes it.
func Memoized(call *ssa.Call) bool {
	stored := storedFields(call)
	if len(stored) == 0 {
		return false
	}
	for b := call.Block().Idom(); b != nil; b = b.Idom() {
		if len(b.Instrs) == 0 {
			continue
		}
		if cond, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && readsField(cond.Cond, stored, 0) {
			return true
		}
	}
	return false
}

// OnCacheMiss reports whether instr runs only when a cache its function
// keeps is missing an entry: the function stores into a struct field (or
// into a map held in one), and a condition dominating both instr and that
// store reads the field, directly or through a helper of the package that
// loads it (v, err := c.cached(k); if err == nil { return v }; resp :=
// send(); c.cache[k] = decode(resp)). Unlike Memoized, the value stored
// need not be instr's result: the send is one step of computing it.
func OnCacheMiss(instr ssa.Instruction) bool {
	fn := instr.Parent()
	if fn == nil {
		return false
	}
	stores := fieldStores(fn)
	if len(stores) == 0 {
		return false
	}
	for b := instr.Block().Idom(); b != nil; b = b.Idom() {
		if len(b.Instrs) == 0 {
			continue
		}
		cond, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		fields := make(map[*types.Var]bool)
		for f, blocks := range stores {
			for _, sb := range blocks {
				if b.Dominates(sb) {
					fields[f] = true
				}
			}
		}
		if len(fields) > 0 && readsField(cond.Cond, fields, 0) {
			return true
		}
	}
	return false
}

// fieldStores returns the fields fn stores into, directly or into a map
// a field holds, with the blocks of the stores.
func fieldStores(fn *ssa.Function) map[*types.Var][]*ssa.BasicBlock {
	out := make(map[*types.Var][]*ssa.BasicBlock)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			var f *types.Var
			switch instr := instr.(type) {
			case *ssa.Store:
				f = FieldOf(instr.Addr)
			case *ssa.MapUpdate:
				f = LoadedField(instr.Map)
			}
			if f != nil {
				out[f] = append(out[f], b)
			}
		}
	}
	return out
}

// loadsField reports whether fn, a function of the package with a body,
// loads one of fields (a cache lookup helper).
func loadsField(fn *ssa.Function, fields map[*types.Var]bool) bool {
	if fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case *ssa.UnOp:
				if f := LoadedField(instr); f != nil && fields[f] {
					return true
				}
			case *ssa.Field:
				if fields[FieldOf(instr)] {
					return true
				}
			}
		}
	}
	return false
}

// storedFields returns the fields that call's results are stored into,
// directly or into a map a field holds, within the call's function.
func storedFields(call *ssa.Call) map[*types.Var]bool {
	out := make(map[*types.Var]bool)
	vals := []ssa.Value{call}
	for _, r := range Referrers(call) {
		if ex, ok := r.(*ssa.Extract); ok {
			vals = append(vals, ex)
		}
	}
	for _, v := range vals {
		for _, r := range Referrers(v) {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Val == v {
					if f := FieldOf(r.Addr); f != nil {
						out[f] = true
					}
				}
			case *ssa.MapUpdate:
				if r.Value == v {
					if f := LoadedField(r.Map); f != nil {
						out[f] = true
					}
				}
			}
		}
	}
	return out
}

// LoadedField returns the field that v is a load of (*p.f), or nil.
func LoadedField(v ssa.Value) *types.Var {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		return FieldOf(u.X)
	}
	return nil
}

// readsField reports whether the condition v is computed from a load of
// one of fields (or a lookup in a map one holds), through a few
// operations or the result of a helper of the package that loads one.
func readsField(v ssa.Value, fields map[*types.Var]bool, depth int) bool {
	if depth > 6 {
		return false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		if f := LoadedField(x); f != nil && fields[f] {
			return true
		}
		return readsField(x.X, fields, depth+1)
	case *ssa.BinOp:
		return readsField(x.X, fields, depth+1) || readsField(x.Y, fields, depth+1)
	case *ssa.Extract:
		return readsField(x.Tuple, fields, depth+1)
	case *ssa.Lookup:
		return readsField(x.X, fields, depth+1)
	case *ssa.FieldAddr:
		return fields[FieldOf(x)] || readsField(x.X, fields, depth+1)
	case *ssa.Field:
		return fields[FieldOf(x)] || readsField(x.X, fields, depth+1)
	case *ssa.Call:
		for _, a := range x.Call.Args {
			if readsField(a, fields, depth+1) {
				return true
			}
		}
		if callee := x.Call.StaticCallee(); callee != nil && callee.Pkg == x.Parent().Pkg {
			return loadsField(callee, fields)
		}
	}
	return false
}
