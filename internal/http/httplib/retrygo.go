package httplib

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// RetryGo is avast/retry-go; v4 is modelled (RetryGoV4).
var RetryGo = register(&Library{Name: "avast/retry-go", Path: "github.com/avast/retry-go", Kind: Retry})

// RetryGoV4 is the import path of the modelled major version.
const RetryGoV4 = "github.com/avast/retry-go/v4"

// retryGo models avast/retry-go v4 options (options.go:48-312): 10
// attempts by default; Attempts(0) and UntilSucceeded() retry forever
// (retry.go:139-169); Context(ctx) is the only context it honours.
func (r *RetryResolver) retryGo(e *RetryEntry, optsArg ssa.Value) {
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
		case RetryGoV4 + ".Attempts":
			n := r.valueOf(cc.Args[0], o.Pos())
			if w, f, ok := r.zeroSetting("retry.Attempts", cc.Args[0], o, n); ok {
				attempts, pos, why, fix = 0, o.Pos(), w, f
				continue
			}
			if !n.IsConst() {
				return
			}
			attempts, pos, why, fix = n.Int, o.Pos(), "retry.Attempts(0) retries until success", "pass a positive count"
		case RetryGoV4 + ".UntilSucceeded":
			attempts, pos, why, fix = 0, o.Pos(), "retry.UntilSucceeded() retries until success", "use retry.Attempts(n)"
		case RetryGoV4 + ".Context":
			e.Ctx = cc.Args[0]
		case "":
			return // an option value the retryModel cannot see
		default:
			if fn := valueflow.StaticCallee(cc); fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != RetryGoV4 {
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
	registerRetry(&retryModel{entry: func(r *RetryResolver, call ssa.CallInstruction) *RetryEntry {
		switch key, fn := staticKey(call); key {
		case RetryGoV4 + ".Do", RetryGoV4 + ".DoWithData":
			c := call.Common()
			e := &RetryEntry{Call: call, Name: "retry." + fn.Name(), Lib: RetryGoV4, Op: callArg(c, 0)}
			r.retryGo(e, callArg(c, 1))
			return e
		}
		return nil
	}})
}
