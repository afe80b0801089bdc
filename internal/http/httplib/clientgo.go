package httplib

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// clientGoRetry is k8s.io/client-go/util/retry (v0.36.1). OnError(backoff,
// retriable, fn) and RetryOnConflict(backoff, fn) run fn until it
// succeeds, fails with an error retriable does not accept, or has run
// backoff.Steps times (util.go:48-65, 98-100, through
// wait.ExponentialBackoff, k8s.io/apimachinery v0.36.1
// pkg/util/wait/backoff.go:475-486); they sleep between attempts and
// honour no context. They never retry forever.
var clientGoRetry = register(&Library{Name: "k8s.io/client-go retry", Path: "k8s.io/client-go/util/retry", Kind: Retry}).Path

// clientGoDefaults are the Steps of client-go's default backoffs
// (util.go:26-40).
var clientGoDefaults = map[string]int64{"DefaultRetry": 5, "DefaultBackoff": 4}

func init() {
	registerRetry(&retryModel{entry: (*RetryResolver).clientGoEntry})
}

// clientGoEntry recognises retry.OnError and retry.RetryOnConflict.
func (r *RetryResolver) clientGoEntry(call ssa.CallInstruction) *RetryEntry {
	key, fn := staticKey(call)
	c := call.Common()
	var op ssa.Value
	switch key {
	case clientGoRetry + ".OnError":
		op = callArg(c, 2)
	case clientGoRetry + ".RetryOnConflict":
		op = callArg(c, 1)
	default:
		return nil
	}
	return &RetryEntry{Call: call, Name: "retry." + fn.Name(), Lib: clientGoRetry, Op: op, Attempts: r.backoffSteps(callArg(c, 0))}
}

// backoffSteps returns the Steps of the wait.Backoff value b, the number
// of attempts, when it is one of client-go's defaults or a literal of
// this function with a constant Steps; 0 when unknown (or when Steps is
// not positive: fn never runs).
func (r *RetryResolver) backoffSteps(b ssa.Value) int64 {
	load, ok := valueflow.StripCopies(b).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return 0
	}
	switch addr := load.X.(type) {
	case *ssa.Global:
		if addr.Pkg != nil && addr.Pkg.Pkg.Path() == clientGoRetry {
			return clientGoDefaults[addr.Name()]
		}
	case *ssa.Alloc:
		stores, escapes := r.ix.ObjectStores(addr, nil)
		if escapes {
			return 0
		}
		var steps int64
		for _, st := range stores {
			if st.Field == nil || st.Field.Name() != "Steps" {
				continue
			}
			v := r.valueOf(st.Value, st.Pos())
			if !v.IsConst() {
				return 0
			}
			steps = v.Int
		}
		return max(steps, 0)
	}
	return 0
}
