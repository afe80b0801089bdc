package driver

import (
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/internal/lint"
)

// isFilePattern reports whether patterns name files (x.go, file=x.go),
// which go list turns into one command-line-arguments package that the
// loaders here cannot narrow or split.
func isFilePattern(patterns []string) bool {
	for _, p := range patterns {
		if strings.HasSuffix(p, ".go") || strings.HasPrefix(p, "file=") {
			return true
		}
	}
	return false
}

// gate narrows roots, the packages listed by loadMeta, to those that can
// involve an HTTP client, from package metadata alone (no type-checking):
// a package whose import closure holds no HTTP client or retry library
// can hold no client, request or send, and the facts analyzer would find
// it irrelevant after type-checking it and building its SSA form. A root
// with errors from go list is kept, so that loading reports them (its
// imports may be incomplete). It returns the root packages to analyse and
// their import paths (the package under test for a test variant, for
// packages.Load), or ok false for the command-line-arguments package of
// file patterns. When no package is relevant, keep is empty and ok is
// true. unresolved lists the roots that are not relevant as far as their
// imports are known but import a package that failed to load (a module
// version the proxy does not serve, a missing directory): what they
// import might reach HTTP, so they are named as not analysed.
func gate(roots []*packages.Package, scope lint.Scope) (keep []*packages.Package, paths []string, unresolved []*packages.Package, ok bool) {
	visit := reachesSubject(scope)
	broken := closureHas(func(_ string, imp *packages.Package) bool { return len(imp.Errors) > 0 })
	// A test variant that is relevant brings the other variants of its
	// test binary (p [p.test] for p_test [p.test]), which it may import.
	relevant := make(map[*packages.Package]bool)
	testBinaries := make(map[string]bool)
	for _, root := range roots {
		if root.PkgPath == "command-line-arguments" {
			return nil, nil, nil, false
		}
		if len(root.Errors) > 0 || scope.Analysable(root.PkgPath) && visit(root) {
			relevant[root] = true
			if _, variant, ok := strings.Cut(root.ID, " ["); ok {
				testBinaries[variant] = true
			}
		} else if scope.Analysable(root.PkgPath) && broken(root) && !strings.HasSuffix(root.ID, ".test") {
			unresolved = append(unresolved, root)
		}
	}
	seen := make(map[string]bool)
	for _, root := range roots {
		_, variant, isVariant := strings.Cut(root.ID, " [")
		switch {
		case !isVariant && strings.HasSuffix(root.ID, ".test"):
			continue // the generated test main
		case relevant[root], isVariant && testBinaries[variant]:
		default:
			continue
		}
		keep = append(keep, root)
		if path := underTest(root); !seen[path] {
			seen[path] = true
			paths = append(paths, path)
		}
	}
	return keep, paths, unresolved, true
}

// underTest is the import path of the package p is a variant of: p's own
// path, or, for a test variant (p [p.test], p_test [p.test]), the path of
// the package under test.
func underTest(p *packages.Package) string {
	if _, variant, ok := strings.Cut(p.ID, " ["); ok {
		return strings.TrimSuffix(strings.TrimSuffix(variant, "]"), ".test")
	}
	return p.PkgPath
}

// reachesSubject returns a memoised test of whether a package imports,
// directly or not, a package of the scope's subject (for httplint,
// net/http or a client or retry library).
func reachesSubject(scope lint.Scope) func(*packages.Package) bool {
	return closureHas(func(path string, _ *packages.Package) bool { return scope.Subject(path) })
}

// closureHas returns a memoised test of whether a package imports,
// directly or through its imports, a package that hit accepts (hit gets
// the import path and the package imported).
func closureHas(hit func(path string, imp *packages.Package) bool) func(*packages.Package) bool {
	memo := make(map[*packages.Package]bool)
	var has func(p *packages.Package) bool
	has = func(p *packages.Package) bool {
		if r, done := memo[p]; done {
			return r
		}
		memo[p] = false // cycles (broken code) end here
		r := false
		for path, imp := range p.Imports {
			if hit(path, imp) || has(imp) {
				r = true
				break
			}
		}
		memo[p] = r
		return r
	}
	return has
}
