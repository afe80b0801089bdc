package poolsize

import (
	"fmt"
	"go/constant"
	"net/http"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/loops"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// poolUse classifies what a call does with a connection pool (a
// transport, a client owning one, or a library client) it receives.
func poolUse(call *ssa.CallCommon, arg int) valueflow.Use {
	if call.IsInvoke() {
		if arg != -1 {
			return valueflow.UseUnknown
		}
		return httplib.InvokeUse(call.Method.Name())
	}
	if fn := valueflow.StaticCallee(call); fn != nil {
		return httplib.PoolUseOf(fn, arg)
	}
	if arg == 0 && httplib.IsDecorator(call.Signature()) {
		// A decorator the caller supplies wraps the sender it is given:
		// the pool sends through what it returns.
		return valueflow.UseDerive
	}
	return valueflow.UseUnknown
}

// checkPerRequest reports a pool created per request (in a handler, a
// loop, or a function that sends through it) that dies at return without
// CloseIdleConnections.
func (c *checker) checkPerRequest(s site) {
	if s.fn == nil || c.rep.Excluded(s.pos()) {
		return
	}
	if t := s.transport; t != nil && (t.Origin == httpconfig.OriginUnknown || keepAlivesOff(t)) {
		return
	}
	lt := c.res.Index.Lifetime(s.value, poolUse)
	if lt.Escapes || lt.Closed || len(lt.Operations) == 0 {
		return
	}
	where, ok := c.perRequestContext(s, lt.Operations)
	if !ok {
		return
	}
	if c.reusedInLoop(s, lt.Operations) {
		// Every request goes through a loop of the function that built
		// the pool (a poller, a worker): the pool serves them all.
		return
	}
	if c.closesEveryConnection(lt.Operations) {
		// Every request asks for its connection to be closed
		// (Connection: close, req.Close): the pool keeps nothing.
		return
	}
	lingers := ""
	if t := s.transport; t != nil && t.Get(httpconfig.IdleConnTimeout).IsZero() {
		lingers = " (no IdleConnTimeout)"
	}
	pos, end := lint.ExprRange(c.pass, s.pos())
	d := analysis.Diagnostic{
		Pos: pos, End: end, Category: TransportPerRequest,
		Message: fmt.Sprintf("%s creates a new pool %s%s; create it once and reuse it", s.desc, where, lingers),
	}
	for _, send := range lt.Operations[:min(len(lt.Operations), 3)] {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: send.Pos(), Message: "request sent through it here"})
	}
	c.rep.Report(d)
}

// perRequestContext says how often the function creating s runs: once
// per request (a handler), once per loop iteration, or on every call of
// a function that sends requests through it. Program entry points (main,
// init) run once and are not reported unless the pool is built in a
// loop.
func (c *checker) perRequestContext(s site, sends []ssa.CallInstruction) (string, bool) {
	instr, ok := s.value.(ssa.Instruction)
	if !ok {
		return "", false
	}
	if l := c.loopsOf(s.fn).Innermost(instr.Block()); l != nil && !carriedOver(l, instr, sends) {
		if c.paced(instr) {
			// Once per minute or rarer: the server has closed the
			// previous iteration's connections by then.
			return "", false
		}
		return "per loop iteration", true
	}
	if httplib.IsHandler(s.fn.Signature) {
		return "per request in this handler", true
	}
	if s.fn.Parent() == nil && (s.fn.Name() == "init" || (s.fn.Name() == "main" && s.fn.Pkg.Pkg.Name() == "main")) {
		return "", false
	}
	if c.runsRarely(s.fn) {
		// Once at start-up or per configuration load: a pool per run
		// of it is no pool per request.
		return "", false
	}
	name := s.fn.Name()
	if p := s.fn.Parent(); p != nil {
		name = "a closure in " + p.Name()
	} else if t := s.transport; t != nil && t.Get(httpconfig.IdleConnTimeout).IsNonZero() && !c.calledPerRequest(s.fn, 0) {
		// Nothing the package shows calls fn per request, and the pool
		// closes its idle connections by itself: what a call costs is a
		// handshake, which matters only at a rate the callers decide.
		return "", false
	}
	return fmt.Sprintf("per call of %s", name), true
}

// carriedOver reports whether the pool that instr builds in loop l
// serves the later iterations rather than its own: every send is in l,
// in fn, and no path from instr reaches one before the loop's header
// (the iteration that builds the pool sends nothing through it), so it
// reaches them through the loop's back edge, as a client replaced after
// a failed attempt does (cosign's HTTP/1.1 fallback in its retry loop).
func carriedOver(l *loops.Loop, instr ssa.Instruction, sends []ssa.CallInstruction) bool {
	if len(sends) == 0 {
		return false
	}
	isSend := make(map[ssa.Instruction]bool, len(sends))
	for _, send := range sends {
		if send.Parent() != instr.Parent() || !l.Contains(send.Block()) {
			return false
		}
		isSend[send] = true
	}
	seen := make(map[*ssa.BasicBlock]bool)
	var reaches func(b *ssa.BasicBlock, from int) bool
	reaches = func(b *ssa.BasicBlock, from int) bool {
		for _, in := range b.Instrs[from:] {
			if isSend[in] {
				return true
			}
		}
		for _, s := range b.Succs {
			if s == l.Header || !l.Contains(s) || seen[s] {
				continue
			}
			seen[s] = true
			if reaches(s, 0) {
				return true
			}
		}
		return false
	}
	b := instr.Block()
	for i, in := range b.Instrs {
		if in == instr {
			return !reaches(b, i+1)
		}
	}
	return false
}

// calledPerRequest reports whether fn may run per request: the package
// does not see all its callers (it is exported from a library, its value
// escapes, or an interface call may reach it), whose default path is a
// call per request; or a caller in the package calls it in a loop that
// does not pause a minute or more, in an HTTP handler, in a closure
// (which runs when it is called, a RoundTripperFunc per request; one
// called where it is made, go func() { ... }(), is judged at that call),
// or is itself called so, up to a few calls up. A command's main and init run
// once, and a call that refills a cache its caller tests first runs once
// per miss (valueflow.Memoized).
func (c *checker) calledPerRequest(fn *ssa.Function, depth int) bool {
	if fn.Parent() == nil && (fn.Name() == "init" || fn.Name() == "main" && fn.Pkg.Pkg.Name() == "main") {
		return false
	}
	sites, all := c.res.Index.Callers(fn)
	if !all {
		return true
	}
	for _, site := range sites {
		if call, ok := site.(*ssa.Call); ok && valueflow.Memoized(call) {
			// A refill of a cache the caller tests first (a token
			// fetched again when it expires): once per miss.
			continue
		}
		at, caller := ssa.Instruction(site), site.Parent()
		for caller.Parent() != nil {
			// A closure runs when it is called: per request for a
			// callback (a RoundTripperFunc), but where it is made
			// for one called there (go func() { report() }()).
			if c.loopsOf(caller).Innermost(at.Block()) != nil && !c.paced(at) {
				return true
			}
			mc := c.res.Index.Closure(caller)
			if mc == nil {
				return true
			}
			direct := c.runSite(mc)
			if direct == nil {
				return true
			}
			at, caller = direct, direct.Parent()
		}
		switch {
		case c.loopsOf(caller).Innermost(at.Block()) != nil && !c.paced(at),
			httplib.IsHandler(caller.Signature):
			return true
		case depth < 3 && caller != fn && c.calledPerRequest(caller, depth+1):
			return true
		}
	}
	return false
}

// runSite returns the call that runs the closure mc where it is made:
// a call of mc itself (go func() { ... }()), or a call of a retry
// library that runs mc as its operation a known number of times
// (client-go's retry.OnError with a constant Steps: at most that many
// runs per call, as a bounded loop would make). It returns nil when mc
// escapes: a callback runs whenever its holder calls it.
func (c *checker) runSite(mc *ssa.MakeClosure) ssa.Instruction {
	if direct := valueflow.DirectCall(mc); direct != nil {
		return direct
	}
	if mc.Referrers() == nil {
		return nil
	}
	var site ssa.Instruction
	for _, r := range *mc.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
			continue
		case ssa.CallInstruction:
			if e, ok := c.retries().Entry(r); ok && site == nil && e.Attempts > 0 && !e.Forever && e.Op != nil && valueflow.StripCopies(e.Op) == ssa.Value(mc) {
				site = r
				continue
			}
		}
		return nil
	}
	return site
}

// retries returns the package's retry-library model, built on first use.
func (c *checker) retries() *httplib.RetryResolver {
	if c.retryLibs == nil {
		c.retryLibs = httplib.NewRetryResolver(c.res.Index)
	}
	return c.retryLibs
}

// reusedInLoop reports whether the function that builds the pool s
// sends every request through it inside a loop that does not build it
// again, and the pool closes idle connections by itself (a non-zero
// IdleConnTimeout): coredns' health check builds its client once per
// overloaded() and sends on every tick of its loop, which reuses the
// connection, and a second call's pool would not outlive its idle
// timeout. Without IdleConnTimeout each call's pool leaks its idle
// connections, loop or not.
func (c *checker) reusedInLoop(s site, sends []ssa.CallInstruction) bool {
	if len(sends) == 0 || s.transport == nil || !s.transport.Get(httpconfig.IdleConnTimeout).IsNonZero() {
		return false
	}
	if httplib.IsHandler(s.fn.Signature) {
		return false
	}
	forest := c.loopsOf(s.fn)
	for _, send := range sends {
		if send.Parent() != s.fn {
			return false
		}
		l := forest.Innermost(send.Block())
		if l == nil {
			return false
		}
		if instr, ok := s.value.(ssa.Instruction); ok && l.Contains(instr.Block()) {
			return false
		}
	}
	return true
}

// lifecyclePrefixes start the names of functions and methods that run at
// start-up or once per configuration load, as module systems, plugin
// registries and servers name them (caddy's Provision and LoadConfig, a
// New constructor, Setup, Init, Start).
var lifecyclePrefixes = []string{
	"New", "new", "Init", "init", "Setup", "setup", "Provision", "provision", "Configure", "configure",
	"Load", "load", "Reload", "reload", "Start", "start", "Register", "register", "Validate", "validate",
	"UnmarshalCaddyfile",
}

// runsRarely reports whether fn runs once at start-up, once per
// configuration load or on a long timer: it is named as such a function
// is, a package-level sync.Once runs it, or every call of it in the
// package runs once (main, init, and the functions only they call,
// outside loops and goroutines) or in a loop paced by a long pause (see
// paced); a closure called where it is made, outside a loop, when the
// function that makes it does.
func (c *checker) runsRarely(fn *ssa.Function) bool {
	if c.res.Index.RunOnce(fn) {
		return true
	}
	if fn.Parent() != nil {
		// A closure runs when it is called (a RoundTripperFunc per
		// request), not when the function that makes it does; one
		// called where it is made, outside a loop (go func() { … }()),
		// runs as often as that function.
		mc := c.res.Index.Closure(fn)
		if mc == nil {
			return false
		}
		direct := c.runSite(mc)
		if direct == nil || c.loopsOf(fn.Parent()).Innermost(direct.Block()) != nil {
			return false
		}
		return c.runsRarely(fn.Parent())
	}
	for _, p := range lifecyclePrefixes {
		if name := fn.Name(); strings.HasPrefix(name, p) && (len(name) == len(p) || !unicode.IsLower(rune(name[len(p)]))) {
			return true
		}
	}
	sites, complete := c.res.Index.Callers(fn)
	if !complete || len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		if !c.runsOnce(site, 0) && !c.paced(site) {
			return false
		}
	}
	return true
}

// closesEveryConnection reports whether every send among sends asks for
// its connection to be closed after the response: its request sets
// Close, or a "Connection: close" header (net/http's Request.wantsClose),
// so that a pool built for them keeps no idle connection.
func (c *checker) closesEveryConnection(sends []ssa.CallInstruction) bool {
	if len(sends) == 0 {
		return false
	}
	for _, call := range sends {
		s, ok := httplib.ClassifyIn(c.res.Index, call)
		if !ok || s.Request == nil || !c.closesConnection(s.Request) {
			return false
		}
	}
	return true
}

// closesConnection reports whether every request req may be sets Close
// to true or sets its Connection header to "close" in the function that
// sends it.
func (c *checker) closesConnection(req ssa.Value) bool {
	origins := c.res.Index.Origins(req)
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		if o.V == nil {
			return false
		}
		closes := false
		stores, _ := c.res.Index.ObjectStores(o.V, nil)
		for _, st := range stores {
			if st.Field != nil && st.Field.Name() == "Close" {
				if k, ok := valueflow.StripCopies(st.Value).(*ssa.Const); ok && k.Value != nil && constant.BoolVal(k.Value) {
					closes = true
				}
			}
		}
		closes = closes || c.setsConnectionClose(o.V)
		if !closes {
			return false
		}
	}
	return true
}

// setsConnectionClose reports whether a Header.Set or Header.Add of
// "Connection: close" is made on the Header field of req.
func (c *checker) setsConnectionClose(req ssa.Value) bool {
	if req.Referrers() == nil {
		return false
	}
	for _, r := range *req.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Referrers() == nil || valueflow.FieldOf(fa) == nil || valueflow.FieldOf(fa).Name() != "Header" {
			continue
		}
		for _, u := range *fa.Referrers() {
			load, ok := u.(*ssa.UnOp)
			if !ok || load.Referrers() == nil {
				continue
			}
			for _, use := range *load.Referrers() {
				call, ok := use.(*ssa.Call)
				if !ok || len(call.Call.Args) != 3 || call.Call.Args[0] != ssa.Value(load) {
					continue
				}
				switch typeutil.FuncKey(valueflow.StaticCallee(&call.Call)) {
				case "net/http.Header.Set", "net/http.Header.Add":
				default:
					continue
				}
				key, ok1 := c.res.Index.ConstString(call.Call.Args[1])
				val, ok2 := c.res.Index.ConstString(call.Call.Args[2])
				if ok1 && ok2 && http.CanonicalHeaderKey(key) == "Connection" && strings.EqualFold(strings.TrimSpace(val), "close") {
					return true
				}
			}
		}
	}
	return false
}
