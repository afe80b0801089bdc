package driver

import (
	"bytes"
	"encoding/gob"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/build"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"log"
	"os"
	"reflect"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/objectpath"

	"github.com/httplint/httplint/internal/lint"
)

// The go vet driver.
//
// go vet -vettool=httplint runs the tool once per package, dependencies
// first, with a JSON configuration file (vetConfig) naming the package's
// files, the compiled export data of its imports (PackageFile) and the
// facts file (vetx) the tool wrote for each import (PackageVetx); the
// tool writes the package's own facts file (VetxOutput) for its
// importers.
//
// x/tools' unitchecker writes each package's types into its facts file
// and reads its imports' types from theirs, so it must type-check every
// package, HTTP or not. runVet reads the imports' types from the
// compiler's export data instead, as unitchecker once did, and so can
// skip a package that cannot reach HTTP without parsing it: such a
// package's facts file is empty, and a package whose imports are neither
// a client library nor have a non-empty facts file cannot reach one
// either. A package that can reach HTTP writes vetxMagic and its facts,
// even when it has none, so that its importers know.
//
// go vet -fix and go fix (-fix, -diff) keep unitchecker: they are rare,
// and a run uses one driver throughout, since the flags are part of the
// go command's cache key for facts files.

// vetConfig is the configuration go vet passes to its tool (the go
// command's vetConfig, read as unitchecker.Config is).
type vetConfig struct {
	ID            string
	Compiler      string
	Dir           string
	ImportPath    string
	GoVersion     string
	ModulePath    string
	ModuleVersion string
	GoFiles       []string
	NonGoFiles    []string
	IgnoredFiles  []string
	ImportMap     map[string]string // import path as written in the source to package path
	PackageFile   map[string]string // package path to compiled export data
	PackageVetx   map[string]string // package path to the facts file of its vet run
	VetxOnly      bool              // facts only: a dependency of the packages named
	VetxOutput    string            // where to write the package's facts
	Stdout        string            // where to write stdout (the findings with -json)
}

// vetxMagic starts the facts file of a package that can reach HTTP.
const vetxMagic = "httplint facts 1\n"

// isVetRun reports whether args are go vet's analysis of one package
// (flags, then a *.cfg file) for runVet; go vet -fix and go fix go to
// unitchecker.
func isVetRun(args []string) bool {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return false
	}
	for _, a := range args[:len(args)-1] {
		name, _, _ := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if name == "fix" || multicheckerFlags[name] {
			return false
		}
	}
	return true
}

// newVetFlags returns the flags go vet may pass to the tool: those
// multichecker lists for -flags except -V, -flags, -fix and -diff, which
// do not come here.
func newVetFlags(progname string, defs []lint.Definition) (fs *flag.FlagSet, json *bool, context *int, enabled map[string]*triState) {
	fs = flag.NewFlagSet(progname, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	json = fs.Bool("json", false, "emit JSON output")
	context = fs.Int("c", -1, "display offending line with this many lines of context")
	// multichecker's legacy and checker flags, which have no effect here.
	for _, name := range []string{"source", "v", "all", "test"} {
		fs.Bool(name, false, "no effect")
	}
	fs.String("tags", "", "no effect")
	enabled = make(map[string]*triState)
	registerAnalyzerFlags(fs, defs, enabled)
	return fs, json, context, enabled
}

// runVet analyses the one package of go vet's configuration file, the
// last of args, and returns the exit code: as unitchecker's, 1 when it
// prints findings or errors, else 0 (also with -json).
func runVet(progname string, suite lint.Suite, args []string) int {
	defs := suite.Definitions
	log.SetFlags(0)
	log.SetPrefix(progname + ": ")
	fs, asJSON, context, enabled := newVetFlags(progname, defs)
	if err := fs.Parse(args[:len(args)-1]); err != nil {
		log.Print(err)
		return 2
	}
	cfg, err := readVetConfig(args[len(args)-1])
	if err != nil {
		log.Print(err)
		return 1
	}
	if cfg.Stdout != "" {
		f, err := os.Create(cfg.Stdout)
		if err != nil {
			log.Print(err)
			return 1
		}
		defer f.Close()
		os.Stdout = f
	}
	var as []*analysis.Analyzer
	for _, d := range selectDefinitions(defs, enabled) {
		as = append(as, d.Analyzer)
	}
	outs, err := vetPackage(cfg, suite.Scope, as)
	if err != nil {
		if !cfg.VetxOnly {
			log.Print(err)
		}
		return 1
	}
	if cfg.VetxOnly {
		return 0
	}
	return printVetFindings(outs, *asJSON, *context)
}

// readVetConfig reads go vet's configuration file.
func readVetConfig(filename string) (*vetConfig, error) {
	data, err := os.ReadFile(filename)
	if err != nil {
		return nil, err
	}
	cfg := new(vetConfig)
	if err := json.Unmarshal(data, cfg); err != nil {
		return nil, fmt.Errorf("cannot decode JSON config file %s: %v", filename, err)
	}
	if len(cfg.GoFiles) == 0 {
		return nil, fmt.Errorf("package has no files: %s", cfg.ImportPath)
	}
	return cfg, nil
}

// vetPackage analyses the package of cfg, writes its facts file and
// returns the outcomes of its analyzers (those with facts only, for a
// dependency). A package that cannot reach HTTP, or that the analyzers
// never analyse (net/http), gets a facts file and no analysis.
func vetPackage(cfg *vetConfig, scope lint.Scope, as []*analysis.Analyzer) ([]*outcome, error) {
	reaches, err := vetReaches(cfg, scope)
	if err != nil {
		return nil, err
	}
	if !reaches || !scope.Analysable(cfg.ImportPath) {
		return nil, writeVetx(cfg.VetxOutput, reaches, nil)
	}
	if err := analysis.Validate(as); err != nil {
		return nil, err
	}
	fset := token.NewFileSet()
	meta := &packages.Package{
		ID:           cfg.ID,
		PkgPath:      cfg.ImportPath,
		GoFiles:      cfg.GoFiles,
		OtherFiles:   cfg.NonGoFiles,
		IgnoredFiles: cfg.IgnoredFiles,
	}
	// The module, or for the standard library (no module path) the Go
	// release, sets the language version.
	meta.Module = &packages.Module{Path: cfg.ModulePath, Version: cfg.ModuleVersion, GoVersion: strings.TrimPrefix(cfg.GoVersion, "go")}
	pkg := checkPackage(meta, fset, types.SizesFor("gc", build.Default.GOARCH), true, vetImporter(cfg, fset))
	if len(pkg.Errors) > 0 {
		// As unitchecker: no analysis of a package with errors. Its
		// importers still learn that it reaches HTTP.
		if err := writeVetx(cfg.VetxOutput, true, nil); err != nil {
			return nil, err
		}
		var msgs []string
		for _, e := range pkg.Errors {
			msgs = append(msgs, e.Error())
		}
		return nil, errors.New(strings.Join(msgs, "\n"))
	}

	s := newScheduler(as)
	plan := s.all
	if cfg.VetxOnly {
		plan = s.forFacts
	}
	for _, a := range plan {
		for _, f := range a.FactTypes {
			gob.Register(f)
		}
	}
	inherited, err := readVetxFacts(cfg, pkg.Types, plan)
	if err != nil {
		return nil, err
	}
	factSets := make([]*factSet, len(plan))
	for k, a := range plan {
		if len(a.FactTypes) > 0 {
			factSets[k] = inherited[a]
		}
	}
	u := &unit{pkg: pkg, root: !cfg.VetxOnly}
	failed, outs := s.analyse(u, plan, factSets)
	for _, out := range outs {
		for _, d := range out.diags {
			out.funcs = append(out.funcs, enclosingFunc(pkg.Syntax, d.Pos))
		}
	}
	for a := range failed {
		delete(inherited, a) // its importers see it failed as having no facts
	}
	return outs, writeVetx(cfg.VetxOutput, true, inherited)
}

// vetReaches reports whether the package of cfg is or imports a client
// or retry library, directly or through its imports' facts files. An
// import without a facts file (its vet run failed) counts as reaching.
func vetReaches(cfg *vetConfig, scope lint.Scope) (bool, error) {
	if scope.Subject(cfg.ImportPath) {
		return true, nil
	}
	for _, path := range cfg.ImportMap {
		if scope.Subject(path) {
			return true, nil
		}
	}
	for _, path := range cfg.ImportMap {
		if path == "unsafe" || path == "C" {
			continue
		}
		file, ok := cfg.PackageVetx[path]
		if !ok {
			return true, nil
		}
		fi, err := os.Stat(file)
		if err != nil {
			return false, err
		}
		if fi.Size() > 0 {
			return true, nil
		}
	}
	return false, nil
}

// vetImporter imports the packages of cfg's import map from the
// compiler's export data go vet lists.
func vetImporter(cfg *vetConfig, fset *token.FileSet) importerFunc {
	compiler := cfg.Compiler
	if compiler == "" {
		compiler = "gc"
	}
	imp := importer.ForCompiler(fset, compiler, func(path string) (io.ReadCloser, error) {
		file, ok := cfg.PackageFile[path]
		if !ok {
			return nil, fmt.Errorf("no package file for %q", path)
		}
		return os.Open(file)
	})
	return func(importPath string) (*types.Package, error) {
		path, ok := cfg.ImportMap[importPath]
		if !ok {
			return nil, fmt.Errorf("can't resolve import %q", importPath)
		}
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		return imp.Import(path)
	}
}

// A vetFact is one fact in a facts file: of an object, named by its
// package and object path, or of a package (Object empty).
type vetFact struct {
	Analyzer string
	PkgPath  string
	Object   objectpath.Path
	Fact     analysis.Fact
}

// writeVetx writes the facts file of a package: empty if it cannot
// reach HTTP; otherwise vetxMagic and the facts, those of the package
// and those it inherited, that its importers can name, sorted so that
// the file does not depend on map order.
func writeVetx(filename string, reaches bool, sets map[*analysis.Analyzer]*factSet) error {
	if filename == "" {
		return nil
	}
	if !reaches {
		return os.WriteFile(filename, nil, 0o666)
	}
	var list []vetFact
	var enc objectpath.Encoder
	for a, fs := range sets {
		for k, f := range fs.objects {
			if path, err := enc.For(k.obj); err == nil {
				list = append(list, vetFact{a.Name, k.obj.Pkg().Path(), path, f})
			}
		}
		for k, f := range fs.packages {
			list = append(list, vetFact{a.Name, k.path, "", f})
		}
	}
	sort.Slice(list, func(i, j int) bool {
		x, y := list[i], list[j]
		if x.Analyzer != y.Analyzer {
			return x.Analyzer < y.Analyzer
		}
		if x.PkgPath != y.PkgPath {
			return x.PkgPath < y.PkgPath
		}
		if x.Object != y.Object {
			return x.Object < y.Object
		}
		return reflect.TypeOf(x.Fact).String() < reflect.TypeOf(y.Fact).String()
	})
	var buf bytes.Buffer
	buf.WriteString(vetxMagic)
	if err := gob.NewEncoder(&buf).Encode(list); err != nil {
		return fmt.Errorf("encoding facts: %v", err)
	}
	return os.WriteFile(filename, buf.Bytes(), 0o666)
}

// readVetxFacts returns, for each analyzer of plan with facts, the facts
// of pkg's imports' facts files whose package pkg's types reach and
// whose object they name (as unitchecker: a fact of an object beyond
// them is of no use to pkg).
func readVetxFacts(cfg *vetConfig, pkg *types.Package, plan []*analysis.Analyzer) (map[*analysis.Analyzer]*factSet, error) {
	sets := make(map[*analysis.Analyzer]*factSet)
	byName := make(map[string]*analysis.Analyzer)
	for _, a := range plan {
		if len(a.FactTypes) > 0 {
			sets[a] = &factSet{objects: make(map[objectFactKey]analysis.Fact), packages: make(map[packageFactKey]analysis.Fact)}
			byName[a.Name] = a
		}
	}
	if len(sets) == 0 {
		return sets, nil
	}
	reachable := importClosure(pkg)
	read := make(map[string]bool)
	for _, path := range cfg.ImportMap {
		file, ok := cfg.PackageVetx[path]
		if !ok || read[file] {
			continue
		}
		read[file] = true
		data, err := os.ReadFile(file)
		if err != nil {
			return nil, err
		}
		if len(data) == 0 {
			continue
		}
		rest, ok := bytes.CutPrefix(data, []byte(vetxMagic))
		if !ok {
			return nil, fmt.Errorf("facts file of %s was not written by this tool: %s", path, file)
		}
		var list []vetFact
		if err := gob.NewDecoder(bytes.NewReader(rest)).Decode(&list); err != nil {
			return nil, fmt.Errorf("facts file of %s: %v", path, err)
		}
		for _, f := range list {
			a, p := byName[f.Analyzer], reachable[f.PkgPath]
			if a == nil || p == nil {
				continue
			}
			if f.Object == "" {
				sets[a].packages[packageFactKey{f.PkgPath, factType(f.Fact)}] = f.Fact
			} else if obj, err := objectpath.Object(p, f.Object); err == nil {
				sets[a].objects[objectFactKey{obj, factType(f.Fact)}] = f.Fact
			}
		}
	}
	return sets, nil
}

// printVetFindings prints the findings of outs as unitchecker does: text
// on stderr with absolute paths (go vet shortens them), or JSON on
// stdout; and returns the exit code.
func printVetFindings(outs []*outcome, asJSON bool, context int) int {
	found, _ := splitSuppressed(findings(outs))
	if asJSON {
		if err := writeJSON(os.Stdout, outs, found); err != nil {
			log.Print(err)
			return 1
		}
		return 0
	}
	code := 0
	if logFailures(outs, nil) {
		code = 1
	}
	if err := printText(os.Stderr, "", found, context); err != nil {
		log.Print(err)
		return 1
	}
	if len(found) > 0 {
		code = 1
	}
	return code
}
