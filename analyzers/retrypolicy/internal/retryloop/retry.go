package retryloop

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/giveup"
	"github.com/httplint/httplint/internal/ssa/setting"
)

// An Attempt is a call whose failure a loop may retry.
type Attempt struct {
	Call ssa.CallInstruction
	// Err is the attempt's error result, Resp its response result
	// (*http.Response, or a library response whose status methods are
	// known); either may be nil.
	Err, Resp ssa.Value
	// Inputs are the values that decide what the attempt sends: the
	// request, the URL, the body, the client. If one of them changes
	// along the failure path, the loop moves on rather than retrying.
	Inputs []ssa.Value
}

// An Edge is a branch of an If instruction.
type Edge struct {
	If   *ssa.If
	Succ *ssa.BasicBlock
}

// Pos returns the position of the condition the edge tests.
func (e Edge) Pos() token.Pos {
	if v, ok := e.If.Cond.(ssa.Instruction); ok && v.Pos().IsValid() {
		return v.Pos()
	}
	return e.If.Pos()
}

// A WaitKind classifies a wait on the retry path.
type WaitKind uint8

const (
	// Sleep: time.Sleep, which no context interrupts.
	Sleep WaitKind = iota + 1
	// TimerReceive: a receive from time.After, time.Tick or a timer or
	// ticker channel outside a select, which no context interrupts.
	TimerReceive
	// Receive: another channel receive, or a blocking select.
	Receive
	// SelectContext: a select with a ctx.Done() case.
	SelectContext
	// Library: a call into a retry or backoff library.
	Library
	// Helper: a call to a function of the package that waits.
	Helper
	// Possible: a call that may wait (it takes a time.Duration or a
	// context.Context and cannot be seen).
	Possible
)

// A Wait is one wait on the retry path.
type Wait struct {
	Instr ssa.Instruction
	Kind  WaitKind
	// Skip, for a SelectContext wait, is the state of a context's Done
	// case that goes on to the next attempt instead of leaving the loop
	// (case <-ctx.Done(): break, from the select only): once that
	// context is done, the wait no longer waits.
	Skip *ssa.SelectState
}

// Uninterruptible reports whether the wait ignores cancellation.
func (w Wait) Uninterruptible() bool { return w.Kind == Sleep || w.Kind == TimerReceive }

// A BoundKind says what kind of exit bounds a retry loop.
type BoundKind uint8

const (
	BoundCounter BoundKind = 1 << iota
	BoundContext
	BoundTime
	BoundLibrary
	BoundExternal // a channel receive or select decides
	BoundUnknown  // a call or value the analysis cannot see
)

// A Retry describes a retry loop of an attempt.
type Retry struct {
	Loop *Loop
	// Fail is a failure edge of the attempt that reaches a back edge.
	Fail Edge
	// Latch is a latch reached from Fail.
	Latch *ssa.BasicBlock
	// Bounds is the union of the kinds of exits on the retry path that
	// may bound the number of attempts; 0 means none.
	Bounds BoundKind
	// Attempts is the number of attempts when a counter compared with
	// constants bounds the loop, else 0.
	Attempts int
	// Waits lists the waits on the retry path, in block order.
	Waits []Wait
	// CountDown is set when the loop's only bound is a counter counted
	// down by one from a setting and compared for equality with a
	// constant (remaining == 0), and nothing checks the setting's sign: a
	// negative setting never reaches the constant.
	CountDown *CountDown
	// Wrap is set when the loop's only bound is a counter bound computed
	// as setting-K from an unsigned setting that nothing checks.
	Wrap *setting.Wrap
	// OnError reports whether the retry path can be taken after the
	// attempt failed without a response (a timeout, a reset, a lost
	// response): a test of its error leads back, a decision computed
	// from the outcome does, or the attempt has no error result. When it
	// is false, only a response the server sent (a status) is retried.
	OnError bool

	cycle []bool
	fr    []bool
	f     *Forest
}

// OnPath reports whether b is on the retry path: from the loop header to
// the attempt, and from the attempt's failure back to the header.
func (r *Retry) OnPath(b *ssa.BasicBlock) bool {
	return b != nil && b.Index < len(r.cycle) && r.cycle[b.Index]
}

// Retry returns the innermost loop that retries a, or nil.
func (f *Forest) Retry(a Attempt) *Retry {
	if a.Call == nil || f.Empty() {
		return nil
	}
	cb := a.Call.Block()
	untested := false
	for i, l := range f.Enclosing(cb) {
		r, seen := f.retry(l, a)
		if r != nil {
			return r
		}
		untested = untested || (i == 0 && !seen)
	}
	if untested && giveup.On() {
		// Nothing in the innermost loop tests the attempt's outcome as
		// far as the model sees: it may go to a helper, a field or a
		// channel that decides.
		giveup.Note(f.Fn.Prog.Fset, a.Call.Pos(), "loop-outcome-untested", f.Fn.Name())
	}
	return nil
}

// reachesWithin reports whether block to follows block from in one
// iteration of l: a path that does not pass the loop header. It lets a
// test after a join (a switch over several sends that assign the same
// err) count as a test of each send.
func reachesWithin(l *Loop, from, to *ssa.BasicBlock) bool {
	return reaches(from, to, func(b *ssa.BasicBlock) bool { return b != l.Header && l.Contains(b) })
}

type test struct {
	fail, ok *ssa.BasicBlock
	// decision: a test of a value computed from the outcome, which may
	// also look at a counter, a clock or a context.
	decision bool
}

// retry returns the retry l makes of a, or nil; tested reports whether
// any test in l was seen to look at the attempt's outcome.
func (f *Forest) retry(l *Loop, a Attempt) (_ *Retry, tested bool) {
	fn := f.Fn
	n := len(fn.Blocks)
	cb := a.Call.Block()

	// Failure tests of the attempt inside the loop.
	tests := make(map[*ssa.If]test)
	for _, b := range l.Blocks(fn) {
		if iff, fail, succ, ok := outcomeTest(b, a); ok {
			tests[iff] = test{fail: fail, ok: succ}
		}
	}
	// A failure edge that reaches a back edge within the iteration.
	var fail Edge
	var latch *ssa.BasicBlock
	fr := make([]bool, n)
	for _, b := range l.Blocks(fn) {
		iff, _ := lastIf(b)
		t, ok := tests[iff]
		if !ok || !(cb.Dominates(b) || reachesWithin(l, cb, b)) {
			continue
		}
		var reached *ssa.BasicBlock
		if t.fail == l.Header {
			reached = b
		} else if l.Contains(t.fail) {
			reached = f.walk(l, t.fail, fr, nil)
		}
		if reached != nil && latch == nil {
			fail, latch = Edge{If: iff, Succ: t.fail}, reached
		}
	}
	if latch == nil {
		// No plain error or status test leads back: accept a decision
		// computed from the attempt's outcome (if !shouldRetry(resp, err)
		// { break }), when one branch leaves the loop and the other
		// leads back.
		for _, b := range l.Blocks(fn) {
			iff, ok := lastIf(b)
			if _, isTest := tests[iff]; !ok || isTest || !cb.Dominates(b) || !dependsOn(iff.Cond, a, l) {
				continue
			}
			for i, s := range b.Succs {
				other := b.Succs[1-i]
				if l.Contains(other) || !l.Contains(s) {
					continue
				}
				var reached *ssa.BasicBlock
				if s == l.Header {
					reached = b
				} else {
					reached = f.walk(l, s, fr, nil)
				}
				if reached != nil && latch == nil {
					fail, latch = Edge{If: iff, Succ: s}, reached
					tests[iff] = test{fail: s, ok: other, decision: true}
				}
			}
		}
	}
	successFrom := cb
	if latch == nil {
		var ok *ssa.BasicBlock
		fail, latch, ok = f.rotatedFailure(l, a, cb, fr, tests)
		if latch == nil {
			return nil, len(tests) > 0
		}
		successFrom = ok
	}

	// The success side must be able to leave the loop in the same
	// iteration: otherwise the loop repeats on success too (a poller, a
	// stream reconnect loop, a worker), which is not a retry.
	if !f.successExits(l, successFrom, tests) {
		return nil, true
	}

	// What is sent must not change on the way back.
	iv := &invariance{f: f, l: l, fr: fr, fail: fail, seen: make(map[ssa.Value]bool)}
	for _, in := range a.Inputs {
		if in != nil && (iv.varies(in) || iv.retargeted(in)) {
			return nil, true
		}
	}
	// Nor which send runs: a send reached only when a value that changes
	// per iteration equals a constant runs once per matching value.
	if iv.selectedPerIteration(cb) {
		return nil, true
	}

	r := &Retry{Loop: l, Fail: fail, Latch: latch, cycle: make([]bool, n), fr: fr, f: f,
		OnError: f.retriesOnError(l, a, cb, tests)}
	f.computeCycle(r, cb, fr, tests)
	r.classifyExits(f, a, tests)
	r.Waits = f.waits(r, a)
	return r, true
}

// rotatedFailure recognises a retry whose test of the attempt's outcome
// comes at the top of the next iteration: resp, err := c.Do(req); for
// try := 0; try < n; try++ { if err == nil { break }; wait; resp, err =
// c.Do(req) }. The header φ-nodes that carry the attempt's results along
// the back edge stand for its outcome; a test of them whose failure side
// reaches the attempt within the iteration is the failure edge, the
// attempt's way back the latch. It returns the edge, the latch and the
// test's success side, or a nil latch.
func (f *Forest) rotatedFailure(l *Loop, a Attempt, cb *ssa.BasicBlock, fr []bool, tests map[*ssa.If]test) (Edge, *ssa.BasicBlock, *ssa.BasicBlock) {
	pa := Attempt{Call: a.Call, Err: carried(l, a.Err), Resp: carried(l, a.Resp)}
	if pa.Err == nil && pa.Resp == nil {
		return Edge{}, nil, nil
	}
	for _, b := range l.Blocks(f.Fn) {
		iff, fail, succ, ok := outcomeTest(b, pa)
		if !ok {
			continue
		}
		t := test{fail: fail, ok: succ}
		if !l.Contains(t.fail) || (t.fail != cb && !reachesWithin(l, t.fail, cb)) {
			continue
		}
		latch := f.walk(l, cb, fr, nil)
		if latch == nil {
			continue
		}
		tests[iff] = t
		return Edge{If: iff, Succ: t.fail}, latch, t.ok
	}
	return Edge{}, nil, nil
}

// carried returns the φ-node of l's header that receives v along every
// back edge, or nil.
func carried(l *Loop, v ssa.Value) ssa.Value {
	if v == nil {
		return nil
	}
	for _, instr := range l.Header.Instrs {
		p, ok := instr.(*ssa.Phi)
		if !ok {
			break
		}
		back, all := 0, true
		for i, e := range p.Edges {
			if i < len(l.Header.Preds) && l.Contains(l.Header.Preds[i]) {
				back++
				all = all && e == v
			}
		}
		if back > 0 && all {
			return p
		}
	}
	return nil
}

// retriesOnError reports whether a failure of the attempt without a
// response can lead back to l's header: the attempt has no error
// result, a decision computed from its outcome leads back, or the
// failure branch of a test of its error reaches a latch.
func (f *Forest) retriesOnError(l *Loop, a Attempt, cb *ssa.BasicBlock, tests map[*ssa.If]test) bool {
	if a.Err == nil {
		return true
	}
	for iff, t := range tests {
		if t.decision {
			return true
		}
		c, ok := stripNot(iff.Cond).(*ssa.BinOp)
		if !ok || !isNilCompare(c, a.Err) {
			continue
		}
		b := iff.Block()
		if !cb.Dominates(b) && !reachesWithin(l, cb, b) {
			continue
		}
		if t.fail == l.Header || (l.Contains(t.fail) && f.walk(l, t.fail, make([]bool, len(f.Fn.Blocks)), nil) != nil) {
			return true
		}
	}
	return false
}

// isDoneCase reports whether iff tests which case a select chose and
// takes its true branch for a receive from ctx.Done().
func isDoneCase(iff *ssa.If) bool {
	c, ok := iff.Cond.(*ssa.BinOp)
	if !ok || c.Op != token.EQL {
		return false
	}
	ex, ok := c.X.(*ssa.Extract)
	k, isConst := c.Y.(*ssa.Const)
	if !ok || !isConst || ex.Index != 0 || k.Value == nil {
		return false
	}
	sel, ok := ex.Tuple.(*ssa.Select)
	if !ok {
		return false
	}
	i, exact := constant.Int64Val(k.Value)
	return exact && i >= 0 && int(i) < len(sel.States) && sel.States[i].Dir == types.RecvOnly && isContextDone(sel.States[i].Chan)
}

// endsInPanic reports whether b's last instruction is a panic.
func endsInPanic(b *ssa.BasicBlock) bool {
	if len(b.Instrs) == 0 {
		return false
	}
	_, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Panic)
	return ok
}

// stripNot returns v without the logical negations around it.
func stripNot(v ssa.Value) ssa.Value {
	for {
		u, ok := v.(*ssa.UnOp)
		if !ok || u.Op != token.NOT {
			return v
		}
		v = u.X
	}
}

func lastIf(b *ssa.BasicBlock) (*ssa.If, bool) {
	if len(b.Instrs) == 0 {
		return nil, false
	}
	iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	return iff, ok && len(b.Succs) == 2
}

// walk marks in seen the blocks of l reachable from start without
// taking a back edge, and returns a latch among them (or nil). skip, if
// non-nil, gives the successors to follow for some blocks.
func (f *Forest) walk(l *Loop, start *ssa.BasicBlock, seen []bool, succs func(*ssa.BasicBlock) []*ssa.BasicBlock) *ssa.BasicBlock {
	var latch *ssa.BasicBlock
	stack := []*ssa.BasicBlock{start}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !l.Contains(b) || b == l.Header || seen[b.Index] {
			continue
		}
		seen[b.Index] = true
		if latch == nil && l.IsLatch(b) {
			latch = b
		}
		next := b.Succs
		if succs != nil {
			next = succs(b)
		}
		stack = append(stack, next...)
	}
	return latch
}

// successExits reports whether, from the attempt's block, a block
// outside l is reachable without a back edge when every failure test of
// the attempt takes its success branch. A back edge counts when the
// value it carries decides the loop's first test to leave
// (if err == nil { retries = 0 } with for retries > 0, or done = true
// with for !done).
func (f *Forest) successExits(l *Loop, cb *ssa.BasicBlock, tests map[*ssa.If]test) bool {
	seen := make([]bool, len(f.Fn.Blocks))
	type edge struct{ from, to *ssa.BasicBlock }
	stack := []edge{{nil, cb}}
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		b := e.to
		if iff, ok := lastIf(b); ok && isDoneCase(iff) && !seen[b.Index] {
			// Leaving when the context is cancelled is the end of a
			// poller's life, not a success that ends a retry.
			seen[b.Index] = true
			stack = append(stack, edge{b, b.Succs[1]})
			continue
		}
		if !l.Contains(b) {
			if endsInPanic(b) {
				// A blocking select's impossible fall-through is no way
				// out on success.
				continue
			}
			return true
		}
		if b == l.Header && b != cb {
			if e.from != nil && exitsOnEntry(l, e.from) {
				return true
			}
			continue
		}
		if seen[b.Index] {
			continue
		}
		seen[b.Index] = true
		if iff, ok := lastIf(b); ok {
			if t, ok := tests[iff]; ok {
				stack = append(stack, edge{b, t.ok})
				continue
			}
		}
		if len(b.Instrs) > 0 {
			if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				return true
			}
		}
		for _, s := range b.Succs {
			stack = append(stack, edge{b, s})
		}
	}
	return false
}

// exitsOnEntry reports whether the loop's header, entered from latch,
// leaves the loop at once: its test compares a φ of the header whose
// value on that edge is a constant, and the constant takes the exit.
func exitsOnEntry(l *Loop, latch *ssa.BasicBlock) bool {
	h := l.Header
	iff, ok := lastIf(h)
	if !ok {
		return false
	}
	k := slices.Index(h.Preds, latch)
	if k < 0 {
		return false
	}
	val := evalOnEdge(iff.Cond, h, k)
	if val == nil || val.Kind() != constant.Bool {
		return false
	}
	next := h.Succs[1]
	if constant.BoolVal(val) {
		next = h.Succs[0]
	}
	return !l.Contains(next)
}

// evalOnEdge evaluates v, an expression of header h's φ-nodes and
// constants, for the k-th incoming edge of h; it returns nil when v is
// not such an expression.
func evalOnEdge(v ssa.Value, h *ssa.BasicBlock, k int) constant.Value {
	switch x := v.(type) {
	case *ssa.Const:
		return x.Value
	case *ssa.Phi:
		if x.Block() != h || k >= len(x.Edges) {
			return nil
		}
		if c, ok := x.Edges[k].(*ssa.Const); ok {
			return c.Value
		}
	case *ssa.UnOp:
		if x.Op == token.NOT {
			if c := evalOnEdge(x.X, h, k); c != nil && c.Kind() == constant.Bool {
				return constant.MakeBool(!constant.BoolVal(c))
			}
		}
	case *ssa.BinOp:
		switch x.Op {
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			a, b := evalOnEdge(x.X, h, k), evalOnEdge(x.Y, h, k)
			if a == nil || b == nil || a.Kind() == constant.Unknown || b.Kind() == constant.Unknown || a.Kind() != b.Kind() {
				return nil
			}
			return constant.MakeBool(constant.Compare(a, x.Op, b))
		}
	}
	return nil
}

// computeCycle marks the retry path: the blocks from the header to the
// attempt, from the attempt to its failure tests, and from the failure
// edges to a latch.
func (f *Forest) computeCycle(r *Retry, cb *ssa.BasicBlock, fr []bool, tests map[*ssa.If]test) {
	l := r.Loop
	n := len(f.Fn.Blocks)
	// Backwards from the attempt to the header.
	stack := []*ssa.BasicBlock{cb}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !l.Contains(b) || r.cycle[b.Index] {
			continue
		}
		r.cycle[b.Index] = true
		if b != l.Header {
			stack = append(stack, b.Preds...)
		}
	}
	// Forward from the attempt to the failure tests whose failure edge
	// leads back (fr marks the blocks reachable from the failure edges).
	fwd := make([]bool, n)
	f.walk(l, cb, fwd, nil)
	if cb == l.Header {
		fwd[cb.Index] = true
		for _, s := range cb.Succs {
			f.walk(l, s, fwd, nil)
		}
	}
	// Blocks between the attempt and a failure test: forward from the
	// attempt and backward from a failure If.
	back := make([]bool, n)
	for iff, t := range tests {
		b := iff.Block()
		if !fwd[b.Index] || !(t.fail == l.Header || fr[t.fail.Index]) {
			continue
		}
		stack = append(stack[:0], b)
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if !fwd[x.Index] || back[x.Index] {
				continue
			}
			back[x.Index] = true
			if x != cb {
				stack = append(stack, x.Preds...)
			}
		}
	}
	for i := 0; i < n; i++ {
		if back[i] || fr[i] {
			r.cycle[i] = true
		}
	}
}

// classifyExits records what may bound the loop: every exit on the retry
// path that is not the attempt's own success or failure test.
func (r *Retry) classifyExits(f *Forest, a Attempt, tests map[*ssa.If]test) {
	l := r.Loop
	var downs []*CountDown
	var wraps []*setting.Wrap
	others := false
	defer func() {
		if !others && len(downs) == 1 && !signChecked(f.Fn, downs[0].Init) {
			r.CountDown = downs[0]
		}
		if !others && len(downs) == 0 && len(wraps) == 1 && !wraps[0].Checked(f.Fn) {
			r.Wrap = wraps[0]
		}
	}()
	for _, b := range f.Fn.Blocks {
		if !r.OnPath(b) {
			continue
		}
		iff, ok := lastIf(b)
		if !ok {
			continue
		}
		exitTrue, exitFalse := !l.Contains(b.Succs[0]), !l.Contains(b.Succs[1])
		if !exitTrue && !exitFalse {
			continue
		}
		if t, ok := tests[iff]; ok && !t.decision {
			continue
		}
		c := &condClass{f: f, l: l, a: a, seen: make(map[ssa.Value]bool), purity: make(map[*ssa.Function]purity), fr: r.fr,
			iv: &invariance{f: f, l: l, fr: r.fr, fail: r.Fail, seen: make(map[ssa.Value]bool)}}
		if r.Fail.Succ == l.Header {
			c.failIf = r.Fail.If.Block()
		}
		k := c.classify(iff.Cond)
		r.Bounds |= k
		if k == BoundCounter {
			if cd := countDown(l, iff, exitTrue); cd != nil {
				downs = append(downs, cd)
			} else if w := wrapBound(l, iff); w != nil {
				wraps = append(wraps, w)
			} else {
				others = true
			}
		} else if k != 0 {
			others = true
		}
		if k&BoundCounter != 0 {
			if n := countAttempts(l, a.Call.Block(), iff, exitTrue); n > 0 && (r.Attempts == 0 || n < r.Attempts) {
				r.Attempts = n
			}
		}
	}
}
