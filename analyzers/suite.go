// Package analyzers lists the httplint analyzers in one place.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/analyzers/acquiretimeout"
)

// Suite returns the httplint analyzers with their default options. Each
// call returns the same analyzers, whose flags configure them.
func Suite() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		acquiretimeout.Analyzer,
	}
}
