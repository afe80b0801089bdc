package driver

import (
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/http/httplib"
)

// gatePatterns narrows patterns to the packages that can involve an HTTP
// client, from package metadata alone (go list, no type-checking): a
// package whose import closure holds no HTTP client or retry library can
// hold no client, request or send, and the facts analyzer would find it
// irrelevant after type-checking it and building its SSA form. It returns
// the import paths to load instead of patterns, or ok false when every
// package is relevant or the patterns cannot be narrowed (files named on
// the command line). When no package is relevant, paths is empty and ok
// is true.
func gatePatterns(cfg *packages.Config, patterns []string) (paths []string, ok bool, err error) {
	for _, p := range patterns {
		if strings.HasSuffix(p, ".go") || strings.HasPrefix(p, "file=") {
			return nil, false, nil
		}
	}
	meta := *cfg
	meta.Mode = packages.NeedName | packages.NeedImports | packages.NeedDeps
	roots, err := packages.Load(&meta, patterns...)
	if err != nil {
		return nil, false, err
	}
	reaches := make(map[*packages.Package]bool)
	var visit func(p *packages.Package) bool
	visit = func(p *packages.Package) bool {
		if r, done := reaches[p]; done {
			return r
		}
		reaches[p] = false // cycles (broken code) end here
		r := false
		for path, imp := range p.Imports {
			if httplib.IsClientLibrary(path) || visit(imp) {
				r = true
				break
			}
		}
		reaches[p] = r
		return r
	}
	seen := make(map[string]bool)
	all := true
	for _, root := range roots {
		if len(root.Errors) > 0 || root.PkgPath == "command-line-arguments" {
			// Let the full load report the errors.
			return nil, false, nil
		}
		if !facts.Analysable(root.PkgPath) || !visit(root) {
			all = false
			continue
		}
		path := root.PkgPath
		if _, variant, ok := strings.Cut(root.ID, " ["); ok {
			// A test variant (p [p.test], p_test [p.test]): load the
			// package under test, with its tests.
			path = strings.TrimSuffix(strings.TrimSuffix(variant, "]"), ".test")
		} else if strings.HasSuffix(root.ID, ".test") {
			continue // the generated test main
		}
		if !seen[path] {
			seen[path] = true
			paths = append(paths, path)
		}
	}
	if all {
		return nil, false, nil
	}
	return paths, true, nil
}
