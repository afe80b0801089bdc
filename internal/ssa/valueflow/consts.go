package valueflow

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// StripCopies returns the value that v is a copy of: it looks through
// conversions (ChangeType, Convert), changes of interface
// (MakeInterface, ChangeInterface) and type assertions that cannot fail
// silently.
func StripCopies(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.TypeAssert:
			if x.CommaOk {
				return v
			}
			v = x.X
		default:
			return v
		}
	}
}

// Const returns the constant that v holds on every path (through copies,
// local and package variables, and fields stored in this package), or
// nil.
func (ix *Index) Const(v ssa.Value) *ssa.Const {
	if v == nil {
		return nil
	}
	var k *ssa.Const
	for _, o := range ix.Origins(v) {
		c, ok := StripCopies(o.V).(*ssa.Const)
		if !ok || (k != nil && !sameConst(c, k)) {
			return nil
		}
		k = c
	}
	return k
}

func sameConst(a, b *ssa.Const) bool {
	if a.Value == nil || b.Value == nil {
		return a.Value == nil && b.Value == nil
	}
	return a.Value.Kind() == b.Value.Kind() && constant.Compare(a.Value, token.EQL, b.Value)
}

// ConstString returns the constant string v holds on every path, or
// false.
func (ix *Index) ConstString(v ssa.Value) (string, bool) {
	k := ix.Const(v)
	if k == nil || k.Value == nil || k.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(k.Value), true
}

// FuncOf returns the function that the function value v is, through
// copies and conversions: a declared function or the function of a
// closure; nil otherwise.
func FuncOf(v ssa.Value) *ssa.Function {
	v = StripCopies(v)
	if mc, ok := v.(*ssa.MakeClosure); ok {
		v = mc.Fn
	}
	fn, _ := v.(*ssa.Function)
	return fn
}
