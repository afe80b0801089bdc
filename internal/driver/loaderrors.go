package driver

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// maxNamed is how many packages the summary of packages not analysed
// names without -v.
const maxNamed = 10

// A loadFailure is one distinct error met while loading packages.
type loadFailure struct {
	pos, msg string
	more     int // further places that reported the same message
}

// loadReport gathers the errors of the packages in the import graph of
// the roots, each distinct error once: a module version the proxy does
// not serve is named by every import of its packages, in every importing
// package, and each importer then fails to type-check the import; only
// the first is kept, and the "could not import" type errors that follow
// from an import that failed to load are left out.
type loadReport struct {
	failures []*loadFailure
	byMsg    map[string]*loadFailure
	seen     map[string]bool // pos and message, for type errors
	// notAnalysed lists the roots that are not analysed: those with
	// errors of their own or in their imports, and those whose imports
	// cannot be resolved (the gate cannot tell whether they reach HTTP).
	notAnalysed []string
}

// newLoadReport collects the errors of roots and of everything they
// import, and of the roots unresolved, which were not loaded because an
// import failed to resolve and nothing else they import reaches HTTP.
// The roots not analysed are those, those that do not type-check (no SSA
// form is built for them), and those whose analysis outs says was skipped
// because they failed to load.
func newLoadReport(roots, unresolved []*packages.Package, outs []*outcome) *loadReport {
	r := &loadReport{byMsg: make(map[string]*loadFailure), seen: make(map[string]bool)}
	all := append(slices.Clone(roots), unresolved...)
	slices.SortFunc(all, func(a, b *packages.Package) int { return strings.Compare(a.ID, b.ID) })
	packages.Visit(all, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			r.add(p, e)
		}
	})
	seen := make(map[string]bool)
	skip := func(p *packages.Package) {
		if !seen[p.PkgPath] {
			seen[p.PkgPath] = true
			r.notAnalysed = append(r.notAnalysed, p.PkgPath)
		}
	}
	for _, p := range unresolved {
		skip(p)
	}
	for _, p := range roots {
		if illTyped(p) {
			skip(p)
		}
	}
	for _, o := range outs {
		if o.root && o.err != nil && o.err.Error() == errSkipped {
			skip(o.pkg)
		}
	}
	slices.Sort(r.notAnalysed)
	return r
}

// listFailed reports whether the go command could not load all of p or
// of its imports (an import it could not resolve, a missing file): p's
// type errors then follow from that.
func listFailed(p *packages.Package) bool {
	for _, e := range p.Errors {
		if e.Kind == packages.ListError {
			return true
		}
	}
	for _, imp := range p.Imports {
		if len(imp.Errors) > 0 {
			return true
		}
	}
	return false
}

// illTyped reports whether p itself failed to parse or type-check.
func illTyped(p *packages.Package) bool {
	if len(p.TypeErrors) > 0 {
		return true
	}
	for _, e := range p.Errors {
		if e.Kind == packages.ParseError || e.Kind == packages.TypeError {
			return true
		}
	}
	return false
}

func (r *loadReport) add(p *packages.Package, e packages.Error) {
	msg := strings.Join(strings.Fields(e.Msg), " ")
	if e.Kind == packages.TypeError && listFailed(p) {
		return // the package's imports failed to load: its type errors follow
	}
	if e.Kind == packages.TypeError {
		if path, ok := strings.CutPrefix(msg, "could not import "); ok {
			path, _, _ = strings.Cut(path, " ")
			if imp := p.Imports[path]; imp != nil && (len(imp.Errors) > 0 || imp.IllTyped) {
				return // follows from the import's own error
			}
		}
		// A type error is the package's own: each is kept, once.
		if k := e.Pos + "\x00" + msg; !r.seen[k] {
			r.seen[k] = true
			r.failures = append(r.failures, &loadFailure{pos: e.Pos, msg: msg})
		}
		return
	}
	if f := r.byMsg[msg]; f != nil {
		if f.pos != e.Pos {
			f.more++
		}
		return
	}
	f := &loadFailure{pos: e.Pos, msg: msg}
	r.byMsg[msg] = f
	r.failures = append(r.failures, f)
}

// print writes the report: one line per distinct error, then one line
// naming the packages not analysed (all of them when verbose). It
// returns the number of errors.
func (r *loadReport) print(w io.Writer, progname string, verbose bool) int {
	for _, f := range r.failures {
		line := f.msg
		if f.pos != "" && f.pos != "-" {
			line = f.pos + ": " + line
		}
		if f.more > 0 {
			line += fmt.Sprintf(" (and %d more imports)", f.more)
		}
		fmt.Fprintln(w, line)
	}
	if n := len(r.notAnalysed); n > 0 {
		names := r.notAnalysed
		rest := ""
		if !verbose && n > maxNamed {
			names, rest = names[:maxNamed], fmt.Sprintf(" and %d more (-v lists them)", n-maxNamed)
		}
		noun := "packages"
		if n == 1 {
			noun = "package"
		}
		fmt.Fprintf(w, "%s: %d %s not analysed because they or their imports failed to load: %s%s\n",
			progname, n, noun, strings.Join(names, ", "), rest)
	}
	return len(r.failures)
}

// skipped reports whether the analysis error err of package path only
// says that the package was not analysed because it failed to load,
// which the report already says.
func (r *loadReport) skipped(path string, err error) bool {
	_, found := slices.BinarySearch(r.notAnalysed, path)
	return found && err != nil && err.Error() == errSkipped
}
