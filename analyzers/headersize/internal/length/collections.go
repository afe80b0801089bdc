package length

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// countAt estimates the number of elements of v where it is used in
// block at, applying the length guards that dominate at.
func (a *Estimator) countAt(f *frame, v ssa.Value, at *ssa.BasicBlock) Length {
	if v == nil {
		return Unknown
	}
	l := a.eval(f, v, mCount)
	if at == nil || l.IsConst() {
		return l
	}
	if n, ok := a.guardBound(v, at); ok {
		if n < 0 {
			// A guard against a non-constant size: deliberately bounded.
			if !l.Bounded {
				return Unknown
			}
			return l
		}
		if !l.Bounded || n < l.Max {
			g := Length{Min: min(l.Min, n), Max: n, Bounded: true}
			return g.asBatch(v, token.NoPos, Step{})
		}
	}
	return l
}

func (a *Estimator) count(f *frame, v ssa.Value) Length {
	t := v.Type()
	if arr, ok := under(deref(t)).(*types.Array); ok {
		return Const(int(arr.Len()))
	}
	if isString(t) {
		// Ranging over a string: at most one element per byte.
		l := a.eval(f, v, mBytes)
		l.Min = 0
		return l
	}
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value == nil {
			return Const(0)
		}
	case *ssa.Slice:
		return a.sliceCount(f, v)
	case *ssa.MakeSlice:
		if n, ok := intConst(v.Len); ok {
			return Const(n)
		}
		if coll := lenArg(v.Len); coll != nil {
			return a.countAt(f, coll, v.Block())
		}
		return Unknown
	case *ssa.MakeMap:
		return a.objectAt(f, v, mCount, nil)
	case *ssa.MakeChan:
		return Unknown
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok {
			if b.Name() == "append" && len(v.Call.Args) == 2 {
				return Add(a.eval(f, v.Call.Args[0], mCount), a.appendedCount(f, v.Call.Args[1]))
			}
			return Unknown
		}
		return a.callCount(f, v, 0)
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			return a.callCount(f, c, v.Index)
		}
		return Unknown
	case *ssa.Phi:
		return a.phi(f, v, mCount)
	case *ssa.Parameter:
		return a.param(f, v, mCount)
	case *ssa.FreeVar:
		return a.freeVar(f, v, mCount)
	case *ssa.UnOp:
		if v.Op == token.MUL {
			if _, ok := v.X.(*ssa.IndexAddr); ok {
				return Unknown // an element that is itself a collection
			}
			return a.load(f, v, mCount)
		}
		return Unknown
	case *ssa.Field:
		fld := valueflow.FieldOf(v)
		if fld != nil && (fld.Exported() || fld.Pkg() != a.ix.Pkg.Pkg) {
			return a.opaque(f, v, mCount, v)
		}
		return Unknown
	case *ssa.ChangeType:
		return a.eval(f, v.X, mCount)
	case *ssa.Convert:
		return a.eval(f, v.X, mCount)
	case *ssa.MakeInterface:
		return a.eval(f, v.X, mCount)
	case *ssa.TypeAssert:
		if !v.CommaOk {
			return a.eval(f, v.X, mCount)
		}
	}
	return Unknown
}

// appendedCount estimates the number of elements appended by append(xs,
// x...).
func (a *Estimator) appendedCount(f *frame, x ssa.Value) Length {
	if elems, ok := a.varargs(x); ok {
		return Const(len(elems))
	}
	return a.eval(f, x, mCount)
}

// sliceCount estimates the number of elements of xs[lo:hi]: a constant
// batch (xs[i:i+n], xs[i:min(i+n, len(xs))], xs[:n], an end clamped to
// len(xs)) bounds it; a tail (xs[i:], xs[i:len(xs)]) is no longer than
// xs; any other end is a deliberate, unknown bound.
func (a *Estimator) sliceCount(f *frame, s *ssa.Slice) Length {
	if n, ok := sliceBound(s); ok {
		return Const(n)
	}
	base := func() Length {
		l := a.countAt(f, s.X, s.Block())
		if s.Low != nil {
			l.Min = 0
		}
		return l
	}
	if s.High == nil {
		return base()
	}
	if lenArg(s.High) != nil && same(lenArg(s.High), s.X) {
		return base()
	}
	if k, ok := offsetFrom(s.High, s.Low); ok {
		return Const(k)
	}
	switch hi := s.High.(type) {
	case *ssa.Call:
		if b, ok := hi.Call.Value.(*ssa.Builtin); ok && b.Name() == "min" {
			best := -1
			for _, x := range hi.Call.Args {
				if k, ok := offsetFrom(x, s.Low); ok && (best < 0 || k < best) {
					best = k
				}
			}
			if best >= 0 {
				return Upto(best)
			}
		}
	case *ssa.Phi:
		// end := i + n; if end > len(xs) { end = len(xs) }
		best := -1
		for _, e := range hi.Edges {
			if k, ok := offsetFrom(e, s.Low); ok {
				best = max(best, k)
				continue
			}
			if lenArg(e) != nil {
				continue
			}
			best = -1
			break
		}
		if best >= 0 {
			return Upto(best)
		}
	}
	return Unknown
}

// offsetFrom returns k if v is lo + k (lo nil meaning 0).
func offsetFrom(v, lo ssa.Value) (int, bool) {
	if lo == nil {
		return intConst(v)
	}
	if k, ok := intConst(lo); ok {
		if n, ok := intConst(v); ok && n >= k {
			return n - k, true
		}
	}
	b, ok := v.(*ssa.BinOp)
	if !ok || b.Op != token.ADD {
		return 0, false
	}
	if k, ok := intConst(b.Y); ok && same(b.X, lo) {
		return k, true
	}
	if k, ok := intConst(b.X); ok && same(b.Y, lo) {
		return k, true
	}
	return 0, false
}

// same reports whether x and y are the same value: identical, equal
// constants, or loads of the same field or variable from the same base.
func same(x, y ssa.Value) bool {
	for i := 0; i < 8; i++ {
		if x == y {
			return true
		}
		if x == nil || y == nil {
			return false
		}
		switch xv := x.(type) {
		case *ssa.Const:
			yv, ok := y.(*ssa.Const)
			return ok && xv.Value != nil && yv.Value != nil && xv.Value.ExactString() == yv.Value.ExactString() &&
				types.Identical(xv.Type(), yv.Type())
		case *ssa.UnOp:
			yv, ok := y.(*ssa.UnOp)
			if !ok || xv.Op != token.MUL || yv.Op != token.MUL {
				return false
			}
			x, y = xv.X, yv.X
		case *ssa.FieldAddr:
			yv, ok := y.(*ssa.FieldAddr)
			if !ok || xv.Field != yv.Field {
				return false
			}
			x, y = xv.X, yv.X
		case *ssa.Field:
			yv, ok := y.(*ssa.Field)
			if !ok || xv.Field != yv.Field {
				return false
			}
			x, y = xv.X, yv.X
		default:
			return false
		}
	}
	return false
}

// callCount estimates the number of elements of result idx of call.
func (a *Estimator) callCount(f *frame, call *ssa.Call, idx int) Length {
	c := &call.Call
	fn := valueflow.StaticCallee(c)
	args := c.Args
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	switch typeutil.FuncKey(fn) {
	case "strings.Split", "strings.SplitAfter", "strings.Fields", "strings.FieldsFunc",
		"bytes.Split", "bytes.SplitAfter", "bytes.Fields", "bytes.FieldsFunc":
		l := a.eval(f, arg(0), mBytes)
		if l.Bounded {
			return Upto(l.Max + 1)
		}
		return Unknown
	case "strings.SplitN", "strings.SplitAfterN", "bytes.SplitN", "bytes.SplitAfterN":
		if n, ok := intConst(arg(2)); ok && n > 0 {
			return Upto(n)
		}
		l := a.eval(f, arg(0), mBytes)
		if l.Bounded {
			return Upto(l.Max + 1)
		}
		return Unknown
	case "slices.Collect", "slices.Sorted", "slices.SortedFunc", "slices.SortedStableFunc":
		key, src := iterSource(arg(0))
		switch key {
		case "slices.Values", "slices.All", "slices.Backward", "maps.Keys", "maps.Values", "maps.All":
			if len(src) == 1 {
				return a.countAt(f, src[0], call.Block())
			}
		}
		return Unknown
	case "slices.Clone", "slices.Clip", "slices.Grow", "maps.Clone":
		return a.countAt(f, arg(0), call.Block())
	case "slices.Compact", "slices.CompactFunc", "slices.DeleteFunc", "slices.Delete":
		l := a.countAt(f, arg(0), call.Block())
		l.Min = 0
		return l
	case "slices.Concat":
		if xs, ok := a.varargs(arg(0)); ok {
			total := Const(0)
			for _, x := range xs {
				total = Add(total, a.countAt(f, x, call.Block()))
			}
			return total
		}
		return Unknown
	case "slices.Repeat":
		if n, ok := intConst(arg(1)); ok {
			return Mul(Const(n), a.countAt(f, arg(0), call.Block()))
		}
		return Unknown
	case "net/http.Header.Values", "net/http.Request.Cookies", "net/http.Request.CookiesNamed",
		"github.com/gorilla/websocket.Subprotocols":
		// A list read from a request's headers: their size, which the
		// server that received the request limits, bounds it. Written
		// into another request it echoes that input, one line or a few
		// bytes per element, rather than growing without bound (k8s
		// forwards each WebSocket subprotocol as a header line).
		return Unknown
	}
	if callee := a.ix.Func(fn); callee != nil && len(callee.Blocks) > 0 && !c.IsInvoke() {
		if f.depth >= maxDepth {
			return Unknown
		}
		g := a.child(f, call, callee)
		r := none
		for _, ret := range returns(callee, idx) {
			r = Join(r, a.countAt(g, ret.v, ret.at))
		}
		if r.none {
			return Unknown
		}
		return r
	}
	v := extractOf(call, idx)
	if v == nil {
		return Unknown
	}
	if src := sameElemsArg(call, v.Type()); src != nil {
		// A helper of another package that returns the keys or the
		// elements of the one collection it is given (opa's
		// util.KeysSorted(m), lo.Uniq(xs)): as many as that collection.
		return a.countAt(f, src, call.Block())
	}
	return a.opaque(f, v, mCount, call)
}

// sameElemsArg returns the one argument of call that is a map whose key
// type, or a slice whose element type, is the element type of the slice
// type result, when there is exactly one such collection argument.
func sameElemsArg(call *ssa.Call, result types.Type) ssa.Value {
	sl, ok := under(result).(*types.Slice)
	if !ok {
		return nil
	}
	var src ssa.Value
	for _, arg := range call.Call.Args {
		var elem types.Type
		switch t := under(arg.Type()).(type) {
		case *types.Map:
			elem = t.Key()
		case *types.Slice:
			elem = t.Elem()
		default:
			continue
		}
		if !types.Identical(elem, sl.Elem()) {
			continue
		}
		if src != nil {
			return nil
		}
		src = arg
	}
	return src
}

// elem estimates one element (m == mElem) or key (m == mKey) of
// collection v.
func (a *Estimator) elem(f *frame, v ssa.Value, m measure) Length {
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value == nil {
			return none
		}
	case *ssa.Slice:
		if isString(v.X.Type()) {
			return basicBytes(types.Typ[types.Byte])
		}
		return a.eval(f, v.X, m)
	case *ssa.Alloc:
		return a.storedElems(f, v, true)
	case *ssa.MakeSlice:
		return a.storedElems(f, v, false)
	case *ssa.MakeMap:
		return a.mapElems(f, v, m)
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok {
			if b.Name() == "append" && len(v.Call.Args) == 2 {
				return Join(a.eval(f, v.Call.Args[0], m), a.appendedElems(f, v.Call.Args[1]))
			}
			break
		}
		return a.callElem(f, v, 0, m)
	case *ssa.Extract:
		if c, ok := v.Tuple.(*ssa.Call); ok {
			return a.callElem(f, c, v.Index, m)
		}
	case *ssa.Phi:
		r := none
		for _, e := range v.Edges {
			r = Join(r, a.eval(f, e, m))
		}
		return r
	case *ssa.Parameter:
		return a.param(f, v, m)
	case *ssa.FreeVar:
		return a.freeVar(f, v, m)
	case *ssa.UnOp:
		if v.Op == token.MUL {
			if _, ok := v.X.(*ssa.IndexAddr); !ok {
				return a.load(f, v, m)
			}
		}
	case *ssa.ChangeType:
		return a.eval(f, v.X, m)
	case *ssa.Convert:
		return a.eval(f, v.X, m)
	case *ssa.MakeInterface:
		return a.eval(f, v.X, m)
	}
	return typeElem(v.Type(), m)
}

// storedElems joins the values stored into the elements of a fresh array
// or slice through element addresses; array says whether unwritten
// elements keep their zero value.
func (a *Estimator) storedElems(f *frame, v ssa.Value, array bool) Length {
	r := none
	refs := v.Referrers()
	if refs == nil {
		return typeElem(v.Type(), mElem)
	}
	stored := 0
	for _, ref := range *refs {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				r = Join(r, a.eval(f, st.Val, mBytes))
				stored++
			}
		}
	}
	if array {
		if arr, ok := deref(v.Type()).Underlying().(*types.Array); ok && int64(stored) < arr.Len() {
			r = Join(r, zeroBytes(arr.Elem()))
		}
	} else if stored == 0 {
		return zeroBytes(elemType(v.Type()))
	}
	return r
}

// elemType returns the element type of the slice or array type t.
func elemType(t types.Type) types.Type {
	switch u := deref(t).Underlying().(type) {
	case *types.Slice:
		return u.Elem()
	case *types.Array:
		return u.Elem()
	}
	return nil
}

type ret struct {
	v  ssa.Value
	at *ssa.BasicBlock
}

// returns returns, for each return instruction of fn, the value of
// result i and the block that returns it.
func returns(fn *ssa.Function, i int) []ret {
	var out []ret
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if r, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(r.Results) {
			out = append(out, ret{r.Results[i], b})
		}
	}
	return out
}

// zeroBytes estimates the fmt form of the zero value of t.
func zeroBytes(t types.Type) Length {
	if t == nil {
		return Unknown
	}
	if b, ok := t.Underlying().(*types.Basic); ok {
		switch {
		case b.Info()&types.IsString != 0:
			l := Const(0)
			l.Safe = true
			return l
		case b.Info()&types.IsNumeric != 0:
			l := Const(1)
			l.Safe = true
			return l
		case b.Info()&types.IsBoolean != 0:
			l := Const(5)
			l.Safe = true
			return l
		}
	}
	return Unknown
}

// appendedElems joins the elements appended by append(xs, x...).
func (a *Estimator) appendedElems(f *frame, x ssa.Value) Length {
	if elems, ok := a.varargs(x); ok {
		r := none
		for _, e := range elems {
			r = Join(r, a.eval(f, e, mBytes))
		}
		return r
	}
	return a.eval(f, x, mElem)
}

// callElem estimates an element or key of result idx of call.
func (a *Estimator) callElem(f *frame, call *ssa.Call, idx int, m measure) Length {
	c := &call.Call
	fn := valueflow.StaticCallee(c)
	args := c.Args
	switch typeutil.FuncKey(fn) {
	case "strings.Split", "strings.SplitN", "strings.SplitAfter", "strings.SplitAfterN", "strings.Fields", "strings.FieldsFunc":
		if len(args) > 0 {
			l := a.eval(f, args[0], mBytes)
			l.Min = 0
			return l
		}
	case "slices.Collect", "slices.Sorted", "slices.SortedFunc", "slices.SortedStableFunc":
		if len(args) == 1 {
			key, src := iterSource(args[0])
			if len(src) == 1 {
				switch key {
				case "slices.Values", "slices.All", "slices.Backward", "maps.Values", "maps.All":
					return a.eval(f, src[0], mElem)
				case "maps.Keys":
					return a.eval(f, src[0], mKey)
				}
			}
		}
	case "slices.Clone", "slices.Clip", "slices.Grow", "maps.Clone", "slices.Compact", "slices.CompactFunc",
		"slices.DeleteFunc", "slices.Delete":
		if len(args) > 0 {
			return a.eval(f, args[0], m)
		}
	}
	if r, ok := a.calleeResult(f, call, fn, idx, m); ok {
		return r
	}
	t := call.Type()
	if tup, ok := t.(*types.Tuple); ok {
		if idx >= tup.Len() {
			return Unknown
		}
		t = tup.At(idx).Type()
	}
	return typeElem(t, m)
}

// ---- guards ----

// A guard is a length test that dominates the code it protects:
// if len(x) > n { return } makes block small, where len(x) <= n, bound
// n.
type guard struct {
	x     ssa.Value
	from  *ssa.BasicBlock // the block that tests
	small *ssa.BasicBlock
	n     int // -1: a non-constant bound
}

func (a *Estimator) guardsOf(fn *ssa.Function) []guard {
	if gs, ok := a.guards[fn]; ok {
		return gs
	}
	var gs []guard
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 || len(b.Succs) != 2 {
			continue
		}
		ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		op, x, y := cmp.Op, cmp.X, cmp.Y
		if lenCall(x) == nil {
			// n OP len(x): mirror.
			x, y = y, x
			switch op {
			case token.LSS:
				op = token.GTR
			case token.LEQ:
				op = token.GEQ
			case token.GTR:
				op = token.LSS
			case token.GEQ:
				op = token.LEQ
			}
		}
		coll := lenCall(x)
		if coll == nil {
			continue
		}
		n, isConst := intConst(y)
		if !isConst && !configured(y) {
			// len(xs) against a counter, another length, ...
			continue
		}
		var small *ssa.BasicBlock
		switch op {
		case token.GTR: // len > n: the false branch is small
			small = b.Succs[1]
		case token.GEQ:
			small, n = b.Succs[1], n-1
		case token.LSS:
			small, n = b.Succs[0], n-1
		case token.LEQ, token.EQL:
			small = b.Succs[0]
		default:
			continue
		}
		if !isConst {
			n = -1
		} else if n < 0 {
			n = 0
		}
		gs = append(gs, guard{x: coll, from: b, small: small, n: n})
	}
	a.guards[fn] = gs
	return gs
}

// configured reports whether v looks like a configured maximum: a
// parameter, a field or variable, or a call result, rather than a
// counter.
func configured(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Parameter, *ssa.Field, *ssa.Extract, *ssa.FreeVar:
		return true
	case *ssa.UnOp:
		return v.Op == token.MUL
	case *ssa.Call:
		return lenCall(v) == nil
	case *ssa.Convert:
		return configured(v.X)
	}
	return false
}

// lenCall returns X if v is exactly len(X).
func lenCall(v ssa.Value) ssa.Value {
	c, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	if b, ok := c.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" && len(c.Call.Args) == 1 {
		return c.Call.Args[0]
	}
	return nil
}

// guardBound returns the tightest bound that a guard dominating at puts
// on the length of v (-1 for a non-constant bound).
func (a *Estimator) guardBound(v ssa.Value, at *ssa.BasicBlock) (int, bool) {
	fn := at.Parent()
	if fn == nil {
		return 0, false
	}
	best, found := 0, false
	for _, g := range a.guardsOf(fn) {
		if len(g.small.Preds) != 1 || !g.small.Dominates(at) || !same(g.x, v) {
			continue
		}
		switch {
		case !found:
			best, found = g.n, true
		case g.n >= 0 && (best < 0 || g.n < best):
			best = g.n
		}
	}
	return best, found
}

// edgeBound returns the bound that a guard testing in block from puts on
// the length of v along the edge from from to to: the φ-node edge of
// if len(xs) > n { xs = xs[:n] }.
func (a *Estimator) edgeBound(v ssa.Value, from, to *ssa.BasicBlock) (int, bool) {
	for _, g := range a.guardsOf(from.Parent()) {
		if g.from == from && g.small == to && same(g.x, v) {
			return g.n, true
		}
	}
	return 0, false
}
