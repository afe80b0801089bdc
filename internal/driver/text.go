package driver

import (
	"bytes"
	"cmp"
	"fmt"
	"go/token"
	"io"
	"os"
	"slices"
)

// position returns the position of the finding.
func (f finding) position() token.Position { return f.out.pkg.Fset.Position(f.diag.Pos) }

// sortFindings orders findings by file, line and column, then analyzer
// and message, for output that does not depend on analysis order.
func sortFindings(fs []finding) {
	slices.SortStableFunc(fs, func(a, b finding) int {
		pa, pb := a.position(), b.position()
		return cmp.Or(cmp.Compare(pa.Filename, pb.Filename), cmp.Compare(pa.Line, pb.Line), cmp.Compare(pa.Column, pb.Column),
			cmp.Compare(a.out.analyzer.Name, b.out.analyzer.Name), cmp.Compare(a.diag.Message, b.diag.Message))
	})
}

// printText prints the findings as "file:line:col: message", sorted,
// with paths relative to wd, each related position indented below it,
// and, when context >= 0, the source lines around the finding.
func printText(w io.Writer, wd string, fs []finding, context int) error {
	sortFindings(fs)
	lines := make(map[string][][]byte)
	source := func(filename string) [][]byte {
		if l, ok := lines[filename]; ok {
			return l
		}
		data, _ := os.ReadFile(filename)
		l := bytes.Split(data, []byte("\n"))
		lines[filename] = l
		return l
	}
	pos := func(p token.Position) string {
		return fmt.Sprintf("%s:%d:%d", relPath(wd, p.Filename), p.Line, p.Column)
	}
	for _, f := range fs {
		p := f.position()
		if _, err := fmt.Fprintf(w, "%s: %s\n", pos(p), f.diag.Message); err != nil {
			return err
		}
		if context >= 0 {
			src := source(p.Filename)
			for l := max(p.Line-context, 1); l <= p.Line+context && l <= len(src); l++ {
				fmt.Fprintf(w, "%d\t%s\n", l, src[l-1])
			}
		}
		fset := f.out.pkg.Fset
		for _, r := range f.diag.Related {
			if _, err := fmt.Fprintf(w, "\t%s: %s\n", pos(fset.Position(r.Pos)), r.Message); err != nil {
				return err
			}
		}
	}
	return nil
}
