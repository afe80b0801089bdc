package deadline_test

import (
	"fmt"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/deadline"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// probe reports what the resolver knows of the deadline of the argument
// of each call of ctxDeadline(ctx) or reqDeadline(req).
var probe = &analysis.Analyzer{
	Name:     "deadlineprobe",
	Doc:      "report context deadlines at probe calls",
	Requires: []*analysis.Analyzer{facts.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := facts.Of(pass)
		if res == nil {
			return nil, nil
		}
		r := res.DeadlineResolver()
		for _, fn := range res.Funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					call, ok := instr.(*ssa.Call)
					if !ok || len(call.Call.Args) != 1 {
						continue
					}
					callee := valueflow.StaticCallee(&call.Call)
					if callee == nil || callee.Pkg() != pass.Pkg {
						continue
					}
					var d deadline.Deadline
					switch callee.Name() {
					case "ctxDeadline":
						d = r.Context(call.Call.Args[0])
					case "reqDeadline":
						d = r.Request(call.Call.Args[0])
					default:
						continue
					}
					pass.Reportf(call.Pos(), "%s: %s", callee.Name(), describe(d))
				}
			}
		}
		return nil, nil
	},
}

func describe(d deadline.Deadline) string {
	switch d.Kind {
	case deadline.None:
		return "none"
	case deadline.Has:
		return "has"
	case deadline.Param:
		return fmt.Sprintf("param%d", d.Param)
	}
	return "unknown"
}

func TestResolver(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), probe, "deadlines")
}

func TestJoin(t *testing.T) {
	has, none := deadline.Deadline{Kind: deadline.Has}, deadline.Deadline{Kind: deadline.None}
	if has.Join(has) != has || has.Join(none).Kind != deadline.Unknown {
		t.Errorf("Join: has⊔has = %v, has⊔none = %v", has.Join(has), has.Join(none))
	}
}
