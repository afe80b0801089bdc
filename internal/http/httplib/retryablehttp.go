package httplib

import (
	"go/token"
	"go/types"
	"net/http"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// RetryableHTTP is hashicorp/go-retryablehttp v0.7.8: a client that
// retries with backoff. Its Request embeds *http.Request, so its Header
// and URL are net/http's.
var RetryableHTTP = register(&Library{Name: "go-retryablehttp", Path: "github.com/hashicorp/go-retryablehttp", Kind: Client | Retry, send: retryableHTTPSend})

func retryableHTTPSend(fn *types.Func, args []ssa.Value) (Send, bool) {
	p, name := fn.Pkg().Path(), fn.Name()
	s := Send{Via: ViaLibrary}
	switch {
	case typeutil.IsFunc(fn, p, name):
		// The package functions send through a NewClient().
		s.DefaultClient = true
		s.Name = "retryablehttp." + name
		args = append([]ssa.Value{nil}, args...)
	case typeutil.IsMethod(fn, p, "Client", name):
		s.Client = arg(args, 0)
		s.Name = "(*retryablehttp.Client)." + name
	default:
		return Send{}, false
	}
	switch name {
	case "Do":
		if s.DefaultClient {
			return Send{}, false
		}
		s.Request = arg(args, 1)
	case "Get", "Head":
		s.Method, s.URL = methodOf(name), arg(args, 1)
	case "Post":
		s.Method, s.URL, s.Body = http.MethodPost, arg(args, 1), arg(args, 3)
	case "PostForm":
		s.Method, s.URL = http.MethodPost, arg(args, 1)
	default:
		return Send{}, false
	}
	return s, true
}

func init() {
	p := RetryableHTTP.Path
	addLibraryRequest(p, "Request", false)
	addSinks(p, map[string]Sink{
		".NewRequest":            {SinkURL, 1, -1},
		".NewRequestWithContext": {SinkURL, 2, -1},
		".Get":                   {SinkURL, 0, -1},
		".Head":                  {SinkURL, 0, -1},
		".Post":                  {SinkURL, 0, -1},
		".PostForm":              {SinkURL, 0, -1},
		".Client.Get":            {SinkURL, 1, -1},
		".Client.Head":           {SinkURL, 1, -1},
		".Client.Post":           {SinkURL, 1, -1},
		".Client.PostForm":       {SinkURL, 1, -1},
	})
	freshPools[p+".NewClient"] = "retryablehttp.NewClient()"
	// A Request wraps an *http.Request built the same way.
	requestBuilders[p+".NewRequest"] = RequestBuilder{Method: 0, URL: 1, Body: 2, Context: -1}
	requestBuilders[p+".NewRequestWithContext"] = RequestBuilder{Method: 1, URL: 2, Body: 3, Context: 0}
	requestDerivations[p+".Request.WithContext"] = RequestDerivation{From: 0, Context: 1}
	requestDerivations[p+".FromRequest"] = RequestDerivation{From: 0, Context: -1}
	libraryUses[RetryableHTTP] = func(fn *types.Func, sig *types.Signature) (valueflow.Use, bool) {
		if !typeutil.IsNamed(sig.Recv().Type(), p, "Client") {
			return valueflow.UseUnknown, false
		}
		switch fn.Name() {
		case "Do", "Get", "Head", "Post", "PostForm":
			return valueflow.UseOperate, true
		case "StandardClient":
			return valueflow.UseDerive, true
		}
		return valueflow.UseRead, true
	}
}

// retryableHTTP models a *retryablehttp.Client: NewClient() gives
// RetryMax 4 and the method-agnostic DefaultRetryPolicy (client.go:49-51,
// 440-450, 472-542).
func (r *RetryResolver) retryableHTTP(v ssa.Value) *RetryClient {
	roots, ok := r.origins(v)
	if !ok || len(roots) == 0 {
		return nil
	}
	c := &RetryClient{Lib: RetryableHTTP, Retries: setting.ConstValue(4, false, token.NoPos)}
	for _, root := range roots {
		if k, _ := calleeKey(root); k != RetryableHTTP.Path+".NewClient" {
			return nil
		}
		if !c.Pos.IsValid() {
			c.Pos = root.Pos()
		}
	}
	for _, u := range r.uses(roots, ptrTo(RetryableHTTP.Path, "Client")) {
		if u.Store == nil {
			continue
		}
		switch u.Field.Name() {
		case "RetryMax":
			n := r.valueOf(u.Store.Val, u.Pos())
			if c.Retries.IsConst() && n.IsConst() && c.RetryPos.IsValid() && n.Int != c.Retries.Int {
				n = setting.DynamicValue(n.Pos())
			}
			c.Retries, c.RetryPos = n, u.Pos()
		case "CheckRetry":
			switch {
			case isDefaultRetryPolicy(u.Store.Val):
			case methodBlindPolicy(u.Store.Val):
				c.MethodSetting = "CheckRetry " + policyName(u.Store.Val)
			default:
				c.Custom = true
			}
		}
	}
	return c
}

// methodBlindPolicy reports whether v is a retry policy function of
// this package (a CheckRetry) that may decide to retry without looking at
// the request's method: some path from its entry to a return of
// something other than false (true, or DefaultRetryPolicy's answer)
// passes no block that reads a Method field or hands a request to other
// code (which might read it): if resp != nil && resp.Request.Method ==
// "GET" { ... }, then DefaultRetryPolicy for the rest, retries a POST
// whose send failed. Its closures must not read a method either.
func methodBlindPolicy(v ssa.Value) bool {
	fn := policyFunc(v)
	if fn == nil || len(fn.Blocks) == 0 {
		return false
	}
	for _, f := range fn.AnonFuncs {
		for _, b := range f.Blocks {
			if readsMethod(b) {
				return false
			}
		}
	}
	seen := make([]bool, len(fn.Blocks))
	work := []*ssa.BasicBlock{fn.Blocks[0]}
	seen[0] = true
	for len(work) > 0 {
		b := work[len(work)-1]
		work = work[:len(work)-1]
		if readsMethod(b) {
			continue // the method decides from here on
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(ret.Results) > 0 {
			if k, ok := ret.Results[0].(*ssa.Const); !ok || k.Value == nil || k.Value.String() != "false" {
				return true
			}
		}
		for _, succ := range b.Succs {
			if !seen[succ.Index] {
				seen[succ.Index] = true
				work = append(work, succ)
			}
		}
	}
	return false
}

// readsMethod reports whether b reads a Method field or hands a request
// to a call other than DefaultRetryPolicy.
func readsMethod(b *ssa.BasicBlock) bool {
	for _, instr := range b.Instrs {
		switch x := instr.(type) {
		case *ssa.FieldAddr, *ssa.Field:
			if fv := valueflow.FieldOf(x.(ssa.Value)); fv != nil && fv.Name() == "Method" {
				return true
			}
		case ssa.CallInstruction:
			if isDefaultRetryPolicy(x.Common().Value) {
				continue
			}
			for _, arg := range x.Common().Args {
				if IsRequest(arg.Type()) {
					return true
				}
			}
		}
	}
	return false
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
	case RetryableHTTP.Path + ".DefaultRetryPolicy", RetryableHTTP.Path + ".ErrorPropagatedRetryPolicy":
		return true
	}
	return false
}

func init() {
	registerRetry(&retryModel{
		request: sentRequest,
		send: func(r *RetryResolver, s Send) *RetryClient {
			if s.DefaultClient {
				// retryablehttp's package functions use NewClient().
				return &RetryClient{Lib: s.Lib, Retries: setting.ConstValue(4, false, token.NoPos)}
			}
			return r.retryableHTTP(s.Client)
		},
		httpClient: func(r *RetryResolver, root ssa.Value) *RetryClient {
			if key, cc := calleeKey(root); key == RetryableHTTP.Path+".Client.StandardClient" {
				return r.retryableHTTP(cc.Args[0])
			}
			return nil
		},
	}, RetryableHTTP)
}
