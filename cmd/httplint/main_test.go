package main_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/httplint/httplint/internal/testutil"
)

// moduleRoot is the repository root, where the README's commands run.
func moduleRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// httplintBinary builds cmd/httplint once per test run.
func httplintBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "httplint-e2e")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "httplint")
		if runtime.GOOS == "windows" {
			binPath += ".exe"
		}
		cmd := exec.Command("go", "build", "-o", binPath, ".")
		out, err := cmd.CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
		}
	})
	if buildErr != nil {
		t.Fatalf("building httplint: %v", buildErr)
	}
	return binPath
}

type result struct {
	stdout, stderr string
	code           int
}

func run(t *testing.T, dir, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return result{stdout.String(), stderr.String(), code}
}

// incidentFindings are findings httplint must print for
// testdata/incidents: a position and the rule id that ends the message.
var incidentFindings = []struct{ file, text string }{
	{"incident002/institution.go:26:3", "(acquiretimeout/pool-wait-unbounded)"},
	{"incident002/institution.go:68:12", "(acquiretimeout/client-no-deadline)"},
	{"incident004/cdn.go:15:3", "(acquiretimeout/pool-wait-unbounded)"},
	{"incident004/cdn.go:15:3", "(acquiretimeout/dial-unbounded)"},
}

func checkFindings(t *testing.T, output string) {
	t.Helper()
	for _, f := range incidentFindings {
		found := false
		for _, line := range strings.Split(output, "\n") {
			if strings.Contains(line, f.file) && strings.Contains(line, f.text) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("no finding %q in %s; output:\n%s", f.text, f.file, output)
		}
	}
}

func TestStandalone(t *testing.T) {
	bin := httplintBinary(t)
	root := moduleRoot(t)

	r := run(t, root, bin, "./testdata/incidents/...")
	if r.code != 3 {
		t.Errorf("exit code %d, want 3 (findings); stderr:\n%s", r.code, r.stderr)
	}
	checkFindings(t, r.stdout)

	// -json: exit 0, diagnostics under analyzer names with rule categories.
	r = run(t, root, bin, "-json", "./testdata/incidents/...")
	if r.code != 0 {
		t.Errorf("-json: exit code %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	cats := jsonCategories(t, r.stdout)
	for _, want := range []string{"acquiretimeout/pool-wait-unbounded", "acquiretimeout/dial-unbounded", "acquiretimeout/client-no-deadline"} {
		if cats[want] == 0 {
			t.Errorf("-json: no %s diagnostic; got %v", want, cats)
		}
	}

	// An analyzer flag changes behaviour: allow-listing the incident
	// packages silences acquiretimeout.
	r = run(t, root, bin, "-json", "-acquiretimeout.allow-pkgs=github.com/httplint/httplint/testdata/incidents/...", "./testdata/incidents/...")
	for cat, n := range jsonCategories(t, r.stdout) {
		if strings.HasPrefix(cat, "acquiretimeout/") {
			t.Errorf("with -acquiretimeout.allow-pkgs: %d %s diagnostics, want none", n, cat)
		}
	}
}

// jsonCategories counts the diagnostics of httplint -json output by
// "<analyzer>/<category>".
func jsonCategories(t *testing.T, out string) map[string]int {
	t.Helper()
	counts := make(map[string]int)
	for _, d := range jsonDiagnostics(t, out) {
		counts[d.Analyzer+"/"+d.Category]++
	}
	return counts
}

func TestGoVet(t *testing.T) {
	bin := httplintBinary(t)
	root := moduleRoot(t)

	r := run(t, root, "go", "vet", "-vettool="+bin, "./testdata/incidents/...")
	if r.code != 1 {
		t.Errorf("go vet: exit code %d, want 1 (findings); stderr:\n%s", r.code, r.stderr)
	}
	checkFindings(t, r.stderr)

	// Flags pass through go vet.
	r = run(t, root, "go", "vet", "-vettool="+bin,
		"-acquiretimeout.allow-pkgs=github.com/httplint/httplint/testdata/incidents/...", "./testdata/incidents/...")
	if strings.Contains(r.stderr, "(acquiretimeout/") {
		t.Errorf("go vet with -acquiretimeout.allow-pkgs still reports acquiretimeout:\n%s", r.stderr)
	}
}

func TestBadInput(t *testing.T) {
	bin := httplintBinary(t)
	root := moduleRoot(t)

	r := run(t, root, bin, "-nosuchflag", "./testdata/incidents/...")
	if r.code != 2 || !strings.Contains(r.stderr, "nosuchflag") {
		t.Errorf("unknown flag: exit %d, stderr %q; want exit 2 naming the flag", r.code, r.stderr)
	}
	r = run(t, root, bin, "-acquiretimeout.allow-pkgs=a,,b", "./testdata/incidents/...")
	if r.code != 2 || !strings.Contains(r.stderr, "empty element") {
		t.Errorf("malformed list: exit %d, stderr %q; want exit 2 explaining the value", r.code, r.stderr)
	}
	r = run(t, root, bin, "./testdata/no/such/package")
	if r.code != 1 {
		t.Errorf("missing package: exit %d, want 1; stderr %q", r.code, r.stderr)
	}
	if r.stderr == "" {
		t.Errorf("missing package: no error message")
	}

	// go vet's configuration file: missing, malformed, a bad flag.
	dir := t.TempDir()
	bad := filepath.Join(dir, "vet.cfg")
	if err := os.WriteFile(bad, []byte(`{"ImportPath": "x", "GoFiles": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{filepath.Join(dir, "missing.cfg")}, 1, "no such file"},
		{[]string{bad}, 1, "cannot decode JSON config file"},
		{[]string{"-acquiretimeout.allow-pkgs=a,,b", bad}, 2, "empty element"},
	} {
		r := run(t, dir, bin, c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.want) || strings.Contains(r.stderr, "panic") {
			t.Errorf("httplint %q: exit %d, stderr %q; want exit %d and %q", c.args, r.code, r.stderr, c.code, c.want)
		}
	}
}

func TestHelp(t *testing.T) {
	bin := httplintBinary(t)
	r := run(t, moduleRoot(t), bin, "help", "acquiretimeout")
	if r.code != 0 || !strings.Contains(r.stdout+r.stderr, "pool-wait-unbounded") {
		t.Errorf("help acquiretimeout: exit %d, output:\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestStandaloneFacts: the standalone driver carries summaries between
// the packages it is asked to analyse (loaded from source), and, with
// -deps, from dependencies outside the pattern too.
func TestStandaloneFacts(t *testing.T) {
	bin := httplintBinary(t)
	dir := testutil.WriteModule(t, map[string]string{
		"httpx/httpx.go": "package httpx\n\nimport \"net/http\"\n\n// New returns a client without a Timeout.\nfunc New() *http.Client { return &http.Client{} }\n",
		"app/app.go":     "package app\n\nimport \"example.com/scratch/httpx\"\n\nfunc Fetch(u string) error {\n\tresp, err := httpx.New().Get(u)\n\tif err != nil {\n\t\treturn err\n\t}\n\treturn resp.Body.Close()\n}\n",
	})
	const want = "app/app.go:6:15: "
	r := run(t, dir, bin, "./...")
	if r.code != 3 || !strings.Contains(r.stdout, want) {
		t.Errorf("httplint ./...: exit %d, want 3 with %q\n%s", r.code, want, r.stdout)
	}
	// Only app named: httpx comes from export data, without summaries.
	r = run(t, dir, bin, "./app")
	if r.code != 0 {
		t.Errorf("httplint ./app: exit %d, want 0 (no facts from dependencies without -deps)\n%s", r.code, r.stderr)
	}
	r = run(t, dir, bin, "-deps", "./app")
	if r.code != 3 || !strings.Contains(r.stdout, want) {
		t.Errorf("httplint -deps ./app: exit %d, want 3 with %q\n%s", r.code, want, r.stdout)
	}
	// -c prints the source line.
	r = run(t, dir, bin, "-c=0", "./...")
	if !strings.Contains(r.stdout, "httpx.New().Get(u)") {
		t.Errorf("httplint -c=0: no source line in\n%s", r.stdout)
	}
}

// TestJSONOnce checks that a finding in a package with in-package tests
// is listed once by -json and once in SARIF, although the package and
// its test variant ("p [p.test]") both analyse the file.
func TestJSONOnce(t *testing.T) {
	bin := httplintBinary(t)
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":      "module tmod\n\ngo 1.26\n",
		"get.go":      "package tmod\n\nimport \"net/http\"\n\nfunc Fetch(u string) (*http.Response, error) { return http.Get(u) }\n",
		"get_test.go": "package tmod\n\nimport \"testing\"\n\nfunc TestFetch(t *testing.T) { _ = Fetch }\n",
	}
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := run(t, dir, bin, "-json", "./...")
	if n := jsonCategories(t, r.stdout)["acquiretimeout/client-no-deadline"]; n != 1 {
		t.Errorf("-json lists the http.Get finding %d times, want once:\n%s", n, r.stdout)
	}
	sarifFile := filepath.Join(dir, "out.sarif")
	run(t, dir, bin, "-sarif="+sarifFile, "./...")
	data, err := os.ReadFile(sarifFile)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `"ruleId": "acquiretimeout/client-no-deadline"`); n != 1 {
		t.Errorf("SARIF has %d client-no-deadline results, want 1", n)
	}
}
