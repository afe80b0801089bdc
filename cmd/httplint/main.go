// The httplint command runs every httplint analyzer on the named
// packages. It works standalone (httplint ./...), as a vet tool
// (go vet -vettool=$(which httplint) ./...), and writes SARIF 2.1.0 for
// GitHub code scanning with -sarif=FILE. Run "httplint help" for its
// flags.
package main

import (
	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/driver"
)

func main() { driver.Main("httplint", analyzers.Suite()) }
