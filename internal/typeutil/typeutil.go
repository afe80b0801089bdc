// Package typeutil provides predicates that match go/types objects by
// package path and name.
//
// They work on types and objects, so renamed imports, dot imports, type
// aliases and generic instantiations are resolved by the type checker:
// nothing is matched by identifier text.
package typeutil

import (
	"go/types"
	"strings"
)

// IsNamed reports whether t, after removing pointers and aliases, is the
// named type pkg.name.
func IsNamed(t types.Type, pkg, name string) bool {
	if t == nil {
		return false
	}
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok && !isNamedType(t) {
		t = types.Unalias(p.Elem())
	}
	return isNamedType(t) && namedIs(t.(*types.Named), pkg, name)
}

// IsNamedValue reports whether t is exactly the named type pkg.name (not
// a pointer to it).
func IsNamedValue(t types.Type, pkg, name string) bool {
	t = types.Unalias(t)
	n, ok := t.(*types.Named)
	return ok && namedIs(n, pkg, name)
}

// IsPointerTo reports whether t is *pkg.name.
func IsPointerTo(t types.Type, pkg, name string) bool {
	t = types.Unalias(t)
	p, ok := t.(*types.Pointer)
	return ok && IsNamedValue(p.Elem(), pkg, name)
}

func isNamedType(t types.Type) bool {
	_, ok := t.(*types.Named)
	return ok
}

func namedIs(n *types.Named, pkg, name string) bool {
	obj := n.Origin().Obj()
	return obj != nil && obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == pkg
}

// IsFunc reports whether fn is the package-level function pkg.name.
func IsFunc(fn *types.Func, pkg, name string) bool {
	if fn == nil || fn.Name() != name || fn.Pkg() == nil || fn.Pkg().Path() != pkg {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() == nil
}

// IsMethod reports whether fn is the method name of the named type
// pkg.recv (with a value or pointer receiver). Methods of generic types
// are matched through their origin.
func IsMethod(fn *types.Func, pkg, recv, name string) bool {
	if fn == nil || fn.Name() != name {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	return IsNamed(sig.Recv().Type(), pkg, recv)
}

// FuncKey returns a key identifying a function or method independently of
// the types.Package instance it was loaded into: "pkg.Name" for a
// function and "pkg.Recv.Name" for a method (pointer or value receiver).
// It returns "" for interface methods and local functions.
func FuncKey(fn *types.Func) string {
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	fn = fn.Origin()
	sig, ok := fn.Type().(*types.Signature)
	if !ok {
		return ""
	}
	if sig.Recv() == nil {
		return fn.Pkg().Path() + "." + fn.Name()
	}
	t := types.Unalias(sig.Recv().Type())
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok {
		return ""
	}
	return fn.Pkg().Path() + "." + n.Origin().Obj().Name() + "." + fn.Name()
}

// IsStd reports whether path looks like a standard-library import path
// (no dot in its first element).
func IsStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".") && first != "testdata"
}

// IsError reports whether t is the error interface, or a named type whose
// underlying type is it (cloudevents' `type Result error`): an error
// result, whatever its declared name.
func IsError(t types.Type) bool {
	errType := types.Universe.Lookup("error").Type()
	if t == nil {
		return false
	}
	return types.Identical(t, errType) || types.Identical(t.Underlying(), errType.Underlying())
}

// PointerToStructWith reports whether t is a pointer to a struct with a
// field whose type satisfies pred.
func PointerToStructWith(t types.Type, pred func(types.Type) bool) bool {
	return pointerToStructField(t, func(f *types.Var) bool { return pred(f.Type()) })
}

// PointerToStructEmbedding reports whether t is a pointer to a struct
// with an embedded field whose type satisfies pred.
func PointerToStructEmbedding(t types.Type, pred func(types.Type) bool) bool {
	return pointerToStructField(t, func(f *types.Var) bool { return f.Embedded() && pred(f.Type()) })
}

func pointerToStructField(t types.Type, pred func(*types.Var) bool) bool {
	ptr, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if pred(st.Field(i)) {
			return true
		}
	}
	return false
}
