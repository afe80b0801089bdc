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
				out = append(out, Wait{Instr: instr, Kind: k})
			}
		}
	}
	return out
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
// time.Duration, a context.Context or a channel it can receive from (a
// stop channel, as in VictoriaMetrics' BackoffTimer.Wait(stopCh)): it
// may wait.
func takesWaitArg(sig *types.Signature) bool {
	if sig == nil {
		return false
	}
	for i := 0; i < sig.Params().Len(); i++ {
		t := sig.Params().At(i).Type()
		if httplib.IsContext(t) || typeutil.IsNamedValue(t, httplib.Time, "Duration") {
			return true
		}
		if ch, ok := t.Underlying().(*types.Chan); ok && ch.Dir() != types.SendOnly {
			return true
		}
	}
	return false
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
