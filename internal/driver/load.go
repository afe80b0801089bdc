package driver

import (
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/internal/lint"
)

// load returns the units for analysing the packages named by patterns.
// Only the packages that can reach an HTTP client are type-checked and
// analysed (see gate); the others cannot have findings. They are
// type-checked from source without being compiled, as go vet does, each
// when the schedule reaches it (see loadFromSource), where that is
// possible; otherwise packages.Load loads them. Their dependencies come
// from the export data the build cache holds; those it does not hold
// (see listCache) are type-checked from source without function bodies,
// rather than compiled. With deps, the dependencies that can involve an
// HTTP client are type-checked from source and analysed for their facts
// too (all of them with packages.Load).
//
// It also returns the import paths of the dependencies read from export
// data, and the roots that are not loaded because an import of theirs
// failed to resolve (see gate), to be named as not analysed.
func load(cfg *packages.Config, scope lint.Scope, patterns []string, deps bool) (units []*unit, fromExport []string, unresolved []*packages.Package, err error) {
	paths := patterns
	if !isFilePattern(patterns) {
		// Asking what the build cache holds costs about as much as
		// listing the packages: ask both at once.
		var cache *cacheState
		cacheDone := make(chan struct{})
		go func() {
			defer close(cacheDone)
			cache = listCache(cfg, patterns)
		}()
		meta, err := loadMeta(cfg, patterns)
		<-cacheDone
		if err != nil {
			return nil, nil, nil, err
		}
		if len(meta) == 0 {
			return nil, nil, nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
		}
		if keep, keepPaths, broken, ok := gate(meta, scope); ok {
			paths, unresolved = keepPaths, broken
			if len(keep) > 0 {
				if source, rest := splitForSource(keep, scope, deps, cache); len(source) > 0 {
					if us, exp, ok := loadFromSource(cfg, scope, source, deps, cache); ok {
						units, fromExport, paths = us, exp, rest
					}
				}
			}
			if len(paths) == 0 {
				return units, fromExport, unresolved, nil
			}
		}
	}
	more, err := packages.Load(cfg, paths...)
	if err != nil {
		return nil, nil, nil, err
	}
	if !deps {
		dropDependencySyntax(more)
	}
	units = append(units, unitsOf(more)...)
	if len(units) == 0 {
		return nil, nil, nil, fmt.Errorf("%s matched no packages", strings.Join(patterns, " "))
	}
	return units, fromExport, unresolved, nil
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

// goVersion is the Go version of meta's module ("go1.26"), or "".
func goVersion(meta *packages.Package) string {
	if meta.Module != nil && meta.Module.GoVersion != "" {
		return "go" + meta.Module.GoVersion
	}
	return ""
}

// goarch is the architecture the packages are built for: GOARCH from the
// configuration's environment, else this process's.
func goarch(cfg *packages.Config) string {
	if arch := getenv(cfg, "GOARCH"); arch != "" {
		return arch
	}
	return runtime.GOARCH
}

// How a package was loaded, as -v says.
const (
	howRoot       = "source"
	howFacts      = "source, analysed for its facts (-deps)"
	howBetween    = "source, types only (it imports a package analysed)"
	howBetweenExp = "export data of its package, read against the packages analysed"
	howNotCached  = "source, types only (not in the build cache)"
	howExport     = "export data from the build cache"
	howGoPackages = "go/packages (the go command compiles its dependencies)"
)

// printLoadPaths writes, for -v, how each package of units and each
// dependency read from export data (fromExport) was loaded, one line per
// package, sorted.
func printLoadPaths(w io.Writer, progname string, units []*unit, fromExport []string) {
	var lines []string
	for _, u := range units {
		if u.pkg != nil && u.how != "" {
			lines = append(lines, fmt.Sprintf("%s: load %s: %s\n", progname, u.pkg.ID, u.how))
		}
	}
	for _, path := range fromExport {
		lines = append(lines, fmt.Sprintf("%s: load %s: %s\n", progname, path, howExport))
	}
	slices.Sort(lines)
	for _, l := range lines {
		fmt.Fprint(w, l)
	}
}
