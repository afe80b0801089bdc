package length_test

import (
	"fmt"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/analyzers/headersize/internal/length"
	"github.com/httplint/httplint/analyzers/headersize/internal/render"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/testutil"
)

// probe reports the estimate of the argument of every call to a probe
// function of the package under test: bytesOf(string), countOf(any),
// urlOf(*url.URL), elemOf(any).
var probe = &analysis.Analyzer{
	Name:     "lengthprobe",
	Doc:      "report length estimates at probe calls",
	Requires: []*analysis.Analyzer{facts.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := facts.Of(pass)
		if res == nil {
			return nil, nil
		}
		a := length.New(res.Index, pass.Fset, pass.Files, pass.TypesInfo)
		nm := render.New(res.Index, pass.Files)
		testutil.Probes(pass, res.Funcs, func(name string, call *ssa.Call, arg ssa.Value) {
			var l length.Length
			switch name {
			case "bytesOf":
				l = a.Bytes(arg)
			case "countOf":
				l = a.Count(arg, call.Block())
			case "urlOf":
				l = a.URL(arg, call)
			case "elemOf":
				l = a.Elem(arg)
			default:
				return
			}
			pass.Reportf(call.Pos(), "%s: %s", name, describe(pass, nm, l))
		})
		return nil, nil
	},
}

func describe(pass *analysis.Pass, nm *render.Namer, l length.Length) string {
	s := nm.Length(l)
	if l.Grow != nil && l.Grow.Site.IsValid() {
		s += fmt.Sprintf(" @%d", pass.Fset.Position(l.Grow.Site).Line)
	}
	return s
}

var _ = types.Typ

func TestLengths(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), probe, "lengths")
}

func TestLattice(t *testing.T) {
	c := length.Const
	for _, tc := range []struct {
		got  length.Length
		want string
	}{
		{length.Add(c(3), c(4)), "7"},
		{length.Join(c(3), c(7)), "3..7"},
		{length.Mul(c(3), c(7)), "21"},
		{length.Mul(c(0), length.Unknown), "0"},
		{length.Add(c(3), length.Unknown), "3.."},
		{length.Join(c(3), length.Unknown), "unknown"},
		{length.Escape(length.Upto(10)), "0..30"},
		{length.Add(length.Length{Grow: &length.Growth{}}, length.Unknown), "grows"},
		{length.Mul(length.Length{Grow: &length.Growth{}}, c(3)), "grows"},
		{length.Join(length.Unknown, length.Length{Grow: &length.Growth{}}), "grows"},
	} {
		if s := tc.got.String(); s != tc.want {
			t.Errorf("got %s, want %s", s, tc.want)
		}
	}
}
