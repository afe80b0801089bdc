package retrylib

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// retryableHTTP models a *retryablehttp.Client: NewClient() gives
// RetryMax 4 and the method-agnostic DefaultRetryPolicy (client.go:49-51,
// 440-450, 472-542).
func (r *Resolver) retryableHTTP(v ssa.Value) *Client {
	roots, ok := r.origins(v)
	if !ok || len(roots) == 0 {
		return nil
	}
	c := &Client{Lib: httplib.RetryableHTTP, Retries: setting.ConstValue(4, false, token.NoPos)}
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

func init() {
	register(&model{
		request: sentRequest,
		send: func(r *Resolver, s httplib.Send) *Client {
			if s.DefaultClient {
				// retryablehttp's package functions use NewClient().
				return &Client{Lib: s.Lib, Retries: setting.ConstValue(4, false, token.NoPos)}
			}
			return r.retryableHTTP(s.Client)
		},
		httpClient: func(r *Resolver, root ssa.Value) *Client {
			if key, cc := calleeKey(root); key == retryablehttp+".Client.StandardClient" {
				return r.retryableHTTP(cc.Args[0])
			}
			return nil
		},
	}, httplib.RetryableHTTP)
}
