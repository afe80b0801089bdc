package retryloop

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// waits lists the waits on the retry path of r.
func (f *Forest) waits(r *Retry, a Attempt) []Wait {
	var out []Wait
	helpers := make(map[*ssa.Function]WaitKind)
	for _, b := range f.Fn.Blocks {
		if !r.OnPath(b) {
			continue
		}
		for _, instr := range b.Instrs {
			if instr == a.Call {
				continue
			}
			if k := waitKind(f.ix, f.Fn, instr, helpers, 0); k != 0 {
				w := Wait{Instr: instr, Kind: k}
				if sel, ok := instr.(*ssa.Select); ok && k == SelectContext {
					w.Skip = doneCaseRetries(sel, a.Call.Block())
				}
				out = append(out, w)
			}
		}
	}
	return out
}

// doneCaseRetries returns the first context Done case of select sel
// whose body reaches block attempt (the next attempt) without leaving
// the function, of a context used for nothing else, or nil.
func doneCaseRetries(sel *ssa.Select, attempt *ssa.BasicBlock) *ssa.SelectState {
	for i, st := range sel.States {
		if st.Dir != types.RecvOnly || !isContextDone(st.Chan) || !onlyDone(st.Chan) {
			continue
		}
		if body := selectCaseBlock(sel, i); body != nil && reachesFrom(body, attempt) {
			return st
		}
	}
	return nil
}

// onlyDone reports whether the context whose Done channel is ch is used
// for nothing but Done: a context that a request carries or a loop exit
// tests (ctx.Err()) ends the retries at the next attempt, not after
// many.
func onlyDone(ch ssa.Value) bool {
	call, ok := ch.(*ssa.Call)
	if !ok || !call.Call.IsInvoke() {
		return false
	}
	for _, ref := range *call.Call.Value.Referrers() {
		c, ok := ref.(*ssa.Call)
		if !ok || !c.Call.IsInvoke() || c.Call.Value != call.Call.Value || c.Call.Method.Name() != "Done" {
			return false
		}
	}
	return true
}

// selectCaseBlock returns the block where the body of case i of sel
// starts: the true branch of the test of the select's index against i.
func selectCaseBlock(sel *ssa.Select, i int) *ssa.BasicBlock {
	for _, ref := range *sel.Referrers() {
		idx, ok := ref.(*ssa.Extract)
		if !ok || idx.Index != 0 {
			continue
		}
		for _, ref := range *idx.Referrers() {
			eq, ok := ref.(*ssa.BinOp)
			if !ok || eq.Op != token.EQL {
				continue
			}
			k, ok := eq.Y.(*ssa.Const)
			if !ok || k.Int64() != int64(i) {
				continue
			}
			for _, ref := range *eq.Referrers() {
				if iff, ok := ref.(*ssa.If); ok {
					return iff.Block().Succs[0]
				}
			}
		}
	}
	return nil
}

// waitKind classifies instr as a wait, or returns 0; ix, when not nil,
// resolves the function values it calls.
func waitKind(ix *valueflow.Index, fn *ssa.Function, instr ssa.Instruction, helpers map[*ssa.Function]WaitKind, depth int) WaitKind {
	switch x := instr.(type) {
	case *ssa.UnOp:
		if x.Op != token.ARROW {
			return 0
		}
		if isTimerChan(x.X) {
			return TimerReceive
		}
		return Receive
	case *ssa.Select:
		if !x.Blocking {
			return 0
		}
		for _, st := range x.States {
			if st.Dir == types.RecvOnly && isContextDone(st.Chan) {
				return SelectContext
			}
		}
		return Receive
	case ssa.CallInstruction:
		return callWait(ix, fn, x.Common(), helpers, depth)
	}
	return 0
}

func callWait(ix *valueflow.Index, fn *ssa.Function, cc *ssa.CallCommon, helpers map[*ssa.Function]WaitKind, depth int) WaitKind {
	if cc.IsInvoke() {
		if takesWaitArg(cc.Signature()) {
			return Possible
		}
		return 0
	}
	callee := valueflow.StaticCallee(cc)
	if callee == nil && ix != nil && ix.Pkg == fn.Pkg {
		// A function value that is always the same function: a sleep
		// hook whose only value is time.Sleep sleeps.
		if f := ix.FuncValue(cc.Value); f != nil {
			callee, _ = f.Object().(*types.Func)
		}
	}
	if callee == nil {
		// A function value: it may be a sleep hook.
		if takesWaitArg(cc.Signature()) {
			return Possible
		}
		return 0
	}
	path := ""
	if callee.Pkg() != nil {
		path = callee.Pkg().Path()
	}
	switch typeutil.FuncKey(callee) {
	case "time.Sleep":
		return Sleep
	case "sync.WaitGroup.Wait", "sync.Cond.Wait":
		return Receive
	}
	if httplib.IsRetryLibrary(path) {
		return Library
	}
	if fn.Pkg != nil && callee.Pkg() == fn.Pkg.Pkg {
		f := fn.Prog.FuncValue(callee)
		if f == nil {
			return 0
		}
		if k, ok := helpers[f]; ok {
			return k
		}
		helpers[f] = 0 // recursion
		var k WaitKind
		if depth < 3 {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					if w := waitKind(ix, f, instr, helpers, depth+1); w != 0 {
						k = Helper
					}
				}
			}
		}
		if k == 0 && takesWaitArg(cc.Signature()) && len(f.Blocks) == 0 {
			k = Possible
		}
		helpers[f] = k
		return k
	}
	if typeutil.IsStd(path) {
		return 0
	}
	if takesWaitArg(cc.Signature()) {
		return Possible
	}
	return 0
}

// takesWaitArg reports whether a function with signature sig takes a
// context.Context, a channel it can receive from (a stop channel, as in
// VictoriaMetrics' BackoffTimer.Wait(stopCh)), or a time.Duration
// without returning one: it may wait.
func takesWaitArg(sig *types.Signature) bool {
	if sig == nil {
		return false
	}
	if judgesResponse(sig) {
		return false
	}
	duration, computes := false, false
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if httplib.IsContext(t) {
			return true
		}
		if ch, ok := t.Underlying().(*types.Chan); ok && ch.Dir() != types.SendOnly {
			return true
		}
		duration = duration || typeutil.IsNamedValue(t, httplib.Time, "Duration")
	}
	for i := 0; i < sig.Results().Len(); i++ {
		computes = computes || typeutil.IsNamedValue(sig.Results().At(i).Type(), httplib.Time, "Duration")
	}
	// A function from durations to a duration (a backoff policy,
	// Backoff(min, max, attempt, resp) time.Duration) computes the wait
	// that something else does.
	return duration && !computes
}

// judgesResponse reports whether a function with signature sig is a
// retry predicate: it takes an *http.Response and returns a bool
// (go-retryablehttp's CheckRetry(ctx, resp, err) (bool, error)). It
// decides whether to wait, and does not.
func judgesResponse(sig *types.Signature) bool {
	takes, decides := false, false
	for i := 0; i < sig.Params().Len(); i++ {
		takes = takes || httplib.IsResponse(sig.Params().At(i).Type())
	}
	for i := 0; i < sig.Results().Len(); i++ {
		if b, ok := sig.Results().At(i).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			decides = true
		}
	}
	return takes && decides
}

// isTimerChan reports whether ch is a channel of the time package:
// time.After, time.Tick, or the C field of a Timer or Ticker.
func isTimerChan(ch ssa.Value) bool {
	switch x := ch.(type) {
	case *ssa.Call:
		switch typeutil.FuncKey(valueflow.StaticCallee(x.Common())) {
		case "time.After", "time.Tick":
			return true
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			f := valueflow.FieldOf(fa)
			return f != nil && f.Name() == "C" && (typeutil.IsNamed(fa.X.Type(), httplib.Time, "Timer") || typeutil.IsNamed(fa.X.Type(), httplib.Time, "Ticker"))
		}
	}
	return false
}

// ContextDone reports whether ch is the Done channel of a context.
func ContextDone(ch ssa.Value) bool { return isContextDone(ch) }
