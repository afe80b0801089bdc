// Package astpath finds the syntax nodes that enclose a position.
//
// It answers what astutil.PathEnclosingInterval answers for a single
// position, in time proportional to the size of the enclosing top-level
// declaration rather than of the whole file: the declaration is found by
// binary search. Analyzers call it once per finding, so a package with
// thousands of declarations in one file stays linear.
package astpath

import (
	"go/ast"
	"go/token"
	"sort"
)

// Enclosing returns the nodes of files that contain pos, innermost first,
// ending with the *ast.File; nil if no file contains pos.
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
	if root != nil {
		var inner []ast.Node
		ast.Inspect(root, func(n ast.Node) bool {
			if n == nil || pos < n.Pos() || pos >= n.End() {
				return false
			}
			inner = append(inner, n)
			return true
		})
		path = append(path, inner...)
	}
	// Innermost first.
	for l, r := 0, len(path)-1; l < r; l, r = l+1, r-1 {
		path[l], path[r] = path[r], path[l]
	}
	return path
}
