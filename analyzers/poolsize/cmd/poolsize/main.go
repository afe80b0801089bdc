// The poolsize command runs the poolsize analyzer on the named packages,
// standalone or as go vet -vettool.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/httplint/httplint/analyzers/poolsize"
)

func main() { singlechecker.Main(poolsize.Analyzer) }
