package main

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/sarif"
)

// multicheckerFlags are the flags only multichecker's driver handles:
// the go vet protocol (-V, -flags), applying fixes, and its debugging
// aids. A command line with any of them, a *.cfg file (go vet) or
// "help" goes to multichecker.Main.
var multicheckerFlags = map[string]bool{
	"V": true, "flags": true, "fix": true, "diff": true, "debug": true, "trace": true,
}

// useMultichecker reports whether args are for multichecker's driver
// rather than the standalone one.
func useMultichecker(args []string) bool {
	if len(args) == 0 || args[0] == "help" {
		return true
	}
	// go vet runs the tool with its flags and, last, one *.cfg file.
	if strings.HasSuffix(args[len(args)-1], ".cfg") {
		return true
	}
	for _, a := range args {
		if a == "--" || !strings.HasPrefix(a, "-") {
			break
		}
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if multicheckerFlags[name] {
			return true
		}
	}
	return false
}

// runStandalone is the standalone driver: it loads the packages named by
// args with go/packages and runs the suite with the public checker API,
// printing text (stderr), JSON (-json, stdout) and/or SARIF (-sarif).
//
// Unlike multichecker, it type-checks only the named packages from
// source and their dependencies from export data, like a tool without
// facts: summaries of constructors and helpers flow between the named
// packages, not from their dependencies (go vet -vettool, which runs on
// every dependency, has those too; so does -deps). This halves the cost
// on large dependency graphs.
//
// Exit codes are multichecker's: 0 no findings, 1 load or analysis
// errors, 2 bad flags, 3 findings (0 with -json unless loading failed).
func runStandalone(args []string) int {
	progname := filepath.Base(os.Args[0])
	log.SetFlags(0)
	log.SetPrefix(progname + ": ")

	defs := analyzers.Definitions()
	fs := flag.NewFlagSet(progname, flag.ContinueOnError)
	jsonOut := fs.Bool("json", false, "emit JSON output")
	contextLines := fs.Int("c", -1, "display offending line with this many lines of context")
	var dest sarifDest
	fs.Var(&dest, "sarif", "write a SARIF 2.1.0 log to stdout (-sarif) or to a file (-sarif=FILE)")
	srcRoot := fs.String("sarif-srcroot", "", "directory SARIF file URIs are relative to (default: the module or workspace root)")
	tests := fs.Bool("test", true, "indicates whether test files should be analyzed, too")
	deps := fs.Bool("deps", false, "also compute facts from the source of every dependency (slower; go vet always does)")
	cpuprofile := fs.String("cpuprofile", "", "write CPU profile to this file")
	memprofile := fs.String("memprofile", "", "write memory profile to this file")
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
		fmt.Fprintf(fs.Output(), "Usage: %s [-flag] package...\n\nRun '%s help' for the analyzers and their flags.\n\nFlags:\n", progname, progname)
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
	if *jsonOut && dest.path == "-" {
		log.Print("-json and -sarif both write to stdout: use -sarif=FILE")
		return 2
	}
	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			log.Print(err)
			return 1
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			log.Print(err)
			return 1
		}
		defer func() {
			pprof.StopCPUProfile()
			f.Close()
		}()
	}
	selected := selectDefinitions(defs, enabled)
	as := make([]*analysis.Analyzer, len(selected))
	for i, d := range selected {
		as[i] = d.Analyzer
	}

	mode := packages.LoadSyntax | packages.NeedModule
	if *deps {
		mode = packages.LoadAllSyntax | packages.NeedModule
	}
	initial, err := packages.Load(&packages.Config{Mode: mode, Tests: *tests}, patterns...)
	if err == nil && len(initial) == 0 {
		err = fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	if err != nil {
		log.Print(err)
		return 1
	}
	exit := 0
	if packages.PrintErrors(initial) > 0 {
		exit = 1
	}
	graph, err := checker.Analyze(as, initial, nil)
	if err != nil {
		log.Print(err)
		return 1
	}
	for act := range graph.All() {
		if act.Err != nil {
			exit = 1
		}
	}
	found := findings(graph)

	if dest.path != "" {
		root := *srcRoot
		if root == "" {
			root = sourceRoot()
		}
		b := sarif.NewBuilder(sarif.Driver{
			Name:           "httplint",
			Version:        version(),
			InformationURI: "https://github.com/httplint/httplint",
		}, root)
		for _, r := range sarifRules(selected) {
			b.AddRule(r)
		}
		packages.Visit(initial, nil, func(p *packages.Package) {
			for _, e := range p.Errors {
				b.AddNotification("error", e.Error())
			}
		})
		if err := addGraph(b, graph, found); err != nil {
			log.Print(err)
			return 1
		}
		if err := writeSARIF(dest.path, b.Log()); err != nil {
			log.Print(err)
			return 1
		}
	}

	if *jsonOut {
		if err := writeJSON(os.Stdout, graph, found); err != nil {
			log.Print(err)
			return 1
		}
	} else {
		if err := graph.PrintText(os.Stderr, *contextLines); err != nil {
			log.Print(err)
			return 1
		}
		if exit == 0 && len(found) > 0 {
			exit = 3
		}
	}

	if *memprofile != "" {
		f, err := os.Create(*memprofile)
		if err != nil {
			log.Print(err)
			return 1
		}
		runtime.GC()
		if err := pprof.WriteHeapProfile(f); err != nil {
			log.Print(err)
		}
		f.Close()
	}
	return exit
}
