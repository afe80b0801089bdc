package driver

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"runtime"
	"runtime/pprof"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/internal/giveup"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/sarif"
)

// multicheckerFlags are the flags only multichecker's driver handles:
// the go vet protocol (-V, -flags), printing fixes as diffs, and its
// debugging aids. A command line with any of them, or a *.cfg file
// that isVetRun leaves to it (go vet -fix, go fix), goes to
// multichecker.Main.
var multicheckerFlags = map[string]bool{
	"V": true, "flags": true, "diff": true, "debug": true, "trace": true,
}

// useMultichecker reports whether args are for multichecker's driver
// rather than the standalone one.
func useMultichecker(args []string) bool {
	if len(args) == 0 {
		return false
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

// giveupsFlag is the hidden debugging flag that writes the census of
// give-ups (package giveup); help does not list it.
const giveupsFlag = "httplint.giveups"

// options are the standalone driver's flags.
type options struct {
	*flag.FlagSet
	json          bool
	context       int
	sarif         string
	sarifRoot     string
	tests         bool
	deps          bool
	tags          string
	disable       disableList
	fix           bool
	baseline      string
	writeBaseline bool
	verbose       bool
	cpuprofile    string
	memprofile    string
	giveups       string
	enabled       map[string]*triState
	suite         lint.Suite
}

// newFlags returns the standalone driver's flags for the analyzers defs:
// its own, an enable flag per analyzer (-NAME, -NAME=false), and each
// analyzer's flags as -NAME.FLAG.
func newFlags(progname string, suite lint.Suite) *options {
	defs := suite.Definitions
	o := &options{FlagSet: flag.NewFlagSet(progname, flag.ContinueOnError), enabled: make(map[string]*triState), suite: suite}
	fs := o.FlagSet
	fs.BoolVar(&o.json, "json", false, "print the findings as JSON (the go/analysis -json format) instead of text")
	fs.IntVar(&o.context, "c", -1, "print each finding's line with this many lines of context")
	fs.StringVar(&o.sarif, "sarif", "", "also write a SARIF 2.1.0 log for GitHub code scanning to `FILE` (- for stdout)")
	fs.StringVar(&o.sarifRoot, "sarif-srcroot", "", "directory SARIF file URIs are relative to (default: the module or workspace root)")
	fs.BoolVar(&o.tests, "test", true, "also analyse test packages (findings in _test.go files need an analyzer's include-tests)")
	fs.BoolVar(&o.deps, "deps", false, "also compute summaries from the source of every dependency that can reach HTTP, as go vet does (slower)")
	fs.StringVar(&o.tags, "tags", "", "comma-separated build `tags` to load the packages with")
	fs.Var(&o.disable, "disable", "comma-separated analyzers or `analyzer/rule`s to turn off (e.g. poolsize/idle-timeout-zero,headersize)")
	fs.BoolVar(&o.fix, "fix", false, "apply the suggested fixes, then report the findings that remain")
	fs.StringVar(&o.baseline, "baseline", "", "report only findings not recorded in this baseline `FILE`")
	fs.BoolVar(&o.writeBaseline, "write-baseline", false, "record the current findings in the -baseline file and exit 0")
	fs.BoolVar(&o.verbose, "v", false, "verbose: say how each package was loaded; list stale baseline entries")
	fs.StringVar(&o.cpuprofile, "cpuprofile", "", "write a CPU profile to `FILE`")
	fs.StringVar(&o.memprofile, "memprofile", "", "write a heap profile to `FILE`")
	fs.StringVar(&o.giveups, giveupsFlag, "", "debug: append where the analysis gives up on a candidate to `FILE`, as JSON lines")
	fs.Bool("version", false, "print the version and exit")
	if len(defs) > 1 {
		registerAnalyzerFlags(fs, defs, o.enabled)
	} else {
		registerAnalyzerFlags(fs, defs, nil)
	}
	o.disable.defs = defs
	return o
}

// registerAnalyzerFlags adds to fs each analyzer's flags as -NAME.FLAG
// and, if enabled is not nil, its enable flag (-NAME, -NAME=false),
// recorded in enabled.
func registerAnalyzerFlags(fs *flag.FlagSet, defs []lint.Definition, enabled map[string]*triState) {
	if enabled != nil {
		for _, d := range defs {
			ts := new(triState)
			enabled[d.Name] = ts
			fs.Var(ts, d.Name, fmt.Sprintf("run only the %s analyzer (-%s=false: all but it)", d.Name, d.Name))
		}
	}
	for _, d := range defs {
		d.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
			fs.Var(f.Value, d.Name+"."+f.Name, f.Usage)
		})
	}
}

// parse parses args; a bad flag is reported in one line.
func (o *options) parse(progname string, args []string) error {
	o.SetOutput(io.Discard)
	o.Usage = func() {}
	if err := o.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return err
		}
		return fmt.Errorf("%v (run '%s help' for the flags)", err, progname)
	}
	switch {
	case o.json && o.sarif == "-":
		return errors.New("-json and -sarif=- both write to stdout: give -sarif a file")
	case o.writeBaseline && o.baseline == "":
		return errors.New("-write-baseline needs -baseline=FILE")
	case o.fix && (o.json || o.writeBaseline):
		return errors.New("-fix cannot be combined with -json or -write-baseline")
	}
	return nil
}

// startDebugOutputs starts the CPU profile (-cpuprofile) and the census
// of give-ups (-httplint.giveups) the flags ask for; stop ends both.
func (o *options) startDebugOutputs() (stop func(), err error) {
	var stops []func()
	stop = func() {
		for _, f := range slices.Backward(stops) {
			f()
		}
	}
	if o.cpuprofile != "" {
		f, err := os.Create(o.cpuprofile)
		if err != nil {
			return stop, err
		}
		if err := pprof.StartCPUProfile(f); err != nil {
			f.Close()
			return stop, err
		}
		stops = append(stops, func() {
			pprof.StopCPUProfile()
			f.Close()
		})
	}
	if o.giveups != "" {
		// Appended to, so that a script can gather the census of many
		// runs in one file.
		f, err := os.OpenFile(o.giveups, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err != nil {
			stop()
			return func() {}, err
		}
		giveup.Start(f)
		stops = append(stops, func() {
			if err := giveup.Stop(); err != nil {
				log.Print(err)
			}
			f.Close()
		})
	}
	return stop, nil
}

// runStandalone is the standalone driver: it loads the packages named by
// args (see load) and runs the analyzers on them one package at a time
// (see schedule), printing text to stdout (or JSON with -json) and
// writing SARIF with -sarif.
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
func runStandalone(progname string, suite lint.Suite, args []string) int {
	log.SetFlags(0)
	log.SetPrefix(progname + ": ")
	defs := suite.Definitions
	o := newFlags(progname, suite)
	if err := o.parse(progname, args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			help(os.Stdout, os.Stderr, progname, defs, nil)
			return 0
		}
		log.Print(err)
		return 2
	}
	patterns := o.Args()
	if len(patterns) == 0 {
		log.Printf("no packages named (usage: %s [flags] package...; run '%s help')", progname, progname)
		return 2
	}
	stop, err := o.startDebugOutputs()
	if err != nil {
		log.Print(err)
		return 1
	}
	defer stop()
	selected := o.disable.apply(selectDefinitions(defs, o.enabled))
	if len(selected) == 0 {
		log.Print("every analyzer is disabled")
		return 2
	}
	for _, d := range selected {
		// Rules turned off with -disable=analyzer/rule: the analyzer's
		// own disable flag, added to what -NAME.disable says.
		if slugs := o.disable.slugs(d.Name); len(slugs) > 0 {
			f := d.Analyzer.Flags.Lookup(lint.DisableFlag)
			if cur := f.Value.String(); cur != "" {
				slugs = append([]string{cur}, slugs...)
			}
			if err := f.Value.Set(strings.Join(slugs, ",")); err != nil {
				log.Print(err)
				return 2
			}
		}
	}
	if o.sarif != "" {
		// SARIF lists the findings directives silence, as suppressed.
		for _, d := range selected {
			if err := d.Analyzer.Flags.Set(lint.ReportSuppressedFlag, "true"); err != nil {
				log.Print(err)
				return 1
			}
		}
	}

	res, code := analyse(o, selected, patterns)
	if res == nil {
		return code
	}
	if o.fix {
		n, err := applyFixes(res.found)
		if err != nil {
			log.Print(err)
			return 1
		}
		if n > 0 {
			fmt.Fprintf(os.Stderr, "%s: applied fixes in %d file(s)\n", progname, n)
			// Report what remains on the fixed code.
			res, code = analyse(o, selected, patterns)
			if res == nil {
				return code
			}
		}
	}

	exit := code
	found := res.found
	if o.baseline != "" {
		if o.writeBaseline {
			if err := writeBaseline(o.baseline, found); err != nil {
				log.Print(err)
				return 1
			}
			fmt.Fprintf(os.Stderr, "%s: recorded %d finding(s) in %s\n", progname, len(found), o.baseline)
			return exit
		}
		b, err := readBaseline(o.baseline)
		if err != nil {
			log.Print(err)
			return 1
		}
		var stale []baselineEntry
		found, stale = b.filter(found)
		if o.verbose {
			for _, e := range stale {
				fmt.Fprintf(os.Stderr, "%s: stale baseline entry: %s %s (%s): %s\n", progname, e.File, e.Func, e.Rule, e.Message)
			}
		}
	}

	if o.sarif != "" {
		if err := writeSARIFLog(o, selected, res, found); err != nil {
			log.Print(err)
			return 1
		}
	}
	if o.json {
		if err := writeJSON(os.Stdout, res.outcomes, found); err != nil {
			log.Print(err)
			return 1
		}
	} else {
		if o.sarif != "-" { // -sarif=- makes SARIF the output
			wd, _ := os.Getwd()
			if err := printText(os.Stdout, wd, found, o.context); err != nil {
				log.Print(err)
				return 1
			}
		}
		if exit == 0 && len(found) > 0 {
			exit = 3
		}
	}

	if o.memprofile != "" {
		f, err := os.Create(o.memprofile)
		if err != nil {
			log.Print(err)
			return 1
		}
		// Profile what the analysis holds at its end, the graph included.
		runtime.GC()
		if err := pprof.WriteHeapProfile(f); err != nil {
			log.Print(err)
		}
		f.Close()
		runtime.KeepAlive(res)
	}
	return exit
}

// A result is one analysis of the packages.
type result struct {
	initial  []*packages.Package
	outcomes []*outcome
	found    []finding
	// suppressed are the findings directives silence (with -sarif only).
	suppressed []finding
}

// analyse loads patterns and runs the analyzers selected on them. It
// returns nil and an exit code when nothing could be analysed; otherwise
// the code is 1 if some package had errors.
func analyse(o *options, selected []lint.Definition, patterns []string) (*result, int) {
	as := make([]*analysis.Analyzer, len(selected))
	for i, d := range selected {
		as[i] = d.Analyzer
	}
	mode := packages.LoadSyntax | packages.NeedModule
	if o.deps {
		mode = packages.LoadAllSyntax | packages.NeedModule
	}
	cfg := &packages.Config{Mode: mode, Tests: o.tests}
	if o.tags != "" {
		cfg.BuildFlags = []string{"-tags=" + o.tags}
	}
	units, fromExport, unresolved, err := load(cfg, o.suite.Scope, patterns, o.deps)
	if err != nil {
		log.Print(err)
		return nil, 1
	}
	if err := analysis.Validate(as); err != nil {
		log.Print(err)
		return nil, 1
	}
	outs := schedule(units, as)
	if o.verbose {
		printLoadPaths(os.Stderr, o.Name(), units, fromExport)
	}
	var initial []*packages.Package
	for _, u := range units {
		if u.root {
			initial = append(initial, u.pkg)
		}
	}
	code := 0
	report := newLoadReport(initial, unresolved, outs)
	if report.print(os.Stderr, o.Name(), o.verbose) > 0 || len(report.notAnalysed) > 0 {
		code = 1
	}
	if logFailures(outs, report.skipped) {
		code = 1
	}
	res := &result{initial: initial, outcomes: outs}
	all := o.disable.filter(findings(outs))
	sortFindings(all)
	res.found, res.suppressed = splitSuppressed(all)
	return res, code
}

// logFailures logs the analysis errors among outs, but those that known
// says are already reported (nil: none), and reports whether there were
// any.
func logFailures(outs []*outcome, known func(path string, err error) bool) bool {
	failed := false
	for _, o := range outs {
		if o.err != nil {
			failed = true
			if known == nil || !known(o.pkg.PkgPath, o.err) {
				log.Printf("%s: %v", o, o.err)
			}
		}
	}
	return failed
}

// splitSuppressed separates the findings that //httplint:ignore
// directives silence (reported only with the report-suppressed flag)
// from the rest.
func splitSuppressed(fs []finding) (found, suppressed []finding) {
	for _, f := range fs {
		if _, ok := lint.Suppression(f.diag); ok {
			suppressed = append(suppressed, f)
		} else {
			found = append(found, f)
		}
	}
	return found, suppressed
}

// writeSARIFLog writes the SARIF log of the findings found.
func writeSARIFLog(o *options, selected []lint.Definition, res *result, found []finding) error {
	root := o.sarifRoot
	if root == "" {
		root = sourceRoot()
	}
	b := sarif.NewBuilder(sarif.Driver{
		Name:           "httplint",
		Version:        version(),
		SemanticVer:    semanticVersion(),
		InformationURI: "https://github.com/httplint/httplint",
	}, root)
	for _, r := range sarifRules(selected, o.suite.RuleDoc, &o.disable) {
		b.AddRule(r)
	}
	packages.Visit(res.initial, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			b.AddNotification("error", e.Error())
		}
	})
	state := ""
	if o.baseline != "" {
		state = "new"
	}
	if err := addOutcomes(b, res.outcomes, append(found, res.suppressed...), state); err != nil {
		return err
	}
	return writeSARIF(o.sarif, b.Log())
}
