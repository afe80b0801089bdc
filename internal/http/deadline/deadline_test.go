package deadline_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/deadline"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/testutil"
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
		testutil.Probes(pass, res.Funcs, func(name string, call *ssa.Call, _ ssa.Value) {
			switch name {
			case "ctxDeadline":
				pass.Reportf(call.Pos(), "%s: %s", name, r.Context(call.Call.Args[0]))
			case "reqDeadline":
				pass.Reportf(call.Pos(), "%s: %s", name, r.Request(call.Call.Args[0]))
			}
		})
		return nil, nil
	},
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
