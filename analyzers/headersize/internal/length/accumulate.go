package length

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// phi estimates a φ-node. At a loop header, a φ-node whose back edges
// depend on itself accumulates: its length is the entry value plus the
// loop's trip count times the growth of one iteration.
func (a *Estimator) phi(f *frame, phi *ssa.Phi, m measure) Length {
	l := a.loopWithHeader(phi.Block())
	var back []ssa.Value
	for i, e := range phi.Edges {
		if i >= len(phi.Block().Preds) {
			break
		}
		if l != nil && l.contains(phi.Block().Preds[i]) {
			back = append(back, e)
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
	if !as.used || !extendsAny(phi, back) {
		// The loop only keeps or replaces the value (url = x in one
		// case of a switch): nothing accumulates.
		return Join(r, step)
	}
	if step.Bounded && step.Max == 0 {
		return r
	}
	how := Step{Kind: StepConcat}
	if m == mCount {
		how = Step{Kind: StepAppend}
	}
	var at ssa.Instruction = phi
	if bi, ok := back[0].(ssa.Instruction); ok {
		at = bi
	}
	if n, ok := a.selfBound(l, phi, back); ok {
		// The loop stops once the accumulated value is long enough.
		return Join(r, Add(Upto(n), step))
	}
	if n, ok := flushBound(l, phi); ok {
		// The value is flushed and reset once it is long enough.
		return Join(r, Add(Upto(n), step))
	}
	trips := a.trips(f, l)
	trips = trips.At(a.loopSite(l, at), how).asBatch(a.tripColl(l), a.loopSite(l, at), how)
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

// flushBound returns n when loop l resets the accumulated value φ to
// the empty string on a branch taken when its length passes the
// constant n: for … { if len(s)+len(x) > n { flush(s); s = "" }; s += x }.
func flushBound(l *loop, phi *ssa.Phi) (int, bool) {
	fn := phi.Parent()
	for _, b := range l.Blocks(fn) {
		for _, instr := range b.Instrs {
			q, ok := instr.(*ssa.Phi)
			if !ok || q == phi {
				continue
			}
			hasPhi, resetFrom := false, -1
			for i, e := range q.Edges {
				switch {
				case valueflow.StripCopies(e) == ssa.Value(phi):
					hasPhi = true
				case isEmptyString(e):
					resetFrom = i
				}
			}
			if !hasPhi || resetFrom < 0 || resetFrom >= len(q.Block().Preds) {
				continue
			}
			reset := q.Block().Preds[resetFrom]
			for _, g := range l.Blocks(fn) {
				ifi, ok := lastIf(g)
				if !ok {
					continue
				}
				if n, ok := lengthOver(ifi.Cond, phi); ok && g.Succs[0].Dominates(reset) {
					return n, true
				}
			}
		}
	}
	return 0, false
}

// lengthOver returns n when cond is len(v) > n or len(v)+… > n (or >=).
func lengthOver(cond ssa.Value, v ssa.Value) (int, bool) {
	cmp, ok := cond.(*ssa.BinOp)
	if !ok || (cmp.Op != token.GTR && cmp.Op != token.GEQ) {
		return 0, false
	}
	n, isConst := intConst(cmp.Y)
	if !isConst {
		return 0, false
	}
	x := cmp.X
	if sum, ok := x.(*ssa.BinOp); ok && sum.Op == token.ADD {
		if lenCall(sum.X) == v || lenCall(sum.Y) == v {
			return n, true
		}
	}
	return n, lenCall(x) == v
}

func isEmptyString(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.Value != nil && k.Value.String() == `""`
}

func lastIf(b *ssa.BasicBlock) (*ssa.If, bool) {
	if len(b.Instrs) == 0 {
		return nil, false
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	return ifi, ok
}

// tripColl returns the collection that bounds loop l, or nil.
func (a *Estimator) tripColl(l *loop) ssa.Value {
	for _, ifi := range l.exits {
		cond := ifi.Cond
		switch c := cond.(type) {
		case *ssa.Extract:
			switch t := c.Tuple.(type) {
			case *ssa.Next:
				if r, ok := t.Iter.(*ssa.Range); ok {
					return r.X
				}
			case *ssa.UnOp:
				return t.X
			}
		case *ssa.BinOp:
			for _, x := range []ssa.Value{c.X, c.Y} {
				if coll := lenArg(x); coll != nil {
					return coll
				}
			}
		}
	}
	return nil
}

// repeats estimates how many times instr runs for one definition of
// origin.
func (a *Estimator) repeats(f *frame, instr ssa.Instruction, origin ssa.Value, how Step) Length {
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
			t := a.trips(ff, l).At(site, how).asBatch(a.tripColl(l), site, how)
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

// enclosing returns the syntax nodes around pos, innermost first.
func (a *Estimator) enclosing(pos token.Pos) []ast.Node {
	if !pos.IsValid() {
		return nil
	}
	return lint.Enclosing(a.files, pos)
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

// extendsAny reports whether one of the back-edge values builds on the
// loop's φ-node (s + x, append(s, x), a call taking s) rather than being
// the φ-node itself or a value that does not depend on it.
func extendsAny(phi *ssa.Phi, back []ssa.Value) bool {
	seen := make(map[ssa.Value]bool)
	// uses reports whether v is computed from phi; identity reports
	// whether it may be phi itself through copies and φ-nodes.
	var extends func(v ssa.Value) bool
	var uses func(v ssa.Value, depth int) bool
	uses = func(v ssa.Value, depth int) bool {
		v = valueflow.StripCopies(v)
		if v == ssa.Value(phi) {
			return true
		}
		if depth > 16 || seen[v] {
			return false
		}
		seen[v] = true
		instr, ok := v.(ssa.Instruction)
		if !ok {
			return false
		}
		for _, op := range instr.Operands(nil) {
			if op != nil && *op != nil && uses(*op, depth+1) {
				return true
			}
		}
		return false
	}
	visited := make(map[ssa.Value]bool)
	extends = func(v ssa.Value) bool {
		v = valueflow.StripCopies(v)
		if v == ssa.Value(phi) || visited[v] {
			return false
		}
		visited[v] = true
		if q, ok := v.(*ssa.Phi); ok {
			for _, e := range q.Edges {
				if extends(e) {
					return true
				}
			}
			return false
		}
		clear(seen)
		return uses(v, 0)
	}
	for _, b := range back {
		if extends(b) {
			return true
		}
	}
	return false
}
