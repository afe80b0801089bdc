package driver

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/internal/lint"
)

// splitForSource divides roots, packages listed by loadMeta, into those
// loadFromSource can load and the rest, which need packages.Load: those
// with errors from go list or using cgo, those with a dependency that is
// itself a test variant or has errors, or that is to be type-checked
// from source (see rootSet; deps as for load, cache as for newRootSet)
// and cannot be, and, so that each part is complete, every root that
// imports one of those, directly or through dependencies from source. It returns the roots for
// loadFromSource and the import paths for packages.Load: the rest and
// the roots they import, which are then analysed twice. The variants of
// one package (p, p [p.test], p_test [p.test]) stay together.
func splitForSource(roots []*packages.Package, scope lint.Scope, deps bool, cache *cacheState) (source []*packages.Package, restPaths []string) {
	rs := newRootSet(roots, scope, deps, cache)
	// depOK reports whether loadFromSource can load dependency p:
	// from export data, or from source (see rootSet).
	var depOK func(p *packages.Package) bool
	sourceOK := make(map[*packages.Package]bool)
	depOK = func(p *packages.Package) bool {
		if len(p.Errors) > 0 {
			return false
		}
		if !rs.fromSource(p) {
			// From export data, which only packages that are not
			// test variants have.
			return p.ID == p.PkgPath
		}
		ok, done := sourceOK[p]
		if done {
			return ok
		}
		sourceOK[p] = false // cycles (broken code) end here
		if rs.analysed(p) {
			ok = !usesCgo(p) // analysed, with its bodies
		} else {
			ok = !usesSWIG(p)
		}
		for _, imp := range p.Imports {
			if ok && rs.root[imp.ID] == nil && !depOK(imp) {
				ok = false
			}
		}
		sourceOK[p] = ok
		return ok
	}
	loadable := func(r *packages.Package) bool {
		if len(r.Errors) > 0 || usesCgo(r) {
			return false
		}
		for _, imp := range r.Imports {
			if rs.root[imp.ID] == nil && !depOK(imp) {
				return false
			}
		}
		return true
	}
	toLoad := make(map[string]bool) // package-under-test paths that need packages.Load
	for _, r := range roots {
		if !loadable(r) {
			toLoad[underTest(r)] = true
		}
	}
	// Importers of those need their facts.
	for changed := len(toLoad) > 0; changed; {
		changed = false
		for _, r := range roots {
			for _, imp := range rs.rootImports(r) {
				if toLoad[underTest(imp)] && !toLoad[underTest(r)] {
					toLoad[underTest(r)] = true
					changed = true
				}
			}
		}
	}
	// packages.Load loads the rest and, as roots again, the roots they
	// import, so that their facts come from source.
	seen := make(map[string]bool)
	var need func(r *packages.Package)
	need = func(r *packages.Package) {
		if seen[r.ID] {
			return
		}
		seen[r.ID] = true
		if p := underTest(r); !slices.Contains(restPaths, p) {
			restPaths = append(restPaths, p)
		}
		for _, imp := range rs.rootImports(r) {
			need(imp)
		}
	}
	for _, r := range roots {
		if toLoad[underTest(r)] {
			need(r)
		} else {
			source = append(source, r)
		}
	}
	return source, restPaths
}

// A rootSet describes the roots listed by loadMeta and the dependencies
// type-checked from source with them. Those are the packages between
// roots: dependencies that import a root, directly or not. Such a
// package cannot come from export data, which would name a second copy
// of the root's types: loadFromSource type-checks it from source, as
// go/packages does, without function bodies. With deps (-deps), they are
// also the dependencies that can involve an HTTP client, analysed for
// their facts, and the packages that import one of those. And they are
// the dependencies the build cache does not hold (see listCache), and
// those that import one: their export data would have to be compiled.
type rootSet struct {
	// root holds the roots by ID.
	root map[string]*packages.Package
	// fromSource reports whether a dependency, not a root, is
	// type-checked from source.
	fromSource func(*packages.Package) bool
	// analysed reports whether a dependency from source is analysed
	// for its facts, with its function bodies (with deps only).
	analysed func(*packages.Package) bool
	// notCached reports whether a dependency from source is one only
	// because the build cache does not hold it or a package it imports.
	notCached func(*packages.Package) bool
	// rootsVia memoises rootImports.
	rootsVia map[*packages.Package][]*packages.Package
}

// newRootSet returns the rootSet of roots, with deps as for load, and
// cache what the build cache holds (nil: everything).
func newRootSet(roots []*packages.Package, scope lint.Scope, deps bool, cache *cacheState) *rootSet {
	rs := &rootSet{
		root:     make(map[string]*packages.Package, len(roots)),
		rootsVia: make(map[*packages.Package][]*packages.Package),
	}
	for _, r := range roots {
		rs.root[r.ID] = r
	}
	// wanted reports whether a dependency is analysed for its facts:
	// it can involve an HTTP client (as gate decides for roots).
	reaches := reachesSubject(scope)
	wanted := func(p *packages.Package) bool {
		return deps && scope.Analysable(p.PkgPath) && reaches(p)
	}
	// Roots by ID: a test variant of a root (p [p.test]) is imported by
	// the variants recompiled for its test (q [p.test]) only.
	sees := closureHas(func(_ string, imp *packages.Package) bool { return rs.root[imp.ID] != nil || wanted(imp) })
	needed := func(p *packages.Package) bool {
		return rs.root[p.ID] == nil && (wanted(p) || sees(p))
	}
	isStale := func(p *packages.Package) bool { return !cache.holds(p.PkgPath) }
	importsStale := closureHas(func(_ string, imp *packages.Package) bool { return isStale(imp) })
	rs.notCached = func(p *packages.Package) bool {
		return !needed(p) && rs.root[p.ID] == nil && (isStale(p) || importsStale(p))
	}
	rs.fromSource = func(p *packages.Package) bool { return needed(p) || rs.notCached(p) }
	rs.analysed = func(p *packages.Package) bool { return deps && needed(p) }
	return rs
}

// rootImports returns the roots that p imports directly or through
// dependencies from source.
func (rs *rootSet) rootImports(p *packages.Package) []*packages.Package {
	if list, ok := rs.rootsVia[p]; ok {
		return list
	}
	rs.rootsVia[p] = nil // cycles (broken code) end here
	var list []*packages.Package
	for _, imp := range p.Imports {
		switch {
		case rs.root[imp.ID] != nil:
			list = append(list, rs.root[imp.ID])
		case rs.fromSource(imp):
			list = append(list, rs.rootImports(imp)...)
		}
	}
	rs.rootsVia[p] = list
	return list
}

// usesCgo reports whether p, listed by loadMeta, uses cgo or SWIG: one
// of its Go files imports "C", or it has SWIG files. Its compiled Go
// files are then not its Go files, and only the go command can make
// them.
func usesCgo(p *packages.Package) bool {
	return usesSWIG(p) || importsC(p)
}

// usesSWIG reports whether p has SWIG files: some of its Go code is
// generated by the go command. A package that only imports "C" can
// still be type-checked without function bodies (checkPackage): its
// declarations that use C get invalid types, as with
// types.Config.FakeImportC.
func usesSWIG(p *packages.Package) bool {
	for _, f := range p.OtherFiles {
		if ext := filepath.Ext(f); ext == ".swig" || ext == ".swigcxx" {
			return true
		}
	}
	return false
}

// importsC reports whether one of p's Go files imports "C".
func importsC(p *packages.Package) bool {
	fset := token.NewFileSet()
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			return true // let packages.Load report it
		}
		for _, imp := range f.Imports {
			if imp.Path.Value == `"C"` {
				return true
			}
		}
	}
	return false
}
