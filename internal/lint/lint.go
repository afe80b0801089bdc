// Package lint is the framework every httplint analyzer is built on: it
// knows nothing about HTTP.
//
// An analyzer is described by a [Spec] (name, the source of its doc.go,
// its rules, the analyzers it requires, its run function) and built by
// [New], which gives every analyzer the same shape: documentation
// extracted from doc.go, a URL to its rules page, tolerance of type
// errors, an include-tests flag, a [Reporter] that drops findings in test
// and generated files and honours //httplint:ignore directives, and one
// policy for the analyzer's own bugs (see [Protect]).
//
// Options are flags on the analyzer, declared once; golangci-lint plugin
// settings are applied to a fresh analyzer as flags ([ApplySettings]).
package lint

import (
	"fmt"
	"go/token"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// DocsURL is where the rule pages live; an analyzer's URL is
// DocsURL + name + ".md", and a rule's anchor is its slug.
const DocsURL = "https://github.com/httplint/httplint/blob/main/docs/rules/"

// Categories of the findings the framework itself reports, besides each
// analyzer's rules.
const (
	// DirectiveCategory: a //httplint:ignore directive without a reason.
	DirectiveCategory = "directive"
	// InternalErrorCategory: the analyzer failed on this package (a bug
	// in httplint); its other findings for the package may be missing.
	InternalErrorCategory = "internal-error"
)

// A Rule is one rule of an analyzer: its slug (the diagnostic category,
// the anchor of its documentation, the word a suppression names) and a
// one-line summary.
type Rule struct {
	Slug    string
	Summary string
}

// A Spec describes one analyzer.
type Spec struct {
	Name string
	// Doc is the Go source of the analyzer's doc.go; Analyzer.Doc is its
	// "# Analyzer <Name>" section.
	Doc      string
	Requires []*analysis.Analyzer
	// Rules lists the analyzer's rules, which its disable flag names.
	Rules []Rule
	// Run checks one package, reporting through rep.
	Run func(pass *analysis.Pass, rep *Reporter) error
}

// DisableFlag is the name of every analyzer's flag that turns rules off.
const DisableFlag = "disable"

// ruleSet is the disable flag: a comma-separated list of rule slugs of
// the analyzer.
type ruleSet struct {
	rules []Rule
	off   map[string]bool
	list  []string
}

func (r *ruleSet) String() string { return strings.Join(r.list, ",") }

func (r *ruleSet) Set(s string) error {
	off := make(map[string]bool)
	var list []string
	if s != "" {
		for _, slug := range strings.Split(s, ",") {
			slug = strings.TrimSpace(slug)
			known := slug == DirectiveCategory
			var slugs []string
			for _, rule := range r.rules {
				known = known || rule.Slug == slug
				slugs = append(slugs, rule.Slug)
			}
			if !known {
				return fmt.Errorf("unknown rule %q (accepted: %s)", slug, strings.Join(slugs, ", "))
			}
			off[slug] = true
			list = append(list, slug)
		}
	}
	r.off, r.list = off, list
	return nil
}

// A Failure is a result of a required analyzer that can record an
// internal error; [New]'s analyzers report it as their own.
type Failure interface {
	// InternalError returns the description of the failure, or "".
	InternalError() string
}

// New returns the analyzer described by s. Its include-tests flag is
// registered here; the caller registers its other flags on the result.
func New(s Spec) *analysis.Analyzer {
	includeTests, reportSuppressed := new(bool), new(bool)
	disabled := &ruleSet{rules: s.Rules}
	a := &analysis.Analyzer{
		Name:             s.Name,
		Doc:              MustExtract(s.Doc, s.Name),
		URL:              DocsURL + s.Name + ".md",
		Requires:         s.Requires,
		RunDespiteErrors: true,
		ResultType:       reflect.TypeFor[struct{}](),
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		rep := NewReporter(pass, *includeTests)
		rep.reportSuppressed = *reportSuppressed
		rep.disabled = disabled.off
		for _, req := range a.Requires {
			if f, ok := pass.ResultOf[req].(Failure); ok && f.InternalError() != "" {
				rep.internalError(f.InternalError())
			}
		}
		var err error
		if msg := Protect(pass, func() { err = s.Run(pass, rep) }); msg != "" {
			rep.internalError(msg)
		}
		rep.Finish()
		return struct{}{}, err
	}
	a.Flags.BoolVar(includeTests, "include-tests", false, "also report findings in test code (_test.go files and test support)")
	a.Flags.Var(disabled, DisableFlag, "comma-separated rules of this analyzer to turn off (e.g. idle-timeout-zero)")
	a.Flags.BoolVar(reportSuppressed, ReportSuppressedFlag, false, "also report the findings //httplint:ignore silences, marked as suppressed (for SARIF output; set by httplint -sarif)")
	return a
}

// Protect runs f and returns "" when it completes. When f panics (a bug
// in httplint) it returns a description of the panic naming the analyzer
// and the package, so that the caller can report it and the driver goes
// on with the other packages. In a test binary it does not recover: the
// tests see the bug as a crash.
func Protect(pass *analysis.Pass, f func()) (internalError string) {
	if testing.Testing() {
		f()
		return ""
	}
	defer func() {
		if r := recover(); r != nil {
			internalError = fmt.Sprintf("internal error in %s on package %s: %v at %s (please report it with the package's source)",
				pass.Analyzer.Name, pass.Pkg.Path(), r, panicSite())
		}
	}()
	f()
	return ""
}

// panicSite returns the function and line that panicked, from the stack
// of a deferred recover.
func panicSite() string {
	lines := strings.Split(string(debug.Stack()), "\n")
	// After "panic(...)" and its file line come the panicking function
	// and its file line.
	for i, l := range lines {
		if strings.HasPrefix(l, "panic(") && i+3 < len(lines) {
			fn := lines[i+2]
			if p := strings.LastIndex(fn, "("); p > 0 {
				fn = fn[:p]
			}
			file := strings.TrimSpace(lines[i+3])
			if p := strings.LastIndex(file, " +0x"); p > 0 {
				file = file[:p]
			}
			if p := strings.Index(file, "/httplint/"); p >= 0 {
				file = file[p+1:]
			}
			return fn + " (" + file + ")"
		}
	}
	return "unknown location"
}

// internalError reports msg once, at the package clause of the first
// file.
func (r *Reporter) internalError(msg string) {
	pos := token.NoPos
	if len(r.pass.Files) > 0 {
		pos = r.pass.Files[0].Package
	}
	r.pass.Report(analysis.Diagnostic{Pos: pos, Category: InternalErrorCategory, Message: msg + RuleSuffix(r.pass.Analyzer.Name, InternalErrorCategory)})
}
