package lint

import (
	"go/ast"
	"go/token"
	"sort"

	"golang.org/x/tools/go/analysis"
)

// Enclosing returns the nodes of files that contain pos, innermost first,
// ending with the *ast.File; nil if no file contains pos.
//
// It answers what astutil.PathEnclosingInterval answers for a single
// position, in time proportional to the size of the enclosing top-level
// declaration rather than of the whole file: the declaration is found by
// binary search. Analyzers call it once per finding, so a package with
// thousands of declarations in one file stays linear.
func Enclosing(files []*ast.File, pos token.Pos) []ast.Node {
	if !pos.IsValid() {
		return nil
	}
	for _, f := range files {
		if f.FileStart <= pos && pos < f.FileEnd {
			return inFile(f, pos)
		}
	}
	return nil
}

func inFile(f *ast.File, pos token.Pos) []ast.Node {
	path := []ast.Node{f}
	decls := f.Decls
	i := sort.Search(len(decls), func(i int) bool { return decls[i].End() > pos })
	var root ast.Node
	if i < len(decls) && decls[i].Pos() <= pos {
		root = decls[i]
	} else if f.Name != nil && f.Name.Pos() <= pos && pos < f.Name.End() {
		root = f.Name
	}
	// Descend from root to the innermost node containing pos, looking
	// only at the children of the nodes on the path (by binary search in
	// statement lists), so that a query costs the depth of the path, not
	// the size of the function.
	for n := root; n != nil; {
		path = append(path, n)
		var next ast.Node
		if b, ok := n.(*ast.BlockStmt); ok {
			list := b.List
			i := sort.Search(len(list), func(i int) bool { return list[i].End() > pos })
			if i < len(list) && list[i].Pos() <= pos {
				next = list[i]
			}
		} else {
			ast.Inspect(n, func(c ast.Node) bool {
				if c == n {
					return true
				}
				if next == nil && c != nil && c.Pos() <= pos && pos < c.End() {
					next = c
				}
				return false
			})
		}
		n = next
	}
	// Innermost first.
	for l, r := 0, len(path)-1; l < r; l, r = l+1, r-1 {
		path[l], path[r] = path[r], path[l]
	}
	return path
}

// CallRange returns the extent of the call expression whose opening
// parenthesis is at lparen (the position go/ssa gives a call), or
// (lparen, lparen) if it cannot be found.
func CallRange(pass *analysis.Pass, lparen token.Pos) (token.Pos, token.Pos) {
	for _, n := range enclosing(pass, lparen) {
		if c, ok := n.(*ast.CallExpr); ok && c.Lparen == lparen {
			return c.Pos(), c.End()
		}
	}
	return lparen, lparen
}

// StoreRange returns the extent of the key-value pair or assignment that
// contains pos (the position go/ssa gives a store), or (pos, pos).
func StoreRange(pass *analysis.Pass, pos token.Pos) (token.Pos, token.Pos) {
	for _, n := range enclosing(pass, pos) {
		switch n := n.(type) {
		case *ast.KeyValueExpr, *ast.AssignStmt, *ast.ValueSpec:
			return n.Pos(), n.End()
		case *ast.FuncDecl, *ast.FuncLit:
			return pos, pos
		}
	}
	return pos, pos
}

// enclosing returns the syntax nodes that enclose pos, innermost first.
func enclosing(pass *analysis.Pass, pos token.Pos) []ast.Node {
	return Enclosing(pass.Files, pos)
}

// ExprRange returns the extent of the expression that go/ssa positions
// at pos: a call (pos is its opening parenthesis), or a composite literal
// (pos is its opening brace), including a leading & operator.
func ExprRange(pass *analysis.Pass, pos token.Pos) (token.Pos, token.Pos) {
	path := enclosing(pass, pos)
	for i, n := range path {
		switch n := n.(type) {
		case *ast.CallExpr:
			if n.Lparen == pos {
				return n.Pos(), n.End()
			}
		case *ast.CompositeLit:
			if n.Lbrace == pos {
				if i+1 < len(path) {
					if u, ok := path[i+1].(*ast.UnaryExpr); ok && u.Op == token.AND {
						return u.Pos(), u.End()
					}
				}
				return n.Pos(), n.End()
			}
		}
	}
	return pos, pos
}
