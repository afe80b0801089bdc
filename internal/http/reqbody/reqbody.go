// Package reqbody finds the bodies an *http.Request may carry.
//
// A request's body is given when it is built (the body argument of
// http.NewRequest, the Body field of a composite literal) or stored into
// it later (req.Body = …), in the function that sends it, in a helper of
// the package that builds it, or in another package whose summary (a
// fact, see [Facts]) describes the body of the request it returns.
package reqbody

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// A Body describes a request body for messages: its type, and whether
// every path gives an in-memory reader (which the transport can rewind
// through GetBody). It is gob-encoded in facts.
type Body struct {
	Kind     string
	InMemory bool
}

// Facts gives the summaries of other packages' functions.
type Facts interface {
	// ResultBody returns the body of the request that result i of fn
	// returns, when it has one on some path.
	ResultBody(fn *types.Func, i int) (Body, bool)
}

// A Candidate is one construction of a request and a body it may carry:
// Body, a value of this package, or Known, a body described by a
// summary.
type Candidate struct {
	Origin ssa.Value // the request's construction: a call or a composite literal
	Body   ssa.Value
	Known  *Body
}

// A Resolver finds request bodies in one package.
type Resolver struct {
	ix    *valueflow.Index
	facts Facts
	// helpers caches the candidates of the requests a helper of the
	// package returns, before its body parameters are replaced by the
	// arguments of a call (nil while they are computed: recursion).
	helpers map[helperResult][]Candidate
}

// A helperResult is result i of a helper of the package.
type helperResult struct {
	fn *ssa.Function
	i  int
}

// NewResolver returns a resolver for the package of ix.
func NewResolver(ix *valueflow.Index, facts Facts) *Resolver {
	return &Resolver{ix: ix, facts: facts, helpers: make(map[helperResult][]Candidate)}
}

// maxDepth bounds the derivations, callers and helpers that Candidates
// follows back from a request.
const maxDepth = 8

// Candidates returns the constructions of request v and the bodies each
// may carry: the body argument of a request builder, the Body field of a
// composite literal, every later store to the Body field of the request
// (through any field or variable that keeps it), and the body a helper
// of this or another package gives the request it returns. It follows
// request derivations (WithContext, Clone), φ-nodes, the arguments of
// every caller in this package when v is a parameter, and every store of
// this package into a field v is loaded from (the default path of an
// exported field) or read from (a field of a struct value). Constructions it cannot follow are left out; a nil
// body is returned as such, for [Kind] to skip.
func (r *Resolver) Candidates(v ssa.Value) []Candidate { return r.candidates(v, 0) }

// candidates is Candidates with the walk starting at depth from.
func (r *Resolver) candidates(v ssa.Value, from int) []Candidate {
	var out []Candidate
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if depth > maxDepth {
			return
		}
		if f := valueflow.LoadedField(v); f != nil && f.Pkg() == r.ix.Pkg.Pkg && !seen[v] {
			seen[v] = true
			for _, fv := range r.ix.FieldValues(f) {
				walk(fv, depth+1)
			}
		}
		for _, o := range r.ix.Origins(v) {
			if o.V == nil || seen[o.V] || o.Injected {
				continue
			}
			seen[o.V] = true
			if p, ok := o.V.(*ssa.Parameter); ok {
				r.ix.CallerArgs(p, func(arg ssa.Value) { walk(arg, depth+1) })
				continue
			}
			if fv, ok := o.V.(*ssa.Field); ok {
				// A field of a struct value (req.Request): every value
				// stored into that field, when only this package can.
				if f := valueflow.FieldOf(fv); f != nil && f.Pkg() == r.ix.Pkg.Pkg && !valueflow.FieldWritableElsewhere(fv.X.Type(), f) {
					for _, v := range r.ix.FieldValues(f) {
						walk(v, depth+1)
					}
				}
				continue
			}
			if a, ok := o.V.(*ssa.Alloc); ok {
				if typeutil.IsPointerTo(a.Type(), httplib.NetHTTP, "Request") {
					out = append(out, r.stored(a)...)
				}
				continue
			}
			call, idx := valueflow.CallOf(o.V)
			if call == nil || !httplib.IsRequest(o.V.Type()) {
				continue
			}
			args := call.Call.Args
			fn := valueflow.StaticCallee(call.Common())
			if b, ok := httplib.RequestBuilderOf(fn); ok && idx == 0 && b.Body < len(args) {
				out = append(out, Candidate{Origin: o.V, Body: args[b.Body]})
				out = append(out, r.stored(o.V)...)
				continue
			}
			if d, ok := httplib.RequestDerivationOf(fn); ok && idx == 0 && d.From < len(args) {
				walk(args[d.From], depth+1)
				continue
			}
			if callee, ok := call.Call.Value.(*ssa.Function); ok && callee.Pkg == r.ix.Pkg && len(callee.Blocks) > 0 {
				// A helper of this package: the requests it returns. A
				// body the helper takes as a parameter is the argument
				// of this call, and the request is built here (grafana's
				// req, err = c.newRequest(method, path, query, body) on
				// every attempt wraps the caller's one reader).
				for _, cb := range r.helperCandidates(callee, idx) {
					p, ok := valueflow.StripCopies(cb.Body).(*ssa.Parameter)
					if ok && p.Parent() == callee {
						if j := slices.Index(callee.Params, p); j >= 0 && j < len(args) {
							cb.Origin, cb.Body = o.V, args[j]
						}
					}
					out = append(out, cb)
				}
				out = append(out, r.stored(o.V)...)
				continue
			}
			if fn != nil && r.facts != nil {
				if b, ok := r.facts.ResultBody(fn, idx); ok {
					out = append(out, Candidate{Origin: o.V, Known: &b})
					out = append(out, r.stored(o.V)...)
				}
			}
		}
	}
	walk(v, from)
	return out
}

// helperCandidates returns the candidates of the requests that result i
// of fn, a helper of the package, returns, with fn's own parameters as
// the bodies it takes: each call of fn replaces them by its arguments
// (the GET that passes nil does not hide the POST that passes a
// reader). They are computed once per helper, apart from the walk of
// any one call, so that they do not depend on which call asks first.
func (r *Resolver) helperCandidates(fn *ssa.Function, i int) []Candidate {
	key := helperResult{fn, i}
	if cands, ok := r.helpers[key]; ok {
		return cands
	}
	r.helpers[key] = nil // recursion
	var cands []Candidate
	for _, res := range returned(fn, i) {
		cands = append(cands, r.candidates(res, 0)...)
	}
	r.helpers[key] = cands
	return cands
}

// Result describes the body of the request that result i of fn returns,
// for its summary: ok is false when no path gives it one.
func (r *Resolver) Result(fn *ssa.Function, i int) (Body, bool) {
	if !httplib.IsRequest(fn.Signature.Results().At(i).Type()) {
		return Body{}, false
	}
	var cands []Candidate
	for _, v := range returned(fn, i) {
		cands = append(cands, r.Candidates(v)...)
	}
	return r.Describe(cands)
}

// Describe names the body of the first candidate that has one, and
// reports whether every candidate's body is in memory. ok is false when
// no candidate has a body.
func (r *Resolver) Describe(cands []Candidate) (b Body, ok bool) {
	b.InMemory = true
	for _, c := range cands {
		var k string
		var mem bool
		if c.Known != nil {
			k, mem = c.Known.Kind, c.Known.InMemory
		} else if k, mem, ok = r.Kind(c.Body); !ok {
			continue
		}
		if b.Kind == "" {
			b.Kind = k
		}
		b.InMemory = b.InMemory && mem
	}
	return b, b.Kind != ""
}

// returned returns the values fn returns as result i.
func returned(fn *ssa.Function, i int) []ssa.Value {
	var out []ssa.Value
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			out = append(out, ret.Results[i])
		}
	}
	return out
}

// stored returns the stores into the Body field of request req,
// through req itself and every field, variable or parameter it is kept
// in.
func (r *Resolver) stored(req ssa.Value) []Candidate {
	var out []Candidate
	stores, _ := r.ix.ObjectStores(req, nil)
	for _, st := range stores {
		if st.Field != nil && st.Field.Name() == "Body" {
			out = append(out, Candidate{Origin: req, Body: st.Value})
		}
	}
	return out
}

// Kind describes body, a request body, for messages: the type of the
// first reader that is not in memory, or else of the first reader, and
// whether every reader is in memory. ok is false when there is no body
// (nil, http.NoBody) on any path, or a path cannot be followed. A
// parameter stands for the arguments of its callers in the package.
func (r *Resolver) Kind(body ssa.Value) (kind string, inMemory, ok bool) {
	inMemory = true
	var first string
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		for _, o := range r.ix.Origins(v) {
			if o.V == nil {
				return false
			}
			if seen[o.V] {
				continue
			}
			seen[o.V] = true
			if k, isConst := o.V.(*ssa.Const); isConst && k.IsNil() {
				continue // no body on this path; another path may have one
			}
			if o.Global != nil && o.Global.Object() != nil && o.Global.Object().Name() == "NoBody" && o.Global.Pkg.Pkg.Path() == httplib.NetHTTP {
				continue
			}
			if p, isParam := o.V.(*ssa.Parameter); isParam && depth < maxDepth {
				if _, all := r.ix.Callers(p.Parent()); all {
					args := 0
					failed := false
					r.ix.CallerArgs(p, func(arg ssa.Value) {
						args++
						failed = failed || !walk(arg, depth+1)
					})
					if failed {
						return false
					}
					if args > 0 {
						continue
					}
				}
			}
			if fromGetBody(o.V) {
				// req.Body, _ = req.GetBody(): a copy of the body the
				// request was built with, which the other paths give.
				continue
			}
			if !types.IsInterface(o.V.Type()) && !hasRead(o.V.Type()) {
				// A value that is no reader (a struct a caller passes
				// as an any that is asserted to io.Reader, or else
				// marshalled): not a body on this path.
				continue
			}
			k, mem := readerKind(o.V)
			if k == "" {
				k = typeName(body.Type())
			}
			if first == "" {
				first = k
			}
			if !mem && kind == "" {
				kind = k
			}
			inMemory = inMemory && mem
		}
		return true
	}
	if !walk(body, 0) {
		return "", false, false
	}
	if kind == "" {
		kind = first
	}
	return kind, inMemory, kind != ""
}

// readerKind names the reader v and reports whether it is in memory; an
// interface value gets no name.
func readerKind(v ssa.Value) (string, bool) {
	switch typeutil.FuncKey(funcOf(v)) {
	case "strings.NewReader":
		return "*strings.Reader", true
	case "bytes.NewReader":
		return "*bytes.Reader", true
	case "bytes.NewBuffer", "bytes.NewBufferString":
		return "*bytes.Buffer", true
	}
	if a, isAlloc := v.(*ssa.Alloc); isAlloc && typeutil.IsPointerTo(a.Type(), "bytes", "Buffer") {
		return "*bytes.Buffer", true
	}
	if types.IsInterface(v.Type()) {
		return "", false // named by the body's own type
	}
	return typeName(v.Type()), false
}

// hasRead reports whether t has a Read method.
func hasRead(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(t, true, nil, "Read")
	_, ok := obj.(*types.Func)
	return ok
}

func typeName(t types.Type) string {
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}

func funcOf(v ssa.Value) *types.Func {
	call, _ := valueflow.CallOf(v)
	if call == nil {
		return nil
	}
	return valueflow.StaticCallee(call.Common())
}

// fromGetBody reports whether v is a result of calling a request's
// GetBody function.
func fromGetBody(v ssa.Value) bool {
	call, _ := valueflow.CallOf(v)
	if call == nil {
		return false
	}
	ld, ok := call.Common().Value.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	f := valueflow.LoadedField(ld)
	return f != nil && f.Name() == "GetBody"
}
