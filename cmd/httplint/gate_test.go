package main_test

import (
	"strings"
	"testing"

	"github.com/httplint/httplint/internal/testutil"
)

// TestGating: packages whose imports cannot reach an HTTP client are not
// analysed, and that changes no finding: a package that reaches net/http
// only through a test file, in-package or external, is still analysed;
// so is one that reaches it only through a dependency outside the
// pattern (TestStandaloneFacts).
func TestGating(t *testing.T) {
	bin := httplintBinary(t)
	dir := testutil.WriteModule(t, map[string]string{
		"pure/pure.go":             "package pure\n\nfunc Add(a, b int) int { return a + b }\n",
		"intest/intest.go":         "package intest\n\nfunc Add(a, b int) int { return a + b }\n",
		"intest/intest_test.go":    "package intest\n\nimport (\n\t\"net/http\"\n\t\"testing\"\n)\n\nfunc TestGet(t *testing.T) { http.Get(\"http://example.com\") }\n",
		"xtest/xtest.go":           "package xtest\n\nfunc Add(a, b int) int { return a + b }\n",
		"xtest/xtest_ext_test.go":  "package xtest_test\n\nimport (\n\t\"net/http\"\n\t\"testing\"\n)\n\nfunc TestGet(t *testing.T) { http.Get(\"http://example.com\") }\n",
		"broken/broken.go":         "package broken\n\nfunc F() int { return \"not an int\" }\n",
		"brokenhttp/brokenhttp.go": "package brokenhttp\n\nimport \"net/http\"\n\nfunc F() int { return http.MethodGet }\n",
	})
	r := run(t, dir, bin, "-acquiretimeout.include-tests", "./pure", "./intest", "./xtest")
	for _, want := range []string{"intest/intest_test.go:8:", "xtest/xtest_ext_test.go:8:"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("no finding at %s (a package reaching net/http only through a test file):\n%s%s", want, r.stdout, r.stderr)
		}
	}
	// Only packages that cannot reach HTTP: nothing to report.
	if r := run(t, dir, bin, "./pure"); r.code != 0 || r.stdout != "" {
		t.Errorf("./pure: exit %d, output %q", r.code, r.stdout+r.stderr)
	}
	// A package with type errors that can reach HTTP is reported as
	// broken (exit 1); one that cannot is not type-checked at all, so its
	// errors are go build's business, not httplint's.
	if r := run(t, dir, bin, "./brokenhttp"); r.code != 1 || !strings.Contains(r.stderr, "brokenhttp.go") {
		t.Errorf("./brokenhttp: exit %d, stderr %q; want 1 with the type error", r.code, r.stderr)
	}
	if r := run(t, dir, bin, "./broken"); r.code != 0 {
		t.Errorf("./broken (cannot reach HTTP): exit %d, stderr %q; want 0", r.code, r.stderr)
	}
}

// TestMissingModule: a module that cannot be had (here a replacement
// directory that does not exist, as when the proxy refuses a version) is
// named once, however many packages import it; its importers' "could not
// import" errors are left out; the packages it stops from being analysed
// are named in one line, including one that does not import HTTP itself
// (what it imports might); and every other package is still analysed.
func TestMissingModule(t *testing.T) {
	bin := httplintBinary(t)
	files := map[string]string{
		"go.mod":     "module example.com/scratch\n\ngo 1.26\n\nrequire example.com/gone v1.0.0\n\nreplace example.com/gone => ./nowhere\n",
		"ok/ok.go":   "package ok\n\nimport \"net/http\"\n\nfunc F() { http.Get(\"http://example.com\") }\n",
		"pure/p.go":  "package pure\n\nimport _ \"example.com/gone/x\"\n",
		"user/u.go":  "package user\n\nimport (\n\t\"net/http\"\n\n\t_ \"example.com/gone/x\"\n\t_ \"example.com/gone/y\"\n)\n\nfunc F() { http.Get(\"http://example.com\") }\n",
		"user2/u.go": "package user2\n\nimport (\n\t\"net/http\"\n\n\t_ \"example.com/gone/x\"\n)\n\nfunc F() { http.Get(\"http://example.com\") }\n",
	}
	dir := testutil.WriteModule(t, files)
	r := run(t, dir, bin, "./...")
	if r.code != 1 {
		t.Errorf("exit %d, want 1", r.code)
	}
	if !strings.Contains(r.stdout, "ok/ok.go:5:") {
		t.Errorf("the package that loads was not analysed:\n%s", r.stdout)
	}
	lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
	var missing, notAnalysed []string
	for _, l := range lines {
		switch {
		case strings.Contains(l, "nowhere"):
			missing = append(missing, l)
		case strings.Contains(l, "not analysed"):
			notAnalysed = append(notAnalysed, l)
		default:
			t.Errorf("unexpected line on stderr: %s", l)
		}
	}
	if len(missing) != 1 || !strings.Contains(missing[0], "and 2 more imports") {
		t.Errorf("want the missing replacement once, counting the other imports; stderr:\n%s", r.stderr)
	}
	want := "3 packages not analysed because they or their imports failed to load: example.com/scratch/pure, example.com/scratch/user, example.com/scratch/user2"
	if len(notAnalysed) != 1 || !strings.Contains(notAnalysed[0], want) {
		t.Errorf("want one line %q; stderr:\n%s", want, r.stderr)
	}
}

// TestTestVariantView: a test that stores its own client into a field of
// the package does not change what is reported in the package's own
// files: the program runs with the default the package sets.
func TestTestVariantView(t *testing.T) {
	bin := httplintBinary(t)
	dir := testutil.WriteModule(t, map[string]string{
		"c/c.go":      "package c\n\nimport \"net/http\"\n\ntype C struct{ hc *http.Client }\n\nfunc New() *C { return &C{hc: http.DefaultClient} }\n\nfunc (c *C) Get(u string) error {\n\treq, err := http.NewRequest(\"GET\", u, nil)\n\tif err != nil {\n\t\treturn err\n\t}\n\t_, err = c.hc.Do(req)\n\treturn err\n}\n",
		"c/c_test.go": "package c\n\nimport (\n\t\"net/http\"\n\t\"testing\"\n)\n\nfunc TestGet(t *testing.T) {\n\tc := &C{hc: &http.Client{}}\n\tc.Get(\"http://localhost\")\n}\n",
	})
	r := run(t, dir, bin, "./...")
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		if !strings.HasPrefix(l, "\t") {
			lines = append(lines, l)
		}
	}
	if len(lines) != 1 || !strings.Contains(lines[0], "http.DefaultClient has no Timeout") {
		t.Errorf("want one finding, naming http.DefaultClient (the package's own default); got:\n%s", r.stdout)
	}
}
