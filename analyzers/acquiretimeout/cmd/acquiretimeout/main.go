// The acquiretimeout command runs the acquiretimeout analyzer on the named packages, with
// the same driver and flags as httplint: standalone (acquiretimeout ./...) or as
// go vet -vettool. Run "acquiretimeout help" for its rules and flags.
package main

import (
	"github.com/httplint/httplint/analyzers/acquiretimeout"
	rulesdoc "github.com/httplint/httplint/docs/rules"
	"github.com/httplint/httplint/internal/driver"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/lint"
)

// main links this analyzer alone.
func main() {
	driver.Main("acquiretimeout", lint.Suite{Definitions: []lint.Definition{acquiretimeout.Definition}, Scope: facts.Scope, RuleDoc: rulesdoc.Rule})
}
