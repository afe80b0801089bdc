package driver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"io"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// A finding is a diagnostic of a root action.
type finding struct {
	act  *checker.Action
	diag analysis.Diagnostic
}

// findings returns the diagnostics of the root actions of g, each once.
// A file that belongs to several packages (a package and its test
// variant, "p [p.test]") is analysed in each; its diagnostics are kept
// in the package itself, or else in the first variant that reports them.
func findings(g *checker.Graph) []finding {
	type key struct {
		pos, end token.Position
		analyzer *analysis.Analyzer
		message  string
	}
	seen := make(map[key]bool)
	var out []finding
	add := func(act *checker.Action) {
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			k := key{fset.Position(d.Pos), fset.Position(d.End), act.Analyzer, d.Message}
			if !seen[k] {
				seen[k] = true
				out = append(out, finding{act, d})
			}
		}
	}
	var variants []*checker.Action
	for act := range g.All() {
		switch {
		case !act.IsRoot || act.Err != nil:
		case strings.Contains(act.Package.ID, " ["):
			variants = append(variants, act)
		default:
			add(act)
		}
	}
	for _, act := range variants {
		add(act)
	}
	return out
}

// writeJSON writes the findings and the analysis errors of g in the
// format of go/analysis drivers (-json): package ID, then analyzer name,
// then its diagnostics or {"error": ...}. Unlike checker.Graph.PrintJSON
// it lists a diagnostic of a file shared by a package and its test
// variant once.
func writeJSON(w io.Writer, g *checker.Graph, fs []finding) error {
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
	put := func(act *checker.Action) map[string]any {
		m, ok := tree[act.Package.ID]
		if !ok {
			m = make(map[string]any)
			tree[act.Package.ID] = m
		}
		return m
	}
	for act := range g.All() {
		if act.Err != nil {
			put(act)[act.Analyzer.Name] = jsonError{act.Err.Error()}
		}
	}
	for _, f := range fs {
		fset := f.act.Package.Fset
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
		m := put(f.act)
		list, _ := m[f.act.Analyzer.Name].([]jsonDiagnostic)
		m[f.act.Analyzer.Name] = append(list, jd)
	}
	data, err := json.MarshalIndent(tree, "", "\t")
	if err != nil {
		return fmt.Errorf("encoding -json output: %v", err)
	}
	_, err = fmt.Fprintf(w, "%s\n", data)
	return err
}
