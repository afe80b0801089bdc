package retryloop_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/analyzers/retrypolicy/internal/retryloop"
)

// describe reports, at each call of a function named attempt, what the
// package finds about the loop that retries it.
var describe = &analysis.Analyzer{
	Name:     "describe",
	Doc:      "describe retry loops",
	Requires: []*analysis.Analyzer{buildssa.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, fn := range pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA).SrcFuncs {
			forest := retryloop.Analyze(fn, nil)
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(*ssa.Call)
					if !ok {
						continue
					}
					callee := call.Call.StaticCallee()
					if callee == nil || callee.Name() != "attempt" {
						continue
					}
					a := retryloop.Attempt{Call: call, Err: call, Inputs: call.Call.Args}
					r := forest.Retry(a)
					if r == nil {
						pass.Reportf(call.Pos(), "not a retry")
						continue
					}
					var waits []string
					for _, w := range r.Waits {
						waits = append(waits, fmt.Sprint(w.Kind))
					}
					pass.Reportf(call.Pos(), "retry bounds=%d attempts=%d waits=[%s]", r.Bounds, r.Attempts, strings.Join(waits, " "))
				}
			}
		}
		return nil, nil
	},
}

func TestShapes(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), describe, "shapes")
}
