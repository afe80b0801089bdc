package retrylib

import (
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// A PolicyConfig is the configuration of a failsafe-go retry policy.
type PolicyConfig struct {
	// MaxRetries is the number of retries; -1 means no limit.
	MaxRetries httpconfig.Value
	// MaxDuration is the overall limit; unset or 0 means none.
	MaxDuration httpconfig.Value
	// Custom reports handle or abort predicates.
	Custom bool
	// Pos is where the limit is set (or the builder, when not).
	Pos token.Pos
	// Build is the Build() call, when there is one.
	Build ssa.Value
}

// Forever reports whether the policy retries without limit.
func (p *PolicyConfig) Forever() bool {
	return p.MaxRetries.IsConst() && p.MaxRetries.Int == -1 &&
		!(p.MaxDuration.IsDynamic() || (p.MaxDuration.IsConst() && p.MaxDuration.Int != 0))
}

// Policy returns the configuration of a failsafe-go RetryPolicy value
// (retrypolicy/retry.go:80-300): NewWithDefaults, or Build() of a
// builder from retrypolicy.NewBuilder or
// failsafehttp.NewRetryPolicyBuilder. It returns nil for other values.
func (r *Resolver) Policy(v ssa.Value) *PolicyConfig {
	roots, ok := r.origins(v)
	if !ok || len(roots) != 1 {
		return nil
	}
	root := roots[0]
	key, cc := calleeKey(root)
	switch key {
	case retrypolicy + ".NewWithDefaults":
		return &PolicyConfig{MaxRetries: httpconfig.ConstValue(2, false, token.NoPos), Pos: root.Pos()}
	case "":
		if cc == nil || cc.Method == nil || cc.Method.Name() != "Build" {
			return nil
		}
		b := r.Builder(cc.Value)
		if b != nil {
			b.Build = root
		}
		return b
	}
	return nil
}

// Builder returns the configuration a failsafe-go retry policy builder
// value has collected, or nil.
func (r *Resolver) Builder(v ssa.Value) *PolicyConfig {
	root := v
	for depth := 0; ; depth++ {
		rs, ok := r.origins(root)
		if !ok || len(rs) != 1 || depth > 64 {
			return nil
		}
		key, cc := calleeKey(rs[0])
		switch key {
		case retrypolicy + ".NewBuilder", failsafehttp + ".NewRetryPolicyBuilder":
			root = rs[0]
		case "":
			if cc == nil || !cc.IsInvoke() || !isBuilder(cc.Value.Type()) {
				return nil
			}
			root = cc.Value
			continue
		default:
			return nil
		}
		break
	}
	p := &PolicyConfig{MaxRetries: httpconfig.ConstValue(2, false, token.NoPos), Pos: root.Pos()}
	n := 0
	for _, u := range r.uses([]ssa.Value{root}, isBuilder) {
		switch u.Name {
		case "WithMaxRetries", "WithMaxAttempts":
			if len(u.Args) != 1 {
				continue
			}
			m := r.valueOf(u.Args[0], u.Pos())
			if m.IsConst() && u.Name == "WithMaxAttempts" && m.Int != -1 {
				m.Int--
			}
			if n > 0 && !(m.IsConst() && p.MaxRetries.IsConst() && m.Int == p.MaxRetries.Int) {
				m = httpconfig.DynamicValue(m.Pos())
			}
			p.MaxRetries, p.Pos = m, m.Pos()
			n++
		case "WithMaxDuration":
			if len(u.Args) == 1 {
				p.MaxDuration = r.valueOf(u.Args[0], u.Pos())
			}
		case "HandleErrors", "HandleErrorTypes", "HandleResult", "HandleIf",
			"AbortOnResult", "AbortOnErrors", "AbortOnErrorTypes", "AbortIf":
			p.Custom = true
		}
	}
	return p
}

func isBuilder(t types.Type) bool { return typeutil.IsNamed(t, retrypolicy, "Builder") }

// An Entry is a call that runs an operation under a retry library.
type Entry struct {
	Call ssa.CallInstruction
	// Name is how the library is called, for messages: "retry.Do",
	// "backoff.Retry".
	Name string
	Lib  string // import path of the library
	// Op is the operation retried (a function value), or nil.
	Op ssa.Value
	// Attempts is the number of attempts when known, else 0.
	Attempts int64
	// Forever reports that the configuration retries without limit; Why
	// says why and Fix how to bound it, for messages, and Pos is where
	// (invalid when the configuration is elsewhere).
	Forever bool
	Why     string
	Fix     string
	Pos     token.Pos
	// Ctx is the context the library honours, or nil.
	Ctx ssa.Value
	// NeedsRetryable reports that only errors wrapped by
	// retry.RetryableError are retried (sethvargo/go-retry).
	NeedsRetryable bool
}

// Entry recognises a call of a retry library and describes its
// configuration. ok is false for other calls; a recognised call whose
// configuration cannot be followed has Forever false and Attempts 0.
func (r *Resolver) Entry(call ssa.CallInstruction) (*Entry, bool) {
	c := call.Common()
	arg := func(i int) ssa.Value {
		if i < len(c.Args) {
			return c.Args[i]
		}
		return nil
	}
	if c.IsInvoke() {
		// failsafe Executor.Get/Run/...
		if !typeutil.IsNamed(c.Value.Type(), failsafe, "Executor") {
			return nil, false
		}
		switch c.Method.Name() {
		case "Get", "Run", "GetWithExecution", "RunWithExecution":
		default:
			return nil, false
		}
		e := &Entry{Call: call, Name: "failsafe Executor." + c.Method.Name(), Lib: failsafe, Op: arg(0)}
		r.executor(e, c.Value)
		return e, true
	}
	fn := valueflow.StaticCallee(c)
	key := typeutil.FuncKey(fn)
	e := &Entry{Call: call}
	switch key {
	case retryGo + ".Do", retryGo + ".DoWithData":
		e.Name, e.Lib, e.Op = "retry."+fn.Name(), retryGo, arg(0)
		r.retryGo(e, arg(1))
	case backoffV4 + ".Retry", backoffV4 + ".RetryWithData", backoffV4 + ".RetryNotify", backoffV4 + ".RetryNotifyWithData",
		backoffV4 + ".RetryNotifyWithTimer", backoffV4 + ".RetryNotifyWithTimerAndData":
		e.Name, e.Lib, e.Op = "backoff."+fn.Name(), backoffV4, arg(0)
		r.backoffV4(e, arg(1))
	case backoffV5 + ".Retry":
		e.Name, e.Lib, e.Op, e.Ctx = "backoff.Retry", backoffV5, arg(1), arg(0)
		r.backoffV5(e, arg(2))
	case goRetry + ".Do", goRetry + ".DoValue":
		e.Name, e.Lib, e.Op, e.Ctx, e.NeedsRetryable = "retry."+fn.Name(), goRetry, arg(2), arg(0), true
		r.goRetry(e, arg(1), 0)
	case goRetry + ".Constant", goRetry + ".Exponential", goRetry + ".Fibonacci":
		e.Name, e.Lib, e.Op, e.Ctx, e.NeedsRetryable = "retry."+fn.Name(), goRetry, arg(2), arg(0), true
		e.Forever, e.Why, e.Fix, e.Pos = true, "retry."+fn.Name()+" has no retry or duration limit", "use retry.Do with a bounded backoff", call.Pos()
	default:
		return nil, false
	}
	return e, true
}

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

// backoffV4 models a cenkalti/backoff v4 BackOff: Retry stops only when
// the BackOff returns Stop (retry.go:70-118); ExponentialBackOff stops
// after MaxElapsedTime (15m by default), never when it is 0
// (exponential.go:59-61,176); ZeroBackOff and ConstantBackOff never stop
// (backoff.go:40-65); WithMaxRetries bounds (tries.go:12-25);
// WithContext makes it honour a context (context.go:23-49).
func (r *Resolver) backoffV4(e *Entry, b ssa.Value) {
	roots, ok := r.origins(b)
	if !ok || len(roots) != 1 {
		return
	}
	root := roots[0]
	key, cc := calleeKey(root)
	switch key {
	case backoffV4 + ".WithMaxRetries":
		n := r.valueOf(cc.Args[1], root.Pos())
		if n.IsConst() {
			e.Attempts = n.Int + 1
		}
		return
	case backoffV4 + ".WithContext":
		e.Ctx = cc.Args[1]
		r.backoffV4(e, cc.Args[0])
		return
	case backoffV4 + ".NewConstantBackOff":
		e.Forever, e.Pos, e.Why, e.Fix = true, root.Pos(), "a ConstantBackOff never stops", "wrap it in backoff.WithMaxRetries"
		return
	case backoffV4 + ".NewExponentialBackOff":
		opts, ok := variadic(cc.Args[0])
		if !ok {
			return
		}
		max := httpconfig.ConstValue(int64(15*time.Minute), false, token.NoPos)
		for _, o := range opts {
			okey, occ := calleeKey(o)
			if okey == backoffV4+".WithMaxElapsedTime" {
				max = r.valueOf(occ.Args[0], o.Pos())
			} else if okey == "" {
				return
			}
		}
		max = r.storedInt(root, "MaxElapsedTime", max)
		if max.IsConst() && max.Int == 0 {
			e.Forever, e.Pos, e.Why, e.Fix = true, max.Pos(), "an ExponentialBackOff with MaxElapsedTime 0 never stops", "set a non-zero MaxElapsedTime"
		}
		return
	}
	alloc, isAlloc := root.(*ssa.Alloc)
	if !isAlloc {
		return
	}
	switch {
	case typeutil.IsPointerTo(alloc.Type(), backoffV4, "ZeroBackOff"):
		e.Forever, e.Pos, e.Why, e.Fix = true, root.Pos(), "a ZeroBackOff never stops", "wrap it in backoff.WithMaxRetries"
	case typeutil.IsPointerTo(alloc.Type(), backoffV4, "ConstantBackOff"):
		e.Forever, e.Pos, e.Why, e.Fix = true, root.Pos(), "a ConstantBackOff never stops", "wrap it in backoff.WithMaxRetries"
	case typeutil.IsPointerTo(alloc.Type(), backoffV4, "ExponentialBackOff"):
		// A literal: MaxElapsedTime is 0 unless set; without a Clock,
		// Reset panics (exponential.go:164-167), a different bug.
		stores, _ := r.ix.ObjectStores(alloc, nil)
		clock := false
		max := httpconfig.ConstValue(0, true, root.Pos())
		for _, st := range stores {
			switch st.Field.Name() {
			case "Clock":
				clock = true
			case "MaxElapsedTime":
				max = r.valueOf(st.Value, st.Pos())
			}
		}
		if clock && max.IsConst() && max.Int == 0 {
			e.Forever, e.Pos, e.Why, e.Fix = true, max.Pos(), "an ExponentialBackOff with MaxElapsedTime 0 never stops", "set a non-zero MaxElapsedTime"
		}
	}
}

// storedInt applies stores to field name of the object root to v.
func (r *Resolver) storedInt(root ssa.Value, name string, v httpconfig.Value) httpconfig.Value {
	stores, _ := r.ix.ObjectStores(root, nil)
	n := 0
	for _, st := range stores {
		if st.Field == nil || st.Field.Name() != name {
			continue
		}
		s := r.valueOf(st.Value, st.Pos())
		if n > 0 && !(s.IsConst() && v.IsConst() && s.Int == v.Int) {
			return httpconfig.DynamicValue(s.Pos())
		}
		v = s
		n++
	}
	return v
}

// backoffV5 models cenkalti/backoff v5 Retry options (retry.go:29-137):
// MaxElapsedTime 15m by default, 0 means none; MaxTries 0 means none;
// its backoffs never return Stop except StopBackOff.
func (r *Resolver) backoffV5(e *Entry, optsArg ssa.Value) {
	opts, ok := variadic(optsArg)
	if !ok {
		return
	}
	var tries httpconfig.Value
	elapsed := httpconfig.ConstValue(int64(15*time.Minute), false, token.NoPos)
	for _, o := range opts {
		key, cc := calleeKey(o)
		switch key {
		case backoffV5 + ".WithMaxTries":
			tries = r.valueOf(cc.Args[0], o.Pos())
		case backoffV5 + ".WithMaxElapsedTime":
			elapsed = r.valueOf(cc.Args[0], o.Pos())
		case backoffV5 + ".WithBackOff":
			bs, ok := r.origins(cc.Args[0])
			if !ok || len(bs) != 1 {
				return
			}
			bk, _ := calleeKey(bs[0])
			alloc, isAlloc := bs[0].(*ssa.Alloc)
			switch {
			case bk == backoffV5+".NewExponentialBackOff", bk == backoffV5+".NewConstantBackOff":
			case isAlloc && (typeutil.IsPointerTo(alloc.Type(), backoffV5, "ExponentialBackOff") ||
				typeutil.IsPointerTo(alloc.Type(), backoffV5, "ZeroBackOff") ||
				typeutil.IsPointerTo(alloc.Type(), backoffV5, "ConstantBackOff")):
			default:
				return // may return Stop
			}
		case backoffV5 + ".WithNotify":
		default:
			return
		}
	}
	if tries.IsDynamic() || elapsed.IsDynamic() {
		return
	}
	if tries.IsConst() && tries.Int > 0 {
		e.Attempts = tries.Int
		return
	}
	if elapsed.IsConst() && elapsed.Int == 0 {
		e.Forever, e.Pos, e.Why, e.Fix = true, elapsed.Pos(), "backoff.WithMaxElapsedTime(0) without WithMaxTries never stops", "add backoff.WithMaxTries"
	}
}

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

// executor models a failsafe Executor from failsafe.With(policies...),
// possibly with WithContext(ctx).
func (r *Resolver) executor(e *Entry, v ssa.Value) {
	for depth := 0; depth < 16; depth++ {
		roots, ok := r.origins(v)
		if !ok || len(roots) != 1 {
			return
		}
		key, cc := calleeKey(roots[0])
		switch {
		case key == failsafe+".With":
			c := r.policies(cc.Args[0], roots[0].Pos())
			if c != nil && c.Retries.IsConst() {
				e.Attempts = c.Retries.Int + 1
			}
			return
		case key == "" && cc != nil && cc.IsInvoke() && cc.Method.Name() == "WithContext":
			if e.Ctx == nil {
				e.Ctx = cc.Args[0]
			}
			v = cc.Value
		case key == "" && cc != nil && cc.IsInvoke():
			v = cc.Value
		default:
			return
		}
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

func pkgPath(f *ssa.Function) string {
	if f.Pkg != nil {
		return f.Pkg.Pkg.Path()
	}
	if obj := f.Object(); obj != nil && obj.Pkg() != nil {
		return obj.Pkg().Path()
	}
	return ""
}

func returnsError(c ssa.CallInstruction) bool {
	res := c.Common().Signature().Results()
	for i := 0; i < res.Len(); i++ {
		if types.Identical(res.At(i).Type(), types.Universe.Lookup("error").Type()) {
			return true
		}
	}
	return false
}

// FuncOf returns the function of a function value: a function, a
// closure, or nil.
func FuncOf(v ssa.Value) *ssa.Function {
	switch x := valueflow.StripCopies(v).(type) {
	case *ssa.Function:
		return x
	case *ssa.MakeClosure:
		f, _ := x.Fn.(*ssa.Function)
		return f
	}
	return nil
}
