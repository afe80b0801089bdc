package sarif

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
)

// RuleID returns the rule id of a diagnostic of analyzer with category:
// "<analyzer>/<category>", or the analyzer's name without a category.
func RuleID(analyzer, category string) string {
	if category == "" {
		return analyzer
	}
	return analyzer + "/" + category
}

// AddGraph adds the diagnostics of the root actions of g and a
// notification for each action that failed. A diagnostic whose rule is
// not in the table gets a rule added, documented by its analyzer's URL.
func (b *Builder) AddGraph(g *checker.Graph) error {
	for act := range g.All() {
		if act.Err != nil {
			b.AddNotification("error", fmt.Sprintf("%s: %v", act, act.Err))
			continue
		}
		if !act.IsRoot {
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			if err := b.addDiagnostic(fset, act.Analyzer, d); err != nil {
				return err
			}
		}
	}
	return nil
}

func (b *Builder) addDiagnostic(fset *token.FileSet, a *analysis.Analyzer, d analysis.Diagnostic) error {
	id := RuleID(a.Name, d.Category)
	if !b.HasRule(id) {
		b.AddRule(Rule{ID: id, Summary: firstLine(a.Doc), HelpURI: a.URL})
	}
	sd := Diagnostic{
		RuleID:  id,
		Message: d.Message,
		Start:   fset.Position(d.Pos),
		End:     position(fset, d.End),
	}
	for _, r := range d.Related {
		sd.Related = append(sd.Related, Related{Start: fset.Position(r.Pos), End: position(fset, r.End), Message: r.Message})
	}
	for _, f := range d.SuggestedFixes {
		sf := SuggestedFix{Message: f.Message}
		for _, e := range f.TextEdits {
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			sf.Edits = append(sf.Edits, Edit{Start: fset.Position(e.Pos), End: fset.Position(end), New: string(e.NewText)})
		}
		sd.Fixes = append(sd.Fixes, sf)
	}
	_, err := b.AddResult(sd)
	return err
}

func position(fset *token.FileSet, p token.Pos) token.Position {
	if !p.IsValid() {
		return token.Position{}
	}
	return fset.Position(p)
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}
