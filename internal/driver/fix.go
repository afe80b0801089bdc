package driver

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"maps"
	"os"
	"slices"
)

// An edit replaces bytes [start, end) of a file.
type edit struct {
	start, end int
	text       []byte
}

// applyFixes applies the first suggested fix of each finding, skipping a
// fix whose edits overlap one already taken, formats each changed file
// with gofmt and writes it. It returns the number of files changed.
func applyFixes(fs []finding) (int, error) {
	edits := make(map[string][]edit)
	taken := make(map[string][]edit)
	for _, f := range fs {
		if len(f.diag.SuggestedFixes) == 0 {
			continue
		}
		fset := f.out.pkg.Fset
		byFile := make(map[string][]edit)
		for _, e := range f.diag.SuggestedFixes[0].TextEdits {
			start := fset.Position(e.Pos)
			end := start
			if e.End.IsValid() {
				end = fset.Position(e.End)
			}
			byFile[start.Filename] = append(byFile[start.Filename], edit{start.Offset, end.Offset, e.NewText})
		}
		conflict := false
		for file, es := range byFile {
			for _, e := range es {
				for _, t := range taken[file] {
					if e.start < t.end && t.start < e.end || (e.start == t.start && e.end == t.end && !bytes.Equal(e.text, t.text)) {
						conflict = true
					}
				}
			}
		}
		if conflict {
			continue
		}
		for file, es := range byFile {
			taken[file] = append(taken[file], es...)
			edits[file] = append(edits[file], es...)
		}
	}
	files := 0
	for _, file := range slices.Sorted(maps.Keys(edits)) {
		es := edits[file]
		slices.SortFunc(es, func(a, b edit) int { return cmp.Compare(b.start, a.start) })
		es = slices.CompactFunc(es, func(a, b edit) bool { return a.start == b.start && a.end == b.end && bytes.Equal(a.text, b.text) })
		data, err := os.ReadFile(file)
		if err != nil {
			return files, err
		}
		for _, e := range es {
			if e.start < 0 || e.end > len(data) || e.start > e.end {
				return files, fmt.Errorf("%s: a fix edits outside the file", file)
			}
			data = append(data[:e.start:e.start], append(append([]byte(nil), e.text...), data[e.end:]...)...)
		}
		if formatted, err := format.Source(data); err == nil {
			data = formatted
		}
		st, err := os.Stat(file)
		if err != nil {
			return files, err
		}
		if err := os.WriteFile(file, data, st.Mode().Perm()); err != nil {
			return files, err
		}
		files++
	}
	return files, nil
}
