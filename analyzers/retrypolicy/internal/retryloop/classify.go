package retryloop

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// budget bounds the values visited by one classification.
const budget = 400

// condClass classifies what a loop exit condition depends on.
type condClass struct {
	f      *Forest
	l      *Loop
	a      Attempt
	seen   map[ssa.Value]bool
	purity map[*ssa.Function]purity
	// fr marks the blocks reachable from the failure edge, or is nil;
	// failIf is the block whose failure edge goes straight to the
	// header, or nil.
	fr     []bool
	failIf *ssa.BasicBlock
	// iv, when not nil, tells what changes between attempts along the
	// retry's failure path.
	iv *invariance
}

// afterFailure reports whether block b may run after the failure edge.
func (c *condClass) afterFailure(b *ssa.BasicBlock) bool {
	return c.fr == nil || c.fr[b.Index] || b == c.failIf
}

func (c *condClass) inLoop(v ssa.Value) bool {
	instr, ok := v.(ssa.Instruction)
	return ok && instr.Block() != nil && c.l.Contains(instr.Block())
}

// classify returns the kinds of bound an exit conditioned on v may be.
func (c *condClass) classify(v ssa.Value) BoundKind {
	if v == nil || c.seen[v] {
		return 0
	}
	if len(c.seen) > budget {
		return BoundUnknown
	}
	c.seen[v] = true
	if v == c.a.Err || v == c.a.Resp {
		return 0
	}
	if instr, ok := v.(ssa.Instruction); ok && instr == c.a.Call {
		return 0
	}
	if x, ok := v.(*ssa.UnOp); ok && x.Op == token.MUL {
		// context.Canceled, context.DeadlineExceeded.
		if g, ok := x.X.(*ssa.Global); ok && g.Pkg != nil && g.Pkg.Pkg.Path() == httplib.Context {
			return BoundContext
		}
	}
	if !c.inLoop(v) {
		return 0 // the same on every iteration
	}
	switch x := v.(type) {
	case *ssa.Phi:
		if x.Block() == c.l.Header {
			if c.inductive(x) {
				return BoundCounter
			}
			return 0
		}
		var k BoundKind
		for _, e := range x.Edges {
			k |= c.classify(e)
		}
		return k
	case *ssa.UnOp:
		switch x.Op {
		case token.ARROW:
			if isContextDone(x.X) {
				if neverDone(doneContext(x.X)) {
					return 0
				}
				return BoundContext
			}
			return BoundExternal
		case token.MUL:
			// A variable the loop writes counts, unless it only resets
			// it to the same values (a body reader set to nil and made
			// again from the same bytes).
			if c.iv != nil && c.iv.rewrittenVarying(x.X) || c.iv == nil && c.storedInLoop(x.X) {
				return BoundCounter
			}
		}
		return c.classify(x.X)
	case *ssa.Select:
		// A case on a context that is never done (Background) or on a
		// timer bounds nothing; any other channel may.
		var k BoundKind
		for _, st := range x.States {
			switch {
			case st.Dir != types.RecvOnly:
				k |= BoundExternal
			case isContextDone(st.Chan):
				if !neverDone(doneContext(st.Chan)) {
					return BoundContext
				}
			case isTimerChan(st.Chan):
			default:
				k |= BoundExternal
			}
		}
		return k
	case *ssa.Next:
		return BoundExternal
	case *ssa.Call:
		return c.call(x.Common())
	case *ssa.Alloc:
		return BoundUnknown
	}
	var k BoundKind
	for _, op := range v.(ssa.Instruction).Operands(nil) {
		if op != nil && *op != nil {
			k |= c.classify(*op)
		}
	}
	return k
}

func (c *condClass) storedInLoop(addr ssa.Value) bool {
	iv := invariance{f: c.f, l: c.l}
	return iv.storedInLoop(addr)
}

// inductive reports whether header φ p changes along a back edge. Only
// the back edges that follow the failure edge count, and one whose value
// is p itself on every path from the failure edge (done = true only on
// success) does not change it.
func (c *condClass) inductive(p *ssa.Phi) bool {
	b := p.Block()
	for i, e := range p.Edges {
		if i >= len(b.Preds) || !c.l.Contains(b.Preds[i]) {
			continue
		}
		if !c.afterFailure(b.Preds[i]) {
			continue
		}
		if c.changesOnFailure(e, p, 0) {
			return true
		}
	}
	return false
}

// changesOnFailure reports whether e, the value a back edge gives header
// φ p, may differ from p when the iteration took the failure edge.
func (c *condClass) changesOnFailure(e ssa.Value, p *ssa.Phi, depth int) bool {
	if e == ssa.Value(p) {
		return false
	}
	join, ok := e.(*ssa.Phi)
	if !ok || c.fr == nil || depth > 4 || join.Block() == c.l.Header || !c.inLoop(join) {
		return true
	}
	jb := join.Block()
	for i, x := range join.Edges {
		if i < len(jb.Preds) && c.afterFailure(jb.Preds[i]) && c.changesOnFailure(x, p, depth+1) {
			return true
		}
	}
	return false
}

func (c *condClass) call(cc *ssa.CallCommon) BoundKind {
	var k BoundKind
	if cc.IsInvoke() {
		m := cc.Method
		if httplib.IsContext(cc.Value.Type()) {
			if neverDone(cc.Value) {
				return 0
			}
			return BoundContext
		}
		if m != nil && isErrorMethod(cc) {
			return c.classify(cc.Value)
		}
		return BoundUnknown
	}
	fn := valueflow.StaticCallee(cc)
	if fn == nil {
		return BoundUnknown
	}
	path := ""
	if fn.Pkg() != nil {
		path = fn.Pkg().Path()
	}
	switch {
	case path == httplib.Time:
		return BoundTime
	case path == httplib.Context:
		return BoundContext
	case httplib.IsRetryLibrary(path):
		return BoundLibrary
	}
	for _, a := range cc.Args {
		if httplib.IsContext(a.Type()) {
			// A call that takes a context (a context-aware wait or
			// check) and decides the exit: cancellation ends the loop.
			k |= BoundContext
		}
	}
	switch {
	case typeutil.IsStd(path) && pureStd(path):
	case c.f.Fn.Pkg != nil && fn.Pkg() == c.f.Fn.Pkg.Pkg:
		callee := c.f.Fn.Prog.FuncValue(fn)
		if callee == nil || !c.pure(callee) {
			return k | BoundUnknown
		}
	default:
		return k | BoundUnknown
	}
	for _, a := range cc.Args {
		k |= c.classify(a)
	}
	return k
}

// isErrorMethod reports an interface call of a method of error or
// net.Error (Error, Timeout, Temporary, Unwrap): a function of the error.
func isErrorMethod(cc *ssa.CallCommon) bool {
	switch cc.Method.Name() {
	case "Error", "Timeout", "Temporary", "Unwrap":
		return true
	}
	return false
}

// pureStd reports standard-library packages whose functions compute
// without side effects that could end a loop.
func pureStd(path string) bool {
	switch path {
	case "errors", "strings", "bytes", "strconv", "fmt", "unicode", "unicode/utf8", "math",
		"net/url", "net", "os", "net/http", "io", "encoding/json", "sort", "slices", "maps", "syscall", "log", "log/slog":
		return true
	}
	return false
}

// pure reports whether fn, a function of this package, has no effect
// visible outside it: no stores to memory other than its own locals, and
// calls only to pure functions.
// purity is what condClass.pure knows of a function: nothing yet, pure,
// impure, or being checked (a recursive call counts as pure until the
// check ends).
type purity uint8

const (
	_ purity = iota // nothing known yet
	purityPure
	purityImpure
	purityChecking
)

// maxPurityFuncs bounds the functions one condClass checks for purity.
const maxPurityFuncs = 64

func (c *condClass) pure(fn *ssa.Function) bool {
	switch c.purity[fn] {
	case purityPure, purityChecking:
		return true
	case purityImpure:
		return false
	}
	if len(fn.Blocks) == 0 || len(c.purity) > maxPurityFuncs {
		return false
	}
	c.purity[fn] = purityChecking
	ok := true
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Store:
				if !localObject(x.Addr) {
					ok = false
				}
			case *ssa.Send, *ssa.Select, *ssa.Go, *ssa.MapUpdate:
				ok = false
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					ok = false
				}
			case ssa.CallInstruction:
				cc := x.Common()
				if cc.IsInvoke() {
					if !isErrorMethod(cc) {
						ok = false
					}
					continue
				}
				callee := valueflow.StaticCallee(cc)
				if callee == nil {
					ok = false
					continue
				}
				p := ""
				if callee.Pkg() != nil {
					p = callee.Pkg().Path()
				}
				switch {
				case typeutil.IsStd(p) && pureStd(p):
				case fn.Pkg != nil && callee.Pkg() == fn.Pkg.Pkg:
					if f := fn.Prog.FuncValue(callee); f == nil || !c.pure(f) {
						ok = false
					}
				default:
					ok = false
				}
			}
		}
	}
	if ok {
		c.purity[fn] = purityPure
	} else {
		c.purity[fn] = purityImpure
	}
	return ok
}

// localObject reports whether addr is a local variable of its function
// or an element of one.
func localObject(addr ssa.Value) bool {
	switch a := addr.(type) {
	case *ssa.Alloc:
		return true
	case *ssa.FieldAddr:
		_, ok := a.X.(*ssa.Alloc)
		return ok
	case *ssa.IndexAddr:
		_, ok := a.X.(*ssa.Alloc)
		return ok
	}
	return false
}

// doneContext returns the context whose Done() channel ch is (see
// isContextDone).
func doneContext(ch ssa.Value) ssa.Value {
	cc := ch.(*ssa.Call).Common()
	if cc.IsInvoke() {
		return cc.Value
	}
	if len(cc.Args) > 0 {
		return cc.Args[0]
	}
	return nil
}

// neverDone reports whether context ctx is context.Background() or
// context.TODO() on every path (also under WithValue or WithoutCancel):
// its Done channel is nil and never ready, and its Err is always nil.
func neverDone(ctx ssa.Value) bool {
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		v = valueflow.StripCopies(v)
		if v == nil || len(seen) > budget {
			return false
		}
		if seen[v] {
			return true
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !walk(e) {
					return false
				}
			}
			return len(x.Edges) > 0
		case *ssa.Call:
			switch typeutil.FuncKey(valueflow.StaticCallee(x.Common())) {
			case "context.Background", "context.TODO", "context.WithoutCancel":
				return true
			case "context.WithValue":
				return len(x.Call.Args) == 3 && walk(x.Call.Args[0])
			}
		}
		return false
	}
	return walk(ctx)
}

// isContextDone reports whether ch is ctx.Done() of a context.
func isContextDone(ch ssa.Value) bool {
	call, ok := ch.(*ssa.Call)
	if !ok {
		return false
	}
	cc := call.Common()
	if cc.IsInvoke() {
		return cc.Method.Name() == "Done" && httplib.IsContext(cc.Value.Type())
	}
	fn := valueflow.StaticCallee(cc)
	return fn != nil && fn.Name() == "Done" && fn.Pkg() != nil && fn.Pkg().Path() == httplib.Context
}

// countAttempts computes how many times the attempt runs when the exit
// at iff, conditioned on a counter compared with a constant, bounds the
// loop; 0 when it cannot.
func countAttempts(l *Loop, cb *ssa.BasicBlock, iff *ssa.If, exitTrue bool) int {
	if n := flagAttempts(l, iff, exitTrue); n > 0 {
		return n
	}
	bin, ok := iff.Cond.(*ssa.BinOp)
	if !ok {
		return 0
	}
	var p *ssa.Phi
	var k *ssa.Const
	op := bin.Op
	if x, ok := bin.X.(*ssa.Phi); ok {
		p, k = x, constOf(bin.Y)
	} else if y, ok := bin.Y.(*ssa.Phi); ok {
		p, k, op = y, constOf(bin.X), mirror(op)
	}
	// The test may use the incremented value: i+1 < n.
	offset := int64(0)
	if p == nil {
		if x, ok := bin.X.(*ssa.BinOp); ok && x.Op == token.ADD {
			if q, ok := x.X.(*ssa.Phi); ok {
				if c := constOf(x.Y); c != nil {
					p, k = q, constOf(bin.Y)
					offset = c.Int64()
				}
			}
		}
	}
	if p == nil || k == nil || p.Block() != l.Header || k.Value == nil || k.Value.Kind() != constant.Int {
		return 0
	}
	bound := k.Int64()
	var init, step int64
	haveInit, haveStep := false, false
	b := p.Block()
	for i, e := range p.Edges {
		if i >= len(b.Preds) {
			return 0
		}
		if !l.Contains(b.Preds[i]) {
			c := constOf(e)
			if c == nil || c.Value == nil || c.Value.Kind() != constant.Int || (haveInit && c.Int64() != init) {
				return 0
			}
			init, haveInit = c.Int64(), true
			continue
		}
		add, ok := e.(*ssa.BinOp)
		if !ok || add.X != p {
			return 0
		}
		c := constOf(add.Y)
		if c == nil || c.Value == nil || c.Value.Kind() != constant.Int {
			return 0
		}
		s := c.Int64()
		if add.Op == token.SUB {
			s = -s
		} else if add.Op != token.ADD {
			return 0
		}
		if haveStep && s != step {
			return 0
		}
		step, haveStep = s, true
	}
	if !haveInit || !haveStep || step == 0 {
		return 0
	}
	holds := func(v int64) bool { return compare(op, v, bound) }
	before := iff.Block().Dominates(cb)
	after := cb.Dominates(iff.Block())
	if !before && !after {
		return 0
	}
	count := 0
	v := init
	for i := 0; i < 10000; i++ {
		exits := holds(v+offset) == exitTrue
		if before {
			if exits {
				return count
			}
			count++
		} else {
			count++
			if exits {
				return count
			}
		}
		v += step
	}
	return 0
}

// flagAttempts counts the attempts of a loop bounded by a boolean flag
// that the retry path flips (if !retried { retried = true; goto retry }):
// the header φ starts as one constant and every back edge gives it the
// other, and the exit at iff is taken once it is flipped. It returns 2,
// or 0 when iff is not such a test.
func flagAttempts(l *Loop, iff *ssa.If, exitTrue bool) int {
	cond, neg := iff.Cond, false
	if u, ok := cond.(*ssa.UnOp); ok && u.Op == token.NOT {
		cond, neg = u.X, true
	}
	p, ok := cond.(*ssa.Phi)
	if !ok || p.Block() != l.Header {
		return 0
	}
	var first, flipped constant.Value
	for i, e := range p.Edges {
		k := constOf(e)
		if k == nil || k.Value == nil || k.Value.Kind() != constant.Bool || i >= len(p.Block().Preds) {
			return 0
		}
		if !l.Contains(p.Block().Preds[i]) {
			if first != nil && constant.BoolVal(first) != constant.BoolVal(k.Value) {
				return 0
			}
			first = k.Value
		} else {
			if flipped != nil && constant.BoolVal(flipped) != constant.BoolVal(k.Value) {
				return 0
			}
			flipped = k.Value
		}
	}
	if first == nil || flipped == nil || constant.BoolVal(first) == constant.BoolVal(flipped) {
		return 0
	}
	exits := func(v constant.Value) bool { return (constant.BoolVal(v) != neg) == exitTrue }
	if !exits(first) && exits(flipped) {
		return 2
	}
	return 0
}

func constOf(v ssa.Value) *ssa.Const {
	c, _ := v.(*ssa.Const)
	return c
}

// compare evaluates the comparison x op y.
func compare(op token.Token, x, y int64) bool {
	switch op {
	case token.EQL:
		return x == y
	case token.NEQ:
		return x != y
	case token.LSS:
		return x < y
	case token.LEQ:
		return x <= y
	case token.GTR:
		return x > y
	case token.GEQ:
		return x >= y
	}
	return false
}
