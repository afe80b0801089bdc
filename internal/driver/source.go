package driver

import (
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
	"slices"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/typesview"
)

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
// from source (see rootSet; deps as for load; cache, if not nil, what the
// build cache holds: its export data, and the packages it does not hold,
// type-checked from source). Once loaded, the roots have syntax and
// types; the other packages types only, or those analysed with deps
// syntax and types too. fromExport lists the import paths of the
// dependencies read from export data. Those have types but no syntax and
// no imports of their own (their facts would be empty: facts come from
// syntax). ok is false when the go command gives no
// export data for some dependency, or cannot list the dependencies by
// import path: a package of a module that the main module's go.mod does
// not name (the roots are packages of other modules, and -mod=readonly
// forbids adding it).
func loadFromSource(cfg *packages.Config, scope lint.Scope, roots []*packages.Package, deps bool, cache *cacheState) (units []*unit, fromExport []string, ok bool) {
	rs := newRootSet(roots, scope, deps, cache)
	isSource, fromSource := sourceClosure(roots, rs)
	l := &sourceLoader{
		cfg:     cfg,
		fset:    token.NewFileSet(),
		sizes:   types.SizesFor("gc", goarch(cfg)),
		depPkgs: make(map[string]*packages.Package),
	}
	fromExport = exportDeps(isSource)
	var cgo map[string]bool
	if cache != nil && hasAll(cache.exportFile, fromExport) {
		l.exportFile, cgo = cache.exportFile, cache.cgo
	} else if l.exportFile, ok = exportDataOf(cfg, roots, fromExport); !ok {
		return nil, nil, false
	}
	l.compiled = importer.ForCompiler(l.fset, "gc", l.openExportData)
	return l.units(roots, fromSource, isSource, rs, cgo), fromExport, true
}

// hasAll reports whether m has a value for every key of keys.
func hasAll(m map[string]string, keys []string) bool {
	for _, k := range keys {
		if m[k] == "" {
			return false
		}
	}
	return true
}

// sourceClosure returns the packages type-checked from source, by ID: the
// roots and the dependencies rs says, found through the roots' imports;
// fromSource lists those that are not roots.
func sourceClosure(roots []*packages.Package, rs *rootSet) (isSource map[string]*packages.Package, fromSource []*packages.Package) {
	isSource = make(map[string]*packages.Package)
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
	slices.SortFunc(fromSource, func(a, b *packages.Package) int { return strings.Compare(a.ID, b.ID) })
	return isSource, fromSource
}

// exportDeps returns the import paths of the direct dependencies of the
// packages from source that come from export data, sorted.
func exportDeps(isSource map[string]*packages.Package) []string {
	seen := make(map[string]bool)
	var paths []string
	for _, p := range isSource {
		for _, imp := range p.Imports {
			if isSource[imp.ID] == nil && imp.PkgPath != "unsafe" && !seen[imp.PkgPath] {
				seen[imp.PkgPath] = true
				paths = append(paths, imp.PkgPath)
			}
		}
	}
	sort.Strings(paths)
	return paths
}

// exportDataOf returns the export data file, by import path, of each
// package of paths and, for the importer, of everything they import. When
// the go command cannot name some of them by import path (a package of a
// module that go.mod does not name: the roots belong to other modules),
// it lists them as the roots' dependencies instead; the go command then
// compiles the roots too, as packages.Load would.
func exportDataOf(cfg *packages.Config, roots []*packages.Package, paths []string) (map[string]string, bool) {
	if len(paths) == 0 {
		return nil, true
	}
	if files, ok := exportFiles(cfg, paths, false, paths); ok {
		return files, true
	}
	var rootPaths []string
	for _, r := range roots {
		if p := underTest(r); !slices.Contains(rootPaths, p) {
			rootPaths = append(rootPaths, p)
		}
	}
	return exportFiles(cfg, rootPaths, cfg.Tests, paths)
}

// A sourceLoader type-checks packages from source, when the schedule
// reaches them, against the packages from source they import and the
// export data of their other dependencies.
type sourceLoader struct {
	cfg        *packages.Config
	fset       *token.FileSet
	sizes      types.Sizes
	exportFile map[string]string // by import path

	// mu guards the importer of export data, which is not safe for
	// concurrent use, depPkgs, and reads of export data.
	mu       sync.Mutex
	compiled types.Importer
	depPkgs  map[string]*packages.Package // the packages from export data, by ID
}

// openExportData opens the export data of the package path.
func (l *sourceLoader) openExportData(path string) (io.ReadCloser, error) {
	f, ok := l.exportFile[path]
	if !ok {
		return nil, fmt.Errorf("no export data for %s", path)
	}
	return os.Open(f)
}

// importExport returns the types of the package path from export data.
func (l *sourceLoader) importExport(path string) (*types.Package, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.compiled.Import(path)
}

// depPackage returns the package of dependency d: its types from export
// data (empty when they cannot be read), no imports.
func (l *sourceLoader) depPackage(d *packages.Package) *packages.Package {
	l.mu.Lock()
	p := l.depPkgs[d.ID]
	l.mu.Unlock()
	if p != nil {
		return p
	}
	tp := types.Unsafe
	if d.PkgPath != "unsafe" {
		var err error
		if tp, err = l.importExport(d.PkgPath); err != nil {
			tp = types.NewPackage(d.PkgPath, d.Name)
		}
	}
	p = &packages.Package{
		ID:         d.ID,
		Name:       d.Name,
		PkgPath:    d.PkgPath,
		Module:     d.Module,
		Fset:       l.fset,
		Types:      tp,
		TypesSizes: l.sizes,
		Imports:    map[string]*packages.Package{},
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if q := l.depPkgs[d.ID]; q != nil {
		return q
	}
	l.depPkgs[d.ID] = p
	return p
}

// readBetween returns the package meta, a dependency between roots (one
// that imports a root, directly or not) that is not analysed, from the
// export data of the package it is a copy of (meta.PkgPath), read against
// the types its imports have here (imp). Such a dependency differs from
// that package only in that it imports the roots' types from source (for
// a test variant, p [q.test], the package under test with its test
// files), and the objects the export data names are looked up by name in
// the packages it is read against (see readExportData): the result is
// what type-checking meta without function bodies gives, for the cost of
// reading export data. In std's tests, it replaces type-checking again
// runtime, net/http and the other large packages above internal/strconv,
// for the test of internal/strconv, which imports net/http.
//
// It returns nil, for checkPackage to do, when the source is small or the
// export data large (minBetweenSource, maxBetweenExport), when an import
// fails, or when the go command gave no export data for the package: only
// the dependencies of the packages from export data have it, and asking
// for more would make the go command compile them.
func (l *sourceLoader) readBetween(meta *packages.Package, imp importerFunc) *packages.Package {
	file := l.exportFile[meta.PkgPath]
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
	l.mu.Lock()
	tp, err := readExportData(l.fset, against, file, meta.PkgPath)
	l.mu.Unlock()
	if err != nil {
		return nil
	}
	p := newPackage(meta, l.fset, l.sizes)
	p.Types = tp
	return p
}

// units returns the units of the roots, in their order, then of the
// dependencies from source, each linked to the units it imports and
// loaded by l.load. A dependency that uses cgo (cgo, by import path) is
// also loaded after the units of the packages that the files cgo
// generates for it import (see importUnlisted).
func (l *sourceLoader) units(roots, fromSource []*packages.Package, isSource map[string]*packages.Package, rs *rootSet, cgo map[string]bool) []*unit {
	byID := make(map[string]*unit, len(isSource))
	var units []*unit
	for _, p := range append(slices.Clone(roots), fromSource...) {
		u := &unit{root: rs.root[p.ID] != nil}
		switch {
		case u.root:
			u.how = howRoot
		case rs.analysed(p):
			u.how = howFacts
		case rs.notCached(p):
			u.how = howNotCached
		default:
			u.how = howBetween
		}
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
		full := u.root || rs.analysed(meta)
		if cgo[meta.PkgPath] && !full {
			for _, path := range cgoImports {
				if dep := byID[path]; dep != nil && dep != u && meta.Imports[path] == nil {
					u.imports = append(u.imports, dep)
				}
			}
		}
		u.load = func() *packages.Package { return l.load(u, meta, byID, full) }
	}
	return units
}

// importer returns the importer of meta's imports: the units from source
// (already loaded: the schedule loads a unit after its imports), and
// export data for the rest.
func (l *sourceLoader) importer(meta *packages.Package, byID map[string]*unit) importerFunc {
	return func(path string) (*types.Package, error) {
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		imp := meta.Imports[path]
		if imp == nil {
			return l.importUnlisted(path, byID)
		}
		if dep := byID[imp.ID]; dep != nil {
			if dep.pkg == nil {
				return nil, fmt.Errorf("import cycle through %s", path)
			}
			return dep.pkg.Types, nil
		}
		return l.importExport(imp.PkgPath)
	}
}

// importUnlisted returns the package path that the files cgo generates
// import but the package's metadata does not list (syscall, runtime/cgo):
// the unit from source of that path, already loaded, or its export data;
// otherwise, for runtime/cgo, a package of the one type they name.
func (l *sourceLoader) importUnlisted(path string, byID map[string]*unit) (*types.Package, error) {
	if dep := byID[path]; dep != nil && dep.pkg != nil && dep.pkg.Types != nil {
		return dep.pkg.Types, nil
	}
	if _, ok := l.exportFile[path]; ok {
		return l.importExport(path)
	}
	if path == "runtime/cgo" {
		// The generated files name its Incomplete, the type of the C
		// structs cgo cannot lay out; nothing else.
		p := types.NewPackage(path, "cgo")
		name := types.NewTypeName(token.NoPos, p, "Incomplete", nil)
		types.NewNamed(name, types.NewStruct(nil, nil), nil)
		p.Scope().Insert(name)
		p.MarkComplete()
		return p, nil
	}
	return nil, fmt.Errorf("no metadata for %s", path)
}

// load type-checks the package meta of unit u, against the units it
// imports and the export data of its other dependencies, and links it to
// its imports; with full, for a package to analyse, with its function
// bodies and type information. Ill-typedness propagates to importers, as
// in go/packages.
func (l *sourceLoader) load(u *unit, meta *packages.Package, byID map[string]*unit, full bool) *packages.Package {
	imp := l.importer(meta, byID)
	var pkg *packages.Package
	if !full {
		if pkg = l.readBetween(meta, imp); pkg != nil {
			u.how = howBetweenExp
		}
	}
	if pkg == nil {
		var fakeC bool
		pkg, fakeC = checkFiles(meta, meta.GoFiles, l.fset, l.sizes, full, !full, imp)
		if fakeC && apiInvalid(pkg.Types) {
			// Where cgo's files do not check either, the fake C's
			// invalid types are the best there is.
			if files := cgoFiles(l.cfg, meta.PkgPath); files != nil {
				if gen, _ := checkFiles(meta, files, l.fset, l.sizes, false, false, imp); len(gen.Errors) == 0 {
					pkg = gen
					u.how += ", from the files cgo generates"
				}
			}
		}
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
			pkg.Imports[path] = l.depPackage(imp)
		case dep.pkg != nil:
			pkg.Imports[path] = dep.pkg
			pkg.IllTyped = pkg.IllTyped || dep.pkg.IllTyped
		}
	}
	return pkg
}

// checkPackage parses and type-checks one package listed by loadMeta,
// recording parse and type errors in the package, as packages.Load does.
// With full, for a package to analyse, it gets its syntax and type
// information; otherwise (a package between roots) only its types,
// checked without function bodies and against a fake "C" (see fakec.go).
func checkPackage(meta *packages.Package, fset *token.FileSet, sizes types.Sizes, full bool, imp importerFunc) *packages.Package {
	p, _ := checkFiles(meta, meta.GoFiles, fset, sizes, full, !full, imp)
	return p
}

// checkFiles is checkPackage on the Go files named (meta's, or those cgo
// generates from them), with a fake "C" if fakeC. It also reports
// whether one of the files imports "C".
func checkFiles(meta *packages.Package, files []string, fset *token.FileSet, sizes types.Sizes, full, fakeC bool, imp importerFunc) (_ *packages.Package, importsC bool) {
	p := newPackage(meta, fset, sizes)
	p.CompiledGoFiles = files
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
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, mode)
		if f != nil {
			p.Syntax = append(p.Syntax, f)
			for _, imp := range f.Imports {
				importsC = importsC || imp.Path.Value == `"C"`
			}
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
	tc.FakeImportC = fakeC // see usesSWIG
	p.Types = types.NewPackage(meta.PkgPath, meta.Name)
	_ = types.NewChecker(tc, fset, p.Types, p.TypesInfo).Files(p.Syntax)
	p.IllTyped = len(p.Errors) > 0
	if !full {
		p.Syntax = nil // analysed only as roots are
	}
	return p, importsC
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

// importerFunc is a types.Importer in one function.
type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
