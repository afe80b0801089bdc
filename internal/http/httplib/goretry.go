package httplib

import (
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// GoRetry is sethvargo/go-retry.
var GoRetry = register(&Library{Name: "sethvargo/go-retry", Path: "github.com/sethvargo/go-retry", Kind: Retry})

// goRetry models a sethvargo/go-retry Backoff (backoff.go:30-179): the
// constructors never stop; WithMaxRetries and WithMaxDuration bound;
// WithCappedDuration and the jitter wrappers pass through.
func (r *RetryResolver) goRetry(e *RetryEntry, b ssa.Value, depth int) {
	roots, ok := r.origins(b)
	if !ok || len(roots) != 1 || depth > 16 {
		return
	}
	root := roots[0]
	key, cc := calleeKey(root)
	switch key {
	case GoRetry.Path + ".NewConstant", GoRetry.Path + ".NewExponential", GoRetry.Path + ".NewFibonacci":
		name := "retry." + key[len(GoRetry.Path)+1:]
		e.Forever, e.Pos, e.Why, e.Fix = true, root.Pos(), name+" has no limit", "wrap it in retry.WithMaxRetries or WithMaxDuration"
	case GoRetry.Path + ".WithMaxRetries":
		if wrapsForever(e, "retry.WithMaxRetries", cc.Args[0]) {
			return
		}
		if n := r.valueOf(cc.Args[0], root.Pos()); n.IsConst() {
			e.Attempts = n.Int + 1
		}
	case GoRetry.Path + ".WithMaxDuration":
	case GoRetry.Path + ".WithCappedDuration", GoRetry.Path + ".WithJitter", GoRetry.Path + ".WithJitterPercent":
		r.goRetry(e, cc.Args[1], depth+1)
	case GoRetry.Path + ".WithFullJitter":
		r.goRetry(e, cc.Args[0], depth+1)
	}
}

// UsesRetryableError reports whether function value op (a function or
// closure of this package) may wrap an error with
// sethvargo/go-retry's RetryableError; ok is false when op cannot be
// seen.
func UsesRetryableError(op ssa.Value) (uses, ok bool) {
	fn := valueflow.FuncOf(op)
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
				if typeutil.FuncKey(valueflow.StaticCallee(c.Common())) == GoRetry.Path+".RetryableError" {
					found = true
				}
				if callee := c.Common().StaticCallee(); callee != nil && callee.Pkg == f.Pkg && depth < 3 {
					scan(callee, depth+1)
				} else if c.Common().StaticCallee() == nil || (callee != nil && callee.Pkg != f.Pkg && !typeutil.IsStd(pkgPath(callee))) {
					// An error from code that cannot be seen may already
					// be retryable.
					if callee == nil || pkgPath(callee) != GoRetry.Path {
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
	registerRetry(&retryModel{entry: func(r *RetryResolver, call ssa.CallInstruction) *RetryEntry {
		c := call.Common()
		switch key, fn := staticKey(call); key {
		case GoRetry.Path + ".Do", GoRetry.Path + ".DoValue":
			e := &RetryEntry{Call: call, Name: "retry." + fn.Name(), Lib: GoRetry.Path, Op: callArg(c, 2), Ctx: callArg(c, 0), NeedsRetryable: true}
			r.goRetry(e, callArg(c, 1), 0)
			return e
		case GoRetry.Path + ".Constant", GoRetry.Path + ".Exponential", GoRetry.Path + ".Fibonacci":
			return &RetryEntry{Call: call, Name: "retry." + fn.Name(), Lib: GoRetry.Path, Op: callArg(c, 2), Ctx: callArg(c, 0), NeedsRetryable: true,
				Forever: true, Why: "retry." + fn.Name() + " has no retry or duration limit", Fix: "use retry.Do with a bounded backoff", Pos: call.Pos()}
		}
		return nil
	}})
}
