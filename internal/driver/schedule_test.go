package driver

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/internal/testutil"
)

// marked is the toy analyzer's fact: the function is exported by its
// package.
type marked struct{ By string }

func (*marked) AFact() {}

// toyFacts marks every exported function with a fact and reports each
// call to a function that has one, and each object and package fact of
// its dependencies that it sees.
var toyFacts = &analysis.Analyzer{
	Name:             "toyfacts",
	Doc:              "toyfacts: reports calls to functions with facts",
	FactTypes:        []analysis.Fact{(*marked)(nil)},
	RunDespiteErrors: true,
	ResultType:       reflect.TypeFor[int](),
	Run: func(pass *analysis.Pass) (any, error) {
		n := 0
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					if fn, ok := pass.TypesInfo.Defs[n.Name].(*types.Func); ok && fn.Exported() {
						pass.ExportObjectFact(fn, &marked{By: pass.Pkg.Path()})
					}
				case *ast.CallExpr:
					var id *ast.Ident
					switch fun := n.Fun.(type) {
					case *ast.Ident:
						id = fun
					case *ast.SelectorExpr:
						id = fun.Sel
					}
					var m marked
					if fn, ok := pass.TypesInfo.Uses[id].(*types.Func); ok && pass.ImportObjectFact(fn, &m) {
						pass.Reportf(n.Pos(), "calls %s, marked by %s", fn.Name(), m.By)
					}
				}
				return true
			})
			n++
		}
		for _, f := range pass.AllObjectFacts() {
			if f.Object.Pkg() != pass.Pkg {
				pass.Reportf(pass.Files[0].Package, "sees the fact of %s.%s", f.Object.Pkg().Name(), f.Object.Name())
			}
		}
		pass.ExportPackageFact(&marked{By: pass.Pkg.Path()})
		for _, f := range pass.AllPackageFacts() {
			if f.Package != pass.Pkg {
				pass.Reportf(pass.Files[0].Package, "package fact of %s", f.Package.Path())
			}
		}
		return n, nil
	},
}

// toyCheck requires toyFacts and reports the number of files it saw.
var toyCheck = &analysis.Analyzer{
	Name:     "toycheck",
	Doc:      "toycheck: reports the files toyfacts saw",
	Requires: []*analysis.Analyzer{toyFacts},
	Run: func(pass *analysis.Pass) (any, error) {
		pass.Reportf(pass.Files[0].Package, "%d file(s)", pass.ResultOf[toyFacts].(int))
		return nil, nil
	},
}

// TestSchedule: the schedule runs the analyzers in dependency order,
// with the results of the analyzers they require; object facts reach the
// importers whose imports' export data can mention the object (as in
// checker.Analyze: a function's fact reaches direct importers, not
// theirs), package facts every dependent whose types name the package;
// each package is loaded only after the packages it imports have been
// analysed and have dropped their syntax; an imported package keeps its
// types, as export data gives them, until its importers are done; and
// after the run no package holds syntax, type information or types.
func TestSchedule(t *testing.T) {
	dir := testutil.WriteModule(t, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"a/a.go": "package a\n\nimport \"net/http\"\n\nfunc A() *http.Client {\n\tc := http.DefaultClient\n\treturn c\n}\n",
		"b/b.go": "package b\n\nimport \"example.com/m/a\"\n\nfunc B() { a.A() }\n",
		"c/c.go": "package c\n\nimport (\n\t\"example.com/m/a\"\n\t\"example.com/m/b\"\n)\n\nvar _ = a.A\n\nfunc C() { b.B() }\n",
		"d/d.go": "package d\n\nimport \"example.com/m/c\"\n\nfunc D() { c.C() }\n",
	})
	cfg := scratchConfig(dir)
	units := loadUnits(t, cfg, false, "./...")
	var viewSeen atomic.Int32
	for _, u := range units {
		if u.load == nil {
			t.Fatalf("%s: loaded before the schedule", u.pkg.ID)
		}
		load := u.load
		u.load = func() *packages.Package {
			for _, imp := range u.imports {
				if imp.pkg == nil || imp.pkg.Syntax != nil || imp.pkg.TypesInfo != nil {
					t.Errorf("a package is loaded before its import %v is analysed and dropped", imp.pkg)
					continue
				}
				if imp.pkg.PkgPath == "example.com/m/a" {
					// Its importers see its types as export data
					// gives them: without the scopes of its files
					// (which name its imports) and function bodies
					// (the local c).
					viewSeen.Add(1)
					if imp.pkg.Types == nil {
						t.Errorf("a's types dropped before its importer %s is loaded", u.pkg)
					} else if fn, _ := imp.pkg.Types.Scope().Lookup("A").(*types.Func); fn == nil || fn.Scope() != nil || imp.pkg.Types.Scope().NumChildren() > 0 {
						t.Errorf("a's types keep the scopes of its files or function bodies")
					}
				}
			}
			return load()
		}
	}
	outs := schedule(units, []*analysis.Analyzer{toyCheck})

	var got []string
	for _, o := range outs {
		if o.err != nil {
			t.Errorf("%s: %v", o, o.err)
		}
		for i, d := range o.diags {
			got = append(got, strings.TrimPrefix(o.pkg.PkgPath, "example.com/m/")+" "+o.analyzer.Name+" "+o.funcs[i]+": "+d.Message)
		}
	}
	want := []string{
		"a toycheck : 1 file(s)",
		"b toycheck : 1 file(s)",
		"b toyfacts : package fact of example.com/m/a",
		"b toyfacts : sees the fact of a.A",
		"b toyfacts B: calls A, marked by example.com/m/a",
		"c toycheck : 1 file(s)",
		"c toyfacts : package fact of example.com/m/a",
		"c toyfacts : package fact of example.com/m/b",
		"c toyfacts : sees the fact of a.A",
		"c toyfacts : sees the fact of b.B",
		"c toyfacts C: calls B, marked by example.com/m/b",
		"d toycheck : 1 file(s)",
		// d's types do not name a or b (c's API mentions neither),
		// so their package facts are not listed, as under unitchecker.
		"d toyfacts : package fact of example.com/m/c",
		"d toyfacts : sees the fact of c.C",
		"d toyfacts D: calls C, marked by example.com/m/c",
	}
	checkLines(t, got, want)
	for _, u := range units {
		if u.pkg.Syntax != nil || u.pkg.TypesInfo != nil || u.pkg.Types != nil || u.facts != nil {
			t.Errorf("%s: syntax, types or facts kept after the run", u.pkg.ID)
		}
	}
	if n := viewSeen.Load(); n != 2 {
		t.Errorf("a's types seen at %d importers' loads, want 2 (b and c)", n)
	}
}

// TestScheduleFailure: an analyzer that fails fails those that require
// it, on its package, and itself on the importers, as in
// checker.Analyze.
func TestScheduleFailure(t *testing.T) {
	dir := testutil.WriteModule(t, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"a/a.go": "package a\n\nimport \"net/http\"\n\nvar C = http.DefaultClient\n",
		"b/b.go": "package b\n\nimport \"example.com/m/a\"\n\nvar C = a.C\n",
	})
	failing := &analysis.Analyzer{
		Name:      "failing",
		Doc:       "failing: fails on a",
		FactTypes: []analysis.Fact{(*marked)(nil)},
		Run: func(pass *analysis.Pass) (any, error) {
			if strings.HasSuffix(pass.Pkg.Path(), "/a") {
				return nil, errBoom
			}
			return nil, nil
		},
	}
	user := &analysis.Analyzer{
		Name:     "user",
		Doc:      "user: requires failing",
		Requires: []*analysis.Analyzer{failing},
		Run:      func(*analysis.Pass) (any, error) { return nil, nil },
	}
	cfg := scratchConfig(dir)
	units := loadUnits(t, cfg, false, "./...")
	var got []string
	for _, o := range schedule(units, []*analysis.Analyzer{user}) {
		if o.err != nil {
			got = append(got, strings.ReplaceAll(o.String()+": "+o.err.Error(), "example.com/m/", ""))
		}
	}
	want := []string{
		"failing@a: boom",
		"failing@b: failed prerequisites: failing@a",
		"user@a: failed prerequisites: failing@a",
		"user@b: failed prerequisites: failing@b",
	}
	checkLines(t, got, want)
}

var errBoom = errors.New("boom")

// checkLines reports the difference between got and want, sorted.
func checkLines(t *testing.T, got, want []string) {
	t.Helper()
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("got\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}

// TestEnclosingFunc: a position names the function declaration around
// it, a method with its receiver type; a position in another declaration
// names none.
func TestEnclosingFunc(t *testing.T) {
	const src = "package p\n\nvar f = func() {}\n\nfunc A() {}\n\ntype T struct{}\n\nfunc (t *T) M() {\n\tA()\n}\n\nfunc B() {}\n"
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	at := func(sub string) token.Pos { return f.FileStart + token.Pos(strings.Index(src, sub)) }
	for _, tc := range []struct{ at, want string }{
		{"func() {}", ""},
		{"A() {}", "A"},
		{"struct{}", ""},
		{"A()\n}", "T.M"},
		{"B() {}", "B"},
		{"package", ""},
	} {
		if got := enclosingFunc([]*ast.File{f}, at(tc.at)); got != tc.want {
			t.Errorf("at %q: %q, want %q", tc.at, got, tc.want)
		}
	}
}
