package httpconfig

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// offByDefault reports whether store st runs only when a start-up option
// is on: it is reached only through the true branch of a test of a
// boolean package variable of this package (if disableKeepAlives {
// t.DisableKeepAlives = true }) that only the package's initialisation
// sets, and from a value computed at run time (an environment variable,
// a flag: keda's KEDA_HTTP_DISABLE_KEEP_ALIVE). Such an option is off
// unless the operator turns it on: on the default path the store does
// not run.
func offByDefault(ix *valueflow.Index, st *ssa.Store) bool {
	if st == nil || st.Block() == nil {
		return false
	}
	for b := st.Block(); b != nil; b = b.Idom() {
		if len(b.Preds) != 1 {
			continue
		}
		pred := b.Preds[0]
		iff, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
		if !ok || pred.Succs[0] != b || pred.Succs[0] == pred.Succs[1] {
			continue
		}
		if startupOption(ix, iff.Cond) != nil {
			return true
		}
	}
	return false
}

// startupOption returns the package variable that cond loads when it is
// a boolean variable of this package set only during its
// initialisation, from non-constant values.
func startupOption(ix *valueflow.Index, cond ssa.Value) *ssa.Global {
	load, ok := cond.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	g, ok := load.X.(*ssa.Global)
	if !ok || g.Pkg != ix.Pkg {
		return nil
	}
	ptr, ok := g.Type().(*types.Pointer)
	if !ok {
		return nil
	}
	if b, ok := ptr.Elem().Underlying().(*types.Basic); !ok || b.Kind() != types.Bool {
		return nil
	}
	values := ix.GlobalValues(g)
	if len(values) == 0 {
		return nil
	}
	for _, v := range values {
		if _, isConst := valueflow.StripCopies(v).(*ssa.Const); isConst {
			return nil
		}
		in, ok := v.(ssa.Instruction)
		if !ok || !isInit(in.Parent()) {
			return nil
		}
	}
	return g
}

// isInit reports whether fn is package initialisation: the package's
// init, or one of its init functions (init#1, …).
func isInit(fn *ssa.Function) bool {
	return fn != nil && fn.Parent() == nil && fn.Signature.Recv() == nil && (fn.Name() == "init" || strings.HasPrefix(fn.Name(), "init#"))
}
