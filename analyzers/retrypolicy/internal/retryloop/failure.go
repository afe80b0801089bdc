package retryloop

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

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
		return false, false
	}
	n, exact := constant.Int64Val(k.Value)
	if !exact {
		return false, false
	}
	holds := func(s int64) bool { return compare(op, s, n) }
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
		return true, true
	case falseBad && trueGood:
		return false, true
	}
	return false, false
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
