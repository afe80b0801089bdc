package valueflow_test

import (
	"fmt"
	"go/types"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/buildssa"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/testutil"
)

// probe reports, at each call of a probe function of the package under
// test, what the index answers about its argument:
//
//	origins(x)  the kinds of x's origins
//	constant(x) the constant string x holds on every path
//	stores(p)   the fields stored into the object p points to, and
//	            whether it escapes
//	callers(f)  the number of call sites of the function named f and
//	            whether they are all its calls
var probe = &analysis.Analyzer{
	Name:     "valueprobe",
	Doc:      "report what the value index answers at probe calls",
	Requires: []*analysis.Analyzer{buildssa.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[buildssa.Analyzer].(*buildssa.SSA)
		funcs := res.SrcFuncs
		if init := res.Pkg.Func("init"); init != nil {
			funcs = append(funcs, init) // stores to package variables
		}
		ix := valueflow.NewIndex(res.Pkg, funcs)
		testutil.Probes(pass, res.SrcFuncs, func(name string, call *ssa.Call, arg ssa.Value) {
			var got string
			switch name {
			case "origins":
				var kinds []string
				for _, o := range ix.Origins(arg) {
					kinds = append(kinds, describe(o))
				}
				sort.Strings(kinds)
				got = strings.Join(kinds, " ")
			case "constant":
				s, ok := ix.ConstString(arg)
				got = fmt.Sprintf("%q %v", s, ok)
			case "stores":
				stores, escapes := ix.ObjectStores(arg, nil)
				var fields []string
				for _, st := range stores {
					fields = append(fields, st.Field.Name())
				}
				sort.Strings(fields)
				got = fmt.Sprintf("%v escapes=%v", fields, escapes)
			case "callers":
				name, _ := ix.ConstString(arg)
				sites, all := ix.Callers(res.Pkg.Func(name))
				got = fmt.Sprintf("%d all=%v", len(sites), all)
			default:
				return
			}
			pass.Reportf(call.Pos(), "%s: %s", name, got)
		})
		return nil, nil
	},
}

func describe(o valueflow.Origin) string {
	switch v := o.V.(type) {
	case nil:
		return "unknown"
	case *ssa.Const:
		return "const:" + v.Value.ExactString()
	case *ssa.Parameter:
		return "param:" + v.Name()
	case *ssa.Alloc:
		return "alloc"
	case *ssa.Call:
		return "call"
	case *ssa.UnOp:
		switch {
		case o.Global != nil:
			return "global:" + o.Global.Name()
		case o.Field != nil:
			return "field:" + o.Field.Name()
		}
		return "load"
	}
	return types.TypeString(o.V.Type(), nil)
}

func TestIndex(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), probe, "values")
}

func TestStripCopies(t *testing.T) {
	if valueflow.StripCopies(nil) != nil {
		t.Error("StripCopies(nil) != nil")
	}
}
