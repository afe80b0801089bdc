// Package typesview copies the API of a package type-checked from source
// into a new package that holds what export data would hold of it, and no
// more.
//
// A package the type checker returns keeps, through the import names in
// the scopes of its files, every package it imports, and through theirs
// every package below: a driver that keeps a package's types for its
// importers keeps, in a chain of packages, every package's types at once.
// Export data (gcexportdata) holds only the package-level objects and the
// packages their types mention, but writing it copies every declaration
// those types reach, in every package, which on a large API costs more
// than type-checking. A view copies only the package's own declarations
// and shares every type of another package, as shallow export data does.
package typesview

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
)

// Of returns the view of pkg, a package type-checked from source: a new
// package with the same path, name and package-level objects, in the same
// order, so that an object path (objectpath.For) names the same object in
// both, with the same positions. The view shares every type declared
// outside pkg, has no file scopes and no function scopes, and imports the
// packages whose named types its objects mention. Nothing in it refers to
// pkg or to pkg's objects.
//
// Of fails when pkg uses a construct it cannot copy; pkg is then the only
// view of itself.
func Of(pkg *types.Package) (view *types.Package, err error) {
	defer func() {
		if r := recover(); r != nil {
			view, err = nil, fmt.Errorf("copying the types of %s: %v", pkg.Path(), r)
		}
	}()
	c := &copier{
		from:    pkg,
		to:      types.NewPackage(pkg.Path(), pkg.Name()),
		objs:    make(map[types.Object]types.Object),
		types:   make(map[types.Type]types.Type),
		imports: make(map[*types.Package]bool),
	}
	c.copyPackage()
	return c.to, nil
}

// A copier copies the declarations of one package, from, into another,
// to.
type copier struct {
	from, to *types.Package
	// objs maps the type names and type parameters of from to theirs
	// in to.
	objs map[types.Object]types.Object
	// types memoises typ: it maps each type of from met so far to its
	// copy (itself when it mentions nothing of from).
	types map[types.Type]types.Type
	// pendingNamed lists the named types of from whose underlying type
	// and methods are still to be copied, with their copies.
	pendingNamed [][2]*types.Named
	// pendingBounds lists the type parameters whose constraints are
	// still to be copied, with their copies.
	pendingBounds [][2]*types.TypeParam
	// interfaces lists the interfaces made, to complete once every
	// named type is defined.
	interfaces []*types.Interface
	// imports holds the packages of the named types met outside from.
	imports map[*types.Package]bool
}

func (c *copier) copyPackage() {
	scope := c.from.Scope()
	names := scope.Names()
	// Declare the type names first: types refer to them in any order.
	for _, name := range names {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok {
			c.to.Scope().Insert(c.typeName(tn))
		}
	}
	for _, name := range names {
		var obj types.Object
		switch old := scope.Lookup(name).(type) {
		case *types.TypeName:
			continue
		case *types.Func:
			obj = types.NewFunc(old.Pos(), c.to, old.Name(), c.signature(old.Signature()))
		case *types.Var:
			obj = c.variable(old)
		case *types.Const:
			obj = types.NewConst(old.Pos(), c.to, old.Name(), c.typ(old.Type()), old.Val())
		default:
			panic(fmt.Sprintf("unexpected package-level %T %s", old, old.Name()))
		}
		c.to.Scope().Insert(obj)
	}
	// Define the named types and bound the type parameters, which may
	// bring more of both (local types mentioned by the API).
	for len(c.pendingNamed) > 0 || len(c.pendingBounds) > 0 {
		if n := len(c.pendingNamed); n > 0 {
			p := c.pendingNamed[n-1]
			c.pendingNamed = c.pendingNamed[:n-1]
			c.defineNamed(p[0], p[1])
			continue
		}
		n := len(c.pendingBounds)
		p := c.pendingBounds[n-1]
		c.pendingBounds = c.pendingBounds[:n-1]
		p[1].SetConstraint(c.typ(p[0].Constraint()))
	}
	for _, iface := range c.interfaces {
		iface.Complete()
	}
	imports := make([]*types.Package, 0, len(c.imports))
	for p := range c.imports {
		if p != c.from && p != c.to {
			imports = append(imports, p)
		}
	}
	slices.SortFunc(imports, func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) })
	c.to.SetImports(imports)
	c.to.MarkComplete()
}

// typeName returns the copy of tn, a type name of from: a named type
// whose definition is pending, or an alias.
func (c *copier) typeName(tn *types.TypeName) *types.TypeName {
	if obj, ok := c.objs[tn]; ok {
		return obj.(*types.TypeName)
	}
	ntn := types.NewTypeName(tn.Pos(), c.to, tn.Name(), nil)
	c.objs[tn] = ntn
	switch t := tn.Type().(type) {
	case *types.Named:
		n := types.NewNamed(ntn, nil, nil)
		c.types[t] = n
		n.SetTypeParams(c.typeParams(t.TypeParams()))
		c.pendingNamed = append(c.pendingNamed, [2]*types.Named{t, n})
	case *types.Alias:
		tparams := c.typeParams(t.TypeParams())
		a := types.NewAlias(ntn, c.typ(t.Rhs()))
		a.SetTypeParams(tparams)
		c.types[t] = a
	default:
		panic(fmt.Sprintf("type name %s of %T", tn.Name(), t))
	}
	return ntn
}

// defineNamed gives n, the copy of old, old's underlying type and
// methods.
func (c *copier) defineNamed(old, n *types.Named) {
	n.SetUnderlying(c.typ(old.Underlying()))
	for i := range old.NumMethods() {
		m := old.Method(i)
		n.AddMethod(types.NewFunc(m.Pos(), c.to, m.Name(), c.signature(m.Signature())))
	}
}

// typeParams returns copies of list, whose constraints are copied once
// the named types are declared.
func (c *copier) typeParams(list *types.TypeParamList) []*types.TypeParam {
	if list.Len() == 0 {
		return nil
	}
	tparams := make([]*types.TypeParam, list.Len())
	for i := range tparams {
		old := list.At(i)
		tn := types.NewTypeName(old.Obj().Pos(), c.to, old.Obj().Name(), nil)
		tparams[i] = types.NewTypeParam(tn, nil)
		c.objs[old.Obj()] = tn
		c.types[old] = tparams[i]
		c.pendingBounds = append(c.pendingBounds, [2]*types.TypeParam{old, tparams[i]})
	}
	return tparams
}

// variable returns a copy of v, a variable, field or parameter, in to
// when it belongs to from.
func (c *copier) variable(v *types.Var) *types.Var {
	pkg := v.Pkg()
	if pkg == c.from {
		pkg = c.to
	}
	var nv *types.Var
	if v.IsField() {
		nv = types.NewField(v.Pos(), pkg, v.Name(), c.typ(v.Type()), v.Embedded())
	} else {
		nv = types.NewVar(v.Pos(), pkg, v.Name(), c.typ(v.Type()))
		nv.SetKind(v.Kind())
	}
	return nv
}

// signature returns a copy of sig, with copies of its type parameters.
func (c *copier) signature(sig *types.Signature) *types.Signature {
	recvTParams := c.typeParams(sig.RecvTypeParams())
	tparams := c.typeParams(sig.TypeParams())
	var recv *types.Var
	if sig.Recv() != nil {
		recv = c.variable(sig.Recv())
	}
	return types.NewSignatureType(recv, recvTParams, tparams, c.tuple(sig.Params()), c.tuple(sig.Results()), sig.Variadic())
}

func (c *copier) tuple(t *types.Tuple) *types.Tuple {
	if t == nil {
		return nil
	}
	vars := make([]*types.Var, t.Len())
	for i := range vars {
		vars[i] = c.variable(t.At(i))
	}
	return types.NewTuple(vars...)
}

// typ returns the copy of t: t itself when it mentions neither a type,
// type parameter, field, method nor parameter of from.
func (c *copier) typ(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if nt, ok := c.types[t]; ok {
		return nt
	}
	nt := c.copyType(t)
	c.types[t] = nt
	return nt
}

func (c *copier) copyType(t types.Type) types.Type {
	switch t := t.(type) {
	case *types.Basic:
		return t
	case *types.Named:
		return c.declaredType(t, t.Obj(), t.Origin(), t.TypeArgs())
	case *types.Alias:
		return c.declaredType(t, t.Obj(), t.Origin(), t.TypeArgs())
	case *types.TypeParam:
		if t.Obj().Pkg() != c.from {
			return t // of a declaration elsewhere
		}
		panic(fmt.Sprintf("type parameter %s outside its declaration", t.Obj().Name()))
	case *types.Pointer:
		if e := c.typ(t.Elem()); e != t.Elem() {
			return types.NewPointer(e)
		}
	case *types.Slice:
		if e := c.typ(t.Elem()); e != t.Elem() {
			return types.NewSlice(e)
		}
	case *types.Array:
		if e := c.typ(t.Elem()); e != t.Elem() {
			return types.NewArray(e, t.Len())
		}
	case *types.Map:
		if k, e := c.typ(t.Key()), c.typ(t.Elem()); k != t.Key() || e != t.Elem() {
			return types.NewMap(k, e)
		}
	case *types.Chan:
		if e := c.typ(t.Elem()); e != t.Elem() {
			return types.NewChan(t.Dir(), e)
		}
	case *types.Struct:
		changed := false
		for i := range t.NumFields() {
			f := t.Field(i)
			changed = changed || f.Pkg() == c.from || c.typ(f.Type()) != f.Type()
		}
		if changed {
			fields := make([]*types.Var, t.NumFields())
			tags := make([]string, t.NumFields())
			for i := range fields {
				fields[i], tags[i] = c.variable(t.Field(i)), t.Tag(i)
			}
			return types.NewStruct(fields, tags)
		}
	case *types.Tuple:
		return c.tuple(t)
	case *types.Signature:
		if c.mentions(t) {
			return c.signature(t)
		}
	case *types.Interface:
		changed := false
		for i := range t.NumExplicitMethods() {
			m := t.ExplicitMethod(i)
			changed = changed || m.Pkg() == c.from || c.paramsChanged(m.Signature())
		}
		for i := range t.NumEmbeddeds() {
			changed = changed || c.typ(t.EmbeddedType(i)) != t.EmbeddedType(i)
		}
		if changed {
			methods := make([]*types.Func, t.NumExplicitMethods())
			for i := range methods {
				m := t.ExplicitMethod(i)
				pkg := m.Pkg()
				if pkg == c.from {
					pkg = c.to
				}
				sig := m.Signature()
				// NewInterfaceType sets the receivers.
				nsig := types.NewSignatureType(nil, nil, nil, c.tuple(sig.Params()), c.tuple(sig.Results()), sig.Variadic())
				methods[i] = types.NewFunc(m.Pos(), pkg, m.Name(), nsig)
			}
			embeddeds := make([]types.Type, t.NumEmbeddeds())
			for i := range embeddeds {
				embeddeds[i] = c.typ(t.EmbeddedType(i))
			}
			iface := types.NewInterfaceType(methods, embeddeds)
			if t.IsImplicit() {
				iface.MarkImplicit()
			}
			c.interfaces = append(c.interfaces, iface)
			return iface
		}
	case *types.Union:
		terms := make([]*types.Term, t.Len())
		changed := false
		for i := range terms {
			term := t.Term(i)
			nt := c.typ(term.Type())
			changed = changed || nt != term.Type()
			terms[i] = types.NewTerm(term.Tilde(), nt)
		}
		if changed {
			return types.NewUnion(terms)
		}
	default:
		panic(fmt.Sprintf("unexpected type %T", t))
	}
	return t
}

// declaredType returns the copy of t, a named type or alias that obj
// declares: an instance of origin with targs, unless t is origin.
func (c *copier) declaredType(t types.Type, obj *types.TypeName, origin types.Type, targs *types.TypeList) types.Type {
	if p := obj.Pkg(); p != nil && p != c.from {
		c.imports[p] = true
	}
	if origin == t {
		if obj.Pkg() != c.from {
			return t // declared elsewhere
		}
		// A type declared inside a function of from that its API
		// mentions.
		c.typeName(obj)
		return c.types[t]
	}
	norigin := c.typ(origin)
	nargs, changed := c.list(targs)
	if norigin == origin && !changed {
		return t
	}
	return instantiate(norigin, nargs)
}

// mentions reports whether sig, a function type, has type parameters, a
// receiver, or parameters of from, or mentions its types.
func (c *copier) mentions(sig *types.Signature) bool {
	return sig.Recv() != nil || sig.TypeParams().Len() > 0 || sig.RecvTypeParams().Len() > 0 || c.paramsChanged(sig)
}

// paramsChanged reports whether the parameters or results of sig belong
// to from or mention its types.
func (c *copier) paramsChanged(sig *types.Signature) bool {
	for _, tup := range []*types.Tuple{sig.Params(), sig.Results()} {
		for i := range tup.Len() {
			v := tup.At(i)
			if v.Pkg() == c.from || c.typ(v.Type()) != v.Type() {
				return true
			}
		}
	}
	return false
}

// list returns copies of the types of list, and whether any differs.
func (c *copier) list(list *types.TypeList) ([]types.Type, bool) {
	targs := make([]types.Type, list.Len())
	changed := false
	for i := range targs {
		targs[i] = c.typ(list.At(i))
		changed = changed || targs[i] != list.At(i)
	}
	return targs, changed
}

// instantiate instantiates origin with targs, without validating them
// (the type checker did).
func instantiate(origin types.Type, targs []types.Type) types.Type {
	t, err := types.Instantiate(nil, origin, targs, false)
	if err != nil {
		panic(err)
	}
	return t
}
