// Command custom-gcl is golangci-lint v2 with the httplint module plugins
// linked in: one linter per httplint analyzer (acquiretimeout, poolsize,
// retrypolicy, headersize, ...), enabled and configured in .golangci.yml
// under linters.settings.custom.<name> with type: module.
//
// It is the offline equivalent of `golangci-lint custom`: every module
// comes from the Go module proxy, and httplint from this repository
// through the replace directive in go.mod.
//
//	cd tools/customgcl && go build -o custom-gcl .
//	./custom-gcl run ./...
package main

import (
	"fmt"
	"os"
	"runtime"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	// Registers one golangci-lint module plugin per httplint analyzer.
	_ "github.com/httplint/httplint/plugin"
)

// version is reported by `custom-gcl version`; set it with
// -ldflags "-X main.version=...".
var version = "v2.15.0-httplint"

func main() {
	info := commands.BuildInfo{
		Version:   version,
		GoVersion: runtime.Version(),
		Commit:    "n/a",
		Date:      "n/a",
	}
	if err := commands.Execute(info); err != nil {
		fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}
