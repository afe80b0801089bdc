package retrylib

import (
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// goRetry models a sethvargo/go-retry Backoff (backoff.go:30-179): the
// constructors never stop; WithMaxRetries and WithMaxDuration bound;
// WithCappedDuration and the jitter wrappers pass through.
func (r *Resolver) goRetry(e *Entry, b ssa.Value, depth int) {
	roots, ok := r.origins(b)
	if !ok || len(roots) != 1 || depth > 16 {
		return
	}
	root := roots[0]
	key, cc := calleeKey(root)
	switch key {
	case goRetry + ".NewConstant", goRetry + ".NewExponential", goRetry + ".NewFibonacci":
		name := "retry." + key[len(goRetry)+1:]
		e.Forever, e.Pos, e.Why, e.Fix = true, root.Pos(), name+" has no limit", "wrap it in retry.WithMaxRetries or WithMaxDuration"
	case goRetry + ".WithMaxRetries":
		if n := r.valueOf(cc.Args[0], root.Pos()); n.IsConst() {
			e.Attempts = n.Int + 1
		}
	case goRetry + ".WithMaxDuration":
	case goRetry + ".WithCappedDuration", goRetry + ".WithJitter", goRetry + ".WithJitterPercent":
		r.goRetry(e, cc.Args[1], depth+1)
	case goRetry + ".WithFullJitter":
		r.goRetry(e, cc.Args[0], depth+1)
	}
}

// UsesRetryableError reports whether function value op (a function or
// closure of this package) may wrap an error with
// sethvargo/go-retry's RetryableError; ok is false when op cannot be
// seen.
func UsesRetryableError(op ssa.Value) (uses, ok bool) {
	fn := FuncOf(op)
	if fn == nil || len(fn.Blocks) == 0 {
		return false, false
	}
	found := false
	var scan func(f *ssa.Function, depth int)
	scan = func(f *ssa.Function, depth int) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				c, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if typeutil.FuncKey(valueflow.StaticCallee(c.Common())) == goRetry+".RetryableError" {
					found = true
				}
				if callee := c.Common().StaticCallee(); callee != nil && callee.Pkg == f.Pkg && depth < 3 {
					scan(callee, depth+1)
				} else if c.Common().StaticCallee() == nil || (callee != nil && callee.Pkg != f.Pkg && !typeutil.IsStd(pkgPath(callee))) {
					// An error from code that cannot be seen may already
					// be retryable.
					if callee == nil || pkgPath(callee) != goRetry {
						found = found || returnsError(c)
					}
				}
			}
		}
	}
	scan(fn, 0)
	return found, true
}

func init() {
	register(&model{entry: func(r *Resolver, call ssa.CallInstruction) *Entry {
		c := call.Common()
		switch key, fn := staticKey(call); key {
		case goRetry + ".Do", goRetry + ".DoValue":
			e := &Entry{Call: call, Name: "retry." + fn.Name(), Lib: goRetry, Op: callArg(c, 2), Ctx: callArg(c, 0), NeedsRetryable: true}
			r.goRetry(e, callArg(c, 1), 0)
			return e
		case goRetry + ".Constant", goRetry + ".Exponential", goRetry + ".Fibonacci":
			return &Entry{Call: call, Name: "retry." + fn.Name(), Lib: goRetry, Op: callArg(c, 2), Ctx: callArg(c, 0), NeedsRetryable: true,
				Forever: true, Why: "retry." + fn.Name() + " has no retry or duration limit", Fix: "use retry.Do with a bounded backoff", Pos: call.Pos()}
		}
		return nil
	}})
}
