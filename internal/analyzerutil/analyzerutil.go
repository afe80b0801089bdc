// Package analyzerutil builds the analysis.Analyzer values of the httplint
// checks, so that they share one shape: documentation extracted from
// doc.go, a URL to the rules page, the facts analyzer as prerequisite,
// tolerance of type errors, and the include-tests flag.
package analyzerutil

import (
	"fmt"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/internal/analyzerdoc"
	"github.com/httplint/httplint/internal/http/facts"
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
		Run: func(pass *analysis.Pass) (res any, err error) {
			defer func() {
				if r := recover(); r != nil {
					// A bug in the analyzer: fail this package with a
					// message naming it, not the whole run with a trace.
					res, err = nil, fmt.Errorf("internal error on package %s: %v (please report it with the package's source)", pass.Pkg.Path(), r)
				}
			}()
			return struct{}{}, run(pass)
		},
	}
	a.Flags.BoolVar(includeTests, "include-tests", *includeTests, "also report findings in _test.go files")
	return a
}
