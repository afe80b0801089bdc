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
