package driver

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/testutil"
)

// factDump runs the facts analyzer of the suite and reports every fact
// its pass sees, its imports' and its own, so that two loads can be
// compared fact for fact.
var factDump = &analysis.Analyzer{
	Name:             "factdump",
	Doc:              "factdump: reports the facts of the facts analyzer",
	Requires:         facts.Analyzer.Requires,
	FactTypes:        facts.Analyzer.FactTypes,
	ResultType:       facts.Analyzer.ResultType,
	RunDespiteErrors: facts.Analyzer.RunDespiteErrors,
	Run: func(pass *analysis.Pass) (any, error) {
		res, err := facts.Analyzer.Run(pass)
		if err != nil || len(pass.Files) == 0 {
			return res, err
		}
		at := pass.Files[0].Package
		for _, f := range pass.AllObjectFacts() {
			pass.Reportf(at, "object fact %s.%s: %v", f.Object.Pkg().Path(), f.Object.Name(), f.Fact)
		}
		for _, f := range pass.AllPackageFacts() {
			pass.Reportf(at, "package fact %s: %v", f.Package.Path(), f.Fact)
		}
		return res, nil
	},
}

// TestColdCache: with an empty build cache, load compiles nothing: the
// dependencies the cache does not hold (the standard library's, and a
// package using cgo, among them, from the files cgo generates for it
// where its API names a C type) are type-checked from source without
// function bodies, and no export data is asked for. The analyzers then
// report the same findings and see the same facts as with the cache
// warm, where those dependencies come from export data; with -deps too.
func TestColdCache(t *testing.T) {
	files := map[string]string{
		"go.mod":         "module example.com/m\n\ngo 1.26\n",
		"httpx/httpx.go": "package httpx\n\nimport \"net/http\"\n\n// New returns a client without a Timeout.\nfunc New() *http.Client { return &http.Client{} }\n",
		"mid/mid.go":     "package mid\n\nimport (\n\t\"net/http\"\n\n\t\"example.com/m/httpx\"\n)\n\nvar Client = httpx.New()\n\nfunc Get(u string) (*http.Response, error) { return Client.Get(u) }\n",
		"pure/pure.go":   "package pure\n\nimport \"strings\"\n\nfunc Join(a, b string) string { return strings.Join([]string{a, b}, \"/\") }\n",
		"app/app.go":     "package app\n\nimport (\n\t\"net/http\"\n\n\t\"example.com/m/httpx\"\n\t\"example.com/m/mid\"\n\t\"example.com/m/pure\"\n)\n\nfunc Fetch(u string) error {\n\tresp, err := mid.Get(pure.Join(u, \"x\"))\n\tif err != nil {\n\t\treturn err\n\t}\n\tresp.Body.Close()\n\tresp, err = httpx.New().Get(u)\n\tif err != nil {\n\t\treturn err\n\t}\n\treturn resp.Body.Close()\n}\n\nvar _ = http.MethodGet\n",
	}
	cgo := os.Getenv("CGO_ENABLED") != "0"
	if cgo {
		files["cdep/cdep.go"] = "package cdep\n\n// static int add(int a, int b) { return a + b; }\nimport \"C\"\n\nfunc Add(a, b int) int { return int(C.add(C.int(a), C.int(b))) }\n\n// Int has a C type in its API: from source, against a fake \"C\", an invalid type.\nfunc Int() C.int { return 1 }\n"
		files["app/cgo.go"] = "package app\n\nimport \"example.com/m/cdep\"\n\nvar Sum = cdep.Add(1, 2) + int(cdep.Int())\n"
	}
	dir := testutil.WriteModule(t, files)
	as := []*analysis.Analyzer{factDump, toyCheck}
	for _, d := range analyzers.Definitions() {
		as = append(as, d.Analyzer)
	}
	patterns := []string{"./app", "./httpx"}

	// run loads patterns with the build cache in cache ("" for the
	// test's own) and returns the diagnostics and the packages read
	// from export data.
	run := func(cache string, deps bool) (diags, fromExport []string) {
		t.Helper()
		cfg := scratchConfig(dir)
		if cache != "" {
			cfg.Env = append(os.Environ(), "GOCACHE="+cache)
		}
		units, exp, _, err := load(cfg, facts.Scope, patterns, deps)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range units {
			if u.load == nil {
				t.Errorf("%s loaded by packages.Load", u.pkg.ID)
			}
		}
		for _, o := range schedule(units, as) {
			if o.err != nil {
				t.Errorf("%s: %v", o, o.err)
			}
			for i, d := range o.diags {
				diags = append(diags, fmt.Sprintf("%s %s %s %s: %s", o.pkg.PkgPath, o.pkg.Fset.Position(d.Pos), o.analyzer.Name, o.funcs[i], d.Message))
			}
		}
		for _, u := range units {
			if cache != "" && !u.root && !strings.HasPrefix(u.how, howNotCached) && u.how != howBetween && u.how != howFacts {
				t.Errorf("cold cache: %s loaded from %s", u.pkg.ID, u.how)
			}
		}
		slices.Sort(diags)
		return diags, exp
	}

	cold := t.TempDir()
	type result struct{ diags, fromExport []string }
	var colds [2]result
	for i, deps := range []bool{false, true} {
		diags, exp := run(cold, deps)
		if len(exp) > 0 {
			t.Errorf("deps=%t, cold cache: export data asked for %q", deps, exp)
		}
		colds[i] = result{diags, exp}
	}
	buildCache(t, dir, "./...")
	for i, deps := range []bool{false, true} {
		diags, exp := run("", deps)
		if !slices.Contains(exp, "example.com/m/pure") {
			t.Errorf("deps=%t, warm cache: pure not read from export data (%q)", deps, exp)
		}
		if cgo && !slices.Contains(exp, "example.com/m/cdep") {
			t.Errorf("deps=%t, warm cache: cdep not read from export data (%q)", deps, exp)
		}
		if !slices.Equal(colds[i].diags, diags) {
			t.Errorf("deps=%t: the cold cache gives\n\t%s\nthe warm one\n\t%s", deps, strings.Join(colds[i].diags, "\n\t"), strings.Join(diags, "\n\t"))
		}
		if !slices.ContainsFunc(diags, func(s string) bool { return strings.Contains(s, "object fact example.com/m/httpx.New") }) ||
			!slices.ContainsFunc(diags, func(s string) bool { return strings.Contains(s, "acquiretimeout") }) {
			t.Errorf("deps=%t: no fact of httpx.New or no finding seen:\n\t%s", deps, strings.Join(diags, "\n\t"))
		}
	}
}
