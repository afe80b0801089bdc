package poolsize

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/lint"
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
	where, ok := c.perRequestContext(s)
	if !ok {
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
func (c *checker) perRequestContext(s site) (string, bool) {
	instr, ok := s.value.(ssa.Instruction)
	if !ok {
		return "", false
	}
	if c.loopsOf(s.fn).Innermost(instr.Block()) != nil {
		return "per loop iteration", true
	}
	if isHandler(s.fn) {
		return "per request in this handler", true
	}
	if s.fn.Parent() == nil && (s.fn.Name() == "init" || (s.fn.Name() == "main" && s.fn.Pkg.Pkg.Name() == "main")) {
		return "", false
	}
	name := s.fn.Name()
	if p := s.fn.Parent(); p != nil {
		name = "a closure in " + p.Name()
	}
	return fmt.Sprintf("per call of %s", name), true
}

// isHandler reports whether fn has the signature of an http.HandlerFunc
// (a ServeHTTP method included).
func isHandler(fn *ssa.Function) bool {
	params := fn.Signature.Params()
	return params.Len() == 2 &&
		typeutil.IsNamedValue(params.At(0).Type(), httplib.NetHTTP, "ResponseWriter") &&
		typeutil.IsPointerTo(params.At(1).Type(), httplib.NetHTTP, "Request")
}
