// Package testutil holds helpers for httplint's tests.
package testutil

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
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
