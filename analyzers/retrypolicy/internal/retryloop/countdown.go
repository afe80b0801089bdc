package retryloop

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// A CountDown is an equality bound on a counter counted down from a
// setting: for n := retries; ; n-- { …; if n == 0 { break } }, or its
// remainder form, remain := retries - i with i counted up (for i := 0;
// ; i++ { …; if retries-i == 0 { break } }).
type CountDown struct {
	// Init is the setting the counter starts from; K the constant it is
	// compared with; Test the comparison.
	Init ssa.Value
	K    int64
	Test *ssa.BinOp
}

// constCompare splits a comparison of a value with a constant (x op K or
// K op x) into the comparison, the value and the constant.
func constCompare(cond ssa.Value) (cmp *ssa.BinOp, x ssa.Value, k *ssa.Const, ok bool) {
	cmp, ok = cond.(*ssa.BinOp)
	if !ok {
		return nil, nil, nil, false
	}
	x, y := cmp.X, cmp.Y
	if _, isConst := x.(*ssa.Const); isConst {
		x, y = y, x
	}
	k, ok = y.(*ssa.Const)
	return cmp, x, k, ok
}

// countDown recognises an exit test counter == K (exiting when equal)
// on a header φ-node that starts from a signed integer parameter and is
// decremented by one along the loop.
func countDown(l *Loop, iff *ssa.If, exitTrue bool) *CountDown {
	cmp, x, k, ok := constCompare(iff.Cond)
	if !ok || (cmp.Op == token.EQL) != exitTrue || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
		return nil
	}
	if k.Value == nil || k.Value.Kind() != constant.Int {
		return nil
	}
	kv, exact := constant.Int64Val(k.Value)
	if !exact {
		return nil
	}
	if sub, ok := x.(*ssa.BinOp); ok && sub.Op == token.SUB {
		return countUpFrom(l, sub, kv, cmp)
	}
	p, ok := x.(*ssa.Phi)
	if !ok || p.Block() != l.Header || !isSigned(p.Type()) {
		return nil
	}
	init, ok := stepsByOne(l, p, token.SUB)
	if !ok {
		return nil
	}
	if _, isParam := valueflow.StripCopies(init).(*ssa.Parameter); !isParam {
		return nil // only a setting the caller passes is judged
	}
	return &CountDown{Init: init, K: kv, Test: cmp}
}

// countUpFrom recognises the remainder form of a count-down, remain :=
// retries - i with i counted up by one from a constant c0 >= 0, tested
// remain == K: i never reaches retries - K when retries < K + c0, which
// a negative setting is when K + c0 >= 0.
func countUpFrom(l *Loop, sub *ssa.BinOp, k int64, cmp *ssa.BinOp) *CountDown {
	if !isSigned(sub.Type()) {
		return nil
	}
	if _, isParam := valueflow.StripCopies(sub.X).(*ssa.Parameter); !isParam {
		return nil // only a setting the caller passes is judged
	}
	p, ok := sub.Y.(*ssa.Phi)
	if !ok || p.Block() != l.Header {
		return nil
	}
	init, ok := stepsByOne(l, p, token.ADD)
	start, isConst := init.(*ssa.Const)
	if !ok || !isConst || start.Value == nil || start.Value.Kind() != constant.Int {
		return nil
	}
	c0, exact := constant.Int64Val(start.Value)
	if !exact || c0 < 0 || k+c0 < 0 {
		return nil
	}
	return &CountDown{Init: sub.X, K: k, Test: cmp}
}

// stepsByOne returns the value header φ-node p of l enters the loop with,
// when every back edge brings p itself or p op 1 (op is token.ADD or
// token.SUB): a counter counted by one. ok is false for other φ-nodes.
func stepsByOne(l *Loop, p *ssa.Phi, op token.Token) (init ssa.Value, ok bool) {
	for i, e := range p.Edges {
		if !l.Contains(p.Block().Preds[i]) {
			if init != nil {
				return nil, false
			}
			init = e
			continue
		}
		if e == ssa.Value(p) {
			continue
		}
		step, isBinOp := e.(*ssa.BinOp)
		if !isBinOp || step.Op != op || step.X != ssa.Value(p) {
			return nil, false
		}
		if one, isConst := step.Y.(*ssa.Const); !isConst || one.Value == nil || one.Value.String() != "1" {
			return nil, false
		}
	}
	return init, init != nil
}

func isSigned(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0 && b.Info()&types.IsUnsigned == 0
}

// signChecked reports whether fn orders v against something (v < 0,
// v <= 0, max(v, 0), …), which may rule out a negative setting.
func signChecked(fn *ssa.Function, v ssa.Value) bool {
	v = valueflow.StripCopies(v)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.BinOp:
				switch x.Op {
				case token.LSS, token.LEQ, token.GTR, token.GEQ:
					if valueflow.StripCopies(x.X) == v || valueflow.StripCopies(x.Y) == v {
						return true
					}
				}
			case ssa.CallInstruction:
				if b, ok := x.Common().Value.(*ssa.Builtin); ok && (b.Name() == "max" || b.Name() == "min") && slices.Contains(x.Common().Args, v) {
					return true
				}
			}
		}
	}
	return false
}
