package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/httplint/httplint/internal/testutil"
)

// findingLine matches one text finding: a relative path, a position, a
// message and the rule id that ends it.
var findingLine = regexp.MustCompile(`^[^/\s][^:]*\.go:\d+:\d+: .+ \((acquiretimeout|poolsize|retrypolicy|headersize)/[a-z-]+\)$`)

// TestTextOutput checks the text format: findings on stdout (nothing on
// stderr), relative paths, sorted by file and line, each ending with its
// rule id, related positions indented below.
func TestTextOutput(t *testing.T) {
	bin := httplintBinary(t)
	r := run(t, moduleRoot(t), bin, "./testdata/incidents/...")
	if r.code != 3 || r.stderr != "" {
		t.Fatalf("exit %d, stderr %q; want 3 and nothing on stderr", r.code, r.stderr)
	}
	type key struct {
		file string
		line int
	}
	var prev key
	n := 0
	for _, line := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
		if strings.HasPrefix(line, "\t") {
			continue // a related position
		}
		if !findingLine.MatchString(line) {
			t.Errorf("not a finding line: %q", line)
			continue
		}
		n++
		parts := strings.SplitN(line, ":", 3)
		k := key{parts[0], atoi(t, parts[1])}
		if k.file < prev.file || (k.file == prev.file && k.line < prev.line) {
			t.Errorf("%s:%d printed after %s:%d: not sorted", k.file, k.line, prev.file, prev.line)
		}
		prev = k
	}
	if n < 10 {
		t.Errorf("%d findings, want the incidents' (at least 10):\n%s", n, r.stdout)
	}
}

func atoi(t *testing.T, s string) int {
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			t.Fatalf("not a number: %q", s)
		}
		n = n*10 + int(c-'0')
	}
	return n
}

func TestVersion(t *testing.T) {
	bin := httplintBinary(t)
	for _, flag := range []string{"-version", "--version"} {
		r := run(t, moduleRoot(t), bin, flag)
		if r.code != 0 || !regexp.MustCompile(`^httplint \S+ \(go1\.\d+`).MatchString(r.stdout) {
			t.Errorf("%s: exit %d, stdout %q", flag, r.code, r.stdout)
		}
	}
}

// TestHelpFlags checks that help lists the flags that work and none of
// multichecker's generic ones that the standalone driver rejects.
func TestHelpFlags(t *testing.T) {
	bin := httplintBinary(t)
	r := run(t, moduleRoot(t), bin, "help")
	if r.code != 0 {
		t.Fatalf("help: exit %d", r.code)
	}
	for _, want := range []string{"-tags", "-sarif", "-disable", "-baseline", "-write-baseline", "-fix", "-json", "-version", "-poolsize.fanout-width", "acquiretimeout/client-no-deadline"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("help does not mention %s", want)
		}
	}
	for _, unwanted := range []string{"-source", "-all", "report-suppressed", "multichecker"} {
		if strings.Contains(r.stdout, unwanted) {
			t.Errorf("help mentions %s", unwanted)
		}
	}
	// Every flag help lists is accepted.
	for _, line := range strings.Split(r.stdout, "\n") {
		if !strings.HasPrefix(line, "  -") {
			continue
		}
		name := strings.Fields(line)[0]
		if name == "-version" || strings.HasSuffix(name, ".disable") {
			continue
		}
		arg := name
		if !strings.HasPrefix(name, "-acquiretimeout") && !strings.HasPrefix(name, "-poolsize") && !strings.HasPrefix(name, "-retrypolicy") && !strings.HasPrefix(name, "-headersize") {
			continue
		}
		rr := run(t, moduleRoot(t), bin, arg+"="+flagSample(name), "./testdata/incidents/incident004")
		if rr.code == 2 {
			t.Errorf("help lists %s, but %s=%s is rejected: %s", name, arg, flagSample(name), rr.stderr)
		}
	}
}

func flagSample(name string) string {
	switch {
	case strings.HasSuffix(name, "include-tests"), strings.HasSuffix(name, "strict"), !strings.Contains(name, "."):
		return "true"
	case strings.HasSuffix(name, "max-bytes"), strings.HasSuffix(name, "fanout-width"):
		return "4096"
	case strings.HasSuffix(name, "allow-pkgs"):
		return "example.com/x"
	case strings.HasSuffix(name, "idempotency-headers"):
		return "Idempotency-Key"
	}
	return "true"
}

// TestBadFlagsOneLine: a bad flag or value is one line on stderr that
// names the flag, with exit code 2.
func TestBadFlagsOneLine(t *testing.T) {
	bin := httplintBinary(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-nosuchflag"}, "-nosuchflag"},
		{[]string{"-headersize.max-bytes=big"}, "-headersize.max-bytes"},
		{[]string{"-disable=nosuch"}, "acquiretimeout, poolsize, retrypolicy, headersize"},
		{[]string{"-disable=poolsize/nosuch"}, "idle-timeout-zero"},
		{[]string{"-poolsize.disable=nosuch"}, "idle-timeout-zero"},
		{[]string{"-write-baseline"}, "-baseline"},
	} {
		args := append(tc.args, "./testdata/incidents/...")
		r := run(t, moduleRoot(t), bin, args...)
		lines := strings.Split(strings.TrimSpace(r.stderr), "\n")
		if r.code != 2 || len(lines) != 1 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
}

func TestDisable(t *testing.T) {
	bin := httplintBinary(t)
	root := moduleRoot(t)
	r := run(t, root, bin, "-disable=acquiretimeout/client-no-deadline,headersize", "./testdata/incidents/...")
	if strings.Contains(r.stdout, "(acquiretimeout/client-no-deadline)") || strings.Contains(r.stdout, "(headersize/") {
		t.Errorf("-disable: disabled findings still reported:\n%s", r.stdout)
	}
	if !strings.Contains(r.stdout, "(acquiretimeout/pool-wait-unbounded)") || !strings.Contains(r.stdout, "(poolsize/") {
		t.Errorf("-disable: other findings missing:\n%s", r.stdout)
	}
	// The analyzer's own flag does the same.
	r = run(t, root, bin, "-poolsize.disable=idle-timeout-zero,idle-per-host-default", "./testdata/incidents/...")
	if strings.Contains(r.stdout, "(poolsize/idle-timeout-zero)") || strings.Contains(r.stdout, "(poolsize/idle-per-host-default)") || !strings.Contains(r.stdout, "(poolsize/fanout-exceeds-pool)") {
		t.Errorf("-poolsize.disable:\n%s", r.stdout)
	}
}

// TestTags: -tags selects files by build constraint.
func TestTags(t *testing.T) {
	bin := httplintBinary(t)
	dir := testutil.WriteModule(t, map[string]string{
		"p/p.go":       "package p\n\nfunc Add(a, b int) int { return a + b }\n",
		"p/special.go": "//go:build special\n\npackage p\n\nimport \"net/http\"\n\nfunc Fetch(u string) (*http.Response, error) { return http.Get(u) }\n",
	})
	if r := run(t, dir, bin, "./..."); r.code != 0 {
		t.Errorf("without -tags: exit %d, want 0\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := run(t, dir, bin, "-tags=special", "./..."); r.code != 3 || !strings.Contains(r.stdout, "p/special.go:7:") {
		t.Errorf("-tags=special: exit %d, want 3 with the http.Get finding\n%s%s", r.code, r.stdout, r.stderr)
	}
}

// TestSARIFFlagForms: -sarif FILE and -sarif=FILE both write the file.
func TestSARIFFlagForms(t *testing.T) {
	bin := httplintBinary(t)
	for _, form := range [][]string{{"-sarif", "a.sarif"}, {"-sarif=b.sarif"}} {
		dir := t.TempDir()
		out := filepath.Join(dir, strings.TrimPrefix(form[len(form)-1], "-sarif="))
		args := append([]string{}, form...)
		args[len(args)-1] = strings.Replace(args[len(args)-1], strings.TrimPrefix(form[len(form)-1], "-sarif="), out, 1)
		args = append(args, "./testdata/incidents/incident004")
		r := run(t, moduleRoot(t), bin, args...)
		if r.code != 3 {
			t.Errorf("%v: exit %d\n%s", form, r.code, r.stderr)
		}
		if data, err := os.ReadFile(out); err != nil || !strings.Contains(string(data), `"version": "2.1.0"`) {
			t.Errorf("%v: no SARIF log written: %v", form, err)
		}
	}
}

// TestPerAnalyzerCommand: each analyzer's command runs the same driver
// with the same flag names.
func TestPerAnalyzerCommand(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "poolsize")
	if out, err := exec.Command("go", "build", "-o", bin, "../../analyzers/poolsize/cmd/poolsize").CombinedOutput(); err != nil {
		t.Fatalf("building poolsize: %v\n%s", err, out)
	}
	root := moduleRoot(t)
	r := run(t, root, bin, "-poolsize.fanout-width=2", "./testdata/incidents/...")
	if r.code != 3 || strings.Contains(r.stdout, "(acquiretimeout/") || !strings.Contains(r.stdout, "(poolsize/fanout-exceeds-pool)") {
		t.Errorf("poolsize: exit %d, output:\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := run(t, root, bin, "-version"); r.code != 0 || !strings.HasPrefix(r.stdout, "poolsize ") {
		t.Errorf("poolsize -version: exit %d, %q", r.code, r.stdout)
	}
	if r := run(t, root, "go", "vet", "-vettool="+bin, "./testdata/incidents/..."); r.code != 1 || !strings.Contains(r.stderr, "(poolsize/") {
		t.Errorf("go vet -vettool=poolsize: exit %d\n%s", r.code, r.stderr)
	}
}

// TestGoVetRuleIDs: under go vet, every finding names its rule too.
func TestGoVetRuleIDs(t *testing.T) {
	bin := httplintBinary(t)
	r := run(t, moduleRoot(t), "go", "vet", "-vettool="+bin, "./testdata/incidents/...")
	n := 0
	for _, line := range strings.Split(r.stderr, "\n") {
		if strings.Contains(line, ".go:") && !strings.HasPrefix(line, "#") && !strings.Contains(line, ": \t") {
			n++
			if !regexp.MustCompile(`\((acquiretimeout|poolsize|retrypolicy|headersize)/[a-z-]+\)$`).MatchString(line) {
				t.Errorf("go vet finding without its rule id: %q", line)
			}
		}
	}
	if n == 0 {
		t.Errorf("go vet printed no findings:\n%s", r.stderr)
	}
}
