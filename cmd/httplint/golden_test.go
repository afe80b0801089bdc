package main_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/httplint/httplint/internal/sarif/sariftest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// TestGolden compares httplint's text, JSON and SARIF output on the
// bundled incidents with testdata/golden (the module root's path is
// replaced by ROOT). Run with -update to rewrite them after a deliberate
// change.
func TestGolden(t *testing.T) {
	bin := httplintBinary(t)
	root := moduleRoot(t)
	sarifFile := filepath.Join(t.TempDir(), "incidents.sarif")

	text := run(t, root, bin, "./testdata/incidents/...")
	json := run(t, root, bin, "-json", "./testdata/incidents/...")
	run(t, root, bin, "-sarif="+sarifFile, "-sarif-srcroot="+root, "./testdata/incidents/...")
	sarifData, err := os.ReadFile(sarifFile)
	if err != nil {
		t.Fatal(err)
	}
	if err := sariftest.Validate(sarifData); err != nil {
		t.Errorf("SARIF: %v", err)
	}
	normalize := func(s string) string {
		s = strings.ReplaceAll(s, "file://"+filepath.ToSlash(root), "file:///ROOT")
		return strings.ReplaceAll(s, root, "ROOT")
	}
	for _, g := range []struct{ name, got string }{
		{"incidents.txt", text.stdout},
		{"incidents.json", normalize(json.stdout)},
		{"incidents.sarif", normalize(string(sarifData))},
	} {
		path := filepath.Join("testdata", "golden", g.name)
		if *update {
			if err := os.WriteFile(path, []byte(g.got), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./cmd/httplint -run TestGolden -update)", err)
		}
		if string(want) != g.got {
			t.Errorf("%s differs from the golden file (go test ./cmd/httplint -run TestGolden -update rewrites it):\n%s", g.name, diffLines(string(want), g.got))
		}
	}
}

// diffLines lists the lines of want and got that differ, by position.
func diffLines(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(w), len(g)) && b.Len() < 4000; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			b.WriteString("- " + wl + "\n+ " + gl + "\n")
		}
	}
	return b.String()
}
