// The acquiretimeout command runs the acquiretimeout analyzer on the named packages, with
// the same driver and flags as httplint: standalone (acquiretimeout ./...) or as
// go vet -vettool. Run "acquiretimeout help" for its rules and flags.
package main

import (
	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/driver"
)

func main() { driver.Main("acquiretimeout", analyzers.Only("acquiretimeout")) }
