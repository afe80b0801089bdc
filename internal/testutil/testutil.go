// Package testutil holds helpers for httplint's tests.
package testutil

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// DownloadModules runs "go mod download" in dir, a module-mode
// analysistest directory, so that its pinned dependencies are in the
// module cache: analysistest loads module-mode testdata with GOPROXY=off.
func DownloadModules(t testing.TB, dir string) {
	t.Helper()
	cmd := exec.Command("go", "mod", "download")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod download in %s: %v\n%s", dir, err, out)
	}
}

// WriteModule creates a scratch module in a new temporary directory from
// files (slash-separated path → content; a go.mod for
// example.com/scratch is added when missing) and returns the directory.
func WriteModule(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if _, ok := files["go.mod"]; !ok {
		files["go.mod"] = "module example.com/scratch\n\ngo 1.26\n"
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Configure sets the flags of analyzer a ("name=value" each), failing
// the test on a rejected value, and returns a.
func Configure(t testing.TB, a *analysis.Analyzer, flags ...string) *analysis.Analyzer {
	t.Helper()
	for _, f := range flags {
		name, value, _ := strings.Cut(f, "=")
		if err := a.Flags.Set(name, value); err != nil {
			t.Fatalf("-%s: %v", f, err)
		}
	}
	return a
}

// Calls calls visit for each call in funcs, in block order.
func Calls(funcs []*ssa.Function, visit func(call ssa.CallInstruction)) {
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok {
					visit(call)
				}
			}
		}
	}
}

// Probes calls visit for each call in funcs of a one-argument function
// of pass's package (a probe such as bytesOf(x)): with the probe's name,
// the call, and its argument seen through copies and conversions.
func Probes(pass *analysis.Pass, funcs []*ssa.Function, visit func(name string, call *ssa.Call, arg ssa.Value)) {
	Calls(funcs, func(c ssa.CallInstruction) {
		call, ok := c.(*ssa.Call)
		if !ok || len(call.Call.Args) != 1 {
			return
		}
		callee := valueflow.StaticCallee(&call.Call)
		if callee == nil || callee.Pkg() != pass.Pkg {
			return
		}
		visit(callee.Name(), call, valueflow.StripCopies(call.Call.Args[0]))
	})
}
