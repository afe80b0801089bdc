// The retrypolicy command runs the retrypolicy analyzer on the named packages, with
// the same driver and flags as httplint: standalone (retrypolicy ./...) or as
// go vet -vettool. Run "retrypolicy help" for its rules and flags.
package main

import (
	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/driver"
)

func main() { driver.Main("retrypolicy", analyzers.Only("retrypolicy")) }
