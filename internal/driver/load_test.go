package driver

import (
	"fmt"
	"go/types"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/testutil"
)

// TestLoad: load type-checks the packages that can reach HTTP from
// source without compiling them, and gives them the same packages, files
// and types as packages.Load: roots importing roots see one copy of their
// types, and a root whose external test imports a helper that imports it
// back (a test variant among its dependencies) is loaded from source too:
// the helper's variant is type-checked against the root's test variant.
func TestLoad(t *testing.T) {
	dir := testutil.WriteModule(t, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		// a and b: b imports a; both are loaded from source.
		"a/a.go": "package a\n\nimport \"net/http\"\n\ntype T struct{ C *http.Client }\n\nfunc New() *T { return &T{C: http.DefaultClient} }\n",
		"b/b.go": "package b\n\nimport (\n\t\"net/http\"\n\n\t\"example.com/m/a\"\n)\n\nfunc Get(t *a.T) (*http.Response, error) { return t.C.Get(\"http://example.com\") }\n\nvar _ = a.New().C.Timeout\n",
		// The compiler rejects this file (go:linkname needs unsafe);
		// go/types does not: compiling it would be an error.
		"c/c.go": "package c\n\nimport (\n\t\"net/http\"\n\t\"time\"\n)\n\n//go:linkname now time.Now\nfunc now() time.Time\n\nvar Client = &http.Client{}\n",
		// d's external test imports h, which imports d: h is a test
		// variant (h [d.test]), between the roots d [d.test] and
		// d_test [d.test]; there is no export data for it.
		"d/d.go":               "package d\n\nimport (\n\t\"net/http\"\n\n\t\"example.com/m/a\"\n)\n\nvar C = a.New().C\n\nfunc Get() { http.Get(\"http://example.com\") }\n",
		"d/d_test.go":          "package d_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/m/h\"\n)\n\nfunc TestD(t *testing.T) { h.Use() }\n",
		"d/d_internal_test.go": "package d\n\nfunc helper() {}\n",
		"h/h.go":               "package h\n\nimport \"example.com/m/d\"\n\nfunc Use() { d.Get() }\n",
		"pure/pure.go":         "package pure\n\nfunc Add(a, b int) int { return a + b }\n",
		"b/b_ext_test.go":      "package b_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/m/b\"\n)\n\nfunc TestB(t *testing.T) { b.Get(nil) }\n",
	})
	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Tests: true, Dir: dir}

	keep := gated(t, cfg, "./...")
	source, rest := splitForSource(keep, facts.Scope, false, nil)
	var sourceIDs []string
	for _, p := range source {
		sourceIDs = append(sourceIDs, p.ID)
	}
	slices.Sort(sourceIDs)
	slices.Sort(rest)
	wantSource := []string{
		"example.com/m/a", "example.com/m/b", "example.com/m/b_test [example.com/m/b.test]", "example.com/m/c",
		"example.com/m/d", "example.com/m/d [example.com/m/d.test]", "example.com/m/d_test [example.com/m/d.test]", "example.com/m/h",
	}
	if !slices.Equal(sourceIDs, wantSource) {
		t.Errorf("from source: %q, want %q", sourceIDs, wantSource)
	}
	if len(rest) > 0 {
		t.Errorf("through packages.Load: %q, want none", rest)
	}

	units := loadUnits(t, cfg, false, "./...")
	got := loadRoots(units)
	want, err := packages.Load(cfg, "./...")
	if err != nil {
		t.Fatal(err)
	}
	files := func(pkgs []*packages.Package) map[string]string {
		m := make(map[string]string)
		for _, p := range pkgs {
			if strings.HasSuffix(p.ID, ".test") || p.PkgPath == "example.com/m/pure" {
				continue // test mains and packages that cannot reach HTTP are not analysed
			}
			var names []string
			for _, f := range p.Syntax {
				names = append(names, filepath.Base(p.Fset.File(f.Pos()).Name()))
			}
			slices.Sort(names)
			m[p.ID] = strings.Join(names, " ")
		}
		return m
	}
	gotFiles, wantFiles := files(got), files(want)
	for id, w := range wantFiles {
		if g, ok := gotFiles[id]; !ok || g != w {
			t.Errorf("%s: files %q, want %q", id, g, w)
		}
	}
	for id := range gotFiles {
		if _, ok := wantFiles[id]; !ok {
			t.Errorf("%s: loaded, but packages.Load does not list it", id)
		}
	}

	byID := make(map[string]*packages.Package)
	for _, p := range got {
		if byID[p.ID] == nil {
			byID[p.ID] = p
		}
		if strings.HasPrefix(p.PkgPath, "example.com/m/c") {
			if len(p.Errors) > 0 {
				t.Errorf("%s was compiled: %v", p.ID, p.Errors)
			}
		} else if len(p.Errors) > 0 {
			t.Errorf("%s: %v", p.ID, p.Errors)
		}
		if p.Types == nil || p.TypesInfo == nil || p.IllTyped {
			t.Errorf("%s: no types", p.ID)
		}
	}
	// b sees the a that was type-checked from source, not a second copy.
	if b, a := byID["example.com/m/b"], byID["example.com/m/a"]; b != nil && a != nil {
		if b.Imports["example.com/m/a"] != a {
			t.Errorf("b imports a second copy of a")
		}
		if http := b.Imports["net/http"]; http == nil || http.Types == nil || !http.Types.Complete() {
			t.Errorf("b's net/http has no types from export data")
		}
	}
	// d_test sees h [d.test] type-checked against d [d.test], the
	// variant it imports itself: one copy of d's types.
	if xtest, d := byID["example.com/m/d_test [example.com/m/d.test]"], byID["example.com/m/d [example.com/m/d.test]"]; xtest != nil && d != nil {
		h := xtest.Imports["example.com/m/h"]
		if h == nil || h.ID != "example.com/m/h [example.com/m/d.test]" || h.Types == nil || !slices.Contains(h.Types.Imports(), d.Types) {
			t.Errorf("d_test's h is not type-checked against d [d.test]: %v", h)
		}
	} else {
		t.Errorf("d's test variants not loaded")
	}
	// The premise: compiling c fails, as packages.Load shows.
	for _, p := range want {
		if p.PkgPath == "example.com/m/c" && len(p.Errors) == 0 {
			t.Errorf("packages.Load compiled c without error: the test no longer shows that load does not compile")
		}
	}
}

// TestLoadBetweenFromExportData: a dependency between roots whose
// export data the go command gives (mid [low.test]: mid imports low, and
// low's external test imports mid; web, a root, imports mid) is read from
// the export data of mid against the roots' types, once its source is
// large enough (minBetweenSource): its API names the test variant
// low [low.test] that its importers see, not the low the compiler saw.
// A smaller one, and one whose package the build cache does not hold
// (web [low.test]: web, a root, was never compiled), are type-checked
// from source.
func TestLoadBetweenFromExportData(t *testing.T) {
	dir := testutil.WriteModule(t, map[string]string{
		"go.mod":             "module example.com/m\n\ngo 1.26\n",
		"low/low.go":         "package low\n\ntype T struct{ N int }\n\nfunc internal() int { return 1 }\n",
		"low/export_test.go": "package low\n\nvar Internal = internal\n",
		"low/low_test.go":    "package low_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/m/low\"\n\t\"example.com/m/mid\"\n\t\"example.com/m/web\"\n)\n\nfunc TestLow(t *testing.T) {\n\tvar x low.T = mid.Wrap(low.T{N: low.Internal()})\n\tweb.Get(x)\n}\n",
		"mid/mid.go":         "package mid\n\nimport \"example.com/m/low\"\n\nfunc Wrap(t low.T) low.T { return t }\n",
		"web/web.go":         "package web\n\nimport (\n\t\"net/http\"\n\n\t\"example.com/m/low\"\n\t\"example.com/m/mid\"\n)\n\nfunc Get(t low.T) {\n\t_ = mid.Wrap(t)\n\thttp.Get(\"http://example.com\")\n}\n",
	})
	buildCache(t, dir, "./mid") // export data for mid, not analysed; none for web
	cfg := scratchConfig(dir)
	cfg.Tests = true
	load := func() (low, mid, web *packages.Package) {
		units := loadUnits(t, cfg, false, "./...")
		for _, u := range dependencyOrder(units) {
			u.ensureLoaded()
		}
		byID := make(map[string]*packages.Package)
		for _, u := range units {
			byID[u.pkg.ID] = u.pkg
			if len(u.pkg.Errors) > 0 {
				t.Errorf("%s: %v", u.pkg.ID, u.pkg.Errors)
			}
		}
		low = byID["example.com/m/low [example.com/m/low.test]"]
		mid = byID["example.com/m/mid [example.com/m/low.test]"]
		web = byID["example.com/m/web [example.com/m/low.test]"]
		if low == nil || mid == nil || web == nil || byID["example.com/m/low_test [example.com/m/low.test]"] == nil {
			t.Fatalf("missing units: %v", slices.Sorted(maps.Keys(byID)))
		}
		if web.Types.Scope().NumChildren() == 0 {
			t.Errorf("web [low.test] has no export data of its own, but was not type-checked from source")
		}
		return low, mid, web
	}

	if _, mid, _ := load(); mid.Types.Scope().NumChildren() == 0 {
		t.Errorf("mid [low.test] is small, but was not type-checked from source")
	}

	defer func(n int64) { minBetweenSource = n }(minBetweenSource)
	minBetweenSource = 0
	low, mid, _ := load()
	if mid.Types.Scope().NumChildren() > 0 {
		t.Errorf("mid [low.test] was type-checked from source, not read from export data")
	}
	wrap, _ := mid.Types.Scope().Lookup("Wrap").(*types.Func)
	if wrap == nil {
		t.Fatal("mid [low.test] has no Wrap")
	}
	if p := wrap.Signature().Params().At(0).Type().(*types.Named).Obj().Pkg(); p != low.Types {
		t.Errorf("mid [low.test]'s Wrap takes a T of another low than low [low.test]")
	}
}

// TestDropDependencySyntax: packages.Load type-checks a dependency
// between two roots (r imports m, m imports the root q) from source,
// without function bodies; dropDependencySyntax drops its syntax and type
// information, so that no analyzer builds SSA from them, and keeps the
// roots' and the dependency's types.
func TestDropDependencySyntax(t *testing.T) {
	dir := betweenRoots(t, "package r\n\nimport \"example.com/m/m\"\n\nfunc Get() { m.Client().Get(\"http://example.com\") }\n")
	cfg := scratchConfig(dir)
	initial, err := packages.Load(cfg, "./r", "./q")
	if err != nil {
		t.Fatal(err)
	}
	byPath := make(map[string]*packages.Package)
	packages.Visit(initial, nil, func(p *packages.Package) { byPath[p.PkgPath] = p })
	m := byPath["example.com/m/m"]
	if m == nil || len(m.Syntax) == 0 || m.TypesInfo == nil {
		t.Fatal("premise: packages.Load gives m no syntax")
	}
	for id := range m.TypesInfo.Defs {
		if id.Name == "c" {
			t.Fatal("premise: packages.Load type-checked m's function bodies")
		}
	}

	dropDependencySyntax(initial)
	for _, path := range []string{"example.com/m/r", "example.com/m/q"} {
		if p := byPath[path]; len(p.Syntax) == 0 || p.TypesInfo == nil {
			t.Errorf("root %s lost its syntax", path)
		}
	}
	if len(m.Syntax) > 0 || m.TypesInfo != nil {
		t.Errorf("dependency m kept its syntax")
	}
	if m.Types == nil || !m.Types.Complete() {
		t.Errorf("dependency m lost its types")
	}
}

// TestUsesCgo: a package with a Go file that imports "C", or with SWIG
// files, is left to packages.Load, which has the go command generate its
// compiled Go files.
func TestUsesCgo(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	plain := write("plain.go", "package p\n\nimport \"net/http\"\n\nvar _ = http.Get\n")
	cgo := write("cgo.go", "package p\n\n// #include <stdlib.h>\nimport \"C\"\n\nimport \"net/http\"\n\nvar _ = http.Get\n")
	broken := write("broken.go", "package p\n\nimport (\n")
	for _, tc := range []struct {
		name string
		pkg  *packages.Package
		want bool
	}{
		{"plain", &packages.Package{GoFiles: []string{plain}}, false},
		{"cgo", &packages.Package{GoFiles: []string{plain, cgo}}, true},
		{"swig", &packages.Package{GoFiles: []string{plain}, OtherFiles: []string{filepath.Join(dir, "x.swig")}}, true},
		{"unparsable", &packages.Package{GoFiles: []string{broken}}, true},
	} {
		if got := usesCgo(tc.pkg); got != tc.want {
			t.Errorf("%s: usesCgo = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestLoadBetweenRootsCgo: a package between roots that uses cgo (r
// imports c, c imports "C" and the root q) is type-checked from source
// too, without function bodies and with a fake "C": its declarations
// that do not use C are what r needs.
func TestLoadBetweenRootsCgo(t *testing.T) {
	if os.Getenv("CGO_ENABLED") == "0" {
		t.Skip("CGO_ENABLED=0: go list leaves cgo files out")
	}
	dir := testutil.WriteModule(t, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"q/q.go": "package q\n\nimport \"net/http\"\n\nvar Client = &http.Client{}\n",
		"c/c.go": "package c\n\n// #include <stdlib.h>\nimport \"C\"\n\nimport (\n\t\"net/http\"\n\n\t\"example.com/m/q\"\n)\n\nfunc Client() *http.Client { return q.Client }\n\nfunc Free(p *C.char) { C.free(nil) }\n",
		"r/r.go": "package r\n\nimport \"example.com/m/c\"\n\nfunc Get() { c.Client().Get(\"http://example.com\") }\n",
	})
	cfg := scratchConfig(dir)
	keep := gated(t, cfg, "./r", "./q")
	var c *packages.Package
	packages.Visit(keep, nil, func(p *packages.Package) {
		if p.PkgPath == "example.com/m/c" {
			c = p
		}
	})
	if c == nil || !usesCgo(c) {
		t.Skip("go list does not list c's cgo file (no C compiler?)")
	}
	if source, rest := splitForSource(keep, facts.Scope, false, nil); len(source) != 2 || len(rest) != 0 {
		t.Errorf("from source %d roots, through packages.Load %q; want 2 and none", len(source), rest)
	}
	units := loadUnits(t, cfg, false, "./r", "./q")
	for _, u := range dependencyOrder(units) {
		u.ensureLoaded()
		if len(u.pkg.Errors) > 0 || u.pkg.IllTyped {
			t.Errorf("%s: %v", u.pkg.ID, u.pkg.Errors)
		}
	}
}

// TestLoadBetweenRoots: a package between roots (r imports m, m imports
// the root q, and m is not named) is type-checked from source without
// function bodies, against the root q itself, so that r, m and q share
// one copy of q's types and no package goes to packages.Load.
func TestLoadBetweenRoots(t *testing.T) {
	dir := betweenRoots(t, "package r\n\nimport (\n\t\"example.com/m/m\"\n\t\"example.com/m/q\"\n)\n\nvar _ = m.Client() == q.Client\n\nfunc Get() { m.Client().Get(\"http://example.com\") }\n")
	cfg := scratchConfig(dir)
	keep := gated(t, cfg, "./r", "./q")
	if source, rest := splitForSource(keep, facts.Scope, false, nil); len(source) != 2 || len(rest) != 0 {
		t.Errorf("from source %d roots, through packages.Load %q; want 2 and none", len(source), rest)
	}
	units := loadUnits(t, cfg, false, "./r", "./q")
	initial := loadRoots(units)
	byPath := make(map[string]*packages.Package)
	for _, p := range initial {
		byPath[p.PkgPath] = p
		if len(p.Errors) > 0 {
			t.Errorf("%s: %v", p.ID, p.Errors)
		}
	}
	r, q := byPath["example.com/m/r"], byPath["example.com/m/q"]
	if r == nil || q == nil || len(r.Syntax) == 0 || len(q.Syntax) == 0 {
		t.Fatalf("roots r and q not loaded with syntax: %v", initial)
	}
	m := r.Imports["example.com/m/m"]
	if m == nil || m.Types == nil || !m.Types.Complete() {
		t.Fatal("m has no types")
	}
	if len(m.Syntax) > 0 || m.TypesInfo != nil {
		t.Error("m, not a root, has syntax")
	}
	if !slices.Contains(m.Types.Imports(), q.Types) || m.Imports["example.com/m/q"] != q {
		t.Error("m imports a second copy of q")
	}
}

// scratchConfig is the configuration the driver loads a scratch module
// in dir with.
func scratchConfig(dir string) *packages.Config {
	return &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Dir: dir}
}

// buildCache compiles the packages named by patterns, in the module in
// dir, into the build cache, so that their export data is there to read.
func buildCache(t *testing.T, dir string, patterns ...string) {
	t.Helper()
	cmd := exec.Command("go", append([]string{"build"}, patterns...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", strings.Join(patterns, " "), err, out)
	}
}

// loadUnits returns the units load gives for patterns (deps as for
// load).
func loadUnits(t *testing.T, cfg *packages.Config, deps bool, patterns ...string) []*unit {
	t.Helper()
	units, _, _, err := load(cfg, facts.Scope, patterns, deps)
	if err != nil {
		t.Fatal(err)
	}
	return units
}

// gated lists the packages named by patterns and returns those gate
// keeps.
func gated(t *testing.T, cfg *packages.Config, patterns ...string) []*packages.Package {
	t.Helper()
	meta, err := loadMeta(cfg, patterns)
	if err != nil {
		t.Fatal(err)
	}
	keep, _, _, ok := gate(meta, facts.Scope)
	if !ok {
		t.Fatal("gate refused the module")
	}
	return keep
}

// loadRoots loads units in dependency order, as the schedule does, and
// returns the packages of the roots.
func loadRoots(units []*unit) []*packages.Package {
	var roots []*packages.Package
	for _, u := range dependencyOrder(units) {
		u.ensureLoaded()
	}
	for _, u := range units {
		if u.root {
			roots = append(roots, u.pkg)
		}
	}
	return roots
}

// betweenRoots writes a module in which m, to be left unnamed, sits
// between the roots q and r: m imports q, and r (source rSrc) imports m.
func betweenRoots(t *testing.T, rSrc string) string {
	return testutil.WriteModule(t, map[string]string{
		"go.mod": "module example.com/m\n\ngo 1.26\n",
		"q/q.go": "package q\n\nimport \"net/http\"\n\nvar Client = &http.Client{}\n",
		"m/m.go": "package m\n\nimport (\n\t\"net/http\"\n\n\t\"example.com/m/q\"\n)\n\nfunc Client() *http.Client {\n\tc := q.Client\n\treturn c\n}\n",
		"r/r.go": rSrc,
	})
}

// TestLoadDeps: with deps, the dependencies that can reach HTTP are
// type-checked from source with their bodies, to be analysed for their
// facts, and the others come from export data; nothing goes to
// packages.Load.
func TestLoadDeps(t *testing.T) {
	dir := testutil.WriteModule(t, map[string]string{
		"go.mod":         "module example.com/m\n\ngo 1.26\n",
		"httpx/httpx.go": "package httpx\n\nimport \"net/http\"\n\nfunc New() *http.Client { return &http.Client{} }\n",
		"mid/mid.go":     "package mid\n\nimport \"example.com/m/httpx\"\n\nvar Client = httpx.New()\n",
		"pure/pure.go":   "package pure\n\nfunc Add(a, b int) int { return a + b }\n",
		"app/app.go":     "package app\n\nimport (\n\t\"example.com/m/mid\"\n\t\"example.com/m/pure\"\n)\n\nfunc Get() { mid.Client.Get(\"http://example.com\"); _ = pure.Add(1, 2) }\n",
	})
	buildCache(t, dir, "./...") // export data for pure
	cfg := scratchConfig(dir)
	units := loadUnits(t, cfg, true, "./app")
	var got []string
	for _, u := range units {
		if u.load == nil {
			t.Errorf("%s loaded by packages.Load", u.pkg.ID)
		}
	}
	for _, u := range dependencyOrder(units) {
		u.ensureLoaded()
		if len(u.pkg.Errors) > 0 {
			t.Errorf("%s: %v", u.pkg.ID, u.pkg.Errors)
		}
		if len(u.pkg.Syntax) == 0 || u.pkg.TypesInfo == nil {
			t.Errorf("%s: no syntax or type information to analyse", u.pkg.ID)
		}
		got = append(got, fmt.Sprintf("%s root=%t", u.pkg.PkgPath, u.root))
	}
	want := []string{"example.com/m/httpx root=false", "example.com/m/mid root=false", "example.com/m/app root=true"}
	if !slices.Equal(got, want) {
		t.Errorf("units %q, want %q", got, want)
	}
	if pure := units[0].pkg.Imports["example.com/m/pure"]; pure == nil || pure.Syntax != nil || pure.Types == nil || !pure.Types.Complete() {
		t.Errorf("pure does not come from export data: %+v", pure)
	}
}

// TestGateKeepsBroken: a root that go list reports errors for (two
// package names in one directory) is kept, so that loading reports them,
// and goes to packages.Load alone; the other roots that can reach HTTP
// are still loaded from source, and the rest not at all.
func TestGateKeepsBroken(t *testing.T) {
	dir := testutil.WriteModule(t, map[string]string{
		"go.mod":         "module example.com/m\n\ngo 1.26\n",
		"good/good.go":   "package good\n\nimport \"net/http\"\n\nvar C = &http.Client{}\n",
		"broken/b.go":    "package broken\n",
		"broken/c.go":    "package other\n", // go list: found packages broken and other
		"pure/pure.go":   "package pure\n\nfunc Add(a, b int) int { return a + b }\n",
		"other/other.go": "package other\n\nimport \"net/http\"\n\nvar D = http.DefaultClient\n",
	})
	cfg := scratchConfig(dir)
	keep := gated(t, cfg, "./...")
	var ids []string
	for _, p := range keep {
		ids = append(ids, p.ID)
	}
	slices.Sort(ids)
	if want := []string{"example.com/m/broken", "example.com/m/good", "example.com/m/other"}; !slices.Equal(ids, want) {
		t.Errorf("kept %q, want %q", ids, want)
	}
	source, rest := splitForSource(keep, facts.Scope, false, nil)
	if len(source) != 2 || !slices.Equal(rest, []string{"example.com/m/broken"}) {
		t.Errorf("from source %d roots (%v), through packages.Load %q; want 2 and broken", len(source), source, rest)
	}
}
