// Package valueflow follows values through the SSA form of one package.
//
// It answers two questions that every httplint rule asks about a value
// such as an *http.Client, a context or a request:
//
//   - where could this value have been defined? ([Index.Origins] looks
//     through copies, φ-nodes, interface conversions, captured variables,
//     and loads from package variables, struct fields and local cells,
//     joining every store to them in the package);
//   - which stores write the fields of the object a pointer refers to?
//     ([Index.ObjectStores] collects stores made through the object's own
//     pointer and through every place it is kept: a struct field, a
//     package variable, a local cell, a parameter of a callee), and did
//     the pointer escape to code that could write them unseen?
//
// The analysis is flow-insensitive and deliberately conservative: when a
// value reaches code it cannot see, the answer is "unknown", and the
// rules stay silent.
package valueflow

import (
	"fmt"
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/giveup"
)

// A Home identifies a place an object pointer is kept, or the object
// itself: an allocation (*ssa.Alloc), a package-level variable
// (*ssa.Global), a local cell (*ssa.Alloc of pointer type), a call result
// (*ssa.Call or *ssa.Extract), a parameter (*ssa.Parameter), or a struct
// field (Field). Stores through any pointer that comes from a home are
// attributed to it.
type Home struct {
	V     ssa.Value
	Field *types.Var
}

// IsZero reports whether h identifies nothing.
func (h Home) IsZero() bool { return h.V == nil && h.Field == nil }

// A FieldStore is a store of Value into field Field of an object.
type FieldStore struct {
	Field *types.Var
	Value ssa.Value
	Store *ssa.Store
}

// Pos returns the position of the store: the field's key in a composite
// literal or the assignment.
func (s FieldStore) Pos() token.Pos {
	if s.Store.Pos().IsValid() {
		return s.Store.Pos()
	}
	return s.Value.Pos()
}

// Index holds the stores and loads of one SSA package, computed once.
// Its methods are safe for concurrent use once built.
type Index struct {
	Pkg   *ssa.Package
	Funcs []*ssa.Function

	fieldStores  map[*types.Var][]*ssa.Store // every store into a field, by field
	globalStores map[*ssa.Global][]*ssa.Store
	cellStores   map[*ssa.Alloc][]*ssa.Store
	homeStores   map[Home][]FieldStore // field stores through a pointer from a home
	homeLoads    map[Home][]ssa.Value  // loads of the pointer kept in a home
	closures     map[*ssa.Function]*ssa.MakeClosure
	funcs        map[*types.Func]*ssa.Function

	escapingState
	callState
	storesMemo
	dispatchMemo
}

// storesMemo memoises ObjectStores for queries without a SafeCall or
// extra homes (most of them): a client used by n sends of one function
// is then walked once, not n times. The analyzers that share an Index
// run concurrently, hence the lock.
type storesMemo struct {
	storesMu sync.Mutex
	stores   map[ssa.Value]objectStores
}

// NewIndex indexes the functions funcs of package pkg. funcs should hold
// every source function of the package, anonymous ones included.
func NewIndex(pkg *ssa.Package, funcs []*ssa.Function) *Index {
	ix := &Index{
		Pkg:          pkg,
		Funcs:        funcs,
		fieldStores:  make(map[*types.Var][]*ssa.Store),
		globalStores: make(map[*ssa.Global][]*ssa.Store),
		cellStores:   make(map[*ssa.Alloc][]*ssa.Store),
		homeStores:   make(map[Home][]FieldStore),
		homeLoads:    make(map[Home][]ssa.Value),
		closures:     make(map[*ssa.Function]*ssa.MakeClosure),
		funcs:        make(map[*types.Func]*ssa.Function),
	}
	for _, fn := range funcs {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil {
			ix.funcs[obj] = fn
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if mc, ok := instr.(*ssa.MakeClosure); ok {
					if f, ok := mc.Fn.(*ssa.Function); ok {
						ix.closures[f] = mc
					}
				}
			}
		}
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Store:
					ix.indexStore(instr)
				case *ssa.UnOp:
					if instr.Op == token.MUL {
						if h := ix.cellHome(instr.X); !h.IsZero() {
							ix.homeLoads[h] = append(ix.homeLoads[h], instr)
						}
					}
				}
			}
		}
	}
	return ix
}

func (ix *Index) indexStore(st *ssa.Store) {
	switch addr := ix.unwrapFreeVar(st.Addr).(type) {
	case *ssa.FieldAddr:
		f := FieldOf(addr)
		if f == nil {
			return
		}
		ix.fieldStores[f] = append(ix.fieldStores[f], st)
		if h := ix.HomeOf(addr.X); !h.IsZero() {
			ix.homeStores[h] = append(ix.homeStores[h], FieldStore{Field: f, Value: st.Val, Store: st})
		}
	case *ssa.Global:
		ix.globalStores[addr] = append(ix.globalStores[addr], st)
	case *ssa.Alloc:
		ix.cellStores[addr] = append(ix.cellStores[addr], st)
	}
}

// FieldOf returns the field object a FieldAddr or Field instruction
// selects, or nil.
func FieldOf(v ssa.Value) *types.Var {
	var t types.Type
	var idx int
	switch v := v.(type) {
	case *ssa.FieldAddr:
		p, ok := types.Unalias(v.X.Type()).Underlying().(*types.Pointer)
		if !ok {
			return nil
		}
		t, idx = p.Elem(), v.Field
	case *ssa.Field:
		t, idx = v.X.Type(), v.Field
	default:
		return nil
	}
	s, ok := types.Unalias(t).Underlying().(*types.Struct)
	if !ok || idx < 0 || idx >= s.NumFields() {
		return nil
	}
	return s.Field(idx).Origin()
}

// ResolveFreeVar returns the value that the closure creating v's
// function binds to v when v is a free variable (repeatedly, through
// nested closures), or v itself.
func (ix *Index) ResolveFreeVar(v ssa.Value) ssa.Value { return ix.unwrapFreeVar(v) }

// Binding returns the value bound to free variable fv by the closure that
// creates its function, or nil.
func (ix *Index) Binding(fv *ssa.FreeVar) ssa.Value { return ix.binding(fv) }

// unwrapFreeVar replaces a free variable of an anonymous function by the
// value its closure binds, when that closure is known. Each step moves to
// an enclosing function, so the loop ends.
func (ix *Index) unwrapFreeVar(v ssa.Value) ssa.Value {
	for {
		fv, ok := v.(*ssa.FreeVar)
		if !ok {
			return v
		}
		b := ix.binding(fv)
		if b == nil {
			return v
		}
		v = b
	}
}

// binding returns the value bound to free variable fv by the closure
// that creates its function, or nil.
func (ix *Index) binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	mc := ix.closures[fn]
	if mc == nil {
		return nil
	}
	for i, f := range fn.FreeVars {
		if f == fv && i < len(mc.Bindings) {
			return mc.Bindings[i]
		}
	}
	return nil
}

// cellHome returns the home whose pointer a load from addr reads: a
// package variable, a struct field or a local cell.
func (ix *Index) cellHome(addr ssa.Value) Home {
	switch a := ix.unwrapFreeVar(addr).(type) {
	case *ssa.Global:
		return Home{V: a}
	case *ssa.FieldAddr:
		if f := FieldOf(a); f != nil {
			return Home{Field: f}
		}
	case *ssa.Alloc:
		return Home{V: a}
	}
	return Home{}
}

// HomeOf returns the home of the object that pointer p points to, or the
// zero Home if p comes from several places or from nowhere known.
func (ix *Index) HomeOf(p ssa.Value) Home {
	switch v := StripCopies(ix.unwrapFreeVar(p)).(type) {
	case *ssa.Alloc, *ssa.Global, *ssa.Call, *ssa.Extract, *ssa.Parameter:
		return Home{V: v}
	case *ssa.FreeVar:
		return ix.HomeOf(v)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return Home{}
		}
		return ix.cellHome(v.X)
	case *ssa.FieldAddr:
		// A struct-typed field: the object is the field itself.
		if f := FieldOf(v); f != nil {
			return Home{Field: f}
		}
	}
	return Home{}
}

// An Origin is a place a value may have been defined: a leaf of
// [Index.Origins]. V is the defining value, for example an *ssa.Alloc,
// an *ssa.Call or *ssa.Extract (a call result), an *ssa.Parameter, an
// *ssa.Const, an *ssa.MakeClosure, an *ssa.Function, or an *ssa.UnOp
// that loads a package variable or field declared in another package
// (Global or Field is then set) or whose stores are not visible. A nil V
// means the value could not be followed.
type Origin struct {
	V      ssa.Value
	Global *ssa.Global // the variable loaded, for a load of a package variable
	Field  *types.Var  // the field loaded, for a load of a struct field
	// Injected marks a value that code replaces by a default when it is
	// nil (if x == nil { x = dflt }): the caller's choice, which the
	// default stands in for. V is the injected value; it is not followed.
	Injected bool
}

// maxOrigins bounds the work done to follow one value.
const maxOrigins = 256

// Origins returns the places v may have been defined. It follows copies,
// φ-nodes, interface conversions and type assertions (also the value of
// a comma-ok one), captured variables, and loads from local cells,
// package variables of this package and struct fields (through every store to them in the package).
// A load of a field or variable with stores outside this package also
// yields a load Origin, so that the caller may consult an analysis fact.
func (ix *Index) Origins(v ssa.Value) []Origin {
	return ix.origins(v, 0)
}

// maxOwnDepth bounds the nesting of containers ownObject looks through.
const maxOwnDepth = 4

func (ix *Index) origins(v ssa.Value, depth int) []Origin {
	var out []Origin
	seen := make(map[ssa.Value]bool)
	work := []ssa.Value{v}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if v == nil || seen[v] {
			continue
		}
		seen[v] = true
		if len(seen) > maxOrigins {
			ix.GiveUp("origins-budget", Origin{V: v})
			return append(out, Origin{})
		}
		switch x := v.(type) {
		case *ssa.ChangeType:
			work = append(work, x.X)
		case *ssa.MakeInterface:
			work = append(work, x.X)
		case *ssa.ChangeInterface:
			work = append(work, x.X)
		case *ssa.TypeAssert:
			work = append(work, x.X)
		case *ssa.Extract:
			// The value of a comma-ok assertion (t, ok := x.(*T)) is x
			// where it is used as a *T: the failing path's nil is the
			// code's own check.
			if assertedValue(x) {
				work = append(work, x.Tuple.(*ssa.TypeAssert).X)
			} else {
				out = append(out, Origin{V: v})
			}
		case *ssa.Phi:
			if inj := nilDefaulted(x); inj >= 0 {
				for i, e := range x.Edges {
					if i == inj {
						out = append(out, Origin{V: e, Injected: true})
					} else {
						work = append(work, e)
					}
				}
				continue
			}
			work = append(work, x.Edges...)
		case *ssa.FreeVar:
			if b := ix.binding(x); b != nil {
				work = append(work, b)
			} else {
				out = append(out, Origin{})
			}
		case *ssa.UnOp:
			if x.Op != token.MUL {
				out = append(out, Origin{V: x})
				continue
			}
			switch addr := ix.unwrapFreeVar(x.X).(type) {
			case *ssa.Global:
				for _, st := range ix.globalStores[addr] {
					work = append(work, st.Val)
				}
				if addr.Pkg != ix.Pkg || len(ix.globalStores[addr]) == 0 {
					out = append(out, Origin{V: x, Global: addr})
				}
			case *ssa.FieldAddr:
				f := FieldOf(addr)
				if f == nil {
					out = append(out, Origin{})
					continue
				}
				defaults := ix.defaultStores(f)
				if len(defaults) > 0 {
					// A lazily set default (if o.f == nil { o.f = d }):
					// judge the default path; what else is stored, or set
					// by the caller, is injected.
					for _, st := range defaults {
						work = append(work, st.Val)
					}
					out = append(out, Origin{V: x, Field: f, Injected: true})
					continue
				}
				if writableElsewhere(addr, f) && !ix.ownObject(addr.X, depth+1) {
					// Any package may have set this field of an object
					// that comes from outside (a parameter, another
					// package's variable): nothing here tells its value.
					if giveup.On() {
						giveup.Note(ix.Pkg.Prog.Fset, x.Pos(), "field-of-outside-object", f.Name())
					}
					out = append(out, Origin{})
					continue
				}
				stores := ix.fieldStores[f]
				injected := ix.callerStores(stores)
				for i, st := range stores {
					if injected != nil && injected[i] {
						continue
					}
					work = append(work, st.Val)
				}
				if injected != nil {
					// A field the package gives a value of its own and
					// an exported function lets callers replace (an
					// option func(c *T) { c.f = h }, a setter): the
					// caller's value is injected; judge the package's.
					out = append(out, Origin{V: x, Field: f, Injected: true})
				}
				if f.Pkg() != ix.Pkg.Pkg || len(stores) == 0 {
					out = append(out, Origin{V: x, Field: f})
				}
			case *ssa.Alloc:
				stores := ix.cellStores[addr]
				if len(stores) == 0 {
					out = append(out, Origin{V: x})
				}
				for _, st := range stores {
					work = append(work, st.Val)
				}
			default:
				out = append(out, Origin{V: x})
			}
		default:
			out = append(out, Origin{V: v})
		}
	}
	return out
}

// callerStores reports, for each of stores (the stores into one field),
// whether it stores a caller's value: a parameter of an exported
// function or method, directly or through a closure that captures it
// (WithHTTPClient(h) returning func(c *Client) { c.hc = h }). It
// returns nil unless some but not all of the stores do: a field set
// only from callers' values has no default of the package to judge.
func (ix *Index) callerStores(stores []*ssa.Store) []bool {
	var marks []bool
	n := 0
	for i, st := range stores {
		p := ix.parameterOf(st.Val)
		if p == nil {
			continue
		}
		if obj := p.Parent().Object(); obj == nil || !obj.Exported() {
			continue
		}
		if marks == nil {
			marks = make([]bool, len(stores))
		}
		marks[i] = true
		n++
	}
	if n == 0 || n == len(stores) {
		return nil
	}
	return marks
}

// parameterOf returns the parameter v is a copy of, directly, through a
// free variable, or loaded from the cell a closure captures it in (a
// captured parameter is spilled to a cell that only it is stored to);
// or nil.
func (ix *Index) parameterOf(v ssa.Value) *ssa.Parameter {
	v = ix.unwrapFreeVar(StripCopies(v))
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		cell, ok := ix.unwrapFreeVar(ld.X).(*ssa.Alloc)
		if !ok || len(ix.cellStores[cell]) != 1 {
			return nil
		}
		v = StripCopies(ix.cellStores[cell][0].Val)
	}
	p, _ := v.(*ssa.Parameter)
	return p
}

// GiveUp records in the census of give-ups (package giveup) that the
// analysis abandoned the value of origin o for reason; it costs one
// atomic load when the census is off.
func (ix *Index) GiveUp(reason string, o Origin) {
	if !giveup.On() {
		return
	}
	pos, what := token.NoPos, "unfollowed value"
	switch {
	case o.V != nil:
		pos, what = o.V.Pos(), fmt.Sprintf("%T %s", o.V, o.V.Type())
		if ins, ok := o.V.(ssa.Instruction); ok && !pos.IsValid() && ins.Parent() != nil {
			pos = ins.Parent().Pos()
		}
	case o.Global != nil:
		what = "package variable " + o.Global.String()
	case o.Field != nil:
		what = "field " + o.Field.Name()
	}
	giveup.Note(ix.Pkg.Prog.Fset, pos, reason, what)
}

// GlobalValues returns the values stored into package variable g in this
// package.
func (ix *Index) GlobalValues(g *ssa.Global) []ssa.Value {
	var out []ssa.Value
	for _, st := range ix.globalStores[g] {
		out = append(out, st.Val)
	}
	return out
}

// FieldValues returns the values stored into struct field f in this
// package.
func (ix *Index) FieldValues(f *types.Var) []ssa.Value {
	var out []ssa.Value
	for _, st := range ix.fieldStores[f] {
		out = append(out, st.Val)
	}
	return out
}

// writableElsewhere reports whether other packages can store into field
// f selected by addr: f is exported and belongs to an exported (or
// unnamed) struct type.
func writableElsewhere(addr *ssa.FieldAddr, f *types.Var) bool {
	p, ok := types.Unalias(addr.X.Type()).Underlying().(*types.Pointer)
	if !ok {
		return f.Exported()
	}
	return FieldWritableElsewhere(p.Elem(), f)
}

// FieldWritableElsewhere reports whether other packages can store into
// field f of struct type t: f is exported and t is exported or unnamed.
func FieldWritableElsewhere(t types.Type, f *types.Var) bool {
	if !f.Exported() {
		return false
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Exported()
	}
	return true
}

// ownObject reports whether the object pointer p refers to was produced
// by code whose writes are summarised: allocated here, returned by a call
// (its callee's summary describes it), or kept in an unexported variable
// or field of this package. An object that arrives as a parameter, or
// sits in an exported variable, may have been written by any package.
func (ix *Index) ownObject(p ssa.Value, depth int) bool {
	if depth > maxOwnDepth {
		return false
	}
	for _, o := range ix.origins(p, depth) {
		switch v := o.V.(type) {
		case *ssa.Alloc, *ssa.Call, *ssa.Extract:
		case *ssa.Global:
			if v.Pkg != ix.Pkg || v.Object().Exported() {
				return false
			}
		case *ssa.UnOp:
			// A load Origins could not follow: a field of another
			// package's object is as much ours as its container; a
			// variable of another package is not.
			fa, ok := ix.unwrapFreeVar(v.X).(*ssa.FieldAddr)
			if !ok || o.Field == nil || !ix.ownObject(fa.X, depth+1) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// Closure returns the MakeClosure instruction that creates anonymous
// function fn, or nil.
func (ix *Index) Closure(fn *ssa.Function) *ssa.MakeClosure { return ix.closures[fn] }

// Devirtualize returns the concrete method an interface method call
// invokes when the function shows the receiver's dynamic type (var d
// Doer = &http.Client{}; d.Do(req)): the receiver converted to the
// interface in this function, through copies, and its concrete value.
// fn is nil for other calls.
func Devirtualize(c *ssa.CallCommon) (fn *types.Func, recv ssa.Value) {
	if !c.IsInvoke() {
		return nil, nil
	}
	x := StripCopies(c.Value)
	if x == nil || types.IsInterface(x.Type()) {
		return nil, nil
	}
	if m := concreteMethod(x.Type(), c.Method); m != nil {
		return m, x
	}
	return nil, nil
}

// concreteMethod returns the method of type t that a call of interface
// method m invokes, or nil.
func concreteMethod(t types.Type, m *types.Func) *types.Func {
	sel := types.NewMethodSet(t).Lookup(m.Pkg(), m.Name())
	if sel == nil {
		return nil
	}
	f, ok := sel.Obj().(*types.Func)
	if !ok {
		return nil
	}
	return f.Origin()
}

// ParamCell returns the parameter that cell holds when every store into
// it stores that one parameter (the cell of a parameter a closure
// captures, or of a value receiver whose address is taken), or nil.
func ParamCell(cell *ssa.Alloc) *ssa.Parameter {
	if cell.Referrers() == nil {
		return nil
	}
	var p *ssa.Parameter
	for _, r := range *cell.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != cell {
			continue
		}
		q, ok := st.Val.(*ssa.Parameter)
		if !ok || p != nil && q != p {
			return nil
		}
		p = q
	}
	return p
}

// DevirtualizeField is Devirtualize for an interface method call whose
// receiver is loaded from a field of an interface type declared in this
// package, when every value the package stores into that field (nil
// aside) has one concrete type: an injectable client such as
// `type API struct{ hc Doer }` filled with `&http.Client{}`, or an
// options field given that default when the caller leaves it nil. That
// is the default path; a caller may still store another value into an
// exported field. recv is the load itself, so that the receiver's
// origins are every value stored there.
func (ix *Index) DevirtualizeField(c *ssa.CallCommon) (fn *types.Func, recv ssa.Value) {
	if !c.IsInvoke() {
		return nil, nil
	}
	ld, ok := StripCopies(c.Value).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil, nil
	}
	f := FieldOf(ld.X)
	if f == nil || f.Pkg() != ix.Pkg.Pkg || !types.IsInterface(f.Type()) {
		return nil, nil
	}
	var concrete types.Type
	for _, v := range ix.FieldValues(f) {
		x := StripCopies(v)
		if k, ok := x.(*ssa.Const); ok && k.IsNil() {
			continue
		}
		t := x.Type()
		if types.IsInterface(t) || concrete != nil && !types.Identical(t, concrete) {
			return nil, nil
		}
		concrete = t
	}
	if concrete == nil {
		return nil, nil
	}
	if m := concreteMethod(concrete, c.Method); m != nil {
		return m, ld
	}
	return nil, nil
}

// StaticCallee returns the function statically called by c, or nil,
// looking through generic instantiations.
func StaticCallee(c *ssa.CallCommon) *types.Func {
	if c.IsInvoke() {
		return nil
	}
	fn := funcOf(c.Value)
	if fn == nil {
		return nil
	}
	return FuncObject(fn)
}

// FuncObject returns the declared function or method fn is, looking
// through generic instantiations; nil for a closure or a synthetic
// wrapper.
func FuncObject(fn *ssa.Function) *types.Func {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	obj, _ := fn.Object().(*types.Func)
	return obj
}

// CallOf returns the call instruction that defines v (a call result or
// one element of a tuple-valued call result) and the result index.
func CallOf(v ssa.Value) (*ssa.Call, int) {
	switch v := v.(type) {
	case *ssa.Call:
		return v, 0
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			return c, v.Index
		}
	}
	return nil, 0
}

// Returns returns, for each return instruction of fn, the value of
// result i.
func Returns(fn *ssa.Function, i int) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(r.Results) {
			out = append(out, r.Results[i])
		}
	}
	return out
}

// Func returns the SSA function of a source function of this package
// declared by obj, or nil.
func (ix *Index) Func(obj *types.Func) *ssa.Function {
	if obj == nil {
		return nil
	}
	return ix.funcs[obj.Origin()]
}

// assertedValue reports whether ex is the value of a comma-ok type
// assertion (v in v, ok := x.(T)).
func assertedValue(ex *ssa.Extract) bool {
	ta, ok := ex.Tuple.(*ssa.TypeAssert)
	return ok && ta.CommaOk && ex.Index == 0
}

// assertedOK reports whether ex is the ok result of a comma-ok type
// assertion.
func assertedOK(ex *ssa.Extract) bool {
	ta, ok := ex.Tuple.(*ssa.TypeAssert)
	return ok && ta.CommaOk && ex.Index == 1
}

// FuncValue returns the one function that the function value v can be,
// as its origins in this package show: a function, a closure, or a field
// or variable that only this package sets, always to the same function
// (a sleep hook kept in an unexported field and set to time.Sleep: its
// default path). It returns nil when v is a parameter, a field others may
// set, or a value whose origins differ or cannot be followed.
func (ix *Index) FuncValue(v ssa.Value) *ssa.Function {
	var fn *ssa.Function
	for _, o := range ix.Origins(v) {
		f := funcOf(o.V)
		if f == nil || (fn != nil && f != fn) {
			return nil
		}
		fn = f
	}
	return fn
}

// funcOf returns the function that v, a function or a closure, is; nil
// for any other value.
func funcOf(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case *ssa.Function:
		return x
	case *ssa.MakeClosure:
		f, _ := x.Fn.(*ssa.Function)
		return f
	}
	return nil
}

// DefaultedByReturn reports whether v, a value that block b returns, is
// the caller's choice that the function replaces with a default by
// returning early when it is nil: a parameter or a field load that an
// if dominating b tests against nil, with b on the non-nil side
// (if c.Sender == nil { return newSender() }; return c.Sender). Like an
// Injected origin, the default path is the one to judge.
func DefaultedByReturn(b *ssa.BasicBlock, v ssa.Value) bool {
	key, ok := nilTestKey(v)
	if !ok {
		return false
	}
	for d := b.Idom(); d != nil; d = d.Idom() {
		if len(d.Instrs) == 0 {
			continue
		}
		iff, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := iff.Cond.(*ssa.BinOp)
		if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) {
			continue
		}
		x := bin.X
		if k, ok := bin.X.(*ssa.Const); ok && k.IsNil() {
			x = bin.Y
		} else if k, ok := bin.Y.(*ssa.Const); !ok || !k.IsNil() {
			continue
		}
		if k, ok := nilTestKey(x); !ok || k != key {
			continue
		}
		nonNil := d.Succs[0]
		if bin.Op == token.EQL {
			nonNil = d.Succs[1]
		}
		if len(nonNil.Preds) == 1 && nonNil.Dominates(b) {
			return true
		}
	}
	return false
}

// A nilKey names what a nil test looks at: a parameter, or a field of a
// value.
type nilKey struct {
	base  ssa.Value
	field int
}

func nilTestKey(v ssa.Value) (nilKey, bool) {
	switch v := v.(type) {
	case *ssa.Parameter:
		return nilKey{v, -1}, true
	case *ssa.Field:
		return nilKey{v.X, v.Field}, true
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return nilKey{fa.X, fa.Field}, true
		}
	}
	return nilKey{}, false
}
