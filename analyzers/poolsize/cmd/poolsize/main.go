// The poolsize command runs the poolsize analyzer on the named packages, with
// the same driver and flags as httplint: standalone (poolsize ./...) or as
// go vet -vettool. Run "poolsize help" for its rules and flags.
package main

import (
	"github.com/httplint/httplint/analyzers/poolsize"
	rulesdoc "github.com/httplint/httplint/docs/rules"
	"github.com/httplint/httplint/internal/driver"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/lint"
)

// main links this analyzer alone.
func main() {
	driver.Main("poolsize", lint.Suite{Definitions: []lint.Definition{poolsize.Definition}, Scope: facts.Scope, RuleDoc: rulesdoc.Rule})
}
