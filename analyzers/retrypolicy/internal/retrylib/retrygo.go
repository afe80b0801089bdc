package retrylib

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// retryGo models avast/retry-go v4 options (options.go:48-312): 10
// attempts by default; Attempts(0) and UntilSucceeded() retry forever
// (retry.go:139-169); Context(ctx) is the only context it honours.
func (r *Resolver) retryGo(e *Entry, optsArg ssa.Value) {
	opts, ok := variadic(optsArg)
	if !ok {
		return
	}
	attempts := int64(10)
	var pos token.Pos
	why, fix := "", ""
	for _, o := range opts {
		key, cc := calleeKey(o)
		switch key {
		case retryGo + ".Attempts":
			n := r.valueOf(cc.Args[0], o.Pos())
			if !n.IsConst() {
				return
			}
			attempts, pos, why, fix = n.Int, o.Pos(), "retry.Attempts(0) retries until success", "pass a positive count"
		case retryGo + ".UntilSucceeded":
			attempts, pos, why, fix = 0, o.Pos(), "retry.UntilSucceeded() retries until success", "use retry.Attempts(n)"
		case retryGo + ".Context":
			e.Ctx = cc.Args[0]
		case "":
			return // an option value the model cannot see
		default:
			if fn := valueflow.StaticCallee(cc); fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != retryGo {
				return
			}
		}
	}
	if attempts == 0 {
		e.Forever, e.Why, e.Fix, e.Pos = true, why, fix, pos
		return
	}
	e.Attempts = attempts
}

func init() {
	register(&model{entry: func(r *Resolver, call ssa.CallInstruction) *Entry {
		switch key, fn := staticKey(call); key {
		case retryGo + ".Do", retryGo + ".DoWithData":
			c := call.Common()
			e := &Entry{Call: call, Name: "retry." + fn.Name(), Lib: retryGo, Op: callArg(c, 0)}
			r.retryGo(e, callArg(c, 1))
			return e
		}
		return nil
	}})
}
