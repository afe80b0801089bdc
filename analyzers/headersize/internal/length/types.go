package length

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/typeutil"
)

// typeBytes estimates the fmt %v form of a value of type t that the
// analysis cannot follow further.
func (a *Estimator) typeBytes(f *frame, v ssa.Value, t types.Type) Length {
	if t == nil {
		return Unknown
	}
	switch u := under(t).(type) {
	case *types.Basic:
		return basicBytes(u)
	case *types.Slice, *types.Array, *types.Map:
		if isByteSeq(t) || v == nil {
			return Unknown
		}
		if isOpaque(t) {
			return Unknown
		}
		// [e1 e2 ...]
		n := a.eval(f, v, mCount)
		each := a.eval(f, v, mElem)
		if _, isMap := u.(*types.Map); isMap {
			each = Sum(a.eval(f, v, mKey), Const(1), each)
		}
		return Add(Const(2), Mul(n, Add(each, Const(1))))
	case *types.Pointer:
		if _, isArr := u.Elem().Underlying().(*types.Array); isArr && v != nil {
			return Add(Const(1), a.typeBytes(f, v, u.Elem()))
		}
	}
	return Unknown
}

func basicBytes(b *types.Basic) Length {
	info := b.Info()
	switch {
	case info&types.IsBoolean != 0:
		l := Upto(5)
		l.Min, l.Safe = 4, true
		return l
	case info&types.IsInteger != 0:
		l := Upto(intDigits(b))
		l.Min, l.Safe = 1, true
		return l
	case info&types.IsFloat != 0:
		l := Upto(24)
		l.Min = 1
		return l
	case info&types.IsComplex != 0:
		l := Upto(51)
		l.Min = 5
		return l
	}
	return Unknown
}

// intDigits returns the longest decimal form of an integer of type b.
func intDigits(b *types.Basic) int {
	switch b.Kind() {
	case types.Int8:
		return 4
	case types.Uint8:
		return 3
	case types.Int16:
		return 6
	case types.Uint16:
		return 5
	case types.Int32:
		return 11
	case types.Uint32:
		return 10
	case types.Uint64, types.Uint, types.Uintptr:
		return 20
	}
	return 20
}

// enumElems reports whether the elements of collection type t are of a
// named basic type whose package declares its values (constants, or
// package variables): a list of enumerated values (statuses, kinds,
// protocols), which stays short.
func enumElems(t types.Type) bool {
	var elem types.Type
	switch u := under(deref(t)).(type) {
	case *types.Slice:
		elem = u.Elem()
	case *types.Array:
		elem = u.Elem()
	default:
		return false
	}
	n, ok := types.Unalias(elem).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	if _, ok := n.Underlying().(*types.Basic); !ok {
		return false
	}
	// Its values are declared: constants, or package variables (two or
	// more) of the type, as some packages declare them.
	scope := n.Obj().Pkg().Scope()
	vars := 0
	for _, name := range scope.Names() {
		switch o := scope.Lookup(name).(type) {
		case *types.Const:
			if types.Identical(o.Type(), n) {
				return true
			}
		case *types.Var:
			if types.Identical(o.Type(), n) {
				vars++
			}
		}
	}
	return vars >= 2
}

// typeElem estimates an element (or key) of a collection of type t from
// its type alone.
func typeElem(t types.Type, m measure) Length {
	switch u := under(deref(t)).(type) {
	case *types.Slice:
		return elemTypeBytes(u.Elem())
	case *types.Array:
		return elemTypeBytes(u.Elem())
	case *types.Map:
		if m == mKey {
			return elemTypeBytes(u.Key())
		}
		return elemTypeBytes(u.Elem())
	case *types.Chan:
		return elemTypeBytes(u.Elem())
	}
	return Unknown
}

func elemTypeBytes(t types.Type) Length {
	if b, ok := under(t).(*types.Basic); ok {
		return basicBytes(b)
	}
	return Unknown
}

// under returns the underlying type of t, or for a type parameter the
// underlying type shared by every type of its constraint's type set
// (its core type), or nil.
func under(t types.Type) types.Type {
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		return t.Underlying()
	}
	iface, ok := tp.Constraint().Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	core, _ := coreOf(iface, nil, 0)
	return core
}

// coreOf folds the terms of the type set of iface into core: the one
// underlying type they share, or ok false.
func coreOf(iface *types.Interface, core types.Type, depth int) (types.Type, bool) {
	if depth > 8 {
		return nil, false
	}
	for i := 0; i < iface.NumEmbeddeds(); i++ {
		var terms []types.Type
		switch e := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for j := 0; j < e.Len(); j++ {
				terms = append(terms, e.Term(j).Type())
			}
		default:
			terms = append(terms, e)
		}
		for _, term := range terms {
			u := term.Underlying()
			if inner, isIface := u.(*types.Interface); isIface {
				var ok bool
				if core, ok = coreOf(inner, core, depth+1); !ok {
					return nil, false
				}
				continue
			}
			if core == nil {
				core = u
			} else if !types.Identical(core, u) {
				return nil, false
			}
		}
	}
	return core, true
}

func deref(t types.Type) types.Type {
	if p, ok := under(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

func isString(t types.Type) bool {
	b, ok := under(t).(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// isByteSeq reports whether t is a string or a []byte.
func isByteSeq(t types.Type) bool {
	if isString(t) {
		return true
	}
	s, ok := under(t).(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && (b.Kind() == types.Byte || b.Kind() == types.Uint8)
}

// isCollection reports whether t is a slice, array (or pointer to one),
// map or channel other than a byte sequence.
func isCollection(t types.Type) bool {
	if isByteSeq(t) {
		return false
	}
	switch under(deref(t)).(type) {
	case *types.Slice, *types.Array, *types.Map, *types.Chan:
		return true
	}
	return false
}

// isOpaque reports whether t is a collection whose size the analysis does
// not attribute to the program's input: url.Values and http.Header come
// from a URL or request that already got through.
func isOpaque(t types.Type) bool {
	return typeutil.IsNamedValue(t, httplib.URL, "Values") || typeutil.IsNamedValue(t, httplib.NetHTTP, "Header")
}
