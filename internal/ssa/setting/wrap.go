package setting

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// A Wrap is a bound computed as setting - K from an unsigned setting: a
// setting of 0 (or less than K) wraps the bound around to nearly 2⁶⁴,
// and a loop bounded by it (for i := uint(0); i < retries-1; i++), or a
// retry library given it (retry.WithMaxRetries(n-1, b)), retries all but
// forever unless the code checks the setting ([Wrap.Checked]).
type Wrap struct {
	// Setting is the unsigned value the bound is computed from, Sub the
	// subtraction, K the constant subtracted (nil and 0 for a setting
	// used as it is, see ParamSetting).
	Setting ssa.Value
	Sub     *ssa.BinOp
	K       int64
}

// UnsignedSub returns the Wrap of v when v is setting-K with K > 0 and
// setting an unsigned parameter, or a field of one.
func UnsignedSub(v ssa.Value) *Wrap {
	sub, ok := valueflow.StripCopies(v).(*ssa.BinOp)
	if !ok || sub.Op != token.SUB || !isUnsigned(sub.X.Type()) {
		return nil
	}
	k, ok := sub.Y.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
		return nil
	}
	kv, exact := constant.Int64Val(k.Value)
	if !exact || kv <= 0 {
		return nil
	}
	if !fromParam(sub.X, 0) {
		return nil
	}
	return &Wrap{Setting: sub.X, Sub: sub, K: kv}
}

// ParamSetting returns the setting v, used as it is, when v is a
// parameter or a field of one (what the caller configures: K is 0 and
// Sub nil), or nil. A library for which 0 means forever (retry-go's
// Attempts) retries forever when that setting is 0, unless the code
// checks it ([Wrap.Checked]).
func ParamSetting(v ssa.Value) *Wrap {
	if !fromParam(v, 0) {
		return nil
	}
	return &Wrap{Setting: v}
}

// fromParam reports whether v is a parameter or a field loaded from one.
func fromParam(v ssa.Value, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := valueflow.StripCopies(v).(type) {
	case *ssa.Parameter:
		return true
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		switch addr := x.X.(type) {
		case *ssa.FieldAddr:
			return fromParam(addr.X, depth+1)
		case *ssa.Alloc:
			return valueflow.ParamCell(addr) != nil
		}
	case *ssa.Field:
		return fromParam(x.X, depth+1)
	case *ssa.FieldAddr:
		// a.options.Retries: a field of a struct field.
		return fromParam(x.X, depth+1)
	}
	return false
}

func isUnsigned(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsUnsigned != 0
}

// Checked reports whether fn compares the setting (or another load of
// the same field) with anything, or clamps it with min or max: a check
// that may rule out 0.
func (w *Wrap) Checked(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.BinOp:
				switch x.Op {
				case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
					if sameSetting(x.X, w.Setting) || sameSetting(x.Y, w.Setting) {
						return true
					}
				}
			case ssa.CallInstruction:
				if bi, ok := x.Common().Value.(*ssa.Builtin); ok && (bi.Name() == "max" || bi.Name() == "min") {
					for _, arg := range x.Common().Args {
						if sameSetting(arg, w.Setting) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// sameSetting reports whether a and b read the same setting: the same
// value, or loads of the same field path from the same parameter.
func sameSetting(a, b ssa.Value) bool {
	a, b = valueflow.StripCopies(a), valueflow.StripCopies(b)
	if a == b {
		return true
	}
	switch x := a.(type) {
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		if !ok || x.Op != token.MUL || y.Op != token.MUL {
			return false
		}
		if cx, ok := x.X.(*ssa.Alloc); ok {
			return cx == y.X // loads of one captured variable
		}
		fx, ok1 := x.X.(*ssa.FieldAddr)
		fy, ok2 := y.X.(*ssa.FieldAddr)
		return ok1 && ok2 && fx.Field == fy.Field && sameSetting(fx.X, fy.X)
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.Field == y.Field && sameSetting(x.X, y.X)
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && sameSetting(x.X, y.X)
	}
	return false
}

// Name returns the source form of a setting read from a
// parameter: p, p.f or p.f.g.
func Name(v ssa.Value) string {
	switch x := valueflow.StripCopies(v).(type) {
	case *ssa.Parameter:
		return x.Name()
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			if f := valueflow.FieldOf(fa); f != nil {
				return Name(fa.X) + "." + f.Name()
			}
		}
		if cell, ok := x.X.(*ssa.Alloc); ok {
			if p := valueflow.ParamCell(cell); p != nil {
				return p.Name()
			}
		}
	case *ssa.Field:
		if f := valueflow.FieldOf(x); f != nil {
			return Name(x.X) + "." + f.Name()
		}
	case *ssa.FieldAddr:
		if f := valueflow.FieldOf(x); f != nil {
			return Name(x.X) + "." + f.Name()
		}
	}
	return "the setting"
}
