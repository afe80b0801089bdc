// Package driver is the command line of httplint and of each analyzer's
// own command: a fast standalone driver (text on stdout, -json, -sarif,
// -fix, baselines), the go vet -vettool protocol (through multichecker),
// help and -version.
package driver

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/httplint/httplint/internal/lint"
)

// Main runs the command named progname over the analyzers of suite with
// the arguments of the process, and exits.
func Main(progname string, suite lint.Suite) {
	defs := suite.Definitions
	args := os.Args[1:]
	if len(args) == 1 && isVersionFlag(args[0]) {
		printVersion(os.Stdout, progname)
		os.Exit(0)
	}
	if len(args) > 0 && args[0] == "help" {
		os.Exit(help(os.Stdout, os.Stderr, progname, defs, args[1:]))
	}
	// go vet's analysis of a package (a *.cfg file) has its own driver;
	// the rest of the go vet protocol (-V=full, -flags, -fix), and
	// -diff, are multichecker's; other runs use the standalone driver,
	// which loads dependencies from export data.
	if isVetRun(args) {
		os.Exit(runVet(progname, suite, args))
	}
	if useMultichecker(args) {
		multichecker.Main(suite.Analyzers()...)
	}
	os.Exit(runStandalone(progname, suite, args))
}

func isVersionFlag(a string) bool {
	return a == "-version" || a == "--version" || a == "version"
}

// version is the module version from the build information, "devel" in
// a development build.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// semanticVersion is version without its "v", or "" for a development
// build (SARIF's semanticVersion must be a semantic version).
func semanticVersion() string {
	v := version()
	if v == "devel" {
		return ""
	}
	return strings.TrimPrefix(v, "v")
}

func printVersion(w io.Writer, progname string) {
	fmt.Fprintf(w, "%s %s (%s, %s/%s)\n", progname, version(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// help prints the command's help, or an analyzer's documentation for
// "help NAME".
func help(stdout, stderr io.Writer, progname string, defs []lint.Definition, args []string) int {
	if len(args) > 0 {
		for _, name := range args {
			d, ok := findDefinition(defs, name)
			if !ok {
				fmt.Fprintf(stderr, "%s: no analyzer %q (analyzers: %s)\n", progname, name, strings.Join(definitionNames(defs), ", "))
				return 2
			}
			fmt.Fprintf(stdout, "%s\n\nRules:\n", strings.TrimSpace(d.Analyzer.Doc))
			for _, r := range d.Rules {
				fmt.Fprintf(stdout, "  %s/%s\n\t%s\n", d.Name, r.Slug, r.Summary)
			}
			fmt.Fprintf(stdout, "\nFlags:\n")
			d.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
				if f.Name == lint.ReportSuppressedFlag {
					return
				}
				fmt.Fprintf(stdout, "  -%s.%s\n\t%s%s\n", d.Name, f.Name, f.Usage, defaultNote(f))
			})
			if d.Analyzer.URL != "" {
				fmt.Fprintf(stdout, "\nDocumentation: %s\n", d.Analyzer.URL)
			}
		}
		return 0
	}
	fmt.Fprintf(stdout, `%s finds HTTP client misconfiguration: requests that can wait forever,
connection pools sized by accident, retries that never stop or repeat a
payment, and URLs or headers that grow until a proxy rejects them.

Usage:
  %s [flags] package...          analyse packages (findings on stdout)
  go vet -vettool=$(which %s) package...
  %s help [analyzer]             this help, or an analyzer's rules and flags
  %s -version

Analyzers and rules:
`, progname, progname, progname, progname, progname)
	for _, d := range defs {
		fmt.Fprintf(stdout, "  %s\n", d.Name)
		for _, r := range d.Rules {
			fmt.Fprintf(stdout, "    %s/%s: %s\n", d.Name, r.Slug, r.Summary)
		}
	}
	fmt.Fprintf(stdout, "\nFlags:\n")
	fs := newFlags(progname, lint.Suite{Definitions: defs})
	printFlags(stdout, fs.FlagSet)
	fmt.Fprintf(stdout, `
Exit codes: 0 no findings, 1 load or analysis errors, 2 bad flags,
3 findings (-json: 0). Under go vet: 1 on findings.
Suppress one finding with a reason: //httplint:ignore <analyzer>/<rule> <reason>
Rules and examples: https://github.com/httplint/httplint/tree/main/docs/rules
`)
	return 0
}

func defaultNote(f *flag.Flag) string {
	if f.DefValue == "" || f.DefValue == "false" || f.DefValue == "[]" {
		return ""
	}
	return fmt.Sprintf(" (default %s)", f.DefValue)
}

// printFlags prints the flags of fs sorted by name, analyzer flags last.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	var names []string
	fs.VisitAll(func(f *flag.Flag) {
		if !strings.HasSuffix(f.Name, "."+lint.ReportSuppressedFlag) && f.Name != giveupsFlag {
			names = append(names, f.Name)
		}
	})
	sort.SliceStable(names, func(i, j int) bool {
		di, dj := strings.Contains(names[i], "."), strings.Contains(names[j], ".")
		if di != dj {
			return !di
		}
		return names[i] < names[j]
	})
	for _, n := range names {
		f := fs.Lookup(n)
		fmt.Fprintf(w, "  -%s\n\t%s%s\n", f.Name, f.Usage, defaultNote(f))
	}
}

func findDefinition(defs []lint.Definition, name string) (lint.Definition, bool) {
	for _, d := range defs {
		if d.Name == name {
			return d, true
		}
	}
	return lint.Definition{}, false
}

func definitionNames(defs []lint.Definition) []string {
	var out []string
	for _, d := range defs {
		out = append(out, d.Name)
	}
	return out
}

// relPath returns filename relative to the working directory when it is
// inside it, as staticcheck and golangci-lint print them.
func relPath(wd, filename string) string {
	if wd == "" || !filepath.IsAbs(filename) {
		return filename
	}
	rel, err := filepath.Rel(wd, filename)
	if err != nil || strings.HasPrefix(rel, "..") {
		return filename
	}
	return rel
}
