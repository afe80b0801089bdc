package length

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/loops"
)

// A loop is a natural loop of an SSA function, with the conditional
// branches that leave it.
type loop struct {
	*loops.Loop
	exits []*ssa.If
}

func (l *loop) contains(b *ssa.BasicBlock) bool { return l.Contains(b) }

// loopsOf returns the natural loops of fn, innermost first, computed
// once.
func (a *Estimator) loopsOf(fn *ssa.Function) []*loop {
	if ls, ok := a.loops[fn]; ok {
		return ls
	}
	var out []*loop
	for _, l := range loops.Analyze(fn).Loops {
		out = append(out, &loop{Loop: l, exits: l.Exits(fn)})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Size() < out[j].Size() })
	a.loops[fn] = out
	return out
}

// loopWithHeader returns the loop whose header is b, or nil.
func (a *Estimator) loopWithHeader(b *ssa.BasicBlock) *loop {
	for _, l := range a.loopsOf(b.Parent()) {
		if l.Header == b {
			return l
		}
	}
	return nil
}

// enclosingLoops returns the loops of b's function that contain b but not
// block outside (nil: no exclusion), innermost first.
func (a *Estimator) enclosingLoops(b, outside *ssa.BasicBlock) []*loop {
	var out []*loop
	for _, l := range a.loopsOf(b.Parent()) {
		if l.contains(b) && (outside == nil || outside.Parent() != b.Parent() || !l.contains(outside)) {
			out = append(out, l)
		}
	}
	return out
}

// trips estimates how many times loop l runs, evaluated in frame f: the
// best bound given by any of its exit conditions.
func (a *Estimator) trips(f *frame, l *loop) Length {
	best := Unknown
	have := false
	for _, ifi := range l.exits {
		t, ok := a.exitBound(f, l, ifi)
		if !ok {
			continue
		}
		if !have || better(t, best) {
			best, have = t, true
		}
	}
	if len(l.exits) > 1 {
		best.Min = 0 // another exit may leave early
	}
	return best
}

// better reports whether bound a is tighter than b.
func better(a, b Length) bool {
	switch {
	case a.Bounded && !b.Bounded:
		return true
	case a.Bounded && b.Bounded:
		return a.Max < b.Max
	case a.Grow != nil && !b.Bounded && b.Grow == nil:
		return true
	}
	return false
}

// exitBound returns the bound on the trip count that exit ifi of loop l
// gives.
func (a *Estimator) exitBound(f *frame, l *loop, ifi *ssa.If) (Length, bool) {
	cond := ifi.Cond
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond = u.X
	}
	switch c := cond.(type) {
	case *ssa.Extract:
		switch t := c.Tuple.(type) {
		case *ssa.Next:
			if r, ok := t.Iter.(*ssa.Range); ok && c.Index == 0 {
				if namedParams(r.X.Type()) {
					return Unknown, true
				}
				return a.countAt(f, r.X, l.Header), true
			}
		case *ssa.UnOp:
			if t.Op == token.ARROW && t.CommaOk && c.Index == 1 {
				return a.countAt(f, t.X, l.Header), true
			}
		}
	case *ssa.BinOp:
		switch c.Op {
		case token.LSS, token.LEQ, token.GTR, token.GEQ, token.NEQ:
		default:
			return Unknown, false
		}
		// latch: the branch that stays in the loop goes straight back to
		// the header, so the body ran once before the first test.
		latch := 0
		for _, s := range ifi.Block().Succs {
			if s == l.Header {
				latch = 1
			}
		}
		incl := 0
		if c.Op == token.LEQ || c.Op == token.GEQ {
			incl = 1
		}
		for _, pair := range [2][2]ssa.Value{{c.X, c.Y}, {c.Y, c.X}} {
			x, y := pair[0], pair[1]
			start, step, ok := a.induction(l, x)
			if !ok {
				continue
			}
			// y bounds the counter x.
			if n, ok := intConst(y); ok {
				if s, ok := intConst(start); ok && step != 0 {
					d := n - s
					if d < 0 {
						d = -d
					}
					k := step
					if k < 0 {
						k = -k
					}
					return Const((d+k-1)/k + incl + latch), true
				}
				if coll := lenArg(start); coll != nil {
					return a.countAt(f, coll, l.Header), true
				}
			}
			if coll := lenArg(y); coll != nil {
				return a.countAt(f, coll, l.Header), true
			}
		}
	}
	return Unknown, false
}

// induction reports whether v is a counter of loop l (a φ-node of its
// header, or such a φ plus a constant) that changes by a constant step
// each iteration, and returns the counter's first value (as a value, for
// v itself) and its step.
func (a *Estimator) induction(l *loop, v ssa.Value) (start ssa.Value, step int, ok bool) {
	offset := 0
	if b, isBin := v.(*ssa.BinOp); isBin && (b.Op == token.ADD || b.Op == token.SUB) {
		if k, isConst := intConst(b.Y); isConst {
			if b.Op == token.SUB {
				k = -k
			}
			offset = k
			v = b.X
		}
	}
	phi, isPhi := v.(*ssa.Phi)
	if !isPhi || phi.Block() != l.Header {
		return nil, 0, false
	}
	var init ssa.Value
	for i, e := range phi.Edges {
		pred := phi.Block().Preds[i]
		if !l.contains(pred) {
			if init != nil && init != e {
				return nil, 0, false
			}
			init = e
			continue
		}
		b, isBin := e.(*ssa.BinOp)
		if !isBin || b.X != phi || (b.Op != token.ADD && b.Op != token.SUB) {
			return nil, 0, false
		}
		k, isConst := intConst(b.Y)
		if !isConst {
			return nil, 0, false
		}
		if b.Op == token.SUB {
			k = -k
		}
		if step != 0 && step != k {
			return nil, 0, false
		}
		step = k
	}
	if init == nil || step == 0 {
		return nil, 0, false
	}
	if offset != 0 {
		if s, isConst := intConst(init); isConst {
			return ssa.NewConst(constant.MakeInt64(int64(s+offset)), types.Typ[types.Int]), step, true
		}
	}
	return init, step, true
}

// intConst returns the value of an integer constant.
func intConst(v ssa.Value) (int, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	n, exact := constant.Int64Val(c.Value)
	if !exact || n > maxBytes || n < -maxBytes {
		return 0, false
	}
	return int(n), true
}

// lenArg returns X if v is len(X) (possibly plus or minus a constant).
func lenArg(v ssa.Value) ssa.Value {
	if b, ok := v.(*ssa.BinOp); ok && (b.Op == token.ADD || b.Op == token.SUB) {
		if _, isConst := intConst(b.Y); isConst {
			v = b.X
		}
	}
	c, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	if b, ok := c.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" && len(c.Call.Args) == 1 {
		return c.Call.Args[0]
	}
	return nil
}

// loopSite returns the position of the loop statement of l that
// encloses instr: the source loops that enclose instr are matched,
// innermost first, with the SSA loops that contain it.
func (a *Estimator) loopSite(l *loop, instr ssa.Instruction) token.Pos {
	pos := InstrPos(instr)
	if !pos.IsValid() {
		return token.NoPos
	}
	rank := 0
	for _, o := range a.loopsOf(instr.Parent()) {
		if o == l {
			break
		}
		if o.contains(instr.Block()) {
			rank++
		}
	}
	var stmts []ast.Node
walk:
	for _, n := range a.enclosing(pos) {
		switch n := n.(type) {
		case *ast.RangeStmt:
			if a.isFuncRange(n) {
				// A range-over-func body is another SSA function.
				break walk
			}
			stmts = append(stmts, n)
		case *ast.ForStmt:
			stmts = append(stmts, n)
		case *ast.FuncLit, *ast.FuncDecl:
			break walk
		}
	}
	if rank < len(stmts) {
		return stmts[rank].Pos()
	}
	return pos
}

func (a *Estimator) isFuncRange(r *ast.RangeStmt) bool {
	if a.info == nil || r.X == nil {
		return false
	}
	t := a.info.TypeOf(r.X)
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// InstrPos returns a position for instr: its own, or that of the value
// it stores or defines.
func InstrPos(instr ssa.Instruction) token.Pos {
	if p := instr.Pos(); p.IsValid() {
		return p
	}
	switch i := instr.(type) {
	case *ssa.MapUpdate:
		return i.Value.Pos()
	case *ssa.Store:
		return i.Val.Pos()
	}
	return token.NoPos
}

// namedParams reports whether t is a map that holds named parameters
// (string keys with values other than a set's bool or struct{}) rather
// than a list: copying such a map into a query or headers is not a list
// growing with the input.
func namedParams(t types.Type) bool {
	m, ok := under(t).(*types.Map)
	if !ok || !isString(m.Key()) {
		return false
	}
	switch v := m.Elem().Underlying().(type) {
	case *types.Basic:
		return v.Kind() != types.Bool
	case *types.Struct:
		return v.NumFields() > 0
	}
	return true
}
