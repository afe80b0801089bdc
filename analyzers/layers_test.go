package analyzers_test

import (
	"os/exec"
	"strings"
	"testing"
)

// layer returns the rank of a package of this module in the layering
// commands → analyzers → HTTP model → SSA and lint framework; docs (rule
// documentation as data) sits beside the analyzers. Imports may only
// point to a lower rank, or within a rank.
func layer(path string) int {
	rel := strings.TrimPrefix(path, "github.com/httplint/httplint/")
	switch {
	case strings.HasPrefix(rel, "cmd/"), strings.HasPrefix(rel, "plugin"), strings.HasPrefix(rel, "scripts/"),
		strings.Contains(rel, "/cmd/"):
		return 4
	case strings.HasPrefix(rel, "analyzers"), strings.HasPrefix(rel, "docs/"):
		return 3
	case strings.HasPrefix(rel, "internal/driver"):
		// The driver is framework: it runs whatever suite a command
		// hands it.
		return 1
	case strings.HasPrefix(rel, "internal/http/"):
		return 2
	default:
		return 1 // internal/ssa, internal/lint, internal/typeutil, ...
	}
}

// TestLayers checks that no package imports one of a higher layer (the
// framework never imports the suite), and that each analyzer's own
// command links that analyzer alone.
func TestLayers(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}`, "github.com/httplint/httplint/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	const mod = "github.com/httplint/httplint/"
	for line := range strings.Lines(string(out)) {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		pkg := fields[0]
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, mod) && layer(imp) > layer(pkg) {
				t.Errorf("%s imports %s, a package of a higher layer", pkg, imp)
			}
		}
	}
	for _, name := range []string{"acquiretimeout", "poolsize", "retrypolicy", "headersize"} {
		cmd := mod + "analyzers/" + name + "/cmd/" + name
		deps, err := exec.Command("go", "list", "-deps", cmd).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", cmd, err)
		}
		for dep := range strings.Lines(string(deps)) {
			dep = strings.TrimSpace(dep)
			if rest, ok := strings.CutPrefix(dep, mod+"analyzers"); ok && rest != "/"+name && !strings.HasPrefix(rest, "/"+name+"/") {
				t.Errorf("%s links %s", cmd, dep)
			}
		}
	}
}
