package retryloop

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// A Recursion is a retry by recursion: after a failure of the attempt,
// the function calls itself to try again (return c.do(req)).
type Recursion struct {
	// Call is the function's call of itself.
	Call ssa.CallInstruction
	// Fail is the failure test whose failure branch leads to Call.
	Fail Edge
	// Bounded reports an exit on the way that bounds the attempts: a
	// parameter passed changed to the call (retries-1) and tested, or a
	// context or clock check.
	Bounded bool
	// Waits are the waits between the attempt and the call.
	Waits []Wait
	// Attempts is the number of attempts a chain of calls makes, when a
	// counter parameter fixes it (see recursionAttempts), else 0.
	Attempts int
	// Reauth reports a retry after the server refused the credentials
	// (401, 407): a retry that re-authenticates, needing no backoff, but
	// recursing forever while the server keeps refusing.
	Reauth bool
}

// FindRecursion returns the retry by recursion of attempt a in fn, or
// nil: a call of fn itself on the failure branch of a test of a's
// outcome. A call that passes a different request (a next page, another
// host) moves on rather than retrying and does not count.
// self lists fn's calls of itself (SelfCalls), computed once for all the
// attempts of fn; ix, when not nil, resolves the function values it calls
// (see [Analyze]).
func FindRecursion(fn *ssa.Function, a Attempt, self []ssa.CallInstruction, ix *valueflow.Index) *Recursion {
	cb := a.Call.Block()
	if cb == nil || len(self) == 0 {
		return nil
	}
	// A transient failure first, then a refusal of the credentials.
	for _, reauth := range []bool{false, true} {
		test := outcomeTest
		if reauth {
			test = authTest
		}
		for _, b := range fn.Blocks {
			if !reachesFrom(cb, b) {
				continue
			}
			iff, fail, _, ok := test(b, a)
			if !ok {
				continue
			}
			for _, s := range self {
				if s == a.Call {
					continue
				}
				if !reachesFrom(fail, s.Block()) {
					continue
				}
				// After a refusal the function asks for new credentials
				// (git-lfs' DoWithAuth passes a new access mode): the
				// request sent again must be the same.
				if !sameInputs(fn, a, s) && !(reauth && sameRequestArg(fn, a, s)) {
					continue
				}
				r := newRecursion(fn, a, s, Edge{If: iff, Succ: fail}, cb, ix)
				r.Reauth = reauth
				return r
			}
		}
	}
	return entryRecursion(fn, a, self, ix)
}

// entryRecursion finds a retry by recursion whose test of the outcome
// comes at the entry of the next call (kiota's retryRequest): the
// function calls itself with the attempt's response or error, and a test
// of that parameter, before the attempt, leads on its failure side to the
// attempt and the call again.
func entryRecursion(fn *ssa.Function, a Attempt, self []ssa.CallInstruction, ix *valueflow.Index) *Recursion {
	cb := a.Call.Block()
	for _, s := range self {
		if s == a.Call || !reachesFrom(cb, s.Block()) || !sameInputs(fn, a, s) {
			continue
		}
		for k, arg := range s.Common().Args {
			if k >= len(fn.Params) {
				break
			}
			var prev Attempt
			switch {
			case a.Resp != nil && derives(arg, a.Resp):
				prev = Attempt{Call: a.Call, Resp: fn.Params[k]}
			case a.Err != nil && derives(arg, a.Err):
				prev = Attempt{Call: a.Call, Err: fn.Params[k]}
			default:
				continue
			}
			for _, b := range fn.Blocks {
				if !b.Dominates(cb) {
					continue
				}
				iff, fail, _, ok := outcomeTest(b, prev)
				if ok && reachesFrom(fail, cb) {
					return newRecursion(fn, a, s, Edge{If: iff, Succ: fail}, fail, ix)
				}
			}
		}
	}
	return nil
}

// PassesOn reports whether v is a parameter of the recursing function
// that its call of itself passes on unchanged (or as a request derived
// from it, req.WithContext(ctx)): each call sees the same object.
func (r *Recursion) PassesOn(v ssa.Value) bool {
	p, ok := valueflow.StripCopies(v).(*ssa.Parameter)
	if !ok {
		return false
	}
	i, args := slices.Index(p.Parent().Params, p), r.Call.Common().Args
	return i >= 0 && i < len(args) && p.Parent() == r.Call.Parent() && sameRequest(args[i], p, 0)
}

// newRecursion describes the retry by recursion through the self-call s
// after the failure edge fail, with the waits in the blocks from start
// to s.
func newRecursion(fn *ssa.Function, a Attempt, s ssa.CallInstruction, fail Edge, start *ssa.BasicBlock, ix *valueflow.Index) *Recursion {
	r := &Recursion{Call: s, Fail: fail}
	r.Bounded = boundedRecursion(fn, s)
	if r.Bounded && ix != nil {
		r.Attempts = recursionAttempts(fn, a, s, ix)
	}
	helpers := make(map[*ssa.Function]WaitKind)
	for _, wb := range fn.Blocks {
		if !reachesFrom(start, wb) || !reachesFrom(wb, s.Block()) {
			continue
		}
		for _, instr := range wb.Instrs {
			if instr == a.Call || instr == s {
				continue
			}
			if k := waitKind(ix, fn, instr, helpers, 0); k != 0 {
				r.Waits = append(r.Waits, Wait{Instr: instr, Kind: k})
			}
		}
	}
	return r
}

// reachesFrom reports whether block to can be reached from block from
// (or is from).
func reachesFrom(from, to *ssa.BasicBlock) bool {
	return reaches(from, to, func(*ssa.BasicBlock) bool { return true })
}

// reaches reports whether block to can be reached from block from (or is
// from) through successors that ok accepts.
func reaches(from, to *ssa.BasicBlock, ok func(*ssa.BasicBlock) bool) bool {
	return reachesAlong(from, to, func(_, s *ssa.BasicBlock) bool { return ok(s) })
}

// reachesAlong reports whether block to can be reached from block from
// (or is from) along the edges b -> s that ok accepts.
func reachesAlong(from, to *ssa.BasicBlock, ok func(b, s *ssa.BasicBlock) bool) bool {
	seen := map[*ssa.BasicBlock]bool{from: true}
	work := []*ssa.BasicBlock{from}
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if b == to {
			return true
		}
		for _, s := range b.Succs {
			if !seen[s] && ok(b, s) {
				seen[s] = true
				work = append(work, s)
			}
		}
	}
	return false
}

// sameInputs reports whether the self-call s sends the same thing again:
// no input of the attempt is computed from a parameter of fn that s
// passes changed (a parent domain, the next page).
func sameInputs(fn *ssa.Function, a Attempt, s ssa.CallInstruction) bool {
	args := s.Common().Args
	for i, p := range fn.Params {
		if i < len(args) && sameRequest(args[i], p, 0) {
			continue // passed on unchanged
		}
		for _, in := range a.Inputs {
			if in != nil && computedFrom(in, p) {
				return false
			}
		}
	}
	return true
}

// sameRequestArg reports whether the self-call s passes on unchanged an
// *http.Request parameter of fn from which attempt a's request is
// computed.
func sameRequestArg(fn *ssa.Function, a Attempt, s ssa.CallInstruction) bool {
	args := s.Common().Args
	for i, p := range fn.Params {
		if i >= len(args) || !httplib.IsRequest(p.Type()) || !sameRequest(args[i], p, 0) {
			continue
		}
		for _, in := range a.Inputs {
			if in != nil && computedFrom(in, p) {
				return true
			}
		}
	}
	return false
}

// computedFrom reports whether v is p or is computed from p by the
// instructions of its function, an element stored into a variadic
// argument's backing array included (base.JoinPath(name)); a request
// derived from another (req.WithContext(ctx)) is computed from that
// request only, as it sends the same thing with any context.
func computedFrom(v ssa.Value, p *ssa.Parameter) bool {
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		if v == ssa.Value(p) {
			return true
		}
		instr, ok := v.(ssa.Instruction)
		if !ok || seen[v] || len(seen) > budget {
			return false
		}
		seen[v] = true
		if c, ok := v.(*ssa.Call); ok {
			// A request derived from another (req.WithContext(ctx)) sends
			// what that one does, whatever the context.
			if from, ok := httplib.DerivedFrom(c); ok {
				return walk(from)
			}
		}
		if a, ok := v.(*ssa.Alloc); ok {
			for _, r := range *a.Referrers() {
				if ia, ok := r.(*ssa.IndexAddr); ok {
					for _, rr := range *ia.Referrers() {
						if st, ok := rr.(*ssa.Store); ok && st.Addr == ia && walk(st.Val) {
							return true
						}
					}
				}
			}
		}
		for _, op := range instr.Operands(nil) {
			if op != nil && *op != nil && walk(*op) {
				return true
			}
		}
		return false
	}
	return walk(v)
}

// boundedRecursion reports whether the recursion through s is bounded:
// an integer parameter is passed changed (n-1, n+1) and fn tests it, a
// flag is tested on the way to s and set for the call (onceFlag), or fn
// checks a context or the clock.
func boundedRecursion(fn *ssa.Function, s ssa.CallInstruction) bool {
	if onceFlag(fn, s) {
		return true
	}
	args := s.Common().Args
	for i, p := range fn.Params {
		if i >= len(args) || !isInteger(p.Type()) {
			continue
		}
		if bin, ok := args[i].(*ssa.BinOp); ok && (bin.X == ssa.Value(p) || bin.Y == ssa.Value(p)) && (bin.Op == token.SUB || bin.Op == token.ADD) && testedIn(fn, p) {
			return true
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			cc := c.Common()
			if cc.IsInvoke() && httplib.IsContext(cc.Value.Type()) && (cc.Method.Name() == "Err" || cc.Method.Name() == "Done") && !neverDone(cc.Value) {
				return true
			}
			if f := valueflow.StaticCallee(cc); f != nil && f.Pkg() != nil && f.Pkg().Path() == httplib.Time && (f.Name() == "Since" || f.Name() == "Now" || f.Name() == "Until") {
				return true
			}
		}
	}
	return false
}

// maxSimulated bounds the calls recursionAttempts follows.
const maxSimulated = 8

// recursionAttempts returns the number of attempts a chain of calls of
// fn makes when an integer parameter counts them: the self-call s passes
// it changed by a constant (retry-1), every other call of fn in the
// package passes the same constant, and comparisons of it with constants
// decide whether the attempt runs and whether s is reached. Helm's
// RetryingRoundTripper calls roundTrip(req, 1, nil), which returns at
// once when retry < 0 and calls roundTrip(req, retry-1, resp) after an
// etcd leader change: two attempts. It returns 0 when that is not known
// (another call passes something else, fn may be called from outside the
// package, or the chain runs past maxSimulated calls).
func recursionAttempts(fn *ssa.Function, a Attempt, s ssa.CallInstruction, ix *valueflow.Index) int {
	sites, complete := ix.Callers(fn)
	if !complete {
		return 0
	}
	args := s.Common().Args
	for i, p := range fn.Params {
		if i >= len(args) || !isInteger(p.Type()) {
			continue
		}
		bin, ok := args[i].(*ssa.BinOp)
		if !ok || bin.X != ssa.Value(p) || (bin.Op != token.SUB && bin.Op != token.ADD) {
			continue
		}
		step, ok := intConst(bin.Y)
		if !ok || step == 0 {
			continue
		}
		if bin.Op == token.SUB {
			step = -step
		}
		start, ok := int64(0), false
		for _, site := range sites {
			if site.Parent() == fn {
				continue
			}
			cargs := site.Common().Args
			k, isConst := int64(0), false
			if i < len(cargs) {
				k, isConst = intConst(cargs[i])
			}
			if !isConst || (ok && k != start) {
				return 0
			}
			start, ok = k, true
		}
		if !ok {
			return 0
		}
		n := 0
		for v := start; n < maxSimulated; v += step {
			if !reachesWith(p, v, fn.Blocks[0], a.Call.Block()) {
				return n
			}
			n++
			if !reachesWith(p, v, a.Call.Block(), s.Block()) {
				return n
			}
		}
		return 0
	}
	return 0
}

// reachesWith reports whether block to can be reached from block from
// when parameter p holds v: the branches of comparisons of p with a
// constant that v does not take are left out.
func reachesWith(p *ssa.Parameter, v int64, from, to *ssa.BasicBlock) bool {
	return reachesAlong(from, to, func(b, s *ssa.BasicBlock) bool {
		iff, ok := lastIf(b)
		if !ok {
			return true
		}
		taken, known := evalWith(iff.Cond, p, v)
		return !known || (s == b.Succs[0]) == taken
	})
}

// evalWith evaluates cond, a comparison of p with a constant, when p is
// v; known is false for any other condition.
func evalWith(cond ssa.Value, p *ssa.Parameter, v int64) (result, known bool) {
	bin, ok := cond.(*ssa.BinOp)
	if !ok {
		return false, false
	}
	switch {
	case bin.X == ssa.Value(p):
		if k, ok := intConst(bin.Y); ok {
			return compare(bin.Op, v, k), true
		}
	case bin.Y == ssa.Value(p):
		if k, ok := intConst(bin.X); ok {
			return compare(bin.Op, k, v), true
		}
	}
	return false, false
}

// intConst returns the value of v, an integer constant.
func intConst(v ssa.Value) (int64, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(c.Value)
}

// onceFlag reports whether the self-call s happens only once per chain
// of calls: a test of a boolean flag carried by a parameter (retried
// bool, or state.hasReauthenticated through a pointer parameter)
// dominates s, and s passes the parameter as a constant, or fn stores a
// constant into the field (gophercloud's state.hasReauthenticated =
// true before calling itself).
func onceFlag(fn *ssa.Function, s ssa.CallInstruction) bool {
	args := s.Common().Args
	for _, b := range fn.Blocks {
		iff, ok := lastIf(b)
		if !ok || !b.Dominates(s.Block()) || b == s.Block() {
			continue
		}
		flag := valueflow.StripCopies(stripNot(iff.Cond))
		if p, ok := flag.(*ssa.Parameter); ok {
			for i, q := range fn.Params {
				if q == p && i < len(args) {
					if _, isConst := args[i].(*ssa.Const); isConst {
						return true
					}
				}
			}
			continue
		}
		ld, ok := flag.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			continue
		}
		fa, ok := ld.X.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		if _, ok := fa.X.(*ssa.Parameter); !ok {
			continue
		}
		for _, r := range *fa.X.Referrers() {
			set, ok := r.(*ssa.FieldAddr)
			if !ok || set.Field != fa.Field {
				continue
			}
			for _, rr := range *set.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == set && st.Block() != nil && iff.Block().Dominates(st.Block()) {
					if _, isConst := st.Val.(*ssa.Const); isConst {
						return true
					}
				}
			}
		}
	}
	return false
}

// testedIn reports whether an If of fn compares p.
func testedIn(fn *ssa.Function, p *ssa.Parameter) bool {
	for _, b := range fn.Blocks {
		iff, ok := lastIf(b)
		if !ok {
			continue
		}
		if bin, ok := iff.Cond.(*ssa.BinOp); ok && (bin.X == ssa.Value(p) || bin.Y == ssa.Value(p)) {
			return true
		}
	}
	return false
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// SelfCalls returns the calls fn makes of itself.
func SelfCalls(fn *ssa.Function) []ssa.CallInstruction {
	var self []ssa.CallInstruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok && c.Common().StaticCallee() == fn {
				self = append(self, c)
			}
		}
	}
	return self
}

// sameRequest reports whether v is p passed on unchanged: p itself, a
// request derived from it (req.WithContext(ctx), which keeps what is
// sent), or a φ-node of such values.
func sameRequest(v ssa.Value, p *ssa.Parameter, depth int) bool {
	v = valueflow.StripCopies(v)
	if v == ssa.Value(p) {
		return true
	}
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !sameRequest(e, p, depth+1) {
				return false
			}
		}
		return len(x.Edges) > 0
	case *ssa.Call:
		if from, ok := httplib.DerivedFrom(x); ok {
			return sameRequest(from, p, depth+1)
		}
	}
	return false
}
