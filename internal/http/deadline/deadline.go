// Package deadline decides whether the context that reaches an HTTP
// request provably carries a deadline.
//
// A context has a deadline when it comes from context.WithTimeout,
// WithDeadline, WithTimeoutCause or WithDeadlineCause, or is derived from
// such a context (WithCancel, WithValue, ...). It has none when it comes
// from context.Background or TODO, or from WithoutCancel; a request built
// by http.NewRequest or a client helper (Get, Post, ...) uses Background.
// A context that arrives as a parameter is the caller's business: the
// answer is [Param]. Anything else is [Unknown].
package deadline

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// Kind classifies what is known about a context's deadline.
type Kind uint8

const (
	Unknown Kind = iota
	// None: the context provably has no deadline.
	None
	// Has: the context provably has a deadline.
	Has
	// Param: the context comes from parameter Param of the enclosing
	// function (unchanged, or derived without adding a deadline).
	Param
)

// A Deadline is what is known about the deadline of a context, or of the
// context of a request.
type Deadline struct {
	Kind  Kind
	Param int // parameter index, for Kind == Param
}

// String renders d: "none", "has", "param<i>" or "unknown".
func (d Deadline) String() string {
	switch d.Kind {
	case None:
		return "none"
	case Has:
		return "has"
	case Param:
		return fmt.Sprintf("param%d", d.Param)
	}
	return "unknown"
}

// Join returns what is known of a context that is a on some paths and b
// on others.
func (a Deadline) Join(b Deadline) Deadline {
	if a == b {
		return a
	}
	return Deadline{Kind: Unknown}
}

// Facts supplies summaries of functions of other packages.
type Facts interface {
	// ResultDeadline returns the deadline of the context (or of the
	// request's context) that result i of fn returns.
	ResultDeadline(fn *types.Func, i int) (Deadline, bool)
}

// A Resolver answers deadline questions about the values of one package.
// It memoises its answers and is not safe for concurrent use.
type Resolver struct {
	ix    *valueflow.Index
	facts Facts
	memo  map[memoKey]Deadline
	busy  map[memoKey]bool
	// joining guards against cycles between values, such as
	// ctx, cancel = context.WithCancel(ctx) in a loop.
	joining map[joinKey]bool
	values  map[joinKey]Deadline // memoised answers
}

type joinKey struct {
	v       ssa.Value
	request bool
}

type memoKey struct {
	fn      *ssa.Function
	i       int
	request bool
}

// NewResolver returns a Resolver over ix that consults facts (which may be
// nil) for functions of other packages.
func NewResolver(ix *valueflow.Index, facts Facts) *Resolver {
	return &Resolver{ix: ix, facts: facts, memo: make(map[memoKey]Deadline), busy: make(map[memoKey]bool), joining: make(map[joinKey]bool), values: make(map[joinKey]Deadline)}
}

// Context returns what is known about the deadline of context value v.
func (r *Resolver) Context(v ssa.Value) Deadline {
	return r.join(v, false)
}

// Request returns what is known about the deadline of the context of
// *http.Request value v.
func (r *Resolver) Request(v ssa.Value) Deadline {
	return r.join(v, true)
}

func (r *Resolver) join(v ssa.Value, request bool) Deadline {
	k := joinKey{v, request}
	if d, ok := r.values[k]; ok {
		return d
	}
	if r.joining[k] {
		return Deadline{} // a cycle: unknown
	}
	r.joining[k] = true
	d := r.joinOrigins(v, request)
	delete(r.joining, k)
	r.values[k] = d
	return d
}

func (r *Resolver) joinOrigins(v ssa.Value, request bool) Deadline {
	var d Deadline
	first := true
	for _, o := range r.ix.Origins(v) {
		od := r.origin(o, request)
		if first {
			d, first = od, false
		} else {
			d = d.Join(od)
		}
		if d.Kind == Unknown {
			return d
		}
	}
	return d
}

func (r *Resolver) origin(o valueflow.Origin, request bool) Deadline {
	switch v := o.V.(type) {
	case *ssa.Parameter:
		fn := v.Parent()
		for i, p := range fn.Params {
			if p == v {
				return Deadline{Kind: Param, Param: i}
			}
		}
	case *ssa.Alloc:
		// &http.Request{...}: a nil context means Background.
		if request && httplib.IsRequest(v.Type()) {
			return Deadline{Kind: None}
		}
	case *ssa.Call, *ssa.Extract:
		call, idx := valueflow.CallOf(v)
		if call != nil {
			return r.call(call, idx, request)
		}
	}
	r.ix.GiveUp("deadline-origin-unknown", o)
	return Deadline{}
}

func (r *Resolver) call(call *ssa.Call, idx int, request bool) Deadline {
	c := call.Common()
	fn := valueflow.StaticCallee(c)
	if fn == nil {
		// An interface method such as ctx.Done is no context source; a
		// Context method value of a request is.
		return Deadline{}
	}
	args := c.Args
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	switch typeutil.FuncKey(fn) {
	case "context.Background", "context.TODO", "context.WithoutCancel":
		return Deadline{Kind: None}
	case "context.WithTimeout", "context.WithDeadline", "context.WithTimeoutCause", "context.WithDeadlineCause":
		if idx == 0 {
			return Deadline{Kind: Has}
		}
	case "context.WithCancel", "context.WithCancelCause", "context.WithValue", "os/signal.NotifyContext":
		if idx == 0 {
			return r.Context(arg(0))
		}
	case "golang.org/x/sync/errgroup.WithContext":
		if idx == 1 {
			return r.Context(arg(0))
		}
	case "net/http.Request.Context":
		return r.Request(arg(0))
	}
	if b, ok := httplib.RequestBuilderOf(fn); ok {
		if b.Context < 0 {
			return Deadline{Kind: None}
		}
		if idx == 0 {
			return r.Context(arg(b.Context))
		}
	}
	if d, ok := httplib.RequestDerivationOf(fn); ok {
		if d.Context < 0 {
			return r.Request(arg(d.From))
		}
		return r.Context(arg(d.Context))
	}
	if callee := r.ix.Func(fn); callee != nil {
		return r.substitute(r.summary(callee, idx, request), args)
	}
	if r.facts != nil {
		if d, ok := r.facts.ResultDeadline(fn, idx); ok {
			return r.substitute(d, args)
		}
	}
	return Deadline{}
}

// substitute replaces a parameter-dependent summary by what is known of
// the argument at the call site.
func (r *Resolver) substitute(d Deadline, args []ssa.Value) Deadline {
	if d.Kind != Param {
		return d
	}
	if d.Param < len(args) {
		a := args[d.Param]
		if httplib.IsRequest(a.Type()) {
			return r.Request(a)
		}
		if httplib.IsContext(a.Type()) {
			return r.Context(a)
		}
	}
	return Deadline{}
}

// Result returns the summary of result i of fn, a function of this
// package: the deadline of the context it returns (or of the returned
// request's context), possibly in terms of its parameters.
func (r *Resolver) Result(fn *ssa.Function, i int) Deadline {
	t := fn.Signature.Results()
	if i >= t.Len() {
		return Deadline{}
	}
	return r.summary(fn, i, httplib.IsRequest(t.At(i).Type()))
}

func (r *Resolver) summary(fn *ssa.Function, i int, request bool) Deadline {
	k := memoKey{fn, i, request}
	if d, ok := r.memo[k]; ok {
		return d
	}
	if r.busy[k] {
		return Deadline{} // recursion
	}
	r.busy[k] = true
	var d Deadline
	first := true
	for _, v := range valueflow.Returns(fn, i) {
		if k, ok := v.(*ssa.Const); ok && k.IsNil() && request {
			continue // an error path: a nil request is no request
		}
		vd := r.join(v, request)
		if first {
			d, first = vd, false
		} else {
			d = d.Join(vd)
		}
	}
	delete(r.busy, k)
	r.memo[k] = d
	return d
}
