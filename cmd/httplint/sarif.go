package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/sarif"
)

// sarifRequested reports whether the command line asks for SARIF output
// (-sarif or -sarif=FILE before any "--").
func sarifRequested(args []string) bool {
	for _, a := range args {
		if a == "--" {
			break
		}
		name, _, _ := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-"), "=")
		if strings.HasPrefix(a, "-") && name == "sarif" {
			return true
		}
	}
	return false
}

// sarifDest is the -sarif flag: "-sarif" (or -sarif=-) writes to stdout,
// -sarif=FILE to FILE.
type sarifDest struct{ path string }

func (d *sarifDest) String() string   { return d.path }
func (d *sarifDest) IsBoolFlag() bool { return true }
func (d *sarifDest) Set(s string) error {
	switch s {
	case "true", "-", "":
		d.path = "-"
	case "false":
		return errors.New("-sarif=false is not supported; omit the flag")
	default:
		d.path = s
	}
	return nil
}

// triState is an analyzer's enable flag, as in multichecker: -NAME runs
// only the named analyzers, -NAME=false all but those.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (ts *triState) IsBoolFlag() bool { return true }
func (ts *triState) String() string {
	switch *ts {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}
func (ts *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*ts = setFalse
	if b {
		*ts = setTrue
	}
	return nil
}

// runSARIF analyses the packages named by args with the go/packages
// driver and writes a SARIF log; diagnostics are also printed as text on
// stderr. Exit codes are the standalone ones: 0 no findings, 1 load or
// analysis errors, 2 bad flags, 3 findings.
func runSARIF(args []string) int {
	progname := filepath.Base(os.Args[0])
	log.SetFlags(0)
	log.SetPrefix(progname + ": ")

	defs := analyzers.Definitions()
	fs := flag.NewFlagSet(progname, flag.ContinueOnError)
	var dest sarifDest
	fs.Var(&dest, "sarif", "write a SARIF 2.1.0 log to stdout (-sarif) or to a file (-sarif=FILE)")
	srcRoot := fs.String("sarif-srcroot", "", "directory SARIF file URIs are relative to (default: the module or workspace root)")
	tests := fs.Bool("test", true, "indicates whether test files should be analyzed, too")
	enabled := make(map[string]*triState)
	for _, d := range defs {
		ts := new(triState)
		enabled[d.Name] = ts
		fs.Var(ts, d.Name, fmt.Sprintf("enable %q analysis", d.Name))
		d.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, d.Name+"."+f.Name, f.Usage)
		})
	}
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: %s -sarif[=FILE] [-flag] package...\n\nFlags with -sarif:\n", progname)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	patterns := fs.Args()
	if len(patterns) == 0 {
		fs.Usage()
		return 1
	}
	selected := selectDefinitions(defs, enabled)

	root := *srcRoot
	if root == "" {
		root = sourceRoot()
	}
	b := sarif.NewBuilder(sarif.Driver{
		Name:           "httplint",
		Version:        version(),
		InformationURI: "https://github.com/httplint/httplint",
	}, root)
	for _, r := range sarif.Rules(selected) {
		b.AddRule(r)
	}

	exit := 0
	as := make([]*analysis.Analyzer, len(selected))
	for i, d := range selected {
		as[i] = d.Analyzer
	}
	initial, err := packages.Load(&packages.Config{
		Mode:  packages.LoadAllSyntax | packages.NeedModule,
		Tests: *tests,
	}, patterns...)
	if err == nil && len(initial) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if err != nil {
		log.Print(err)
		return 1
	}
	if packages.PrintErrors(initial) > 0 {
		exit = 1
		packages.Visit(initial, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				b.AddNotification("error", e.Error())
			}
		})
	}
	graph, err := checker.Analyze(as, initial, nil)
	if err != nil {
		log.Print(err)
		return 1
	}
	if err := b.AddGraph(graph); err != nil {
		log.Print(err)
		return 1
	}
	for act := range graph.All() {
		if act.Err != nil {
			exit = 1
		}
	}
	if err := graph.PrintText(os.Stderr, -1); err != nil {
		log.Print(err)
		exit = 1
	}
	if err := writeSARIF(dest.path, b.Log()); err != nil {
		log.Print(err)
		return 1
	}
	if exit == 0 && b.Len() > 0 {
		exit = 3
	}
	return exit
}

// selectDefinitions applies the enable flags.
func selectDefinitions(defs []analyzers.Definition, enabled map[string]*triState) []analyzers.Definition {
	var hasTrue, hasFalse bool
	for _, ts := range enabled {
		hasTrue = hasTrue || *ts == setTrue
		hasFalse = hasFalse || *ts == setFalse
	}
	var out []analyzers.Definition
	for _, d := range defs {
		switch ts := *enabled[d.Name]; {
		case hasTrue && ts != setTrue, !hasTrue && hasFalse && ts == setFalse:
			continue
		}
		out = append(out, d)
	}
	return out
}

func writeSARIF(path string, l *sarif.Log) error {
	var w io.Writer = os.Stdout
	if path != "-" {
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
		if err := sarif.Write(w, l); err != nil {
			return err
		}
		return f.Close()
	}
	return sarif.Write(w, l)
}

// sourceRoot returns the workspace or module root of the current
// directory, or the directory itself.
func sourceRoot() string {
	out, _ := exec.Command("go", "env", "GOWORK", "GOMOD").Output()
	for _, f := range strings.Split(string(out), "\n") {
		f = strings.TrimSpace(f)
		if f != "" && f != "off" && f != os.DevNull && filepath.IsAbs(f) {
			return filepath.Dir(f)
		}
	}
	wd, _ := os.Getwd()
	return wd
}

// version is httplint's module version, "devel" in a development build.
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
