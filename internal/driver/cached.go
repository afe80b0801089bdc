package driver

import (
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// notCached returns the import paths of the packages named by patterns
// and of their dependencies whose compiled form the build cache does not
// hold: those go list -deps reports stale. Asking for their export data
// would make the go command compile them (and, on an empty cache, the
// standard library under them), which costs far more than type-checking
// them from source without function bodies, all a dependency needs when
// it is not analysed. go list answers from the cache without compiling
// anything, for about as much as listing the packages costs.
//
// Staleness reaches upwards: a package whose dependency is stale is
// stale too, as its build inputs include the dependency's compiled form.
// So every dependency of a cached package is cached, and its export data
// can be read without the go command compiling anything.
//
// cgo lists those of them that use cgo: the files cgo generates for them
// import syscall and runtime/cgo, which their metadata may not list (see
// fakec.go).
//
// When go list fails, notCached returns nil: every package is then
// taken to be cached, and asking for export data compiles what is not,
// as before.
func notCached(cfg *packages.Config, patterns []string) (stale, cgo map[string]bool) {
	args := []string{"list", "-e", "-deps", "-f", "{{if .Stale}}{{.ImportPath}}{{if .CgoFiles}} cgo{{end}}{{end}}"}
	if cfg.Tests {
		args = append(args, "-test")
	}
	args = append(args, cfg.BuildFlags...)
	args = append(args, "--")
	args = append(args, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Env = cfg.Dir, cfg.Env
	out, err := cmd.Output()
	if err != nil {
		return nil, nil
	}
	stale, cgo = make(map[string]bool), make(map[string]bool)
	for line := range strings.Lines(string(out)) {
		path, usesCgo := strings.CutSuffix(strings.TrimSpace(line), " cgo")
		if path != "" && !strings.Contains(path, " [") {
			stale[path] = true
			cgo[path] = usesCgo
		}
	}
	return stale, cgo
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
