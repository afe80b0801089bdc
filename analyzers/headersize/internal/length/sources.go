package length

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// boundedBySource reports whether v, a collection read from fields, holds
// what its source bounds rather than a caller's unbounded input:
//
//   - a field of crypto/tls or crypto/x509 (the cipher suites of a TLS
//     handshake, the peer's certificate chain and the names in its
//     certificates): the peer's own data, as large as the handshake it
//     sent, and re-encoding it hurts that peer alone;
//   - a field of a configuration struct, one whose fields carry yaml,
//     toml or mapstructure tags (a list the operator writes in a
//     configuration file, such as the scrape protocols of a Prometheus
//     job), or a struct type named Config or ending in Config (a list
//     the operator gives on the command line, such as vmctl's
//     --vm-extra-label flags in its importer's Config), which is not a
//     caller's input. Options, parameters and requests are.
func boundedBySource(v ssa.Value) bool {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
			v = x.X
		case *ssa.FieldAddr:
			if boundedField(deref(x.X.Type()), x.Field) {
				return true
			}
			v = x.X
		case *ssa.Field:
			if boundedField(x.X.Type(), x.Field) {
				return true
			}
			v = x.X
		default:
			return false
		}
	}
	return false
}

// boundedField reports whether field i of the struct type t is from
// crypto/tls, crypto/x509 or crypto/x509/pkix, or is a field of a
// configuration struct.
func boundedField(t types.Type, i int) bool {
	st, ok := under(t).(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return false
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && strings.HasSuffix(n.Obj().Name(), "Config") {
		return true
	}
	if pkg := st.Field(i).Pkg(); pkg != nil && (pkg.Path() == "crypto/tls" || pkg.Path() == "crypto/x509" || pkg.Path() == "crypto/x509/pkix") {
		return true
	}
	tag := reflect.StructTag(st.Tag(i))
	for _, key := range []string{"yaml", "toml", "mapstructure"} {
		if _, ok := tag.Lookup(key); ok {
			return true
		}
	}
	return false
}

// decodedFromInbound reports whether v, a load of a field of a struct
// type of this package, holds what the package decoded from the URL of
// an inbound request: every value the package stores in that field is
// read from the query of a request this server received
// (r.URL.Query(), url.ParseQuery(r.URL.RawQuery)), as is, or through the
// package's functions that parse it. A codec that re-encodes into a URL
// the matchers it decoded from a URL sends no more than the server
// already admitted. The form (r.Form, r.PostForm) is not such a source:
// it holds the body of a POST too, which is far larger than any URL may
// be (thanos' query frontend took label and series matchers by POST and
// sent them downstream in a GET URL).
func (a *Estimator) decodedFromInbound(v ssa.Value) bool {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		v = u.X
	}
	f := valueflow.FieldOf(v)
	if f == nil || f.Pkg() != a.ix.Pkg.Pkg {
		return false
	}
	vals := a.ix.FieldValues(f)
	if len(vals) == 0 {
		return false
	}
	for _, x := range vals {
		if !fromInboundURL(x, 0) {
			return false
		}
	}
	return true
}

// fromInboundURL reports whether x is read from the query of a server's
// inbound request (r.URL.Query(), or its RawQuery), directly, by index
// or lookup, or as the result of a call whose arguments are that query
// and constants (a helper that parses it).
func fromInboundURL(x ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := x.(type) {
	case *ssa.UnOp:
		// r.URL.RawQuery
		return x.Op == token.MUL && isField(x.X, "net/url", "URL", "RawQuery") && isInboundURL(x.X.(*ssa.FieldAddr).X)
	case *ssa.Lookup:
		return fromInboundURL(x.X, depth+1)
	case *ssa.Extract:
		return fromInboundURL(x.Tuple, depth+1)
	case *ssa.Call:
		if x.Call.IsInvoke() {
			return false
		}
		if _, ok := x.Call.Value.(*ssa.Builtin); ok {
			return false
		}
		if fn, ok := x.Call.Value.(*ssa.Function); ok && fn.Name() == "Query" && len(x.Call.Args) == 1 && isInboundURL(x.Call.Args[0]) {
			if recv := fn.Signature.Recv(); recv != nil && typeutil.IsNamed(deref(recv.Type()), "net/url", "URL") {
				return true
			}
		}
		inbound := false
		for _, arg := range x.Call.Args {
			switch {
			case fromInboundURL(arg, depth+1):
				inbound = true
			case isConstValue(arg):
			default:
				return false
			}
		}
		return inbound
	case *ssa.Phi:
		for _, e := range x.Edges {
			if c, ok := e.(*ssa.Const); !(ok && c.IsNil()) && !fromInboundURL(e, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// isInboundURL reports whether v is the URL of a request this server
// received: a load of the URL field of an *http.Request. (A client's
// request URL is its own; only the package's own handlers and codecs
// read one they did not build, and a client request built from a
// caller's lists is judged where it is built.)
func isInboundURL(v ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	return ok && u.Op == token.MUL && isField(u.X, "net/http", "Request", "URL")
}

// isField reports whether v is the address of the field name of a
// struct of type pkg.typ.
func isField(v ssa.Value, pkg, typ, name string) bool {
	fa, ok := v.(*ssa.FieldAddr)
	if !ok || !typeutil.IsNamed(deref(fa.X.Type()), pkg, typ) {
		return false
	}
	f := valueflow.FieldOf(fa)
	return f != nil && f.Name() == name
}

func isConstValue(v ssa.Value) bool {
	_, ok := v.(*ssa.Const)
	return ok
}
