package retrypolicy_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/analyzers/retrypolicy"
)

func TestLoops(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), retrypolicy.Analyzer, "loops", "idempotency")
}

// TestLibraries runs the analyzer over the module in testdata/mod, which
// imports the real libraries at the versions its go.mod pins.
func TestLibraries(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	download(t, dir)
	analysistest.Run(t, dir, retrypolicy.Analyzer, "./...")
}

// download fetches the testdata module's dependencies into the module
// cache (analysistest loads them with GOPROXY=off).
func download(t *testing.T, dir string) {
	t.Helper()
	cmd := exec.Command("go", "mod", "download")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go mod download in %s: %v\n%s", dir, err, out)
	}
}
