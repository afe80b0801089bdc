// The headersize command runs the headersize analyzer on the named packages, with
// the same driver and flags as httplint: standalone (headersize ./...) or as
// go vet -vettool. Run "headersize help" for its rules and flags.
package main

import (
	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/driver"
)

func main() { driver.Main("headersize", analyzers.Only("headersize")) }
