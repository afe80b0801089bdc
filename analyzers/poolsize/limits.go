package poolsize

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/http/requrl"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// keepAlivesOff reports whether t never keeps idle connections:
// DisableKeepAlives is set, or MaxIdleConnsPerHost is negative. A
// non-constant DisableKeepAlives counts: the program decides.
func keepAlivesOff(t *httpconfig.Transport) bool {
	if t.Get(httpconfig.DisableKeepAlives).IsNonZero() {
		return true
	}
	perHost := t.Get(httpconfig.MaxIdleConnsPerHost)
	return perHost.Kind == setting.Const && perHost.Int < 0
}

// checkLimits applies the rules about one transport's settings:
// idle-per-host-default, idle-timeout-zero and inconsistent-limits.
func (c *checker) checkLimits(s site) {
	t := s.transport
	if t.Origin == httpconfig.OriginUnknown {
		return
	}
	c.checkInconsistent(s)
	if keepAlivesOff(t) {
		return
	}
	c.checkIdlePerHost(s)
	c.checkIdleTimeout(s)
}

func (c *checker) checkIdlePerHost(s site) {
	t := s.transport
	perHost := t.Get(httpconfig.MaxIdleConnsPerHost)
	if perHost.Explicit || !perHost.IsZero() {
		return
	}
	if s.value != nil {
		if lt := c.res.Index.Lifetime(s.value, poolUse); !lt.Kept && !lt.Escapes {
			// A transport that lives for one call and is never handed
			// on (nor to a goroutine) carries that call's requests one
			// at a time: the per-host idle limit never binds.
			return
		}
	}
	if c.refillsCacheOnly(t) {
		// Requests that only fill a cache on a miss (a schema, a key
		// set fetched once per id) come one miss at a time: no
		// sustained concurrency to the host for the limit to throttle.
		return
	}
	raised := func(f httpconfig.Field) (setting.Value, bool) {
		v := t.Get(f)
		return v, v.Explicit && v.Pos().IsValid() && (v.Kind == setting.Dynamic || (v.Kind == setting.Const && v.Int > defaultMaxIdleConnsPerHost))
	}
	for _, f := range []httpconfig.Field{httpconfig.MaxIdleConns, httpconfig.MaxConnsPerHost} {
		v, ok := raised(f)
		if !ok {
			continue
		}
		if f == httpconfig.MaxIdleConns && defaultPool(t) {
			// A literal copy of http.DefaultTransport's pool settings:
			// Go's own default, chosen on purpose (prometheus, OTel).
			continue
		}
		with := fmt.Sprintf("%s=%s", f, v.Describe(false))
		if v.Kind == setting.Dynamic {
			with = fmt.Sprintf("%s set", f)
		}
		msg := fmt.Sprintf("MaxIdleConnsPerHost is 2 (the default) with %s; set MaxIdleConnsPerHost near the expected concurrency", with)
		pos, end := lint.StoreRange(c.pass, v.Pos())
		d := analysis.Diagnostic{Pos: pos, End: end, Category: IdlePerHostDefault, Message: msg}
		// The fix copies the setting's value, capped by MaxConnsPerHost:
		// more idle connections per host than connections per host is
		// itself an inconsistent-limits finding.
		valuePos := v.Pos()
		if mc, ok := raised(httpconfig.MaxConnsPerHost); ok && f == httpconfig.MaxIdleConns &&
			(mc.Kind == setting.Dynamic || v.Kind == setting.Dynamic || mc.Int < v.Int) {
			valuePos = mc.Pos()
		}
		if fix, ok := c.perHostFix(v.Pos(), f, valuePos); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		c.rep.Report(d)
		return
	}
}

// settingExpr returns the source of the value of the setting at pos (a
// composite-literal key or an assignment), when it is a constant or a
// variable.
func (c *checker) settingExpr(pos token.Pos) (string, bool) {
	for _, n := range c.enclosing(pos) {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			if !simpleExpr(n.Value) {
				return "", false
			}
			return c.render(n.Value), true
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 || !simpleExpr(n.Rhs[0]) {
				return "", false
			}
			return c.render(n.Rhs[0]), true
		case *ast.FuncDecl, *ast.FuncLit:
			return "", false
		}
	}
	return "", false
}

// defaultPool reports whether t's pool settings are those of
// http.DefaultTransport: MaxIdleConns 100, IdleConnTimeout 90s, no
// MaxConnsPerHost.
func defaultPool(t *httpconfig.Transport) bool {
	is := func(f httpconfig.Field, n int64) bool {
		v := t.Get(f)
		return v.Kind == setting.Const && v.Int == n
	}
	return is(httpconfig.MaxIdleConns, 100) && is(httpconfig.IdleConnTimeout, int64(90*time.Second)) &&
		is(httpconfig.MaxConnsPerHost, 0)
}

// perHostFix returns an edit, next to the setting of field from at pos,
// that sets MaxIdleConnsPerHost to the expression of the setting at
// valuePos (the same one, or MaxConnsPerHost's to cap it), when that
// expression is a constant or a variable (copying it preserves
// behaviour).
func (c *checker) perHostFix(pos token.Pos, from httpconfig.Field, valuePos token.Pos) (analysis.SuggestedFix, bool) {
	value, ok := c.settingExpr(valuePos)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	path := c.enclosing(pos)
	for i, n := range path {
		switch n := n.(type) {
		case *ast.KeyValueExpr:
			edit := analysis.TextEdit{Pos: n.End(), End: n.End(), NewText: []byte(", MaxIdleConnsPerHost: " + value)}
			if i+1 < len(path) {
				if lit, ok := path[i+1].(*ast.CompositeLit); ok && c.line(lit.Rbrace) != c.line(n.End()) {
					// One field per line: add a line after this one.
					end := c.lineEnd(n.End())
					edit = analysis.TextEdit{Pos: end, End: end,
						NewText: []byte(fmt.Sprintf("\n%sMaxIdleConnsPerHost: %s,", c.indentOf(n.Pos()), value))}
				}
			}
			return analysis.SuggestedFix{
				Message:   "Set MaxIdleConnsPerHost to " + value,
				TextEdits: []analysis.TextEdit{edit},
			}, true
		case *ast.AssignStmt:
			if len(n.Lhs) != 1 || len(n.Rhs) != 1 {
				return analysis.SuggestedFix{}, false
			}
			sel, ok := n.Lhs[0].(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != from.String() || !simpleExpr(sel.X) {
				return analysis.SuggestedFix{}, false
			}
			indent := c.indentOf(n.Pos())
			text := fmt.Sprintf("\n%s%s.MaxIdleConnsPerHost = %s", indent, c.render(sel.X), value)
			end := c.lineEnd(n.End())
			return analysis.SuggestedFix{
				Message:   fmt.Sprintf("Set MaxIdleConnsPerHost to %s", value),
				TextEdits: []analysis.TextEdit{{Pos: end, End: end, NewText: []byte(text)}},
			}, true
		case *ast.FuncDecl, *ast.FuncLit:
			return analysis.SuggestedFix{}, false
		}
	}
	return analysis.SuggestedFix{}, false
}

// simpleExpr reports whether e can be evaluated twice with the same
// result and no side effects: a literal, an identifier or a selector
// chain, possibly a constant expression of those.
func simpleExpr(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit, *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return simpleExpr(e.X)
	case *ast.ParenExpr:
		return simpleExpr(e.X)
	case *ast.BinaryExpr:
		return simpleExpr(e.X) && simpleExpr(e.Y)
	}
	return false
}

func (c *checker) render(e ast.Expr) string {
	var buf bytes.Buffer
	format.Node(&buf, c.pass.Fset, e)
	return buf.String()
}

func (c *checker) enclosing(pos token.Pos) []ast.Node {
	return lint.Enclosing(c.pass.Files, pos)
}

func (c *checker) line(pos token.Pos) int { return c.pass.Fset.Position(pos).Line }

// lineEnd returns the position of the newline that ends the line of pos
// (after any trailing comment).
func (c *checker) lineEnd(pos token.Pos) token.Pos {
	tf := c.pass.Fset.File(pos)
	line := tf.Line(pos)
	if line < tf.LineCount() {
		return tf.LineStart(line+1) - 1
	}
	return token.Pos(tf.Base() + tf.Size())
}

// indentOf returns the white space that starts the line of pos.
func (c *checker) indentOf(pos token.Pos) string {
	tf := c.pass.Fset.File(pos)
	if tf == nil {
		return ""
	}
	src, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return "\t"
	}
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	end := start
	for end < len(src) && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

// checkIdleTimeout reports a long-lived transport whose idle connections
// are never closed by the client where they can pile up: a per-host idle
// pool raised above the default, which a burst fills and nothing drains,
// or no limit on idle connections at all (MaxIdleConns 0) while the
// requests go to hosts that each call chooses, each keeping idle
// connections of its own. Go's transport notices a server that closes an
// idle connection and retries an idempotent request on a reused one, so
// a zero IdleConnTimeout alone, a few fixed hosts and the default pool of
// two per host, is no failure.
func (c *checker) checkIdleTimeout(s site) {
	t := s.transport
	v := t.Get(httpconfig.IdleConnTimeout)
	if !v.IsZero() {
		return
	}
	if s.value != nil && !c.res.Index.Lifetime(s.value, poolUse).Kept {
		// A transport not known to outlive the call that builds it:
		// either transport-per-request reports it, or it serves one
		// short run (main, an example).
		return
	}
	if c.oneShotCommand() {
		// A command that sends a few requests and exits: its idle
		// connections die with it.
		return
	}
	if t.Get(httpconfig.LocalDial).IsNonZero() {
		// It dials only the local host: one host, and no proxy or load
		// balancer in between.
		return
	}
	if c.droppedByCallers(s) {
		// Returned by a factory whose every caller drops it: a pool per
		// call, which transport-per-request reports where it is made,
		// not a long-lived one.
		return
	}
	at := token.NoPos
	switch {
	case v.Explicit && v.Pos().IsValid():
		at = v.Pos()
	case !v.Explicit && t.Origin == httpconfig.OriginZero && s.value != nil && !s.tuned:
		at = s.value.Pos()
	default:
		return
	}
	const burst = "a burst's idle connections stay open until the server closes them"
	var d analysis.Diagnostic
	if perHost := t.Get(httpconfig.MaxIdleConnsPerHost); perHost.Explicit &&
		perHost.Kind == setting.Const && perHost.Int > defaultMaxIdleConnsPerHost {
		// A constant: the code sizes the pool for bursts to a host. A
		// value from elsewhere (a library's default, a flag) says less.
		n := perHost.Describe(false)
		if f := v.ZeroField(); f != "" {
			d.Message = fmt.Sprintf("IdleConnTimeout is 0, copied from %s (never set): %s", f, burst)
		} else {
			d.Message = fmt.Sprintf("IdleConnTimeout is 0 and MaxIdleConnsPerHost %s: %s; set IdleConnTimeout", n, burst)
		}
		if p := perHost.Pos(); p.IsValid() && p != at {
			d.Related = []analysis.RelatedInformation{{Pos: p, Message: "MaxIdleConnsPerHost raised here"}}
		}
	} else if t.Get(httpconfig.MaxIdleConns).IsZero() {
		send, from, ok := c.hostPerCall(t)
		if !ok {
			return
		}
		d.Message = "IdleConnTimeout and MaxIdleConns are 0 and each call picks the host: idle connections to every host stay open; set IdleConnTimeout"
		d.Related = []analysis.RelatedInformation{{Pos: send, Message: "request to a host " + from + " sent here"}}
	} else {
		return
	}
	if v.Explicit {
		d.Pos, d.End = lint.StoreRange(c.pass, at)
	} else {
		d.Pos, d.End = lint.ExprRange(c.pass, at)
	}
	d.Category = IdleTimeoutZero
	c.rep.Report(d)
}

// hostPerCall reports whether a request sent through transport t goes to
// a host that each call chooses (see requrl and hostFrom), and returns
// that send and where the host comes from.
func (c *checker) hostPerCall(t *httpconfig.Transport) (token.Pos, string, bool) {
	if !t.Pos().IsValid() {
		return token.NoPos, "", false
	}
	for _, s := range c.sendsThrough(t.Pos()) {
		hosts, ok := requrl.Hosts(c.res.Index, s)
		if !ok {
			continue
		}
		for _, h := range hosts {
			if from, ok := c.hostFrom(h.Value, 0); ok {
				return s.Call.Pos(), from, true
			}
		}
	}
	return token.NoPos, "", false
}

// hostFrom reports whether v, the value a request's host is taken from
// in fn, is chosen per call: a parameter of an exported function (the
// host is its caller's, on each call), or of a function of the package
// whose callers pass such a value; an element of a list or map that is
// itself chosen per call. A field (a configured base URL, a configured
// list of servers), a package variable, or anything that cannot be
// followed is not. It returns a description of the source.
func (c *checker) hostFrom(v ssa.Value, depth int) (string, bool) {
	if v == nil || depth > 3 {
		return "", false
	}
	switch x := valueflow.StripCopies(v).(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			if from, ok := c.hostFrom(e, depth+1); ok {
				return from, true
			}
		}
	case *ssa.Parameter:
		pf := x.Parent()
		i := valueflow.ParamIndex(x)
		if i < 0 || (pf.Signature.Recv() != nil && i == 0) {
			return "", false // the receiver: its own configuration
		}
		if pf.Parent() == nil && pf.Object() != nil && pf.Object().Exported() && (pf.Signature.Recv() == nil || exportedRecv(pf)) {
			return "from parameter " + x.Name() + " of " + pf.Name(), true
		}
		sites, complete := c.res.Index.Callers(pf)
		if !complete {
			return "", false
		}
		for _, site := range sites {
			if args := site.Common().Args; !site.Common().IsInvoke() && i < len(args) {
				if from, ok := c.hostFrom(args[i], depth+1); ok {
					return from, true
				}
			}
		}
	case *ssa.UnOp:
		// An element of a list is chosen per call when the list is (a
		// list of configured servers is the configuration's).
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
			if _, isSlice := ia.X.Type().Underlying().(*types.Slice); isSlice {
				if from, ok := c.hostFrom(ia.X, depth+1); ok {
					return "from an element of a list " + from, true
				}
			}
		}
	case *ssa.Extract:
		if next, ok := x.Tuple.(*ssa.Next); ok {
			if rng, ok := next.Iter.(*ssa.Range); ok {
				if from, ok := c.hostFrom(rng.X, depth+1); ok {
					return "from an element of a map " + from, true
				}
			}
		}
	}
	return "", false
}

// exportedRecv reports whether fn is a method of an exported type.
func exportedRecv(fn *ssa.Function) bool {
	t := fn.Signature.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Exported()
}

// refillsCacheOnly reports whether the package sends through t, and
// every such send runs only on a miss of a cache its function keeps
// (valueflow.OnCacheMiss), or its function is called, by every caller
// of the package, to refill one.
func (c *checker) refillsCacheOnly(t *httpconfig.Transport) bool {
	sends := c.sendsThrough(t.Pos())
	if len(sends) == 0 {
		return false
	}
	for _, s := range sends {
		if valueflow.OnCacheMiss(s.Call) {
			continue
		}
		sites, all := c.res.Index.Callers(s.Call.Parent())
		if !all || len(sites) == 0 {
			return false
		}
		for _, site := range sites {
			call, ok := site.(*ssa.Call)
			if !ok || !valueflow.Memoized(call) && !valueflow.OnCacheMiss(call) {
				return false
			}
		}
	}
	return true
}

// sendsThrough returns the requests of the package sent through the
// transport built at pos: through a client whose transport it is, or by
// its RoundTrip.
func (c *checker) sendsThrough(pos token.Pos) []httplib.Send {
	if c.byTransport == nil {
		c.byTransport = make(map[token.Pos][]httplib.Send)
		for _, fn := range c.res.Funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(ssa.CallInstruction)
					if !ok {
						continue
					}
					s, ok := httplib.ClassifyIn(c.res.Index, call)
					if !ok {
						continue
					}
					var t *httpconfig.Transport
					switch s.Via {
					case httplib.ViaClient:
						t = c.clients.Client(s.Client).Transport
					case httplib.ViaRoundTrip:
						t = c.clients.Transport(s.Transport)
					default:
						continue
					}
					if p := t.Pos(); p.IsValid() {
						c.byTransport[p] = append(c.byTransport[p], s)
					}
				}
			}
		}
	}
	return c.byTransport[pos]
}

func (c *checker) checkInconsistent(s site) {
	t := s.transport
	perHost := t.Get(httpconfig.MaxIdleConnsPerHost)
	idle := t.Get(httpconfig.MaxIdleConns)
	conns := t.Get(httpconfig.MaxConnsPerHost)
	if perHost.Kind != setting.Const || !perHost.Explicit || !perHost.Pos().IsValid() {
		return
	}
	var msg string
	switch {
	case idle.Kind == setting.Const && idle.Int > 0 && perHost.Int > idle.Int:
		msg = fmt.Sprintf("MaxIdleConnsPerHost is %d but MaxIdleConns is %d%s, so at most %d are idle in all; raise MaxIdleConns",
			perHost.Int, idle.Int, defaultNote(idle), idle.Int)
	case conns.Kind == setting.Const && conns.Int > 0 && conns.Int < perHost.Int:
		msg = fmt.Sprintf("MaxIdleConnsPerHost is %d but MaxConnsPerHost is %d, so at most %d can be idle; lower MaxIdleConnsPerHost to %d",
			perHost.Int, conns.Int, conns.Int, conns.Int)
	case perHost.Int < 0 && ((idle.Explicit && idle.IsNonZero()) || t.Get(httpconfig.IdleConnTimeout).Explicit):
		msg = fmt.Sprintf("MaxIdleConnsPerHost is %d, which disables idle connections, so the other idle settings do nothing; remove them", perHost.Int)
	default:
		return
	}
	pos, end := lint.StoreRange(c.pass, perHost.Pos())
	c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: InconsistentLimits, Message: msg})
}

func defaultNote(v setting.Value) string {
	if !v.Explicit {
		return " (the default)"
	}
	return ""
}

// oneShotCommand reports whether the package is a command that sends
// each of its requests once and exits: package main, serving nothing
// (no http.ListenAndServe, Serve or Server), with no send in a loop or a
// goroutine. Its pools live only as long as a short run.
func (c *checker) oneShotCommand() bool {
	if c.oneShot != nil {
		return *c.oneShot
	}
	v := c.pass.Pkg.Name() == "main"
	for _, fn := range c.res.Funcs {
		if !v {
			break
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				if f := valueflow.StaticCallee(call.Common()); f != nil && f.Pkg() != nil && f.Pkg().Path() == httplib.NetHTTP &&
					(strings.HasPrefix(f.Name(), "ListenAndServe") || strings.HasPrefix(f.Name(), "Serve")) {
					v = false
				}
				if _, ok := httplib.ClassifyIn(c.res.Index, call); !ok {
					continue
				}
				if !c.runsOnce(call, 0) {
					v = false
				}
			}
		}
	}
	c.oneShot = &v
	return v
}

// runsOnce reports whether call runs at most once per run of the
// program: it is not in a loop or a goroutine, and neither is any call
// of its function (followed up to main, init, a function a package-level
// sync.Once runs, or a few levels; a closure from where it is run, see
// runSite).
func (c *checker) runsOnce(call ssa.CallInstruction, depth int) bool {
	if _, isGo := call.(*ssa.Go); isGo {
		return false
	}
	fn := call.Parent()
	if c.loopsOf(fn).Innermost(call.Block()) != nil {
		return false
	}
	if fn.Parent() == nil && (fn.Name() == "main" || fn.Name() == "init") || c.res.Index.RunOnce(fn) {
		return true
	}
	if depth >= 4 {
		return false
	}
	var sites []ssa.CallInstruction
	if mc := c.res.Index.Closure(fn); mc != nil {
		direct, ok := c.runSite(mc).(ssa.CallInstruction)
		if !ok {
			return false
		}
		sites = []ssa.CallInstruction{direct}
	} else {
		var complete bool
		sites, complete = c.res.Index.Callers(fn)
		if !complete {
			return false
		}
	}
	for _, s := range sites {
		if !c.runsOnce(s, depth+1) {
			return false
		}
	}
	return true
}

// droppedByCallers reports whether the pool s builds is returned by its
// function, a pool factory, and every call of that function in the
// package drops the pool it gets (none stores or returns it).
func (c *checker) droppedByCallers(s site) bool {
	if s.fn == nil || s.fn.Parent() != nil || s.transport == nil || !s.transport.Pos().IsValid() {
		return false
	}
	results := s.fn.Signature.Results()
	for i := 0; i < results.Len(); i++ {
		t := c.clients.Factory(s.fn, i)
		if t == nil || t.Pos() != s.transport.Pos() {
			continue
		}
		sites, complete := c.res.Index.Callers(s.fn)
		if !complete || len(sites) == 0 {
			return false
		}
		for _, site := range sites {
			call, ok := site.(*ssa.Call)
			if !ok {
				return false
			}
			v := resultValue(call, i, results.Len())
			if v == nil {
				continue // the pool is not even used
			}
			if lt := c.res.Index.Lifetime(v, poolUse); lt.Kept || lt.Escapes {
				return false
			}
		}
		return true
	}
	return false
}
