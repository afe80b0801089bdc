// Package requrl finds where the host of a request's URL comes from: the
// value that holds its scheme and host (a base URL in a field, a
// parameter, an element of a list, a constant), seen through the string
// building, parsing and request building that turn it into the request
// sent.
//
// Rules ask it which host a send reaches: whether the requests of a
// fan-out all go to one host (poolsize/fanout-exceeds-pool), or whether
// a transport sends to hosts taken from data (poolsize/idle-timeout-zero).
package requrl

import (
	"go/constant"
	"go/token"
	"go/types"
	"net"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/giveup"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// A Source is where the host of a request's URL comes from: a constant
// (Const, the scheme and host), or the value Value, which holds the
// scheme and host, or the host alone (a string, a *url.URL, a url.URL
// field).
type Source struct {
	Value ssa.Value
	Const string
}

// maxDepth bounds how far Hosts follows request-building helpers of the
// package.
const maxDepth = 4

// Hosts returns the sources of the host of the URL that s sends a
// request to, and false when one cannot be told (a request from a
// parameter, a URL relative to nothing seen, an unclassified call).
func Hosts(ix *valueflow.Index, s httplib.Send) ([]Source, bool) {
	f := &finder{ix: ix, busy: make(map[ssa.Value]bool)}
	switch {
	case s.URL != nil:
		f.url(s.URL, 0)
	case s.Request != nil:
		f.request(s.Request, 0)
	default:
		return nil, false
	}
	if f.unknown || len(f.out) == 0 {
		if giveup.On() && s.Call != nil {
			giveup.Note(ix.Pkg.Prog.Fset, s.Call.Pos(), "host-unknown", s.Name)
		}
		return nil, false
	}
	return f.out, true
}

// HostsOf returns the sources of the host of u, a URL (a string or a
// *url.URL), as Hosts does for the URL of a send.
func HostsOf(ix *valueflow.Index, u ssa.Value) ([]Source, bool) {
	f := &finder{ix: ix, busy: make(map[ssa.Value]bool)}
	f.url(u, 0)
	if f.unknown || len(f.out) == 0 {
		return nil, false
	}
	return f.out, true
}

type finder struct {
	ix      *valueflow.Index
	out     []Source
	unknown bool
	busy    map[ssa.Value]bool
}

func (f *finder) add(s Source) {
	for _, o := range f.out {
		if o == s {
			return
		}
	}
	f.out = append(f.out, s)
}

// request follows a *http.Request to the URLs it is built from.
func (f *finder) request(v ssa.Value, depth int) {
	if depth > maxDepth || f.busy[v] {
		f.unknown = true
		return
	}
	f.busy[v] = true
	defer delete(f.busy, v)
	for _, o := range f.ix.Origins(v) {
		if o.V == nil || o.Injected {
			f.unknown = true
			return
		}
		// A URL stored into the request (a literal's URL field, or
		// req.URL = u later) is the one sent.
		stores, _ := f.ix.ObjectStores(o.V, nil)
		stored := false
		for _, st := range stores {
			if st.Field != nil && st.Field.Name() == "URL" && typeutil.IsPointerTo(st.Field.Type(), "net/url", "URL") {
				f.url(st.Value, depth+1)
				stored = true
			}
		}
		if stored {
			continue
		}
		call, idx := valueflow.CallOf(o.V)
		if call == nil || idx != 0 {
			f.unknown = true
			return
		}
		c := call.Common()
		fn := valueflow.StaticCallee(c)
		if fn == nil {
			f.unknown = true
			return
		}
		if b, ok := httplib.RequestBuilderOf(fn); ok && b.URL >= 0 && b.URL < len(c.Args) {
			f.url(c.Args[b.URL], depth+1)
			continue
		}
		if d, ok := httplib.RequestDerivationOf(fn); ok && d.From < len(c.Args) {
			f.request(c.Args[d.From], depth+1)
			continue
		}
		callee := f.ix.Func(fn)
		if callee == nil {
			f.unknown = true
			return
		}
		for _, ret := range valueflow.Returns(callee, 0) {
			if k, ok := ret.(*ssa.Const); ok && k.IsNil() {
				continue // an error path
			}
			f.request(ret, depth+1)
		}
	}
}

// url follows a URL, a string or a *url.URL, to the source of its host.
func (f *finder) url(v ssa.Value, depth int) {
	v = valueflow.StripCopies(v)
	if depth > 2*maxDepth || f.busy[v] {
		f.unknown = true
		return
	}
	f.busy[v] = true
	defer delete(f.busy, v)
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value == nil || x.Value.Kind() != constant.String {
			f.unknown = true
			return
		}
		if host, ok := constHost(constant.StringVal(x.Value) + "/"); ok {
			f.add(Source{Const: host}) // the whole URL: the host ends with it
			return
		}
		f.unknown = true // a relative URL, or a scheme without a host
		return
	case *ssa.Phi:
		for _, e := range x.Edges {
			f.url(e, depth+1)
		}
		return
	case *ssa.BinOp:
		if x.Op == token.ADD {
			f.concat(concatParts(x), depth)
			return
		}
	case *ssa.Call, *ssa.Extract:
		if f.urlCall(v, depth) {
			return
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			// *u: a url.URL value; its fields are its origin's.
			f.url(x.X, depth+1)
			return
		}
	case *ssa.Alloc:
		if typeutil.IsPointerTo(x.Type(), "net/url", "URL") {
			f.urlObject(x)
			return
		}
	}
	f.add(Source{Value: v})
}

// urlObject follows a url.URL built here (&url.URL{Scheme, Host, ...})
// to its Host field.
func (f *finder) urlObject(v ssa.Value) {
	stores, _ := f.ix.ObjectStores(v, nil)
	for _, st := range stores {
		if st.Field != nil && st.Field.Name() == "Host" {
			if k, ok := valueflow.StripCopies(st.Value).(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
				f.add(Source{Const: constant.StringVal(k.Value)})
			} else {
				f.add(Source{Value: st.Value})
			}
			return
		}
	}
	f.unknown = true
}

// urlCall follows the functions that build a URL from another: url.Parse,
// (*url.URL).String, ResolveReference, JoinPath, fmt.Sprintf, string
// trimming. It returns false for any other call.
func (f *finder) urlCall(v ssa.Value, depth int) bool {
	call, idx := valueflow.CallOf(v)
	if call == nil {
		return false
	}
	c := call.Common()
	fn := valueflow.StaticCallee(c)
	if fn == nil {
		return false
	}
	arg := func(i int) ssa.Value {
		if i < len(c.Args) {
			return c.Args[i]
		}
		return nil
	}
	switch typeutil.FuncKey(fn) {
	case "net/url.Parse", "net/url.ParseRequestURI", "net/url.JoinPath",
		"net/url.URL.String", "net/url.URL.ResolveReference", "net/url.URL.JoinPath", "net/url.URL.Parse",
		"strings.TrimSuffix", "strings.TrimRight", "strings.TrimSpace", "strings.TrimPrefix", "strings.ToLower":
		if idx != 0 {
			return false
		}
		f.url(arg(0), depth+1)
		return true
	case "fmt.Sprintf":
		if format, ok := f.ix.ConstString(arg(0)); ok {
			f.sprintf(format, arg(1), depth)
			return true
		}
	}
	return false
}

// sprintf follows fmt.Sprintf(format, args...) to the part that holds the
// host: the format's own when it has a scheme and a host before the first
// verb, else the argument of the verb that starts the URL or follows
// "://".
func (f *finder) sprintf(format string, args ssa.Value, depth int) {
	verb := strings.IndexByte(format, '%')
	prefix := format
	if verb >= 0 {
		prefix = format[:verb]
	}
	if host, ok := constHost(prefix); ok {
		f.add(Source{Const: host})
		return
	}
	if verb < 0 || (prefix != "" && !strings.HasSuffix(prefix, "://")) {
		f.unknown = true
		return
	}
	elems := sliceElems(args)
	if len(elems) == 0 {
		f.unknown = true
		return
	}
	f.url(elems[0], depth+1)
}

// sliceElems returns the values stored into the elements of a variadic
// argument slice, in order.
func sliceElems(v ssa.Value) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return nil
	}
	var out []ssa.Value
	for _, r := range *alloc.Referrers() {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok || ia.Referrers() == nil {
			continue
		}
		k, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil
		}
		i := int(k.Int64())
		for _, u := range *ia.Referrers() {
			if st, ok := u.(*ssa.Store); ok && st.Addr == ia {
				for len(out) <= i {
					out = append(out, nil)
				}
				out[i] = st.Val
			}
		}
	}
	for _, e := range out {
		if e == nil {
			return nil
		}
	}
	return out
}

// concatParts flattens a string concatenation a + b + c.
func concatParts(v ssa.Value) []ssa.Value {
	if b, ok := valueflow.StripCopies(v).(*ssa.BinOp); ok && b.Op == token.ADD {
		return append(concatParts(b.X), concatParts(b.Y)...)
	}
	return []ssa.Value{v}
}

// concat follows a concatenation to the part that holds the host: the
// first part, unless it is a constant scheme ("https://"), and then the
// part after it.
func (f *finder) concat(parts []ssa.Value, depth int) {
	first := valueflow.StripCopies(parts[0])
	if k, ok := first.(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.String {
		s := constant.StringVal(k.Value)
		if host, ok := constHost(s); ok {
			f.add(Source{Const: host})
			return
		}
		if strings.HasSuffix(s, "://") && len(parts) > 1 {
			f.url(parts[1], depth+1)
			return
		}
		if len(parts) > 1 {
			// "https://example.com" + ":8080/x": the next part ends the host.
			if next, ok := f.ix.ConstString(parts[1]); ok && next != "" && strings.ContainsRune("/?#:", rune(next[0])) {
				if host, ok := constHost(s + "/"); ok {
					f.add(Source{Const: host})
					return
				}
			}
		}
		f.unknown = true
		return
	}
	f.url(first, depth+1)
}

// constHost returns the scheme and host of s when s starts with both and
// the host is complete (followed by a port, a path, a query, or the end
// of s).
func constHost(s string) (string, bool) {
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok || scheme == "" || strings.ContainsAny(scheme, "/?#%") {
		return "", false
	}
	if at := strings.LastIndexByte(rest[:max(0, strings.IndexAny(rest+"/", "/?#"))], '@'); at >= 0 {
		rest = rest[at+1:] // user information
	}
	end := strings.IndexAny(rest, "/?#")
	if strings.HasPrefix(rest, "[") {
		// An IPv6 literal, then a port or a path.
		if i := strings.IndexByte(rest, ']'); i >= 0 && (end < 0 || i < end) {
			end = i + 1
			if end == len(rest) {
				end = -1 // the port may follow in the next part
			}
		}
	} else if colon := strings.IndexByte(rest, ':'); colon >= 0 && (end < 0 || colon < end) {
		end = colon // the port follows
	}
	if end < 0 {
		return "", false // the host may go on in the next part
	}
	host := rest[:end]
	if host == "" || strings.Contains(host, "%") {
		return "", false
	}
	return scheme + "://" + host, true
}

// Loopback reports whether every source is a constant host on the
// loopback interface (localhost, 127.0.0.0/8, ::1): a server of the
// same machine, typically one the program starts itself. A source that
// is a parameter of a function whose every call is in this package (an
// unexported helper, httpWrite(addr, body)) is loopback when every
// call passes a loopback URL for it.
func Loopback(ix *valueflow.Index, sources []Source) bool {
	return loopback(ix, sources, 0)
}

func loopback(ix *valueflow.Index, sources []Source, depth int) bool {
	if len(sources) == 0 {
		return false
	}
	for _, s := range sources {
		if s.Value != nil {
			if d, ok := flagDefault(ix, s.Value); ok && loopbackHost(d) {
				continue // a command-line flag whose default is local
			}
			p, ok := s.Value.(*ssa.Parameter)
			if !ok || ix == nil || depth >= maxDepth || !loopbackArgs(ix, p, depth) {
				return false
			}
			continue
		}
		if !loopbackHost(s.Const) {
			return false
		}
	}
	return true
}

// loopbackHost reports whether hostport, a URL's scheme and host or a
// host with an optional port ("localhost:8384"), names the loopback
// interface.
func loopbackHost(hostport string) bool {
	if _, rest, ok := strings.Cut(hostport, "://"); ok {
		hostport = rest
	}
	if i := strings.IndexAny(hostport, "/?#"); i >= 0 {
		hostport = hostport[:i]
	}
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// flagDefault returns the default of the command-line flag that v is or
// reads: p or *p for p := flag.String(name, value, usage) (or a FlagSet's
// String), or a package variable that flag.StringVar(&v, name, value,
// usage) defines and nothing else in the package sets.
// The default is the value the command uses unless its user says
// otherwise: syncthing's stevents tool polls -target, "localhost:8384".
func flagDefault(ix *valueflow.Index, v ssa.Value) (string, bool) {
	if ix == nil {
		return "", false
	}
	v = valueflow.StripCopies(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		v = ld.X // the source may name the flag's variable or its load
	}
	if call, ok := v.(*ssa.Call); ok {
		switch typeutil.FuncKey(valueflow.StaticCallee(call.Common())) {
		case "flag.String":
			return ix.ConstString(call.Call.Args[1])
		case "flag.FlagSet.String":
			return ix.ConstString(call.Call.Args[2])
		}
		return "", false
	}
	g, ok := v.(*ssa.Global)
	if !ok || len(ix.GlobalValues(g)) > 0 || !importsFlag(ix.Pkg.Pkg) {
		return "", false // not a flag, or set by other code too
	}
	def, found := "", false
	for _, fn := range ix.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				i := -1
				switch typeutil.FuncKey(valueflow.StaticCallee(call.Common())) {
				case "flag.StringVar":
					i = 0
				case "flag.FlagSet.StringVar":
					i = 1
				}
				if i < 0 || call.Call.Args[i] != ssa.Value(g) {
					continue
				}
				d, ok := ix.ConstString(call.Call.Args[i+2])
				if !ok || (found && d != def) {
					return "", false
				}
				def, found = d, true
			}
		}
	}
	return def, found
}

// loopbackArgs reports whether p's function is called only in this
// package, at least once, and every call passes for p a URL whose host
// is loopback.
func loopbackArgs(ix *valueflow.Index, p *ssa.Parameter, depth int) bool {
	if _, complete := ix.Callers(p.Parent()); !complete {
		return false
	}
	sites, args, all := ix.ParamArgs(p)
	if !all || len(sites) == 0 {
		return false
	}
	for _, a := range args {
		hosts, ok := HostsOf(ix, a)
		if !ok || !loopback(ix, hosts, depth+1) {
			return false
		}
	}
	return true
}

// importsFlag reports whether pkg imports package flag: only then can a
// variable of it be a flag's, so flagDefault scans for StringVar calls.
func importsFlag(pkg *types.Package) bool {
	for _, imp := range pkg.Imports() {
		if imp.Path() == "flag" {
			return true
		}
	}
	return false
}
