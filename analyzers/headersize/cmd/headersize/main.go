// The headersize command runs the headersize analyzer on the named
// packages, standalone or as go vet -vettool.
package main

import (
	"golang.org/x/tools/go/analysis/singlechecker"

	"github.com/httplint/httplint/analyzers/headersize"
)

func main() { singlechecker.Main(headersize.Analyzer) }
