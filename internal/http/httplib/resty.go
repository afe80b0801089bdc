package httplib

import (
	"go/token"
	"go/types"
	"net/http"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// RestyV2 is github.com/go-resty/resty/v2 (v2.17.2) and RestyV3 is
// resty.dev/v3 (v3.0.0-beta.6): clients whose requests are built by
// chained setters on a *resty.Request and sent by its Get, Post, ...,
// Execute or Send methods.
var (
	RestyV2 = register(&Library{Name: "resty v2", Path: "github.com/go-resty/resty/v2", Kind: Client | Retry, send: restySend})
	RestyV3 = register(&Library{Name: "resty v3", Path: "resty.dev/v3", Kind: Client | Retry, send: restySend})
)

func restySend(fn *types.Func, args []ssa.Value) (Send, bool) {
	name := fn.Name()
	if !typeutil.IsMethod(fn, fn.Pkg().Path(), "Request", name) {
		return Send{}, false
	}
	s := Send{Via: ViaLibrary, Request: arg(args, 0), Name: "(*resty.Request)." + name}
	switch name {
	case "Get", "Head", "Post", "Put", "Patch", "Delete", "Options", "Trace", "Query":
		s.Method, s.URL = methodOf(name), arg(args, 1)
	case "Execute":
		s.MethodArg, s.URL = arg(args, 1), arg(args, 2)
	case "Send":
	default:
		return Send{}, false
	}
	return s, true
}

func init() {
	for _, lib := range []*Library{RestyV2, RestyV3} {
		p := lib.Path
		addResponseModel(p, &ResponseModel{Type: "Response", Failed: []string{"IsError"}, Succeeded: []string{"IsSuccess"}, Status: "StatusCode"})
		addFreshRequests(p+".Client.R", p+".Client.NewRequest")
		addLibraryRequest(p, "Request", true)
		addSinks(p, map[string]Sink{
			".Request.Get":                      {SinkURL, 1, -1},
			".Request.Head":                     {SinkURL, 1, -1},
			".Request.Post":                     {SinkURL, 1, -1},
			".Request.Put":                      {SinkURL, 1, -1},
			".Request.Patch":                    {SinkURL, 1, -1},
			".Request.Delete":                   {SinkURL, 1, -1},
			".Request.Options":                  {SinkURL, 1, -1},
			".Request.Trace":                    {SinkURL, 1, -1},
			".Request.Execute":                  {SinkURL, 2, -1},
			".Request.SetURL":                   {SinkURL, 1, -1},
			".Request.SetQueryParam":            {SinkQueryValue, 2, 1},
			".Request.SetQueryParamAny":         {SinkQueryValue, 2, 1},
			".Request.SetQueryString":           {SinkQueryValue, 1, -1},
			".Request.SetPathParam":             {SinkQueryValue, 2, 1},
			".Request.SetPathParamAny":          {SinkQueryValue, 2, 1},
			".Request.SetPathRawParam":          {SinkQueryValue, 2, 1},
			".Request.SetPathRawParamAny":       {SinkQueryValue, 2, 1},
			".Request.SetQueryParams":           {SinkQueryMap, 1, -1},
			".Request.SetPathParams":            {SinkQueryMap, 1, -1},
			".Request.SetPathRawParams":         {SinkQueryMap, 1, -1},
			".Request.SetQueryParamsFromValues": {SinkQueryValues, 1, -1},
			".Request.SetHeader":                {SinkHeaderValue, 2, 1},
			".Request.SetHeaderAny":             {SinkHeaderValue, 2, 1},
			".Request.SetHeaderVerbatim":        {SinkHeaderValue, 2, 1},
			".Request.SetHeaderVerbatimAny":     {SinkHeaderValue, 2, 1},
			".Request.SetHeaders":               {SinkHeaderMap, 1, -1},
			".Client.SetQueryParam":             {SinkQueryValue, 2, 1},
			".Client.SetQueryParams":            {SinkQueryMap, 1, -1},
			".Client.SetPathParam":              {SinkQueryValue, 2, 1},
			".Client.SetPathParams":             {SinkQueryMap, 1, -1},
			".Client.SetHeader":                 {SinkHeaderValue, 2, 1},
			".Client.SetHeaders":                {SinkHeaderMap, 1, -1},
		})
		for _, recv := range []string{".Request", ".Client"} {
			addHeaderSetters(p, map[string]HeaderSetter{
				recv + ".SetHeader":            {Key: 1, Map: -1},
				recv + ".SetHeaderVerbatim":    {Key: 1, Map: -1},
				recv + ".SetHeaderAny":         {Key: 1, Map: -1},
				recv + ".SetHeaderVerbatimAny": {Key: 1, Map: -1},
				recv + ".SetHeaders":           {Key: -1, Map: 1},
				recv + ".SetHeaderMultiValues": {Key: -1, Map: 1},
			})
		}
		freshPools[p+".New"] = "resty.New()"
		libraryUses[lib] = restyUse
	}
}

// restyUse classifies the methods of resty's Client and Request: sending
// methods send, builders return a value that carries the client, Close
// releases it (v3).
func restyUse(fn *types.Func, sig *types.Signature) (valueflow.Use, bool) {
	p, name, recv := fn.Pkg().Path(), fn.Name(), sig.Recv().Type()
	switch {
	case typeutil.IsNamed(recv, p, "Client"):
		switch {
		case name == "Close":
			return valueflow.UseClose, true
		case name == "R" || name == "NewRequest" || name == "GetClient" || name == "Client" || returnsReceiverType(sig):
			return valueflow.UseDerive, true
		}
		return valueflow.UseRead, true
	case typeutil.IsNamed(recv, p, "Request"):
		switch name {
		case "Get", "Head", "Post", "Put", "Patch", "Delete", "Options", "Execute", "Send", "Trace", "Query":
			return valueflow.UseOperate, true
		}
		if returnsReceiverType(sig) {
			return valueflow.UseDerive, true
		}
		return valueflow.UseRead, true
	}
	return valueflow.UseUnknown, false
}

// resty models resty v2 (retries any method once RetryCount > 0,
// request.go:1047-1074, retry.go:124-136) and v3 (gates non-idempotent
// methods unless SetRetryAllowNonIdempotent(true), request.go:1893-1908).
func (r *RetryResolver) resty(s Send) *RetryClient {
	pkg := RestyV2.Path
	if s.Lib == RestyV3 {
		pkg = RestyV3.Path
	}
	c := &RetryClient{Lib: s.Lib, Retries: setting.ConstValue(0, false, token.NoPos), MethodGate: s.Lib == RestyV3}
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
	type stored struct {
		v     setting.Value
		n     int
		clash bool
	}
	set := func(st *stored, v setting.Value) {
		if st.n > 0 && (!v.IsConst() || !st.v.IsConst() || v.Int != st.v.Int) {
			st.clash = true
		}
		st.v = v
		st.n++
	}
	var count, allow [2]stored // [client, request]
	apply := func(u configUse, level int) {
		if h, ok := HeaderSetterOf(u.Fn); ok {
			// configUse.Args leave the receiver out.
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
			if s.Lib == RestyV3 && len(u.Args) == 1 {
				set(&allow[level], r.valueOf(u.Args[0], u.Pos()))
			}
		case "AddRetryCondition", "AddRetryConditions", "SetRetryConditions", "SetRetryDefaultConditions":
			// v2: any condition replaces the method-agnostic default
			// (retry.go:124-136); v3: the method gate stays, but turning
			// the default conditions off makes the policy unknown.
			if s.Lib == RestyV2 || u.Name != "AddRetryConditions" {
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
	pick := func(st [2]stored) (setting.Value, bool, bool) {
		for _, l := range []int{1, 0} {
			if st[l].n > 0 {
				if st[l].clash {
					return setting.DynamicValue(st[l].v.Pos()), true, true
				}
				return st[l].v, true, false
			}
		}
		return setting.Value{}, false, false
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
			c.MethodSetting = "SetRetryAllowNonIdempotent"
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
func (r *RetryResolver) chainStart(root ssa.Value, through string, isStart func(key string) bool) (ssa.Value, *ssa.CallCommon) {
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

func (r *RetryResolver) addHeaderKey(c *RetryClient, k ssa.Value) {
	if s, ok := r.ix.ConstString(k); ok {
		c.Headers = append(c.Headers, http.CanonicalHeaderKey(s))
	} else {
		c.DynamicHeaders = true
	}
}

// mapKeys returns the constant keys stored into a map literal.
func (r *RetryResolver) mapKeys(v ssa.Value) (keys []string, dynamic bool) {
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

func init() {
	registerRetry(&retryModel{send: (*RetryResolver).resty}, RestyV2, RestyV3)
}
