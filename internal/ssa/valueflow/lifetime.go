package valueflow

import (
	"go/token"
	"go/types"
	"slices"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// A Use says what a call does with an object passed to it.
type Use uint8

const (
	// UseUnknown: the call is not classified; a function of this package
	// is followed through its parameter, any other call lets the object
	// escape.
	UseUnknown Use = iota
	// UseEscape: the call keeps the object beyond the call.
	UseEscape
	// UseRead: the call only uses the object while it runs.
	UseRead
	// UseOperate: the call puts the object to work (for a connection
	// pool: sends a request through it).
	UseOperate
	// UseClose: the call releases the object's resources
	// (CloseIdleConnections).
	UseClose
	// UseDerive: the call returns a value that carries the object (a
	// builder method returning its receiver, a request bound to a client);
	// the result is followed like the object.
	UseDerive
)

// ResultArg is the argument index [Classify] is asked about to learn
// whether a call returns a new object that only its caller holds
// (httputil.NewSingleHostReverseProxy): UseDerive means an object stored
// into one of the result's fields is followed through the result, as
// through a composite literal of the function.
const ResultArg = -2

// A Lifetime summarises what happens to a freshly created object within
// the function that creates it.
type Lifetime struct {
	// Escapes reports whether the object may outlive the call that
	// creates it or reach code that is not seen: it is returned, stored in
	// a package variable or in an object that escapes, captured by a
	// goroutine, or passed to an unclassified function of another package.
	Escapes bool
	// Operations lists the calls that put the object to work.
	Operations []ssa.CallInstruction
	// Closed reports whether a call releases its resources.
	Closed bool
	// Kept reports whether the object provably outlives the call: it is
	// returned, or stored in a package variable or in a field of an
	// object that comes from outside (a parameter, the receiver). An
	// object that only reaches unseen code Escapes but is not Kept.
	Kept bool
}

// Classify tells [Index.Lifetime] what a call does with the object it
// receives as argument arg (the receiver of a static method call is
// argument 0; the receiver of a call through an interface is -1).
type Classify func(call *ssa.CallCommon, arg int) Use

// maxDepth bounds how deep Lifetime follows an object into functions of
// this package.
const maxDepth = 3

// Lifetime follows the object created by v through the function that
// creates it (and, through parameters, into functions of this package).
func (ix *Index) Lifetime(v ssa.Value, classify Classify) Lifetime {
	var lt Lifetime
	seen := make(map[ssa.Value]bool)
	// returnTo lists, for each function of this package the object was
	// followed into, the calls that passed it: a function that returns
	// what it was given (a decorator chain, s = decorate(s); return s)
	// hands the object back to those calls' results.
	returnTo := make(map[*ssa.Function][]*ssa.Call)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || seen[v] {
			return
		}
		seen[v] = true
		if len(seen) > maxOrigins {
			lt.Escapes = true
			return
		}
		for _, r := range Referrers(v) {
			switch r := r.(type) {
			case *ssa.DebugRef, *ssa.BinOp, *ssa.If, *ssa.Field:
			case *ssa.UnOp:
				// A load of the object's value (a copy) or of the pointer
				// kept in a cell.
				if r.Op == token.MUL && isPointerLike(r.Type()) {
					walk(r, depth)
				} else if r.Op == token.MUL && isStruct(r.Type()) {
					// A whole-struct copy (c := http.Client{Transport:
					// t}; c.Get(u)): the copy holds the same pointers.
					for _, rr := range Referrers(r) {
						if st, ok := rr.(*ssa.Store); ok && st.Val == r {
							ix.storeCopy(st.Addr, depth, classify, walk, &lt)
						}
					}
				}
			case *ssa.FieldAddr:
				// Pointers kept in the object's fields carry its resources
				// (retryablehttp's HTTPClient, a client's Transport).
				for _, rr := range Referrers(r) {
					if ld, ok := rr.(*ssa.UnOp); ok && ld.Op == token.MUL && isPointerLike(ld.Type()) {
						walk(ld, depth)
					}
				}
			case *ssa.Phi, *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.TypeAssert:
				walk(r.(ssa.Value), depth)
			case *ssa.Extract:
				if assertedValue(r) {
					walk(r, depth)
				} else if !assertedOK(r) {
					lt.Escapes = true
				}
			case *ssa.Store:
				if fa, ok := ix.unwrapFreeVar(r.Addr).(*ssa.FieldAddr); ok && seen[ix.unwrapFreeVar(fa.X)] {
					// Into a field of the object itself (c.Transport =
					// tracing.NewTransport(c.Transport)): it stays there.
					continue
				}
				if r.Addr != v {
					ix.storeInto(r.Addr, depth, classify, walk, &lt)
				}
			case *ssa.MakeClosure:
				fn, ok := r.Fn.(*ssa.Function)
				if !ok || !ix.closureStaysLocal(r) {
					lt.Escapes = true
					continue
				}
				for i, b := range r.Bindings {
					if b == v && i < len(fn.FreeVars) {
						walk(fn.FreeVars[i], depth)
					}
				}
			case *ssa.Go:
				lt.Escapes = true
			case ssa.CallInstruction:
				ix.lifetimeCall(r, v, depth, classify, walk, &lt, returnTo)
			case *ssa.Return:
				if depth == 0 {
					lt.Escapes = true
					lt.Kept = true // returned by the function that creates it
					continue
				}
				calls := returnTo[r.Parent()]
				if len(calls) == 0 {
					lt.Escapes = true
				}
				for _, call := range calls {
					walkResult(call, depth-1, walk)
				}
			default:
				// Send, MapUpdate, Slice, Index, ...: kept beyond the call
				// or beyond what is followed.
				lt.Escapes = true
			}
		}
	}
	walk(v, 0)
	return lt
}

// lifetimeCall follows the object v into call r.
func (ix *Index) lifetimeCall(r ssa.CallInstruction, v ssa.Value, depth int, classify Classify, walk func(ssa.Value, int), lt *Lifetime, returnTo map[*ssa.Function][]*ssa.Call) {
	c := r.Common()
	if c.Value == v {
		if !c.IsInvoke() {
			lt.Escapes = true // called as a function value
			return
		}
		// A method call through an interface holding the object.
		switch classify(c, -1) {
		case UseRead:
		case UseOperate:
			lt.Operations = append(lt.Operations, r)
		case UseClose:
			lt.Closed = true
		default:
			lt.Escapes = true
		}
	}
	for i, a := range c.Args {
		if a != v {
			continue
		}
		switch classify(c, i) {
		case UseRead:
		case UseOperate:
			lt.Operations = append(lt.Operations, r)
		case UseClose:
			lt.Closed = true
		case UseDerive:
			if call, ok := r.(*ssa.Call); ok {
				walkResult(call, depth, walk)
			}
		case UseEscape:
			lt.Escapes = true
		default:
			callee := c.StaticCallee()
			if callee == nil || callee.Pkg != ix.Pkg || len(callee.Blocks) == 0 || depth >= maxDepth || i >= len(callee.Params) {
				lt.Escapes = true
				continue
			}
			if call, ok := r.(*ssa.Call); ok && !slices.Contains(returnTo[callee], call) {
				returnTo[callee] = append(returnTo[callee], call)
			}
			walk(callee.Params[i], depth+1)
		}
	}
}

// walkResult follows the results of call, which carry the object.
func walkResult(call *ssa.Call, depth int, walk func(ssa.Value, int)) {
	walk(call, depth)
	for _, rr := range Referrers(call) {
		if ex, ok := rr.(*ssa.Extract); ok {
			walk(ex, depth)
		}
	}
}

// storeInto follows a store of the object into addr: a field of another
// object created in the same function (a composite literal, or the
// result of a call that classify says is new; followed in turn) or a local cell
// (whose loads are followed); anything else lets it escape.
func (ix *Index) storeInto(addr ssa.Value, depth int, classify Classify, walk func(ssa.Value, int), lt *Lifetime) {
	switch a := ix.unwrapFreeVar(addr).(type) {
	case *ssa.FieldAddr:
		base := ix.unwrapFreeVar(a.X)
		if alloc, ok := base.(*ssa.Alloc); ok {
			walk(alloc, depth)
			return
		}
		if call, _ := CallOf(base); call != nil && classify(call.Common(), ResultArg) == UseDerive {
			walk(base, depth)
			return
		}
	case *ssa.Alloc:
		// A local variable holding the pointer: follow its loads. A
		// closure that captures the variable and outlives the call (a
		// RoundTripperFunc in a returned client) keeps the object.
		for _, r := range Referrers(a) {
			if mc, ok := r.(*ssa.MakeClosure); ok && !ix.closureStaysLocal(mc) {
				lt.Escapes, lt.Kept = true, true
				return
			}
		}
		for _, ld := range ix.homeLoads[Home{V: a}] {
			walk(ld, depth)
		}
		return
	}
	// A package variable, or a field of an object that was not created
	// here (a parameter, a receiver): the object is kept there.
	lt.Escapes, lt.Kept = true, true
}

// storeCopy follows a struct value that holds the object into addr,
// where it is stored: a local or new variable of the struct type is
// another home of the object; elsewhere the object is kept as by
// storeInto.
func (ix *Index) storeCopy(addr ssa.Value, depth int, classify Classify, walk func(ssa.Value, int), lt *Lifetime) {
	if alloc, ok := ix.unwrapFreeVar(addr).(*ssa.Alloc); ok {
		walk(alloc, depth)
		return
	}
	ix.storeInto(addr, depth, classify, walk, lt)
}

// closureStaysLocal reports whether the closure created by mc is only
// called (or deferred) where it is created, never stored, passed on or
// started as a goroutine.
func (ix *Index) closureStaysLocal(mc *ssa.MakeClosure) bool {
	for _, r := range Referrers(mc) {
		switch r := r.(type) {
		case *ssa.Call:
			if r.Call.Value != mc {
				return false
			}
		case *ssa.Defer:
			if r.Call.Value != mc {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// Referrers returns v's referrers, or nil when v keeps none (a constant,
// a function).
func Referrers(v ssa.Value) []ssa.Instruction {
	if refs := v.Referrers(); refs != nil {
		return *refs
	}
	return nil
}

func isStruct(t types.Type) bool {
	_, ok := types.Unalias(t).Underlying().(*types.Struct)
	return ok
}

func isPointerLike(t types.Type) bool {
	switch types.Unalias(t).Underlying().(type) {
	case *types.Pointer, *types.Interface:
		return true
	}
	return false
}

// NeverSet reports whether v reads a struct field that is never written:
// a field of a struct type of this package with no store anywhere in the
// package, that no other package can set (unexported, or in package
// main), with no struct tags (no decoding by reflection), and whose
// struct values never reach code outside the package. Such a field
// always holds its zero value. NeverSet returns the field.
func (ix *Index) NeverSet(v ssa.Value) (*types.Var, bool) {
	var f *types.Var
	var st types.Type
	switch x := v.(type) {
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok || x.Op != token.MUL {
			return nil, false
		}
		f = FieldOf(fa)
		if p, ok := types.Unalias(fa.X.Type()).Underlying().(*types.Pointer); ok {
			st = p.Elem()
		}
	case *ssa.Field:
		f, st = FieldOf(x), x.X.Type()
	default:
		return nil, false
	}
	if f == nil || st == nil || f.Pkg() != ix.Pkg.Pkg || len(ix.fieldStores[f]) > 0 {
		return nil, false
	}
	if f.Exported() && ix.Pkg.Pkg.Name() != "main" {
		return nil, false
	}
	named, ok := types.Unalias(st).(*types.Named)
	if !ok {
		return nil, false
	}
	s, ok := named.Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	for i := 0; i < s.NumFields(); i++ {
		if s.Tag(i) != "" {
			return nil, false
		}
	}
	if ix.typeEscapes(named) {
		return nil, false
	}
	return f, true
}

// typeEscapes reports whether a value of named type t (or a pointer to
// one) is converted to an interface or passed to a function of another
// package anywhere in the package, where it might be filled in unseen.
func (ix *Index) typeEscapes(t *types.Named) bool {
	ix.escapingOnce.Do(ix.computeEscapingTypes)
	return ix.escaping[t.Origin()]
}

func (ix *Index) computeEscapingTypes() {
	ix.escaping = make(map[*types.Named]bool)
	mark := func(t types.Type) {
		t = types.Unalias(t)
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if n, ok := t.(*types.Named); ok {
			ix.escaping[n.Origin()] = true
		}
	}
	for _, fn := range ix.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.MakeInterface:
					mark(instr.X.Type())
				case ssa.CallInstruction:
					c := instr.Common()
					callee := c.StaticCallee()
					if callee != nil && callee.Pkg == ix.Pkg {
						continue
					}
					for _, a := range c.Args {
						mark(a.Type())
					}
				}
			}
		}
	}
}

// escaping state, computed on first use.
type escapingState struct {
	escapingOnce sync.Once
	escaping     map[*types.Named]bool
}
