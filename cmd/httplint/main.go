// The httplint command runs every httplint analyzer on the named
// packages. It works standalone (httplint ./...) and as a vet tool
// (go vet -vettool=$(which httplint) ./...).
package main

import (
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/httplint/httplint/analyzers"
)

func main() { multichecker.Main(analyzers.Suite()...) }
