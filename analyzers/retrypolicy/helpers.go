package retrypolicy

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/analyzers/retrypolicy/internal/retryloop"
	"github.com/httplint/httplint/internal/http/deadline"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// loopStmt returns the for or range statement of loop r, or nil when the
// loop is made of labels and gotos or cannot be matched.
func loopStmt(fn *ssa.Function, r *retryloop.Retry) ast.Stmt {
	hdr := r.Loop.Header.Comment
	if !strings.HasPrefix(hdr, "for.") && !strings.HasPrefix(hdr, "range") {
		return nil
	}
	syntax := fn.Syntax()
	if syntax == nil {
		return nil
	}
	lo, hi := token.NoPos, token.NoPos
	for _, b := range r.Loop.Blocks(fn) {
		for _, instr := range b.Instrs {
			p := instr.Pos()
			if !p.IsValid() {
				continue
			}
			if !lo.IsValid() || p < lo {
				lo = p
			}
			if p > hi {
				hi = p
			}
		}
	}
	if !lo.IsValid() {
		return nil
	}
	var best ast.Stmt
	ast.Inspect(syntax, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if _, ok := n.(*ast.FuncLit); ok && n != syntax {
			return false
		}
		switch s := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if s.Pos() <= lo && hi < s.End() {
				if best == nil || (s.Pos() >= best.Pos() && s.End() <= best.End()) {
					best = s.(ast.Stmt)
				}
			}
		}
		return true
	})
	return best
}

// loopRange returns the range of the for keyword of r's statement.
func loopRange(fn *ssa.Function, r *retryloop.Retry) (token.Pos, token.Pos, bool) {
	switch s := loopStmt(fn, r).(type) {
	case *ast.ForStmt:
		return s.For, s.For + token.Pos(len("for")), true
	case *ast.RangeStmt:
		return s.For, s.For + token.Pos(len("for")), true
	}
	return token.NoPos, token.NoPos, false
}

// backEdgePos returns the position of the statement that sends control
// back to the loop after a failure: the first continue (or goto) after
// the send in the loop body, else the loop body's closing brace.
func backEdgePos(fn *ssa.Function, r *retryloop.Retry, send token.Pos) token.Pos {
	var body *ast.BlockStmt
	switch s := loopStmt(fn, r).(type) {
	case *ast.ForStmt:
		body = s.Body
	case *ast.RangeStmt:
		body = s.Body
	default:
		return token.NoPos
	}
	found := token.NoPos
	ast.Inspect(body, func(n ast.Node) bool {
		if found.IsValid() || n == nil {
			return false
		}
		switch s := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt:
			return n == ast.Node(body)
		case *ast.BranchStmt:
			if (s.Tok == token.CONTINUE || s.Tok == token.GOTO) && s.Pos() > send {
				found = s.Pos()
			}
		}
		return true
	})
	if found.IsValid() {
		return found
	}
	return body.Rbrace
}

// throughRequest makes request derivations ((*http.Request).WithContext
// and Clone) transparent: the derived request shares the original's
// body.
func throughRequest(call *ssa.Call) ssa.Value {
	if d, ok := httplib.RequestDerivationOf(valueflow.StaticCallee(call.Common())); ok && d.From < len(call.Call.Args) {
		return call.Call.Args[d.From]
	}
	return nil
}

// bodyReset reports whether the loop may give the request a fresh body:
// a store to req.Body, a call of GetBody, a Seek, or the request or its
// body handed to code other than the send.
func (c *checker) bodyReset(fn *ssa.Function, blocks []*ssa.BasicBlock, a *attempt, bodies []ssa.Value) bool {
	points, anywhere := c.resetPoints(fn, blocks, a, bodies)
	return anywhere || len(points) > 0
}

// resetPoints returns the instructions among blocks that may give the
// request a fresh body (see bodyReset); anywhere reports a reset that
// may run at any point (a closure or a returned function holding the
// body, see resetterMade).
//
// A reset that runs only under a setting of the client the loop never
// changes (if c.debugWriter != nil { httputil.DumpRequest(r, true) },
// hcloud-go v1.18.2) runs on every attempt or on none: on the default
// path, the option unset, it gives nothing back, and it is no reset.
func (c *checker) resetPoints(fn *ssa.Function, blocks []*ssa.BasicBlock, a *attempt, bodies []ssa.Value) (points []ssa.Instruction, anywhere bool) {
	in := make(map[*ssa.BasicBlock]bool, len(blocks))
	for _, b := range blocks {
		in[b] = true
	}
	for _, b := range blocks {
		for _, instr := range b.Instrs {
			if c.resets(instr, a, bodies) && !underOption(b, in) {
				points = append(points, instr)
			}
		}
	}
	return points, c.resetterMade(fn, a, bodies)
}

// underOption reports whether block b of a loop (the blocks in) runs
// only on one outcome of a test of an option: a field of an object
// from outside the loop that holds the HTTP client (the API client's
// own settings), compared with nil or zero or read as a bool,
// that no store in the loop changes (if c.debugWriter != nil). The
// loop takes that branch on every iteration or on none.
func underOption(b *ssa.BasicBlock, in map[*ssa.BasicBlock]bool) bool {
	for ; b != nil && in[b]; b = b.Idom() {
		if len(b.Preds) != 1 {
			continue
		}
		if br, ok := b.Preds[0].Instrs[len(b.Preds[0].Instrs)-1].(*ssa.If); ok && optionTest(br.Cond, in) {
			return true
		}
	}
	return false
}

// optionTest reports whether cond tests an option the loop (the blocks
// in) does not change: see underOption.
func optionTest(cond ssa.Value, in map[*ssa.BasicBlock]bool) bool {
	v := cond
	if bin, ok := cond.(*ssa.BinOp); ok && (bin.Op == token.EQL || bin.Op == token.NEQ) {
		switch {
		case isConst(bin.Y):
			v = bin.X
		case isConst(bin.X):
			v = bin.Y
		default:
			return false
		}
	}
	load, ok := valueflow.StripCopies(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok || !typeutil.PointerToStructWith(fa.X.Type(), httplib.IsClient) {
		// Only a setting of the object that holds the HTTP client: a
		// field of a request or of a library's request wrapper
		// (retryablehttp's if req.body != nil) tests the body itself.
		return false
	}
	if base, ok := fa.X.(ssa.Instruction); ok && in[base.Block()] {
		return false // an object the loop itself loads or builds
	}
	f := valueflow.FieldOf(fa)
	for b := range in {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				if sa, ok := st.Addr.(*ssa.FieldAddr); ok && valueflow.FieldOf(sa) == f {
					return false
				}
			}
		}
	}
	return f != nil
}

func isConst(v ssa.Value) bool {
	_, ok := v.(*ssa.Const)
	return ok
}

// resets reports whether instr may give the request a fresh body.
func (c *checker) resets(instr ssa.Instruction, a *attempt, bodies []ssa.Value) bool {
	switch x := instr.(type) {
	case *ssa.Store:
		if fa, ok := x.Addr.(*ssa.FieldAddr); ok {
			if f := valueflow.FieldOf(fa); f != nil && f.Name() == "Body" && typeutil.IsNamed(fa.X.Type(), httplib.NetHTTP, "Request") {
				return true
			}
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			if f := valueflow.FieldOf(fa); f != nil && f.Name() == "GetBody" {
				return true
			}
		}
	case ssa.CallInstruction:
		cc := x.Common()
		if instr == a.call || cc.StaticCallee() == instr.Parent() {
			// The send, or the function's call of itself: the next
			// attempt of a retry by recursion, which rewinds nothing.
			return false
		}
		if cc.IsInvoke() && cc.Method.Name() == "Seek" {
			return true
		}
		fn := valueflow.StaticCallee(cc)
		if fn != nil && fn.Name() == "Seek" {
			return true
		}
		for i, arg := range cc.Args {
			if b, ok := httplib.RequestBuilderOf(fn); ok && i == b.Body || c.wrapsBody(x, arg) {
				continue // wrapping the reader in a request rewinds nothing
			}
			if slices.Contains(bodies, arg) || (sendsRequest(a) && sameVariable(arg, a.hc.Request)) {
				if !httplib.KeepsRequestBody(fn) {
					return true
				}
			}
		}
	}
	return false
}

// resetBeforeEveryRetry reports whether the body is given back before
// every next attempt, of the resets at points among blocks: a reset that
// may run before the send within an attempt (at the top of an
// iteration, `if i > 0 { req.Body, _ = req.GetBody() }`) covers every
// attempt; resets after the send cover only the paths through them,
// and a path from the send to the next attempt (a block for which next
// holds) that passes none re-sends the consumed body (axiom-go v0.31.1
// reset it before retrying a 5xx, not after a network error). head,
// when not nil, starts each attempt (a loop's header): paths stop there.
func resetBeforeEveryRetry(blocks []*ssa.BasicBlock, head *ssa.BasicBlock, send ssa.Instruction, points []ssa.Instruction, next func(*ssa.BasicBlock) bool) bool {
	in := make(map[*ssa.BasicBlock]bool, len(blocks))
	for _, b := range blocks {
		in[b] = true
	}
	index := func(instr ssa.Instruction) int {
		return slices.Index(instr.Block().Instrs, instr)
	}
	resetIn := make(map[*ssa.BasicBlock][]int)
	for _, p := range points {
		resetIn[p.Block()] = append(resetIn[p.Block()], index(p))
	}
	sendBlock, sendAt := send.Block(), index(send)
	// reaches reports a path from the end of from to the start of to,
	// within an attempt.
	reaches := func(from, to *ssa.BasicBlock) bool {
		seen := map[*ssa.BasicBlock]bool{}
		stack := slices.Clone(from.Succs)
		for len(stack) > 0 {
			b := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if b == to {
				return true
			}
			if seen[b] || !in[b] || b == head {
				continue
			}
			seen[b] = true
			stack = append(stack, b.Succs...)
		}
		return false
	}
	for _, p := range points {
		if b := p.Block(); b == sendBlock && index(p) < sendAt || b != sendBlock && reaches(b, sendBlock) {
			return true
		}
	}
	// A path from the send to the next attempt that passes no reset.
	after := func(b *ssa.BasicBlock, from int) bool {
		for _, i := range resetIn[b] {
			if i >= from {
				return true
			}
		}
		return false
	}
	if after(sendBlock, sendAt+1) {
		return true
	}
	if next(sendBlock) {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{sendBlock: true}
	stack := slices.Clone(sendBlock.Succs)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] || !in[b] || b == head {
			continue
		}
		seen[b] = true
		if after(b, 0) {
			continue
		}
		if next(b) {
			return false
		}
		stack = append(stack, b.Succs...)
	}
	return true
}

// wrapsBody reports whether call builds a request whose body is arg: a
// helper of the package that wraps its parameter in the request it
// returns (grafana's c.newRequest(method, path, query, body)).
func (c *checker) wrapsBody(call ssa.CallInstruction, arg ssa.Value) bool {
	v, ok := call.(*ssa.Call)
	if !ok || valueflow.StaticCallee(v.Common()) == nil {
		return false
	}
	var reqs []ssa.Value
	if httplib.IsRequest(v.Type()) {
		reqs = append(reqs, v)
	} else if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if e, ok := r.(*ssa.Extract); ok && httplib.IsRequest(e.Type()) {
				reqs = append(reqs, e)
			}
		}
	}
	for _, req := range reqs {
		for _, cb := range c.bodies.Candidates(req) {
			if cb.Body == arg && cb.Origin == req {
				return true
			}
		}
	}
	return false
}

// sendsRequest reports whether a is a net/http send of a request.
func sendsRequest(a *attempt) bool { return a.hc != nil && a.hc.Request != nil }

// isReader reports whether v's type has a Read method (an io.Reader).
func isReader(v ssa.Value) bool {
	obj, _, _ := types.LookupFieldOrMethod(v.Type(), true, nil, "Read")
	_, ok := obj.(*types.Func)
	return ok
}

// blockOf returns the block of v when it is an instruction, or nil.
func blockOf(v ssa.Value) *ssa.BasicBlock {
	if instr, ok := v.(ssa.Instruction); ok {
		return instr.Block()
	}
	return nil
}

// readerMade returns the position where the reader body is made: its
// first construction (a call, an allocation) with a position.
func readerMade(body ssa.Value) token.Pos {
	v := valueflow.StripCopies(body)
	if phi, ok := v.(*ssa.Phi); ok {
		for _, e := range phi.Edges {
			if e := valueflow.StripCopies(e); e.Pos().IsValid() {
				if _, isConst := e.(*ssa.Const); !isConst {
					return e.Pos()
				}
			}
		}
		return token.NoPos
	}
	return v.Pos()
}

// bodyParams returns the parameters of fn, a function of the package
// that sends, whose value becomes the body of a request fn builds and
// sends (func (api *API) request(ctx, method, uri string, reqBody
// io.Reader, …) building http.NewRequestWithContext(ctx, method, u,
// reqBody)).
func (c *checker) bodyParams(fn *ssa.Function) []int {
	if fn == nil || fn.Pkg != c.res.Index.Pkg {
		return nil
	}
	var out []int
	for _, inner := range calls(fn) {
		hc, ok := httplib.ClassifyIn(c.res.Index, inner)
		if !ok || hc.Request == nil {
			continue
		}
		for _, cb := range c.bodies.Candidates(hc.Request) {
			if p, ok := valueflow.StripCopies(cb.Body).(*ssa.Parameter); ok && p.Parent() == fn {
				if i := slices.Index(fn.Params, p); i >= 0 && !slices.Contains(out, i) {
					out = append(out, i)
				}
			}
		}
	}
	return out
}

// resetterMade reports whether fn hands the request or its body to code
// that the loop may run later: a closure that captures them, or a call
// that receives them and returns a function (a "retryer" that rewinds the
// body before each attempt).
func (c *checker) resetterMade(fn *ssa.Function, a *attempt, bodies []ssa.Value) bool {
	held := func(v ssa.Value) bool {
		return slices.Contains(bodies, v) || (sendsRequest(a) && sameVariable(v, a.hc.Request))
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.MakeClosure:
				if slices.ContainsFunc(x.Bindings, held) {
					return true
				}
			case *ssa.Call:
				if instr == a.call || !slices.ContainsFunc(x.Call.Args, held) {
					continue
				}
				if returnsFunc(x.Call.Signature()) {
					return true
				}
			}
		}
	}
	return false
}

// returnsFunc reports whether a function with signature sig returns a
// function value.
func returnsFunc(sig *types.Signature) bool {
	for v := range sig.Results().Variables() {
		if _, ok := v.Type().Underlying().(*types.Signature); ok {
			return true
		}
	}
	return false
}

// sameObject reports whether v is the same object on the next iteration.
func sameObject(r *retryloop.Retry, v ssa.Value, _ int) bool {
	return r.SameValue(v, throughRequest)
}

// unboundedBuilds reports retry policies built, apart from any call
// that runs an operation under them, to retry forever (a failsafe-go
// RetryPolicy with no limit), unless a context or request that bounds
// them carries a deadline.
func (c *checker) unboundedBuilds(fn *ssa.Function) {
	for _, call := range calls(fn) {
		b := c.libs.UnboundedBuild(call)
		if b == nil || c.anyDeadline(b.Bounds) {
			continue
		}
		pos, end := callRange(c.pass, b.Pos)
		var rel []analysis.RelatedInformation
		if !b.Pos.IsValid() || c.rep.Excluded(b.Pos) {
			pos, end = lint.CallRange(c.pass, call.Pos())
		} else {
			rel = append(rel, analysis.RelatedInformation{Pos: call.Pos(), Message: "the policy is built here"})
		}
		c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: LibraryUnbounded, Related: rel, Message: b.Message})
	}
}

// anyDeadline reports whether one of vs, contexts or requests, carries
// a deadline.
func (c *checker) anyDeadline(vs []ssa.Value) bool {
	for _, v := range vs {
		switch {
		case httplib.IsRequest(v.Type()):
			if c.deadlines.Request(v).Kind == deadline.Has {
				return true
			}
		case httplib.IsContext(v.Type()):
			if c.deadlines.Context(v).Kind == deadline.Has {
				return true
			}
		}
	}
	return false
}

// callRange returns the range to highlight for the call whose opening
// parenthesis is at lparen: the whole call, or, for a method call at the
// end of a chain (b.X().Y(...)), only the last selector and its
// arguments.
func callRange(pass *analysis.Pass, lparen token.Pos) (token.Pos, token.Pos) {
	pos, end := lint.CallRange(pass, lparen)
	for _, f := range pass.Files {
		if f.FileStart <= lparen && lparen < f.FileEnd {
			var found *ast.CallExpr
			ast.Inspect(f, func(n ast.Node) bool {
				if found != nil || n == nil || lparen < n.Pos() || lparen >= n.End() {
					return false
				}
				if c, ok := n.(*ast.CallExpr); ok && c.Lparen == lparen {
					found = c
					return false
				}
				return true
			})
			if found != nil {
				if sel, ok := found.Fun.(*ast.SelectorExpr); ok {
					if _, chained := ast.Unparen(sel.X).(*ast.CallExpr); chained {
						return sel.Sel.Pos(), found.End()
					}
				}
			}
		}
	}
	return pos, end
}

// sameVariable reports whether a and b are the same value, or loads of
// the same variable (a parameter a closure captures lives in a cell,
// and each use loads it).
func sameVariable(a, b ssa.Value) bool {
	a, b = valueflow.StripCopies(a), valueflow.StripCopies(b)
	if a == b {
		return true
	}
	x, ok1 := a.(*ssa.UnOp)
	y, ok2 := b.(*ssa.UnOp)
	return ok1 && ok2 && x.Op == token.MUL && y.Op == token.MUL && x.X == y.X
}
