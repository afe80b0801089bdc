package httplib

import (
	"go/token"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/typeutil"
)

// Backoff is cenkalti/backoff; v4 (v4.3.0) and v5 are modelled.
var Backoff = register(&Library{Name: "cenkalti/backoff", Path: "github.com/cenkalti/backoff", Kind: Retry})

// Import paths of the modelled major versions.
const (
	BackoffV4 = "github.com/cenkalti/backoff/v4"
	BackoffV5 = "github.com/cenkalti/backoff/v5"
)

// backoffV4 models a cenkalti/backoff v4 BackOff: Retry stops only when
// the BackOff returns Stop (retry.go:70-118); ExponentialBackOff stops
// after MaxElapsedTime (15m by default), never when it is 0
// (exponential.go:59-61,176); ZeroBackOff and ConstantBackOff never stop
// (backoff.go:40-65); WithMaxRetries bounds (tries.go:12-25);
// WithContext makes it honour a context (context.go:23-49).
func (r *RetryResolver) backoffV4(e *RetryEntry, b ssa.Value) {
	roots, ok := r.origins(b)
	if !ok || len(roots) != 1 {
		return
	}
	root := roots[0]
	key, cc := calleeKey(root)
	switch key {
	case BackoffV4 + ".WithMaxRetries":
		if wrapsForever(e, "backoff.WithMaxRetries", cc.Args[1]) {
			return
		}
		n := r.valueOf(cc.Args[1], root.Pos())
		if n.IsConst() {
			e.Attempts = n.Int + 1
		}
		return
	case BackoffV4 + ".WithContext":
		e.Ctx = cc.Args[1]
		r.backoffV4(e, cc.Args[0])
		return
	case BackoffV4 + ".NewConstantBackOff":
		e.Forever, e.Pos, e.Why, e.Fix = true, root.Pos(), "a ConstantBackOff never stops", "wrap it in backoff.WithMaxRetries"
		return
	case BackoffV4 + ".NewExponentialBackOff":
		// Options came in v4.3.0; before it the constructor takes none.
		var opts []ssa.Value
		if len(cc.Args) > 0 {
			var ok bool
			if opts, ok = variadic(cc.Args[0]); !ok {
				return
			}
		}
		max := setting.ConstValue(int64(15*time.Minute), false, token.NoPos)
		for _, o := range opts {
			okey, occ := calleeKey(o)
			if okey == BackoffV4+".WithMaxElapsedTime" {
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
	case typeutil.IsPointerTo(alloc.Type(), BackoffV4, "ZeroBackOff"):
		e.Forever, e.Pos, e.Why, e.Fix = true, root.Pos(), "a ZeroBackOff never stops", "wrap it in backoff.WithMaxRetries"
	case typeutil.IsPointerTo(alloc.Type(), BackoffV4, "ConstantBackOff"):
		e.Forever, e.Pos, e.Why, e.Fix = true, root.Pos(), "a ConstantBackOff never stops", "wrap it in backoff.WithMaxRetries"
	case typeutil.IsPointerTo(alloc.Type(), BackoffV4, "ExponentialBackOff"):
		// A literal: MaxElapsedTime is 0 unless set; without a Clock,
		// Reset panics (exponential.go:164-167), a different bug.
		stores, _ := r.ix.ObjectStores(alloc, nil)
		clock := false
		max := setting.ConstValue(0, true, root.Pos())
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
func (r *RetryResolver) storedInt(root ssa.Value, name string, v setting.Value) setting.Value {
	stores, _ := r.ix.ObjectStores(root, nil)
	n := 0
	for _, st := range stores {
		if st.Field == nil || st.Field.Name() != name {
			continue
		}
		s := r.valueOf(st.Value, st.Pos())
		if n > 0 && !(s.IsConst() && v.IsConst() && s.Int == v.Int) {
			return setting.DynamicValue(s.Pos())
		}
		v = s
		n++
	}
	return v
}

// backoffV5 models cenkalti/backoff v5 Retry options (retry.go:29-137):
// MaxElapsedTime 15m by default, 0 means none; MaxTries 0 means none;
// its backoffs never return Stop except StopBackOff.
func (r *RetryResolver) backoffV5(e *RetryEntry, optsArg ssa.Value) {
	opts, ok := variadic(optsArg)
	if !ok {
		return
	}
	var tries setting.Value
	elapsed := setting.ConstValue(int64(15*time.Minute), false, token.NoPos)
	for _, o := range opts {
		key, cc := calleeKey(o)
		switch key {
		case BackoffV5 + ".WithMaxTries":
			if wrapsForever(e, "backoff.WithMaxTries", cc.Args[0]) {
				return
			}
			tries = r.valueOf(cc.Args[0], o.Pos())
		case BackoffV5 + ".WithMaxElapsedTime":
			elapsed = r.valueOf(cc.Args[0], o.Pos())
		case BackoffV5 + ".WithBackOff":
			bs, ok := r.origins(cc.Args[0])
			if !ok || len(bs) != 1 {
				return
			}
			bk, _ := calleeKey(bs[0])
			alloc, isAlloc := bs[0].(*ssa.Alloc)
			switch {
			case bk == BackoffV5+".NewExponentialBackOff", bk == BackoffV5+".NewConstantBackOff":
			case isAlloc && (typeutil.IsPointerTo(alloc.Type(), BackoffV5, "ExponentialBackOff") ||
				typeutil.IsPointerTo(alloc.Type(), BackoffV5, "ZeroBackOff") ||
				typeutil.IsPointerTo(alloc.Type(), BackoffV5, "ConstantBackOff")):
			default:
				return // may return Stop
			}
		case BackoffV5 + ".WithNotify":
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

func init() {
	registerRetry(&retryModel{entry: func(r *RetryResolver, call ssa.CallInstruction) *RetryEntry {
		c := call.Common()
		switch key, fn := staticKey(call); key {
		case BackoffV4 + ".Retry", BackoffV4 + ".RetryWithData", BackoffV4 + ".RetryNotify", BackoffV4 + ".RetryNotifyWithData",
			BackoffV4 + ".RetryNotifyWithTimer", BackoffV4 + ".RetryNotifyWithTimerAndData":
			e := &RetryEntry{Call: call, Name: "backoff." + fn.Name(), Lib: BackoffV4, Op: callArg(c, 0)}
			r.backoffV4(e, callArg(c, 1))
			return e
		case BackoffV5 + ".Retry":
			e := &RetryEntry{Call: call, Name: "backoff.Retry", Lib: BackoffV5, Op: callArg(c, 1), Ctx: callArg(c, 0)}
			r.backoffV5(e, callArg(c, 2))
			return e
		}
		return nil
	}})
}
