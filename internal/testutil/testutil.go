// Package testutil holds helpers for httplint's tests.
package testutil

import (
	"os"
	"os/exec"
	"testing"
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
