package main_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/testutil"
)

// incidentsModule copies testdata/incidents into a scratch module.
func incidentsModule(t *testing.T) string {
	t.Helper()
	// The incidents may import third-party libraries required by the
	// repository's go.mod: reuse it (and go.sum) under another path.
	gomod, err := os.ReadFile(filepath.Join(moduleRoot(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	gosum, err := os.ReadFile(filepath.Join(moduleRoot(t), "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"go.mod": strings.Replace(string(gomod), "module github.com/httplint/httplint\n", "module example.com/incidents\n", 1),
		"go.sum": string(gosum),
	}
	src := filepath.Join(moduleRoot(t), "testdata", "incidents")
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(src, p)
		files[filepath.ToSlash(rel)] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return testutil.WriteModule(t, files)
}

// snapshot returns the contents of the .go files under dir.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	m := make(map[string]string)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		b, err := os.ReadFile(p)
		m[p] = string(b)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestVetProtocol checks the two calls go vet makes before analysing:
// -V=full (cache key) and -flags (the flags go vet may pass through),
// which must list every flag of every analyzer in the suite.
func TestVetProtocol(t *testing.T) {
	bin := httplintBinary(t)
	r := run(t, moduleRoot(t), bin, "-V=full")
	if r.code != 0 || !strings.Contains(r.stdout, "version") || !strings.Contains(r.stdout, "buildID=") {
		t.Errorf("-V=full: exit %d, stdout %q", r.code, r.stdout)
	}
	r = run(t, moduleRoot(t), bin, "-flags")
	var flags []struct{ Name string }
	if err := json.Unmarshal([]byte(r.stdout), &flags); err != nil || r.code != 0 {
		t.Fatalf("-flags: exit %d, %v:\n%s", r.code, err, r.stdout)
	}
	var names []string
	for _, f := range flags {
		names = append(names, f.Name)
	}
	for _, d := range analyzers.Definitions() {
		want := []string{d.Name}
		d.Analyzer.Flags.VisitAll(func(f *flag.Flag) { want = append(want, d.Name+"."+f.Name) })
		for _, w := range want {
			if !slices.Contains(names, w) {
				t.Errorf("-flags does not list %q; go vet would reject it", w)
			}
		}
	}
}

// TestVetAnalyzerFlags passes every flag of every analyzer through go
// vet (at its default value, so findings stay the same), then checks
// that flags change behaviour: include-tests and allow-pkgs.
func TestVetAnalyzerFlags(t *testing.T) {
	bin := httplintBinary(t)
	root := moduleRoot(t)

	args := []string{"vet", "-vettool=" + bin}
	for _, d := range analyzers.Definitions() {
		d.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
			args = append(args, "-"+d.Name+"."+f.Name+"="+f.DefValue)
		})
	}
	r := run(t, root, "go", append(args, "./testdata/incidents/...")...)
	if r.code != 1 {
		t.Errorf("go vet with every analyzer flag: exit %d, want 1 (findings); stderr:\n%s", r.code, r.stderr)
	}
	checkFindings(t, r.stderr)

	dir := testutil.WriteModule(t, map[string]string{
		"a/a.go":      "package a\n",
		"a/a_test.go": "package a\n\nimport (\n\t\"net/http\"\n\t\"testing\"\n)\n\nfunc TestGet(t *testing.T) {\n\thttp.Get(\"http://example.com/\")\n}\n",
	})
	r = run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	if r.code != 0 || strings.Contains(r.stderr, "a_test.go") {
		t.Errorf("go vet: a finding in a test file without include-tests: exit %d\n%s", r.code, r.stderr)
	}
	r = run(t, dir, "go", "vet", "-vettool="+bin, "-acquiretimeout.include-tests", "./...")
	if r.code != 1 || !strings.Contains(r.stderr, "a_test.go:9:2: http.Get uses http.DefaultClient") {
		t.Errorf("go vet -acquiretimeout.include-tests: exit %d, want 1 with the a_test.go finding\n%s", r.code, r.stderr)
	}
	// Space-separated flag values pass through too.
	r = run(t, dir, "go", "vet", "-vettool="+bin, "-acquiretimeout.include-tests", "-acquiretimeout.allow-pkgs", "example.com/scratch/...", "./...")
	if r.code != 0 {
		t.Errorf("go vet -acquiretimeout.allow-pkgs example.com/scratch/...: exit %d, want 0\n%s", r.code, r.stderr)
	}
	// An unknown flag is refused by go vet itself.
	r = run(t, dir, "go", "vet", "-vettool="+bin, "-acquiretimeout.no-such-flag", "./...")
	if r.code == 0 || !strings.Contains(r.stderr, "no-such-flag") {
		t.Errorf("go vet with an unknown flag: exit %d\n%s", r.code, r.stderr)
	}
}

// TestVetFacts: a client built by a constructor in one package is judged
// where another package sends a request through it; go vet carries the
// constructor's summary between the two vet units as a fact.
func TestVetFacts(t *testing.T) {
	bin := httplintBinary(t)
	dir := testutil.WriteModule(t, map[string]string{
		"httpx/httpx.go": "package httpx\n\nimport \"net/http\"\n\n// New returns a client without a Timeout.\nfunc New() *http.Client { return &http.Client{} }\n",
		"app/app.go":     "package app\n\nimport \"example.com/scratch/httpx\"\n\nfunc Fetch(u string) error {\n\tresp, err := httpx.New().Get(u)\n\tif err != nil {\n\t\treturn err\n\t}\n\treturn resp.Body.Close()\n}\n",
	})
	r := run(t, dir, "go", "vet", "-vettool="+bin, "./...")
	if r.code != 1 || !strings.Contains(r.stderr, "app/app.go:6:15: http.Client has no Timeout") {
		t.Errorf("go vet: exit %d, want 1 with a finding in app/app.go from httpx's fact\n%s", r.code, r.stderr)
	}
	if strings.Contains(r.stderr, "httpx.go:") {
		t.Errorf("go vet reported the constructor itself:\n%s", r.stderr)
	}
}

// TestVetJSON: with -json go vet prints the findings as JSON and exits 0.
func TestVetJSON(t *testing.T) {
	bin := httplintBinary(t)
	r := run(t, moduleRoot(t), "go", "vet", "-vettool="+bin, "-json", "./testdata/incidents/...")
	if r.code != 0 {
		t.Errorf("go vet -json: exit %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	// One JSON tree per package on stdout.
	cats := jsonCategories(t, r.stdout)
	for _, want := range []string{"acquiretimeout/pool-wait-unbounded", "acquiretimeout/dial-unbounded", "acquiretimeout/client-no-deadline"} {
		if cats[want] == 0 {
			t.Errorf("go vet -json: no %s diagnostic; got %v\n%s", want, cats, r.stdout)
		}
	}
}

// TestVetFix runs go vet -fix on a scratch copy of the incidents: files
// change exactly when some finding offers a suggested fix, the fixed
// module still builds, and the fixed findings are gone. -fix -diff
// prints the diff and changes nothing.
func TestVetFix(t *testing.T) {
	bin := httplintBinary(t)
	dir := incidentsModule(t)
	before := snapshot(t, dir)

	r := run(t, dir, "go", "vet", "-vettool="+bin, "-json", "./...")
	fixable := 0
	for _, line := range strings.Split(r.stdout, "\n") {
		if strings.Contains(line, `"suggested_fixes"`) {
			fixable++
		}
	}

	r = run(t, dir, "go", "vet", "-vettool="+bin, "-fix", "-diff", "./...")
	if fixable > 0 && (r.code != 1 || !strings.Contains(r.stdout+r.stderr, "+++")) {
		t.Errorf("go vet -fix -diff with %d fixable findings: exit %d, no diff:\n%s%s", fixable, r.code, r.stdout, r.stderr)
	}
	if got := snapshot(t, dir); !mapsEqual(got, before) {
		t.Errorf("go vet -fix -diff changed files")
	}

	r = run(t, dir, "go", "vet", "-vettool="+bin, "-fix", "./...")
	if r.code != 0 {
		t.Errorf("go vet -fix: exit %d, want 0\n%s%s", r.code, r.stdout, r.stderr)
	}
	after := snapshot(t, dir)
	switch {
	case fixable == 0 && !mapsEqual(after, before):
		t.Errorf("go vet -fix changed files although no finding offers a fix")
	case fixable > 0 && mapsEqual(after, before):
		t.Errorf("go vet -fix changed nothing although %d findings offer fixes", fixable)
	}
	if r := run(t, dir, "go", "build", "./..."); r.code != 0 {
		t.Errorf("module does not build after go vet -fix:\n%s", r.stderr)
	}
	r = run(t, dir, "go", "vet", "-vettool="+bin, "-json", "./...")
	left := 0
	for _, line := range strings.Split(r.stdout, "\n") {
		if strings.Contains(line, `"suggested_fixes"`) {
			left++
		}
	}
	if fixable > 0 && left >= fixable {
		t.Errorf("after go vet -fix, %d findings still offer fixes (before: %d)", left, fixable)
	}
	t.Logf("%d findings offered fixes; %d after -fix", fixable, left)
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || !bytes.Equal([]byte(v), []byte(w)) {
			return false
		}
	}
	return true
}
