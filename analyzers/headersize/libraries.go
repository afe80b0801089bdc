package headersize

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/analyzers/headersize/internal/length"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// libraryCall checks a call of a client library function that takes a
// URL, a query or path parameter, or a header.
func (c *checker) libraryCall(call ssa.CallInstruction, s httplib.Sink) {
	args := call.Common().Args
	if s.Arg >= len(args) {
		return
	}
	v := args[s.Arg]
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X // SetQueryParamAny(k, v any)
	}
	var name string
	if s.Key >= 0 && s.Key < len(args) {
		name = headerName(args[s.Key])
	}
	switch s.Kind {
	case httplib.SinkURL:
		c.checkURL(call.Pos(), c.la.Bytes(v), false)
	case httplib.SinkQueryValue:
		// The value is part of the URL: what it adds is a lower bound.
		l := length.Add(c.la.Bytes(v), length.Unknown)
		if l.Grow == nil && s.Key >= 0 && name == "" {
			// Parameters named per element: SetQueryParam(k, v) in a
			// loop adds one parameter per iteration.
			if n := c.la.Repeats(call, c.requestOrigin(args[0])); n.Grow != nil {
				l = n
			}
		}
		c.checkURL(call.Pos(), l, false)
	case httplib.SinkQueryValues:
		c.checkURL(call.Pos(), c.la.Object(v, call), false)
	case httplib.SinkQueryMap, httplib.SinkHeaderMap:
		pos, end := lint.CallRange(c.pass, call.Pos())
		n := c.la.Count(v, call.Block())
		elem := c.la.Elem(v)
		g := n.Grow
		if g == nil {
			g = elem.Grow
		}
		if g == nil {
			if s.Kind == httplib.SinkHeaderMap {
				c.checkValue(pos, end, elem, "")
			} else {
				c.checkURL(call.Pos(), elem, false)
			}
			return
		}
		if s.Kind == httplib.SinkQueryMap {
			c.reportGrowth(pos, end, UnboundedQuery, c.growthMessage("request URL grows", g), g)
			return
		}
		c.reportGrowth(pos, end, UnboundedHeader, c.growthMessage("request headers grow", g), g)
	case httplib.SinkHeaderValue:
		pos, end := lint.CallRange(c.pass, call.Pos())
		c.checkValue(pos, end, c.la.Bytes(v), name)
	}
}

// requestOrigin returns where the library request or client r was made.
func (c *checker) requestOrigin(r ssa.Value) ssa.Value {
	for _, o := range c.res.Index.Origins(r) {
		if o.V != nil {
			return o.V
		}
	}
	return r
}

// libraryRequestHeader reports whether h is the Header field of a
// library's request (resty's req.Header), and returns the request
// operand.
func libraryRequestHeader(h ssa.Value) (ssa.Value, bool) {
	u, ok := h.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil, false
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok {
		return nil, false
	}
	if f := valueflow.FieldOf(fa); f == nil || f.Name() != "Header" {
		return nil, false
	}
	if !httplib.IsHeaderRequest(fa.X.Type()) {
		return nil, false
	}
	return fa.X, true
}
