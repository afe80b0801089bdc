package length

import (
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"
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
