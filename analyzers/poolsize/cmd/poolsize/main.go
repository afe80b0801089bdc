// The poolsize command runs the poolsize analyzer on the named packages, with
// the same driver and flags as httplint: standalone (poolsize ./...) or as
// go vet -vettool. Run "poolsize help" for its rules and flags.
package main

import (
	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/driver"
)

func main() { driver.Main("poolsize", analyzers.Only("poolsize")) }
