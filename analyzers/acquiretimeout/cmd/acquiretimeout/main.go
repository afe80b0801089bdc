// The acquiretimeout command runs the acquiretimeout analyzer on the
// named packages, standalone or as go vet -vettool.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/httplint/httplint/analyzers/acquiretimeout"
)

func main() { singlechecker.Main(acquiretimeout.Analyzer) }
