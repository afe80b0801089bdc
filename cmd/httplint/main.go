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

// standaloneHelp adds to "httplint help" what multichecker's help does
// not know: the flags of httplint's standalone driver.
const standaloneHelp = `httplint finds HTTP client misconfiguration: requests that can wait
forever, connection pools sized by accident, retries that never stop or
repeat a payment, and URLs that grow until a proxy rejects them.
Rules and examples: https://github.com/httplint/httplint/tree/main/docs/rules

Standalone flags (httplint [-flag] package...), besides those below:

  -sarif[=FILE]        write SARIF 2.1.0 for GitHub code scanning (stdout,
                       or FILE; the findings are still printed as text)
  -sarif-srcroot=DIR   directory SARIF file URIs are relative to
                       (default: the module or workspace root)
  -deps                also compute summaries (facts) from the source of
                       every dependency, as go vet does (slower)

Exit codes: 0 no findings, 1 load or analysis errors, 2 bad flags,
3 findings (-json: 0). Under go vet: 1 on findings.

`

func main() {
	if len(os.Args) == 2 && os.Args[1] == "help" {
		os.Stdout.WriteString(standaloneHelp)
	}
	// The go vet protocol (-V=full, -flags, *.cfg), help, and -fix/-diff
	// are multichecker's; other standalone runs (text, -json, -sarif) use
	// httplint's own driver, which loads dependencies from export data.
	if useMultichecker(os.Args[1:]) {
		multichecker.Main(analyzers.Suite()...)
	}
	os.Exit(runStandalone(os.Args[1:]))
}
