package httpconfig

import (
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// opaqueCall returns the instruction of c, a static call of a function
// of another package than pkg that receives its argument i, or nil.
func opaqueCall(pkg *ssa.Package, c *ssa.CallCommon, i int) ssa.Instruction {
	callee := c.StaticCallee()
	if callee == nil || callee.Pkg == pkg || i < 0 || i >= len(c.Args) || c.Args[i].Referrers() == nil {
		return nil
	}
	for _, ref := range *c.Args[i].Referrers() {
		if call, ok := ref.(ssa.CallInstruction); ok && call.Common() == c {
			return call
		}
	}
	return nil
}

// followsAll reports whether store st runs after each of calls on every
// path: each call dominates it.
func followsAll(st valueflow.FieldStore, calls []ssa.Instruction) bool {
	if len(calls) == 0 {
		return true
	}
	if st.Store == nil {
		return false
	}
	for _, c := range calls {
		if !dominates(c, st.Store) {
			return false
		}
	}
	return true
}

// dominates reports whether instruction a runs before b on every path
// to b.
func dominates(a, b ssa.Instruction) bool {
	if a.Parent() != b.Parent() {
		return false
	}
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	for _, in := range a.Block().Instrs {
		switch in {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}
