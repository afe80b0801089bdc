package lint

import (
	"fmt"
	"go/ast"
	"go/token"
	"regexp"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// A Reporter emits the diagnostics of one analyzer for one pass: it drops
// findings in test code (unless the analyzer's include-tests flag is set)
// and generated files, honours //httplint:ignore directives, and reports
// directives that lack a reason.
type Reporter struct {
	pass             *analysis.Pass
	includeTests     bool
	reportSuppressed bool
	disabled         map[string]bool // rules turned off by the disable flag
	files            map[*token.File]*fileInfo
	seen             map[seenKey]bool
	note             func(token.Pos) (analysis.RelatedInformation, bool)
}

// SetNote makes the Reporter add note's related position, when it gives
// one, to every finding: how the code at the finding runs (see the HTTP
// model's RunsNote), so that findings on a server's request path stand
// out from those in a command's start-up.
func (r *Reporter) SetNote(note func(token.Pos) (analysis.RelatedInformation, bool)) {
	r.note = note
}

// ReportSuppressedFlag is the name of every analyzer's flag that makes it
// report the findings a directive silences, marked by [Suppression].
const ReportSuppressedFlag = "report-suppressed"

// suppressedScheme starts the URL of a diagnostic that a directive
// silences; the rest is the directive's reason.
const suppressedScheme = "httplint-suppressed:"

// Suppression reports whether d is a finding that a //httplint:ignore
// directive silences (reported only with the report-suppressed flag),
// and returns the directive's reason.
func Suppression(d analysis.Diagnostic) (reason string, ok bool) {
	return strings.CutPrefix(d.URL, suppressedScheme)
}

// RuleSuffix returns the suffix the Reporter appends to every message of
// analyzer with category: " (analyzer/category)", so that users see the
// rule id to suppress or look up, in every driver.
func RuleSuffix(analyzer, category string) string {
	if category == "" {
		return " (" + analyzer + ")"
	}
	return " (" + analyzer + "/" + category + ")"
}

type seenKey struct {
	pos      token.Pos
	category string
}

type fileInfo struct {
	excluded bool
	// testFuncs are the extents of the functions that take a testing.TB
	// (without include-tests): test code in a file that is not.
	testFuncs  [][2]token.Pos
	directives map[int][]*Directive // by line
}

// NewReporter returns a Reporter for pass. includeTests is the
// analyzer's include-tests option: without it, test code is not reported,
// that is _test.go files and test support outside them: a package whose
// import path says it is (IsTestSupportPath), a file that imports
// testing (unless it also declares production API, holdsProductionAPI),
// a function that takes a testing.TB, a package one of whose
// files imports a test framework (drivesTests), or a test-support
// package of its own module (importsOwnTestSupport); and code generators, the
// developer tools that go generate runs (isCodeGenerator).
func NewReporter(pass *analysis.Pass, includeTests bool) *Reporter {
	r := &Reporter{
		pass:         pass,
		includeTests: includeTests,
		files:        make(map[*token.File]*fileInfo),
		seen:         make(map[seenKey]bool),
	}
	supportPkg := !includeTests && (IsTestSupportPath(pass.Pkg.Path()) || isCodeGenerator(pass.Pkg, pass.Files) ||
		drivesTests(pass.Fset, pass.Files) && !isModuleRoot(pass) || importsOwnTestSupport(pass.Fset, pass.Files, modulePath(pass)))
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf == nil {
			continue
		}
		test := strings.HasSuffix(tf.Name(), "_test.go") || supportPkg || importsTesting(f) != noTestImport && !holdsProductionAPI(f, pass.TypesInfo)
		info := &fileInfo{
			excluded:   (!includeTests && test) || IsGenerated(pass.Fset, f),
			directives: make(map[int][]*Directive),
		}
		if !includeTests && !info.excluded {
			info.testFuncs = testFuncs(f, pass.TypesInfo)
		}
		for _, d := range ParseDirectives(pass.Fset, f) {
			info.directives[d.Line] = append(info.directives[d.Line], d)
		}
		r.files[tf] = info
	}
	return r
}

// Excluded reports whether findings at pos are not reported: the position
// is in test code (without include-tests), a generated file, or outside
// the package's files.
func (r *Reporter) Excluded(pos token.Pos) bool {
	tf := r.pass.Fset.File(pos)
	if tf == nil {
		return true
	}
	info := r.files[tf]
	if info == nil || info.excluded {
		return true
	}
	for _, fn := range info.testFuncs {
		if fn[0] <= pos && pos < fn[1] {
			return true
		}
	}
	return false
}

// Report emits d unless it is excluded, suppressed by a directive, or a
// duplicate of a finding already reported at the same position.
func (r *Reporter) Report(d analysis.Diagnostic) {
	if r.Excluded(d.Pos) || r.seen[seenKey{d.Pos, d.Category}] || r.disabled[d.Category] {
		return
	}
	tf := r.pass.Fset.File(d.Pos)
	info := r.files[tf]
	line := tf.Line(d.Pos)
	r.seen[seenKey{d.Pos, d.Category}] = true
	d.Message += RuleSuffix(r.pass.Analyzer.Name, d.Category)
	if r.note != nil {
		if n, ok := r.note(d.Pos); ok {
			d.Related = append(d.Related, n)
		}
	}
	if dir := r.directive(info, line, d.Category); dir != nil {
		if r.reportSuppressed && dir.Reason != "" {
			d.URL = suppressedScheme + dir.Reason
			r.pass.Report(d)
		}
		return
	}
	r.pass.Report(d)
}

// directive returns the directive on line or the line above that
// silences findings of category, or nil.
func (r *Reporter) directive(info *fileInfo, line int, category string) *Directive {
	for _, l := range []int{line, line - 1} {
		for _, dir := range info.directives[l] {
			if dir.Matches(r.pass.Analyzer.Name, category) {
				return dir
			}
		}
	}
	return nil
}

// Silenced reports whether a directive silences a finding of category at
// pos. An analyzer that reports several places as one finding asks it of
// each place, so that a directive on one of them silences that one alone.
func (r *Reporter) Silenced(pos token.Pos, category string) bool {
	tf := r.pass.Fset.File(pos)
	if tf == nil {
		return false
	}
	info := r.files[tf]
	return info != nil && r.directive(info, tf.Line(pos), category) != nil
}

// Finish reports the //httplint:ignore directives naming this analyzer
// that give no reason. Call it once, after the analyzer's findings.
func (r *Reporter) Finish() {
	for _, f := range r.pass.Files {
		info := r.files[r.pass.Fset.File(f.FileStart)]
		if info == nil || info.excluded {
			continue
		}
		lines := make([]int, 0, len(info.directives))
		for l := range info.directives {
			lines = append(lines, l)
		}
		sort.Ints(lines)
		for _, l := range lines {
			for _, d := range info.directives[l] {
				if d.Analyzer == r.pass.Analyzer.Name && d.Reason == "" {
					r.pass.Report(analysis.Diagnostic{
						Pos:      d.Pos,
						End:      d.End,
						Category: DirectiveCategory,
						Message:  "//httplint:ignore directive needs a reason after the rule name" + RuleSuffix(r.pass.Analyzer.Name, DirectiveCategory),
					})
				}
			}
		}
	}
}

// cgoHeader is the comment cmd/cgo starts the files it writes with.
const cgoHeader = "// Code generated by cmd/cgo; DO NOT EDIT."

// generatedComment matches the comment that marks generated code
// (https://go.dev/s/generatedcode).
var generatedComment = regexp.MustCompile(`^// Code generated .* DO NOT EDIT\.$`)

// IsGenerated reports whether f is generated code, as ast.IsGenerated,
// except for the files cmd/cgo translates from a package's own files
// (what a driver analyses for a package that uses cgo): their code is
// the user's, mapped back to the original file by line directives, so
// they are generated only if the original says so (cgo keeps its
// comments).
func IsGenerated(fset *token.FileSet, f *ast.File) bool {
	if !ast.IsGenerated(f) {
		return false
	}
	if orig := fset.Position(f.Package).Filename; orig == fset.PositionFor(f.Package, false).Filename || !strings.HasSuffix(orig, ".go") {
		return true // not a translation of another Go file
	}
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if c.Text != cgoHeader && generatedComment.MatchString(c.Text) {
				return true
			}
		}
	}
	return false
}

// groupCount matches what GroupCount writes.
var groupCount = regexp.MustCompile(` \(\d+ [^()]* in this package\)`)

// GroupCount returns the note a finding that stands for several places
// of one root cause carries in its message: " (n what in this package)".
// Baselines ignore it (WithoutGroupCount), so that a finding keeps its
// entry as places join it.
func GroupCount(n int, what string) string {
	return fmt.Sprintf(" (%d %s in this package)", n, what)
}

// WithoutGroupCount returns msg without the note GroupCount writes.
func WithoutGroupCount(msg string) string {
	return groupCount.ReplaceAllString(msg, "")
}

// isModuleRoot reports whether pass's package is the root package of its
// module. A module whose root package adapts a test framework is a
// testing library (httpexpect's reporters wrap testify's assertions): its
// root package is the product its users import, run in their tests, and
// its maintainers fix, not the support of its own tests.
func isModuleRoot(pass *analysis.Pass) bool {
	return modulePath(pass) != "" && pass.Pkg.Path() == pass.Module.Path
}

// modulePath returns the path of pass's module, or "" if it is unknown.
func modulePath(pass *analysis.Pass) string {
	if pass.Module == nil {
		return ""
	}
	return pass.Module.Path
}
