package driver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A finding is a diagnostic of a root package.
type finding struct {
	out  *outcome
	diag analysis.Diagnostic
	// fn names the function declaration around the diagnostic.
	fn string
}

// findings returns the diagnostics of the roots among outs, each once.
// A file that belongs to several packages (a package and its test
// variant, "p [p.test]") is analysed in each; its diagnostics are those
// of the package itself when it was analysed, or else those of the first
// variant that reports them. A test variant sees what its test files do
// to the package (a test storing its own client in a field), which the
// program does not: its findings in the package's own files would
// describe a program that does not run.
func findings(outs []*outcome) []finding {
	type key struct {
		pos, end token.Position
		analyzer *analysis.Analyzer
		message  string
	}
	seen := make(map[key]bool)
	var out []finding
	add := func(o *outcome) {
		fset := o.pkg.Fset
		for i, d := range o.diags {
			k := key{fset.Position(d.Pos), fset.Position(d.End), o.analyzer, d.Message}
			if !seen[k] {
				seen[k] = true
				out = append(out, finding{o, d, o.funcs[i]})
			}
		}
	}
	var variants []*outcome
	own := make(map[string]bool) // files of packages analysed themselves
	for _, o := range outs {
		switch {
		case !o.root || o.err != nil:
		case strings.Contains(o.pkg.ID, " ["):
			variants = append(variants, o)
		default:
			add(o)
			for _, f := range o.pkg.GoFiles {
				own[f] = true
			}
		}
	}
	for _, o := range variants {
		fset := o.pkg.Fset
		kept := o.diags[:0:0]
		funcs := o.funcs[:0:0]
		for i, d := range o.diags {
			if !own[fset.Position(d.Pos).Filename] {
				kept = append(kept, d)
				funcs = append(funcs, o.funcs[i])
			}
		}
		add(&outcome{pkg: o.pkg, analyzer: o.analyzer, root: o.root, diags: kept, funcs: funcs})
	}
	return out
}

// writeJSON writes the findings fs and the analysis errors among outs in
// the format of go/analysis drivers (-json): package ID, then analyzer
// name, then its diagnostics or {"error": ...}. Unlike
// checker.Graph.PrintJSON it lists a diagnostic of a file shared by a
// package and its test variant once.
func writeJSON(w io.Writer, outs []*outcome, fs []finding) error {
	type jsonEdit struct {
		Filename string `json:"filename"`
		Start    int    `json:"start"`
		End      int    `json:"end"`
		New      string `json:"new"`
	}
	type jsonFix struct {
		Message string     `json:"message"`
		Edits   []jsonEdit `json:"edits"`
	}
	type jsonRelated struct {
		Posn    string `json:"posn"`
		End     string `json:"end"`
		Message string `json:"message"`
	}
	type jsonDiagnostic struct {
		Category       string        `json:"category,omitempty"`
		Posn           string        `json:"posn"`
		End            string        `json:"end"`
		Message        string        `json:"message"`
		SuggestedFixes []jsonFix     `json:"suggested_fixes,omitempty"`
		Related        []jsonRelated `json:"related,omitempty"`
	}
	type jsonError struct {
		Err string `json:"error"`
	}
	tree := make(map[string]map[string]any)
	put := func(o *outcome) map[string]any {
		m, ok := tree[o.pkg.ID]
		if !ok {
			m = make(map[string]any)
			tree[o.pkg.ID] = m
		}
		return m
	}
	for _, o := range outs {
		if o.err != nil {
			put(o)[o.analyzer.Name] = jsonError{o.err.Error()}
		}
	}
	for _, f := range fs {
		fset := f.out.pkg.Fset
		d := f.diag
		jd := jsonDiagnostic{
			Category: d.Category,
			Posn:     fset.Position(d.Pos).String(),
			End:      fset.Position(cmp.Or(d.End, d.Pos)).String(),
			Message:  d.Message,
		}
		for _, fix := range d.SuggestedFixes {
			jf := jsonFix{Message: fix.Message}
			for _, e := range fix.TextEdits {
				jf.Edits = append(jf.Edits, jsonEdit{
					Filename: fset.Position(e.Pos).Filename,
					Start:    fset.Position(e.Pos).Offset,
					End:      fset.Position(cmp.Or(e.End, e.Pos)).Offset,
					New:      string(e.NewText),
				})
			}
			jd.SuggestedFixes = append(jd.SuggestedFixes, jf)
		}
		for _, r := range d.Related {
			jd.Related = append(jd.Related, jsonRelated{
				Posn:    fset.Position(r.Pos).String(),
				End:     fset.Position(cmp.Or(r.End, r.Pos)).String(),
				Message: r.Message,
			})
		}
		m := put(f.out)
		list, _ := m[f.out.analyzer.Name].([]jsonDiagnostic)
		m[f.out.analyzer.Name] = append(list, jd)
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return fmt.Errorf("encoding -json output: %v", err)
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}
