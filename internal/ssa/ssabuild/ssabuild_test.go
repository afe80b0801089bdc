package ssabuild_test

import (
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/ssabuild"
)

// TestBuild: Build gives every source function, and creates SSA packages
// only for the imports whose functions or variables the package names
// (fmt, os, slices), not for those it uses only for types, constants and
// methods (net/http, strconv, time), which go/ssa resolves without one.
func TestBuild(t *testing.T) {
	var (
		pkg   *ssa.Package
		funcs []*ssa.Function
	)
	a := &analysis.Analyzer{
		Name: "ssabuildtest",
		Doc:  "test",
		Run: func(pass *analysis.Pass) (any, error) {
			var err error
			pkg, funcs, err = ssabuild.Build(pass)
			return nil, err
		},
	}
	analysistest.Run(t, analysistest.TestData(), a, "p")
	if pkg == nil {
		t.Fatal("no SSA package")
	}
	var names []string
	for _, f := range funcs {
		names = append(names, f.String())
	}
	want := []string{"p.Use", "p.init#1", "p.init"}
	if !slices.Equal(names, want) {
		t.Errorf("functions = %q, want %q", names, want)
	}
	for path, want := range map[string]bool{
		"fmt": true, "os": true, "slices": true,
		"net/http": false, "strconv": false, "time": false,
	} {
		if got := pkg.Prog.ImportedPackage(path) != nil; got != want {
			t.Errorf("SSA package for %s created: %v, want %v", path, got, want)
		}
	}
	// The calls through imported methods resolve all the same.
	var callees []string
	for _, b := range pkg.Func("Use").Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok {
				if f := c.Common().StaticCallee(); f != nil {
					callees = append(callees, f.String())
				}
			}
		}
	}
	for _, want := range []string{"fmt.Println", "slices.Contains[[]string, string]", "(*net/http.Client).Do", "(net/http.Header).Get$bound", "(net/http.Header).Set$thunk"} {
		if !slices.Contains(callees, want) {
			t.Errorf("no static call of %s in %q", want, callees)
		}
	}
}
