package httplib

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// A RetryResolver models the retry configuration of HTTP client and retry
// libraries, as built by one package's code. It is not safe for
// concurrent use.
//
// It answers two questions, each grounded in the libraries' sources (see
// the semantics reference) and each answered by the library's model in
// the library's file: does a retrying client (go-retryablehttp, resty v2
// and v3, heimdall, failsafehttp) retry a request, how many attempts it
// makes, and whether it gates non-idempotent methods; and does a retry
// library call (avast/retry-go v4, cenkalti/backoff v4 and v5,
// sethvargo/go-retry, failsafe-go, client-go's retry) retry forever, and
// how many attempts it makes. Configuration is collected from
// constructor calls, option arguments, builder chains, setter calls and
// field stores on the object (in the same statement or later ones,
// through local variables, struct fields and package variables of the
// package, and same-package constructors). What cannot be followed is
// unknown.
type RetryResolver struct {
	ix *valueflow.Index
	// httpClients memoises RetryingHTTPClient per client allocation.
	httpClients map[*ssa.Alloc]*RetryClient
}

// NewRetryResolver returns a RetryResolver over ix.
func NewRetryResolver(ix *valueflow.Index) *RetryResolver { return &RetryResolver{ix: ix} }

// A configUse is something done to a configured object: a method call with
// the object as receiver, or a store into one of its fields.
type configUse struct {
	Call  ssa.CallInstruction
	Fn    *types.Func // the static callee, or nil for an interface call
	Name  string      // the method name
	Args  []ssa.Value // the arguments after the receiver
	Store *ssa.Store
	Field *types.Var
}

// Pos returns the position of the use.
func (u configUse) Pos() token.Pos {
	if u.Call != nil {
		return u.Call.Pos()
	}
	if u.Store != nil {
		if u.Store.Pos().IsValid() {
			return u.Store.Pos()
		}
		return u.Store.Val.Pos()
	}
	return token.NoPos
}

// maxUses bounds the values one walk visits.
const maxUses = 512

// uses collects the uses of the object whose pointers are roots: method
// calls on it (following methods that return it, for chained setters),
// field stores, and the same through local variables, struct fields and
// package variables it is stored in, same-package functions it is passed
// to, and the callers of same-package functions that return it. chain
// reports whether a method result is the same object.
func (r *RetryResolver) uses(roots []ssa.Value, chain func(types.Type) bool) []configUse {
	var out []configUse
	seen := make(map[ssa.Value]bool)
	var work []ssa.Value
	push := func(v ssa.Value) {
		if v != nil && !seen[v] && len(seen) < maxUses {
			seen[v] = true
			work = append(work, v)
		}
	}
	for _, v := range roots {
		push(v)
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch x := ref.(type) {
			case *ssa.Phi, *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.TypeAssert:
				push(x.(ssa.Value))
			case *ssa.FieldAddr:
				if x.X != v {
					continue
				}
				f := valueflow.FieldOf(x)
				if frefs := x.Referrers(); frefs != nil && f != nil {
					for _, fr := range *frefs {
						if st, ok := fr.(*ssa.Store); ok && st.Addr == x {
							out = append(out, configUse{Store: st, Field: f})
						}
					}
				}
			case *ssa.Store:
				if x.Val != v {
					continue
				}
				switch a := x.Addr.(type) {
				case *ssa.Alloc:
					if arefs := a.Referrers(); arefs != nil {
						for _, ar := range *arefs {
							if ld, ok := ar.(*ssa.UnOp); ok && ld.Op == token.MUL {
								push(ld)
							}
						}
					}
				case *ssa.FieldAddr:
					if f := valueflow.FieldOf(a); f != nil {
						for _, ld := range r.ix.FieldLoads(f) {
							push(ld)
						}
					}
				case *ssa.Global:
					for _, ld := range r.ix.GlobalLoads(a) {
						push(ld)
					}
				}
			case *ssa.Return:
				fn := x.Parent()
				for i, res := range x.Results {
					if res != v {
						continue
					}
					for _, site := range r.ix.CallSites(fn) {
						call, ok := site.(*ssa.Call)
						if !ok {
							continue
						}
						if len(x.Results) == 1 {
							push(call)
						} else if crefs := call.Referrers(); crefs != nil {
							for _, cr := range *crefs {
								if ex, ok := cr.(*ssa.Extract); ok && ex.Index == i {
									push(ex)
								}
							}
						}
					}
				}
			case ssa.CallInstruction:
				c := x.Common()
				if c.IsInvoke() {
					if c.Value == v {
						out = append(out, configUse{Call: x, Name: c.Method.Name(), Args: c.Args})
						if call, ok := x.(*ssa.Call); ok && chain(call.Type()) {
							push(call)
						}
					}
					continue
				}
				fn := valueflow.StaticCallee(c)
				if fn == nil {
					continue
				}
				sig, _ := fn.Type().(*types.Signature)
				if sig != nil && sig.Recv() != nil && len(c.Args) > 0 && c.Args[0] == v {
					out = append(out, configUse{Call: x, Fn: fn, Name: fn.Name(), Args: c.Args[1:]})
					if call, ok := x.(*ssa.Call); ok && chain(call.Type()) {
						push(call)
					}
					continue
				}
				// Passed to a function of this package: follow the
				// parameter.
				if callee := c.StaticCallee(); callee != nil && callee.Pkg == r.ix.Pkg {
					for i, a := range c.Args {
						if a == v && i < len(callee.Params) {
							push(callee.Params[i])
						}
					}
				}
			}
		}
	}
	return out
}

// origins returns the values v may come from, looking into the results
// of same-package functions. ok is false when some origin is unknown.
func (r *RetryResolver) origins(v ssa.Value) ([]ssa.Value, bool) {
	var out []ssa.Value
	ok := true
	busy := make(map[*ssa.Function]bool)
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		if f := ownField(r.ix, v); f != nil && depth < 4 {
			// A field of a type of this package that other packages may
			// set too (Client.HTTPClient): judge the default path, the
			// values this package stores.
			for _, fv := range r.ix.FieldValues(f) {
				visit(fv, depth+1)
			}
			return
		}
		for _, o := range r.ix.Origins(v) {
			if o.V == nil || o.Global != nil || o.Field != nil {
				ok = false
				continue
			}
			if call, idx := valueflow.CallOf(o.V); call != nil && depth < 4 {
				if callee := call.Call.StaticCallee(); callee != nil && callee.Pkg == r.ix.Pkg && len(callee.Blocks) > 0 && !busy[callee] {
					busy[callee] = true
					for _, ret := range valueflow.Returns(callee, idx) {
						if k, isConst := ret.(*ssa.Const); isConst && k.IsNil() {
							continue
						}
						visit(ret, depth+1)
					}
					delete(busy, callee)
					continue
				}
			}
			out = append(out, o.V)
		}
	}
	visit(v, 0)
	return out, ok
}

// calleeKey returns the FuncKey of the function called by the call that
// defines v (directly or as a tuple element), and the call.
func calleeKey(v ssa.Value) (string, *ssa.CallCommon) {
	call, _ := valueflow.CallOf(v)
	if call == nil {
		return "", nil
	}
	c := call.Common()
	if c.IsInvoke() {
		return "", c
	}
	return typeutil.FuncKey(valueflow.StaticCallee(c)), c
}

// variadic returns the elements of a variadic argument built by the
// compiler (or a slice literal), in order. ok is false when the slice
// comes from elsewhere.
func variadic(v ssa.Value) ([]ssa.Value, bool) {
	if v == nil {
		return nil, true
	}
	if k, ok := v.(*ssa.Const); ok && k.IsNil() {
		return nil, true
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil, false
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	arr, ok := types.Unalias(alloc.Type()).Underlying().(*types.Pointer)
	if !ok {
		return nil, false
	}
	at, ok := arr.Elem().Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	out := make([]ssa.Value, at.Len())
	refs := alloc.Referrers()
	if refs == nil {
		return nil, false
	}
	for _, ref := range *refs {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		k, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil, false
		}
		i, exact := constant.Int64Val(constant.ToInt(k.Value))
		if !exact || i < 0 || int(i) >= len(out) {
			return nil, false
		}
		if irefs := ia.Referrers(); irefs != nil {
			for _, ir := range *irefs {
				if st, ok := ir.(*ssa.Store); ok && st.Addr == ia {
					out[i] = st.Val
				}
			}
		}
	}
	for _, e := range out {
		if e == nil {
			return nil, false
		}
	}
	return out, true
}

// valueOf returns what is known of the integer or boolean setting v,
// written at pos.
func (r *RetryResolver) valueOf(v ssa.Value, pos token.Pos) setting.Value {
	return setting.ValueOf(r.ix, v, pos)
}

// ownField returns the exported field that v loads when the field
// belongs to a struct type of this package and this package stores
// into it, or nil.
func ownField(ix *valueflow.Index, v ssa.Value) *types.Var {
	ld, ok := valueflow.StripCopies(v).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	f := valueflow.FieldOf(fa)
	if f == nil || !f.Exported() || f.Pkg() != ix.Pkg.Pkg || len(ix.FieldValues(f)) == 0 {
		return nil
	}
	return f
}

// zeroSetting reports whether limit, the attempt limit given to the
// library's option call opt (named call, for messages), where 0 means
// forever, is a setting the caller configures that the function making
// opt never compares or clamps: a setting of 0, which callers pass to
// mean "no retries" (release-utils' WithRetries(0)), retries forever.
// The setting is a parameter whose value the package's calls do not fix
// (n, what setting.ValueOf found, is not constant), or a field of a
// parameter that callers can set: exported, or stored from a parameter
// (an option setter) or another value that is not constant, whatever
// its default. It returns the finding's reason and fix.
func (r *RetryResolver) zeroSetting(call string, limit, opt ssa.Value, n setting.Value) (why, fix string, ok bool) {
	w := setting.ParamSetting(limit)
	instr, isInstr := opt.(ssa.Instruction)
	if w == nil || !isInstr || instr.Parent() == nil || w.Checked(instr.Parent()) {
		return "", "", false
	}
	settable := !n.IsConst()
	if ld, isLoad := valueflow.StripCopies(limit).(*ssa.UnOp); isLoad {
		if fa, isField := ld.X.(*ssa.FieldAddr); isField {
			f := valueflow.FieldOf(fa)
			settable = f == nil || f.Exported()
			for _, v := range r.ix.FieldValues(f) {
				if _, isConst := valueflow.StripCopies(v).(*ssa.Const); !isConst {
					settable = true
				}
			}
		}
	}
	if !settable {
		return "", "", false
	}
	name := setting.Name(w.Setting)
	return fmt.Sprintf("%s(%s) retries until success if %s is 0", call, name, name), "check it for 0 first", true
}

// wrapsForever sets e to retry forever when limit, the attempt limit
// given to the library's call (named call, for messages), is an
// unchecked unsigned setting minus a constant (see setting.Wrap): a
// setting of 0 wraps it to nearly 2^64. It reports whether it did.
func wrapsForever(e *RetryEntry, call string, limit ssa.Value) bool {
	w := setting.UnsignedSub(limit)
	if w == nil || w.Checked(w.Sub.Parent()) {
		return false
	}
	name := setting.Name(w.Setting)
	when := "is 0"
	if w.K > 1 {
		when = fmt.Sprintf("< %d", w.K)
	}
	e.Forever, e.Pos = true, w.Sub.Pos()
	e.Why = fmt.Sprintf("%s(%s-%d) wraps to ~2^64 if %s %s", call, name, w.K, name, when)
	e.Fix = "check it first"
	return true
}
