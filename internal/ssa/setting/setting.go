// Package setting describes what is known of one integer, boolean or
// duration setting of a configured value (a transport's IdleConnTimeout,
// a retrying client's RetryMax), as read from SSA: the constant it holds,
// whether the program wrote it or left the default of the value's origin,
// or that it was written with a non-constant value (trusted) or cannot be
// known.
//
// A [Value] is plain data, so that it can travel between packages inside
// analysis facts (gob-encoded; positions stay behind).
package setting

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// Kind says how much is known about a field's value.
type Kind uint8

const (
	// Unknown: the value could not be followed; rules stay silent.
	Unknown Kind = iota
	// Const: the field holds the constant Int.
	Const
	// Dynamic: the field was written with a non-constant value, or with
	// different constants on different paths; rules trust it.
	Dynamic
)

// A Value is what is known about one field.
type Value struct {
	Kind Kind
	Int  int64 // the constant, for Kind == Const (booleans are 0 or 1)
	// Explicit reports whether the program wrote the field; otherwise it
	// holds the default of the value's origin.
	Explicit bool

	pos       token.Pos // where it was written, when Explicit and in this package
	zeroField string    // the never-set field the value was read from, if any
}

// ZeroField returns the name ("Options.IdleTimeout") of the struct field,
// never set anywhere, that the value was copied from; "" otherwise.
func (v Value) ZeroField() string { return v.zeroField }

// Pos returns the position of the store that set the value, if known.
func (v Value) Pos() token.Pos { return v.pos }

// IsConst reports whether the value is a known constant (Int).
func (v Value) IsConst() bool { return v.Kind == Const }

// IsDynamic reports whether the value was written with a value that
// could not be followed to a single constant (trusted as set).
func (v Value) IsDynamic() bool { return v.Kind == Dynamic }

// IsZero reports whether the field is known to hold 0 (or false, or nil).
func (v Value) IsZero() bool { return v.Kind == Const && v.Int == 0 }

// IsNonZero reports whether the field is known or trusted to hold a
// non-zero value.
func (v Value) IsNonZero() bool {
	return v.Kind == Dynamic || (v.Kind == Const && v.Int != 0)
}

// ConstValue returns a constant Value written at pos.
func ConstValue(n int64, explicit bool, pos token.Pos) Value {
	return Value{Kind: Const, Int: n, Explicit: explicit, pos: pos}
}

// DynamicValue returns a Value written with a non-constant at pos.
func DynamicValue(pos token.Pos) Value {
	return Value{Kind: Dynamic, Explicit: true, pos: pos}
}

// Join returns what is known about a field that holds a on some paths
// and b on others.
func (a Value) Join(b Value) Value {
	r := Value{Explicit: a.Explicit || b.Explicit, pos: a.pos}
	if !r.pos.IsValid() {
		r.pos = b.pos
	}
	if a.zeroField == b.zeroField {
		r.zeroField = a.zeroField
	}
	switch {
	case a.Kind == Unknown || b.Kind == Unknown:
		r.Kind = Unknown
	case a.Kind == Const && b.Kind == Const && a.Int == b.Int:
		r.Kind, r.Int = Const, a.Int
	default:
		r.Kind = Dynamic
	}
	return r
}

// Describe renders the value for a message, formatting durations when
// isDuration is set.
func (v Value) Describe(isDuration bool) string {
	switch v.Kind {
	case Const:
		if isDuration {
			return time.Duration(v.Int).String()
		}
		return fmt.Sprint(v.Int)
	case Dynamic:
		return "set"
	}
	return "unknown"
}

// Copied returns v as a copy of the value holds it: the same constant,
// not written by the program at the copy.
func (v Value) Copied() Value {
	v.Explicit, v.pos = false, token.NoPos
	return v
}

// ValueOf returns what is known of the integer or boolean setting v,
// written at pos: a constant (looking through conversions; booleans are
// 0 or 1, nil is 0), the zero value of a struct field that is never set
// anywhere, what the package's own calls pass for a parameter of one of
// its functions (RetryMax: max, where every call of the function here
// passes 3: the default path of an exported function), or Dynamic.
func ValueOf(ix *valueflow.Index, v ssa.Value, pos token.Pos) Value {
	return valueOf(ix, v, pos, 0)
}

// Limits of the parameters valueOf follows to their callers.
const (
	maxParamDepth = 3
	maxParamSites = 16
)

func valueOf(ix *valueflow.Index, v ssa.Value, pos token.Pos, depth int) Value {
	if p, ok := valueflow.StripCopies(v).(*ssa.Parameter); ok && depth < maxParamDepth {
		if r, ok := paramValue(ix, p, pos, depth); ok {
			return r
		}
	}
	if r, ok := optionDefault(v, pos); ok {
		return r
	}
	if f, ok := ix.NeverSet(v); ok {
		z := ConstValue(0, true, pos)
		z.zeroField = fieldName(f)
		return z
	}
	if c, ok := valueflow.StripCopies(v).(*ssa.Const); ok {
		return constValue(c, pos)
	}
	return DynamicValue(pos)
}

// constValue returns the Value of constant c written at pos: its integer,
// 1 or 0 for a boolean, 0 for nil; Dynamic for other constants.
func constValue(c *ssa.Const, pos token.Pos) Value {
	if c.Value == nil {
		return ConstValue(0, true, pos)
	}
	switch c.Value.Kind() {
	case constant.Int:
		if n, ok := constant.Int64Val(c.Value); ok {
			return ConstValue(n, true, pos)
		}
	case constant.Bool:
		if constant.BoolVal(c.Value) {
			return ConstValue(1, true, pos)
		}
		return ConstValue(0, true, pos)
	}
	return DynamicValue(pos)
}

// optionDefault returns the value field f of a local options struct o
// holds on the default path, when v loads o.f (o := options{...}; for _,
// opt := range opts { opt(&o) }; ... o.f): the constant the function
// itself stores into o.f, or 0 when it stores none. The option functions
// the caller passes are the caller's choice, as an injected client is;
// ok is false when anything else may write the field (a call of this
// package or another that receives o, a closure that captures it, a copy
// of o stored whole, or stores of different values).
func optionDefault(v ssa.Value, pos token.Pos) (Value, bool) {
	ld, ok := valueflow.StripCopies(v).(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return Value{}, false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	if !ok {
		return Value{}, false
	}
	alloc, ok := fa.X.(*ssa.Alloc)
	if !ok || alloc.Parent() != ld.Parent() {
		return Value{}, false
	}
	injected := false
	var stored []ssa.Value
	for _, ref := range *alloc.Referrers() {
		switch r := ref.(type) {
		case *ssa.FieldAddr:
			if r.Field == fa.Field {
				stored = append(stored, fieldStores(r)...)
			}
		case *ssa.DebugRef:
		case *ssa.Store:
			// o := options{...} escaping to the heap: the literal is
			// built in a local and copied whole.
			lit, ok := literalCopy(r, alloc)
			if !ok {
				return Value{}, false
			}
			for _, lr := range *lit.Referrers() {
				if la, ok := lr.(*ssa.FieldAddr); ok && la.Field == fa.Field {
					stored = append(stored, fieldStores(la)...)
				}
			}
		case ssa.CallInstruction:
			c := r.Common()
			if c.IsInvoke() || c.StaticCallee() != nil || !optionFunc(c.Value) {
				return Value{}, false
			}
			injected = true
		default:
			return Value{}, false
		}
	}
	if !injected {
		return Value{}, false // no options: the other rules apply
	}
	switch len(stored) {
	case 0:
		// Left at its zero value: the program did not set it.
		return ConstValue(0, false, pos), true
	case 1:
		if k, ok := valueflow.StripCopies(stored[0]).(*ssa.Const); ok {
			if r := constValue(k, pos); r.Kind == Const {
				return r, true
			}
		}
	}
	return Value{}, false
}

// fieldStores returns the values stored through field address fa.
func fieldStores(fa *ssa.FieldAddr) []ssa.Value {
	var out []ssa.Value
	for _, fr := range *fa.Referrers() {
		if st, ok := fr.(*ssa.Store); ok && st.Addr == fa {
			out = append(out, st.Val)
		}
	}
	return out
}

// literalCopy returns the local composite literal whose value st copies
// whole into alloc (t0 = new T; t1 = local T (complit); ...; *t0 = *t1),
// when the literal is used for nothing else than its field stores.
func literalCopy(st *ssa.Store, alloc *ssa.Alloc) (*ssa.Alloc, bool) {
	if st.Addr != alloc {
		return nil, false
	}
	ld, ok := st.Val.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil, false
	}
	lit, ok := ld.X.(*ssa.Alloc)
	if !ok || lit == alloc {
		return nil, false
	}
	for _, r := range *lit.Referrers() {
		switch r.(type) {
		case *ssa.FieldAddr, *ssa.DebugRef:
		case *ssa.UnOp:
			if r != ld {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return lit, true
}

// optionFunc reports whether fn, a function value called with the
// options struct, is one of the caller's options: an element of a slice
// parameter (variadic opts ...Option) or a parameter itself.
func optionFunc(fn ssa.Value) bool {
	switch x := valueflow.StripCopies(fn).(type) {
	case *ssa.Parameter:
		return true
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
			_, isParam := valueflow.StripCopies(ia.X).(*ssa.Parameter)
			return isParam
		}
	}
	return false
}

// paramValue joins what the package's calls of p's function pass for
// parameter p; ok is false when they cannot be read.
func paramValue(ix *valueflow.Index, p *ssa.Parameter, pos token.Pos, depth int) (Value, bool) {
	_, args, all := ix.ParamArgs(p)
	if !all || len(args) == 0 || len(args) > maxParamSites {
		return Value{}, false
	}
	r := valueOf(ix, args[0], pos, depth+1)
	for _, a := range args[1:] {
		r = r.Join(valueOf(ix, a, pos, depth+1))
	}
	return r, true
}

// fieldName returns "Struct.Field" for a field of a package-level struct
// type, or the field's name.
func fieldName(f *types.Var) string {
	scope := f.Pkg().Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if s, ok := tn.Type().Underlying().(*types.Struct); ok {
			for i := 0; i < s.NumFields(); i++ {
				if s.Field(i) == f {
					return name + "." + f.Name()
				}
			}
		}
	}
	return f.Name()
}

// MaxConst returns the largest integer constant v holds on any path: v is
// a constant, a φ-node of such values, or a parameter of a function for
// which every call of the package passes one (as ValueOf follows them;
// a wait of delay := 100ms, then the interval the only caller passes).
// ok is false when some path gives anything else.
func MaxConst(ix *valueflow.Index, v ssa.Value) (n int64, ok bool) {
	seen := make(map[ssa.Value]bool)
	found := false
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		v = valueflow.StripCopies(v)
		if seen[v] {
			return true // a loop back: no other value
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Const:
			if x.Value == nil || x.Value.Kind() != constant.Int {
				return false
			}
			k, exact := constant.Int64Val(x.Value)
			if !exact {
				return false
			}
			if !found || k > n {
				n, found = k, true
			}
			return true
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !walk(e, depth) {
					return false
				}
			}
			return true
		case *ssa.Parameter:
			_, args, all := ix.ParamArgs(x)
			if depth >= maxParamDepth || !all || len(args) == 0 || len(args) > maxParamSites {
				return false
			}
			for _, a := range args {
				if !walk(a, depth+1) {
					return false
				}
			}
			return true
		}
		return false
	}
	if !walk(v, 0) || !found {
		return 0, false
	}
	return n, true
}
