// The httplint command runs every httplint analyzer on the named
// packages. It works standalone (httplint ./...), as a vet tool
// (go vet -vettool=$(which httplint) ./...), and writes SARIF 2.1.0 for
// GitHub code scanning with -sarif (httplint -sarif=httplint.sarif ./...).
package main

import (
	"os"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/httplint/httplint/analyzers"
)

func main() {
	// The go vet protocol (-V=full, -flags, *.cfg), help, and -fix/-diff
	// are multichecker's; other standalone runs (text, -json, -sarif) use
	// httplint's own driver, which loads dependencies from export data.
	if useMultichecker(os.Args[1:]) {
		multichecker.Main(analyzers.Suite()...)
	}
	os.Exit(runStandalone(os.Args[1:]))
}
