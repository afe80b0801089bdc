package httpconfig

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// A factoryKey names result i of a function of the package.
type factoryKey struct {
	fn *ssa.Function
	i  int
}

// Factory returns the configuration of the connection pool that each
// call of fn, a function of this package, builds anew and returns as
// result i (a transport, or a client over one), or nil when fn is not
// such a pool factory. A call of a factory creates a pool as a literal
// does. fn is one when:
//   - it builds the pool in its own body, on every path that returns
//     one (a transport kept in a variable or field is not built anew);
//   - for a client, it builds one on some of the paths that build the
//     client (a Clone when TLS options are set);
//   - or it returns, on every path, result i of a call to a factory: of
//     this package, or of another by its facts (see [Facts.Factory]).
func (r *Resolver) Factory(fn *ssa.Function, i int) *Transport {
	k := factoryKey{fn, i}
	if t, done := r.factories[k]; done {
		return t
	}
	r.factories[k] = nil // recursion ends here
	t := r.factory(fn, i)
	r.factories[k] = t
	return t
}

func (r *Resolver) factory(fn *ssa.Function, i int) *Transport {
	body := fn.Syntax()
	results := fn.Signature.Results()
	if body == nil || i >= results.Len() {
		return nil
	}
	inBody := func(p token.Pos) bool { return body.Pos() <= p && p < body.End() }
	if rets := valueflow.Returns(fn, i); sharedOnEveryPath(rets) {
		// A pool kept in a package variable on every path (built once
		// under a sync.Once, go-autorest's defaultSenders): shared, not
		// new. One path returning http.DefaultClient while another
		// builds a client is still a factory.
		return nil
	}
	var t *Transport
	// A client returned as itself or behind a sender interface of the
	// package (go-autorest's Sender, a Doer).
	isClient := returnsClient(results.At(i).Type())
	switch {
	case holdsRoundTripper(results.At(i).Type()):
		t = r.ResultTransport(fn, i)
	case isClient:
		if c := r.ResultClient(fn, i); c.TransportSet {
			t = c.Transport
		}
	default:
		return nil
	}
	if t != nil && t.Fresh && t.Origin != OriginUnknown && inBody(t.Pos()) {
		return t
	}
	if isClient {
		if t := r.freshOnSomePath(fn, i, inBody); t != nil {
			return t
		}
	}
	// A pass-through: every path returns a factory's new pool, but for
	// those that return the caller's own (if c.Sender == nil { return
	// newSender() }; return c.Sender): judge the default path.
	var pass *Transport
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		v := ret.Results[i]
		if isNil(v) || valueflow.DefaultedByReturn(b, valueflow.StripCopies(v)) {
			continue // an error path, or the caller's choice
		}
		ft := r.returnedFactory(v, 0)
		if ft == nil {
			return nil
		}
		pass = JoinTransport(pass, ft)
	}
	return pass
}

// returnedFactory returns the configuration of the new pool that v, a
// value fn returns, holds when it is the result of a factory call, or a
// φ-node each of whose non-nil edges is one (var c *http.Client; if tls
// { c = newClient(t1) } else { c = newClient(t2) }; return c).
// Otherwise it returns nil.
func (r *Resolver) returnedFactory(v ssa.Value, depth int) *Transport {
	if phi, ok := valueflow.StripCopies(v).(*ssa.Phi); ok && depth < 4 {
		var t *Transport
		for _, e := range phi.Edges {
			if isNil(e) {
				continue
			}
			et := r.returnedFactory(e, depth+1)
			if et == nil {
				return nil
			}
			t = JoinTransport(t, et)
		}
		return t
	}
	call, idx := valueflow.CallOf(v)
	if call == nil {
		return nil
	}
	if ft := r.CallFactory(call, idx); ft != nil {
		return ft
	}
	return r.overFactory(call, idx)
}

// returnsClient reports whether a result of type t hands out a client:
// an *http.Client, or one behind a sender interface (go-autorest's
// Sender, a Doer).
func returnsClient(t types.Type) bool {
	return typeutil.IsPointerTo(t, httplib.NetHTTP, "Client") || httplib.IsDoer(t)
}

// freshOnSomePath returns the configuration of a transport that fn
// builds anew (within its body) and stores as the Transport of a client
// literal of fn that it returns as result i, or nil.
func (r *Resolver) freshOnSomePath(fn *ssa.Function, i int, inBody func(token.Pos) bool) *Transport {
	for _, ret := range valueflow.Returns(fn, i) {
		for _, o := range r.ix.Origins(ret) {
			alloc, ok := o.V.(*ssa.Alloc)
			if !ok || alloc.Parent() != fn || !typeutil.IsPointerTo(alloc.Type(), httplib.NetHTTP, "Client") {
				continue
			}
			stores, _ := r.ix.ObjectStores(alloc, nil)
			for _, st := range stores {
				if st.Field == nil || st.Field.Name() != "Transport" {
					continue
				}
				if ld, ok := valueflow.StripCopies(st.Value).(*ssa.UnOp); ok && ld.Op == token.MUL {
					continue // a pool kept in a field or variable (sync.Once), not a new one
				}
				t := r.Transport(st.Value)
				if t != nil && t.Fresh && t.Origin != OriginUnknown && inBody(t.Pos()) {
					return t
				}
			}
		}
	}
	return nil
}

// CallFactory returns the configuration of the pool that result i of
// call builds anew when its callee is a pool factory (see Factory): a
// function of this package, or one of another package whose facts say
// so. Otherwise it returns nil.
func (r *Resolver) CallFactory(call *ssa.Call, i int) *Transport {
	fn := valueflow.StaticCallee(call.Common())
	if fn == nil {
		return r.invokeFactory(call, i)
	}
	if callee := r.ix.Func(fn); callee != nil {
		return r.Factory(callee, i)
	}
	if r.facts == nil || !r.facts.Factory(fn, i) {
		return nil
	}
	var t *Transport
	switch rt := fn.Signature().Results().At(i).Type(); {
	case holdsRoundTripper(rt):
		t = r.transportCall(call, i)
	case typeutil.IsPointerTo(rt, httplib.NetHTTP, "Client"):
		if c := r.clientCall(call, i); c.TransportSet {
			t = c.Transport
		}
	}
	if t == nil || t.Origin == OriginUnknown {
		return nil
	}
	t.pos = call.Pos()
	return t
}

// invokeFactory returns the configuration of the pool that result i of
// call, an interface method call, builds anew when every implementation
// of the method by this package's own types is a pool factory: the
// package's plugins are the default path (OPA's HTTPAuthPlugin.NewClient,
// each of whose implementations returns a client over a new clone of
// DefaultTransport). Otherwise it returns nil.
func (r *Resolver) invokeFactory(call *ssa.Call, i int) *Transport {
	results := call.Call.Signature().Results()
	if !call.Call.IsInvoke() || i >= results.Len() {
		return nil
	}
	if rt := results.At(i).Type(); !holdsRoundTripper(rt) && !returnsClient(rt) {
		return nil
	}
	impls, all := r.ix.Implementations(call.Common())
	if !all {
		return nil
	}
	var t *Transport
	for _, fn := range impls {
		ft := r.Factory(fn, i)
		if ft == nil {
			return nil
		}
		t = JoinTransport(t, ft)
	}
	return t
}

// overFactory returns the configuration of the pool that result i of call
// holds when its callee, a function of this package, is a client
// constructor over its round tripper parameter (see clientTransportParam)
// and the argument is a new pool from a factory call: the client
// literal of newClient(rt) over rt := NewRoundTripperFromConfig(cfg).
// Otherwise it returns nil.
func (r *Resolver) overFactory(call *ssa.Call, i int) *Transport {
	callee := r.ix.Func(valueflow.StaticCallee(call.Common()))
	if callee == nil {
		return nil
	}
	k, ok := r.clientTransportParam(callee, i)
	if !ok {
		return nil
	}
	arg, idx := valueflow.CallOf(call.Call.Args[k])
	if arg == nil {
		return nil
	}
	return r.CallFactory(arg, idx)
}

// clientTransportParam reports whether fn, a function of this package,
// returns as result i, on every path that returns a client, a client
// literal of its own whose Transport is its parameter k and nothing else.
func (r *Resolver) clientTransportParam(fn *ssa.Function, i int) (k int, ok bool) {
	k = -1
	for _, ret := range valueflow.Returns(fn, i) {
		if isNil(ret) {
			continue
		}
		alloc, isAlloc := valueflow.StripCopies(ret).(*ssa.Alloc)
		if !isAlloc || alloc.Parent() != fn || !typeutil.IsPointerTo(alloc.Type(), httplib.NetHTTP, "Client") {
			return 0, false
		}
		stores, _ := r.ix.ObjectStores(alloc, nil)
		n := 0
		for _, st := range stores {
			if st.Field == nil || st.Field.Name() != "Transport" {
				continue
			}
			p, isParam := valueflow.StripCopies(st.Value).(*ssa.Parameter)
			if !isParam || p.Parent() != fn {
				return 0, false
			}
			j := slices.Index(fn.Params, p)
			if k >= 0 && j != k {
				return 0, false
			}
			k = j
			n++
		}
		if n == 0 {
			return 0, false
		}
	}
	return k, k >= 0
}

// loadsPackageState reports whether v is loaded from a package variable,
// an element or field of one included.
func loadsPackageState(v ssa.Value) bool {
	v = valueflow.StripCopies(v)
	for range 8 {
		switch x := v.(type) {
		case *ssa.Global:
			return true
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.Index:
			v = x.X
		default:
			return false
		}
	}
	return false
}

// sharedOnEveryPath reports whether every value of rets but nil is
// loaded from a package variable, and one is.
func sharedOnEveryPath(rets []ssa.Value) bool {
	shared := false
	for _, v := range rets {
		switch {
		case isNil(v):
		case loadsPackageState(v):
			shared = true
		default:
			return false
		}
	}
	return shared
}
