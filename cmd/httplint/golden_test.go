package main_test

import (
	"encoding/json"
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
		{"incidents.sarif", normalize(string(withoutRuleDocs(t, sarifData)))},
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

// withoutRuleDocs returns the SARIF log with each rule's fullDescription
// and help replaced by a placeholder: they are the rule documentation,
// which changes with the docs (internal/driver's TestRules checks them),
// not the output format the golden file pins.
func withoutRuleDocs(t *testing.T, data []byte) []byte {
	t.Helper()
	var log map[string]any
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("SARIF: %v", err)
	}
	for _, run := range log["runs"].([]any) {
		driver := run.(map[string]any)["tool"].(map[string]any)["driver"].(map[string]any)
		for _, r := range driver["rules"].([]any) {
			rule := r.(map[string]any)
			for _, k := range []string{"fullDescription", "help"} {
				if m, ok := rule[k].(map[string]any); ok {
					for field := range m {
						m[field] = "(from docs/rules)"
					}
				}
			}
		}
	}
	out, err := json.MarshalIndent(log, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, '\n')
}
