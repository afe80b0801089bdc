package driver

import (
	"errors"
	"fmt"
	"go/types"
	"maps"
	"os"
	"reflect"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"
)

// A unit is one package of an analysis by the standalone driver: a root,
// whose diagnostics are reported, or a dependency, which is analysed only
// for its facts (when it has syntax) and passes its imports' facts on.
type unit struct {
	// pkg is the package; nil until load has run.
	pkg *packages.Package
	// load, if not nil, parses and type-checks the package from source;
	// it may run only once the units imported are loaded.
	load func() *packages.Package
	// imports are the units whose types and facts the package needs.
	imports []*unit
	// root reports whether the package was named: its diagnostics are
	// reported, and every analyzer runs on it.
	root bool
	// view, if not nil, returns the package's types as its importers
	// see them (see typesview.Of).
	view func() *types.Package
	// how says how the package was loaded, for -v.
	how string

	// The schedule's state.
	importers  []*unit
	waiting    atomic.Int32 // imports not yet done
	inheritors atomic.Int32 // importers that have yet to inherit the facts
	facts      map[*analysis.Analyzer]*factSet
	failed     map[*analysis.Analyzer]bool
	outcomes   []*outcome
}

// ensureLoaded loads u's package if it is not loaded yet. The units it
// imports must be loaded.
func (u *unit) ensureLoaded() {
	if u.load != nil {
		u.pkg = u.load()
		u.load = nil
	}
}

// unitsOf returns the units of pkgs, packages loaded by packages.Load,
// and of every package they import: the roots first, in the order of
// pkgs.
func unitsOf(pkgs []*packages.Package) []*unit {
	byPkg := make(map[*packages.Package]*unit)
	var deps []*unit
	var add func(p *packages.Package) *unit
	add = func(p *packages.Package) *unit {
		if u := byPkg[p]; u != nil {
			return u
		}
		u := &unit{pkg: p, how: howGoPackages}
		byPkg[p] = u
		deps = append(deps, u)
		for _, path := range slices.Sorted(maps.Keys(p.Imports)) {
			u.imports = append(u.imports, add(p.Imports[path]))
		}
		return u
	}
	roots := make([]*unit, 0, len(pkgs))
	for _, p := range pkgs {
		u := add(p)
		if !u.root {
			u.root = true
			roots = append(roots, u)
		}
	}
	for _, u := range deps {
		if !u.root {
			roots = append(roots, u)
		}
	}
	return roots
}

// dependencyOrder returns units and every unit they import, each after
// the units it imports. An import that closes a cycle (broken code) is
// dropped from the importer's imports.
func dependencyOrder(units []*unit) []*unit {
	const (
		visiting = 1
		visited  = 2
	)
	state := make(map[*unit]int)
	var order []*unit
	var visit func(u *unit)
	visit = func(u *unit) {
		state[u] = visiting
		imports := u.imports[:0]
		for _, imp := range u.imports {
			switch state[imp] {
			case visiting:
				continue // a cycle
			case 0:
				visit(imp)
			}
			imports = append(imports, imp)
		}
		u.imports = imports
		state[u] = visited
		order = append(order, u)
	}
	for _, u := range units {
		if state[u] == 0 {
			visit(u)
		}
	}
	return order
}

// An outcome is what one analyzer produced on one package: the
// diagnostics of a root, or an error.
type outcome struct {
	pkg      *packages.Package
	analyzer *analysis.Analyzer
	root     bool
	diags    []analysis.Diagnostic
	// funcs names the function declaration around each diagnostic.
	funcs []string
	err   error
}

// String names the outcome as checker.Action does: analyzer@package.
func (o *outcome) String() string { return fmt.Sprintf("%s@%s", o.analyzer, o.pkg) }

// schedule runs analyzers on units, in dependency order and at most
// GOMAXPROCS packages at a time, and returns the outcomes: for each root,
// one per analyzer (in the order of units, then of analyzers), then each
// failure on a dependency.
//
// Unlike checker.Analyze, which needs every package type-checked before
// it starts and keeps every package's syntax, type information and
// results until the end, schedule loads each package (unit.load) only
// when it is about to analyse it, and drops its syntax and type
// information, and the analyzers' results, as soon as its analyzers are
// done; the facts a package passes on are dropped once every importer
// has inherited them. An imported package keeps its types until every
// importer is done, as export data gives them (unit.view): without the
// scopes of its files and function bodies, and naming only the packages
// its API mentions, so that they do not hold the types of every package
// below; package facts name packages by path, so that they pin no types.
// What stays to the end is the diagnostics and the file set's position
// tables: peak memory holds neither every package's syntax nor every
// package's types at once.
//
// Facts flow as in checker.Analyze: an analyzer with facts runs on every
// dependency with syntax too, and a package sees the facts of its
// imports that their export data can mention (exportedFrom), and the
// package facts of its dependencies; AllPackageFacts lists those of the
// packages its types can name, as unitchecker does.
func schedule(units []*unit, analyzers []*analysis.Analyzer) []*outcome {
	s := newScheduler(analyzers)
	order := dependencyOrder(units)
	for _, u := range order {
		u.waiting.Store(int32(len(u.imports)))
		for _, imp := range u.imports {
			imp.importers = append(imp.importers, u)
		}
	}
	for _, u := range order {
		u.inheritors.Store(int32(len(u.importers)))
	}

	ready := make(chan *unit, len(order))
	for _, u := range order {
		if len(u.imports) == 0 {
			ready <- u
		}
	}
	var left atomic.Int32
	left.Store(int32(len(order)))
	if len(order) == 0 {
		close(ready)
	}
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range ready {
				s.run(u)
				for _, w := range u.importers {
					if w.waiting.Add(-1) == 0 {
						ready <- w
					}
				}
				if left.Add(-1) == 0 {
					close(ready)
				}
			}
		}()
	}
	wg.Wait()

	var outs, failures []*outcome
	for _, u := range order {
		if u.root {
			continue
		}
		failures = append(failures, u.outcomes...)
		u.outcomes = nil
	}
	for _, u := range units {
		if u.root {
			outs = append(outs, u.outcomes...)
			u.outcomes = nil
		}
	}
	return append(outs, failures...)
}

// A scheduler runs the analyzers on a unit.
type scheduler struct {
	// all lists the analyzers and those they require, each after those
	// it requires.
	all []*analysis.Analyzer
	// forFacts lists those of all that run on dependencies: the
	// analyzers with facts and those they require.
	forFacts []*analysis.Analyzer
}

func newScheduler(analyzers []*analysis.Analyzer) *scheduler {
	s := new(scheduler)
	seen := make(map[*analysis.Analyzer]bool)
	var add func(a *analysis.Analyzer)
	add = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, req := range a.Requires {
			add(req)
		}
		s.all = append(s.all, a)
	}
	for _, a := range analyzers {
		add(a)
	}
	needed := make(map[*analysis.Analyzer]bool)
	var need func(a *analysis.Analyzer)
	need = func(a *analysis.Analyzer) {
		if !needed[a] {
			needed[a] = true
			for _, req := range a.Requires {
				need(req)
			}
		}
	}
	for _, a := range s.all {
		if len(a.FactTypes) > 0 {
			need(a)
		}
	}
	for _, a := range s.all {
		if needed[a] {
			s.forFacts = append(s.forFacts, a)
		}
	}
	return s
}

// run loads u, runs the analyzers on it, records their outcomes, and
// drops what no later unit needs.
func (s *scheduler) run(u *unit) {
	u.ensureLoaded()
	pkg := u.pkg
	plan := s.forFacts
	if u.root {
		plan = s.all
	}
	// Roots are always analysed, as checker.Analyze does; dependencies
	// only when they have syntax (the others only pass facts on).
	analysed := u.root || pkg.TypesInfo != nil && len(pkg.Syntax) > 0
	// The facts each analyzer sees, inherited before any runs.
	facts := make([]*factSet, len(plan))
	for k, a := range plan {
		if len(a.FactTypes) > 0 {
			facts[k] = inherit(u, a)
			if u.facts == nil {
				u.facts = make(map[*analysis.Analyzer]*factSet)
			}
			u.facts[a] = facts[k]
		}
	}
	if analysed {
		u.failed, u.outcomes = s.analyse(u, plan, facts)
	}
	for _, out := range u.outcomes {
		for _, d := range out.diags {
			out.funcs = append(out.funcs, enclosingFunc(pkg.Syntax, d.Pos))
		}
	}

	// Drop what no later unit needs: the syntax, the type information
	// and the results; the facts and the types, once every importer is
	// done, and until then all but what export data would hold of the
	// types.
	switch {
	case len(u.importers) == 0:
		pkg.Types = nil
	case u.view != nil:
		if view := u.view(); view != pkg.Types {
			for _, facts := range u.facts {
				facts.move(pkg.Types, view)
			}
			pkg.Types = view
		}
	}
	u.view = nil
	pkg.Syntax, pkg.TypesInfo = nil, nil
	for _, imp := range u.imports {
		if imp.inheritors.Add(-1) == 0 {
			// Every importer is done: nothing needs the package's
			// facts or types any more (package facts name it by path).
			imp.facts = nil
			imp.pkg.Types = nil
		}
	}
	if len(u.importers) == 0 {
		u.facts = nil
	}
}

// analyse runs the analyzers of plan on u's package, each once those it
// requires are done, as many at once as can (checker.Analyze does the
// same: on a package that is large alone, the analyzers share the CPUs).
// facts holds each analyzer's facts. It returns the analyzers that
// failed, and the outcomes to report: all of a root, the failures of a
// dependency.
func (s *scheduler) analyse(u *unit, plan []*analysis.Analyzer, facts []*factSet) (map[*analysis.Analyzer]bool, []*outcome) {
	pkg := u.pkg
	var (
		mu      sync.Mutex
		results = make(map[*analysis.Analyzer]any)
		failed  = make(map[*analysis.Analyzer]bool)
		outs    = make([]*outcome, len(plan))
		done    = make(map[*analysis.Analyzer]chan struct{}, len(plan))
		wg      sync.WaitGroup
	)
	for _, a := range plan {
		done[a] = make(chan struct{})
	}
	for k, a := range plan {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(done[a])
			for _, req := range a.Requires {
				<-done[req]
			}
			out := &outcome{pkg: pkg, analyzer: a, root: u.root}
			outs[k] = out
			var prereqs []string
			inputs := make(map[*analysis.Analyzer]any, len(a.Requires))
			mu.Lock()
			for _, req := range a.Requires {
				if failed[req] {
					prereqs = append(prereqs, fmt.Sprintf("%s@%s", req, pkg))
				}
				inputs[req] = results[req]
			}
			mu.Unlock()
			if facts[k] != nil {
				for _, imp := range u.imports {
					if imp.failed[a] {
						prereqs = append(prereqs, fmt.Sprintf("%s@%s", a, imp.pkg))
					}
				}
			}
			var result any
			if len(prereqs) > 0 {
				sort.Strings(prereqs)
				out.err = fmt.Errorf("failed prerequisites: %s", strings.Join(prereqs, ", "))
			} else {
				result, out.err = runPass(out, facts[k], inputs)
			}
			mu.Lock()
			results[a] = result
			if out.err != nil {
				failed[a] = true
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	var report []*outcome
	for _, out := range outs {
		if u.root || out.err != nil {
			report = append(report, out)
		}
	}
	if len(failed) == 0 {
		failed = nil
	}
	return failed, report
}

// errSkipped is the error of an analyzer on a package that failed to
// load, as checker.Analyze words it.
const errSkipped = "analysis skipped due to errors in package"

// runPass runs out's analyzer on out's package, with the results of the
// analyzers it requires (inputs) and the facts inherited, recording the
// diagnostics in out.
func runPass(out *outcome, facts *factSet, inputs map[*analysis.Analyzer]any) (any, error) {
	pkg, a := out.pkg, out.analyzer
	if pkg.IllTyped && !a.RunDespiteErrors {
		return nil, errors.New(errSkipped)
	}
	module := &analysis.Module{}
	if pkg.Module != nil {
		module = moduleOf(pkg.Module)
	}
	pass := &analysis.Pass{
		Analyzer:     a,
		Fset:         pkg.Fset,
		Files:        pkg.Syntax,
		OtherFiles:   pkg.OtherFiles,
		IgnoredFiles: pkg.IgnoredFiles,
		Pkg:          pkg.Types,
		TypesInfo:    pkg.TypesInfo,
		TypesSizes:   pkg.TypesSizes,
		TypeErrors:   pkg.TypeErrors,
		Module:       module,
		ResultOf:     inputs,
		Report:       func(d analysis.Diagnostic) { out.diags = append(out.diags, d) },
	}
	pass.ReadFile = readFileOf(pass)
	if facts != nil {
		done := false
		pass.ImportObjectFact = facts.importObject
		pass.ImportPackageFact = facts.importPackage
		pass.AllObjectFacts = facts.allObjects
		pass.AllPackageFacts = func() []analysis.PackageFact { return facts.allPackages(pkg.Types) }
		pass.ExportObjectFact = func(obj types.Object, fact analysis.Fact) {
			if done {
				panic(fmt.Sprintf("%s: Pass.ExportObjectFact(%s, %T) called after Run", out, obj, fact))
			}
			if obj.Pkg() != pkg.Types {
				panic(fmt.Sprintf("internal error: in %s: Fact.Set(%s, %T): can't set facts on objects belonging another package", out, obj, fact))
			}
			facts.objects[objectFactKey{obj, factType(fact)}] = fact
		}
		pass.ExportPackageFact = func(fact analysis.Fact) {
			if done {
				panic(fmt.Sprintf("%s: Pass.ExportPackageFact(%T) called after Run", out, fact))
			}
			facts.packages[packageFactKey{pkg.Types.Path(), factType(fact)}] = fact
		}
		defer func() { done = true }()
	}
	result, err := a.Run(pass)
	if err != nil {
		return nil, err
	}
	if got, want := reflect.TypeOf(result), a.ResultType; got != want {
		return nil, fmt.Errorf("internal error: on package %s, analyzer %s returned a result of type %v, but declared ResultType %v", pkg.Types.Path(), a, got, want)
	}
	return result, nil
}

// readFileOf returns the Pass.ReadFile of pass: os.ReadFile, for the
// package's own files only.
func readFileOf(pass *analysis.Pass) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		ok := slices.Contains(pass.OtherFiles, name) || slices.Contains(pass.IgnoredFiles, name)
		for _, f := range pass.Files {
			if tf := pass.Fset.File(f.FileStart); tf != nil && tf.Name() == name {
				ok = true
			}
		}
		if !ok {
			return nil, fmt.Errorf("Pass.ReadFile: %s is not among OtherFiles, IgnoredFiles, or names of Files", name)
		}
		return os.ReadFile(name)
	}
}

// moduleOf converts a go/packages module to the analysis API's.
func moduleOf(mod *packages.Module) *analysis.Module {
	if mod == nil {
		return nil
	}
	m := &analysis.Module{
		Path:      mod.Path,
		Version:   mod.Version,
		Replace:   moduleOf(mod.Replace),
		Time:      mod.Time,
		Main:      mod.Main,
		Indirect:  mod.Indirect,
		Dir:       mod.Dir,
		GoMod:     mod.GoMod,
		GoVersion: mod.GoVersion,
	}
	if mod.Error != nil {
		m.Error = &analysis.ModuleError{Err: mod.Error.Err}
	}
	return m
}

type objectFactKey struct {
	obj types.Object
	typ reflect.Type
}

// A packageFactKey names a package by its path, so that a package fact
// pins no types: importers see other copies of the package's types
// (from export data, or the view of unit.view).
type packageFactKey struct {
	path string
	typ  reflect.Type
}

// A factSet holds the facts of one analyzer that one package sees and
// exports.
type factSet struct {
	objects  map[objectFactKey]analysis.Fact
	packages map[packageFactKey]analysis.Fact
}

// move moves the facts of objects of package from, and of from itself,
// to the same objects of package to, another type-checking of the same
// syntax. A fact whose object has no object path (see objectpath.For) is
// dropped: no importer can name its object.
func (fs *factSet) move(from, to *types.Package) {
	var enc objectpath.Encoder
	for k, f := range fs.objects {
		if k.obj.Pkg() != from {
			continue
		}
		delete(fs.objects, k)
		if path, err := enc.For(k.obj); err == nil {
			if obj, err := objectpath.Object(to, path); err == nil {
				fs.objects[objectFactKey{obj, k.typ}] = f
			}
		}
	}
}

// inherit returns the facts of analyzer a that u sees: the object facts
// its imports hold whose objects their export data can mention, and the
// package facts of all its dependencies.
func inherit(u *unit, a *analysis.Analyzer) *factSet {
	fs := &factSet{
		objects:  make(map[objectFactKey]analysis.Fact),
		packages: make(map[packageFactKey]analysis.Fact),
	}
	for _, imp := range u.imports {
		from := imp.facts[a]
		if from == nil {
			continue
		}
		for k, f := range from.objects {
			if exportedFrom(k.obj, imp.pkg.Types) {
				fs.objects[k] = f
			}
		}
		for k, f := range from.packages {
			fs.packages[k] = f
		}
	}
	return fs
}

// exportedFrom reports whether obj may be visible to a package that
// imports pkg: checker.Analyze's over-approximation of what the export
// data of pkg mentions (its exported functions, every method and field,
// its own variables, every type and constant).
func exportedFrom(obj types.Object, pkg *types.Package) bool {
	switch obj := obj.(type) {
	case *types.Func:
		return obj.Exported() && obj.Pkg() == pkg || obj.Signature().Recv() != nil
	case *types.Var:
		return obj.IsField() || obj.Pkg() == pkg
	case *types.TypeName, *types.Const:
		return true
	}
	return false
}

// importClosure returns pkg and the packages it imports, directly or
// not, by path.
func importClosure(pkg *types.Package) map[string]*types.Package {
	seen := make(map[string]*types.Package)
	var visit func(p *types.Package)
	visit = func(p *types.Package) {
		if seen[p.Path()] == nil {
			seen[p.Path()] = p
			for _, imp := range p.Imports() {
				visit(imp)
			}
		}
	}
	visit(pkg)
	return seen
}

func factType(fact analysis.Fact) reflect.Type {
	t := reflect.TypeOf(fact)
	if t.Kind() != reflect.Pointer {
		panic(fmt.Sprintf("invalid Fact type: got %T, want pointer", fact))
	}
	return t
}

func (fs *factSet) importObject(obj types.Object, ptr analysis.Fact) bool {
	if obj == nil {
		panic("nil object")
	}
	if v, ok := fs.objects[objectFactKey{obj, factType(ptr)}]; ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(v).Elem())
		return true
	}
	return false
}

func (fs *factSet) importPackage(pkg *types.Package, ptr analysis.Fact) bool {
	if pkg == nil {
		panic("nil package")
	}
	if v, ok := fs.packages[packageFactKey{pkg.Path(), factType(ptr)}]; ok {
		reflect.ValueOf(ptr).Elem().Set(reflect.ValueOf(v).Elem())
		return true
	}
	return false
}

func (fs *factSet) allObjects() []analysis.ObjectFact {
	facts := make([]analysis.ObjectFact, 0, len(fs.objects))
	for k, f := range fs.objects {
		facts = append(facts, analysis.ObjectFact{Object: k.obj, Fact: f})
	}
	return facts
}

// allPackages returns the package facts, each with the package of that
// path that pkg, the package analysed, sees: itself or one it imports,
// directly or not.
func (fs *factSet) allPackages(pkg *types.Package) []analysis.PackageFact {
	seen := importClosure(pkg)
	facts := make([]analysis.PackageFact, 0, len(fs.packages))
	for k, f := range fs.packages {
		if p := seen[k.path]; p != nil {
			facts = append(facts, analysis.PackageFact{Package: p, Fact: f})
		}
	}
	return facts
}
