package retryloop

import (
	"go/constant"
	"go/token"
	"regexp"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// outcomeTest returns the If that ends block b when it tests the outcome
// of attempt a (see failureTest), with its failure and success
// successors.
func outcomeTest(b *ssa.BasicBlock, a Attempt) (iff *ssa.If, fail, succ *ssa.BasicBlock, ok bool) {
	iff, ok = lastIf(b)
	if !ok {
		return nil, nil, nil, false
	}
	failTrue, ok := failureTest(iff.Cond, a)
	if !ok {
		return nil, nil, nil, false
	}
	if failTrue {
		return iff, b.Succs[0], b.Succs[1], true
	}
	return iff, b.Succs[1], b.Succs[0], true
}

// authTest returns the If that ends block b when it tests whether
// attempt a's response refused its credentials (resp.StatusCode == 401,
// a case of a switch on the status), with the refusal and other
// successors. A retry on that branch re-authenticates rather than waits
// out a transient failure.
func authTest(b *ssa.BasicBlock, a Attempt) (iff *ssa.If, refused, other *ssa.BasicBlock, ok bool) {
	iff, ok = lastIf(b)
	if !ok {
		return nil, nil, nil, false
	}
	if refusedTrue, ok := authPredicate(iff.Cond, a); ok {
		if refusedTrue {
			return iff, b.Succs[0], b.Succs[1], true
		}
		return iff, b.Succs[1], b.Succs[0], true
	}
	if a.Resp == nil {
		return nil, nil, nil, false
	}
	c, isBin := iff.Cond.(*ssa.BinOp)
	if !isBin {
		return nil, nil, nil, false
	}
	holds, ok := statusComparison(c, a.Resp)
	if !ok {
		return nil, nil, nil, false
	}
	refusal := func(s int64) bool { return s == 401 || s == 407 }
	var trueAuth, trueOther, falseAuth, falseOther bool
	for s := int64(100); s < 600; s++ {
		if holds(s) {
			trueAuth = trueAuth || refusal(s)
			trueOther = trueOther || !refusal(s)
		} else {
			falseAuth = falseAuth || refusal(s)
			falseOther = falseOther || !refusal(s)
		}
	}
	switch {
	case trueAuth && !trueOther && falseOther:
		return iff, b.Succs[0], b.Succs[1], true
	case falseAuth && !falseOther && trueOther:
		return iff, b.Succs[1], b.Succs[0], true
	}
	return nil, nil, nil, false
}

// authPredicate reports whether cond calls a predicate on attempt a's
// error that asks whether the server refused the credentials, by its
// name (git-lfs' errors.IsAuthError(err), Kubernetes'
// apierrors.IsUnauthorized(err)), and whether its true branch is the
// refusal.
func authPredicate(cond ssa.Value, a Attempt) (refusedTrue, ok bool) {
	if not, isNot := cond.(*ssa.UnOp); isNot && not.Op == token.NOT {
		rt, ok := authPredicate(not.X, a)
		return !rt, ok
	}
	c, isCall := cond.(*ssa.Call)
	if !isCall || a.Err == nil || len(c.Call.Args) != 1 || !derives(c.Call.Args[0], a.Err) {
		return false, false
	}
	fn := valueflow.StaticCallee(&c.Call)
	if fn == nil || !authPredicateName.MatchString(fn.Name()) {
		return false, false
	}
	return true, true
}

// authPredicateName matches the names of predicates on an error that
// ask whether it is a refusal of the credentials.
var authPredicateName = regexp.MustCompile(`^Is(Auth(entication)?(Error|Err|Failure|Failed|Required)|Unauthori[sz]ed|ProxyAuthRequired)$`)

// failureTest reports whether cond tests the outcome of attempt a, and
// whether its true branch is the failure branch.
func failureTest(cond ssa.Value, a Attempt) (failTrue, ok bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			ft, ok := failureTest(c.X, a)
			return !ft, ok
		}
	case *ssa.BinOp:
		switch c.Op {
		case token.EQL, token.NEQ:
			if a.Err != nil && isNilCompare(c, a.Err) {
				return c.Op == token.NEQ, true
			}
		}
		if a.Resp != nil {
			if ft, ok := statusTest(c, a.Resp); ok {
				return ft, true
			}
		}
	case *ssa.Call:
		// A library response's own verdict: resty's resp.IsError(),
		// resp.IsSuccess().
		if a.Resp != nil && len(c.Call.Args) == 1 && derives(c.Call.Args[0], a.Resp) {
			if failTrue, ok := httplib.ResponseVerdict(valueflow.StaticCallee(&c.Call)); ok {
				return failTrue, true
			}
		}
		// A predicate of the program on the status code: isRetriable(
		// resp.StatusCode), whose body compares it with constants.
		if a.Resp != nil {
			if ft, ok := statusPredicate(c, a.Resp); ok {
				return ft, true
			}
		}
	}
	return false, false
}

// statusPredicate classifies a call of a function of the program that
// takes the status code of resp (kiota's isRetriableErrorCode(code),
// code == 429 || code == 503 || code == 504), or resp itself and reads
// its StatusCode (Fern's r.shouldRetry(response)), by evaluating its body
// for every status, as statusTest does for one comparison.
func statusPredicate(c *ssa.Call, resp ssa.Value) (failTrue, ok bool) {
	fn, isFn := c.Call.Value.(*ssa.Function)
	if !isFn || len(fn.Blocks) == 0 || len(fn.Params) != len(c.Call.Args) {
		return false, false
	}
	var isStatus func(ssa.Value) bool
	for i, arg := range c.Call.Args {
		p := fn.Params[i]
		switch {
		case statusValue(arg, resp):
			isStatus = func(v ssa.Value) bool { return v == ssa.Value(p) }
		case derives(arg, resp) && typeutil.IsPointerTo(p.Type(), httplib.NetHTTP, "Response"):
			isStatus = func(v ssa.Value) bool { return statusValue(v, p) }
		}
	}
	if isStatus == nil {
		return false, false
	}
	sure := true
	verdict := classifyStatuses(func(s int64) bool {
		v, ok := evalPredicate(fn, isStatus, s)
		sure = sure && ok
		return v
	})
	if !sure {
		return false, false
	}
	return verdict.failTrue, verdict.ok
}

// evalPredicate runs fn, a function returning a bool, with the values
// isStatus holds for (a parameter, or the loads of a response
// parameter's StatusCode) set to status: a walk of its blocks that
// evaluates integer comparisons and arithmetic on them and constants,
// branches and φ-nodes. ok is false when the result depends on anything
// else.
func evalPredicate(fn *ssa.Function, isStatus func(ssa.Value) bool, status int64) (result, ok bool) {
	env := map[ssa.Value]constant.Value{}
	val := func(v ssa.Value) (constant.Value, bool) {
		if k, ok := v.(*ssa.Const); ok && k.Value != nil {
			return k.Value, true
		}
		if c, ok := v.(*ssa.Convert); ok {
			v = c.X
		}
		if isStatus(v) {
			return constant.MakeInt64(status), true
		}
		x, ok := env[v]
		return x, ok
	}
	var prev *ssa.BasicBlock
	b := fn.Blocks[0]
	for steps := 0; steps < 64; steps++ {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Phi:
				for i, pred := range b.Preds {
					if pred == prev {
						if v, ok := val(x.Edges[i]); ok {
							env[x] = v
						}
					}
				}
			case *ssa.BinOp:
				l, okl := val(x.X)
				r, okr := val(x.Y)
				if !okl || !okr || l.Kind() == constant.Unknown || r.Kind() == constant.Unknown {
					continue
				}
				switch x.Op {
				case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
					env[x] = constant.MakeBool(constant.Compare(l, x.Op, r))
				case token.ADD, token.SUB, token.MUL:
					env[x] = constant.BinaryOp(l, x.Op, r)
				case token.QUO:
					if constant.Sign(r) != 0 {
						env[x] = constant.BinaryOp(l, token.QUO_ASSIGN, r)
					}
				case token.REM:
					if constant.Sign(r) != 0 {
						env[x] = constant.BinaryOp(l, x.Op, r)
					}
				}
			case *ssa.UnOp:
				if v, ok := val(x.X); ok && x.Op == token.NOT && v.Kind() == constant.Bool {
					env[x] = constant.MakeBool(!constant.BoolVal(v))
				}
			case *ssa.If:
				c, ok := val(x.Cond)
				if !ok || c.Kind() != constant.Bool {
					return false, false
				}
				prev = b
				if constant.BoolVal(c) {
					b = b.Succs[0]
				} else {
					b = b.Succs[1]
				}
			case *ssa.Jump:
				prev, b = b, b.Succs[0]
			case *ssa.Return:
				if len(x.Results) != 1 {
					return false, false
				}
				v, ok := val(x.Results[0])
				if !ok || v.Kind() != constant.Bool {
					return false, false
				}
				return constant.BoolVal(v), true
			case *ssa.DebugRef, *ssa.FieldAddr:
				// A field's address: its load is a status or unknown.
			default:
				return false, false // a call, a store: not a plain predicate
			}
			if _, ok := instr.(*ssa.If); ok {
				break
			}
			if _, ok := instr.(*ssa.Jump); ok {
				break
			}
		}
	}
	return false, false
}

// isNilCompare reports whether c compares v (or a copy) with nil.
func isNilCompare(c *ssa.BinOp, v ssa.Value) bool {
	isNil := func(x ssa.Value) bool {
		k, ok := x.(*ssa.Const)
		return ok && k.IsNil()
	}
	return (derives(c.X, v) && isNil(c.Y)) || (derives(c.Y, v) && isNil(c.X))
}

// derives reports whether x is v, a copy of v, or a φ one of whose
// edges is v.
func derives(x, v ssa.Value) bool {
	x = valueflow.StripCopies(x)
	if x == v {
		return true
	}
	// A load of a variable captured by a closure (defer func() {
	// rsp.Body.Close() }()), which lives in a cell, whose only store
	// is v.
	if ld, ok := x.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if cell, ok := ld.X.(*ssa.Alloc); ok && onlyStore(cell) == v {
			return true
		}
	}
	if p, ok := x.(*ssa.Phi); ok {
		for _, e := range p.Edges {
			if e == v {
				return true
			}
		}
	}
	return false
}

// statusValue reports whether v is the status code of response resp.
func statusValue(v, resp ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			f := valueflow.FieldOf(fa)
			return f != nil && f.Name() == "StatusCode" && typeutil.IsNamed(fa.X.Type(), httplib.NetHTTP, "Response") && derives(fa.X, resp)
		}
	case *ssa.Field:
		f := valueflow.FieldOf(x)
		return f != nil && f.Name() == "StatusCode" && typeutil.IsNamed(x.X.Type(), httplib.NetHTTP, "Response") && derives(x.X, resp)
	case *ssa.Call:
		if httplib.IsStatusMethod(valueflow.StaticCallee(&x.Call)) {
			return len(x.Call.Args) == 1 && derives(x.Call.Args[0], resp)
		}
	case *ssa.Convert:
		return statusValue(x.X, resp)
	}
	return false
}

// statusTest classifies a comparison of the status code with a
// constant. A branch is the failure branch when the statuses it admits
// include 429 or a 5xx and the other branch admits a 2xx.
func statusTest(c *ssa.BinOp, resp ssa.Value) (failTrue, ok bool) {
	holds, ok := statusComparison(c, resp)
	if !ok {
		return false, false
	}
	v := classifyStatuses(holds)
	return v.failTrue, v.ok
}

// statusComparison returns, for a comparison of the status code of resp
// with a constant, whether it holds for each status.
func statusComparison(c *ssa.BinOp, resp ssa.Value) (holds func(int64) bool, ok bool) {
	op := c.Op
	var k *ssa.Const
	switch {
	case statusValue(c.X, resp):
		k, _ = c.Y.(*ssa.Const)
	case statusValue(c.Y, resp):
		k, _ = c.X.(*ssa.Const)
		op = mirror(op)
	}
	if k == nil || k.Value == nil || k.Value.Kind() != constant.Int {
		return nil, false
	}
	n, exact := constant.Int64Val(k.Value)
	if !exact {
		return nil, false
	}
	return func(s int64) bool { return compare(op, s, n) }, true
}

// statusVerdict is what a test of the status code says.
type statusVerdict struct{ failTrue, ok bool }

// classifyStatuses classifies a test of the status code by the statuses
// holds admits: its failure branch admits 429 or a 5xx while the other
// admits a 2xx.
func classifyStatuses(holds func(int64) bool) statusVerdict {
	var trueBad, trueGood, falseBad, falseGood bool
	for s := int64(100); s < 600; s++ {
		bad := s == 429 || s >= 500
		good := s >= 200 && s < 300
		if holds(s) {
			trueBad = trueBad || bad
			trueGood = trueGood || good
		} else {
			falseBad = falseBad || bad
			falseGood = falseGood || good
		}
	}
	switch {
	case trueBad && falseGood:
		return statusVerdict{true, true}
	case falseBad && trueGood:
		return statusVerdict{false, true}
	}
	return statusVerdict{}
}

func mirror(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.LEQ:
		return token.GEQ
	case token.GTR:
		return token.LSS
	case token.GEQ:
		return token.LEQ
	}
	return op
}
