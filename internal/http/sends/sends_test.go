package sends_test

import (
	"fmt"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/internal/http/facts"
)

// probe reports the parameter-dependent sends of each function whose
// name starts with "send", and what the sends of each call to one of
// them become at that call.
var probe = &analysis.Analyzer{
	Name:     "sendsprobe",
	Doc:      "report parameter-dependent sends",
	Requires: []*analysis.Analyzer{facts.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := facts.Of(pass)
		if res == nil {
			return nil, nil
		}
		r := res.SendResolver()
		for _, fn := range res.Funcs {
			if strings.HasPrefix(fn.Name(), "send") {
				var parts []string
				for _, s := range r.Of(fn) {
					parts = append(parts, fmt.Sprintf("%s(client=param%d,deadline=%d/%d)", s.What, s.ClientParam, s.Deadline.Kind, s.Deadline.Param))
				}
				pass.Reportf(fn.Pos(), "%s: %s", fn.Name(), strings.Join(parts, " "))
			}
		}
		return nil, nil
	},
}

func TestOf(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), probe, "helpers")
}
