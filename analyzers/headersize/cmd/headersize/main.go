// The headersize command runs the headersize analyzer on the named packages, with
// the same driver and flags as httplint: standalone (headersize ./...) or as
// go vet -vettool. Run "headersize help" for its rules and flags.
package main

import (
	"github.com/httplint/httplint/analyzers/headersize"
	rulesdoc "github.com/httplint/httplint/docs/rules"
	"github.com/httplint/httplint/internal/driver"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/lint"
)

// main links this analyzer alone.
func main() {
	driver.Main("headersize", lint.Suite{Definitions: []lint.Definition{headersize.Definition}, Scope: facts.Scope, RuleDoc: rulesdoc.Rule})
}
