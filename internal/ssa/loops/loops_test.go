package loops_test

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/httplint/httplint/internal/ssa/loops"
)

const src = `package p

func none(x int) int {
	if x > 0 {
		return 1
	}
	return 2
}

func one(xs []int) (n int) {
	for _, x := range xs {
		n += x
	}
	return n
}

func nested(n int) (s int) {
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			s += j
		}
	}
	return s
}

func wait()
func work()

func waitsEvery(xs []int) {
	for _, x := range xs {
		work()
		if x > 0 {
			wait()
			continue
		}
		wait()
	}
}

func waitsOnOnePath(xs []int) {
	for _, x := range xs {
		work()
		if x > 0 {
			wait()
		}
	}
}

func waitsBefore(xs []int) {
	for range xs {
		wait()
		work()
	}
}

func gotoLoop(n int) int {
again:
	n--
	if n > 0 {
		goto again
	}
	return n
}
`

func build(t *testing.T) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{Importer: importer.Default()}, fset,
		types.NewPackage("p", "p"), []*ast.File{f}, ssa.SanityCheckFunctions)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

func TestOf(t *testing.T) {
	pkg := build(t)
	for _, tc := range []struct {
		fn    string
		loops int
	}{{"none", 0}, {"one", 1}, {"nested", 2}, {"gotoLoop", 1}} {
		fn := pkg.Func(tc.fn)
		f := loops.Analyze(fn)
		if len(f.Loops) != tc.loops {
			t.Errorf("%s: %d loops, want %d", tc.fn, len(f.Loops), tc.loops)
		}
		if f.Empty() != (tc.loops == 0) {
			t.Errorf("%s: Empty() = %v", tc.fn, f.Empty())
		}
		for _, l := range f.Loops {
			if !l.Contains(l.Header) || len(l.Latches) == 0 {
				t.Errorf("%s: malformed loop %+v", tc.fn, l)
			}
		}
	}
	// The inner loop of nested is contained in the outer one.
	fn := pkg.Func("nested")
	f := loops.Analyze(fn)
	outer, inner := f.Loops[0], f.Loops[1]
	if len(inner.Blocks(fn)) >= len(outer.Blocks(fn)) {
		outer, inner = inner, outer
	}
	if inner.Parent != outer || outer.Parent != nil {
		t.Errorf("nesting: inner.Parent=%p outer=%p outer.Parent=%p", inner.Parent, outer, outer.Parent)
	}
	for _, b := range inner.Blocks(fn) {
		if !outer.Contains(b) {
			t.Errorf("inner block %d not in outer loop", b.Index)
		}
		if f.Innermost(b) != inner {
			t.Errorf("Innermost(%d) is not the inner loop", b.Index)
		}
		if got := f.Enclosing(b); len(got) != 2 || got[0] != inner || got[1] != outer {
			t.Errorf("Enclosing(%d) = %v", b.Index, got)
		}
	}
	if f.Innermost(fn.Blocks[0]) != nil {
		t.Errorf("entry block is in a loop")
	}
}

func TestAround(t *testing.T) {
	pkg := build(t)
	calls := func(fn *ssa.Function, name string) []ssa.Instruction {
		var out []ssa.Instruction
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(*ssa.Call); ok && c.Call.StaticCallee() != nil && c.Call.StaticCallee().Name() == name {
					out = append(out, in)
				}
			}
		}
		return out
	}
	for _, tc := range []struct {
		fn   string
		want bool
	}{{"waitsEvery", true}, {"waitsOnOnePath", false}, {"waitsBefore", true}} {
		fn := pkg.Func(tc.fn)
		work := calls(fn, "work")[0]
		l := loops.Analyze(fn).Innermost(work.Block())
		if l == nil {
			t.Fatalf("%s: work() is in no loop", tc.fn)
		}
		waits := calls(fn, "wait")
		stop := func(in ssa.Instruction) bool {
			for _, w := range waits {
				if w == in {
					return true
				}
			}
			return false
		}
		if got := l.Around(work, stop); got != tc.want {
			t.Errorf("%s: Around(work, wait) = %v, want %v", tc.fn, got, tc.want)
		}
	}
}
