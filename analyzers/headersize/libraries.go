package headersize

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/analyzers/headersize/internal/length"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/nethttp"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// A libSink describes a function of an HTTP client library that puts one
// of its arguments into a request's URL or headers.
type libSink struct {
	kind sinkKind
	arg  int // the argument (receiver first for methods)
	key  int // the argument holding the parameter or header name, or -1
}

type sinkKind uint8

const (
	sinkURL         sinkKind = iota // a URL string
	sinkQueryValue                  // one query or path parameter value (string)
	sinkQueryMap                    // a map[string]string of parameters
	sinkQueryValues                 // a url.Values
	sinkHeaderValue                 // one header value (string)
	sinkHeaderMap                   // a map[string]string of headers
)

// libSinks maps FuncKey to the sink. go-retryablehttp's Request embeds
// *http.Request, so its Header and URL are net/http's and need no entry.
var libSinks = map[string]libSink{}

func init() {
	r := nethttp.RetryableHTTP
	for name, s := range map[string]libSink{
		".NewRequest":            {sinkURL, 1, -1},
		".NewRequestWithContext": {sinkURL, 2, -1},
		".Get":                   {sinkURL, 0, -1},
		".Head":                  {sinkURL, 0, -1},
		".Post":                  {sinkURL, 0, -1},
		".PostForm":              {sinkURL, 0, -1},
		".Client.Get":            {sinkURL, 1, -1},
		".Client.Head":           {sinkURL, 1, -1},
		".Client.Post":           {sinkURL, 1, -1},
		".Client.PostForm":       {sinkURL, 1, -1},
	} {
		libSinks[r+name] = s
	}
	for _, resty := range []string{nethttp.RestyV2, nethttp.RestyV3} {
		for name, s := range map[string]libSink{
			".Request.Get":                      {sinkURL, 1, -1},
			".Request.Head":                     {sinkURL, 1, -1},
			".Request.Post":                     {sinkURL, 1, -1},
			".Request.Put":                      {sinkURL, 1, -1},
			".Request.Patch":                    {sinkURL, 1, -1},
			".Request.Delete":                   {sinkURL, 1, -1},
			".Request.Options":                  {sinkURL, 1, -1},
			".Request.Trace":                    {sinkURL, 1, -1},
			".Request.Execute":                  {sinkURL, 2, -1},
			".Request.SetURL":                   {sinkURL, 1, -1},
			".Request.SetQueryParam":            {sinkQueryValue, 2, 1},
			".Request.SetQueryParamAny":         {sinkQueryValue, 2, 1},
			".Request.SetQueryString":           {sinkQueryValue, 1, -1},
			".Request.SetPathParam":             {sinkQueryValue, 2, 1},
			".Request.SetPathParamAny":          {sinkQueryValue, 2, 1},
			".Request.SetPathRawParam":          {sinkQueryValue, 2, 1},
			".Request.SetPathRawParamAny":       {sinkQueryValue, 2, 1},
			".Request.SetQueryParams":           {sinkQueryMap, 1, -1},
			".Request.SetPathParams":            {sinkQueryMap, 1, -1},
			".Request.SetPathRawParams":         {sinkQueryMap, 1, -1},
			".Request.SetQueryParamsFromValues": {sinkQueryValues, 1, -1},
			".Request.SetHeader":                {sinkHeaderValue, 2, 1},
			".Request.SetHeaderAny":             {sinkHeaderValue, 2, 1},
			".Request.SetHeaderVerbatim":        {sinkHeaderValue, 2, 1},
			".Request.SetHeaderVerbatimAny":     {sinkHeaderValue, 2, 1},
			".Request.SetHeaders":               {sinkHeaderMap, 1, -1},
			".Client.SetQueryParam":             {sinkQueryValue, 2, 1},
			".Client.SetQueryParams":            {sinkQueryMap, 1, -1},
			".Client.SetPathParam":              {sinkQueryValue, 2, 1},
			".Client.SetPathParams":             {sinkQueryMap, 1, -1},
			".Client.SetHeader":                 {sinkHeaderValue, 2, 1},
			".Client.SetHeaders":                {sinkHeaderMap, 1, -1},
		} {
			libSinks[resty+name] = s
		}
	}
}

// libraryName names a library for messages.
func libraryName(pkg string) string {
	switch pkg {
	case nethttp.RetryableHTTP:
		return "retryablehttp"
	case nethttp.RestyV2:
		return "resty"
	case nethttp.RestyV3:
		return "resty v3"
	}
	return pkg
}

// libraryCall checks a call of a client library function that takes a
// URL, a query or path parameter, or a header.
func (c *checker) libraryCall(call ssa.CallInstruction, key string, s libSink) {
	args := call.Common().Args
	if s.arg >= len(args) {
		return
	}
	v := args[s.arg]
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X // SetQueryParamAny(k, v any)
	}
	var name string
	if s.key >= 0 && s.key < len(args) {
		name = headerName(args[s.key])
	}
	switch s.kind {
	case sinkURL:
		c.checkURL(call.Pos(), c.la.Bytes(v), key)
	case sinkQueryValue:
		// The value is part of the URL: what it adds is a lower bound.
		l := length.Add(c.la.Bytes(v), length.Unknown)
		if l.Grow == nil && s.key >= 0 && name == "" {
			// Parameters named per element: SetQueryParam(k, v) in a
			// loop adds one parameter per iteration.
			if n := c.la.Repeats(call, c.requestOrigin(args[0]), c.la.Describe(call)); n.Grow != nil {
				l = n
			}
		}
		c.checkURL(call.Pos(), l, key)
	case sinkQueryValues:
		c.checkURL(call.Pos(), c.la.Object(v, call), key)
	case sinkQueryMap, sinkHeaderMap:
		pos, end := lint.CallRange(c.pass, call.Pos())
		n := c.la.Count(v, call.Block())
		elem := c.la.Elem(v)
		g := n.Grow
		if g == nil {
			g = elem.Grow
		}
		if g == nil {
			if s.kind == sinkHeaderMap {
				c.checkValue(pos, end, elem, "")
			} else {
				c.checkURL(call.Pos(), elem, key)
			}
			return
		}
		if s.kind == sinkQueryMap {
			c.reportGrowth(pos, end, UnboundedQuery, fmt.Sprintf("request URL grows with the length of %s%s: a long list makes the request line exceed proxy limits (%d bytes) and fail with 414 or 431; %s",
				g.Name, how(g), c.cfg.maxBytes, advice(g)), g)
			return
		}
		c.reportGrowth(pos, end, UnboundedHeader, fmt.Sprintf("request headers grow with the length of %s%s: a long list makes the request headers exceed proxy limits and fail with 431 or 400; %s",
			g.Name, how(g), advice(g)), g)
	case sinkHeaderValue:
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

// restyHeader reports whether h is the Header field of a resty request,
// and returns the request operand.
func restyHeader(h ssa.Value) (ssa.Value, bool) {
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
	if !nethttp.IsPointerTo(fa.X.Type(), nethttp.RestyV2, "Request") && !nethttp.IsPointerTo(fa.X.Type(), nethttp.RestyV3, "Request") {
		return nil, false
	}
	return fa.X, true
}
