package driver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"github.com/httplint/httplint/internal/lint"
)

// A baseline records findings that a codebase accepts for now, so that
// only new ones are reported (-baseline=FILE; -write-baseline records
// it). A finding matches an entry by rule, file, enclosing function and
// message, not by line, so that unrelated edits that move code do not
// bring it back; the count of places a finding groups is not part of its
// message there (lint.WithoutGroupCount), so that a finding that stands
// for all the requests sent through one client keeps its entry as
// requests are added.
type baseline struct {
	Version  int             `json:"version"`
	Findings []baselineEntry `json:"findings"`
}

// A baselineEntry identifies one finding.
type baselineEntry struct {
	Rule    string `json:"rule"`
	File    string `json:"file"` // slash-separated, relative to the module or workspace root
	Func    string `json:"func"` // enclosing function: "F", "T.M", or "" at package level
	Message string `json:"message"`
}

const baselineVersion = 1

// entryOf returns the baseline entry of a finding; root is the
// directory file paths are relative to.
func entryOf(root string, f finding) baselineEntry {
	p := f.position()
	file := p.Filename
	if rel, err := filepath.Rel(root, file); err == nil && filepath.IsAbs(file) {
		file = rel
	}
	return baselineEntry{
		Rule:    ruleID(f.out.analyzer.Name, f.diag.Category),
		File:    filepath.ToSlash(file),
		Func:    f.fn,
		Message: lint.WithoutGroupCount(f.diag.Message),
	}
}

// enclosingFunc names the function declaration of files around pos, or
// returns "". A file's declarations are in source order: a binary search
// finds the one around pos (a package may have thousands, and a finding
// in each).
func enclosingFunc(files []*ast.File, pos token.Pos) string {
	for _, file := range files {
		if pos < file.FileStart || pos > file.FileEnd {
			continue
		}
		decls := file.Decls
		i := sort.Search(len(decls), func(i int) bool { return decls[i].End() >= pos })
		if i < len(decls) {
			if fd, ok := decls[i].(*ast.FuncDecl); ok && fd.Pos() <= pos {
				return funcName(fd)
			}
		}
		return ""
	}
	return ""
}

func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	for {
		switch x := t.(type) {
		case *ast.StarExpr:
			t = x.X
			continue
		case *ast.IndexExpr:
			t = x.X
			continue
		case *ast.IndexListExpr:
			t = x.X
			continue
		case *ast.Ident:
			return x.Name + "." + fd.Name.Name
		}
		return fd.Name.Name
	}
}

// writeBaseline records the findings in path.
func writeBaseline(path string, fs []finding) error {
	root := sourceRoot()
	b := baseline{Version: baselineVersion, Findings: []baselineEntry{}}
	for _, f := range fs {
		b.Findings = append(b.Findings, entryOf(root, f))
	}
	slices.SortFunc(b.Findings, func(x, y baselineEntry) int {
		return cmp.Or(cmp.Compare(x.File, y.File), cmp.Compare(x.Func, y.Func), cmp.Compare(x.Rule, y.Rule), cmp.Compare(x.Message, y.Message))
	})
	data, err := json.MarshalIndent(b, "", "\t")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// readBaseline reads the baseline in path.
func readBaseline(path string) (*baseline, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading baseline: %v", err)
	}
	var b baseline
	if err := json.Unmarshal(data, &b); err != nil {
		return nil, fmt.Errorf("baseline %s: %v", path, err)
	}
	if b.Version != baselineVersion {
		return nil, fmt.Errorf("baseline %s: version %d, want %d (write it again with -write-baseline)", path, b.Version, baselineVersion)
	}
	return &b, nil
}

// filter returns the findings that no entry of b matches (each entry
// matches one finding) and the entries that match none (stale).
func (b *baseline) filter(fs []finding) (fresh []finding, stale []baselineEntry) {
	root := sourceRoot()
	left := make(map[baselineEntry]int)
	for _, e := range b.Findings {
		left[e]++
	}
	for _, f := range fs {
		e := entryOf(root, f)
		if left[e] > 0 {
			left[e]--
			continue
		}
		fresh = append(fresh, f)
	}
	for _, e := range b.Findings {
		if left[e] > 0 {
			left[e]--
			stale = append(stale, e)
		}
	}
	return fresh, stale
}
