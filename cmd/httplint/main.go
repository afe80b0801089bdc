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
	// -sarif runs the go/packages driver with a SARIF writer; everything
	// else (standalone text and JSON, -fix, help, and the go vet protocol:
	// -V=full, -flags, *.cfg) is multichecker's.
	if sarifRequested(os.Args[1:]) {
		os.Exit(runSARIF(os.Args[1:]))
	}
	multichecker.Main(analyzers.Suite()...)
}
