package driver

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/scanner"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/typesview"
)

// load returns the units for analysing the packages named by patterns.
// Only the packages that can reach an HTTP client are type-checked and
// analysed (see gate); the others cannot have findings. They are
// type-checked from source without being compiled, as go vet does, each
// when the schedule reaches it (see loadFromSource), where that is
// possible; otherwise packages.Load loads them. With deps, the
// dependencies that can involve an HTTP client are type-checked from
// source and analysed for their facts too (all of them with
// packages.Load).
//
// It also returns the roots that are not loaded because an import of
// theirs failed to resolve (see gate), to be named as not analysed.
func load(cfg *packages.Config, scope lint.Scope, patterns []string, deps bool) (units []*unit, unresolved []*packages.Package, err error) {
	paths := patterns
	if !isFilePattern(patterns) {
		meta, err := loadMeta(cfg, patterns)
		if err != nil {
			return nil, nil, err
		}
		if len(meta) == 0 {
			return nil, nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
		}
		if keep, keepPaths, broken, ok := gate(meta, scope); ok {
			paths, unresolved = keepPaths, broken
			if len(keep) > 0 {
				if source, rest := splitForSource(keep, scope, deps); len(source) > 0 {
					if us, ok := loadFromSource(cfg, scope, source, deps); ok {
						units, paths = us, rest
					}
				}
			}
			if len(paths) == 0 {
				return units, unresolved, nil
			}
		}
	}
	more, err := packages.Load(cfg, paths...)
	if err != nil {
		return nil, nil, err
	}
	if !deps {
		dropDependencySyntax(more)
	}
	units = append(units, unitsOf(more)...)
	if len(units) == 0 {
		return nil, nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	return units, unresolved, nil
}

// dropDependencySyntax drops the syntax and type information of every
// package below initial that is not itself initial. packages.Load
// type-checks from source, without function bodies, the dependencies
// that import a root (their types must be the root's); the rest come
// from export data. The analyzers would build SSA for such a dependency
// and give up on its bodies; without syntax they skip it at once, as they
// do the dependencies from export data, and its syntax is not kept for
// the rest of the run.
func dropDependencySyntax(initial []*packages.Package) {
	isInitial := make(map[*packages.Package]bool, len(initial))
	for _, p := range initial {
		isInitial[p] = true
	}
	packages.Visit(initial, nil, func(p *packages.Package) {
		if !isInitial[p] {
			p.Syntax, p.TypesInfo = nil, nil
		}
	})
}

// metaMode is what loadMeta asks the go command for: names, files and
// the import graph, without type information, export data or the files
// cgo generates (go list -compiled costs as much again), so that go list
// compiles and preprocesses nothing. Packages that use cgo or SWIG are
// loaded by packages.Load (see usesCgo).
const metaMode = packages.NeedName | packages.NeedFiles |
	packages.NeedImports | packages.NeedDeps | packages.NeedModule

// loadMeta lists the packages named by patterns and their dependencies
// (go list -deps), without type-checking or compiling any.
func loadMeta(cfg *packages.Config, patterns []string) ([]*packages.Package, error) {
	meta := *cfg
	meta.Mode = metaMode
	return packages.Load(&meta, patterns...)
}

// splitForSource divides roots, packages listed by loadMeta, into those
// loadFromSource can load and the rest, which need packages.Load: those
// with errors from go list or using cgo, those with a dependency that is
// itself a test variant or has errors, or that is to be type-checked
// from source (see rootSet; deps as for load) and cannot be, and, so
// that each part is complete, every root that imports one of those,
// directly or through dependencies from source. It returns the roots for
// loadFromSource and the import paths for packages.Load: the rest and
// the roots they import, which are then analysed twice. The variants of
// one package (p, p [p.test], p_test [p.test]) stay together.
func splitForSource(roots []*packages.Package, scope lint.Scope, deps bool) (source []*packages.Package, restPaths []string) {
	rs := newRootSet(roots, scope, deps)
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
		if deps {
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
// their facts, and the packages that import one of those.
type rootSet struct {
	// root holds the roots by ID.
	root map[string]*packages.Package
	// fromSource reports whether a dependency, not a root, is
	// type-checked from source.
	fromSource func(*packages.Package) bool
	// rootsVia memoises rootImports.
	rootsVia map[*packages.Package][]*packages.Package
}

// newRootSet returns the rootSet of roots, with deps as for load.
func newRootSet(roots []*packages.Package, scope lint.Scope, deps bool) *rootSet {
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
	rs.fromSource = func(p *packages.Package) bool {
		return rs.root[p.ID] == nil && (wanted(p) || sees(p))
	}
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

// loadFromSource returns the units of roots, packages listed by loadMeta
// and accepted by splitForSource, loaded the way go vet does: each root
// is parsed and type-checked from source when the schedule reaches it,
// and their dependencies' types come from the export data the go command
// compiles.
//
// packages.Load in LoadSyntax mode asks go list for the export data of
// every package it lists, so it compiles the roots too, although it then
// type-checks them from source: that costs as much again as the
// type-checking on code that changed, and far more on code the compiler
// finds hard (closures nested twenty deep take the compiler seconds and
// gigabytes; go/types, milliseconds). It also type-checks every package
// before the first is analysed, so all their syntax is in memory at once.
//
// The units are the roots, in the order of roots, then the dependencies
// from source (see rootSet; deps as for load). Once loaded, the roots
// have syntax and types; the other packages types only, or with deps
// syntax and types too. Their dependencies from export data have types
// but no syntax and no imports of their own (their facts would be empty:
// facts come from syntax). ok is false when the go command gives no
// export data for some dependency, or cannot list the dependencies by
// import path: a package of a module that the main module's go.mod does
// not name (the roots are packages of other modules, and -mod=readonly
// forbids adding it).
func loadFromSource(cfg *packages.Config, scope lint.Scope, roots []*packages.Package, deps bool) (units []*unit, ok bool) {
	// The packages type-checked from source: the roots and the
	// dependencies rs says; the rest of their direct imports come from
	// export data.
	rs := newRootSet(roots, scope, deps)
	isSource := make(map[string]*packages.Package) // by ID
	var fromSource []*packages.Package
	var add func(p *packages.Package)
	add = func(p *packages.Package) {
		if isSource[p.ID] != nil {
			return
		}
		isSource[p.ID] = p
		if rs.root[p.ID] == nil {
			fromSource = append(fromSource, p)
		}
		for _, imp := range p.Imports {
			if rs.fromSource(imp) {
				add(imp)
			}
		}
	}
	for _, r := range roots {
		add(r)
	}
	fromExport := make(map[string]*packages.Package) // by ID
	for _, p := range isSource {
		for _, imp := range p.Imports {
			if isSource[imp.ID] == nil {
				fromExport[imp.ID] = imp
			}
		}
	}

	// Export data of the direct dependencies and, for the importer,
	// of everything they import.
	var exportFile map[string]string
	if len(fromExport) > 0 {
		paths := make([]string, 0, len(fromExport))
		for _, d := range fromExport {
			if d.PkgPath != "unsafe" {
				paths = append(paths, d.PkgPath)
			}
		}
		sort.Strings(paths)
		if exportFile, ok = exportFiles(cfg, paths, false, paths); !ok {
			// The go command cannot name some dependency by its
			// import path: a package of a module that go.mod does not
			// name (the roots belong to other modules). List them as
			// the roots' dependencies instead; the go command then
			// compiles the roots too, as packages.Load would.
			var rootPaths []string
			for _, r := range roots {
				if p := underTest(r); !slices.Contains(rootPaths, p) {
					rootPaths = append(rootPaths, p)
				}
			}
			if exportFile, ok = exportFiles(cfg, rootPaths, cfg.Tests, paths); !ok {
				return nil, false
			}
		}
	}

	fset := token.NewFileSet()
	sizes := types.SizesFor("gc", goarch(cfg))
	var (
		importMu sync.Mutex
		compiled = importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
			f, ok := exportFile[path]
			if !ok {
				return nil, fmt.Errorf("no export data for %s", path)
			}
			return os.Open(f)
		})
		depPkgs = make(map[string]*packages.Package) // by ID
	)
	importDep := func(path string) (*types.Package, error) {
		importMu.Lock()
		defer importMu.Unlock()
		return compiled.Import(path)
	}
	// depPackage returns the package of dependency d: its types from
	// export data (empty when they cannot be read), no imports.
	depPackage := func(d *packages.Package) *packages.Package {
		importMu.Lock()
		p := depPkgs[d.ID]
		importMu.Unlock()
		if p != nil {
			return p
		}
		tp := types.Unsafe
		if d.PkgPath != "unsafe" {
			var err error
			if tp, err = importDep(d.PkgPath); err != nil {
				tp = types.NewPackage(d.PkgPath, d.Name)
			}
		}
		p = &packages.Package{
			ID:         d.ID,
			Name:       d.Name,
			PkgPath:    d.PkgPath,
			Module:     d.Module,
			Fset:       fset,
			Types:      tp,
			TypesSizes: sizes,
			Imports:    map[string]*packages.Package{},
		}
		importMu.Lock()
		defer importMu.Unlock()
		if q := depPkgs[d.ID]; q != nil {
			return q
		}
		depPkgs[d.ID] = p
		return p
	}

	// readBetween returns the package meta, a dependency between roots
	// (one that imports a root, directly or not) that is not analysed,
	// from the export data of the package it is a copy of (meta.PkgPath),
	// read against the types its imports have here (imp). Such a
	// dependency differs from that package only in that it imports the
	// roots' types from source (for a test variant, p [q.test], the
	// package under test with its test files), and the objects the
	// export data names are looked up by name in the packages it is read
	// against (see readExportData): the result is what type-checking meta
	// without function bodies gives, for the cost of reading export data.
	// In std's tests, it replaces type-checking again runtime, net/http
	// and the other large packages above internal/strconv, for the test
	// of internal/strconv, which imports net/http.
	//
	// It returns nil, for checkPackage to do, when the source is small or
	// the export data large (minBetweenSource, maxBetweenExport), when an
	// import fails, or when the go command gave no export data for the
	// package: only the dependencies of the packages from export data
	// have it, and asking for more would make the go command compile
	// them.
	readBetween := func(meta *packages.Package, imp importerFunc) *packages.Package {
		file := exportFile[meta.PkgPath]
		if file == "" || sourceSize(meta) < minBetweenSource || fileSize(file) > maxBetweenExport {
			return nil
		}
		against := make(map[string]*types.Package)
		var direct []*types.Package
		for _, path := range slices.Sorted(maps.Keys(meta.Imports)) {
			tp, err := imp(path)
			if err != nil {
				return nil
			}
			against[tp.Path()] = tp
			direct = append(direct, tp)
		}
		for _, tp := range direct {
			for path, p := range importClosure(tp) {
				if against[path] == nil {
					against[path] = p
				}
			}
		}
		importMu.Lock()
		tp, err := readExportData(fset, against, file, meta.PkgPath)
		importMu.Unlock()
		if err != nil {
			return nil
		}
		p := newPackage(meta, fset, sizes)
		p.Types = tp
		return p
	}

	byID := make(map[string]*unit, len(isSource))
	slices.SortFunc(fromSource, func(a, b *packages.Package) int { return strings.Compare(a.ID, b.ID) })
	for _, p := range append(slices.Clone(roots), fromSource...) {
		u := &unit{root: rs.root[p.ID] != nil}
		byID[p.ID] = u
		units = append(units, u)
	}
	for id, meta := range isSource {
		u := byID[id]
		for _, path := range slices.Sorted(maps.Keys(meta.Imports)) {
			if dep := byID[meta.Imports[path].ID]; dep != nil {
				u.imports = append(u.imports, dep)
			}
		}
		// Type-check the package, against the units it imports and
		// the export data of its other dependencies, and link it to
		// its imports. Ill-typedness propagates to importers, as in
		// go/packages.
		u.load = func() *packages.Package {
			imp := func(path string) (*types.Package, error) {
				if path == "unsafe" {
					return types.Unsafe, nil
				}
				imp := meta.Imports[path]
				if imp == nil {
					return nil, fmt.Errorf("no metadata for %s", path)
				}
				if dep := byID[imp.ID]; dep != nil {
					if dep.pkg == nil {
						return nil, fmt.Errorf("import cycle through %s", path)
					}
					return dep.pkg.Types, nil
				}
				return importDep(imp.PkgPath)
			}
			full := u.root || deps
			var pkg *packages.Package
			if !full {
				pkg = readBetween(meta, imp)
			}
			if pkg == nil {
				pkg = checkPackage(meta, fset, sizes, full, imp)
			}
			if full && !pkg.IllTyped {
				u.view = func() *types.Package {
					if view, err := typesview.Of(pkg.Types); err == nil {
						return view
					}
					return pkg.Types
				}
			}
			for path, imp := range meta.Imports {
				dep := byID[imp.ID]
				switch {
				case dep == nil:
					pkg.Imports[path] = depPackage(imp)
				case dep.pkg != nil:
					pkg.Imports[path] = dep.pkg
					pkg.IllTyped = pkg.IllTyped || dep.pkg.IllTyped
				}
			}
			return pkg
		}
	}
	return units, true
}

// exportFiles lists patterns and their dependencies (with their tests
// if tests) and returns the export data file of each package by import
// path. ok is false unless every package of need has one.
func exportFiles(cfg *packages.Config, patterns []string, tests bool, need []string) (exportFile map[string]string, ok bool) {
	exp := *cfg
	exp.Mode = packages.NeedName | packages.NeedExportFile | packages.NeedImports | packages.NeedDeps
	exp.Tests = tests
	listed, err := packages.Load(&exp, patterns...)
	if err != nil {
		return nil, false
	}
	exportFile = make(map[string]string)
	packages.Visit(listed, nil, func(p *packages.Package) {
		if p.ExportFile != "" && p.ID == p.PkgPath { // not a test variant
			exportFile[p.PkgPath] = p.ExportFile
		}
	})
	for _, p := range need {
		if exportFile[p] == "" {
			return nil, false
		}
	}
	return exportFile, true
}

// checkPackage parses and type-checks one package listed by loadMeta,
// recording parse and type errors in the package, as packages.Load does.
// With full, for a package to analyse, it gets its syntax and type
// information; otherwise (a package between roots) only its types,
// checked without function bodies.
func checkPackage(meta *packages.Package, fset *token.FileSet, sizes types.Sizes, full bool, imp importerFunc) *packages.Package {
	p := newPackage(meta, fset, sizes)
	mode := parser.AllErrors | parser.SkipObjectResolution
	if full {
		mode = parser.AllErrors | parser.ParseComments
		p.TypesInfo = &types.Info{
			Types:        make(map[ast.Expr]types.TypeAndValue),
			Defs:         make(map[*ast.Ident]types.Object),
			Uses:         make(map[*ast.Ident]types.Object),
			Implicits:    make(map[ast.Node]types.Object),
			Instances:    make(map[*ast.Ident]types.Instance),
			Scopes:       make(map[ast.Node]*types.Scope),
			Selections:   make(map[*ast.SelectorExpr]*types.Selection),
			FileVersions: make(map[*ast.File]string),
		}
	}
	for _, name := range meta.GoFiles {
		f, err := parser.ParseFile(fset, name, nil, mode)
		if f != nil {
			p.Syntax = append(p.Syntax, f)
		}
		switch err := err.(type) {
		case nil:
		case scanner.ErrorList:
			for _, e := range err {
				p.Errors = append(p.Errors, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
			}
		default:
			p.Errors = append(p.Errors, packages.Error{Pos: name + ":1", Msg: err.Error(), Kind: packages.ParseError})
		}
	}
	tc := &types.Config{
		Importer: imp,
		Sizes:    sizes,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok {
				p.TypeErrors = append(p.TypeErrors, te)
				p.Errors = append(p.Errors, packages.Error{Pos: te.Fset.Position(te.Pos).String(), Msg: te.Msg, Kind: packages.TypeError})
				return
			}
			p.Errors = append(p.Errors, packages.Error{Pos: "-", Msg: err.Error(), Kind: packages.UnknownError})
		},
	}
	tc.GoVersion = goVersion(meta)
	tc.IgnoreFuncBodies = !full
	tc.FakeImportC = !full // see usesSWIG
	p.Types = types.NewPackage(meta.PkgPath, meta.Name)
	_ = types.NewChecker(tc, fset, p.Types, p.TypesInfo).Files(p.Syntax)
	p.IllTyped = len(p.Errors) > 0
	if !full {
		p.Syntax = nil // analysed only as roots are
	}
	return p
}

// minBetweenSource is the size of Go source (bytes) from which a package
// between roots is read from export data rather than type-checked again
// without function bodies (see readBetween in loadFromSource). Checking
// without bodies still parses every body; reading export data costs in
// proportion to the declarations it names, its dependencies' included.
// Measured on std's tests and on the corpus: for the packages above this
// size, reading took 40 ms against 611 ms of checking (22 packages) and
// 221 ms against 509 ms (16); for the smaller ones, 35 ms against 164 ms
// (124) but 842 ms against 530 ms (589), and the export data read stays
// in memory with the package's types.
var minBetweenSource int64 = 64 << 10

// maxBetweenExport is the size of export data (bytes) above which a
// package between roots is type-checked without function bodies rather
// than read from it: the export data read stays in memory with the
// package's types, and the compiler's includes the bodies of inlinable
// functions (85 MB for the 4 MB of go-elasticsearch's esapi).
const maxBetweenExport = 16 << 20

// fileSize returns the size of the file name, or -1.
func fileSize(name string) int64 {
	fi, err := os.Stat(name)
	if err != nil {
		return -1
	}
	return fi.Size()
}

// sourceSize returns the size of meta's Go files, or 0 if one cannot be
// read.
func sourceSize(meta *packages.Package) int64 {
	var n int64
	for _, name := range meta.GoFiles {
		size := fileSize(name)
		if size < 0 {
			return 0
		}
		n += size
	}
	return n
}

// newPackage returns the package of meta, listed by loadMeta, without
// syntax or types.
func newPackage(meta *packages.Package, fset *token.FileSet, sizes types.Sizes) *packages.Package {
	return &packages.Package{
		ID:              meta.ID,
		Name:            meta.Name,
		PkgPath:         meta.PkgPath,
		GoFiles:         meta.GoFiles,
		CompiledGoFiles: meta.GoFiles, // no cgo (see usesCgo)
		OtherFiles:      meta.OtherFiles,
		EmbedFiles:      meta.EmbedFiles,
		EmbedPatterns:   meta.EmbedPatterns,
		IgnoredFiles:    meta.IgnoredFiles,
		Module:          meta.Module,
		Fset:            fset,
		TypesSizes:      sizes,
		Imports:         make(map[string]*packages.Package, len(meta.Imports)),
	}
}

// readExportData reads the package path from its export data file,
// against the packages of against by path: an object the export data
// names in one of those is looked up there by name (and added to it when
// missing, as go/importer does for a package it has not read yet), and
// packages not in against are made anew and added to it.
func readExportData(fset *token.FileSet, against map[string]*types.Package, file, path string) (*types.Package, error) {
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// The go command's export files are compiler archives until Go 1.29
	// writes cmd/export files, which Read takes directly; NewReader
	// handles both.
	//lint:ignore SA1019 go list -export still names compiler archives in Go 1.26
	r, err := gcexportdata.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("reading export data for %s: %v", path, err)
	}
	return gcexportdata.Read(r, fset, against, path)
}

// goVersion is the Go version of meta's module ("go1.26"), or "".
func goVersion(meta *packages.Package) string {
	if meta.Module != nil && meta.Module.GoVersion != "" {
		return "go" + meta.Module.GoVersion
	}
	return ""
}

// importerFunc is a types.Importer in one function.
type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// goarch is the architecture the packages are built for: GOARCH from the
// configuration's environment, else this process's.
func goarch(cfg *packages.Config) string {
	env := cfg.Env
	if env == nil {
		env = os.Environ()
	}
	arch := runtime.GOARCH
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GOARCH="); ok && v != "" {
			arch = v
		}
	}
	return arch
}
