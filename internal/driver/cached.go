package driver

import (
	"os"
	"os/exec"
	"strings"

	"golang.org/x/tools/go/packages"
)

// A cacheState is what the build cache holds of the packages named and
// their dependencies (see listCache).
type cacheState struct {
	// exportFile is the export data file, by import path, of each
	// package the cache holds.
	exportFile map[string]string
	// cgo holds the import paths of the packages it does not hold that
	// use cgo: the files cgo generates for them import syscall and
	// runtime/cgo, which their metadata may not list (see fakec.go).
	cgo map[string]bool
}

// listCache asks the go command what the build cache holds of the
// packages named by patterns and of their dependencies, without
// compiling anything: go list -export -n lists the export data of the
// packages the cache holds and prints, rather than runs, the commands
// that would compile the others, which it reports stale. Asking for
// their export data would make the go command compile them (and, on an
// empty cache, the standard library under them), which costs far more
// than type-checking them from source without function bodies, all a
// dependency needs when it is not analysed. The query costs about as
// much as listing the packages, and load asks it beside that.
//
// Staleness reaches upwards: a package whose dependency is stale is
// stale too, as its build inputs include the dependency's compiled form.
// So every dependency of a cached package is cached, and its export data
// can be read without the go command compiling anything.
//
// When go list fails, or go/packages lists the packages through the
// driver of another build system (GOPACKAGESDRIVER), listCache returns
// nil: the export data is then asked for as before, and the go command
// compiles what the cache does not hold.
func listCache(cfg *packages.Config, patterns []string) *cacheState {
	if d := getenv(cfg, "GOPACKAGESDRIVER"); d != "" && d != "off" {
		return nil // packages come from another build system's driver
	}
	out, err := goList(cfg, []string{"-e", "-deps", "-export", "-n", "-f", "{{.ImportPath}}\t{{.Stale}}\t{{.Export}}\t{{if .CgoFiles}}cgo{{end}}"}, patterns)
	if err != nil {
		return nil
	}
	cs := &cacheState{exportFile: make(map[string]string), cgo: make(map[string]bool)}
	for line := range strings.Lines(string(out)) {
		f := strings.Split(strings.TrimSuffix(line, "\n"), "\t")
		if len(f) != 4 {
			continue
		}
		path := f[0]
		if f[2] != "" {
			cs.exportFile[path] = f[2]
		}
		if f[1] == "true" && f[3] == "cgo" {
			cs.cgo[path] = true
		}
	}
	return cs
}

// holds reports whether the build cache holds the export data of the
// package path (always, for a nil cs, of which nothing is known). A
// package go list did not report (a dependency of tests only: the query
// leaves tests out, as listing their variants costs as much again) is
// taken not to be held: type-checking it from source is exact too.
func (cs *cacheState) holds(path string) bool {
	return cs == nil || path == "unsafe" || cs.exportFile[path] != ""
}

// goList runs go list with flags, cfg's build flags and patterns, in
// cfg's directory and environment, and returns its standard output (its
// standard error is dropped).
func goList(cfg *packages.Config, flags, patterns []string) ([]byte, error) {
	args := append([]string{"list"}, flags...)
	args = append(args, cfg.BuildFlags...)
	args = append(append(args, "--"), patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir, cmd.Env = cfg.Dir, cfg.Env
	return cmd.Output()
}

// getenv returns the value of the environment variable key in cfg's
// environment (this process's if cfg sets none), the last one set.
func getenv(cfg *packages.Config, key string) string {
	env := cfg.Env
	if env == nil {
		env = os.Environ()
	}
	v := ""
	for _, kv := range env {
		if val, ok := strings.CutPrefix(kv, key+"="); ok {
			v = val
		}
	}
	return v
}
