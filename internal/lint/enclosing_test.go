package lint_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/tools/go/ast/astutil"

	"github.com/httplint/httplint/internal/lint"
)

const src = `package p

import "net/http"

var c = &http.Client{Timeout: 5}

func f(u string) {
	for i := 0; i < 3; i++ {
		c.Get(u + "x")
	}
	g := func() { http.Get(u) }
	g()
}

type T struct{ A, B int }
`

// TestMatchesPathEnclosingInterval checks every position of the file
// against astutil.PathEnclosingInterval.
func TestMatchesPathEnclosingInterval(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	for off := 0; off < len(src); off++ {
		pos := f.FileStart + token.Pos(off)
		got := lint.Enclosing([]*ast.File{f}, pos)
		want, _ := astutil.PathEnclosingInterval(f, pos, pos)
		if !sameInnermost(got, want) {
			t.Errorf("offset %d (%q): got %s, want %s", off, src[off:min(off+8, len(src))], kinds(got), kinds(want))
		}
	}
}

// sameInnermost compares the paths up to the innermost node that both
// consider: PathEnclosingInterval may attribute positions between tokens
// to the parent where Enclosing attributes them to no child.
func sameInnermost(got, want []ast.Node) bool {
	if len(got) == 0 || len(want) == 0 {
		return len(got) == len(want)
	}
	// Compare from the file inwards.
	g, w := reversed(got), reversed(want)
	n := min(len(g), len(w))
	return reflect.DeepEqual(kinds(g[:n]), kinds(w[:n]))
}

func reversed(p []ast.Node) []ast.Node {
	r := make([]ast.Node, len(p))
	for i, n := range p {
		r[len(p)-1-i] = n
	}
	return r
}

func kinds(p []ast.Node) string {
	var b strings.Builder
	for _, n := range p {
		b.WriteString(reflect.TypeOf(n).Elem().Name())
		b.WriteString(" ")
	}
	return b.String()
}
