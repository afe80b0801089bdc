// Package analyzers lists the httplint analyzers in one place.
package analyzers

import (
	"github.com/httplint/httplint/analyzers/acquiretimeout"
	"github.com/httplint/httplint/analyzers/headersize"
	"github.com/httplint/httplint/analyzers/poolsize"
	"github.com/httplint/httplint/analyzers/retrypolicy"
	rulesdoc "github.com/httplint/httplint/docs/rules"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/lint"
)

// Definitions returns the definitions of all analyzers, in a stable
// order. Each call returns the same shared analyzers, whose flags
// configure them.
func Definitions() []lint.Definition {
	return []lint.Definition{acquiretimeout.Definition, poolsize.Definition, retrypolicy.Definition, headersize.Definition}
}

// Suite returns the httplint suite: all its analyzers, the packages
// they can matter for, and their rules' documentation.
func Suite() lint.Suite {
	return lint.Suite{Definitions: Definitions(), Scope: facts.Scope, RuleDoc: rulesdoc.Rule}
}
