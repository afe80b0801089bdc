package main_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestDriversAgree runs the incident reproductions through the three
// drivers that build an analysis.Pass, the standalone driver, go vet's
// (go vet -vettool) and multichecker's (taken here by its -debug flag),
// and requires the same findings from each: position, rule and message.
func TestDriversAgree(t *testing.T) {
	bin := httplintBinary(t)
	root := moduleRoot(t)
	const pkgs = "./testdata/incidents/..."

	standalone := run(t, root, bin, "-json", pkgs)
	vet := run(t, root, "go", "vet", "-vettool="+bin, "-json", pkgs)
	multi := run(t, root, bin, "-json", "-debug=p", pkgs)

	want := jsonFindings(t, root, standalone.stdout)
	if len(want) == 0 {
		t.Fatalf("standalone: no findings; stderr:\n%s", standalone.stderr)
	}
	for _, d := range []struct {
		name string
		got  []string
	}{
		{"go vet -vettool", jsonFindings(t, root, vet.stdout+vet.stderr)},
		{"multichecker", jsonFindings(t, root, multi.stdout)},
	} {
		if !slices.Equal(d.got, want) {
			t.Errorf("%s reports\n\t%s\nthe standalone driver\n\t%s", d.name, strings.Join(d.got, "\n\t"), strings.Join(want, "\n\t"))
		}
	}
}

// jsonFindings returns the findings of go/analysis -json output, each
// as "file:line:col analyzer/category message" with file relative to
// root, sorted.
func jsonFindings(t *testing.T, root, out string) []string {
	t.Helper()
	var found []string
	for _, d := range jsonDiagnostics(t, out) {
		posn := d.Posn
		if rel, err := filepath.Rel(root, posn); err == nil && !strings.HasPrefix(rel, "..") {
			posn = rel
		}
		found = append(found, posn+" "+d.Analyzer+"/"+d.Category+" "+d.Message)
	}
	slices.Sort(found)
	return slices.Compact(found)
}

// TestColdStart: on an empty build cache the standalone driver compiles
// nothing (-v names no package read from export data or loaded through
// go/packages) and reports on the incident reproductions what it reports
// with the cache warm.
func TestColdStart(t *testing.T) {
	bin := httplintBinary(t)
	root := moduleRoot(t)
	const pkgs = "./testdata/incidents/..."
	warm := run(t, root, bin, "-json", pkgs)
	t.Setenv("GOCACHE", t.TempDir())
	cold := run(t, root, bin, "-json", "-v", pkgs)
	if got, want := jsonFindings(t, root, cold.stdout), jsonFindings(t, root, warm.stdout); !slices.Equal(got, want) || len(want) == 0 {
		t.Errorf("empty build cache: findings\n\t%s\nwarm cache:\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
	if !strings.Contains(cold.stderr, "types only (not in the build cache)") {
		t.Errorf("-v names no package type-checked from source for want of export data:\n%s", cold.stderr)
	}
	for _, bad := range []string{"export data from the build cache", "go/packages"} {
		if strings.Contains(cold.stderr, bad) {
			t.Errorf("empty build cache: a package was loaded by %q:\n%s", bad, cold.stderr)
		}
	}
}
