package retrypolicy

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/analyzers/retrypolicy/internal/httpmethod"
	"github.com/httplint/httplint/analyzers/retrypolicy/internal/retryloop"
	"github.com/httplint/httplint/internal/giveup"
	"github.com/httplint/httplint/internal/http/deadline"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/http/reqbody"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// An attempt is one call that a loop may retry: a net/http send, a
// library send, or a retry library call.
type attempt struct {
	call ssa.CallInstruction
	name string // for messages
	// net/http send
	hc    *httplib.Send
	ls    *httplib.Send
	entry *httplib.RetryEntry
	// client is the retry configuration of the client that sends, when
	// it retries by itself (nil otherwise).
	client *httplib.RetryClient
	// request is the *http.Request (or library request) sent, method its
	// method when known.
	request ssa.Value
	method  string
	// methodFrom is the call that passes the method to a parameter of
	// the function that builds the request, if it comes from one.
	methodFrom token.Pos
	// helper reports a call of a function of the package that sends the
	// request it receives (hc then describes that request only).
	helper bool
	// operation reports a call of a function value that sends.
	operation bool
}

// retrying reports whether the attempt retries by itself, and its number
// of attempts (0 when unknown).
func (a *attempt) retrying() (bool, int64) {
	switch {
	case a.client.Retrying():
		return true, a.client.Attempts()
	case a.entry != nil && (a.entry.Forever || a.entry.Attempts != 1):
		if a.entry.Forever {
			return true, 0
		}
		return true, a.entry.Attempts
	}
	return false, 0
}

func (c *checker) function(fn *ssa.Function) {
	var atts []*attempt
	for _, call := range calls(fn) {
		if a := c.classify(call); a != nil {
			atts = append(atts, a)
		}
	}
	c.unboundedBuilds(fn)
	if len(atts) == 0 {
		return
	}
	var forest *retryloop.Forest
	self := retryloop.SelfCalls(fn)
	for _, a := range atts {
		c.libraryRules(fn, a)
		if forest == nil {
			forest = retryloop.Analyze(fn, c.res.Index)
		}
		var r *retryloop.Retry
		if len(forest.Loops) > 0 {
			r = forest.Retry(c.loopAttempt(a))
		}
		if r != nil {
			c.loopRules(fn, a, r)
			continue
		}
		if a.entry == nil {
			if rec := retryloop.FindRecursion(fn, c.loopAttempt(a), self, c.res.Index); rec != nil {
				c.recursionRules(fn, a, rec)
			}
		}
	}
}

// The fixes the messages suggest.
const (
	boundFix   = "cap the attempts or check a context"
	backoffFix = "add a backoff between attempts"
	nestedFix  = "retry in one place"
	reauthFix  = "retry at most once"
)

// recursionRules applies the loop rules to a retry by recursion: the
// function calls itself after a failure of the attempt.
func (c *checker) recursionRules(fn *ssa.Function, a *attempt, rec *retryloop.Recursion) {
	pos, end := lint.CallRange(c.pass, rec.Call.Pos())
	related := []analysis.RelatedInformation{{Pos: a.call.Pos(), Message: "the request retried is sent here"}}
	selfRetrying, _ := a.retrying()
	switch {
	case rec.Reauth && !rec.Bounded:
		c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: UnboundedLoop, Related: related,
			Message: fmt.Sprintf("%s calls itself to re-authenticate and retry %s, unbounded; %s", fn.Name(), a.name, reauthFix)})
	case !rec.Bounded:
		c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: UnboundedLoop, Related: related,
			Message: fmt.Sprintf("%s calls itself to retry %s with no bound; %s", fn.Name(), a.name, boundFix)})
	}
	// A retry with fresh credentials has nothing to wait for; one
	// immediate retry (two attempts by a counter) cannot hammer a server.
	if len(rec.Waits) == 0 && !selfRetrying && !rec.Reauth && (rec.Attempts == 0 || rec.Attempts > 2) {
		c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: NoBackoff, Related: related,
			Message: fmt.Sprintf("%s calls itself to retry %s immediately; %s", fn.Name(), a.name, backoffFix)})
	}
	c.sleepsIgnoringContext(fn, a, rec.Waits, "before this request is retried", "before "+fn.Name()+" retries")
	// Each call runs the whole function: the request it passes on
	// unchanged is the one the attempt sent.
	next := func(b *ssa.BasicBlock) bool { return b == rec.Call.Block() }
	c.reportConsumedBody(fn, fn.Blocks, fn.Blocks[0], next, a, rec.PassesOn, related[1:])
}

// classify recognises the calls the rules are about.
func (c *checker) classify(call ssa.CallInstruction) *attempt {
	if hc, ok := httplib.ClassifyIn(c.res.Index, call); ok {
		a := &attempt{call: call, name: hc.Name, hc: &hc, request: hc.Request}
		if hc.Method != "" {
			a.method = hc.Method
		} else if hc.Request != nil {
			a.method, a.methodFrom, _ = c.methods.Request(hc.Request)
		}
		if hc.Via == httplib.ViaClient && hc.Client != nil {
			a.client = c.libs.RetryingHTTPClient(hc.Client)
		}
		return a
	}
	if ls, ok := httplib.ClassifyLibraryIn(c.res.Index, call); ok {
		a := &attempt{call: call, name: ls.Name, ls: &ls}
		a.client = c.libs.Send(ls)
		switch {
		case ls.Method != "":
			a.method = ls.Method
		case ls.MethodArg != nil:
			if m, from, ok := c.methods.Method(ls.MethodArg); ok && m != "" {
				a.method, a.methodFrom = m, from
			}
		default:
			if req := c.libs.Request(ls); req != nil {
				a.request = req
				a.method, a.methodFrom, _ = c.methods.Request(req)
			}
		}
		if a.request == nil {
			a.request = ls.Request
		}
		return a
	}
	if e, ok := c.libs.Entry(call); ok {
		return &attempt{call: call, name: e.Name, entry: e}
	}
	// A sender behind an interface (an http.RoundTripper, a Doer).
	if hc, ok := httplib.ClassifyInterface(call); ok {
		a := &attempt{call: call, name: hc.Name, hc: &hc, request: hc.Request}
		a.method, a.methodFrom, _ = c.methods.Request(hc.Request)
		return a
	}
	// A helper that sends the request it receives: of this package, or
	// of another by its facts.
	if callee := call.Common().StaticCallee(); callee != nil {
		args := call.Common().Args
		if p := c.senders.Of(callee); p.Index >= 0 && p.Index < len(args) {
			req := args[p.Index]
			hc := httplib.Send{Call: call, Lib: httplib.NetHTTPLib, Name: p.What, Request: req}
			a := &attempt{call: call, name: fmt.Sprintf("%s via %s()", p.What, callee.Name()), hc: &hc, request: req, helper: true}
			a.method, a.methodFrom, _ = c.methods.Request(req)
			return a
		}
	}
	if a := c.sendingHelper(call); a != nil {
		return a
	}
	return c.operation(call)
}

// maxHelperDepth bounds the helpers of the package sendingHelper looks
// through for a send.
const maxHelperDepth = 3

// sendingHelper recognises a call of a function of the package that
// builds and sends a request from its arguments and returns the response
// (resp, err := api.request(ctx, method, uri, body)): an attempt whose
// inputs are the arguments.
func (c *checker) sendingHelper(call ssa.CallInstruction) *attempt {
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Pkg != c.res.Index.Pkg || !carriesResponse(callee.Signature) {
		return nil
	}
	what := c.sendIn(callee, maxHelperDepth)
	if what == "" {
		return nil
	}
	return &attempt{call: call, name: fmt.Sprintf("%s via %s()", what, callee.Name()), operation: true}
}

// sendIn returns the name of a send that fn makes, directly or through
// functions of its package (depth deep), or "".
func (c *checker) sendIn(fn *ssa.Function, depth int) string {
	if w, ok := c.helperSends[fn]; ok {
		return w
	}
	c.helperSends[fn] = "" // cycles send nothing more
	what := ""
	for _, inner := range calls(fn) {
		if hc, ok := httplib.ClassifyIn(c.res.Index, inner); ok {
			what = hc.Name
		} else if ls, ok := httplib.ClassifyLibraryIn(c.res.Index, inner); ok {
			what = ls.Name
		} else if callee := inner.Common().StaticCallee(); callee != nil && callee.Pkg == fn.Pkg && depth > 0 {
			what = c.sendIn(callee, depth-1)
		}
		if what != "" {
			break
		}
	}
	c.helperSends[fn] = what
	return what
}

// operation recognises a call of a function value that performs an
// HTTP request: one whose results carry an *http.Response (directly or
// through an interface method, as OCI's OCIResponse does), or a
// parameter to which every visible caller passes a function that sends.
func (c *checker) operation(call ssa.CallInstruction) *attempt {
	cc := call.Common()
	if cc.IsInvoke() || cc.StaticCallee() != nil {
		return nil
	}
	name := "the operation"
	if n := operandName(cc.Value); n != "" {
		name = n + "()"
	}
	if carriesResponse(cc.Signature()) {
		return &attempt{call: call, name: name + " (returns an *http.Response)", operation: true}
	}
	p, ok := c.res.Index.ResolveFreeVar(cc.Value).(*ssa.Parameter)
	if !ok {
		return nil
	}
	var what string
	c.res.Index.CallerArgs(p, func(arg ssa.Value) {
		for _, o := range c.res.Index.Origins(arg) {
			if what != "" {
				return
			}
			fn := valueflow.FuncOf(o.V)
			if fn == nil {
				continue
			}
			for _, inner := range calls(fn) {
				if hc, ok := httplib.ClassifyIn(c.res.Index, inner); ok {
					what = hc.Name
					break
				}
				if ls, ok := httplib.ClassifyLibraryIn(c.res.Index, inner); ok {
					what = ls.Name
					break
				}
			}
		}
	})
	if what == "" {
		return nil
	}
	return &attempt{call: call, name: fmt.Sprintf("%s via %s", what, name), operation: true}
}

// carriesResponse reports whether a function with signature sig returns
// an *http.Response, or a value whose interface has a method that
// returns one.
func carriesResponse(sig *types.Signature) bool {
	for v := range sig.Results().Variables() {
		t := v.Type()
		if typeutil.IsPointerTo(t, httplib.NetHTTP, "Response") {
			return true
		}
		iface, ok := t.Underlying().(*types.Interface)
		if !ok {
			continue
		}
		for m := range iface.Methods() {
			res := m.Signature().Results()
			if res.Len() == 1 && typeutil.IsPointerTo(res.At(0).Type(), httplib.NetHTTP, "Response") {
				return true
			}
		}
	}
	return false
}

// operandName returns the source name of a function value, or "".
func operandName(v ssa.Value) string {
	switch v.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return v.Name()
	}
	return ""
}

// loopAttempt describes a for the loop analysis.
func (c *checker) loopAttempt(a *attempt) retryloop.Attempt {
	la := retryloop.Attempt{Call: a.call}
	if v, ok := a.call.(*ssa.Call); ok {
		if refs := v.Referrers(); refs != nil {
			for _, r := range *refs {
				ex, ok := r.(*ssa.Extract)
				if !ok {
					continue
				}
				t := ex.Type()
				switch {
				case la.Err == nil && typeutil.IsError(t):
					la.Err = ex
				case la.Resp == nil && ex.Index == 0 && isResponse(t):
					la.Resp = ex
				}
			}
			if typeutil.IsError(v.Type()) {
				la.Err = v
			}
		}
	}
	switch {
	case a.helper || a.operation:
		la.Inputs = a.call.Common().Args
	case a.hc != nil:
		la.Inputs = []ssa.Value{a.hc.Request, a.hc.URL, a.hc.Body, a.hc.Client, a.hc.Transport}
	case a.ls != nil:
		la.Inputs = []ssa.Value{a.ls.Request, a.ls.URL, a.ls.Body, a.ls.Client, a.ls.MethodArg, a.ls.Headers}
	case a.entry != nil:
		la.Inputs = []ssa.Value{a.entry.Op}
	}
	return la
}

func isResponse(t types.Type) bool {
	return httplib.IsResponse(t)
}

// skippedWait returns the Done case that skips the only waits of a
// retry loop: every wait is a select whose context's Done case goes on
// to the next attempt. It returns nil if some wait always waits.
func skippedWait(waits []retryloop.Wait) *ssa.SelectState {
	var skip *ssa.SelectState
	for _, w := range waits {
		if w.Skip == nil {
			return nil
		}
		if skip == nil {
			skip = w.Skip
		}
	}
	return skip
}

// doneContext returns the source text of the context whose Done channel
// select case st receives from, or "".
func (c *checker) doneContext(st *ssa.SelectState) string {
	for _, n := range lint.Enclosing(c.pass.Files, st.Pos) {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Done" {
				return types.ExprString(sel.X)
			}
		}
		if u, ok := n.(*ast.UnaryExpr); ok && u.Op == token.ARROW {
			if call, ok := ast.Unparen(u.X).(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Done" {
					return types.ExprString(sel.X)
				}
			}
		}
	}
	return ""
}

// loopRules applies the rules about hand-written retry loops.
func (c *checker) loopRules(fn *ssa.Function, a *attempt, r *retryloop.Retry) {
	pos, end, isFor := loopRange(fn, r)
	if !isFor {
		pos, end = lint.CallRange(c.pass, a.call.Pos())
	}
	related := []analysis.RelatedInformation{{Pos: a.call.Pos(), Message: "the request retried is sent here"}}
	if bp := backEdgePos(fn, r, a.call.Pos()); bp.IsValid() {
		related = append(related, analysis.RelatedInformation{Pos: bp, Message: "and sent again from here after a failure"})
	}
	selfRetrying, inner := a.retrying()

	if r.Bounds == 0 {
		c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: UnboundedLoop, Related: related,
			Message: fmt.Sprintf("this loop retries %s with no bound; %s", a.name, boundFix)})
	} else if cd := r.CountDown; cd != nil {
		c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: UnboundedLoop,
			Related: append([]analysis.RelatedInformation{{Pos: cd.Test.Pos(), Message: "the only bound"}}, related...),
			Message: fmt.Sprintf("a negative %s never reaches this loop's only bound (== %d): it retries forever; test with <= instead of ==", cd.Init.Name(), cd.K)})
	} else if w := r.Wrap; w != nil {
		name := setting.Name(w.Setting)
		when := "is 0"
		if w.K > 1 {
			when = fmt.Sprintf("is below %d", w.K)
		}
		c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: UnboundedLoop,
			Related: append([]analysis.RelatedInformation{{Pos: w.Sub.Pos(), Message: "the only bound"}}, related...),
			Message: fmt.Sprintf("this loop's only bound, %s-%d, wraps to ~2^64 when the unsigned %s %s; check it first", name, w.K, name, when)})
	}
	if len(r.Waits) == 0 && !selfRetrying && (r.Attempts == 0 || r.Attempts > 2) {
		// Retrying once at once (after a token refresh, a new
		// transport) doubles a request at most: that is no hammering.
		c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: NoBackoff, Related: related,
			Message: fmt.Sprintf("this loop retries %s immediately; %s", a.name, backoffFix)})
	} else if skip := skippedWait(r.Waits); skip != nil && !selfRetrying {
		ctx := c.doneContext(skip)
		if ctx == "" {
			ctx = "its context"
		}
		// Reported at the case to change; the loop's attempts, all
		// skipping this one wait, are one finding there.
		c.rep.Report(analysis.Diagnostic{Pos: skip.Pos, Category: NoBackoff, Related: related,
			Message: fmt.Sprintf("once %s is done, the wait is skipped and the remaining retries run back to back; return in that case", ctx)})
	}
	c.sleepsIgnoringContext(fn, a, r.Waits, "in the retry loop of this request", "in this retry loop")
	if selfRetrying {
		c.nested(a, inner, int64(r.Attempts), "a retry loop")
	}
	if a.entry != nil {
		return
	}
	c.nonIdempotentLoop(fn, a, r, related)
	if a.hc != nil {
		c.consumedBody(fn, a, r, related)
	}
	c.reusedReader(fn, a, r, related[1:])
}

// reusedReader reports an attempt that wraps, in a new request each
// time, a body reader made once before the loop: directly
// (http.NewRequest(m, u, body) in the loop) or through a helper of the
// package whose body parameter becomes the body of the request it
// builds (cloudflare-go's api.request(ctx, m, uri, reqBody, …)). The
// first attempt consumes the reader; every retry sends what is left of
// it, nothing.
func (c *checker) reusedReader(fn *ssa.Function, a *attempt, r *retryloop.Retry, related []analysis.RelatedInformation) {
	var bodies []ssa.Value
	switch {
	case a.hc != nil && a.hc.Request != nil:
		if sameObject(r, a.hc.Request, 0) {
			return // the request itself is re-sent: consumedBody
		}
		for _, cb := range c.bodies.Candidates(a.hc.Request) {
			if cb.Body != nil && cb.Origin != nil && r.Loop.Contains(blockOf(cb.Origin)) {
				bodies = append(bodies, cb.Body)
			}
		}
	case a.hc == nil && a.operation:
		args := a.call.Common().Args
		for _, i := range c.bodyParams(a.call.Common().StaticCallee()) {
			if i < len(args) {
				bodies = append(bodies, args[i])
			}
		}
	}
	for _, body := range bodies {
		if tee, replay := teeReplay(c.res.Index, body, r); tee != nil {
			pos, end := lint.CallRange(c.pass, tee.Pos())
			rel := append([]analysis.RelatedInformation{{Pos: replay.Pos(), Message: "the record is replayed here"}}, related...)
			c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: ConsumedBodyResend, Related: rel,
				Message: "the retries replay what the first attempt read through this io.TeeReader, perhaps part of the body; read it all first"})
			return
		}
		if !isReader(body) || !sameObject(r, body, 0) || c.bodyReset(fn, r.Loop.Blocks(fn), a, []ssa.Value{body}) {
			continue
		}
		kind, _, ok := c.bodies.Kind(body)
		if !ok {
			continue
		}
		rel := related
		if made := readerMade(body); made.IsValid() {
			rel = append([]analysis.RelatedInformation{{Pos: made, Message: "the reader is made once, here"}}, rel...)
		}
		pos, end := lint.CallRange(c.pass, a.call.Pos())
		c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: ConsumedBodyResend, Related: rel,
			Message: fmt.Sprintf("%s re-sends the %s body the first attempt consumed; create it inside the loop", a.name, kind)})
		return
	}
}

// sleepsIgnoringContext reports the uninterruptible waits among waits
// (time.Sleep, a bare timer receive) when a context is in scope; where
// says where they wait ("in this retry loop"), related labels the send.
func (c *checker) sleepsIgnoringContext(fn *ssa.Function, a *attempt, waits []retryloop.Wait, related, where string) {
	ctx := c.contextInScope(fn, a)
	if ctx == "" {
		return
	}
	for _, w := range waits {
		if !w.Uninterruptible() || c.shortWait(w) {
			continue
		}
		wpos, wend := lint.CallRange(c.pass, w.Instr.Pos())
		what, fix := "time.Sleep", fmt.Sprintf("select on %s and a timer", ctxDone(ctx))
		if call, ok := w.Instr.(ssa.CallInstruction); ok && valueflow.StaticCallee(call.Common()) == nil {
			what = "a time.Sleep hook"
		}
		if w.Kind == retryloop.TimerReceive {
			wpos, wend = w.Instr.Pos(), w.Instr.Pos()
			what, fix = "a bare timer receive", fmt.Sprintf("select on it and %s", ctxDone(ctx))
		}
		c.rep.Report(analysis.Diagnostic{Pos: wpos, End: wend, Category: SleepIgnoresContext,
			Related: []analysis.RelatedInformation{{Pos: a.call.Pos(), Message: related}},
			Message: fmt.Sprintf("%s %s ignores %s; %s", what, where, ctx, fix)})
	}
}

// shortWait is the longest uninterruptible wait that is not reported: a
// cancelled caller waits no longer than a second for it to end.
const shortWait = time.Second

// shortWait reports whether w, a time.Sleep (or a sleep hook) or a
// receive from time.After, lasts at most shortWait on every path: its
// duration is a constant, or a φ of constants and parameters that every
// call of the package passes one for (zarf's delay, 100 ms and then the
// one-second interval its only caller passes).
func (c *checker) shortWait(w retryloop.Wait) bool {
	var d ssa.Value
	switch x := w.Instr.(type) {
	case ssa.CallInstruction:
		if args := x.Common().Args; len(args) == 1 {
			d = args[0]
		}
	case *ssa.UnOp:
		if call, ok := valueflow.StripCopies(x.X).(*ssa.Call); ok && typeutil.FuncKey(valueflow.StaticCallee(call.Common())) == "time.After" && len(call.Call.Args) == 1 {
			d = call.Call.Args[0]
		}
	}
	if d == nil {
		return false
	}
	n, ok := setting.MaxConst(c.res.Index, d)
	return ok && n <= int64(shortWait)
}

func ctxDone(ctx string) string {
	if ctx == "the request's context" {
		return "req.Context().Done()"
	}
	return ctx + ".Done()"
}

// contextInScope returns a description of a context the function can
// use to interrupt a wait, or "".
func (c *checker) contextInScope(fn *ssa.Function, a *attempt) string {
	for f := fn; f != nil; f = f.Parent() {
		for _, p := range f.Params {
			if httplib.IsContext(p.Type()) {
				return p.Name()
			}
		}
		for _, fv := range f.FreeVars {
			if httplib.IsContext(fv.Type()) {
				return fv.Name()
			}
		}
	}
	if a.request != nil && httplib.IsRequest(a.request.Type()) {
		if d := c.deadlines.Request(a.request); d.Kind == deadline.Has || d.Kind == deadline.Param {
			return "the request's context"
		}
		// The function reads the request's context itself (to check
		// it between attempts, say): the context matters to it.
		if readsRequestContext(fn) {
			return "the request's context"
		}
	}
	// The function reads a context kept in a field of its receiver or
	// of a parameter (a configured Context of the client it belongs
	// to): that context is the one its callers cancel.
	if name := contextField(fn); name != "" {
		return name
	}
	// A request the function was handed (a handler's inbound request)
	// carries a context: r.Context() is there to honour.
	for f := fn; f != nil; f = f.Parent() {
		for _, p := range f.Params {
			if httplib.IsRequest(p.Type()) && p.Name() != "_" {
				return p.Name() + ".Context()"
			}
		}
		for _, fv := range f.FreeVars {
			if httplib.IsRequest(fv.Type()) {
				return fv.Name() + ".Context()"
			}
		}
	}
	return ""
}

// contextField returns the source form of the first context-typed field
// that fn loads through its parameters or free variables
// (r.config.Context), or "" if it loads none. httpexpect's retry loop
// builds each attempt's context from r.config.Context and sleeps
// between attempts with a hook that does not watch it.
func contextField(fn *ssa.Function) string {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			v, ok := instr.(ssa.Value)
			if !ok {
				continue
			}
			if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
				v = load.X
			}
			if f := valueflow.FieldOf(v); f == nil || !httplib.IsContext(f.Type()) {
				continue
			}
			if path, ok := fieldPath(v); ok {
				return path
			}
		}
	}
	return ""
}

// fieldPath renders a chain of field selections rooted at a parameter
// or free variable as source ("r.config.Context").
func fieldPath(v ssa.Value) (string, bool) {
	switch v := v.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return v.Name(), v.Name() != "_"
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return fieldPath(v.X)
		}
	case *ssa.FieldAddr:
		if base, ok := fieldPath(v.X); ok {
			return base + "." + valueflow.FieldOf(v).Name(), true
		}
	case *ssa.Field:
		if base, ok := fieldPath(v.X); ok {
			return base + "." + valueflow.FieldOf(v).Name(), true
		}
	}
	return "", false
}

// readsRequestContext reports whether fn calls (*http.Request).Context.
func readsRequestContext(fn *ssa.Function) bool {
	for _, call := range calls(fn) {
		if callee := valueflow.StaticCallee(call.Common()); typeutil.IsMethod(callee, httplib.NetHTTP, "Request", "Context") {
			return true
		}
	}
	return false
}

// nested reports a retrying attempt inside another retry.
func (c *checker) nested(a *attempt, inner, outer int64, where string) {
	pos, end := lint.CallRange(c.pass, a.call.Pos())
	msg := fmt.Sprintf("%s retries by itself inside %s; %s", c.retrierName(a), where, nestedFix)
	if inner > 0 && outer > 0 {
		msg = fmt.Sprintf("%s makes %d attempts in %s of %d: up to %d requests; %s", c.retrierName(a), inner, where, outer, inner*outer, nestedFix)
	} else if inner > 0 {
		msg = fmt.Sprintf("%s makes %d attempts inside %s; %s", c.retrierName(a), inner, where, nestedFix)
	}
	c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: NestedRetry, Message: msg})
}

// retrierName names a retrying attempt for messages, with the library
// that retries when its name does not say it: "(*http.Client).Do
// (go-retryablehttp)", "(*retryablehttp.Client).Get".
func (c *checker) retrierName(a *attempt) string {
	switch {
	case a.entry != nil:
		return a.entry.Name
	case a.client != nil && !strings.Contains(a.name, libPackage(a.client.Lib)+"."):
		return fmt.Sprintf("%s (%s)", a.name, a.client.Lib)
	}
	return a.name
}

// libPackage returns the package name of lib's import path, as its
// calls are named: "retryablehttp" for github.com/hashicorp/go-retryablehttp,
// "resty" for github.com/go-resty/resty/v2 and resty.dev/v3.
func libPackage(lib *httplib.Library) string {
	elems := strings.Split(lib.Path, "/")
	name := elems[len(elems)-1]
	if len(elems) > 1 && len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" {
		name = elems[len(elems)-2]
	}
	name, _, _ = strings.Cut(name, ".")
	return strings.TrimPrefix(name, "go-")
}

// nonIdempotentLoop reports a POST or PATCH re-sent by a loop without an
// idempotency key.
func (c *checker) nonIdempotentLoop(fn *ssa.Function, a *attempt, r *retryloop.Retry, related []analysis.RelatedInformation) {
	if a.method == "" && r.OnError {
		c.giveUp(a.call.Pos(), "retry-method-unknown", a.name)
	}
	if !httpmethod.IsNonIdempotent(a.method) || c.hasKey(fn, a) {
		return
	}
	if !r.OnError {
		// Only a response is retried (re-authenticate after a 401, wait
		// out a 429): the server said what it did with the request.
		return
	}
	pos, end := lint.CallRange(c.pass, a.call.Pos())
	c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: NonIdempotentRetry, Related: c.methodRelated(a, related[1:]),
		Message: fmt.Sprintf("this loop re-sends a %s request with no %s header; set one or do not retry it", a.method, c.keyName)})
}

// consumedBody reports the same request re-sent after its body was
// consumed.
func (c *checker) consumedBody(fn *ssa.Function, a *attempt, r *retryloop.Retry, related []analysis.RelatedInformation) {
	same := func(v ssa.Value) bool { return sameObject(r, v, 0) }
	h := r.Loop.Header
	next := func(b *ssa.BasicBlock) bool { return slices.Contains(b.Succs, h) }
	c.reportConsumedBody(fn, r.Loop.Blocks(fn), h, next, a, same, related[1:])
}

// reportConsumedBody reports a send of a request (or body) that is the
// same object on every attempt (same) and whose body nothing in blocks,
// the code each attempt runs, rewinds.
func (c *checker) reportConsumedBody(fn *ssa.Function, blocks []*ssa.BasicBlock, head *ssa.BasicBlock, next func(*ssa.BasicBlock) bool, a *attempt, same func(ssa.Value) bool, related []analysis.RelatedInformation) {
	hc := a.hc
	var candidates []reqbody.Candidate
	switch {
	case hc.Request != nil:
		if !same(hc.Request) {
			return
		}
		candidates = c.bodies.Candidates(hc.Request)
	case hc.Body != nil:
		if !same(hc.Body) {
			return
		}
		candidates = []reqbody.Candidate{{Body: hc.Body}}
	}
	var bodies []ssa.Value
	for _, cb := range candidates {
		if cb.Body != nil {
			bodies = append(bodies, cb.Body)
		}
	}
	if len(candidates) == 0 {
		return
	}
	if points, anywhere := c.resetPoints(fn, blocks, a, bodies); anywhere || resetBeforeEveryRetry(blocks, head, a.call, points, next) {
		return
	}
	body, ok := c.bodies.Describe(candidates)
	if !ok {
		return
	}
	kind, inMemory := body.Kind, body.InMemory
	// The first construction that gives the request a body names it.
	var reqOrigin ssa.Value
	for _, cb := range candidates {
		if _, ok := c.bodies.Describe([]reqbody.Candidate{cb}); ok {
			reqOrigin = cb.Origin
			break
		}
	}
	pos, end := lint.CallRange(c.pass, a.call.Pos())
	rel := related
	if reqOrigin != nil && reqOrigin.Pos().IsValid() {
		rel = append([]analysis.RelatedInformation{{Pos: reqOrigin.Pos(), Message: "the request and its body are built once, here"}}, rel...)
	}
	var msg string
	switch {
	case hc.Request == nil:
		msg = fmt.Sprintf("%s re-sends the %s body the first attempt consumed; create the reader inside the loop", a.name, kind)
	case inMemory:
		msg = fmt.Sprintf("the retry re-sends a request whose %s body was consumed; rebuild it or set req.Body from req.GetBody", kind)
	default:
		msg = fmt.Sprintf("the retry re-sends a request whose %s body was consumed and cannot be rewound; rebuild both in the loop", kind)
	}
	c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: ConsumedBodyResend, Related: rel, Message: msg})
}

// consumedBodyInOp reports a send, in the operation a retry library
// runs again on failure, of a request the operation captures (built once,
// outside it): each attempt re-sends the body the first one consumed
// (okta's backoff.Retry(func() error { resp, err =
// c.Do(req.WithContext(ctx)); … }, b)).
func (c *checker) consumedBodyInOp(op *ssa.Function, e *httplib.RetryEntry, in *attempt) {
	if in.hc == nil || in.helper || e.Attempts == 1 {
		return
	}
	captured := func(v ssa.Value) bool {
		for range 8 {
			v = valueflow.StripCopies(v)
			if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
				v = ld.X // a captured variable lives in a cell
			}
			if _, ok := v.(*ssa.FreeVar); ok {
				return true
			}
			call, ok := v.(*ssa.Call)
			if !ok {
				return false
			}
			from, ok := httplib.DerivedFrom(call)
			if !ok {
				return false
			}
			v = from
		}
		return false
	}
	related := []analysis.RelatedInformation{{Pos: e.Call.Pos(), Message: "retried by " + e.Name + " here"}}
	next := func(b *ssa.BasicBlock) bool { return retryingReturn(b, e) }
	c.reportConsumedBody(op, op.Blocks, nil, next, in, captured, related)
}

// libraryRules applies the rules about retry libraries and retrying
// clients that do not need a hand-written loop.
func (c *checker) libraryRules(fn *ssa.Function, a *attempt) {
	switch {
	case a.entry != nil && !a.entry.Forever && a.entry.Attempts == 0:
		c.giveUp(a.call.Pos(), "retry-entry-unknown", a.name)
	case a.ls != nil && a.ls.Lib.Kind&httplib.Retry != 0 && (a.client == nil || a.client.Retries.Kind == setting.Unknown):
		c.giveUp(a.call.Pos(), "retry-client-unknown", a.name)
	}
	if e := a.entry; e != nil {
		c.libraryUnbounded(e)
		c.nestedInOp(a)
	}
	if a.client != nil && a.client.Retrying() && !a.client.Custom && !a.client.MethodGate &&
		httpmethod.IsNonIdempotent(a.method) && !c.hasKey(fn, a) {
		pos, end := lint.CallRange(c.pass, a.call.Pos())
		var rel []analysis.RelatedInformation
		cfg := a.client.RetryPos
		if !cfg.IsValid() {
			cfg = a.client.Pos
		}
		if cfg.IsValid() && !c.rep.Excluded(cfg) {
			rel = append(rel, analysis.RelatedInformation{Pos: cfg, Message: "retries configured here"})
		}
		rel = c.methodRelated(a, rel)
		c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: LibraryRetriesNonIdempotent, Related: rel,
			Message: fmt.Sprintf("%s sends this %s up to %d times%s with no %s header; set one",
				a.client.Lib, a.method, a.client.Attempts(), methodPolicy(a.client), c.keyName)})
	}
}

// methodRelated adds to related the call that passes the attempt's
// method, when the method comes through a parameter.
func (c *checker) methodRelated(a *attempt, related []analysis.RelatedInformation) []analysis.RelatedInformation {
	if !a.methodFrom.IsValid() || c.rep.Excluded(a.methodFrom) {
		return related
	}
	return append(related, analysis.RelatedInformation{Pos: a.methodFrom, Message: "called with " + a.method + " here"})
}

// giveUp records, for the census of give-ups, that the attempt at pos
// (named what) was left without a verdict for reason.
func (c *checker) giveUp(pos token.Pos, reason, what string) {
	giveup.Note(c.pass.Fset, pos, reason, what)
}

// methodPolicy names, in parentheses, the setting of cl that retries
// non-idempotent methods when it is not the library's default (see
// httplib.RetryClient.MethodSetting), or returns "".
func methodPolicy(cl *httplib.RetryClient) string {
	if cl.MethodSetting == "" {
		return ""
	}
	return " (" + cl.MethodSetting + ")"
}

// libraryUnbounded reports a retry library call configured to retry
// forever.
func (c *checker) libraryUnbounded(e *httplib.RetryEntry) {
	if !e.Forever {
		return
	}
	if e.Ctx != nil && c.deadlines.Context(e.Ctx).Kind == deadline.Has {
		return
	}
	if e.NeedsRetryable {
		if uses, ok := httplib.UsesRetryableError(e.Op); ok && !uses {
			return // nothing is ever retried
		}
	}
	pos, end := lint.CallRange(c.pass, e.Call.Pos())
	var rel []analysis.RelatedInformation
	if e.Pos.IsValid() && !c.rep.Excluded(e.Pos) && e.Pos != e.Call.Pos() {
		rel = append(rel, analysis.RelatedInformation{Pos: e.Call.Pos(), Message: "the retry runs here"})
		pos, end = lint.CallRange(c.pass, e.Pos)
		if pos == end {
			pos, end = lint.StoreRange(c.pass, e.Pos)
		}
	}
	ctxNote := ""
	if e.Ctx != nil {
		ctxNote = ", with no context deadline"
	}
	c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: LibraryUnbounded, Related: rel,
		Message: fmt.Sprintf("%s%s; %s", e.Why, ctxNote, e.Fix)})
}

// nestedInOp reports retrying calls inside the operation of a retry
// library call.
func (c *checker) nestedInOp(a *attempt) {
	e := a.entry
	op := valueflow.FuncOf(e.Op)
	if op == nil || op.Pkg != c.res.Index.Pkg {
		return
	}
	outer := e.Attempts
	where := e.Name
	for _, call := range calls(op) {
		in := c.classify(call)
		if in == nil {
			continue
		}
		c.consumedBodyInOp(op, e, in)
		if ok, n := in.retrying(); ok {
			pos, end := lint.CallRange(c.pass, call.Pos())
			msg := fmt.Sprintf("%s retries by itself inside %s, which retries too; %s", c.retrierName(in), where, nestedFix)
			if n > 0 && outer > 0 {
				msg = fmt.Sprintf("%s makes %d attempts inside %s, which makes %d: up to %d requests; %s", c.retrierName(in), n, where, outer, n*outer, nestedFix)
			}
			c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: NestedRetry, Message: msg,
				Related: []analysis.RelatedInformation{{Pos: e.Call.Pos(), Message: "the outer retry"}}})
		}
	}
}

// retryingReturn reports whether block b of a retry library's operation
// ends by asking e for another attempt: it returns an error that may be
// non-nil and is not marked final (backoff.Permanent, retry.Unrecoverable),
// or, for a library that retries only marked errors, one marked
// retryable (retry.RetryableError).
func retryingReturn(b *ssa.BasicBlock, e *httplib.RetryEntry) bool {
	if len(b.Instrs) == 0 {
		return false
	}
	ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
	if !ok {
		return false
	}
	for _, v := range ret.Results {
		if typeutil.IsError(v.Type()) {
			return mayRetry(v, e, 0)
		}
	}
	return false
}

// mayRetry reports whether the error v, returned by an operation, may
// make e try again.
func mayRetry(v ssa.Value, e *httplib.RetryEntry, depth int) bool {
	v = valueflow.StripCopies(v)
	if k, ok := v.(*ssa.Const); ok && k.IsNil() {
		return false
	}
	if phi, ok := v.(*ssa.Phi); ok && depth < 4 {
		return slices.ContainsFunc(phi.Edges, func(e2 ssa.Value) bool { return mayRetry(e2, e, depth+1) })
	}
	name := ""
	if call, ok := v.(*ssa.Call); ok {
		if fn := valueflow.StaticCallee(call.Common()); fn != nil {
			name = fn.Name()
		}
	}
	if e.NeedsRetryable {
		return name == "RetryableError"
	}
	return name != "Permanent" && name != "Unrecoverable"
}

// teeReplay reports a body that the loop of r replays, on the retries,
// from a record an io.TeeReader made of the first attempt's body
// (grafana-api-golang-client v0.21.0): the record holds what that attempt
// read, all of the body only if it got that far. It returns the
// TeeReader call and the replay, or nils.
func teeReplay(ix *valueflow.Index, body ssa.Value, r *retryloop.Retry) (tee, replay *ssa.Call) {
	for _, o := range ix.Origins(body) {
		v := o.V
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		call, ok := v.(*ssa.Call)
		if !ok || !r.Loop.Contains(call.Block()) {
			continue
		}
		if t := retryloop.TeeRecord(call); t != nil && !r.Loop.Contains(t.Block()) {
			return t, call
		}
	}
	return nil, nil
}
