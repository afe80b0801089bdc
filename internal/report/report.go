// Package report filters and emits the diagnostics of one httplint
// analyzer: it drops findings in test files (unless the analyzer's
// include-tests option is set) and generated files, honours
// //httplint:ignore directives, and reports directives that lack a
// reason.
package report

import (
	"go/ast"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/internal/astpath"
	"github.com/httplint/httplint/internal/directive"
)

// DirectiveCategory is the category of the finding that reports a
// malformed //httplint:ignore directive.
const DirectiveCategory = "directive"

// A Reporter emits the diagnostics of one analyzer for one pass.
type Reporter struct {
	pass         *analysis.Pass
	includeTests bool
	files        map[*token.File]*fileInfo
	seen         map[seenKey]bool
}

type seenKey struct {
	pos      token.Pos
	category string
}

type fileInfo struct {
	excluded   bool
	directives map[int][]*directive.Directive // by line
}

// New returns a Reporter for pass. includeTests is the analyzer's
// include-tests option.
func New(pass *analysis.Pass, includeTests bool) *Reporter {
	r := &Reporter{
		pass:         pass,
		includeTests: includeTests,
		files:        make(map[*token.File]*fileInfo),
		seen:         make(map[seenKey]bool),
	}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf == nil {
			continue
		}
		info := &fileInfo{
			excluded:   (!includeTests && strings.HasSuffix(tf.Name(), "_test.go")) || ast.IsGenerated(f),
			directives: make(map[int][]*directive.Directive),
		}
		for _, d := range directive.Parse(pass.Fset, f) {
			info.directives[d.Line] = append(info.directives[d.Line], d)
		}
		r.files[tf] = info
	}
	return r
}

// Excluded reports whether findings at pos are not reported: the position
// is in a test file (without include-tests), a generated file, or outside
// the package's files.
func (r *Reporter) Excluded(pos token.Pos) bool {
	tf := r.pass.Fset.File(pos)
	if tf == nil {
		return true
	}
	info := r.files[tf]
	return info == nil || info.excluded
}

// Report emits d unless it is excluded, suppressed by a directive, or a
// duplicate of a finding already reported at the same position.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if r.Excluded(d.Pos) || r.seen[seenKey{d.Pos, d.Category}] {
		return
	}
	tf := r.pass.Fset.File(d.Pos)
	info := r.files[tf]
	line := tf.Line(d.Pos)
	for _, l := range []int{line, line - 1} {
		for _, dir := range info.directives[l] {
			if dir.Matches(r.pass.Analyzer.Name, d.Category) {
				return
			}
		}
	}
	r.seen[seenKey{d.Pos, d.Category}] = true
	r.pass.Report(d)
}

// Finish reports the //httplint:ignore directives naming this analyzer
// that give no reason. Call it once, after the analyzer's findings.
func (r *Reporter) Finish() {
	for _, f := range r.pass.Files {
		info := r.files[r.pass.Fset.File(f.FileStart)]
		if info == nil || info.excluded {
			continue
		}
		lines := make([]int, 0, len(info.directives))
		for l := range info.directives {
			lines = append(lines, l)
		}
		sort.Ints(lines)
		for _, l := range lines {
			for _, d := range info.directives[l] {
				if d.Analyzer == r.pass.Analyzer.Name && d.Reason == "" {
					r.pass.Report(analysis.Diagnostic{
						Pos:      d.Pos,
						End:      d.End,
						Category: DirectiveCategory,
						Message:  "//httplint:ignore directive needs a reason after the rule name",
					})
				}
			}
		}
	}
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
	return astpath.Enclosing(pass.Files, pos)
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
