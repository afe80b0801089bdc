// The retrypolicy command runs the retrypolicy analyzer on the named packages, with
// the same driver and flags as httplint: standalone (retrypolicy ./...) or as
// go vet -vettool. Run "retrypolicy help" for its rules and flags.
package main

import (
	"github.com/httplint/httplint/analyzers/retrypolicy"
	rulesdoc "github.com/httplint/httplint/docs/rules"
	"github.com/httplint/httplint/internal/driver"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/lint"
)

// main links this analyzer alone.
func main() {
	driver.Main("retrypolicy", lint.Suite{Definitions: []lint.Definition{retrypolicy.Definition}, Scope: facts.Scope, RuleDoc: rulesdoc.Rule})
}
