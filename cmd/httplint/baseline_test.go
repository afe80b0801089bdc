package main_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/httplint/httplint/internal/testutil"
)

const baselineSrc = `package app

import "net/http"

func Fetch(u string) (*http.Response, error) { return http.Get(u) }

func Head(u string) (*http.Response, error) { c := &http.Client{}; return c.Head(u) }
`

// TestBaseline records today's findings, then edits the file so that
// they move to other lines and adds a new one: only the new finding is
// reported, and -v lists an entry whose finding is gone.
func TestBaseline(t *testing.T) {
	bin := httplintBinary(t)
	dir := testutil.WriteModule(t, map[string]string{"app/app.go": baselineSrc})
	base := filepath.Join(dir, "httplint-baseline.json")

	r := run(t, dir, bin, "-baseline="+base, "-write-baseline", "./...")
	if r.code != 0 {
		t.Fatalf("-write-baseline: exit %d\n%s", r.code, r.stderr)
	}
	data, err := os.ReadFile(base)
	if err != nil || strings.Count(string(data), `"rule": "acquiretimeout/client-no-deadline"`) != 2 || !strings.Contains(string(data), `"func": "Fetch"`) {
		t.Fatalf("baseline file: %v\n%s", err, data)
	}
	if r := run(t, dir, bin, "-baseline="+base, "./..."); r.code != 0 || r.stdout != "" {
		t.Errorf("unchanged code against its baseline: exit %d, output %q", r.code, r.stdout)
	}

	// A request joins the group of Fetch's (http.DefaultClient in this
	// package): the finding stands for one more request, and is not new.
	grown := baselineSrc + "\nfunc Again(u string) (*http.Response, error) { return http.Get(u) }\n"
	if err := os.WriteFile(filepath.Join(dir, "app/app.go"), []byte(grown), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := run(t, dir, bin, "-baseline="+base, "./..."); r.code != 0 || r.stdout != "" {
		t.Errorf("a request added to a baselined group: exit %d, output %q", r.code, r.stdout)
	}

	// Move both findings down and add a new request before them: the
	// group of http.DefaultClient sends now starts at it, a new finding.
	edited := strings.Replace(baselineSrc, "import \"net/http\"\n", "import \"net/http\"\n\n// Post is new.\nfunc Post(u string) (*http.Response, error) { return http.Post(u, \"text/plain\", nil) }\n\n\n", 1)
	if err := os.WriteFile(filepath.Join(dir, "app/app.go"), []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	r = run(t, dir, bin, "-baseline="+base, "./...")
	var lines []string // findings, without their related positions
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		if !strings.HasPrefix(l, "\t") {
			lines = append(lines, l)
		}
	}
	if r.code != 3 || len(lines) != 1 || !strings.HasPrefix(lines[0], "app/app.go:6:") || !strings.Contains(lines[0], "http.Post") {
		t.Errorf("after moving lines: exit %d, want only the new http.Post finding:\n%s", r.code, r.stdout)
	}

	// Remove Head: its entry is stale, listed with -v.
	noHead := strings.Replace(edited, "func Head(u string) (*http.Response, error) { c := &http.Client{}; return c.Head(u) }\n", "", 1)
	if err := os.WriteFile(filepath.Join(dir, "app/app.go"), []byte(noHead), 0o644); err != nil {
		t.Fatal(err)
	}
	r = run(t, dir, bin, "-v", "-baseline="+base, "./...")
	if !strings.Contains(r.stderr, "stale baseline entry: app/app.go Head (acquiretimeout/client-no-deadline)") {
		t.Errorf("-v: no stale entry for Head in stderr:\n%s", r.stderr)
	}

	// SARIF with a baseline marks results new.
	sarifOut := filepath.Join(dir, "out.sarif")
	run(t, dir, bin, "-baseline="+base, "-sarif="+sarifOut, "./...")
	sdata, err := os.ReadFile(sarifOut)
	if err != nil || !strings.Contains(string(sdata), `"baselineState": "new"`) {
		t.Errorf("SARIF with -baseline: no baselineState new: %v", err)
	}
	readSARIF(t, sdata)

	// A malformed baseline is a clear error.
	if err := os.WriteFile(base, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := run(t, dir, bin, "-baseline="+base, "./..."); r.code != 1 || !strings.Contains(r.stderr, "baseline") {
		t.Errorf("malformed baseline: exit %d, stderr %q", r.code, r.stderr)
	}
}

const fixSrc = `package app

import (
	"net/http"
	"time"
)

var client = &http.Client{Timeout: 10 * time.Second, Transport: transport}

var transport = &http.Transport{
	MaxIdleConns:    100,
	MaxConnsPerHost: 20,
	IdleConnTimeout: time.Minute,
	DialContext:     nil,
}

func Fetch(u string) (*http.Response, error) { return http.Get(u) }

func Use(u string) (*http.Response, error) { return client.Get(u) }
`

// TestFix applies the suggested fixes: the fixed code compiles, the
// idle-per-host-default finding is gone without an inconsistent-limits
// one in its place, and the findings that remain (no fix) are reported
// with exit code 3.
func TestFix(t *testing.T) {
	bin := httplintBinary(t)
	dir := testutil.WriteModule(t, map[string]string{"app/app.go": fixSrc})
	r := run(t, dir, bin, "./...")
	if !strings.Contains(r.stdout, "(poolsize/idle-per-host-default)") {
		t.Fatalf("before -fix: no idle-per-host-default finding:\n%s", r.stdout)
	}
	r = run(t, dir, bin, "-fix", "./...")
	if r.code != 3 || !strings.Contains(r.stderr, "applied fixes in 1 file") {
		t.Errorf("-fix: exit %d (want 3: findings remain), stderr %q", r.code, r.stderr)
	}
	if strings.Contains(r.stdout, "idle-per-host-default") || strings.Contains(r.stdout, "inconsistent-limits") {
		t.Errorf("-fix: the fixed transport is still reported:\n%s", r.stdout)
	}
	if !strings.Contains(r.stdout, "(acquiretimeout/client-no-deadline)") {
		t.Errorf("-fix: the finding without a fix is not reported:\n%s", r.stdout)
	}
	fixed, err := os.ReadFile(filepath.Join(dir, "app/app.go"))
	if err != nil || !strings.Contains(string(fixed), "MaxIdleConnsPerHost: 20,") {
		t.Errorf("fixed source:\n%s", fixed)
	}
	if r := run(t, dir, "go", "build", "./..."); r.code != 0 {
		t.Errorf("fixed code does not build:\n%s", r.stderr)
	}
	// A second run finds nothing new to fix.
	if r := run(t, dir, bin, "-fix", "./..."); strings.Contains(r.stderr, "applied fixes") {
		t.Errorf("second -fix applied fixes again: %s", r.stderr)
	}
}
