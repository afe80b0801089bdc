// The retrypolicy command runs the retrypolicy analyzer on the named
// packages, standalone or as go vet -vettool.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/httplint/httplint/analyzers/retrypolicy"
)

func main() { singlechecker.Main(retrypolicy.Analyzer) }
