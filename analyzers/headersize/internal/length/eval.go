package length

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/giveup"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// Limits of the analysis.
const (
	maxDepth = 4  // nested call frames followed into callees
	maxSites = 16 // call sites joined for a parameter
	// maxGrowthSites bounds the visible call sites of an exported
	// function searched for a growing argument.
	maxGrowthSites = 64
	budget         = 20000 // evaluation steps per query
)

// A measure is what an evaluation computes about a value.
type measure uint8

const (
	mBytes measure = iota // bytes of a string or []byte, or of its fmt %v form
	mCount                // elements of a collection
	mElem                 // bytes of one element (value) of a collection
	mKey                  // bytes of one key of a map
	mURL                  // bytes of a serialised *url.URL
	mObj                  // bytes accumulated in a url.Values, strings.Builder, bytes.Buffer (not memoised)
)

// An Estimator estimates lengths in one package. It memoises and is not
// safe for concurrent use.
type Estimator struct {
	ix    *valueflow.Index
	fset  *token.FileSet
	files []*ast.File
	info  *types.Info

	loops   map[*ssa.Function][]*loop
	guards  map[*ssa.Function][]guard
	roots   map[*ssa.Function]*frame
	objs    *objIndex
	reach   map[*ssa.BasicBlock]blockSet
	objBusy map[objKey]bool
	steps   int
}

// New returns an Estimator for the package indexed by ix, whose syntax is
// files (positioned in fset) with type information info; files and info
// only serve to describe code in messages and may be nil.
func New(ix *valueflow.Index, fset *token.FileSet, files []*ast.File, info *types.Info) *Estimator {
	return &Estimator{
		ix:      ix,
		fset:    fset,
		files:   files,
		info:    info,
		loops:   make(map[*ssa.Function][]*loop),
		guards:  make(map[*ssa.Function][]guard),
		roots:   make(map[*ssa.Function]*frame),
		reach:   make(map[*ssa.BasicBlock]blockSet),
		objBusy: make(map[objKey]bool),
	}
}

// Bytes estimates the length in bytes of v: a string or []byte, or the
// fmt %v form of a number or collection.
func (a *Estimator) Bytes(v ssa.Value) Length {
	a.steps = 0
	return a.eval(a.rootOf(v), v, mBytes)
}

// URL estimates the length of the serialised form of v, a *url.URL,
// when instruction at reads it (nil: anywhere).
func (a *Estimator) URL(v ssa.Value, at ssa.Instruction) Length {
	a.steps = 0
	return a.urlAt(a.rootOf(v), v, at)
}

// Object estimates the bytes accumulated in v, a url.Values (its
// Encode form), a *strings.Builder or a *bytes.Buffer, when instruction
// at reads it (nil: anywhere).
func (a *Estimator) Object(v ssa.Value, at ssa.Instruction) Length {
	a.steps = 0
	return a.object(a.rootOf(v), v, at)
}

// Count estimates the number of elements of collection v where it is
// used in block at (for length guards; nil for none).
func (a *Estimator) Count(v ssa.Value, at *ssa.BasicBlock) Length {
	a.steps = 0
	return a.countAt(a.rootOf(v), v, at)
}

// Elem estimates the length in bytes of one element of collection v.
func (a *Estimator) Elem(v ssa.Value) Length {
	a.steps = 0
	return a.eval(a.rootOf(v), v, mElem)
}

// Repeats estimates how many times instr runs for one definition of
// origin (a value defined in instr's function or one enclosing it): the
// product of the trip counts of the loops around instr that do not also
// enclose origin.
func (a *Estimator) Repeats(instr ssa.Instruction, origin ssa.Value) Length {
	a.steps = 0
	return a.repeats(a.root(instr.Parent()), instr, origin, Step{Kind: StepLoop, Instr: instr})
}

// A frame is the context of an evaluation: a function, and when it was
// entered from a call site, the caller's frame, so that parameters are
// the call's arguments. Assumptions fix the value of loop-header φ-nodes
// while the step of a loop is computed.
type frame struct {
	fn       *ssa.Function
	parent   *frame
	site     ssa.CallInstruction
	depth    int
	assume   map[ssa.Value]*assumption
	memo     map[memoKey]Length
	busy     map[memoKey]bool
	children map[ssa.CallInstruction]*frame
}

type assumption struct {
	m    measure
	l    Length
	used bool
}

type memoKey struct {
	v ssa.Value
	m measure
}

func newFrame(fn *ssa.Function) *frame {
	return &frame{
		fn:       fn,
		memo:     make(map[memoKey]Length),
		busy:     make(map[memoKey]bool),
		children: make(map[ssa.CallInstruction]*frame),
	}
}

// root returns the frame of fn entered from no particular call site.
func (a *Estimator) root(fn *ssa.Function) *frame {
	f := a.roots[fn]
	if f == nil {
		f = newFrame(fn)
		a.roots[fn] = f
	}
	return f
}

func (a *Estimator) rootOf(v ssa.Value) *frame { return a.root(ownerFn(v)) }

// child returns the frame of callee entered from call in f.
func (a *Estimator) child(f *frame, call ssa.CallInstruction, callee *ssa.Function) *frame {
	if g := f.children[call]; g != nil && g.fn == callee {
		return g
	}
	g := newFrame(callee)
	g.parent, g.site, g.depth = f, call, f.depth+1
	f.children[call] = g
	return g
}

// assuming returns a frame like f in which φ-node phi has length l.
func (f *frame) assuming(phi ssa.Value, m measure, l Length) (*frame, *assumption) {
	g := newFrame(f.fn)
	g.parent, g.site, g.depth = f.parent, f.site, f.depth
	g.assume = make(map[ssa.Value]*assumption, len(f.assume)+1)
	for k, v := range f.assume {
		g.assume[k] = v
	}
	as := &assumption{m: m, l: l}
	g.assume[phi] = as
	return g, as
}

func ownerFn(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.Parameter:
		return v.Parent()
	case *ssa.FreeVar:
		return v.Parent()
	case ssa.Instruction:
		return v.Parent()
	}
	return nil
}

// frameFor returns the frame in which v is evaluated from frame f.
func (a *Estimator) frameFor(f *frame, v ssa.Value) *frame {
	fn := ownerFn(v)
	if fn == nil || fn == f.fn {
		return f
	}
	for p := f.parent; p != nil; p = p.parent {
		if p.fn == fn {
			return p
		}
	}
	return a.root(fn)
}

// frameForFn is frameFor for the function fn.
func (a *Estimator) frameForFn(f *frame, fn *ssa.Function) *frame {
	for p := f; p != nil; p = p.parent {
		if p.fn == fn {
			return p
		}
	}
	return a.root(fn)
}

// step counts one evaluation step at v and reports whether the query is
// still within its budget; the census of give-ups hears of the first
// step over it.
func (a *Estimator) step(v ssa.Value) bool {
	a.steps++
	if a.steps <= budget {
		return true
	}
	if a.steps == budget+1 && giveup.On() {
		name := "?"
		if fn := v.Parent(); fn != nil {
			name = fn.Name()
		}
		giveup.Note(a.fset, v.Pos(), "length-budget", name)
	}
	return false
}

// tooManySites reports whether fn, a function whose callers are all
// known, has more call sites than an estimate joins (the census of
// give-ups hears of it).
func (a *Estimator) tooManySites(fn *ssa.Function, sites []ssa.CallInstruction) bool {
	if len(sites) <= maxSites {
		return false
	}
	if giveup.On() {
		giveup.Note(a.fset, fn.Pos(), "length-callers-too-many", fmt.Sprintf("%s (%d callers)", fn.Name(), len(sites)))
	}
	return true
}

// none is the estimate of an empty set of values (the identity of Join).
var none = Length{Bounded: true, Safe: true, none: true}

func (a *Estimator) eval(f *frame, v ssa.Value, m measure) (l Length) {
	if v == nil {
		return Unknown
	}
	f = a.frameFor(f, v)
	if as, ok := f.assume[v]; ok && as.m == m {
		as.used = true
		return as.l
	}
	k := memoKey{v, m}
	if l, ok := f.memo[k]; ok {
		return l
	}
	if f.busy[k] {
		if m == mElem || m == mKey {
			return none
		}
		return Unknown
	}
	if !a.step(v) {
		return Unknown
	}
	f.busy[k] = true
	switch m {
	case mBytes:
		l = a.bytes(f, v)
	case mCount:
		l = a.count(f, v)
	case mElem, mKey:
		l = a.elem(f, v, m)
	case mURL:
		l = a.urlAt(f, v, nil)
	}
	delete(f.busy, k)
	f.memo[k] = l
	return l
}

func (a *Estimator) param(f *frame, p *ssa.Parameter, m measure) Length {
	fn := p.Parent()
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	if idx < 0 {
		return Unknown
	}
	evalArg := func(pf *frame, site ssa.CallInstruction) Length {
		args := site.Common().Args
		if idx >= len(args) {
			return Unknown
		}
		if m == mCount {
			return a.countAt(pf, args[idx], site.Block())
		}
		return a.eval(pf, args[idx], m)
	}
	if f.parent != nil && f.site != nil && f.fn == fn {
		return evalArg(f.parent, f.site)
	}
	if fn.Synthetic == syntheticYield {
		if l, ok := a.yieldParam(f, p, idx, m); ok {
			return l
		}
		return a.opaqueParam(f, p, m)
	}
	sites, complete := a.ix.Callers(fn)
	if complete {
		if len(sites) == 0 || a.tooManySites(fn, sites) {
			return Unknown
		}
		r := none
		for _, s := range sites {
			r = Join(r, evalArg(a.root(s.Parent()), s))
		}
		return r
	}
	r := a.opaqueParam(f, p, m)
	if len(sites) > 0 && len(sites) <= maxGrowthSites {
		// An exported function: other packages may call it with
		// anything, but a caller here that passes a growing value
		// (c.Get("/balance?addrs=" + strings.Join(addrs, ","))) makes
		// it grow.
		for _, s := range sites {
			if l := evalArg(a.root(s.Parent()), s); l.Grow != nil {
				r = Join(r, l)
			}
		}
	}
	return r
}

// opaqueParam estimates a parameter whose arguments cannot be seen.
func (a *Estimator) opaqueParam(f *frame, p *ssa.Parameter, m measure) Length {
	fn := p.Parent()
	if fn.Synthetic != "" && m == mCount {
		return Unknown
	}
	if m == mCount && fn.Signature.Variadic() && len(fn.Params) > 0 && fn.Params[len(fn.Params)-1] == p {
		// A variadic parameter is meant for a handful of arguments
		// written at the call.
		return Unknown
	}
	return a.opaque(f, p, m, p)
}

// opaque estimates a value from code the analysis cannot see: a
// collection from there grows with its caller's input.
// coll is the collection to name in a growth.
func (a *Estimator) opaque(f *frame, v ssa.Value, m measure, coll ssa.Value) Length {
	t := v.Type()
	switch m {
	case mCount:
		if isString(t) || isOpaque(t) || !isCollection(t) || namedParams(t) {
			// A map of named parameters from elsewhere is not a list.
			return Unknown
		}
		if arr, ok := under(deref(t)).(*types.Array); ok {
			return Const(int(arr.Len()))
		}
		if u, ok := v.(*ssa.UnOp); ok && receiverRooted(v) {
			if st := keptAppend(u); st != nil {
				// As in load, for an exported field.
				return Length{Grow: &Growth{Coll: v, Site: st.Pos(), Step: Step{Kind: StepKept, Instr: st}}}
			}
		}
		if receiverRooted(v) || enumElems(t) || boundedBySource(v) || a.decodedFromInbound(v) {
			// A method's own state (scopes, filters, credentials a
			// client keeps), a list of enumerated values, the peer's
			// own TLS data, the operator's configuration or what an
			// inbound request held is not the caller's unbounded
			// input.
			return Unknown
		}
		return Length{Grow: &Growth{Coll: coll}}
	case mElem, mKey:
		return typeElem(t, m)
	case mBytes:
		return a.typeBytes(f, v, t)
	}
	return Unknown
}

// keptAppend returns the store, in the function of ld, a load of a field
// of an object, that appends to that same field of that same object and
// keeps the result in it before v is read (olivere/elastic's scroll
// buildURL: s.filterPath = append(s.filterPath, "_scroll_id"), then
// strings.Join(s.filterPath, ",")): on every call the list gets one more
// element. For a string field, a concatenation that starts with the
// field does the same (baton-sdk's Transport.make before v0.2.9:
// t.userAgent = t.userAgent + " baton-sdk/" + sdk.Version, then the
// User-Agent of every request): on every call the string gets longer.
// Setters that append what their caller gives are not such a store: the
// append must dominate the load in the function that reads (and that
// function reads the list for a request).
func keptAppend(ld *ssa.UnOp) *ssa.Store {
	if ld.Op != token.MUL || ld.Block() == nil {
		return nil
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok || HoldsRequest(fa.X.Type()) {
		return nil
	}
	sameField := func(x ssa.Value) bool {
		y, ok := x.(*ssa.FieldAddr)
		return ok && y.Field == fa.Field && y.X == fa.X
	}
	for _, b := range ld.Parent().Blocks {
		if !b.Dominates(ld.Block()) {
			continue
		}
		for _, instr := range b.Instrs {
			if b == ld.Block() && instr == ssa.Instruction(ld) {
				break
			}
			st, ok := instr.(*ssa.Store)
			if !ok || !sameField(st.Addr) {
				continue
			}
			if base, ok := extended(st.Val).(*ssa.UnOp); ok && base.Op == token.MUL && sameField(base.X) {
				return st
			}
		}
	}
	return nil
}

// keptConcat returns the store that keeps the string concatenation v in
// the receiver's field whose value v starts with (t.userAgent =
// t.userAgent + suffix), and that load, as keptAppend finds them from
// the load.
func keptConcat(v *ssa.BinOp) (*ssa.UnOp, *ssa.Store) {
	base, ok := extended(v).(*ssa.UnOp)
	if !ok || !receiverRooted(base) {
		return nil, nil
	}
	for x := ssa.Value(v); ; {
		b, ok := x.(*ssa.BinOp)
		if !ok || b.Op != token.ADD {
			break
		}
		if _, param := valueflow.StripCopies(b.Y).(*ssa.Parameter); param {
			// A setter that appends what its caller gives: the
			// caller's business, as for lists.
			return nil, nil
		}
		x = b.X
	}
	for _, r := range *v.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Val != ssa.Value(v) {
			continue
		}
		fa, ok1 := st.Addr.(*ssa.FieldAddr)
		ba, ok2 := base.X.(*ssa.FieldAddr)
		if ok1 && ok2 && base.Op == token.MUL && fa.Field == ba.Field && fa.X == ba.X && !HoldsRequest(fa.X.Type()) {
			return base, st
		}
	}
	return nil, nil
}

// HoldsRequest reports whether t, a pointer to a struct, has a field
// of type *http.Request or http.Request: a request builder (gitea's
// httplib.Request, whose Response appends the parameters to r.url and
// sends), made once per request, so what its methods append to its own
// fields is not kept across requests.
func HoldsRequest(t types.Type) bool {
	return typeutil.PointerToStructWith(t, func(ft types.Type) bool { return typeutil.IsNamed(ft, "net/http", "Request") })
}

// extended returns the value that v extends: the list of
// append(list, ...), the leftmost operand of a string concatenation, or
// nil.
func extended(v ssa.Value) ssa.Value {
	switch v := v.(type) {
	case *ssa.Call:
		if bi, ok := v.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" && len(v.Call.Args) > 0 {
			return v.Call.Args[0]
		}
	case *ssa.BinOp:
		if v.Op != token.ADD || !isString(v.Type()) {
			return nil
		}
		x := v.X
		for {
			b, ok := x.(*ssa.BinOp)
			if !ok || b.Op != token.ADD {
				return x
			}
			x = b.X
		}
	}
	return nil
}

// receiverRooted reports whether v is read from a field (or a field of a
// field) of the receiver of the method it is in.
// receiverCopy returns the receiver parameter that cell holds when the
// only store into it is that parameter.
func receiverCopy(cell *ssa.Alloc) (*ssa.Parameter, bool) {
	p := valueflow.ParamCell(cell)
	if p == nil {
		return nil, false
	}
	fn := p.Parent()
	return p, fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == p
}

func receiverRooted(v ssa.Value) bool {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.Alloc:
			// The local copy of a value receiver whose address is taken.
			p, ok := receiverCopy(x)
			if !ok {
				return false
			}
			v = p
		case *ssa.Parameter:
			fn := x.Parent()
			return fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == x && i > 0
		default:
			return false
		}
	}
	return false
}

func (a *Estimator) freeVar(f *frame, fv *ssa.FreeVar, m measure) Length {
	mc := a.ix.Closure(fv.Parent())
	if mc == nil {
		return a.opaque(f, fv, m, fv)
	}
	if b := a.ix.Binding(fv); b != nil {
		return a.eval(a.frameForFn(f, mc.Parent()), b, m)
	}
	return Unknown
}

// load estimates a load from a local cell, a package variable or a
// struct field, joining every store to it in the package. A collection
// in an exported field or variable, or one declared elsewhere, grows
// with whatever other code puts there.
func (a *Estimator) load(f *frame, u *ssa.UnOp, m measure) Length {
	if (m == mCount || m == mBytes && isString(u.Type())) && receiverRooted(u) {
		if st := keptAppend(u); st != nil {
			// The method appends to its own list and keeps it: one more
			// element on each call, whoever calls.
			return Length{Grow: &Growth{Coll: u, Site: st.Pos(), Step: Step{Kind: StepKept, Instr: st}}}
		}
	}
	l := a.loadAny(f, u, m)
	if m == mCount && l.Grow != nil && receiverRooted(u) {
		// A list the method keeps in its receiver grows with its own
		// state (scopes, filters), not with the caller's input.
		return Unknown
	}
	return l
}

func (a *Estimator) loadAny(f *frame, u *ssa.UnOp, m measure) Length {
	var exported bool
	switch x := a.unwrap(u.X).(type) {
	case *ssa.FieldAddr:
		fld := valueflow.FieldOf(x)
		exported = fld == nil || fld.Exported() || fld.Pkg() != a.ix.Pkg.Pkg
	case *ssa.Global:
		exported = x.Pkg != a.ix.Pkg || x.Object() == nil || x.Object().Exported()
	}
	if exported && m == mCount {
		return a.opaque(f, u, m, u)
	}
	r := none
	for _, o := range a.ix.Origins(u) {
		if o.V == nil {
			return a.opaque(f, u, m, u)
		}
		if o.Field != nil || o.Global != nil || o.V == ssa.Value(u) {
			// An unexported field or variable of this package with no
			// stores: its zero value, or set by means the analysis
			// cannot see.
			if m == mCount {
				return Unknown
			}
			r = Join(r, a.opaque(f, u, m, u))
			continue
		}
		if ld, ok := o.V.(*ssa.UnOp); ok && ld.Op == token.MUL {
			// A load whose stores are not visible.
			r = Join(r, a.opaque(f, u, m, u))
			continue
		}
		r = Join(r, a.eval(a.frameFor(f, o.V), o.V, m))
	}
	if r.none {
		return a.opaque(f, u, m, u)
	}
	return r
}

// unwrap replaces a free variable by the value its closure binds.
func (a *Estimator) unwrap(v ssa.Value) ssa.Value { return a.ix.ResolveFreeVar(v) }

// calleeResult evaluates result idx of call, a call of fn, by following
// fn's return statements, when fn is a function of this package within
// the depth limit.
func (a *Estimator) calleeResult(f *frame, call *ssa.Call, fn *types.Func, idx int, m measure) (Length, bool) {
	c := call.Common()
	callee := a.ix.Func(fn)
	if callee == nil || len(callee.Blocks) == 0 || c.IsInvoke() || f.depth >= maxDepth {
		return Length{}, false
	}
	g := a.child(f, call, callee)
	r := none
	for _, ret := range valueflow.Returns(callee, idx) {
		r = Join(r, a.eval(g, ret, m))
	}
	return r, !r.none
}
