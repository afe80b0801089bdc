package testutil

import (
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// relatedComment matches an expectation of a related position in a
// fixture: // related `regexp` (after a want, or alone).
var relatedComment = regexp.MustCompile("related `([^`]*)`")

// CheckRelated checks the related-position expectations of the fixtures:
// a line with a comment
//
//	// related `request without a deadline sent here`
//
// must be a related position, with a matching message, of some
// diagnostic of its package (analysistest's want comments cover only
// the diagnostics' own positions).
func CheckRelated(t testing.TB, results []*analysistest.Result) {
	t.Helper()
	type key struct {
		file string
		line int
	}
	for _, r := range results {
		got := make(map[key][]string)
		for _, d := range r.Diagnostics {
			for _, rel := range d.Related {
				p := r.Pass.Fset.Position(rel.Pos)
				got[key{p.Filename, p.Line}] = append(got[key{p.Filename, p.Line}], rel.Message)
			}
		}
		for _, f := range r.Pass.Files {
			for _, g := range f.Comments {
				for _, c := range g.List {
					for _, m := range relatedComment.FindAllStringSubmatch(c.Text, -1) {
						rx, err := regexp.Compile(m[1])
						if err != nil {
							t.Errorf("%s: bad related pattern: %v", r.Pass.Fset.Position(c.Pos()), err)
							continue
						}
						p := r.Pass.Fset.Position(c.Pos())
						ok := false
						for _, msg := range got[key{p.Filename, p.Line}] {
							ok = ok || rx.MatchString(msg)
						}
						if !ok {
							t.Errorf("%s: no related position matching %q (have %s)", p, m[1], strings.Join(got[key{p.Filename, p.Line}], "; "))
						}
					}
				}
			}
		}
	}
}
