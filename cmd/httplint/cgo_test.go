package main_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/httplint/httplint/internal/testutil"
)

// TestCgoPackage: in a package that uses cgo, the analysed files are
// cmd/cgo's translations of the package's own files, which carry cgo's
// "Code generated" header; their findings are still reported, by the
// standalone driver and under go vet.
func TestCgoPackage(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		t.Skip("needs a C compiler (gcc) for cgo")
	}
	if out, err := exec.Command("go", "env", "CGO_ENABLED").Output(); err != nil || strings.TrimSpace(string(out)) != "1" {
		t.Skip("cgo is disabled (go env CGO_ENABLED)")
	}
	bin := httplintBinary(t)
	dir := testutil.WriteModule(t, map[string]string{
		"cg/cg.go": "package cg\n\n/*\nstatic int two(void) { return 2; }\n*/\nimport \"C\"\n\nimport \"net/http\"\n\nfunc Fetch(u string) error {\n\tc := &http.Client{}\n\tresp, err := c.Get(u)\n\tif err != nil {\n\t\treturn err\n\t}\n\t_ = C.two()\n\treturn resp.Body.Close()\n}\n",
	})
	const want = "cg/cg.go:11:7: http.Client has no Timeout"
	if r := run(t, dir, bin, "./..."); r.code != 3 || !strings.Contains(r.stdout, want) {
		t.Errorf("httplint on a cgo package: exit %d, want 3 and %q\n%s%s", r.code, want, r.stdout, r.stderr)
	}
	if r := run(t, dir, "go", "vet", "-vettool="+bin, "./..."); r.code != 1 || !strings.Contains(r.stderr, want) {
		t.Errorf("go vet on a cgo package: exit %d, want 1 and %q\n%s", r.code, want, r.stderr)
	}
}
