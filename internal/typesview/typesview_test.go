package typesview

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"testing"

	"golang.org/x/tools/go/types/objectpath"
)

const srcQ = `package q

type Ctx interface{ Done() <-chan struct{} }

type Thing struct{ ID int }

func New() *Thing { return &Thing{} }

type Box[T any] struct{ V T }

func (b Box[T]) Get() T { return b.V }
`

// srcP declares what a view must copy: generic types with methods,
// recursive types, constraints with unions, interfaces that embed and
// have unexported methods, struct fields with tags, embedded fields of
// other packages, function-typed fields, aliases (generic ones too),
// instances of other packages' generic types with p's types, a type
// declared in a function, constants, variables and variadic functions.
const srcP = `package p

import (
	"io"
	"sync/atomic"
	"time"

	"example.com/q"
)

type List[T any] struct {
	head *node[T]
	n    int
}

type node[T any] struct {
	v    T
	next *node[T]
}

func (l *List[T]) Push(v T)          { l.head = &node[T]{v, l.head}; l.n++ }
func (l *List[T]) Len() int          { return l.n }
func (l List[T]) Each(f func(T) bool) {}

type Number interface{ ~int | ~int64 | ~float64 }

func Sum[N Number](xs ...N) N {
	var s N
	for _, x := range xs {
		s += x
	}
	return s
}

type Reader interface {
	io.Reader
	Name() string
	private() int
}

type File struct {
	io.Closer
	Path string ` + "`json:\"path\"`" + `
	mode int
	Next *File
	q.Thing
	opts struct{ A, b int }
	cb   func(ctx q.Ctx, n ...int) (err error)
}

func (f *File) Read(p []byte) (int, error) { return 0, nil }
func (f *File) Name() string               { return f.Path }
func (f *File) private() int               { return f.mode }

type Alias = File

type Pair[K comparable, V any] = map[K]V

type Dur time.Duration

type Counter = atomic.Pointer[File]

type Self interface{ Clone() Self }

type Cmp[T any] interface{ Less(T) bool }

func Min[T Cmp[T]](a, b T) T {
	if a.Less(b) {
		return a
	}
	return b
}

const Max = 10

const Typed Dur = 3

var Default = &File{Path: "x"}

var Ptr atomic.Pointer[File]

var Local = func() any {
	type hidden struct{ X int }
	return hidden{}
}()

var Chans map[string][]chan<- *List[Dur]

var thing = q.New()

func New(r Reader, opts ...func(*File)) (*File, error) { return nil, nil }

func Wrap(t q.Thing) q.Box[File] { return q.Box[File]{} }
`

// srcU uses every part of p's API that srcP declares.
const srcU = `package u

import (
	"io"
	"time"

	"example.com/p"
	"example.com/q"
)

type mine struct{}

func (mine) Less(mine) bool { return true }

var _ io.Reader = (*p.File)(nil)
var _ p.Reader = (*p.File)(nil)

func Use() {
	var l p.List[string]
	l.Push("a")
	_ = l.Len()
	l.Each(func(s string) bool { return true })
	_ = p.Sum(1, 2, 3)
	_ = p.Sum[float64](1.5)
	f, err := p.New(p.Default, func(f *p.File) { f.Path = "y" })
	_, _ = f, err
	var a p.Alias = *p.Default
	_ = a.Path
	_ = a.ID
	var pm p.Pair[string, int] = map[string]int{}
	_ = pm
	var d p.Dur = p.Typed
	_ = time.Duration(d)
	_ = p.Ptr.Load().Next.Name()
	var c p.Counter
	c.Store(p.Default)
	_ = p.Min(mine{}, mine{})
	var t q.Thing = p.Default.Thing
	b := p.Wrap(t)
	var ff p.File = b.Get()
	_ = ff
	_ = [p.Max]int{}
	var s p.Self
	_ = s.Clone().Clone()
	_ = p.Default.Close
	for _, cs := range p.Chans["x"] {
		cs <- &p.List[p.Dur]{}
	}
	_ = p.Local
}
`

// check type-checks src, importing the packages of pkgs by path and the
// rest from export data.
func check(t *testing.T, fset *token.FileSet, path, src string, pkgs ...*types.Package) *types.Package {
	t.Helper()
	f, err := parser.ParseFile(fset, path+"/x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	gc := importer.ForCompiler(fset, "gc", nil)
	conf := types.Config{Importer: importerFunc(func(p string) (*types.Package, error) {
		for _, pkg := range pkgs {
			if pkg.Path() == p {
				return pkg, nil
			}
		}
		return gc.Import(p)
	})}
	pkg, err := conf.Check(path, fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatalf("checking %s: %v", path, err)
	}
	return pkg
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// TestOf: the view names every object of the package by the same object
// path, with the same type and position; holds nothing of the package
// (no file or function scopes, no object or type of it); imports the
// packages its types mention; and a package that uses the whole API
// type-checks against it as against the package.
func TestOf(t *testing.T) {
	fset := token.NewFileSet()
	q := check(t, fset, "example.com/q", srcQ)
	p := check(t, fset, "example.com/p", srcP, q)
	view, err := Of(p)
	if err != nil {
		t.Fatal(err)
	}
	if view == p || view.Path() != p.Path() || view.Name() != p.Name() || !view.Complete() {
		t.Fatalf("view %v of %v: not a new complete package of the same path and name", view, p)
	}
	if n := view.Scope().NumChildren(); n != 0 {
		t.Errorf("view has %d file scopes", n)
	}
	if got, want := view.Scope().Names(), p.Scope().Names(); !slices.Equal(got, want) {
		t.Errorf("view declares %v, want %v", got, want)
	}

	// Every object an object path names.
	qual := func(pkg *types.Package) string { return pkg.Path() }
	var enc objectpath.Encoder
	seen := 0
	for _, obj := range objectsOf(p) {
		path, err := enc.For(obj)
		if err != nil {
			continue
		}
		seen++
		got, err := objectpath.Object(view, path)
		if err != nil {
			t.Errorf("%s (%s): not in the view: %v", obj, path, err)
			continue
		}
		if reflect.TypeOf(got) != reflect.TypeOf(obj) || got.Name() != obj.Name() || got.Pos() != obj.Pos() || got.Pkg() == p {
			t.Errorf("%s (%s): the view has %s of package %v", obj, path, got, got.Pkg())
		}
		if a, b := types.TypeString(got.Type(), qual), types.TypeString(obj.Type(), qual); a != b {
			t.Errorf("%s (%s): type %s in the view, want %s", obj, path, a, b)
		}
		if fn, ok := got.(*types.Func); ok && fn.Scope() != nil {
			t.Errorf("%s: the view keeps its function scope", fn)
		}
	}
	if seen < 40 {
		t.Errorf("only %d objects compared", seen)
	}

	// Nothing in the view refers to p.
	walk(view, func(obj types.Object) {
		if obj.Pkg() == p {
			t.Errorf("the view refers to %s of the package", obj)
		}
	})

	var imports []string
	for _, imp := range view.Imports() {
		imports = append(imports, imp.Path())
	}
	// Not time: Dur's underlying type is int64.
	if want := []string{"example.com/q", "io", "sync/atomic"}; !slices.Equal(imports, want) {
		t.Errorf("view imports %v, want %v", imports, want)
	}

	// A package using the API type-checks against the view, as against
	// the package.
	check(t, fset, "example.com/u", srcU, p, q)
	check(t, fset, "example.com/u", srcU, view, q)
}

// objectsOf returns the package-level objects of pkg, the methods of its
// named types, and the fields and interface methods of their underlying
// types.
func objectsOf(pkg *types.Package) []types.Object {
	var objs []types.Object
	for _, name := range pkg.Scope().Names() {
		obj := pkg.Scope().Lookup(name)
		objs = append(objs, obj)
		tn, ok := obj.(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named := tn.Type().(*types.Named)
		for i := range named.NumMethods() {
			objs = append(objs, named.Method(i))
		}
		switch u := named.Underlying().(type) {
		case *types.Struct:
			for i := range u.NumFields() {
				objs = append(objs, u.Field(i))
			}
		case *types.Interface:
			for i := range u.NumExplicitMethods() {
				objs = append(objs, u.ExplicitMethod(i))
			}
		}
	}
	return objs
}

// walk calls f on every object the view's declarations reach: the
// package-level objects, and the type names, fields, methods and
// parameters of their types, without entering other packages' named
// types.
func walk(view *types.Package, f func(types.Object)) {
	seen := make(map[types.Type]bool)
	var typ func(t types.Type)
	vars := func(tup *types.Tuple) {
		for i := range tup.Len() {
			f(tup.At(i))
			typ(tup.At(i).Type())
		}
	}
	sig := func(s *types.Signature) {
		if s.Recv() != nil {
			f(s.Recv())
			typ(s.Recv().Type())
		}
		vars(s.Params())
		vars(s.Results())
		for i := range s.TypeParams().Len() {
			typ(s.TypeParams().At(i))
		}
		for i := range s.RecvTypeParams().Len() {
			typ(s.RecvTypeParams().At(i))
		}
	}
	typ = func(t types.Type) {
		if t == nil || seen[t] {
			return
		}
		seen[t] = true
		switch t := t.(type) {
		case *types.Named:
			f(t.Obj())
			for i := range t.TypeArgs().Len() {
				typ(t.TypeArgs().At(i))
			}
			if t.Obj().Pkg() != view || t.Origin() != t {
				typ(t.Origin())
				return
			}
			for i := range t.TypeParams().Len() {
				typ(t.TypeParams().At(i))
			}
			for i := range t.NumMethods() {
				f(t.Method(i))
				sig(t.Method(i).Signature())
			}
			typ(t.Underlying())
		case *types.Alias:
			f(t.Obj())
			typ(t.Rhs())
		case *types.TypeParam:
			f(t.Obj())
			typ(t.Constraint())
		case *types.Pointer:
			typ(t.Elem())
		case *types.Slice:
			typ(t.Elem())
		case *types.Array:
			typ(t.Elem())
		case *types.Chan:
			typ(t.Elem())
		case *types.Map:
			typ(t.Key())
			typ(t.Elem())
		case *types.Struct:
			for i := range t.NumFields() {
				f(t.Field(i))
				typ(t.Field(i).Type())
			}
		case *types.Signature:
			sig(t)
		case *types.Interface:
			for i := range t.NumExplicitMethods() {
				f(t.ExplicitMethod(i))
				sig(t.ExplicitMethod(i).Signature())
			}
			for i := range t.NumEmbeddeds() {
				typ(t.EmbeddedType(i))
			}
		case *types.Union:
			for i := range t.Len() {
				typ(t.Term(i).Type())
			}
		}
	}
	for _, name := range view.Scope().Names() {
		obj := view.Scope().Lookup(name)
		f(obj)
		typ(obj.Type())
	}
}
