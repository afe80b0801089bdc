package headersize

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"net/http"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/analyzers/headersize/internal/length"
	"github.com/httplint/httplint/analyzers/headersize/internal/render"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/loops"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

//go:embed doc.go
var doc string

// Name is the analyzer's name, also its golangci-lint plugin name.
const Name = "headersize"

// Rule slugs, used as diagnostic categories.
const (
	UnboundedQuery  = "unbounded-query"
	UnboundedHeader = "unbounded-header"
	Oversized       = "oversized"
)

// Rules lists the analyzer's rules.
var Rules = []lint.Rule{
	{Slug: UnboundedQuery, Summary: "request URL grows with a collection whose size nothing bounds"},
	{Slug: UnboundedHeader, Summary: "request header value grows with a collection whose size nothing bounds, or lines pile up on a header map that outlives the request"},
	{Slug: Oversized, Summary: "request URL or header value statically longer than max-bytes"},
}

// DefaultMaxBytes is the default limit: nginx's and Apache's request
// line and header field limit.
const DefaultMaxBytes = 8192

// config holds the analyzer's options, set through its flags.
type config struct {
	maxBytes int
}

// Analyzer is the headersize analyzer; its flags configure it.
var Analyzer = New()

// Definition describes the analyzer for drivers and the suite.
var Definition = lint.Definition{Name: Name, Analyzer: Analyzer, Rules: Rules, New: New}

// New returns a new headersize analyzer with default options, whose
// flags configure it alone.
func New() *analysis.Analyzer {
	cfg := &config{maxBytes: DefaultMaxBytes}
	a := lint.New(lint.Spec{Name: Name, Doc: doc, Rules: Rules, Requires: []*analysis.Analyzer{facts.Analyzer},
		Run: func(pass *analysis.Pass, rep *lint.Reporter) error { return run(pass, rep, cfg) }})
	a.Flags.Var(lint.AtLeast{P: &cfg.maxBytes, Min: 1}, "max-bytes", "the longest request URL or header value, in bytes, that proxies accept (4096 for HTTP/2 load balancers with small header tables)")
	return a
}

type checker struct {
	pass *analysis.Pass
	cfg  *config
	rep  *lint.Reporter
	res  *facts.Result
	la   *length.Estimator
	nm   *render.Namer
	// loops caches the loops of the functions repeated looks at.
	loops map[*ssa.Function]*loops.Forest
	// invokes holds the package's interface calls by method name, once
	// computed.
	invokes map[string][]ssa.CallInstruction
	// rtFuncs holds the functions used as RoundTrippers, with their
	// conversions, once computed.
	rtFuncs map[*ssa.Function][]*ssa.ChangeType
	// growths collects the growth findings until flushGrowths.
	growths     map[growthKey][]analysis.Diagnostic
	growthOrder []growthKey
	// clients resolves client configurations, once needed.
	clients *httpconfig.Resolver
	// shared collects the findings on cookies and header lines added to a
	// shared header map, one per map, until flushShared.
	shared      map[token.Pos]*analysis.Diagnostic
	sharedOrder []token.Pos
}

func run(pass *analysis.Pass, rep *lint.Reporter, cfg *config) error {
	res := facts.Of(pass)
	if res == nil {
		return nil
	}
	rep.SetNote(res.RunsNote)
	c := &checker{pass: pass, cfg: cfg, rep: rep, res: res,
		la: length.New(res.Index, pass.Fset, pass.Files, pass.TypesInfo),
		nm: render.New(res.Index, pass.Files), growths: make(map[growthKey][]analysis.Diagnostic)}
	for _, fn := range res.Funcs {
		if rep.Excluded(fn.Pos()) {
			continue
		}
		c.function(fn)
	}
	c.flushGrowths()
	c.flushShared()
	return nil
}

// function checks the sinks of fn.
func (c *checker) function(fn *ssa.Function) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case ssa.CallInstruction:
				c.call(instr)
			case *ssa.Store:
				c.store(instr)
			case *ssa.MapUpdate:
				c.headerMap(instr)
			}
		}
	}
}

// call checks a call that takes a request URL or sets a header.
func (c *checker) call(call ssa.CallInstruction) {
	if hc, ok := httplib.ClassifyIn(c.res.Index, call); ok {
		if hc.URL != nil {
			c.checkURL(call.Pos(), c.la.Bytes(hc.URL), false)
			return
		}
		if hc.Via == httplib.ViaClient && hc.Request != nil && hc.Client != nil {
			if jar := c.clientResolver().Client(hc.Client).Jar; jar.IsValid() {
				c.cookieWrite(call, hc.Request, jar)
			}
		}
	}
	cc := call.Common()
	fn := valueflow.StaticCallee(cc)
	if typeutil.IsMethod(fn, httplib.NetHTTP, "Request", "AddCookie") && len(cc.Args) == 2 {
		c.cookieWrite(call, cc.Args[0], token.NoPos)
		return
	}
	sink, ok := httplib.SinkOf(fn)
	if !ok {
		return
	}
	if typeutil.IsMethod(fn, httplib.NetHTTP, "Header", fn.Name()) {
		// h.Set(k, v), h.Add(k, v) on an http.Header: only the headers
		// of a request count.
		args := cc.Args
		if len(args) == 3 {
			if _, ok := c.requestHeader(args[0]); ok {
				c.checkHeader(call, args[1], args[2], fn.Name() == "Add")
			}
		}
		return
	}
	c.libraryCall(call, sink)
}

// store checks req.URL = u and req.URL.RawQuery = s (or Path, RawPath).
func (c *checker) store(st *ssa.Store) {
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok {
		return
	}
	f := valueflow.FieldOf(fa)
	if f == nil || f.Pkg() == nil {
		return
	}
	switch {
	case f.Pkg().Path() == httplib.NetHTTP && f.Name() == "URL" && typeutil.IsPointerTo(fa.X.Type(), httplib.NetHTTP, "Request"):
		c.checkURL(st.Pos(), c.la.URL(st.Val, st), true)
	case f.Pkg().Path() == httplib.URL && (f.Name() == "RawQuery" || f.Name() == "Path" || f.Name() == "RawPath") &&
		typeutil.IsPointerTo(fa.X.Type(), httplib.URL, "URL"):
		if c.fromRequestURL(fa.X) {
			c.checkURL(st.Pos(), c.la.Bytes(st.Val), true)
		}
	}
}

// fromRequestURL reports whether the *url.URL u is a request's URL field.
func (c *checker) fromRequestURL(u ssa.Value) bool {
	for _, o := range c.res.Index.Origins(u) {
		if o.Field != nil && o.Field.Pkg() != nil && o.Field.Pkg().Path() == httplib.NetHTTP && o.Field.Name() == "URL" {
			return true
		}
	}
	return false
}

// requestHeader reports whether the http.Header h belongs to a request
// (a load of Request.Header, or a map stored into it), and returns the
// value whose definition starts the header's life: the request, or the
// header map.
func (c *checker) requestHeader(h ssa.Value) (ssa.Value, bool) {
	if x, ok := requestField(h, "Header"); ok {
		return c.requestOf(x), true
	}
	if x, ok := libraryRequestHeader(h); ok {
		return c.requestOf(x), true
	}
	for _, o := range c.res.Index.Origins(h) {
		if x, ok := requestField(o.V, "Header"); ok {
			return c.requestOf(x), true
		}
		if mk, ok := o.V.(*ssa.MakeMap); ok && storedIntoRequest(mk) {
			return mk, true
		}
	}
	return nil, false
}

// sharedHeader reports whether the header h of a request is a map kept
// in a field or package variable, and so shared by every request built
// from it (req.Header = t.headers): it names the field and returns the
// store that makes it the request's header.
func (c *checker) sharedHeader(h ssa.Value) (name string, at token.Pos, lasting, ok bool) {
	req, isReq := requestField(h, "Header")
	if !isReq {
		return "", token.NoPos, false, false
	}
	name, at, _, lasting, ok = c.sharedHeaderOf(req)
	return name, at, lasting, ok
}

// sharedHeaderOf is sharedHeader for the header of request req; from is
// where the shared map is loaded from its field or variable, and lasting
// reports that what keeps it outlives a request (see keptMap).
func (c *checker) sharedHeaderOf(req ssa.Value) (name string, at, from token.Pos, lasting, ok bool) {
	ix := c.res.Index
	var values []ssa.Value
	var positions []token.Pos
	// Stores through the request value itself (a φ of several
	// constructions) and through every object it may be.
	for _, st := range directFieldStores(req, "Header") {
		values, positions = append(values, st.Val), append(positions, st.Pos())
	}
	// A request kept in a field (r.RawRequest.Header = r.Header, then
	// r.RawRequest.AddCookie): the stores through the other loads of
	// that field of the same object decide, not those made elsewhere
	// into requests kept in the same field.
	sameObject := false
	for _, load := range sameFieldLoads(req) {
		for _, st := range directFieldStores(load, "Header") {
			values, positions = append(values, st.Val), append(positions, st.Pos())
			sameObject = true
		}
	}
	for _, o := range ix.Origins(req) {
		if sameObject {
			break
		}
		if o.V == nil {
			continue
		}
		stores, _ := ix.ObjectStores(o.V, nil)
		for _, st := range stores {
			if st.Field != nil && st.Field.Name() == "Header" {
				values, positions = append(values, st.Value), append(positions, st.Pos())
			}
		}
	}
	for i, v := range values {
		if name, from, lasting := keptMap(ix, v, 0, map[ssa.Value]bool{}); name != "" {
			return name, positions[i], from, lasting, true
		}
	}
	return "", token.NoPos, token.NoPos, false, false
}

// sameFieldLoads returns, when v is a load of a field of an object
// (*p.f), the other loads of that field through the same p.
func sameFieldLoads(v ssa.Value) []ssa.Value {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok || fa.X.Referrers() == nil {
		return nil
	}
	var out []ssa.Value
	for _, r := range *fa.X.Referrers() {
		other, ok := r.(*ssa.FieldAddr)
		if !ok || other.X != fa.X || other.Field != fa.Field || other.Referrers() == nil {
			continue
		}
		for _, rr := range *other.Referrers() {
			if load, ok := rr.(*ssa.UnOp); ok && load.Op == token.MUL && load != u {
				out = append(out, load)
			}
		}
	}
	return out
}

// directFieldStores returns the stores into field name of the object
// that pointer p points to, made through p itself.
func directFieldStores(p ssa.Value, name string) []*ssa.Store {
	var out []*ssa.Store
	if p.Referrers() == nil {
		return nil
	}
	for _, r := range *p.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.X != p {
			continue
		}
		if f := valueflow.FieldOf(fa); f == nil || f.Name() != name {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
				out = append(out, st)
			}
		}
	}
	return out
}

// loopsOf returns the loops of fn, computed once.
func (c *checker) loopsOf(fn *ssa.Function) *loops.Forest {
	if c.loops == nil {
		c.loops = make(map[*ssa.Function]*loops.Forest)
	}
	f, ok := c.loops[fn]
	if !ok {
		f = loops.Analyze(fn)
		c.loops[fn] = f
	}
	return f
}

// repeated reports whether call runs more than once per call of the
// outermost function that leads to it: it is in a loop, or a function of
// the package calls its function from a loop (algolia's buildRequest,
// called once per host).
func (c *checker) repeated(call ssa.CallInstruction, depth int) bool {
	fn := call.Parent()
	if c.loopsOf(fn).Innermost(call.Block()) != nil {
		return true
	}
	if depth >= 3 {
		return false
	}
	var sites []ssa.CallInstruction
	if mc := c.res.Index.Closure(fn); mc != nil {
		if d, ok := valueflow.DirectCall(mc).(ssa.CallInstruction); ok {
			sites = []ssa.CallInstruction{d}
		}
	} else {
		sites = c.res.Index.CallSites(fn)
	}
	for _, s := range sites {
		if c.repeated(s, depth+1) {
			return true
		}
	}
	return false
}

// keptMap returns the name of the field or package variable that map v
// is loaded from, on some path (through copies, φ-nodes and the
// arguments of callers in the package), and where it is loaded, or "".
// lasting reports that what keeps the map outlives a request: a package
// variable, or a field of an object that holds no request (a client, a
// transport: it holds one, and sends every request; a request builder,
// made once per request, holds a request, and an object that holds
// neither, nomad's apiRequest, may be made per request too).
func keptMap(ix *valueflow.Index, v ssa.Value, depth int, seen map[ssa.Value]bool) (name string, at token.Pos, lasting bool) {
	v = valueflow.StripCopies(v)
	if depth > 4 || seen[v] {
		return "", token.NoPos, false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			if n, at, l := keptMap(ix, e, depth+1, seen); n != "" {
				return n, at, l
			}
		}
	case *ssa.Parameter:
		fn := x.Parent()
		i := slices.Index(fn.Params, x)
		sites, _ := ix.Callers(fn)
		for _, s := range sites {
			if args := s.Common().Args; i >= 0 && i < len(args) {
				if n, at, l := keptMap(ix, args[i], depth+1, seen); n != "" {
					return n, at, l
				}
			}
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return "", token.NoPos, false
		}
		addr := x.X
		if inner, ok := addr.(*ssa.UnOp); ok && inner.Op == token.MUL {
			// *r.Headers: a map reached through a pointer kept in a
			// field (colly's Request.Headers, &req.Header of the
			// request it was sent as) is kept there too.
			addr = inner.X
		}
		switch addr := addr.(type) {
		case *ssa.FieldAddr:
			// Another request's or response's header is that message's
			// own, not a shared map.
			if f := valueflow.FieldOf(addr); f != nil && (f.Pkg() == nil || f.Pkg().Path() != httplib.NetHTTP) {
				return "the field " + f.Name(), x.Pos(), holdsClient(addr.X.Type()) && !length.HoldsRequest(addr.X.Type())
			}
		case *ssa.Global:
			return "the package variable " + addr.Name(), x.Pos(), true
		}
	}
	return "", token.NoPos, false
}

// requestField reports whether v loads field name of an *http.Request
// (or http.Request) and returns the request operand.
func requestField(v ssa.Value, name string) (ssa.Value, bool) {
	switch v := v.(type) {
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return nil, false
		}
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			if f := valueflow.FieldOf(fa); f != nil && f.Name() == name && typeutil.IsPointerTo(fa.X.Type(), httplib.NetHTTP, "Request") {
				return fa.X, true
			}
		}
	case *ssa.Field:
		if f := valueflow.FieldOf(v); f != nil && f.Name() == name && typeutil.IsNamedValue(v.X.Type(), httplib.NetHTTP, "Request") {
			return v.X, true
		}
	}
	return nil, false
}

// requestOf returns where the request req was made, for excluding the
// loops that enclose it: its allocation or constructor call in this
// function, or req itself.
func (c *checker) requestOf(req ssa.Value) ssa.Value {
	for _, o := range c.res.Index.Origins(req) {
		if o.V != nil {
			return o.V
		}
	}
	return req
}

// storedIntoRequest reports whether the header map mk is stored into a
// request's Header field.
func storedIntoRequest(mk *ssa.MakeMap) bool {
	refs := mk.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		st, ok := r.(*ssa.Store)
		if !ok || st.Val != ssa.Value(mk) {
			continue
		}
		if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
			if f := valueflow.FieldOf(fa); f != nil && f.Name() == "Header" && typeutil.IsPointerTo(fa.X.Type(), httplib.NetHTTP, "Request") {
				return true
			}
		}
	}
	return false
}

// headerMap checks req.Header[k] = values.
func (c *checker) headerMap(upd *ssa.MapUpdate) {
	if !typeutil.IsNamedValue(upd.Map.Type(), httplib.NetHTTP, "Header") {
		return
	}
	if _, ok := c.requestHeader(upd.Map); !ok {
		return
	}
	// One line per element: each as long as its element, which is what
	// is checked (see checkHeader on lines).
	name := headerName(upd.Key)
	pos, end := lint.StoreRange(c.pass, upd.Pos())
	c.checkValue(pos, end, c.la.Elem(upd.Value), name)
}

// checkHeader checks h.Set(key, val) or h.Add(key, val) on a request
// header.
func (c *checker) checkHeader(call ssa.CallInstruction, key, val ssa.Value, add bool) {
	name := headerName(key)
	pos, end := lint.CallRange(c.pass, call.Pos())
	l := c.la.Bytes(val)
	if l.Grow != nil {
		c.checkValue(pos, end, l, name)
		return
	}
	if add && c.deletedBefore(call) {
		// h.Del(k) before h.Add(k, v) on every path: the header holds
		// this call's values only, however often it runs (grafana's
		// plugin SDK custom headers since v0.217.0).
		c.checkValue(pos, end, l, name)
		return
	}
	if add {
		if g := c.roundTripperInput(call.Common().Args[0]); g != nil {
			c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: UnboundedHeader, Related: g.via,
				Message: fmt.Sprintf("%s calls %s on the request %s; clone it first", g.adder(call.Parent(), c.pass.Pkg), headerAdd(name), g.receiver(call.Parent()))})
			return
		}
	}
	// Header.Add in a loop over a list adds one line per element: each
	// line is as long as its element, and the lists written so (media
	// types, credentials, subprotocols) stay far below the total header
	// budget of servers and proxies (tens of KB), so that is not
	// reported. Lines that pile up on a header map that outlives the
	// request are (below).
	if add && isConst(key) {
		// Each call adds a line: reported where the map outlives the
		// request (a client's or transport's field), or where one call
		// of the function adds it more than once (algolia's
		// buildRequest, once per host).
		if shared, at, lasting, ok := c.sharedHeader(call.Common().Args[0]); ok && (lasting || c.repeated(call, 0)) {
			if d := c.shared[at]; d != nil {
				// One finding per shared map.
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: call.Pos(), Message: headerAdd(name) + " appends to the same map here"})
				return
			}
			d := &analysis.Diagnostic{Pos: pos, End: end, Category: UnboundedHeader,
				Message: fmt.Sprintf("%s appends to %s, shared by every request; use Header.Set or Clone the map", headerAdd(name), shared)}
			if at.IsValid() && !c.rep.Excluded(at) {
				d.Related = []analysis.RelatedInformation{{Pos: at, Message: "the shared map becomes the request's headers here"}}
			}
			if c.shared == nil {
				c.shared = make(map[token.Pos]*analysis.Diagnostic)
			}
			c.shared[at] = d
			c.sharedOrder = append(c.sharedOrder, at)
			return
		}
		if send := c.resentInLoop(call); send != nil {
			c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: UnboundedHeader,
				Related: []analysis.RelatedInformation{{Pos: send.Pos(), Message: "the request is sent again here"}},
				Message: fmt.Sprintf("%s on a request this loop sends again adds a line per attempt; set it once before the loop", headerAdd(name))})
			return
		}
		if attempt, send := c.resentByCaller(call); attempt != nil {
			c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: UnboundedHeader,
				Related: []analysis.RelatedInformation{
					{Pos: attempt.Pos(), Message: "called once per attempt here"},
					{Pos: send.Pos(), Message: "the request is sent again here"}},
				Message: fmt.Sprintf("%s on a request a loop sends again adds a line per attempt; use Header.Set", headerAdd(name))})
			return
		}
	}
	c.checkValue(pos, end, l, name)
}

// deletedBefore reports whether a Header.Del of the same key on the
// same request's header dominates the Header.Add call add, in the
// innermost loop around add that sends the request again when there is
// one: every run of add follows a run of Del, so the lines do not pile
// up across calls or attempts.
func (c *checker) deletedBefore(add ssa.CallInstruction) bool {
	fn := add.Parent()
	args := add.Common().Args
	hdr, ok := c.requestHeader(args[0])
	if !ok {
		return false
	}
	var within *loops.Loop
	if send := c.resentInLoop(add); send != nil {
		within = c.loopsOf(fn).Innermost(add.Block())
	}
	key, keyConst := c.res.Index.ConstString(args[1])
	for _, b := range fn.Blocks {
		if !b.Dominates(add.Block()) || within != nil && !within.Contains(b) {
			continue
		}
		for _, instr := range b.Instrs {
			if instr == ssa.Instruction(add) {
				break
			}
			del, ok := instr.(ssa.CallInstruction)
			if !ok || !typeutil.IsMethod(valueflow.StaticCallee(del.Common()), httplib.NetHTTP, "Header", "Del") {
				continue
			}
			dargs := del.Common().Args
			if len(dargs) != 2 {
				continue
			}
			if h, ok := c.requestHeader(dargs[0]); !ok || h != hdr {
				continue
			}
			same := valueflow.StripCopies(dargs[1]) == valueflow.StripCopies(args[1])
			if k, ok := c.res.Index.ConstString(dargs[1]); ok && keyConst && http.CanonicalHeaderKey(k) == http.CanonicalHeaderKey(key) {
				same = true
			}
			if same {
				return true
			}
		}
	}
	return false
}

// resentInLoop returns a send, in the innermost loop around the
// Header.Add call add, of the request whose header add appends to, when
// that request is built before the loop: every attempt of a retry adds
// one more line (a second Authorization header, which proxies reject).
// Copies derived from it (WithContext, Clone: each carries the lines
// added so far) count as the request.
func (c *checker) resentInLoop(add ssa.CallInstruction) ssa.CallInstruction {
	req, ok := c.requestHeader(add.Common().Args[0])
	if !ok {
		return nil
	}
	return c.resentAround(add, req)
}

// resentAround returns a send, in the innermost loop around the call
// write that writes a header of the request req (where it was made, see
// requestOf), when req is built before that loop, or nil.
func (c *checker) resentAround(write ssa.CallInstruction, req ssa.Value) ssa.CallInstruction {
	fn := write.Parent()
	l := c.loopsOf(fn).Innermost(write.Block())
	if l == nil || req == nil || !httplib.IsRequest(req.Type()) {
		return nil
	}
	if instr, ok := req.(ssa.Instruction); ok && instr.Block() != nil && l.Contains(instr.Block()) {
		return nil // a new request each iteration
	}
	return c.sendOf(l.Blocks(fn), req)
}

// sendOf returns a send, in blocks, of the request req or of a copy
// derived from it (WithContext, Clone).
func (c *checker) sendOf(blocks []*ssa.BasicBlock, req ssa.Value) ssa.CallInstruction {
	for _, b := range blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			s, ok := httplib.ClassifyIn(c.res.Index, call)
			if !ok || s.Request == nil {
				continue
			}
			sent := s.Request
			for range 4 {
				if c.requestOf(sent) == req || valueflow.StripCopies(sent) == req {
					return call
				}
				d, ok := valueflow.StripCopies(sent).(*ssa.Call)
				if !ok {
					break
				}
				if sent, ok = httplib.DerivedFrom(d); !ok {
					break
				}
			}
		}
	}
	return nil
}

// resentByCaller handles a Header.Add, outside any loop, on a request its
// function is given: it returns the call, in a loop of a caller in the
// package (through at most three calls, an interface method included),
// that passes a request built before that loop, and the send of that
// request, in the loop or in a function of the chain that sends the
// request it is given (gomaasapi's dispatch loop, whose per-attempt
// helper signs the same request with Header.Add and sends it): every
// attempt adds one more line.
func (c *checker) resentByCaller(add ssa.CallInstruction) (attempt, send ssa.CallInstruction) {
	x, ok := requestField(add.Common().Args[0], "Header")
	if !ok {
		return nil, nil
	}
	return c.resentByCallerOf(add, x)
}

// resentByCallerOf is resentByCaller for a call write that writes a
// header of the request req.
func (c *checker) resentByCallerOf(write ssa.CallInstruction, req ssa.Value) (attempt, send ssa.CallInstruction) {
	p, ok := valueflow.StripCopies(req).(*ssa.Parameter)
	if !ok || p.Parent() != write.Parent() {
		return nil, nil
	}
	return c.resentAbove(p, c.sendOf(p.Parent().Blocks, p), 0)
}

// resentAbove looks for resentByCaller's loop at the calls of p's
// function; sent is a send of p in the functions below, or nil.
func (c *checker) resentAbove(p *ssa.Parameter, sent ssa.CallInstruction, depth int) (attempt, send ssa.CallInstruction) {
	fn := p.Parent()
	i := valueflow.ParamIndex(p)
	if i < 0 || depth > 2 {
		return nil, nil
	}
	for _, site := range c.callsOf(fn) {
		args := site.Common().Args
		j := i
		if site.Common().IsInvoke() {
			j-- // the receiver is not among an interface call's arguments
		}
		if j < 0 || j >= len(args) {
			continue
		}
		g := site.Parent()
		arg := valueflow.StripCopies(args[j])
		if l := c.loopsOf(g).Innermost(site.Block()); l != nil {
			req := c.requestOf(arg)
			if instr, ok := req.(ssa.Instruction); ok && instr.Block() != nil && l.Contains(instr.Block()) {
				continue // a new request each iteration
			}
			if sent != nil {
				return site, sent
			}
			if s := c.sendOf(l.Blocks(g), req); s != nil {
				return site, s
			}
			continue
		}
		if q, ok := arg.(*ssa.Parameter); ok && q.Parent() == g {
			s := sent
			if s == nil {
				s = c.sendOf(g.Blocks, q)
			}
			if a, sn := c.resentAbove(q, s, depth+1); a != nil {
				return a, sn
			}
		}
	}
	return nil, nil
}

// callsOf returns the calls of fn in the package: its static calls, and
// for a method, the interface calls of its name on an interface its
// receiver type implements.
func (c *checker) callsOf(fn *ssa.Function) []ssa.CallInstruction {
	sites := c.res.Index.CallSites(fn)
	recv := fn.Signature.Recv()
	if recv == nil || fn.Parent() != nil {
		return sites
	}
	if c.invokes == nil {
		c.invokes = make(map[string][]ssa.CallInstruction)
		for _, f := range c.res.Funcs {
			for _, b := range f.Blocks {
				for _, instr := range b.Instrs {
					if call, ok := instr.(ssa.CallInstruction); ok && call.Common().IsInvoke() {
						name := call.Common().Method.Name()
						c.invokes[name] = append(c.invokes[name], call)
					}
				}
			}
		}
	}
	for _, call := range c.invokes[fn.Name()] {
		iface, ok := call.Common().Value.Type().Underlying().(*types.Interface)
		if ok && (types.Implements(recv.Type(), iface) || types.Implements(types.NewPointer(recv.Type()), iface)) {
			sites = append(sites, call)
		}
	}
	return sites
}

// checkValue reports a header value that grows or is too long.
func (c *checker) checkValue(pos, end token.Pos, l length.Length, name string) {
	if g := l.Grow; g != nil {
		c.reportGrowth(pos, end, UnboundedHeader, c.growthMessage(headerLabel(name)+" grows", g), g)
		return
	}
	if size, ok := c.tooLong(l); ok {
		c.reportOversized(pos, end, fmt.Sprintf("%s %s, over the %d-byte proxy limit; %s",
			headerLabel(name), size, c.cfg.maxBytes, oversizedAdvice(l)), l)
	}
}

// checkURL reports a request URL that grows or is too long; at is a
// call, or a store when store is set.
func (c *checker) checkURL(at token.Pos, l length.Length, store bool) {
	var pos, end token.Pos
	if store {
		pos, end = lint.StoreRange(c.pass, at)
	} else {
		pos, end = lint.CallRange(c.pass, at)
	}
	if g := l.Grow; g != nil {
		c.reportGrowth(pos, end, UnboundedQuery, c.growthMessage("request URL grows", g), g)
		return
	}
	if size, ok := c.tooLong(l); ok {
		c.reportOversized(pos, end, fmt.Sprintf("request URL %s, over the %d-byte proxy limit; %s",
			size, c.cfg.maxBytes, oversizedAdvice(l)), l)
	}
}

// tooLong reports whether l exceeds the limit and describes its size.
func (c *checker) tooLong(l length.Length) (string, bool) {
	max := c.cfg.maxBytes
	switch {
	case l.IsConst() && l.Min > max:
		return fmt.Sprintf("is %d bytes", l.Min), true
	case l.Min > max:
		return fmt.Sprintf("is at least %d bytes", l.Min), true
	case l.Bounded && l.Max > max:
		s := fmt.Sprintf("can reach %d bytes", l.Max)
		if b := l.Batch; b != nil {
			if name, _ := c.nm.Name(b.Coll); name != "" {
				s += fmt.Sprintf(" with %d elements of %s", b.Count, name)
			}
		}
		return s, true
	}
	return "", false
}

func (c *checker) reportGrowth(pos, end token.Pos, category, msg string, g *length.Growth) {
	d := analysis.Diagnostic{Pos: pos, End: end, Category: category, Message: msg}
	if g.Site.IsValid() && (g.Site < pos || g.Site >= end) && !c.rep.Excluded(g.Site) {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: g.Site, Message: fmt.Sprintf("grows with %s here", c.name(g))})
	}
	if !g.Site.IsValid() {
		c.rep.Report(d)
		return
	}
	// One growth that reaches several sinks of one function (a request
	// built on each of two branches) is one root cause: report it once.
	k := growthKey{category, g.Site, enclosingFunc(c.pass.Files, pos)}
	if _, ok := c.growths[k]; !ok {
		c.growthOrder = append(c.growthOrder, k)
	}
	c.growths[k] = append(c.growths[k], d)
}

// A growthKey identifies the findings of one growth in one function.
type growthKey struct {
	category string
	site     token.Pos
	fn       token.Pos // the enclosing function declaration
}

// flushGrowths reports the growth findings: the first sink of each
// growth, with the other sinks as related positions.
func (c *checker) flushGrowths() {
	for _, k := range c.growthOrder {
		ds := c.growths[k]
		sort.SliceStable(ds, func(i, j int) bool { return ds[i].Pos < ds[j].Pos })
		d := ds[0]
		for _, o := range ds[1:] {
			if o.Pos != d.Pos {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: o.Pos, Message: "also sent here"})
			}
		}
		c.rep.Report(d)
	}
}

// enclosingFunc returns the position of the function declaration in
// files that contains pos, or token.NoPos.
func enclosingFunc(files []*ast.File, pos token.Pos) token.Pos {
	for _, f := range files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		for _, decl := range f.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok && fd.Pos() <= pos && pos <= fd.End() {
				return fd.Pos()
			}
		}
	}
	return token.NoPos
}

func (c *checker) reportOversized(pos, end token.Pos, msg string, l length.Length) {
	d := analysis.Diagnostic{Pos: pos, End: end, Category: Oversized, Message: msg}
	if b := l.Batch; b != nil && b.Site.IsValid() && (b.Site < pos || b.Site >= end) && !c.rep.Excluded(b.Site) {
		if name, _ := c.nm.Name(b.Coll); name != "" {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: b.Site, Message: fmt.Sprintf("up to %d elements of %s here", b.Count, name)})
		}
	}
	c.rep.Report(d)
}

// name names the collection of a growth.
func (c *checker) name(g *length.Growth) string {
	name, _ := c.nm.Collection(g)
	return name
}

// growthMessage is the message for a value growing with the collection
// of g; subject says which ("request URL grows", "header X-Ids grows").
func (c *checker) growthMessage(subject string, g *length.Growth) string {
	if g.Step.Kind == length.StepKept {
		return fmt.Sprintf("%s on every call: %s is appended to and kept; append to a copy", subject, c.name(g))
	}
	return fmt.Sprintf("%s with %s%s; %s", subject, c.length(g), c.how(g), c.advice(g))
}

// length names the length of the collection of a growth: "len(ids)",
// "the length of the result of s.List()".
func (c *checker) length(g *length.Growth) string {
	if name, simple := c.nm.Collection(g); simple {
		return "len(" + name + ")"
	}
	return "the length of " + c.name(g)
}

// how describes the step of a growth in parentheses, or returns "".
func (c *checker) how(g *length.Growth) string {
	if step := c.nm.Step(g); step != "" {
		return " (" + step + ")"
	}
	return ""
}

// advice suggests the fix for a growth.
func (c *checker) advice(g *length.Growth) string {
	if name, simple := c.nm.Collection(g); simple {
		return fmt.Sprintf("send %s in batches or in a request body", name)
	}
	return "send them in batches or in a request body"
}

func oversizedAdvice(l length.Length) string {
	if l.Batch != nil {
		return "use smaller batches"
	}
	return "shorten it or send the data in a request body"
}

// headerName returns the constant name of a header key, or "".
func headerName(k ssa.Value) string {
	if c, ok := k.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
		return constant.StringVal(c.Value)
	}
	return ""
}

// headerLabel names a header for messages: "header X-Ids".
func headerLabel(name string) string {
	if name == "" {
		return "this header"
	}
	return "header " + name
}

// headerAdd names the Header.Add call of a header for messages:
// Header.Add("X-Id").
func headerAdd(name string) string {
	if name == "" {
		return "Header.Add"
	}
	return fmt.Sprintf("Header.Add(%q)", name)
}

func isConst(v ssa.Value) bool {
	_, ok := v.(*ssa.Const)
	return ok
}

// holdsClient reports whether t, a pointer to a struct, has a field that
// is an HTTP client or transport.
func holdsClient(t types.Type) bool {
	return typeutil.PointerToStructWith(t, func(ft types.Type) bool {
		return httplib.IsClient(ft) || httplib.IsTransport(ft) || typeutil.IsNamed(ft, httplib.NetHTTP, "RoundTripper")
	})
}
