package main_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/httplint/httplint/internal/testutil"
)

// TestPreCommit drives Debian's pre-commit with this repository's
// .pre-commit-hooks.yaml: a scratch copy of the repository (the files
// cmd/httplint needs, the hooks file and scripts/) is committed and
// tagged in a scratch git repository, used as the hook repository of a
// scratch project. A commit adding a flagged http.Get is blocked with the
// finding shown; a clean commit passes.
func TestPreCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("pre-commit end-to-end test (about 2 minutes); skipped with -short")
	}
	if _, err := exec.LookPath("pre-commit"); err != nil {
		t.Skip("pre-commit is not on PATH; install it (apt-get install pre-commit, as .ci/run does) to run this test")
	}
	for _, tool := range []string{"git", "bash"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not on PATH", tool)
		}
	}
	root := moduleRoot(t)
	tmp := t.TempDir()
	shell := newScratchShell(t, root, tmp)
	sh, must := shell.run, shell.must
	project := preCommitProject(t, shell, root, tmp)

	start := time.Now()
	must(project, "git", "add", "-A")
	r := sh(project, "git", "commit", "-m", "clean start")
	if r.code != 0 {
		t.Fatalf("clean commit blocked: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	t.Logf("first (clean) commit, installing the hook environments: %s", time.Since(start).Round(time.Second))
	for _, id := range []string{"httplint.", "httplint (go vet -vettool)", "httplint (staged packages)"} {
		if !strings.Contains(r.stdout+r.stderr, id) {
			t.Errorf("clean commit: hook %q did not run:\n%s%s", id, r.stdout, r.stderr)
		}
	}

	// A commit adding a request without any deadline is blocked.
	bad := "package fetch\n\nimport \"net/http\"\n\nfunc Fetch(u string) (*http.Response, error) {\n\treturn http.Get(u)\n}\n"
	if err := os.MkdirAll(filepath.Join(project, "fetch"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(project, "fetch", "fetch.go"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	must(project, "git", "add", "fetch/fetch.go")
	start = time.Now()
	r = sh(project, "git", "commit", "-m", "fetch")
	t.Logf("blocked commit: %s", time.Since(start).Round(time.Second))
	out := r.stdout + r.stderr
	t.Logf("blocked commit output:\n%s", out)
	if r.code == 0 {
		t.Fatalf("commit adding http.Get(u) was not blocked:\n%s", out)
	}
	// The new output: relative path, short message with the fix, rule id.
	const finding = "fetch/fetch.go:6:9: http.Get uses http.DefaultClient, which has no Timeout; use a Client with Timeout or a request with a deadline (acquiretimeout/client-no-deadline)"
	if !strings.Contains(out, finding) {
		t.Errorf("blocked commit does not show the finding %q:\n%s", finding, out)
	}
	for _, failed := range []string{"exit code: 3", "exit code: 1"} { // standalone hooks, go vet hook
		if !strings.Contains(out, failed) {
			t.Errorf("blocked commit: no hook failed with %q:\n%s", failed, out)
		}
	}
	if log := sh(project, "git", "log", "--oneline"); strings.Contains(log.stdout, "fetch") {
		t.Errorf("the blocked commit was recorded:\n%s", log.stdout)
	}

	// With a deadline the same commit passes.
	good := strings.Replace(bad, "return http.Get(u)", "c := &http.Client{Timeout: 10 * time.Second}\n\treturn c.Get(u)", 1)
	good = strings.Replace(good, "import \"net/http\"", "import (\n\t\"net/http\"\n\t\"time\"\n)", 1)
	if err := os.WriteFile(filepath.Join(project, "fetch", "fetch.go"), []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	must(project, "git", "add", "fetch/fetch.go")
	start = time.Now()
	r = sh(project, "git", "commit", "-m", "fetch with a timeout")
	t.Logf("clean commit: %s", time.Since(start).Round(time.Second))
	if r.code != 0 {
		t.Fatalf("clean commit blocked: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}

	// The staged-packages hook looks only at the packages of staged
	// files: with a flagged package committed (--no-verify), a commit
	// touching another package passes it while the whole-module hooks
	// still fail.
	if err := os.WriteFile(filepath.Join(project, "fetch", "fetch.go"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	must(project, "git", "commit", "-q", "--no-verify", "-am", "flagged, bypassing hooks")
	if err := os.WriteFile(filepath.Join(project, "other", "other.go"), []byte("package other\n\nfunc Name() string { return \"renamed\" }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	must(project, "git", "add", "other/other.go")
	r = sh(project, "pre-commit", "run", "httplint-staged")
	if r.code != 0 {
		t.Errorf("httplint-staged on a clean staged package: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = sh(project, "pre-commit", "run", "httplint")
	if r.code == 0 || !strings.Contains(r.stdout+r.stderr, "fetch.go") {
		t.Errorf("httplint (whole module) passed with a flagged package:\n%s%s", r.stdout, r.stderr)
	}
}

// pathWithout returns $PATH without the directories that hold an
// executable named name, so that an httplint installed on this machine
// cannot stand in for the one the hooks build.
func pathWithout(name string) string {
	var keep []string
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil && !info.IsDir() {
			continue
		}
		keep = append(keep, dir)
	}
	return strings.Join(keep, string(filepath.ListSeparator))
}

// copyHookRepo copies into dst what a pre-commit hook repository of
// httplint needs: go.mod, go.sum, .pre-commit-hooks.yaml, scripts/, and
// the non-test files of every package of this module that cmd/httplint
// imports (so in-progress packages elsewhere in the working tree cannot
// break `go install ./...`).
func copyHookRepo(t *testing.T, root, dst string) {
	t.Helper()
	r := run(t, root, "go", "list", "-deps", "-f", "{{if .Module}}{{if .Module.Main}}{{.Dir}}{{end}}{{end}}", "./cmd/httplint")
	if r.code != 0 {
		t.Fatalf("go list -deps ./cmd/httplint: %s", r.stderr)
	}
	dirs := strings.Fields(r.stdout)
	dirs = append(dirs, filepath.Join(root, "scripts"))
	files := []string{"go.mod", "go.sum", ".pre-commit-hooks.yaml"}
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Type().IsRegular() && !strings.HasSuffix(e.Name(), "_test.go") {
				rel, _ := filepath.Rel(root, filepath.Join(dir, e.Name()))
				files = append(files, rel)
			}
		}
	}
	for _, rel := range files {
		src := filepath.Join(root, rel)
		info, err := os.Stat(src)
		if err != nil {
			t.Fatal(err)
		}
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, b, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
}

// A scratchShell runs commands with the environment of TestPreCommit: a
// scratch pre-commit home and git configuration, the shared module
// cache, and no httplint on PATH.
type scratchShell struct {
	t   *testing.T
	env []string
}

func newScratchShell(t *testing.T, root, tmp string) scratchShell {
	t.Helper()
	gitconfig := filepath.Join(tmp, "gitconfig")
	if err := os.WriteFile(gitconfig, []byte("[user]\n\tname = httplint test\n\temail = test@example.com\n[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	gomodcache := strings.TrimSpace(run(t, root, "go", "env", "GOMODCACHE").stdout)
	env := append(os.Environ(),
		"PRE_COMMIT_HOME="+filepath.Join(tmp, "pre-commit-home"),
		"GIT_CONFIG_GLOBAL="+gitconfig,
		"GIT_CONFIG_NOSYSTEM=1",
		// pre-commit installs golang hooks with GOPATH=<env dir>; keep
		// the module cache shared so modules are not fetched again.
		"GOMODCACHE="+gomodcache,
		"HTTPLINT=", // the staged hook builds httplint from the hook repo
		"PATH="+pathWithout("httplint"),
	)
	return scratchShell{t: t, env: env}
}

// run runs name with args in dir and returns its outcome.
func (s scratchShell) run(dir string, name string, args ...string) result {
	s.t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = s.env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		s.t.Fatalf("%s %v: %v", name, args, err)
	}
	return result{stdout.String(), stderr.String(), code}
}

// must runs name with args in dir and stops the test unless it succeeds.
func (s scratchShell) must(dir string, name string, args ...string) {
	s.t.Helper()
	if r := s.run(dir, name, args...); r.code != 0 {
		s.t.Fatalf("%s %v: exit %d\n%s%s", name, args, r.code, r.stdout, r.stderr)
	}
}

// preCommitProject makes the hook repository (what `go install ./...`
// needs to build cmd/httplint, the hooks file and the staged-files
// script), committed and tagged, and a scratch project that uses its
// three hooks, with pre-commit installed; it returns the project's
// directory.
func preCommitProject(t *testing.T, shell scratchShell, root, tmp string) string {
	t.Helper()
	hooks := filepath.Join(tmp, "httplint-hooks")
	copyHookRepo(t, root, hooks)
	shell.must(hooks, "git", "init", "-q")
	shell.must(hooks, "git", "add", "-A")
	shell.must(hooks, "git", "commit", "-q", "-m", "httplint snapshot")
	shell.must(hooks, "git", "tag", "v0.0.0-test")

	project := testutil.WriteModule(t, map[string]string{
		"go.mod":         "module example.com/project\n\ngo 1.26\n",
		"calc/calc.go":   "package calc\n\nfunc Add(a, b int) int { return a + b }\n",
		"other/other.go": "package other\n\nfunc Name() string { return \"other\" }\n",
		".pre-commit-config.yaml": `repos:
  - repo: ` + hooks + `
    rev: v0.0.0-test
    hooks:
      - id: httplint
      - id: httplint-vet
      - id: httplint-staged
`,
	})
	shell.must(project, "git", "init", "-q")
	shell.must(project, "pre-commit", "install")
	return project
}
