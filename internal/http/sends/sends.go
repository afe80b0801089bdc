// Package sends summarises the HTTP requests a function sends on behalf
// of its callers.
//
// A function such as
//
//	func post(ctx context.Context, c *http.Client, url string) error {
//		req, _ := http.NewRequestWithContext(ctx, "POST", url, nil)
//		_, err := c.Do(req)
//		...
//	}
//
// sends a request whose client and context come from its parameters: the
// send itself cannot be judged, but every call of post can. [Resolver.Of]
// returns such parameter-dependent sends, following calls through
// functions of the same package and, with analysis facts, of other
// packages; a check then evaluates them at each call site.
package sends

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/deadline"
	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// A ParamSend is a request a function sends whose client or context
// depends on its parameters.
type ParamSend struct {
	// ClientParam is the index of the parameter that is the client, or
	// -1 when the client does not depend on the parameters: Client then
	// describes it and has no Timeout.
	ClientParam int
	// ClientField, when set, names the *http.Client field of the struct
	// that parameter ClientParam is (or points to), through which the
	// request is sent: a method sending through its receiver's client
	// (c.hc.Do), judged where a constructor filled the field (HeldParam).
	ClientField string
	Client      *httpconfig.Client
	// Deadline is None or Param: what is known of the request's context.
	Deadline deadline.Deadline
	// What names the sending call for messages, e.g. "(*http.Client).Do".
	What string
	// Via names the function called that sends ("pkg.helper",
	// "pkg.Type.Method"); "" for a direct send.
	Via string

	pos token.Pos // the sending call, in this package
	// root is the position of the sending call at the end of the chain
	// of helpers, when it is in this package.
	root token.Pos
	// fromRequest reports, at a call site, that the deadline comes from a
	// request argument rather than a context argument.
	fromRequest bool
}

// FromRequest reports whether, at the call site AtCall describes, the
// request's deadline comes from a *http.Request argument.
func (s ParamSend) FromRequest() bool { return s.fromRequest }

// Pos returns the position of the sending call when it is in the
// package being analysed.
func (s ParamSend) Pos() token.Pos { return s.pos }

// Root returns the position of the sending call itself, at the end of
// the chain of helpers that reach it, when it is in the package being
// analysed (token.NoPos otherwise): calls that share it share one root
// cause.
func (s ParamSend) Root() token.Pos { return s.root }

// Facts supplies the summaries of functions of other packages.
type Facts interface {
	Sends(fn *types.Func) []ParamSend
	Holds(fn *types.Func) []HeldParam
}

// A Resolver computes summaries for the functions of one package. It is
// not safe for concurrent use.
type Resolver struct {
	ix        *valueflow.Index
	clients   *httpconfig.Resolver
	deadlines *deadline.Resolver
	facts     Facts
	memo      map[*ssa.Function][]ParamSend
	busy      map[*ssa.Function]bool
}

// NewResolver returns a Resolver over ix.
func NewResolver(ix *valueflow.Index, clients *httpconfig.Resolver, deadlines *deadline.Resolver, facts Facts) *Resolver {
	return &Resolver{ix: ix, clients: clients, deadlines: deadlines, facts: facts,
		memo: make(map[*ssa.Function][]ParamSend), busy: make(map[*ssa.Function]bool)}
}

// maxSends bounds a summary's length.
const maxSends = 8

// Of returns the parameter-dependent sends of fn, a function of this
// package: its own, and those of the functions it calls that it hands
// its parameters to.
func (r *Resolver) Of(fn *ssa.Function) []ParamSend {
	if s, ok := r.memo[fn]; ok {
		return s
	}
	if r.busy[fn] {
		return nil
	}
	r.busy[fn] = true
	var out []ParamSend
	add := func(s ParamSend) {
		for _, o := range out {
			if o.ClientParam == s.ClientParam && o.ClientField == s.ClientField && o.Deadline == s.Deadline && o.What == s.What && o.Via == s.Via {
				return
			}
		}
		if len(out) < maxSends {
			out = append(out, s)
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if sends, isSend := r.direct(call); isSend {
				for _, s := range sends {
					if s.dependsOnParams() {
						add(s)
					}
				}
				continue
			}
			for _, s := range r.AtCall(call) {
				if s.dependsOnParams() {
					add(s)
				}
			}
		}
	}
	delete(r.busy, fn)
	r.memo[fn] = out
	return out
}

func (s ParamSend) dependsOnParams() bool {
	return s.ClientParam >= 0 || s.Deadline.Kind == deadline.Param
}

// direct describes the request sent by call itself, when it sends one
// (isSend), in the forms that could lack a deadline: through a client
// the package keeps in a field of a parameter (c.hc.Do in a method of
// c; what the package stores there is judged with the other form, this
// one serves the callers of other packages that fill the field through
// a constructor, HeldParam), and through the client as resolved here.
func (r *Resolver) direct(call ssa.CallInstruction) (sends []ParamSend, isSend bool) {
	hc, ok := httplib.ClassifyIn(r.ix, call)
	if !ok || hc.Via == httplib.ViaRoundTrip {
		return nil, false
	}
	s := ParamSend{ClientParam: -1, What: hc.Name, pos: call.Pos(), root: call.Pos()}
	if hc.Background {
		s.Deadline = deadline.Deadline{Kind: deadline.None}
	} else {
		s.Deadline = r.deadlines.Request(hc.Request)
	}
	if hc.Via == httplib.ViaClient {
		if p, f := fieldOfParam(call.Parent(), hc.Client); p >= 0 {
			h := s
			h.ClientParam, h.ClientField = p, f
			if h.viable() {
				sends = append(sends, h)
			}
		}
	}
	if hc.Via == httplib.ViaHelper {
		s.Client = r.clients.DefaultClient()
	} else if p := param(r.ix, call.Parent(), hc.Client); p >= 0 {
		s.ClientParam = p
	} else {
		s.Client = r.clients.Client(hc.Client)
	}
	if s.viable() {
		sends = append(sends, s)
	}
	return sends, true
}

// viable reports whether the send could end up without any deadline.
func (s ParamSend) viable() bool {
	if s.ClientParam < 0 && (s.Client == nil || s.Client.Bounded()) {
		return false
	}
	return s.Deadline.Kind == deadline.None || s.Deadline.Kind == deadline.Param
}

// param returns the index of the parameter of fn that v always is (through
// copies and request derivations such as WithContext), or -1.
func param(ix *valueflow.Index, fn *ssa.Function, v ssa.Value) int {
	return paramSeen(ix, fn, v, make(map[ssa.Value]bool))
}

func paramSeen(ix *valueflow.Index, fn *ssa.Function, v ssa.Value, seen map[ssa.Value]bool) int {
	if seen[v] {
		return -1 // a request derived from itself in a loop
	}
	seen[v] = true
	idx := -1
	for _, o := range ix.Origins(v) {
		x := o.V
		if call, _ := valueflow.CallOf(x); call != nil {
			// A request derived from another (WithContext, Clone) is
			// that request.
			if d, ok := httplib.RequestDerivationOf(valueflow.StaticCallee(call.Common())); ok && d.From < len(call.Call.Args) {
				return paramSeen(ix, fn, call.Call.Args[d.From], seen)
			}
		}
		p, ok := x.(*ssa.Parameter)
		if !ok || p.Parent() != fn {
			// Not a parameter of fn: a closure's captured parameter of
			// its parent is not one of the closure's own.
			return -1
		}
		i := valueflow.ParamIndex(p)
		if i < 0 || (idx >= 0 && idx != i) {
			return -1
		}
		idx = i
	}
	return idx
}

// AtCall returns the sends that call makes on the caller's behalf
// through a function with a summary, with the callee's parameters
// replaced by what is known of the arguments. Sends whose client turns
// out to have a Timeout, or whose context has a deadline or is unknown,
// are dropped.
func (r *Resolver) AtCall(call ssa.CallInstruction) []ParamSend {
	c := call.Common()
	callee := valueflow.StaticCallee(c)
	if callee == nil {
		return nil
	}
	var summary []ParamSend
	fromFacts := false
	if fn := r.ix.Func(callee); fn != nil {
		summary = r.Of(fn)
	} else if r.facts != nil {
		summary, fromFacts = r.facts.Sends(callee), true
	}
	if len(summary) == 0 {
		return nil
	}
	via := FuncName(callee)
	var out []ParamSend
	for _, s := range summary {
		if fromFacts && s.Client != nil && s.Client.Injectable {
			// Another package's default for a client its callers may
			// pass: that package reports its default path; here the
			// caller's choice is unknown.
			continue
		}
		t := ParamSend{ClientParam: -1, Client: s.Client, What: s.What, Via: via, pos: call.Pos()}
		heldParam, heldField := -1, ""
		if !fromFacts {
			t.root = s.root
		}
		if s.Via != "" {
			t.Via = s.Via
		}
		if s.ClientParam >= 0 {
			if s.ClientParam >= len(c.Args) {
				continue
			}
			arg := c.Args[s.ClientParam]
			p := param(r.ix, call.Parent(), arg)
			switch {
			case s.ClientField != "":
				if p >= 0 {
					t.ClientParam, t.ClientField = p, s.ClientField
				} else if !fromFacts {
					// A field of this package's object: judged where
					// the package sends through it.
					continue
				} else if hc, p, ok := r.heldClient(call.Parent(), arg, s.ClientField); !ok {
					continue
				} else if p >= 0 {
					t.ClientParam = p
				} else {
					t.Client = hc
				}
			case p >= 0:
				t.ClientParam = p
			default:
				// The caller's own client field (send(c.hc)) is judged
				// here from what the package stores in it, and
				// summarised too for the callers that fill it through a
				// constructor.
				heldParam, heldField = fieldOfParam(call.Parent(), arg)
				t.Client = r.clients.Client(arg)
			}
		}
		t.Deadline = s.Deadline
		if s.Deadline.Kind == deadline.Param {
			if s.Deadline.Param >= len(c.Args) {
				continue
			}
			arg := c.Args[s.Deadline.Param]
			switch {
			case httplib.IsRequest(arg.Type()):
				t.Deadline = r.deadlines.Request(arg)
				t.fromRequest = true
			case httplib.IsContext(arg.Type()):
				t.Deadline = r.deadlines.Context(arg)
			default:
				continue
			}
		}
		if t.viable() {
			out = append(out, t)
		}
		if heldParam >= 0 {
			h := t
			h.Client, h.ClientParam, h.ClientField = nil, heldParam, heldField
			if h.viable() {
				out = append(out, h)
			}
		}
	}
	return out
}

// FuncName names fn for a message: "pkg.Func" or "pkg.Type.Method".
func FuncName(fn *types.Func) string {
	name := fn.Name()
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := types.Unalias(sig.Recv().Type())
		if p, ok := t.(*types.Pointer); ok {
			t = types.Unalias(p.Elem())
		}
		if n, ok := t.(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}
