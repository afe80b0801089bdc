// Package facts defines the analyzer that every httplint check requires.
//
// For each package that can involve an HTTP client it builds the SSA
// form, indexes its stores, and exports a [Summary] fact for every
// function, package-level variable and struct field that returns or holds
// an *http.Client, an *http.Transport (or RoundTripper), a
// context.Context or an *http.Request, so that a constructor in one
// package informs a call in another. Packages that cannot involve an
// HTTP client (they import neither net/http nor a known client library,
// and none of their imports has summaries) do no SSA work at all.
//
// The analyzer takes no options, so every httplint analyzer, in every
// driver, shares the one instance [Analyzer].
package facts

import (
	"fmt"
	"go/types"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/deadline"
	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/http/reqbody"
	"github.com/httplint/httplint/internal/http/sends"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/ssa/ssabuild"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// Analyzer computes and exports the facts; its result is a *Result.
var Analyzer = &analysis.Analyzer{
	Name:             "httplintfacts",
	Doc:              "compute facts about HTTP clients, transports, contexts and requests for the httplint analyzers",
	URL:              "https://github.com/httplint/httplint",
	Run:              run,
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[*Result](),
	FactTypes:        []analysis.Fact{(*Summary)(nil), (*Relevant)(nil), (*KeepsConfig)(nil)},
}

// A Summary describes what a function returns, or what a package-level
// variable or struct field holds, for each result that is a client,
// transport, context or request.
type Summary struct {
	Values []Value
	// Sends lists the requests a function sends whose client or context
	// comes from its parameters.
	Sends []sends.ParamSend
	// ReadOnly lists the parameters of a function that are clients or
	// transports it neither writes nor lets escape.
	ReadOnly []int
	// Request is the request parameter a function sends, directly or
	// through helpers (see sends.RequestSenders), or nil.
	Request *sends.RequestParam
	// Holds lists the clients a constructor's result keeps from its
	// parameters (see sends.Held).
	Holds []sends.HeldParam
}

// A Value is the summary of one result, variable or field.
type Value struct {
	Client    *httpconfig.Client    // for *http.Client
	Transport *httpconfig.Transport // for *http.Transport and RoundTripper
	Deadline  *deadline.Deadline    // for context.Context and *http.Request
	Body      *reqbody.Body         // for *http.Request: the body it may carry
	// Factory reports that each call of the function builds the
	// client's or transport's connection pool anew (see
	// httpconfig.Resolver.Factory).
	Factory bool
}

// AFact marks Summary as an analysis fact.
func (*Summary) AFact() {}

func (s *Summary) String() string {
	var parts []string
	for i, r := range s.Values {
		var p []string
		if c := r.Client; c != nil {
			p = append(p, fmt.Sprintf("client(timeout=%s)", c.Timeout.Describe(true)))
		}
		if t := r.Transport; t != nil {
			p = append(p, "transport("+describeTransport(t)+")")
		}
		if d := r.Deadline; d != nil {
			p = append(p, "deadline="+d.String())
		}
		if b := r.Body; b != nil {
			p = append(p, fmt.Sprintf("body(%s,inmemory=%t)", b.Kind, b.InMemory))
		}
		if r.Factory {
			p = append(p, "factory")
		}
		if len(p) > 0 {
			parts = append(parts, fmt.Sprintf("%d:%s", i, strings.Join(p, ",")))
		}
	}
	for _, snd := range s.Sends {
		client := "param" + fmt.Sprint(snd.ClientParam)
		if snd.ClientField != "" {
			client += "." + snd.ClientField
		}
		if snd.ClientParam < 0 {
			client = "timeout=" + snd.Client.Timeout.Describe(true)
		}
		parts = append(parts, fmt.Sprintf("sends(client=%s,deadline=%s)", client, snd.Deadline.String()))
	}
	for _, p := range s.ReadOnly {
		parts = append(parts, fmt.Sprintf("readonly(%d)", p))
	}
	if p := s.Request; p != nil {
		parts = append(parts, fmt.Sprintf("sendsrequest(%d)", p.Index))
	}
	for _, h := range s.Holds {
		parts = append(parts, fmt.Sprintf("holds(%s=param%d)", h.Field, h.Param))
	}
	return strings.Join(parts, " ")
}

func describeTransport(t *httpconfig.Transport) string {
	var p []string
	for _, f := range httpconfig.TransportFields {
		v := t.Get(f)
		if v.Explicit {
			p = append(p, f.String()+"="+v.Describe(f.IsDuration()))
		}
	}
	sort.Strings(p)
	return strings.Join(p, ",")
}

// Relevant is a package fact: the package exports summaries, so its
// importers may involve HTTP clients even without importing net/http.
type Relevant struct{}

// AFact marks Relevant as an analysis fact.
func (*Relevant) AFact() {}

func (*Relevant) String() string { return "relevant" }

// KeepsConfig is a package fact: the package leaves the
// configuration of the transports its callers give it alone (see
// httpconfig.KeepsForeignConfig), so a transport handed to it keeps
// the settings its builder gave it.
type KeepsConfig struct{}

// AFact marks KeepsConfig as an analysis fact.
func (*KeepsConfig) AFact() {}

func (*KeepsConfig) String() string { return "keepsconfig" }

// Result is what the facts analyzer gives the checks for one package.
type Result struct {
	// Relevant reports whether the package can involve an HTTP client.
	// When it is false, the other fields are nil and a check has nothing
	// to do.
	Relevant bool
	// Index is the value-flow index of the package's SSA form.
	Index *valueflow.Index
	// Funcs lists the package's source functions, anonymous ones
	// included, in source order.
	Funcs []*ssa.Function

	imported map[types.Object]*Summary
	keeps    map[*types.Package]bool // packages with a KeepsConfig fact
	failure  string
}

// InternalError implements lint.Failure: it describes the bug that
// stopped the summaries of this package, or returns "".
func (r *Result) InternalError() string { return r.failure }

// Of returns the facts of pass's package, or nil when the package cannot
// involve an HTTP client and a check has nothing to do. The check must
// require [Analyzer].
func Of(pass *analysis.Pass) *Result {
	res, _ := pass.ResultOf[Analyzer].(*Result)
	if res == nil || !res.Relevant {
		return nil
	}
	return res
}

// ClientResolver returns a new resolver of client and transport
// configurations for the package. Each check uses its own.
func (r *Result) ClientResolver() *httpconfig.Resolver {
	return httpconfig.NewResolver(r.Index, r)
}

// DeadlineResolver returns a new resolver of context deadlines for the
// package.
func (r *Result) DeadlineResolver() *deadline.Resolver {
	return deadline.NewResolver(r.Index, r)
}

func (r *Result) result(obj types.Object, i int) *Value {
	s := r.imported[obj]
	if s == nil || i < 0 || i >= len(s.Values) {
		return nil
	}
	return &s.Values[i]
}

// Client implements httpconfig.Facts.
func (r *Result) Client(obj types.Object, i int) *httpconfig.Client {
	if res := r.result(obj, i); res != nil {
		return res.Client
	}
	return nil
}

// Transport implements httpconfig.Facts.
func (r *Result) Transport(obj types.Object, i int) *httpconfig.Transport {
	if res := r.result(obj, i); res != nil {
		return res.Transport
	}
	return nil
}

// ResultDeadline implements deadline.Facts.
func (r *Result) ResultDeadline(fn *types.Func, i int) (deadline.Deadline, bool) {
	if res := r.result(fn, i); res != nil && res.Deadline != nil {
		return *res.Deadline, true
	}
	return deadline.Deadline{}, false
}

// BodyResolver returns a new resolver of request bodies for the
// package.
func (r *Result) BodyResolver() *reqbody.Resolver {
	return reqbody.NewResolver(r.Index, r)
}

// ResultBody implements reqbody.Facts.
func (r *Result) ResultBody(fn *types.Func, i int) (reqbody.Body, bool) {
	if res := r.result(fn, i); res != nil && res.Body != nil {
		return *res.Body, true
	}
	return reqbody.Body{}, false
}

// Factory implements httpconfig.Facts.
func (r *Result) Factory(fn *types.Func, i int) bool {
	res := r.result(fn, i)
	return res != nil && res.Factory
}

// ReadOnlyParam implements httpconfig.Facts.
func (r *Result) ReadOnlyParam(fn *types.Func, i int) bool {
	if s := r.imported[fn]; s != nil {
		for _, p := range s.ReadOnly {
			if p == i {
				return true
			}
		}
	}
	return false
}

// RequestParam implements sends.RequestFacts.
func (r *Result) RequestParam(fn *types.Func) (sends.RequestParam, bool) {
	if s := r.imported[fn]; s != nil && s.Request != nil {
		return *s.Request, true
	}
	return sends.RequestParam{}, false
}

// KeepsConfig implements httpconfig.Facts.
func (r *Result) KeepsConfig(pkg *types.Package) bool { return r.keeps[pkg] }

// SendResolver returns a new resolver of parameter-dependent sends for
// the package.
func (r *Result) SendResolver() *sends.Resolver {
	return sends.NewResolver(r.Index, r.ClientResolver(), r.DeadlineResolver(), r)
}

// Sends implements sends.Facts.
func (r *Result) Sends(fn *types.Func) []sends.ParamSend {
	if s := r.imported[fn]; s != nil {
		return s.Sends
	}
	return nil
}

// Holds implements sends.Facts.
func (r *Result) Holds(fn *types.Func) []sends.HeldParam {
	if s := r.imported[fn]; s != nil {
		return s.Holds
	}
	return nil
}

// Scope is the packages httplint can matter for: those Analysable whose
// import closure holds an HTTP client or retry library.
var Scope = lint.Scope{Analysable: Analysable, Subject: httplib.IsClientLibrary}

// Analysable reports whether the package with import path path is
// analysed at all: net/http itself is described by the model instead.
func Analysable(path string) bool {
	return path != httplib.NetHTTP && !strings.HasPrefix(path, "net/http/internal")
}

// relevant reports whether the package of pass can involve an HTTP
// client: it imports a client or retry library, or a package that
// exports summaries. A package whose import closure holds no client or
// retry library (httplib.IsClientLibrary) is never relevant, so a driver
// may skip it without type-checking it.
func relevant(pass *analysis.Pass) bool {
	if !Analysable(pass.Pkg.Path()) {
		return false
	}
	if httplib.ImportsClientLibrary(pass.Pkg) {
		return true
	}
	for _, imp := range pass.Pkg.Imports() {
		if pass.ImportPackageFact(imp, new(Relevant)) {
			return true
		}
	}
	return false
}

func run(pass *analysis.Pass) (any, error) {
	res := &Result{}
	if msg := lint.Protect(pass, func() { summarise(pass, res) }); msg != "" {
		// A bug in the summaries: every check reports it, and stays
		// silent on this package.
		return &Result{failure: msg}, nil
	}
	return res, nil
}

func summarise(pass *analysis.Pass, res *Result) {
	if !relevant(pass) {
		return
	}
	pkg, funcs, err := ssabuild.Build(pass)
	if err != nil {
		// Type errors or an SSA failure: stay silent on this package.
		return
	}
	res.Relevant = true
	res.Funcs = funcs
	res.Index = valueflow.NewIndex(pkg, funcs)
	res.imported = make(map[types.Object]*Summary)
	for _, f := range pass.AllObjectFacts() {
		if s, ok := f.Fact.(*Summary); ok {
			res.imported[f.Object] = s
		}
	}
	res.keeps = make(map[*types.Package]bool)
	for _, f := range pass.AllPackageFacts() {
		if _, ok := f.Fact.(*KeepsConfig); ok {
			res.keeps[f.Package] = true
		}
	}
	if httpconfig.KeepsForeignConfig(res.Index, funcs, func(p *types.Package) bool { return res.keeps[p] }) {
		pass.ExportPackageFact(&KeepsConfig{})
	}
	if exportSummaries(pass, res, pkg, funcs) {
		pass.ExportPackageFact(&Relevant{})
	}
}

// exportSummaries exports a Summary for each exported function, method,
// variable and field of the package that has one, and reports whether it
// exported any.
func exportSummaries(pass *analysis.Pass, res *Result, pkg *ssa.Package, funcs []*ssa.Function) bool {
	clients := res.ClientResolver()
	deadlines := res.DeadlineResolver()
	senders := sends.NewResolver(res.Index, clients, deadlines, res)
	requests := sends.NewRequestSenders(res.Index, res)
	bodies := res.BodyResolver()
	summarise := func(t types.Type, client func() *httpconfig.Client, transport func() *httpconfig.Transport, dl func() deadline.Deadline) (Value, bool) {
		var r Value
		switch {
		case httplib.IsClient(t):
			r.Client = client()
			return r, r.Client.Origin != httpconfig.OriginUnknown || r.Client.Timeout.Kind != setting.Unknown
		case httplib.IsTransport(t) || httplib.IsRoundTripper(t):
			r.Transport = transport()
			return r, r.Transport.Origin != httpconfig.OriginUnknown
		case httplib.IsContext(t) || httplib.IsRequest(t):
			if dl == nil {
				return r, false
			}
			d := dl()
			r.Deadline = &d
			return r, d.Kind != deadline.Unknown
		}
		return r, false
	}
	// summariseStored summarises a variable or field of type t from the
	// values stored into it.
	summariseStored := func(t types.Type, vals []ssa.Value) (Value, bool) {
		return summarise(t,
			func() *httpconfig.Client {
				var c *httpconfig.Client
				for _, v := range vals {
					c = httpconfig.JoinClient(c, clients.Client(v))
				}
				return c
			},
			func() *httpconfig.Transport {
				var tr *httpconfig.Transport
				for _, v := range vals {
					tr = httpconfig.JoinTransport(tr, clients.Transport(v))
				}
				return tr
			}, nil)
	}
	// Only importers read the facts (the package's own checks resolve
	// its objects from its SSA form), and they can name only exported
	// functions, methods, variables and fields: the summaries of exported
	// ones already include what unexported helpers do. The checker
	// copies every fact into every importer, directly or not, so each
	// fact costs memory in all of them.
	exported := false
	export := func(obj types.Object, s *Summary) {
		if !obj.Exported() || obj.Pkg() != pass.Pkg {
			// A type defined on another package's struct
			// (type HTTPURLLoader http.Client, helm's jsonschema
			// loader) has that package's fields: facts can only be
			// set on the package's own objects.
			return
		}
		pass.ExportObjectFact(obj, s)
		exported = true
	}

	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || fn.Synthetic != "" {
			continue
		}
		results := fn.Signature.Results()
		s := &Summary{Values: make([]Value, results.Len())}
		any := false
		for i := 0; i < results.Len(); i++ {
			i := i
			r, ok := summarise(results.At(i).Type(),
				func() *httpconfig.Client { return clients.ResultClient(fn, i) },
				func() *httpconfig.Transport { return clients.ResultTransport(fn, i) },
				func() deadline.Deadline { return deadlines.Result(fn, i) })
			if httplib.IsRequest(results.At(i).Type()) {
				if b, hasBody := bodies.Result(fn, i); hasBody {
					r.Body = &b
					ok = true
				}
			}
			if clients.Factory(fn, i) != nil {
				r.Factory = true
				ok = true
			}
			if ok {
				s.Values[i] = r
				any = true
			}
		}
		s.Sends = senders.Of(fn)
		for i, p := range fn.Params {
			if (httplib.IsClient(p.Type()) || httplib.IsTransport(p.Type())) && clients.ReadOnlyParam(fn, i) {
				s.ReadOnly = append(s.ReadOnly, i)
			}
		}
		if p := requests.Of(fn); p.Index >= 0 {
			s.Request = &p
		}
		s.Holds = sends.Held(res.Index, fn)
		if any || len(s.Sends) > 0 || len(s.ReadOnly) > 0 || s.Request != nil || len(s.Holds) > 0 {
			export(obj, s)
		}
	}

	// Package-level variables.
	var names []string
	for name := range pkg.Members {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		g, ok := pkg.Members[name].(*ssa.Global)
		if !ok {
			continue
		}
		t := g.Type().(*types.Pointer).Elem()
		vals := res.Index.GlobalValues(g)
		if len(vals) == 0 {
			continue
		}
		if r, ok := summariseStored(t, vals); ok {
			export(g.Object(), &Summary{Values: []Value{r}})
		}
	}

	// Fields of the package's named struct types.
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := 0; i < st.NumFields(); i++ {
			f := st.Field(i)
			vals := res.Index.FieldValues(f)
			if len(vals) == 0 {
				continue
			}
			if r, ok := summariseStored(f.Type(), vals); ok {
				export(f, &Summary{Values: []Value{r}})
			}
		}
	}
	return exported
}
