// Package render puts headersize's length estimates into words: it names
// the collections and the growth steps that package length reports as
// SSA values and instructions, the way the source spells them.
package render

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/analyzers/headersize/internal/length"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// A Namer names values and instructions of one package.
type Namer struct {
	ix    *valueflow.Index
	files []*ast.File
}

// New returns a Namer for the package indexed by ix, whose syntax is
// files.
func New(ix *valueflow.Index, files []*ast.File) *Namer { return &Namer{ix: ix, files: files} }

func (n *Namer) enclosing(pos token.Pos) []ast.Node {
	if !pos.IsValid() {
		return nil
	}
	return lint.Enclosing(n.files, pos)
}

// Collection names the collection of a growth: its name and whether it
// is a plain identifier or selector; "a collection" when the source has
// no name for it.
func (n *Namer) Collection(g *length.Growth) (string, bool) {
	if g.Coll != nil {
		if name, simple := n.Name(g.Coll); name != "" {
			return name, simple
		}
	}
	return "a collection", false
}

// How describes the step of a growth: "q.Add in a loop over it",
// "strings.Join of it"; "" when there is none.
func (n *Namer) How(g *length.Growth) string {
	step := n.Step(g)
	switch g.Step.Kind {
	case length.StepWhole:
		return step + " of it"
	case length.StepLoop, length.StepConcat, length.StepAppend:
		return step + " over it"
	case length.StepWith:
		return step + " with it"
	}
	return step
}

// Step describes the step of a growth in short, for messages that name
// the collection already: "q.Add in a loop", "strings.Join"; "" when
// there is none.
func (n *Namer) Step(g *length.Growth) string {
	switch g.Step.Kind {
	case length.StepWhole, length.StepWith:
		return n.Instr(g.Step.Instr)
	case length.StepLoop:
		return n.Instr(g.Step.Instr) + " in a loop"
	case length.StepConcat:
		return "string concatenation in a loop"
	case length.StepAppend:
		return "append in a loop"
	case length.StepKept:
		return "appended to and kept on every call"
	}
	return ""
}

// Length renders an estimate with the names of its growth and batch, for
// tests and debugging: "grows(ids: q.Add in a loop over it)",
// "0..4096 batch(ids<=64)".
func (n *Namer) Length(l length.Length) string {
	if g := l.Grow; g != nil {
		name, _ := n.Collection(g)
		if how := n.How(g); how != "" {
			return fmt.Sprintf("grows(%s: %s)", name, how)
		}
		return fmt.Sprintf("grows(%s)", name)
	}
	s := l.String()
	if b := l.Batch; b != nil {
		name, _ := n.Name(b.Coll)
		s = s[:len(s)-len(fmt.Sprintf(" batch(<=%d)", b.Count))] + fmt.Sprintf(" batch(%s<=%d)", name, b.Count)
	}
	return s
}

// callText returns the source of the function expression of the call
// whose opening parenthesis is at lparen ("q.Add"), or fallback.
func (n *Namer) callText(lparen token.Pos, fallback string) string {
	for _, n := range n.enclosing(lparen) {
		if c, ok := n.(*ast.CallExpr); ok && c.Lparen == lparen {
			return types.ExprString(c.Fun)
		}
	}
	return fallback
}

// Instr returns a short source description of instr for messages: the
// function expression of a call ("q.Add"), or the map store.
func (n *Namer) Instr(instr ssa.Instruction) string {
	switch i := instr.(type) {
	case ssa.CallInstruction:
		name := ""
		if fn := valueflow.StaticCallee(i.Common()); fn != nil {
			name = fn.Name()
		} else if i.Common().IsInvoke() {
			name = i.Common().Method.Name()
		}
		return n.callText(i.Pos(), name)
	case *ssa.MapUpdate:
		for _, n := range n.enclosing(length.InstrPos(i)) {
			switch n := n.(type) {
			case *ast.IndexExpr:
				return types.ExprString(n.X) + "[" + types.ExprString(n.Index) + "] = …"
			case *ast.CompositeLit:
				if n.Type != nil {
					return "the " + types.ExprString(n.Type) + " literal"
				}
				return "a literal"
			}
		}
		return "a map store"
	}
	return "this code"
}

// Name names a value as the source does: "ids", "c.ids", "the result of
// ListIDs()". It reports whether the name is a plain identifier or
// selector; "" means the source has no name for it.
func (n *Namer) Name(v ssa.Value) (string, bool) {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.Parameter:
			return x.Name(), true
		case *ssa.FreeVar:
			if b := n.ix.ResolveFreeVar(x); b != ssa.Value(x) {
				v = b
				continue
			}
			return x.Name(), true
		case *ssa.Alloc:
			if isVarComment(x.Comment) {
				return x.Comment, true
			}
			return "", false
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return "", false
			}
			switch addr := n.ix.ResolveFreeVar(x.X).(type) {
			case *ssa.FieldAddr:
				return n.fieldName(addr.X, valueflow.FieldOf(addr))
			case *ssa.Global:
				if addr.Pkg != nil && addr.Pkg != n.ix.Pkg {
					return addr.Pkg.Pkg.Name() + "." + addr.Name(), true
				}
				return addr.Name(), true
			case *ssa.Alloc:
				if isVarComment(addr.Comment) {
					return addr.Comment, true
				}
			case *ssa.FreeVar:
				return addr.Name(), true
			}
			return "", false
		case *ssa.Field:
			return n.fieldName(x.X, valueflow.FieldOf(x))
		case *ssa.Call:
			name := ""
			if fn := valueflow.StaticCallee(&x.Call); fn != nil {
				name = fn.Name()
			} else if x.Call.IsInvoke() {
				name = x.Call.Method.Name()
			}
			return "the result of " + n.callText(x.Pos(), name) + "()", false
		case *ssa.Extract:
			v = x.Tuple
		case *ssa.Slice:
			v = x.X
		case *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface:
			v = valueflow.StripCopies(x)
		default:
			return "", false
		}
	}
	return "", false
}

func (n *Namer) fieldName(base ssa.Value, fld *types.Var) (string, bool) {
	if fld == nil {
		return "", false
	}
	if b, ok := n.Name(base); ok && b != "" {
		return b + "." + fld.Name(), true
	}
	return fld.Name(), true
}

// isVarComment reports whether the comment of an SSA Alloc names a
// source variable rather than a synthetic allocation.
func isVarComment(c string) bool {
	switch c {
	case "", "slicelit", "varargs", "complit", "makeslice", "new", "rangefunc.exit":
		return false
	}
	return token.IsIdentifier(c)
}
