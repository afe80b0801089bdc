package retrylib

import (
	"go/token"
	"go/types"
	"net/http"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// Import paths of the libraries modelled here (see package httplib).
var (
	retryablehttp = httplib.RetryableHTTP.Path
	restyV2       = httplib.RestyV2.Path
	restyV3       = httplib.RestyV3.Path
	heimdall      = httplib.HeimdallHTTP
	hystrix       = httplib.HeimdallHystrix
	failsafehttp  = httplib.FailsafeHTTP.Path
	failsafe      = httplib.Failsafe.Path
	retrypolicy   = httplib.FailsafeRetryPolicy
	retryGo       = httplib.RetryGoV4
	backoffV4     = httplib.BackoffV4
	backoffV5     = httplib.BackoffV5
	goRetry       = httplib.GoRetry.Path
)

// A Client is the retry configuration of a library client, as it
// applies to one send.
type Client struct {
	Lib *httplib.Library
	// Retries is the number of retries after the first attempt.
	Retries httpconfig.Value
	// Custom reports a retry policy the model cannot see through (a
	// custom CheckRetry, resty retry conditions, failsafe predicates):
	// whether a method is retried is then unknown.
	Custom bool
	// Policy names a custom retry policy of this package that was read
	// and never looks at the request method (a CheckRetry that falls
	// through to DefaultRetryPolicy): it retries any method the default
	// would.
	Policy string
	// MethodGate reports that the library does not retry non-idempotent
	// methods (resty v3 unless SetRetryAllowNonIdempotent(true)).
	MethodGate bool
	// Pos is where the client is built; RetryPos where its retries are
	// configured (may equal Pos, or be invalid).
	Pos, RetryPos token.Pos
	// Headers are the canonical header keys set on the client or the
	// request through the library (resty SetHeader), and DynamicHeaders
	// reports a header set with a key that is not constant.
	Headers        []string
	DynamicHeaders bool
	// Body is the request body given to the library (resty SetBody).
	Body ssa.Value
}

// Retrying reports whether the client provably retries.
func (c *Client) Retrying() bool {
	return c != nil && c.Retries.IsConst() && c.Retries.Int > 0
}

// Attempts returns the number of attempts, or 0 when unknown.
func (c *Client) Attempts() int64 {
	if c == nil || !c.Retries.IsConst() {
		return 0
	}
	if c.Retries.Int < 0 {
		return 1
	}
	return c.Retries.Int + 1
}

func ptrTo(pkg, name string) func(types.Type) bool {
	return func(t types.Type) bool { return typeutil.IsPointerTo(t, pkg, name) }
}

// Send returns the retry configuration of the client that sends s, or
// nil when it cannot be resolved.
func (r *Resolver) Send(s httplib.Send) *Client {
	switch s.Lib {
	case httplib.RetryableHTTP:
		if s.DefaultClient {
			// retryablehttp's package functions use NewClient().
			return &Client{Lib: s.Lib, Retries: httpconfig.ConstValue(4, false, token.NoPos)}
		}
		return r.retryableHTTP(s.Client)
	case httplib.RestyV2, httplib.RestyV3:
		return r.resty(s)
	case httplib.Heimdall:
		return r.heimdall(s.Client)
	case httplib.FailsafeHTTP:
		return r.failsafeRequest(s.Request)
	}
	return nil
}

// retryableHTTP models a *retryablehttp.Client: NewClient() gives
// RetryMax 4 and the method-agnostic DefaultRetryPolicy (client.go:49-51,
// 440-450, 472-542).
func (r *Resolver) retryableHTTP(v ssa.Value) *Client {
	roots, ok := r.origins(v)
	if !ok || len(roots) == 0 {
		return nil
	}
	c := &Client{Lib: httplib.RetryableHTTP, Retries: httpconfig.ConstValue(4, false, token.NoPos)}
	for _, root := range roots {
		if k, _ := calleeKey(root); k != retryablehttp+".NewClient" {
			return nil
		}
		if !c.Pos.IsValid() {
			c.Pos = root.Pos()
		}
	}
	for _, u := range r.uses(roots, ptrTo(retryablehttp, "Client")) {
		if u.Store == nil {
			continue
		}
		switch u.Field.Name() {
		case "RetryMax":
			n := r.valueOf(u.Store.Val, u.Pos())
			if c.Retries.IsConst() && n.IsConst() && c.RetryPos.IsValid() && n.Int != c.Retries.Int {
				n = httpconfig.DynamicValue(n.Pos())
			}
			c.Retries, c.RetryPos = n, u.Pos()
		case "CheckRetry":
			switch {
			case isDefaultRetryPolicy(u.Store.Val):
			case methodBlindPolicy(u.Store.Val):
				c.Policy = policyName(u.Store.Val)
			default:
				c.Custom = true
			}
		}
	}
	return c
}

// methodBlindPolicy reports whether v is a retry policy function of
// this package (a CheckRetry) that may decide to retry without looking at
// the request's method: it never reads a Method field, hands no request
// to other code (which might), and returns something other than false on
// some path (true, or DefaultRetryPolicy's answer).
func methodBlindPolicy(v ssa.Value) bool {
	fn := policyFunc(v)
	if fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	mayRetry := false
	funcs := append([]*ssa.Function{fn}, fn.AnonFuncs...)
	for _, f := range funcs {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.FieldAddr, *ssa.Field:
					if fv := valueflow.FieldOf(x.(ssa.Value)); fv != nil && fv.Name() == "Method" {
						return false
					}
				case ssa.CallInstruction:
					if isDefaultRetryPolicy(x.Common().Value) {
						continue
					}
					for _, arg := range x.Common().Args {
						if httplib.IsRequest(arg.Type()) {
							return false // the request goes to code that may check its method
						}
					}
				case *ssa.Return:
					if f == fn && len(x.Results) > 0 {
						if k, ok := x.Results[0].(*ssa.Const); !ok || k.Value == nil || k.Value.String() != "false" {
							mayRetry = true
						}
					}
				}
			}
		}
	}
	return mayRetry
}

// policyFunc returns the function a policy value is, or nil.
func policyFunc(v ssa.Value) *ssa.Function { return valueflow.FuncOf(v) }

// policyName names a policy function for messages.
func policyName(v ssa.Value) string {
	fn := policyFunc(v)
	if fn == nil || fn.Parent() != nil {
		return "the CheckRetry function"
	}
	return fn.Name()
}

func isDefaultRetryPolicy(v ssa.Value) bool {
	fn := policyFunc(v)
	if fn == nil {
		return false
	}
	obj, _ := fn.Object().(*types.Func)
	switch typeutil.FuncKey(obj) {
	case retryablehttp + ".DefaultRetryPolicy", retryablehttp + ".ErrorPropagatedRetryPolicy":
		return true
	}
	return false
}

// resty models resty v2 (retries any method once RetryCount > 0,
// request.go:1047-1074, retry.go:124-136) and v3 (gates non-idempotent
// methods unless SetRetryAllowNonIdempotent(true), request.go:1893-1908).
func (r *Resolver) resty(s httplib.Send) *Client {
	pkg := restyV2
	if s.Lib == httplib.RestyV3 {
		pkg = restyV3
	}
	c := &Client{Lib: s.Lib, Retries: httpconfig.ConstValue(0, false, token.NoPos), MethodGate: s.Lib == httplib.RestyV3}
	// Walk the request back to c.R().
	reqRoots, ok := r.origins(s.Request)
	if !ok || len(reqRoots) == 0 {
		return nil
	}
	var clientVals []ssa.Value
	var roots []ssa.Value
	for _, root := range reqRoots {
		root, cc := r.chainStart(root, pkg+".Request.", func(key string) bool {
			return key == pkg+".Client.R" || key == pkg+".Client.NewRequest"
		})
		if root == nil {
			return nil
		}
		roots = append(roots, root)
		clientVals = append(clientVals, cc.Args[0])
	}
	// The client.
	var clientRoots []ssa.Value
	for _, cv := range clientVals {
		crs, ok := r.origins(cv)
		if !ok {
			return nil
		}
		for _, root := range crs {
			root, _ := r.chainStart(root, pkg+".Client.", func(key string) bool {
				return key == pkg+".New" || key == pkg+".NewWithClient" || key == pkg+".NewWithLocalAddr" ||
					key == pkg+".NewWithTransportSettings" || key == pkg+".NewWithDialer" || key == pkg+".NewWithDialerAndTransportSettings"
			})
			if root == nil {
				return nil
			}
			clientRoots = append(clientRoots, root)
			if !c.Pos.IsValid() {
				c.Pos = root.Pos()
			}
		}
	}
	type setting struct {
		v     httpconfig.Value
		n     int
		clash bool
	}
	set := func(st *setting, v httpconfig.Value) {
		if st.n > 0 && (!v.IsConst() || !st.v.IsConst() || v.Int != st.v.Int) {
			st.clash = true
		}
		st.v = v
		st.n++
	}
	var count, allow [2]setting // [client, request]
	apply := func(u Use, level int) {
		if h, ok := httplib.HeaderSetterOf(u.Fn); ok {
			// Use.Args leave the receiver out.
			switch {
			case h.Key > 0 && h.Key <= len(u.Args):
				r.addHeaderKey(c, u.Args[h.Key-1])
			case h.Map > 0 && h.Map <= len(u.Args):
				keys, dyn := r.mapKeys(u.Args[h.Map-1])
				c.Headers = append(c.Headers, keys...)
				c.DynamicHeaders = c.DynamicHeaders || dyn
			}
			return
		}
		switch u.Name {
		case "SetRetryCount":
			if len(u.Args) == 1 {
				set(&count[level], r.valueOf(u.Args[0], u.Pos()))
			}
		case "SetRetryAllowNonIdempotent":
			if s.Lib == httplib.RestyV3 && len(u.Args) == 1 {
				set(&allow[level], r.valueOf(u.Args[0], u.Pos()))
			}
		case "AddRetryCondition", "AddRetryConditions", "SetRetryConditions", "SetRetryDefaultConditions":
			// v2: any condition replaces the method-agnostic default
			// (retry.go:124-136); v3: the method gate stays, but turning
			// the default conditions off makes the policy unknown.
			if s.Lib == httplib.RestyV2 || u.Name != "AddRetryConditions" {
				c.Custom = true
			}
		case "AddRetryAfterErrorCondition":
			// Retries every response with status > 399 (client.go:779-784).
		case "SetBody":
			if len(u.Args) == 1 && level == 1 {
				c.Body = u.Args[0]
			}
		}
	}
	for _, u := range r.uses(clientRoots, ptrTo(pkg, "Client")) {
		if u.Store != nil {
			if u.Field.Name() == "RetryCount" {
				set(&count[0], r.valueOf(u.Store.Val, u.Pos()))
			}
			continue
		}
		apply(u, 0)
	}
	for _, u := range r.uses(roots, ptrTo(pkg, "Request")) {
		apply(u, 1)
	}
	pick := func(st [2]setting) (httpconfig.Value, bool, bool) {
		for _, l := range []int{1, 0} {
			if st[l].n > 0 {
				if st[l].clash {
					return httpconfig.DynamicValue(st[l].v.Pos()), true, true
				}
				return st[l].v, true, false
			}
		}
		return httpconfig.Value{}, false, false
	}
	if v, ok, _ := pick(count); ok {
		c.Retries, c.RetryPos = v, v.Pos()
	}
	if v, ok, clash := pick(allow); ok {
		switch {
		case clash || !v.IsConst():
			c.Custom = true
		case v.Int != 0:
			c.MethodGate = false
			c.RetryPos = v.Pos()
		}
	}
	return c
}

// chainStart walks a builder chain back from root (a call of a method
// whose key starts with through, on a receiver that is itself such a
// call, ...) to the call that starts it, for which isStart(key) holds. It
// returns that call and its CallCommon, or nil when the chain comes from
// elsewhere.
func (r *Resolver) chainStart(root ssa.Value, through string, isStart func(key string) bool) (ssa.Value, *ssa.CallCommon) {
	for depth := 0; depth <= 32; depth++ {
		key, cc := calleeKey(root)
		if cc == nil {
			return nil, nil
		}
		if isStart(key) {
			return root, cc
		}
		if !strings.HasPrefix(key, through) || len(cc.Args) == 0 {
			return nil, nil
		}
		next, ok := r.origins(cc.Args[0])
		if !ok || len(next) != 1 {
			return nil, nil
		}
		root = next[0]
	}
	return nil, nil
}

func (r *Resolver) addHeaderKey(c *Client, k ssa.Value) {
	if s, ok := r.ix.ConstString(k); ok {
		c.Headers = append(c.Headers, http.CanonicalHeaderKey(s))
	} else {
		c.DynamicHeaders = true
	}
}

// heimdall models httpclient.NewClient (and hystrix.NewClient) with
// WithRetryCount: errors and 5xx are retried for any method
// (httpclient/client.go:124-173).
func (r *Resolver) heimdall(v ssa.Value) *Client {
	roots, ok := r.origins(v)
	if !ok || len(roots) == 0 {
		return nil
	}
	c := &Client{Lib: httplib.Heimdall, Retries: httpconfig.ConstValue(0, false, token.NoPos)}
	for i, root := range roots {
		key, cc := calleeKey(root)
		if key != heimdall+".NewClient" && key != hystrix+".NewClient" {
			return nil
		}
		opts, ok := variadic(cc.Args[len(cc.Args)-1])
		if !ok {
			return nil
		}
		n := httpconfig.ConstValue(0, false, token.NoPos)
		for _, o := range opts {
			okey, occ := calleeKey(o)
			switch okey {
			case heimdall + ".WithRetryCount", hystrix + ".WithRetryCount":
				n = r.valueOf(occ.Args[0], o.Pos())
			case "":
				return nil
			}
		}
		if i == 0 {
			c.Retries, c.Pos, c.RetryPos = n, root.Pos(), n.Pos()
		} else if c.Retries != n {
			return nil
		}
	}
	return c
}

// failsafeRequest models failsafehttp.NewRequest(req, client,
// policies...): a retry policy retries any method (policy.go:26-67,
// retry.go:14,67-69).
func (r *Resolver) failsafeRequest(v ssa.Value) *Client {
	roots, ok := r.origins(v)
	if !ok || len(roots) != 1 {
		return nil
	}
	key, cc := calleeKey(roots[0])
	if key != failsafehttp+".NewRequest" || len(cc.Args) != 3 {
		return nil
	}
	return r.policies(cc.Args[2], roots[0].Pos())
}

// policies returns the retry configuration of a list of failsafe
// policies, or nil.
func (r *Resolver) policies(v ssa.Value, pos token.Pos) *Client {
	ps, ok := variadic(v)
	if !ok {
		return nil
	}
	c := &Client{Lib: httplib.FailsafeHTTP, Retries: httpconfig.ConstValue(0, false, token.NoPos), Pos: pos}
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
			c.Retries = httpconfig.DynamicValue(cfg.MaxRetries.Pos())
		}
	}
	return c
}

func isRetryPolicyType(t types.Type) bool {
	return typeutil.IsNamed(t, retrypolicy, "RetryPolicy")
}

// RetryingHTTPClient returns the retry configuration behind an
// *http.Client value whose Transport is a retrying round tripper
// (failsafehttp.NewRoundTripper) or that comes from
// (*retryablehttp.Client).StandardClient(), or nil.
func (r *Resolver) RetryingHTTPClient(v ssa.Value) *Client {
	roots, _ := r.origins(v)
	// A client that retries on one of the paths that build it (when an
	// option is set, say) retries there.
	for _, root := range roots {
		if c := r.retryingRoot(root); c.Retrying() {
			return c
		}
	}
	if len(roots) != 1 {
		return nil
	}
	return r.retryingRoot(roots[0])
}

// retryingRoot is RetryingHTTPClient for one origin of the client.
func (r *Resolver) retryingRoot(root ssa.Value) *Client {
	if key, cc := calleeKey(root); key == retryablehttp+".Client.StandardClient" {
		c := r.retryableHTTP(cc.Args[0])
		return c
	}
	alloc, isAlloc := root.(*ssa.Alloc)
	if !isAlloc || !typeutil.IsPointerTo(alloc.Type(), httplib.NetHTTP, "Client") {
		return nil
	}
	if c, ok := r.httpClients[alloc]; ok {
		return c
	}
	c := r.retryingAlloc(alloc)
	if r.httpClients == nil {
		r.httpClients = make(map[*ssa.Alloc]*Client)
	}
	r.httpClients[alloc] = c
	return c
}

// retryingAlloc is RetryingHTTPClient for a client allocation.
func (r *Resolver) retryingAlloc(alloc *ssa.Alloc) *Client {
	stores, _ := r.ix.ObjectStores(alloc, nil)
	for _, st := range stores {
		if st.Field == nil || st.Field.Name() != "Transport" {
			continue
		}
		tr, ok := r.origins(st.Value)
		if !ok || len(tr) != 1 {
			return nil
		}
		key, cc := calleeKey(tr[0])
		if key == failsafehttp+".NewRoundTripper" && len(cc.Args) == 2 {
			return r.policies(cc.Args[1], tr[0].Pos())
		}
	}
	return nil
}

// mapKeys returns the constant keys stored into a map literal.
func (r *Resolver) mapKeys(v ssa.Value) (keys []string, dynamic bool) {
	origins := r.ix.Origins(v)
	for _, o := range origins {
		mm, ok := o.V.(*ssa.MakeMap)
		if !ok {
			return keys, true
		}
		refs := mm.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			switch x := ref.(type) {
			case *ssa.MapUpdate:
				if s, ok := r.ix.ConstString(x.Key); ok {
					keys = append(keys, http.CanonicalHeaderKey(s))
				} else {
					dynamic = true
				}
			case ssa.CallInstruction:
				dynamic = true // filled elsewhere
			}
		}
	}
	return keys, dynamic
}

// FailsafeHTTPRequest returns the *http.Request given to
// failsafehttp.NewRequest for the *failsafehttp.Request value v, or nil.
func FailsafeHTTPRequest(ix *valueflow.Index, v ssa.Value) ssa.Value {
	r := New(ix)
	roots, ok := r.origins(v)
	if !ok || len(roots) != 1 {
		return nil
	}
	if key, cc := calleeKey(roots[0]); key == failsafehttp+".NewRequest" && len(cc.Args) == 3 {
		return cc.Args[0]
	}
	return nil
}
