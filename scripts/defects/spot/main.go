// Command spot names the function that encloses each given line of a Go
// file, so that scripts/defects can tell whether a finding on a fixed
// version is at "the same spot" as the documented defect: the same file
// and the same enclosing function, whatever lines moved.
//
//	go run ./scripts/defects/spot FILE LINE...
//
// prints one line per LINE: "LINE NAME", where NAME is "Recv.Method",
// "Func", "Func.func1" style for function literals (numbered in source
// order within their declaration), or "-" outside any function.
package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"strconv"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: spot FILE LINE...")
		os.Exit(2)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, os.Args[1], nil, parser.SkipObjectResolution)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, arg := range os.Args[2:] {
		line, err := strconv.Atoi(arg)
		if err != nil {
			fmt.Fprintf(os.Stderr, "spot: bad line %q\n", arg)
			os.Exit(2)
		}
		fmt.Println(line, enclosing(fset, f, line))
	}
}

// enclosing names the innermost function around line.
func enclosing(fset *token.FileSet, f *ast.File, line int) string {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fset.Position(fd.Pos()).Line > line || fset.Position(fd.End()).Line < line {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) > 0 {
			name = recvName(fd.Recv.List[0].Type) + "." + name
		}
		n := 0
		inner := ""
		ast.Inspect(fd, func(node ast.Node) bool {
			lit, ok := node.(*ast.FuncLit)
			if !ok {
				return true
			}
			n++
			if fset.Position(lit.Pos()).Line <= line && line <= fset.Position(lit.End()).Line {
				inner = fmt.Sprintf(".func%d", n)
			}
			return true
		})
		return name + inner
	}
	return "-"
}

func recvName(t ast.Expr) string {
	switch t := t.(type) {
	case *ast.StarExpr:
		return recvName(t.X)
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return "?"
}
