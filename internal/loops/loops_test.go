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

	"github.com/httplint/httplint/internal/loops"
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
		ls := loops.Of(fn)
		if len(ls) != tc.loops {
			t.Errorf("%s: %d loops, want %d", tc.fn, len(ls), tc.loops)
		}
		for _, l := range ls {
			if !l.Contains(l.Header) || len(l.Latch) == 0 {
				t.Errorf("%s: malformed loop %+v", tc.fn, l)
			}
		}
	}
	// The inner loop of nested is contained in the outer one.
	ls := loops.Of(pkg.Func("nested"))
	outer, inner := ls[0], ls[1]
	if len(inner.Body) >= len(outer.Body) {
		t.Fatalf("loop order: outer %d blocks, inner %d", len(outer.Body), len(inner.Body))
	}
	for b := range inner.Body {
		if !outer.Contains(b) {
			t.Errorf("inner block %d not in outer loop", b.Index)
		}
		if loops.Innermost(ls, b) != inner {
			t.Errorf("Innermost(%d) is not the inner loop", b.Index)
		}
	}
	entry := pkg.Func("nested").Blocks[0]
	if loops.Innermost(ls, entry) != nil {
		t.Errorf("entry block is in a loop")
	}
}
