package headersize

import (
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// clientResolver returns the checker's resolver of client
// configurations, made on first use.
func (c *checker) clientResolver() *httpconfig.Resolver {
	if c.clients == nil {
		c.clients = c.res.ClientResolver()
	}
	return c.clients
}

// cookieWrite checks a call that appends cookies to the Cookie header
// of the request req: req.AddCookie, or a send through a client with a
// cookie jar (jar: where the client gets it), whose Client.send adds the
// jar's cookies to the request it is given. The Cookie line grows by
// those cookies each time, so it grows without bound when the request's
// header map outlives the request (a map kept in a field, which the
// next request gets too: imroc/req's per-attempt requests built on the
// library request's Headers) or when a loop sends the same request
// again (every retry carries the cookies once more).
func (c *checker) cookieWrite(call ssa.CallInstruction, req ssa.Value, jar token.Pos) {
	if c.rep.Excluded(call.Pos()) {
		return
	}
	what, writes := "AddCookie", "appends to"
	if jar.IsValid() {
		what, writes = "the cookie jar", "adds its cookies to"
	}
	pos, end := lint.CallRange(c.pass, call.Pos())
	var related []analysis.RelatedInformation
	if jar.IsValid() && !c.rep.Excluded(jar) {
		related = append(related, analysis.RelatedInformation{Pos: jar, Message: "the client gets its cookie jar here"})
	}
	if shared, at, from, _, ok := c.sharedHeaderAbove(req, 0); ok {
		if d := c.shared[at]; d != nil {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: call.Pos(), Message: what + " " + writes + " the same map here"})
			return
		}
		d := &analysis.Diagnostic{Pos: pos, End: end, Category: UnboundedHeader,
			Message: what + " " + writes + " the Cookie header in " + shared + ", shared by every request; Clone the map"}
		if at.IsValid() && !c.rep.Excluded(at) {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: at, Message: "the shared map becomes the request's headers here"})
		}
		if from.IsValid() && !c.rep.Excluded(from) && c.pass.Fset.Position(from).Line != c.pass.Fset.Position(at).Line {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: from, Message: "the map is taken from " + shared + " here"})
		}
		d.Related = append(d.Related, related...)
		if c.shared == nil {
			c.shared = make(map[token.Pos]*analysis.Diagnostic)
		}
		c.shared[at] = d
		c.sharedOrder = append(c.sharedOrder, at)
		return
	}
	built := c.requestOf(req)
	if send := c.resentAround(call, built); send != nil {
		if send != call {
			related = append(related, analysis.RelatedInformation{Pos: send.Pos(), Message: "the request is sent again here"})
		}
		c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: UnboundedHeader, Related: related,
			Message: what + " " + writes + " a request this loop sends again, once more per attempt; build the request per attempt"})
		return
	}
	if attempt, send := c.resentByCallerOf(call, req); attempt != nil {
		related = append(related,
			analysis.RelatedInformation{Pos: attempt.Pos(), Message: "called once per attempt here"},
			analysis.RelatedInformation{Pos: send.Pos(), Message: "the request is sent again here"})
		c.rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: UnboundedHeader, Related: related,
			Message: what + " " + writes + " a request a loop sends again, once more per attempt; build the request per attempt"})
	}
}

// sharedHeaderAbove is sharedHeaderOf for the request req, which may be
// a parameter: then for the requests the calls in the package pass,
// through at most three calls (colly's backend sends the request its
// crawler built on a kept map).
func (c *checker) sharedHeaderAbove(req ssa.Value, depth int) (name string, at, from token.Pos, lasting, ok bool) {
	p, isParam := valueflow.StripCopies(req).(*ssa.Parameter)
	if !isParam {
		return c.sharedHeaderOf(req)
	}
	i := valueflow.ParamIndex(p)
	if i < 0 || depth >= 3 {
		return "", token.NoPos, token.NoPos, false, false
	}
	sites, _ := c.res.Index.Callers(p.Parent())
	for _, site := range sites {
		j := i
		if site.Common().IsInvoke() {
			j-- // the receiver is not among an interface call's arguments
		}
		if args := site.Common().Args; j >= 0 && j < len(args) {
			if name, at, from, lasting, ok := c.sharedHeaderAbove(args[j], depth+1); ok {
				return name, at, from, lasting, true
			}
		}
	}
	return "", token.NoPos, token.NoPos, false, false
}

// flushShared reports the findings cookieWrite collected, one per
// shared header map, in the order found.
func (c *checker) flushShared() {
	for _, at := range c.sharedOrder {
		c.rep.Report(*c.shared[at])
	}
}
