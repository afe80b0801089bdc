package sends

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// RequestSenders finds the functions that send a request they receive:
// a helper such as
//
//	func (c *Client) send(req *http.Request) (*http.Response, error) {
//		return c.hc.Do(req)
//	}
//
// so that a call of it is a send of its argument (a retry loop around
// c.send(req) retries req). It memoises and is not safe for concurrent
// use.
type RequestSenders struct {
	ix    *valueflow.Index
	facts RequestFacts
	memo  map[*ssa.Function]RequestParam
}

// RequestFacts gives the request parameters that the functions of other
// packages send, from analysis facts.
type RequestFacts interface {
	// RequestParam returns the request parameter fn sends, if known.
	RequestParam(fn *types.Func) (RequestParam, bool)
}

// A RequestParam says which parameter of a function is a request it
// sends, and how.
type RequestParam struct {
	// Index is the parameter's index, or -1.
	Index int
	// What names the sending call: "(*http.Client).Do".
	What string
}

// NewRequestSenders returns a RequestSenders over ix; facts, when not
// nil, describe the functions of other packages.
func NewRequestSenders(ix *valueflow.Index, facts RequestFacts) *RequestSenders {
	return &RequestSenders{ix: ix, facts: facts, memo: make(map[*ssa.Function]RequestParam)}
}

// Of returns the request parameter that fn sends through net/http,
// directly or through other functions: of its package, or of others by
// their facts (lfshttp's DoWithRedirect(cli, req, ...)); Index is -1
// when there is none. Each function of the package is analysed once
// (the results are memoised), so a chain of helpers of any length costs
// time linear in its size.
func (r *RequestSenders) Of(fn *ssa.Function) RequestParam {
	none := RequestParam{Index: -1}
	if fn == nil {
		return none
	}
	if fn.Pkg != r.ix.Pkg {
		return r.imported(fn)
	}
	if p, ok := r.memo[fn]; ok {
		return p
	}
	r.memo[fn] = none // recursion
	out := none
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || out.Index >= 0 {
				continue
			}
			var req ssa.Value
			what := ""
			if s, ok := httplib.ClassifyIn(r.ix, call); ok && s.Request != nil {
				req, what = s.Request, s.Name
			} else if callee := call.Common().StaticCallee(); callee != nil {
				if p := r.Of(callee); p.Index >= 0 && p.Index < len(call.Common().Args) {
					req, what = call.Common().Args[p.Index], p.What
				}
			}
			if req == nil {
				continue
			}
			if i := param(r.ix, fn, req); i >= 0 && httplib.IsRequest(fn.Params[i].Type()) {
				out = RequestParam{Index: i, What: what}
			}
		}
	}
	r.memo[fn] = out
	return out
}

// imported returns the request parameter that fn, a function of another
// package, sends by its facts.
func (r *RequestSenders) imported(fn *ssa.Function) RequestParam {
	if obj := valueflow.FuncObject(fn); r.facts != nil && obj != nil {
		if p, ok := r.facts.RequestParam(obj); ok {
			return p
		}
	}
	return RequestParam{Index: -1}
}
