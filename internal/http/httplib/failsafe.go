package httplib

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// Failsafe is failsafe-go v0.9: resilience policies (retry, circuit
// breaker, ...) run by an Executor; FailsafeHTTP is its HTTP
// integration, whose Request sends an *http.Request under policies.
var (
	Failsafe     = register(&Library{Name: "failsafe-go", Path: "github.com/failsafe-go/failsafe-go", Kind: Retry})
	FailsafeHTTP = register(&Library{Name: "failsafehttp", Path: "github.com/failsafe-go/failsafe-go/failsafehttp", Kind: Client | Retry, send: failsafeHTTPSend})
)

// FailsafeRetryPolicy is the import path of failsafe-go's retry policies.
const FailsafeRetryPolicy = "github.com/failsafe-go/failsafe-go/retrypolicy"

func failsafeHTTPSend(fn *types.Func, args []ssa.Value) (Send, bool) {
	if !typeutil.IsMethod(fn, fn.Pkg().Path(), "Request", fn.Name()) || fn.Name() != "Do" {
		return Send{}, false
	}
	return Send{Via: ViaLibrary, Request: arg(args, 0), Name: "(*failsafehttp.Request).Do"}, true
}

// failsafeRequest models failsafehttp.NewRequest(req, client,
// policies...): a retry policy retries any method (policy.go:26-67,
// retry.go:14,67-69).
func (r *RetryResolver) failsafeRequest(v ssa.Value) *RetryClient {
	roots, ok := r.origins(v)
	if !ok || len(roots) != 1 {
		return nil
	}
	key, cc := calleeKey(roots[0])
	if key != FailsafeHTTP.Path+".NewRequest" || len(cc.Args) != 3 {
		return nil
	}
	return r.policies(cc.Args[2], roots[0].Pos())
}

// policies returns the retry configuration of a list of failsafe
// policies, or nil.
func (r *RetryResolver) policies(v ssa.Value, pos token.Pos) *RetryClient {
	ps, ok := variadic(v)
	if !ok {
		return nil
	}
	c := &RetryClient{Lib: FailsafeHTTP, Retries: setting.ConstValue(0, false, token.NoPos), Pos: pos}
	for _, p := range ps {
		cfg := r.Policy(p)
		if cfg == nil {
			if isRetryPolicyType(p.Type()) {
				return nil
			}
			continue // another kind of policy
		}
		c.Retries, c.RetryPos, c.Custom = cfg.MaxRetries, cfg.Pos, cfg.Custom
		if cfg.MaxRetries.IsConst() && cfg.MaxRetries.Int < 0 {
			c.Retries = setting.DynamicValue(cfg.MaxRetries.Pos())
		}
	}
	return c
}

func isRetryPolicyType(t types.Type) bool {
	return typeutil.IsNamed(t, FailsafeRetryPolicy, "RetryPolicy")
}

// failsafeHTTPRequest returns the *http.Request given to
// failsafehttp.NewRequest for the *failsafehttp.Request value v, or nil.
func failsafeHTTPRequest(r *RetryResolver, v ssa.Value) ssa.Value {
	roots, ok := r.origins(v)
	if !ok || len(roots) != 1 {
		return nil
	}
	if key, cc := calleeKey(roots[0]); key == FailsafeHTTP.Path+".NewRequest" && len(cc.Args) == 3 {
		return cc.Args[0]
	}
	return nil
}

// A PolicyConfig is the configuration of a failsafe-go retry policy.
type PolicyConfig struct {
	// MaxRetries is the number of retries; -1 means no limit.
	MaxRetries setting.Value
	// MaxDuration is the overall limit; unset or 0 means none.
	MaxDuration setting.Value
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
func (r *RetryResolver) Policy(v ssa.Value) *PolicyConfig {
	roots, ok := r.origins(v)
	if !ok || len(roots) != 1 {
		return nil
	}
	root := roots[0]
	key, cc := calleeKey(root)
	switch key {
	case FailsafeRetryPolicy + ".NewWithDefaults":
		return &PolicyConfig{MaxRetries: setting.ConstValue(2, false, token.NoPos), Pos: root.Pos()}
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
func (r *RetryResolver) Builder(v ssa.Value) *PolicyConfig {
	root := v
	for depth := 0; ; depth++ {
		rs, ok := r.origins(root)
		if !ok || len(rs) != 1 || depth > 64 {
			return nil
		}
		key, cc := calleeKey(rs[0])
		switch key {
		case FailsafeRetryPolicy + ".NewBuilder", FailsafeHTTP.Path + ".NewRetryPolicyBuilder":
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
	p := &PolicyConfig{MaxRetries: setting.ConstValue(2, false, token.NoPos), Pos: root.Pos()}
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
				m = setting.DynamicValue(m.Pos())
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

func isBuilder(t types.Type) bool { return typeutil.IsNamed(t, FailsafeRetryPolicy, "Builder") }

// executor models a failsafe Executor from failsafe.With(policies...),
// possibly with WithContext(ctx).
func (r *RetryResolver) executor(e *RetryEntry, v ssa.Value) {
	for depth := 0; depth < 16; depth++ {
		roots, ok := r.origins(v)
		if !ok || len(roots) != 1 {
			return
		}
		key, cc := calleeKey(roots[0])
		switch {
		case key == Failsafe.Path+".With":
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

func init() {
	registerRetry(&retryModel{
		send: func(r *RetryResolver, s Send) *RetryClient { return r.failsafeRequest(s.Request) },
		request: func(r *RetryResolver, s Send) ssa.Value {
			if s.Request == nil {
				return nil
			}
			return failsafeHTTPRequest(r, s.Request)
		},
		transport: func(r *RetryResolver, root ssa.Value) *RetryClient {
			if key, cc := calleeKey(root); key == FailsafeHTTP.Path+".NewRoundTripper" && len(cc.Args) == 2 {
				return r.policies(cc.Args[1], root.Pos())
			}
			return nil
		},
		build: (*RetryResolver).failsafeBuild,
		entry: func(r *RetryResolver, call ssa.CallInstruction) *RetryEntry {
			// failsafe Executor.Get/Run/...
			c := call.Common()
			if !c.IsInvoke() || !typeutil.IsNamed(c.Value.Type(), Failsafe.Path, "Executor") {
				return nil
			}
			switch c.Method.Name() {
			case "Get", "Run", "GetWithExecution", "RunWithExecution":
			default:
				return nil
			}
			e := &RetryEntry{Call: call, Name: "failsafe Executor." + c.Method.Name(), Lib: Failsafe.Path, Op: callArg(c, 0)}
			r.executor(e, c.Value)
			return e
		},
	}, FailsafeHTTP)
}

// failsafeBuild recognises the Build() of a failsafe-go retry policy
// builder with no limit (-1 retries, no WithMaxDuration), with the
// contexts and requests it runs under: an executor's WithContext, the
// request of failsafehttp.NewRequest.
func (r *RetryResolver) failsafeBuild(call ssa.CallInstruction) *UnboundedBuild {
	cc := call.Common()
	v, ok := call.(*ssa.Call)
	if !ok || !cc.IsInvoke() || cc.Method.Name() != "Build" || !isBuilder(cc.Value.Type()) {
		return nil
	}
	p := r.Builder(cc.Value)
	if p == nil || !p.Forever() {
		return nil
	}
	return &UnboundedBuild{Pos: p.Pos, Bounds: failsafeBounds(v),
		Message: "this failsafe-go retry policy has no limit (-1) and no WithMaxDuration; set WithMaxRetries(n) or WithMaxDuration"}
}

// failsafeBounds returns the contexts and requests the policy built by
// build runs under: stored into a policy list given to failsafe.With,
// the contexts of the executor's WithContext calls; given to
// failsafehttp.NewRequest, its request.
func failsafeBounds(build *ssa.Call) []ssa.Value {
	var out []ssa.Value
	refs := build.Referrers()
	if refs == nil {
		return nil
	}
	for _, ref := range *refs {
		var st *ssa.Store
		switch x := ref.(type) {
		case *ssa.Store:
			st = x
		case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.ChangeType:
			if rr := x.(ssa.Value).Referrers(); rr != nil {
				for _, r2 := range *rr {
					if s, ok := r2.(*ssa.Store); ok {
						st = s
					}
				}
			}
		}
		if st == nil {
			continue
		}
		ia, ok := st.Addr.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		arefs := ia.X.Referrers()
		if arefs == nil {
			continue
		}
		for _, ar := range *arefs {
			sl, ok := ar.(*ssa.Slice)
			if !ok || sl.Referrers() == nil {
				continue
			}
			for _, sr := range *sl.Referrers() {
				call, ok := sr.(*ssa.Call)
				if !ok {
					continue
				}
				switch typeutil.FuncKey(valueflow.StaticCallee(call.Common())) {
				case FailsafeHTTP.Path + ".NewRequest":
					out = append(out, call.Call.Args[0])
				case Failsafe.Path + ".With":
					out = append(out, executorContexts(call, 0)...)
				}
			}
		}
	}
	return out
}

// executorContexts returns the contexts given to WithContext on the
// executor v, or on the executors derived from it.
func executorContexts(v ssa.Value, depth int) []ssa.Value {
	refs := v.Referrers()
	if refs == nil || depth > 4 {
		return nil
	}
	var out []ssa.Value
	for _, ref := range *refs {
		call, ok := ref.(*ssa.Call)
		if !ok || !call.Call.IsInvoke() || call.Call.Value != v {
			continue
		}
		if call.Call.Method.Name() == "WithContext" && len(call.Call.Args) == 1 {
			out = append(out, call.Call.Args[0])
		}
		out = append(out, executorContexts(call, depth+1)...)
	}
	return out
}
