package httpmethod_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/analyzers/retrypolicy/internal/httpmethod"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/testutil"
	"golang.org/x/tools/go/ssa"
)

// describe reports the method of every (*http.Client).Do.
var describe = &analysis.Analyzer{
	Name:     "describe",
	Doc:      "describe request methods",
	Requires: []*analysis.Analyzer{facts.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := facts.Of(pass)
		if res == nil {
			return nil, nil
		}
		r := httpmethod.New(res.Index)
		testutil.Calls(res.Funcs, func(call ssa.CallInstruction) {
			s, ok := httplib.Classify(call)
			if !ok || s.Request == nil {
				return
			}
			if m, from, ok := r.Request(s.Request); ok && from.IsValid() {
				pass.Reportf(call.Pos(), "method %s from line %d", m, pass.Fset.Position(from).Line)
			} else if ok {
				pass.Reportf(call.Pos(), "method %s", m)
			} else {
				pass.Reportf(call.Pos(), "method unknown")
			}
		})
		return nil, nil
	},
}

func TestMethods(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), describe, "methods")
}
