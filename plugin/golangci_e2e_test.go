package plugin_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/httplint/httplint/analyzers"
)

// This file builds tools/customgcl (golangci-lint v2.15.0 with the
// httplint plugins linked in) and runs it on a scratch copy of
// testdata/incidents. A cold build takes 4 to 8 minutes on two cores;
// the binary is kept under os.UserCacheDir()/httplint-e2e so that later
// runs only relink (go build decides whether it is up to date). Run with
// a -timeout above 10m on a fresh machine: go test -timeout 30m ./plugin/

// repoRoot is the httplint repository root.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

type cmdResult struct {
	stdout, stderr string
	code           int
	took           time.Duration
}

// runCmd runs name args in dir with extra environment, stopping it
// shortly before the test's deadline.
func runCmd(t *testing.T, dir string, env []string, name string, args ...string) cmdResult {
	t.Helper()
	ctx := context.Background()
	if dl, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, dl.Add(-30*time.Second))
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := cmdResult{stdout.String(), stderr.String(), 0, time.Since(start)}
	if ctx.Err() != nil {
		t.Fatalf("%s %s did not finish before the test deadline (after %s); the cold build of golangci-lint takes 4-8 minutes on two cores: run go test with -timeout 30m", name, strings.Join(args, " "), r.took.Round(time.Second))
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		r.code = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return r
}

// coldBuildBudget is the time a first build of tools/customgcl may take.
const coldBuildBudget = 20 * time.Minute

// buildCustomGCL builds tools/customgcl into a per-checkout directory of
// the user cache (a temporary directory if there is none).
func buildCustomGCL(t *testing.T) string {
	t.Helper()
	src := filepath.Join(repoRoot(t), "tools", "customgcl")
	dir := t.TempDir()
	if cache, err := os.UserCacheDir(); err == nil {
		sum := sha256.Sum256([]byte(src))
		dir = filepath.Join(cache, "httplint-e2e", hex.EncodeToString(sum[:8]))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	bin := filepath.Join(dir, "custom-gcl")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if _, err := os.Stat(bin); err != nil {
		// A first build: about 8 minutes on a fresh two-core machine,
		// which go test's default 10-minute timeout may not leave.
		if dl, ok := t.Deadline(); ok && time.Until(dl) < coldBuildBudget {
			t.Skipf("the first build of golangci-lint with the plugin needs up to %s and this test run ends in %s: run go test -timeout 60m ./plugin (as .ci/run does)",
				coldBuildBudget, time.Until(dl).Round(time.Second))
		}
	}
	r := runCmd(t, src, []string{"GOWORK=off"}, "go", "build", "-trimpath", "-buildvcs=false", "-o", bin, ".")
	if r.code != 0 {
		hint := ""
		if strings.Contains(r.stderr, "go mod tidy") || strings.Contains(r.stderr, "updates to go.mod needed") {
			hint = "\n(httplint's go.mod changed: run `cd tools/customgcl && go mod tidy` and commit its go.mod and go.sum)"
		}
		t.Fatalf("building tools/customgcl: exit %d\n%s%s", r.code, r.stderr, hint)
	}
	t.Logf("go build tools/customgcl: %s (%s)", r.took.Round(time.Second), bin)
	return bin
}

// buildHTTPLint builds cmd/httplint, for comparing its findings with
// golangci-lint's.
func buildHTTPLint(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "httplint")
	if r := runCmd(t, repoRoot(t), nil, "go", "build", "-o", bin, "./cmd/httplint"); r.code != 0 {
		t.Fatalf("building cmd/httplint: %s", r.stderr)
	}
	return bin
}

// nolintMarker is the text of the incident004 line that gets
// //nolint:acquiretimeout in the incident004nolint copy.
const nolintMarker = "MaxConnsPerHost: 20,"

// scratchIncidents copies testdata/incidents into a scratch module
// example.com/incidents, plus incident004nolint: incident004 with
// //nolint:acquiretimeout on its MaxConnsPerHost line. It returns the
// directory and that line.
func scratchIncidents(t *testing.T) (string, int) {
	t.Helper()
	src := filepath.Join(repoRoot(t), "testdata", "incidents")
	dst := t.TempDir()
	write := func(rel, content string) {
		p := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The incidents may import third-party libraries required by the
	// repository's go.mod: reuse it (and go.sum) under another path.
	gomod, err := os.ReadFile(filepath.Join(repoRoot(t), "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	gosum, err := os.ReadFile(filepath.Join(repoRoot(t), "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	write("go.mod", strings.Replace(string(gomod), "module github.com/httplint/httplint\n", "module example.com/incidents\n", 1))
	write("go.sum", string(gosum))
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".go") {
			return err
		}
		b, err := os.ReadFile(p)
		rel, _ := filepath.Rel(src, p)
		write(rel, string(b))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	cdn, err := os.ReadFile(filepath.Join(src, "incident004", "cdn.go"))
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	var out []string
	for i, l := range strings.Split(string(cdn), "\n") {
		if strings.HasPrefix(l, "package ") {
			l = "package incident004nolint"
		}
		if before, _, ok := strings.Cut(l, nolintMarker); ok && line == 0 {
			l = before + nolintMarker + " //nolint:acquiretimeout // deliberately unbounded in this test"
			line = i + 1
		}
		out = append(out, l)
	}
	if line == 0 {
		t.Fatalf("testdata/incidents/incident004/cdn.go has no %q line", nolintMarker)
	}
	write("incident004nolint/cdn.go", strings.Join(out, "\n"))
	return dst, line
}

// golangciConfig returns a .golangci.yml enabling every httplint linter,
// with settings (YAML, indented under the linter's settings:) for some.
func golangciConfig(settings map[string]string) string {
	var sb strings.Builder
	sb.WriteString("version: \"2\"\nlinters:\n  default: none\n  enable:\n")
	for _, d := range analyzers.Definitions() {
		fmt.Fprintf(&sb, "    - %s\n", d.Name)
	}
	sb.WriteString("  settings:\n    custom:\n")
	for _, d := range analyzers.Definitions() {
		fmt.Fprintf(&sb, "      %s:\n        type: module\n        description: httplint %s\n        original-url: https://github.com/httplint/httplint\n", d.Name, d.Name)
		if s, ok := settings[d.Name]; ok {
			sb.WriteString("        settings:\n")
			for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
				sb.WriteString("          " + line + "\n")
			}
		}
	}
	sb.WriteString("issues:\n  max-issues-per-linter: 0\n  max-same-issues: 0\n  uniq-by-line: false\n")
	return sb.String()
}

type gclIssue struct {
	FromLinter string
	Text       string
	Pos        struct {
		Filename     string
		Line, Column int
	}
}

// runGCL runs custom-gcl with config in dir and returns its JSON issues.
func runGCL(t *testing.T, bin, dir, config string, extra ...string) ([]gclIssue, cmdResult) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"GOLANGCI_LINT_CACHE=" + filepath.Join(dir, ".gclcache"), "GOWORK=off"}
	args := append([]string{"run", "--output.json.path=stdout", "--output.text.path=stderr", "--show-stats=false"}, extra...)
	r := runCmd(t, dir, env, bin, append(args, "./...")...)
	t.Logf("custom-gcl %s: exit %d in %s", strings.Join(args[1:], " "), r.code, r.took.Round(100*time.Millisecond))
	var out struct{ Issues []gclIssue }
	if r.code == 0 || r.code == 1 {
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
			t.Fatalf("golangci-lint JSON output: %v\nstdout:\n%s\nstderr:\n%s", err, r.stdout, r.stderr)
		}
	}
	return out.Issues, r
}

type finding struct {
	linter, file string
	line, col    int
	text         string
}

func (f finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s (%s)", f.file, f.line, f.col, f.text, f.linter)
}

// standalone returns the findings of httplint -json on dir, with file
// names relative to dir.
func standalone(t *testing.T, bin, dir string) []finding {
	t.Helper()
	r := runCmd(t, dir, nil, bin, "-json", "./...")
	if r.code != 0 {
		t.Fatalf("httplint -json: exit %d\n%s", r.code, r.stderr)
	}
	var fs []finding
	seen := make(map[finding]bool)
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	for dec.More() {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			t.Fatal(err)
		}
		for _, as := range tree {
			for name, raw := range as {
				var ds []struct{ Posn, Message string }
				if json.Unmarshal(raw, &ds) != nil {
					t.Fatalf("httplint -json: %s: %s", name, raw)
				}
				for _, d := range ds {
					i := strings.LastIndex(d.Posn[:strings.LastIndex(d.Posn, ":")], ":")
					file := d.Posn[:i]
					var line, col int
					fmt.Sscanf(d.Posn[i+1:], "%d:%d", &line, &col)
					rel, _ := filepath.Rel(dir, file)
					f := finding{name, filepath.ToSlash(rel), line, col, d.Message}
					if !seen[f] {
						seen[f] = true
						fs = append(fs, f)
					}
				}
			}
		}
	}
	return fs
}

// TestGolangciLint is the end-to-end test of the golangci-lint module
// plugin: findings under each analyzer's name (the same as standalone
// httplint's), //nolint:<name>, settings, SARIF output, bad settings.
func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint with the plugin (4-8 minutes cold); skipped with -short")
	}
	start := time.Now()
	gcl := buildCustomGCL(t)
	httplint := buildHTTPLint(t)
	dir, nolintLine := scratchIncidents(t)
	names := make(map[string]bool)
	for _, d := range analyzers.Definitions() {
		names[d.Name] = true
	}

	t.Run("linters", func(t *testing.T) {
		if err := os.WriteFile(filepath.Join(dir, ".golangci.yml"), []byte(golangciConfig(nil)), 0o644); err != nil {
			t.Fatal(err)
		}
		r := runCmd(t, dir, nil, gcl, "linters")
		if r.code != 0 {
			t.Fatalf("custom-gcl linters: exit %d\n%s%s", r.code, r.stdout, r.stderr)
		}
		enabled, _, _ := strings.Cut(r.stdout, "Disabled by your configuration")
		for name := range names {
			if !strings.Contains(enabled, "\n"+name+": ") {
				t.Errorf("custom-gcl linters does not list %s as enabled:\n%s", name, r.stdout)
			}
		}
	})

	t.Run("findings", func(t *testing.T) {
		sarifPath := filepath.Join(t.TempDir(), "golangci.sarif")
		issues, r := runGCL(t, gcl, dir, golangciConfig(nil), "--output.sarif.path="+sarifPath)
		if r.code != 1 {
			t.Fatalf("exit %d, want 1 (issues)\n%s", r.code, r.stderr)
		}
		got := make(map[finding]bool)
		related := 0
		for _, is := range issues {
			if !names[is.FromLinter] {
				t.Errorf("issue from linter %q, not an httplint analyzer: %s", is.FromLinter, is.Text)
			}
			if strings.Contains(is.Text, "(related information)") {
				related++
				continue
			}
			if strings.HasPrefix(is.Text, is.FromLinter+":") {
				t.Errorf("issue text is prefixed with the analyzer name (analyzer name differs from linter name?): %s", is.Text)
			}
			got[finding{is.FromLinter, filepath.ToSlash(is.Pos.Filename), is.Pos.Line, is.Pos.Column, is.Text}] = true
		}
		want := standalone(t, httplint, dir)
		suppressed, perLinter := 0, make(map[string]int)
		for _, f := range want {
			nolinted := f.file == "incident004nolint/cdn.go" && f.line == nolintLine && f.linter == "acquiretimeout"
			switch {
			case nolinted && got[f]:
				t.Errorf("//nolint:acquiretimeout did not suppress %s", f)
			case nolinted:
				suppressed++
			case !got[f]:
				t.Errorf("standalone finding missing from golangci-lint: %s", f)
			default:
				perLinter[f.linter]++
				delete(got, f)
			}
		}
		for f := range got {
			t.Errorf("golangci-lint finding not reported standalone: %s", f)
		}
		if suppressed == 0 {
			t.Errorf("no acquiretimeout finding at incident004nolint/cdn.go:%d to suppress; the //nolint check is void", nolintLine)
		}
		// The same line still carries the other linters' findings.
		for _, f := range want {
			if f.file == "incident004nolint/cdn.go" && f.line == nolintLine && f.linter != "acquiretimeout" {
				t.Logf("kept at the //nolint:acquiretimeout line: %s", f)
			}
		}
		if perLinter["acquiretimeout"] == 0 {
			t.Errorf("no acquiretimeout findings")
		}
		t.Logf("findings per linter: %v; %d suppressed by //nolint; %d related-information issues", perLinter, suppressed, related)

		data, err := os.ReadFile(sarifPath)
		if err != nil {
			t.Fatal(err)
		}
		checkGolangciSARIF(t, data, names, len(issues), perLinter)
	})

	t.Run("settings", func(t *testing.T) {
		cfg := golangciConfig(map[string]string{
			"acquiretimeout": "allow-pkgs:\n  - example.com/incidents/incident004\ninclude-tests: false",
		})
		issues, r := runGCL(t, gcl, dir, cfg)
		if r.code != 1 {
			t.Fatalf("exit %d, want 1\n%s", r.code, r.stderr)
		}
		var in002, in004 int
		for _, is := range issues {
			if is.FromLinter != "acquiretimeout" {
				continue
			}
			switch {
			case strings.HasPrefix(is.Pos.Filename, "incident004/"):
				in004++
			case strings.HasPrefix(is.Pos.Filename, "incident002/"):
				in002++
			}
		}
		if in004 != 0 || in002 == 0 {
			t.Errorf("with allow-pkgs: [example.com/incidents/incident004]: %d acquiretimeout issues in incident004 (want 0), %d in incident002 (want some)", in004, in002)
		}
	})

	t.Run("bad settings", func(t *testing.T) {
		for _, tc := range []struct{ settings, key string }{
			{"bogus: 1", `"bogus"`},
			{"include-tests: yes-please", `"include-tests"`},
			{"allow-pkgs: a,,b", `"allow-pkgs"`},
		} {
			_, r := runGCL(t, gcl, dir, golangciConfig(map[string]string{"acquiretimeout": tc.settings}))
			if r.code == 0 || r.code == 1 || !strings.Contains(r.stderr, "acquiretimeout") || !strings.Contains(r.stderr, tc.key) {
				t.Errorf("settings %q: exit %d, want an error naming acquiretimeout and %s; stderr:\n%s", tc.settings, r.code, tc.key, r.stderr)
			} else {
				t.Logf("settings %q: %s", tc.settings, strings.TrimSpace(r.stderr))
			}
		}
	})
	t.Logf("total: %s", time.Since(start).Round(time.Second))
}

// checkGolangciSARIF checks golangci-lint's SARIF: version and schema,
// one result per issue, rule ids that are the linter names (golangci-lint
// writes no rule table), locations with a file and a line.
func checkGolangciSARIF(t *testing.T, data []byte, names map[string]bool, issues int, perLinter map[string]int) {
	t.Helper()
	var log struct {
		Version string `json:"version"`
		Schema  string `json:"$schema"`
		Runs    []struct {
			Tool struct {
				Driver struct{ Name string } `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						Region           struct{ StartLine, StartColumn int }
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("SARIF: %v\n%s", err, data)
	}
	if log.Version != "2.1.0" || !strings.Contains(log.Schema, "sarif-2.1.0") || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "golangci-lint" {
		t.Fatalf("SARIF version %q, schema %q, %d runs", log.Version, log.Schema, len(log.Runs))
	}
	res := log.Runs[0].Results
	if len(res) != issues {
		t.Errorf("SARIF has %d results, JSON %d issues", len(res), issues)
	}
	rules := make(map[string]int)
	for _, r := range res {
		rules[r.RuleID]++
		if !names[r.RuleID] {
			t.Errorf("SARIF result with ruleId %q, not an httplint linter", r.RuleID)
		}
		if !slices.Contains([]string{"none", "note", "warning", "error"}, r.Level) || r.Message.Text == "" || len(r.Locations) == 0 {
			t.Errorf("SARIF result %+v", r)
			continue
		}
		l := r.Locations[0].PhysicalLocation
		if l.ArtifactLocation.URI == "" || filepath.IsAbs(l.ArtifactLocation.URI) || l.Region.StartLine < 1 || l.Region.StartColumn < 1 {
			t.Errorf("SARIF location %+v", l)
		}
	}
	for linter := range perLinter {
		if rules[linter] == 0 {
			t.Errorf("SARIF names no rule %q", linter)
		}
	}
	t.Logf("SARIF results per rule: %v", rules)
}
