package lint

import (
	"go/ast"
	"go/token"
	"strings"
)

// DirectivePrefix starts every suppression comment. A finding is
// silenced by a comment on its line or on the line above:
//
//	//httplint:ignore acquiretimeout/client-no-deadline streaming endpoint, the caller cancels
//
// The first word names an analyzer, optionally followed by "/" and a rule
// slug (the diagnostic's Category); the rest of the line is the reason,
// which is required: a directive without one is itself reported and
// silences nothing.
const DirectivePrefix = "//httplint:ignore"

// A Directive is one parsed //httplint:ignore comment.
type Directive struct {
	Pos      token.Pos
	End      token.Pos
	Analyzer string
	Rule     string // "" matches every rule of the analyzer
	Reason   string
	Line     int
	File     string
}

// Valid reports whether the directive names an analyzer and gives a reason.
func (d *Directive) Valid() bool { return d.Analyzer != "" && d.Reason != "" }

// Matches reports whether d silences a finding of analyzer with category
// rule.
func (d *Directive) Matches(analyzer, rule string) bool {
	return d.Valid() && d.Analyzer == analyzer && (d.Rule == "" || d.Rule == rule)
}

// ParseDirectives returns the directives in the comments of file.
func ParseDirectives(fset *token.FileSet, file *ast.File) []*Directive {
	var out []*Directive
	for _, group := range file.Comments {
		for _, c := range group.List {
			if !strings.HasPrefix(c.Text, DirectivePrefix) {
				continue
			}
			rest := c.Text[len(DirectivePrefix):]
			if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
				continue // e.g. //httplint:ignored
			}
			fields := strings.Fields(rest)
			d := &Directive{Pos: c.Pos(), End: c.End()}
			p := fset.Position(c.Pos())
			d.Line, d.File = p.Line, p.Filename
			if len(fields) > 0 {
				d.Analyzer, d.Rule, _ = strings.Cut(fields[0], "/")
				d.Reason = strings.Join(fields[1:], " ")
			}
			out = append(out, d)
		}
	}
	return out
}
