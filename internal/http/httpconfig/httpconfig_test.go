package httpconfig_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/testutil"
)

// probe reports the configuration the resolver reconstructs for the
// argument of each call of client(c) or transport(t).
var probe = &analysis.Analyzer{
	Name:     "configprobe",
	Doc:      "report client and transport configurations at probe calls",
	Requires: []*analysis.Analyzer{facts.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := facts.Of(pass)
		if res == nil {
			return nil, nil
		}
		r := res.ClientResolver()
		testutil.Probes(pass, res.Funcs, func(name string, call *ssa.Call, arg ssa.Value) {
			switch name {
			case "client":
				c := r.Client(arg)
				pass.Reportf(call.Pos(), "client: %s timeout=%s transport(%s)", origin(c.Origin), c.Timeout.Describe(true), fields(c.Transport))
			case "transport":
				t := r.Transport(arg)
				pass.Reportf(call.Pos(), "transport: %s fresh=%v %s", origin(t.Origin), t.Fresh, fields(t))
			}
		})
		return nil, nil
	},
}

func origin(o httpconfig.Origin) string {
	return [...]string{"unknown", "zero", "default", "pooled"}[o]
}

// fields lists the explicitly set fields of t, and MaxIdleConnsPerHost.
func fields(t *httpconfig.Transport) string {
	var out []string
	for _, f := range httpconfig.TransportFields {
		if v := t.Get(f); v.Explicit || f == httpconfig.MaxIdleConnsPerHost {
			out = append(out, fmt.Sprintf("%s=%s", f, v.Describe(f.IsDuration())))
		}
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func TestResolver(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), probe, "config")
}

func TestJoin(t *testing.T) {
	a := setting.ConstValue(5, true, 0)
	if got := a.Join(setting.ConstValue(5, true, 0)); got.Kind != setting.Const || got.Int != 5 {
		t.Errorf("5 ⊔ 5 = %+v", got)
	}
	if got := a.Join(setting.ConstValue(6, true, 0)); got.Kind != setting.Dynamic {
		t.Errorf("5 ⊔ 6 = %+v, want dynamic", got)
	}
	if got := a.Join(setting.Value{}); got.Kind != setting.Unknown {
		t.Errorf("5 ⊔ unknown = %+v, want unknown", got)
	}
}
