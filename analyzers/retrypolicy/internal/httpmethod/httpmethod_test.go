package httpmethod_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/analyzers/retrypolicy/internal/httpmethod"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/http/httplib"
	"golang.org/x/tools/go/ssa"
)

// describe reports the method of every (*http.Client).Do.
var describe = &analysis.Analyzer{
	Name:     "describe",
	Doc:      "describe request methods",
	Requires: []*analysis.Analyzer{facts.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[facts.Analyzer].(*facts.Result)
		if !res.Relevant {
			return nil, nil
		}
		r := httpmethod.New(res.Index)
		for _, fn := range res.Funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(ssa.CallInstruction)
					if !ok {
						continue
					}
					s, ok := httplib.Classify(call)
					if !ok || s.Request == nil {
						continue
					}
					if m, ok := r.Request(s.Request); ok {
						pass.Reportf(call.Pos(), "method %s", m)
					} else {
						pass.Reportf(call.Pos(), "method unknown")
					}
				}
			}
		}
		return nil, nil
	},
}

func TestMethods(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), describe, "methods")
}
