// Package analyzerutil builds the analysis.Analyzer values of the httplint
// checks, so that they share one shape: documentation extracted from
// doc.go, a URL to the rules page, the facts analyzer as prerequisite,
// tolerance of type errors, and the include-tests flag.
package analyzerutil

import (
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/internal/analyzerdoc"
	"github.com/httplint/httplint/internal/facts"
)

// DocsURL is where the rule pages live; an analyzer's URL is
// DocsURL + name + ".md", and a rule's anchor is its slug.
const DocsURL = "https://github.com/httplint/httplint/blob/main/docs/rules/"

// New returns the analyzer called name, documented by the "# Analyzer
// name" section of doc (the source of its doc.go), that runs run on each
// package. Its include-tests flag is bound to *includeTests; the caller
// registers any other flags on the result.
func New(name, doc string, includeTests *bool, run func(*analysis.Pass) error) *analysis.Analyzer {
	a := &analysis.Analyzer{
		Name:             name,
		Doc:              analyzerdoc.MustExtract(doc, name),
		URL:              DocsURL + name + ".md",
		Requires:         []*analysis.Analyzer{facts.Analyzer},
		RunDespiteErrors: true,
		ResultType:       reflect.TypeFor[struct{}](),
		Run: func(pass *analysis.Pass) (any, error) {
			return struct{}{}, run(pass)
		},
	}
	a.Flags.BoolVar(includeTests, "include-tests", *includeTests, "also report findings in _test.go files")
	return a
}
