package length

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/url"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// Limits of the analysis.
const (
	maxDepth = 4     // nested call frames followed into callees
	maxSites = 16    // call sites joined for a parameter
	budget   = 20000 // evaluation steps per query
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
	reach   map[*ssa.BasicBlock]map[int]bool
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
		reach:   make(map[*ssa.BasicBlock]map[int]bool),
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
// enclose origin. how describes instr for a growth ("h.Add").
func (a *Estimator) Repeats(instr ssa.Instruction, origin ssa.Value, how string) Length {
	a.steps = 0
	return a.repeats(a.root(instr.Parent()), instr, origin, how+" in a loop over it")
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
	a.steps++
	if a.steps > budget {
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

// ---- strings and bytes ----

func (a *Estimator) bytes(f *frame, v ssa.Value) Length {
	t := v.Type()
	switch v := v.(type) {
	case *ssa.Const:
		return a.constBytes(f, v)
	case *ssa.BinOp:
		if v.Op == token.ADD && isString(t) {
			return Add(a.eval(f, v.X, mBytes), a.eval(f, v.Y, mBytes))
		}
	case *ssa.Phi:
		return a.phi(f, v, mBytes)
	case *ssa.Call:
		return a.callBytes(f, v, 0)
	case *ssa.Extract:
		switch tup := v.Tuple.(type) {
		case *ssa.Call:
			return a.callBytes(f, tup, v.Index)
		case *ssa.Next:
			if r, ok := tup.Iter.(*ssa.Range); ok {
				if tup.IsString {
					if v.Index == 2 {
						return Upto(4)
					}
					break
				}
				switch v.Index {
				case 1:
					return a.eval(f, r.X, mKey)
				case 2:
					return a.eval(f, r.X, mElem)
				}
			}
		case *ssa.UnOp:
			if tup.Op == token.ARROW && v.Index == 0 {
				return a.eval(f, tup.X, mElem)
			}
		case *ssa.Lookup:
			if v.Index == 0 {
				return a.eval(f, tup.X, mElem)
			}
		}
	case *ssa.Convert:
		if isByteSeq(v.X.Type()) && isByteSeq(t) {
			return a.eval(f, v.X, mBytes)
		}
		if isInteger(v.X.Type()) && isString(t) {
			return Length{Min: 1, Max: 4, Bounded: true}
		}
	case *ssa.ChangeType:
		return a.eval(f, v.X, mBytes)
	case *ssa.MakeInterface:
		return a.eval(f, v.X, mBytes)
	case *ssa.TypeAssert:
		if !v.CommaOk {
			return a.eval(f, v.X, mBytes)
		}
	case *ssa.Parameter:
		return a.param(f, v, mBytes)
	case *ssa.FreeVar:
		return a.freeVar(f, v, mBytes)
	case *ssa.UnOp:
		switch v.Op {
		case token.MUL:
			if ia, ok := v.X.(*ssa.IndexAddr); ok {
				return a.eval(f, ia.X, mElem)
			}
			return a.load(f, v, mBytes)
		case token.ARROW:
			if !v.CommaOk {
				return a.eval(f, v.X, mElem)
			}
		}
	case *ssa.Index:
		if !isString(v.X.Type()) {
			return a.eval(f, v.X, mElem)
		}
	case *ssa.Lookup:
		if !v.CommaOk && !isString(v.X.Type()) {
			return a.eval(f, v.X, mElem)
		}
	case *ssa.Slice:
		if isByteSeq(t) {
			l := a.eval(f, v.X, mBytes)
			l.Min = 0
			if n, ok := sliceBound(v); ok && (!l.Bounded || n < l.Max) && l.Grow == nil {
				l.Max, l.Bounded = n, true
			}
			return l
		}
	}
	return a.typeBytes(f, v, t)
}

// sliceBound returns the constant length of s[lo:hi] when it has one.
func sliceBound(s *ssa.Slice) (int, bool) {
	if s.High == nil {
		return 0, false
	}
	hi, ok := intConst(s.High)
	if !ok {
		return 0, false
	}
	lo := 0
	if s.Low != nil {
		if lo, ok = intConst(s.Low); !ok {
			return 0, false
		}
	}
	if hi < lo {
		return 0, false
	}
	return hi - lo, true
}

// typeBytes estimates the fmt %v form of a value of type t that the
// analysis cannot follow further.
func (a *Estimator) typeBytes(f *frame, v ssa.Value, t types.Type) Length {
	if t == nil {
		return Unknown
	}
	switch u := under(t).(type) {
	case *types.Basic:
		return basicBytes(u)
	case *types.Slice, *types.Array, *types.Map:
		if isByteSeq(t) || v == nil {
			return Unknown
		}
		if isOpaque(t) {
			return Unknown
		}
		// [e1 e2 ...]
		n := a.eval(f, v, mCount)
		each := a.eval(f, v, mElem)
		if _, isMap := u.(*types.Map); isMap {
			each = Sum(a.eval(f, v, mKey), Const(1), each)
		}
		return Add(Const(2), Mul(n, Add(each, Const(1))))
	case *types.Pointer:
		if _, isArr := u.Elem().Underlying().(*types.Array); isArr && v != nil {
			return Add(Const(1), a.typeBytes(f, v, u.Elem()))
		}
	}
	return Unknown
}

func basicBytes(b *types.Basic) Length {
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0:
		l := Upto(5)
		l.Min, l.Safe = 4, true
		return l
	case info&types.IsInteger != 0:
		l := Upto(intDigits(b))
		l.Min, l.Safe = 1, true
		return l
	case info&types.IsFloat != 0:
		l := Upto(24)
		l.Min = 1
		return l
	case info&types.IsComplex != 0:
		l := Upto(51)
		l.Min = 5
		return l
	}
	return Unknown
}

// intDigits returns the longest decimal form of an integer of type b.
func intDigits(b *types.Basic) int {
	switch b.Kind() {
	case types.Int8:
		return 4
	case types.Uint8:
		return 3
	case types.Int16:
		return 6
	case types.Uint16:
		return 5
	case types.Int32:
		return 11
	case types.Uint32:
		return 10
	case types.Uint64, types.Uint, types.Uintptr:
		return 20
	}
	return 20
}

func (a *Estimator) constBytes(f *frame, c *ssa.Const) Length {
	if c.Value == nil {
		if isString(c.Type()) || isByteSeq(c.Type()) {
			l := Const(0)
			l.Safe = true
			return l
		}
		if _, ok := c.Type().Underlying().(*types.Slice); ok {
			return Const(2) // []
		}
		return a.typeBytes(f, nil, c.Type())
	}
	var s string
	switch c.Value.Kind() {
	case constant.String:
		s = constant.StringVal(c.Value)
	case constant.Int:
		s = c.Value.ExactString()
	case constant.Bool:
		s = c.Value.String()
	default:
		return a.typeBytes(f, nil, c.Type())
	}
	if isInteger(c.Type()) && !isString(c.Type()) && c.Value.Kind() == constant.Int {
		// A rune converted later is handled by Convert; here the number.
	}
	l := Const(len(s))
	l.Safe = url.QueryEscape(s) == s
	return l
}

// escaped estimates the URL query escaping of v.
func (a *Estimator) escaped(f *frame, v ssa.Value) Length {
	if s, ok := a.ix.ConstString(v); ok {
		l := Const(len(url.QueryEscape(s)))
		l.Safe = true
		return l
	}
	return Escape(a.eval(f, v, mBytes))
}

// escapedElem estimates the URL query escaping of one element of v.
func (a *Estimator) escapedElem(f *frame, v ssa.Value) Length {
	return Escape(a.eval(f, v, mElem))
}

// callBytes estimates result idx of call.
func (a *Estimator) callBytes(f *frame, call *ssa.Call, idx int) Length {
	c := &call.Call
	args := c.Args
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "append":
			if isByteSeq(call.Type()) && len(args) == 2 {
				return Add(a.eval(f, args[0], mBytes), a.appended(f, args[1]))
			}
		case "min", "max":
			// min/max of strings is one of them.
			if isString(call.Type()) {
				r := none
				for _, x := range args {
					r = Join(r, a.eval(f, x, mBytes))
				}
				return r
			}
		}
		return a.typeBytes(f, nil, call.Type())
	}
	fn := valueflow.StaticCallee(c)
	name := ""
	if fn != nil {
		name = fn.Name()
	}
	how := func() string { return a.callText(call.Pos(), name) + " of it" }
	switch typeutil.FuncKey(fn) {
	case "strings.Join", "bytes.Join":
		xs := arg(0)
		l := Mul(a.countAt(f, xs, call.Block()), Add(a.eval(f, xs, mElem), a.eval(f, arg(1), mBytes)))
		n, simple := a.nameOf(xs)
		return l.At(call.Pos(), how()).asBatch(n, simple, call.Pos(), how())
	case "strings.Repeat", "bytes.Repeat":
		if n, ok := intConst(arg(1)); ok {
			return Mul(Const(n), a.eval(f, arg(0), mBytes))
		}
		if coll := lenArg(arg(1)); coll != nil {
			return Mul(a.countAt(f, coll, call.Block()), a.eval(f, arg(0), mBytes)).At(call.Pos(), how())
		}
		return Add(Unknown, a.eval(f, arg(0), mBytes))
	case "fmt.Sprintf":
		return a.format(f, call, arg(0), arg(1), how())
	case "fmt.Sprint", "fmt.Sprintln":
		return a.format(f, call, nil, arg(0), how())
	case "strconv.Itoa":
		return a.eval(f, arg(0), mBytes)
	case "strconv.FormatInt", "strconv.FormatUint":
		if b, ok := intConst(arg(1)); ok && b >= 10 {
			l := Upto(20)
			l.Min, l.Safe = 1, true
			return l
		}
		l := Upto(65)
		l.Min, l.Safe = 1, true
		return l
	case "strconv.FormatBool":
		return basicBytes(types.Typ[types.Bool])
	case "strconv.Quote", "strconv.QuoteToASCII":
		return Add(Const(2), Mul(Const(6), a.eval(f, arg(0), mBytes)))
	case "net/url.QueryEscape", "net/url.PathEscape":
		return a.escaped(f, arg(0))
	case "net/url.QueryUnescape", "net/url.PathUnescape":
		if idx == 0 {
			l := a.eval(f, arg(0), mBytes)
			l.Min = l.Min / 3
			return l
		}
	case "net/url.Values.Encode":
		return a.object(f, arg(0), call)
	case "net/url.URL.String", "net/url.URL.Redacted", "net/url.URL.RequestURI":
		return a.urlAt(f, arg(0), call)
	case "strings.Builder.String", "bytes.Buffer.String", "bytes.Buffer.Bytes":
		return a.object(f, arg(0), call)
	case "path.Join", "path/filepath.Join":
		return a.joinPath(f, call, arg(0), how())
	case "net/url.JoinPath":
		if idx == 0 {
			return Add(a.eval(f, arg(0), mBytes), a.joinPath(f, call, arg(1), how()))
		}
	case "strings.ToLower", "strings.ToUpper", "strings.Clone", "bytes.Clone", "strings.ToValidUTF8":
		l := a.eval(f, arg(0), mBytes)
		l.Safe = l.Safe && fn.Name() != "ToValidUTF8"
		return l
	case "strings.TrimSpace", "strings.Trim", "strings.TrimLeft", "strings.TrimRight",
		"strings.TrimPrefix", "strings.TrimSuffix", "bytes.TrimSpace", "path.Base", "path.Dir":
		l := a.eval(f, arg(0), mBytes)
		l.Min = 0
		return l
	case "path.Clean":
		return Add(a.eval(f, arg(0), mBytes), Upto(1))
	case "strings.ReplaceAll", "strings.Replace":
		l := a.eval(f, arg(0), mBytes)
		if nw := a.eval(f, arg(2), mBytes); nw.Bounded && nw.Max == 0 {
			l.Min = 0
			return l
		}
		return Add(Unknown, l)
	case "encoding/hex.EncodeToString":
		l := Mul(Const(2), a.eval(f, arg(0), mBytes))
		l.Safe = true
		return l
	case "encoding/base64.Encoding.EncodeToString":
		l := a.eval(f, arg(1), mBytes)
		return Add(Mul(Const(2), l), Const(4)) // 4/3, rounded up generously
	case "encoding/json.Marshal":
		if idx == 0 {
			l := a.eval(f, arg(0), mBytes)
			if l.Bounded {
				l.Max = capped(2*l.Max + 2)
			}
			return l.At(call.Pos(), how())
		}
	}
	if r, ok := a.calleeResult(f, call, fn, idx, mBytes); ok {
		return r
	}
	t := call.Type()
	if tup, ok := t.(*types.Tuple); ok {
		if idx >= tup.Len() {
			return Unknown
		}
		t = tup.At(idx).Type()
	}
	if isCollection(t) {
		// A collection returned by unknown code, formatted.
		return a.typeBytes(f, extractOf(call, idx), t)
	}
	return a.typeBytes(f, nil, t)
}

// extractOf returns the value of result idx of call: the call itself or
// the Extract that selects it.
func extractOf(call *ssa.Call, idx int) ssa.Value {
	if _, ok := call.Type().(*types.Tuple); !ok {
		return call
	}
	if refs := call.Referrers(); refs != nil {
		for _, r := range *refs {
			if e, ok := r.(*ssa.Extract); ok && e.Index == idx {
				return e
			}
		}
	}
	return nil
}

// appended estimates the bytes appended by append(b, x...) where x is a
// string or a []byte.
func (a *Estimator) appended(f *frame, x ssa.Value) Length {
	if isString(x.Type()) {
		return a.eval(f, x, mBytes)
	}
	if elems, ok := a.varargs(x); ok {
		return Const(len(elems))
	}
	return a.eval(f, x, mBytes)
}

// varargs returns the values stored in a slice built for a variadic call
// (or a slice literal): a slice of a fresh array with one store per
// element.
func (a *Estimator) varargs(v ssa.Value) ([]ssa.Value, bool) {
	if c, ok := v.(*ssa.Const); ok && c.Value == nil {
		return nil, true
	}
	s, ok := v.(*ssa.Slice)
	if !ok || s.Low != nil || s.High != nil {
		return nil, false
	}
	alloc, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	arr, ok := deref(alloc.Type()).Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	out := make([]ssa.Value, arr.Len())
	refs := alloc.Referrers()
	if refs == nil {
		return nil, false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.IndexAddr:
			i, ok := intConst(r.Index)
			if !ok || i < 0 || i >= len(out) {
				return nil, false
			}
			for _, rr := range *r.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == r {
					out[i] = st.Val
				}
			}
		case *ssa.Slice, *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	for _, x := range out {
		if x == nil {
			return nil, false
		}
	}
	return out, true
}

// format estimates fmt.Sprint, Sprintln (format nil) and Sprintf.
func (a *Estimator) format(f *frame, call ssa.CallInstruction, format, args ssa.Value, how string) Length {
	elems, ok := a.varargs(args)
	if !ok {
		// fmt.Sprint(xs...): each element and a separator.
		l := Mul(a.countAt(f, args, call.Block()), Add(a.eval(f, args, mElem), Const(1)))
		if format != nil {
			l = Add(a.eval(f, format, mBytes), Add(Unknown, l))
		}
		return l.At(call.Pos(), how)
	}
	argLen := func(x ssa.Value, verb rune) Length {
		if mi, ok := x.(*ssa.MakeInterface); ok {
			x = mi.X
		}
		l := a.eval(f, x, mBytes)
		switch verb {
		case 'q':
			l = Add(Const(2), Mul(Const(2), l))
			l.Safe = false
		case 'x', 'X':
			l = Mul(Const(2), l)
			l.Safe = true
		}
		return l.At(call.Pos(), how)
	}
	if format == nil {
		total := Const(0)
		total.Safe = true
		for i, x := range elems {
			if i > 0 {
				total = Add(total, Upto(1))
			}
			total = Add(total, argLen(x, 'v'))
		}
		return total
	}
	fs, ok := a.ix.ConstString(format)
	if !ok {
		total := Add(Unknown, a.eval(f, format, mBytes))
		for _, x := range elems {
			total = Add(total, argLen(x, 'v'))
		}
		return total
	}
	lit, verbs, exact := parseFormat(fs)
	total := Const(len(lit))
	total.Safe = url.QueryEscape(lit) == lit
	for i, x := range elems {
		verb := 'v'
		if i < len(verbs) {
			verb = verbs[i]
		}
		total = Add(total, argLen(x, verb))
	}
	if !exact || len(verbs) != len(elems) {
		total = Add(total, Unknown)
		total.Min = len(lit)
	}
	return total
}

// parseFormat splits a fmt format into its literal text and its verbs,
// one per argument. exact is false when widths, precisions or argument
// indexes make the estimate unreliable.
func parseFormat(s string) (lit string, verbs []rune, exact bool) {
	exact = true
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		i++
		if i < len(s) && s[i] == '%' {
			b = append(b, '%')
			continue
		}
		for i < len(s) && (s[i] == '+' || s[i] == '-' || s[i] == '#' || s[i] == ' ' || s[i] == '0') {
			i++
		}
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' || s[i] == '*' || s[i] == '[' || s[i] == ']') {
			exact = false
			i++
		}
		if i < len(s) {
			verbs = append(verbs, rune(s[i]))
		}
	}
	return string(b), verbs, exact
}

// joinPath estimates path.Join of the variadic slice elems.
func (a *Estimator) joinPath(f *frame, call ssa.CallInstruction, elems ssa.Value, how string) Length {
	if xs, ok := a.varargs(elems); ok {
		total := Const(0)
		total.Safe = true
		for _, x := range xs {
			total = Add(total, Add(a.eval(f, x, mBytes), Upto(1)))
		}
		total.Safe = false
		return total
	}
	n, simple := a.nameOf(elems)
	l := Mul(a.countAt(f, elems, call.Block()), Add(a.eval(f, elems, mElem), Const(1)))
	return l.At(call.Pos(), how).asBatch(n, simple, call.Pos(), how)
}

// ---- φ-nodes and loops ----

// phi estimates a φ-node. At a loop header, a φ-node whose back edges
// depend on itself accumulates: its length is the entry value plus the
// loop's trip count times the growth of one iteration.
func (a *Estimator) phi(f *frame, phi *ssa.Phi, m measure) Length {
	l := a.loopWithHeader(phi.Block())
	var init, back []ssa.Value
	for i, e := range phi.Edges {
		if i >= len(phi.Block().Preds) {
			break
		}
		if l != nil && l.contains(phi.Block().Preds[i]) {
			back = append(back, e)
		} else {
			init = append(init, e)
		}
	}
	r := none
	for i, e := range phi.Edges {
		if i >= len(phi.Block().Preds) || (l != nil && l.contains(phi.Block().Preds[i])) {
			continue
		}
		el := a.eval(f, e, m)
		if m == mCount {
			// if len(xs) > n { xs = xs[:n] }: the edge that skips the
			// truncation is guarded.
			if n, ok := a.edgeBound(e, phi.Block().Preds[i], phi.Block()); ok {
				if n < 0 {
					if !el.Bounded {
						el = Unknown
					}
				} else if !el.Bounded || n < el.Max {
					el = Length{Min: min(el.Min, n), Max: n, Bounded: true}
				}
			}
		}
		r = Join(r, el)
	}
	if len(back) == 0 {
		return r
	}
	zero := Const(0)
	zero.Safe = true
	g, as := f.assuming(phi, m, zero)
	step := none
	for _, e := range back {
		step = Join(step, a.eval(g, e, m))
	}
	if step.none {
		return r
	}
	if !as.used {
		return Join(r, step)
	}
	if step.Bounded && step.Max == 0 {
		return r
	}
	how := "string concatenation in a loop over it"
	if m == mCount {
		how = "append in a loop over it"
	}
	var at ssa.Instruction = phi
	if bi, ok := back[0].(ssa.Instruction); ok {
		at = bi
	}
	if n, ok := a.selfBound(l, phi, back); ok {
		// The loop stops once the accumulated value is long enough.
		return Join(r, Add(Upto(n), step))
	}
	trips := a.trips(f, l)
	n, simple := a.tripName(l)
	trips = trips.At(a.loopSite(l, at), how).asBatch(n, simple, a.loopSite(l, at), how)
	if r.none {
		r = Const(0)
	}
	return Add(r, Mul(trips, step))
}

// selfBound returns n when an exit of loop l tests the length of the
// accumulated value (the φ-node or a back-edge value) against the
// constant n: for … { s += x; if len(s) > n { break } }.
func (a *Estimator) selfBound(l *loop, phi *ssa.Phi, back []ssa.Value) (int, bool) {
	for _, ifi := range l.exits {
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		for _, pair := range [2][2]ssa.Value{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
			x := lenCall(pair[0])
			n, isConst := intConst(pair[1])
			if x == nil || !isConst {
				continue
			}
			if x == ssa.Value(phi) {
				return n, true
			}
			for _, b := range back {
				if x == b {
					return n, true
				}
			}
		}
	}
	return 0, false
}

// tripName names the collection that bounds loop l, for messages.
func (a *Estimator) tripName(l *loop) (string, bool) {
	for _, ifi := range l.exits {
		cond := ifi.Cond
		switch c := cond.(type) {
		case *ssa.Extract:
			switch t := c.Tuple.(type) {
			case *ssa.Next:
				if r, ok := t.Iter.(*ssa.Range); ok {
					return a.nameOf(r.X)
				}
			case *ssa.UnOp:
				return a.nameOf(t.X)
			}
		case *ssa.BinOp:
			for _, x := range []ssa.Value{c.X, c.Y} {
				if coll := lenArg(x); coll != nil {
					return a.nameOf(coll)
				}
			}
		}
	}
	return "", false
}

// repeats estimates how many times instr runs for one definition of
// origin.
func (a *Estimator) repeats(f *frame, instr ssa.Instruction, origin ssa.Value, how string) Length {
	originFn := ownerFn(origin)
	var originBlock *ssa.BasicBlock
	if oi, ok := origin.(ssa.Instruction); ok {
		originBlock = oi.Block()
	}
	r := Const(1)
	r.Safe = true
	for hops := 0; hops < 8; hops++ {
		fn := instr.Parent()
		if fn == nil || instr.Block() == nil {
			return Mul(r, Unknown)
		}
		ff := a.frameForFn(f, fn)
		for _, l := range a.enclosingLoops(instr.Block(), originBlock) {
			site := a.loopSite(l, instr)
			n, simple := a.tripName(l)
			t := a.trips(ff, l).At(site, how).asBatch(n, simple, site, how)
			r = Mul(r, t)
		}
		if fn == originFn || originFn == nil || fn.Parent() == nil {
			return r
		}
		// instr is in a closure below origin's function: multiply by
		// how often the closure runs.
		mc := a.ix.Closure(fn)
		if mc == nil {
			return Mul(r, Unknown)
		}
		if fn.Synthetic == syntheticYield {
			call := yieldCall(mc)
			if call == nil {
				return Mul(r, Unknown)
			}
			site := a.rangeSite(fn)
			t := a.iterTrips(a.frameForFn(f, call.Parent()), call).At(site, how)
			r = Mul(r, t)
			instr = call
			continue
		}
		next := valueflow.DirectCall(mc)
		if next == nil {
			return Mul(r, Unknown)
		}
		instr = next
	}
	return Mul(r, Unknown)
}

// syntheticYield is go/ssa's Synthetic description of the body of a
// range-over-func loop.
const syntheticYield = "range-over-func yield"

// yieldCall returns the call iter(yield) that runs the body mc of a
// range-over-func loop.
func yieldCall(mc *ssa.MakeClosure) *ssa.Call {
	refs := mc.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		if c, ok := r.(*ssa.Call); ok && len(c.Call.Args) == 1 && c.Call.Args[0] == mc {
			return c
		}
	}
	return nil
}

// rangeSite returns the position of the range statement whose body is
// the range-over-func yield function fn.
func (a *Estimator) rangeSite(fn *ssa.Function) token.Pos {
	for _, n := range a.enclosing(fn.Pos()) {
		if r, ok := n.(*ast.RangeStmt); ok {
			return r.Pos()
		}
	}
	return fn.Pos()
}

// iterSource recognises an iterator made by a known function of slices,
// maps or strings and returns that function and its arguments.
func iterSource(v ssa.Value) (string, []ssa.Value) {
	for i := 0; i < 4; i++ {
		if ct, ok := v.(*ssa.ChangeType); ok {
			v = ct.X
		}
	}
	c, ok := v.(*ssa.Call)
	if !ok {
		return "", nil
	}
	return typeutil.FuncKey(valueflow.StaticCallee(&c.Call)), c.Call.Args
}

// iterTrips estimates how many times the iterator of call iter(yield)
// calls yield.
func (a *Estimator) iterTrips(f *frame, call *ssa.Call) Length {
	key, args := iterSource(call.Call.Value)
	switch key {
	case "slices.Values", "slices.All", "slices.Backward", "maps.Keys", "maps.Values", "maps.All":
		if len(args) == 1 {
			if namedParams(args[0].Type()) {
				return Unknown
			}
			return a.countAt(f, args[0], call.Block())
		}
	case "slices.Chunk":
		if len(args) == 2 {
			n := a.countAt(f, args[0], call.Block())
			if k, ok := intConst(args[1]); ok && k > 0 && n.Bounded {
				return Upto((n.Max + k - 1) / k)
			}
			return n
		}
	}
	return Unknown
}

// yieldParam resolves parameter p (number i) of a range-over-func body.
func (a *Estimator) yieldParam(f *frame, p *ssa.Parameter, i int, m measure) (Length, bool) {
	mc := a.ix.Closure(p.Parent())
	if mc == nil {
		return Unknown, false
	}
	call := yieldCall(mc)
	if call == nil {
		return Unknown, false
	}
	pf := a.frameForFn(f, call.Parent())
	key, args := iterSource(call.Call.Value)
	if len(args) == 0 {
		return Unknown, false
	}
	src := args[0]
	elemOf := func() Length {
		switch m {
		case mBytes:
			return a.eval(pf, src, mElem)
		}
		return Unknown
	}
	switch key {
	case "slices.Values":
		return elemOf(), true
	case "slices.All", "slices.Backward":
		if i == 1 {
			return elemOf(), true
		}
	case "maps.Keys":
		if m == mBytes {
			return a.eval(pf, src, mKey), true
		}
	case "maps.Values":
		return elemOf(), true
	case "maps.All":
		if m == mBytes && i == 0 {
			return a.eval(pf, src, mKey), true
		}
		if i == 1 {
			return elemOf(), true
		}
	case "slices.Chunk":
		switch m {
		case mCount:
			if len(args) == 2 {
				if k, ok := intConst(args[1]); ok && k > 0 {
					return Upto(k), true
				}
			}
			return Unknown, true
		case mElem:
			return a.eval(pf, src, mElem), true
		case mBytes:
			return a.typeBytes(f, p, p.Type()), true
		}
	}
	return Unknown, false
}

// ---- parameters, free variables, loads ----

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
	if sites, ok := a.ix.Callers(fn); ok {
		if len(sites) == 0 || len(sites) > maxSites {
			return Unknown
		}
		r := none
		for _, s := range sites {
			r = Join(r, evalArg(a.root(s.Parent()), s))
		}
		return r
	}
	return a.opaqueParam(f, p, m)
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
	return a.opaque(f, p, m, p.Name(), true)
}

// opaque estimates a value from code the analysis cannot see: a
// collection from there grows with its caller's input.
func (a *Estimator) opaque(f *frame, v ssa.Value, m measure, name string, simple bool) Length {
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
		if receiverRooted(v) || enumElems(t) {
			// A method's own state (scopes, filters, credentials a
			// client keeps), or a list of enumerated values, is not the
			// caller's unbounded input.
			return Unknown
		}
		if name == "" {
			name, simple = "a collection", false
		}
		return Length{Grow: &Growth{Name: name, Simple: simple}}
	case mElem, mKey:
		return typeElem(t, m)
	case mBytes:
		return a.typeBytes(f, v, t)
	}
	return Unknown
}

// receiverRooted reports whether v is read from a field (or a field of a
// field) of the receiver of the method it is in.
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
		case *ssa.Parameter:
			fn := x.Parent()
			return fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == x && i > 0
		default:
			return false
		}
	}
	return false
}

// enumElems reports whether the elements of collection type t are of a
// named basic type for which its package declares constants: a list of
// enumerated values (statuses, kinds), which stays short.
func enumElems(t types.Type) bool {
	var elem types.Type
	switch u := under(deref(t)).(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	default:
		return false
	}
	n, ok := types.Unalias(elem).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	if _, ok := n.Underlying().(*types.Basic); !ok {
		return false
	}
	scope := n.Obj().Pkg().Scope()
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(c.Type(), n) {
			return true
		}
	}
	return false
}

// typeElem estimates an element (or key) of a collection of type t from
// its type alone.
func typeElem(t types.Type, m measure) Length {
	switch u := under(deref(t)).(type) {
	case *types.Slice:
		return elemTypeBytes(u.Elem())
	case *types.Array:
		return elemTypeBytes(u.Elem())
	case *types.Map:
		if m == mKey {
			return elemTypeBytes(u.Key())
		}
		return elemTypeBytes(u.Elem())
	case *types.Chan:
		return elemTypeBytes(u.Elem())
	}
	return Unknown
}

func elemTypeBytes(t types.Type) Length {
	if b, ok := under(t).(*types.Basic); ok {
		return basicBytes(b)
	}
	return Unknown
}

func (a *Estimator) freeVar(f *frame, fv *ssa.FreeVar, m measure) Length {
	mc := a.ix.Closure(fv.Parent())
	if mc == nil {
		return a.opaque(f, fv, m, fv.Name(), true)
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
	l := a.loadAny(f, u, m)
	if m == mCount && l.Grow != nil && receiverRooted(u) {
		// A list the method keeps in its receiver grows with its own
		// state (scopes, filters), not with the caller's input.
		return Unknown
	}
	return l
}

func (a *Estimator) loadAny(f *frame, u *ssa.UnOp, m measure) Length {
	name, simple := a.nameOf(u)
	var exported bool
	switch x := a.unwrap(u.X).(type) {
	case *ssa.FieldAddr:
		fld := valueflow.FieldOf(x)
		exported = fld == nil || fld.Exported() || fld.Pkg() != a.ix.Pkg.Pkg
	case *ssa.Global:
		exported = x.Pkg != a.ix.Pkg || x.Object() == nil || x.Object().Exported()
	}
	if exported && m == mCount {
		return a.opaque(f, u, m, name, simple)
	}
	r := none
	for _, o := range a.ix.Origins(u) {
		if o.V == nil {
			return a.opaque(f, u, m, name, simple)
		}
		if o.Field != nil || o.Global != nil || o.V == ssa.Value(u) {
			// An unexported field or variable of this package with no
			// stores: its zero value, or set by means the analysis
			// cannot see.
			if m == mCount {
				return Unknown
			}
			r = Join(r, a.opaque(f, u, m, name, simple))
			continue
		}
		if ld, ok := o.V.(*ssa.UnOp); ok && ld.Op == token.MUL {
			// A load whose stores are not visible.
			r = Join(r, a.opaque(f, u, m, name, simple))
			continue
		}
		r = Join(r, a.eval(a.frameFor(f, o.V), o.V, m))
	}
	if r.none {
		return a.opaque(f, u, m, name, simple)
	}
	return r
}

// unwrap replaces a free variable by the value its closure binds.
func (a *Estimator) unwrap(v ssa.Value) ssa.Value { return a.ix.ResolveFreeVar(v) }

// ---- type helpers ----

// under returns the underlying type of t, or for a type parameter the
// underlying type shared by every type of its constraint's type set
// (its core type), or nil.
func under(t types.Type) types.Type {
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		return t.Underlying()
	}
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	core, _ := coreOf(iface, nil, 0)
	return core
}

// coreOf folds the terms of the type set of iface into core: the one
// underlying type they share, or ok false.
func coreOf(iface *types.Interface, core types.Type, depth int) (types.Type, bool) {
	if depth > 8 {
		return nil, false
	}
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		var terms []types.Type
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := 0; j < e.Len(); j++ {
				terms = append(terms, e.Term(j).Type())
			}
		default:
			terms = append(terms, e)
		}
		for _, term := range terms {
			u := term.Underlying()
			if inner, isIface := u.(*types.Interface); isIface {
				var ok bool
				if core, ok = coreOf(inner, core, depth+1); !ok {
					return nil, false
				}
				continue
			}
			if core == nil {
				core = u
			} else if !types.Identical(core, u) {
				return nil, false
			}
		}
	}
	return core, true
}

func deref(t types.Type) types.Type {
	if p, ok := under(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func isString(t types.Type) bool {
	b, ok := under(t).(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// isByteSeq reports whether t is a string or a []byte.
func isByteSeq(t types.Type) bool {
	if isString(t) {
		return true
	}
	s, ok := under(t).(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Byte || b.Kind() == types.Uint8)
}

// isCollection reports whether t is a slice, array (or pointer to one),
// map or channel other than a byte sequence.
func isCollection(t types.Type) bool {
	if isByteSeq(t) {
		return false
	}
	switch under(deref(t)).(type) {
	case *types.Slice, *types.Array, *types.Map, *types.Chan:
		return true
	}
	return false
}

// isOpaque reports whether t is a collection whose size the analysis does
// not attribute to the program's input: url.Values and http.Header come
// from a URL or request that already got through.
func isOpaque(t types.Type) bool {
	return typeutil.IsNamedValue(t, httplib.URL, "Values") || typeutil.IsNamedValue(t, httplib.NetHTTP, "Header")
}

// ---- syntax, for messages ----

// enclosing returns the syntax nodes enclosing pos, innermost first.
func (a *Estimator) enclosing(pos token.Pos) []ast.Node {
	if !pos.IsValid() {
		return nil
	}
	return lint.Enclosing(a.files, pos)
}

// callText returns the source of the function expression of the call
// whose opening parenthesis is at lparen ("q.Add"), or fallback.
func (a *Estimator) callText(lparen token.Pos, fallback string) string {
	for _, n := range a.enclosing(lparen) {
		if c, ok := n.(*ast.CallExpr); ok && c.Lparen == lparen {
			return types.ExprString(c.Fun)
		}
	}
	return fallback
}

// Describe returns a short source description of instr for messages: the
// function expression of a call ("q.Add"), or the map store.
func (a *Estimator) Describe(instr ssa.Instruction) string {
	switch i := instr.(type) {
	case ssa.CallInstruction:
		name := ""
		if fn := valueflow.StaticCallee(i.Common()); fn != nil {
			name = fn.Name()
		} else if i.Common().IsInvoke() {
			name = i.Common().Method.Name()
		}
		return a.callText(i.Pos(), name)
	case *ssa.MapUpdate:
		for _, n := range a.enclosing(instrPos(i)) {
			switch n := n.(type) {
			case *ast.IndexExpr:
				return types.ExprString(n.X) + "[" + types.ExprString(n.Index) + "] = …"
			case *ast.CompositeLit:
				if n.Type != nil {
					return "the " + types.ExprString(n.Type) + " literal"
				}
				return "a literal"
			}
		}
		return "a map store"
	}
	return "this code"
}

// nameOf names a collection as the source does, for messages.
func (a *Estimator) nameOf(v ssa.Value) (string, bool) {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.Parameter:
			return x.Name(), true
		case *ssa.FreeVar:
			if b := a.unwrap(x); b != ssa.Value(x) {
				v = b
				continue
			}
			return x.Name(), true
		case *ssa.Alloc:
			if isVarComment(x.Comment) {
				return x.Comment, true
			}
			return "", false
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return "", false
			}
			switch addr := a.unwrap(x.X).(type) {
			case *ssa.FieldAddr:
				return a.fieldName(addr.X, valueflow.FieldOf(addr))
			case *ssa.Global:
				if addr.Pkg != nil && addr.Pkg != a.ix.Pkg {
					return addr.Pkg.Pkg.Name() + "." + addr.Name(), true
				}
				return addr.Name(), true
			case *ssa.Alloc:
				if isVarComment(addr.Comment) {
					return addr.Comment, true
				}
			case *ssa.FreeVar:
				return addr.Name(), true
			}
			return "", false
		case *ssa.Field:
			return a.fieldName(x.X, valueflow.FieldOf(x))
		case *ssa.Call:
			name := ""
			if fn := valueflow.StaticCallee(&x.Call); fn != nil {
				name = fn.Name()
			} else if x.Call.IsInvoke() {
				name = x.Call.Method.Name()
			}
			return "the result of " + a.callText(x.Pos(), name) + "()", false
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.Slice:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		default:
			return "", false
		}
	}
	return "", false
}

func (a *Estimator) fieldName(base ssa.Value, fld *types.Var) (string, bool) {
	if fld == nil {
		return "", false
	}
	if b, ok := a.nameOf(base); ok && b != "" {
		return b + "." + fld.Name(), true
	}
	return fld.Name(), true
}

// isVarComment reports whether the comment of an SSA Alloc names a
// source variable rather than a synthetic allocation.
func isVarComment(c string) bool {
	switch c {
	case "", "slicelit", "varargs", "complit", "makeslice", "new", "rangefunc.exit":
		return false
	}
	return token.IsIdentifier(c)
}

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
