package headersize_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/analyzers/headersize"
	"github.com/httplint/httplint/internal/testutil"
)

func TestDefaults(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), headersize.Analyzer,
		"growth", "negative", "oversized", "renamed", "generics", "broken", "directive", "testfiles", "unusual")
	testutil.CheckMessages(t, results, 120)
	testutil.CheckRelated(t, results)

	// One growth reaching two sinks of one function is one finding, the
	// second sink a related position (growth/more.go's ParsedURL).
	found := false
	for _, r := range results {
		for _, d := range r.Diagnostics {
			p := r.Pass.Fset.Position(d.Pos)
			if filepath.Base(p.Filename) != "more.go" || p.Line != 48 {
				continue
			}
			for _, rel := range d.Related {
				if rp := r.Pass.Fset.Position(rel.Pos); rp.Line == 50 && rel.Message == "also sent here" {
					found = true
				}
			}
		}
	}
	if !found {
		t.Errorf("growth/more.go:48: no related position \"also sent here\" at line 50")
	}
}

func TestOptions(t *testing.T) {
	a := testutil.Configure(t, headersize.New(), "include-tests=true", "max-bytes=4096")
	results := analysistest.Run(t, analysistest.TestData(), a, "testsincluded", "maxbytes4096")
	testutil.CheckMessages(t, results, 120)
}

func TestFlags(t *testing.T) {
	a := headersize.New()
	if got := a.Flags.Lookup("max-bytes").Value.String(); got != "8192" {
		t.Errorf("default max-bytes = %s, want 8192", got)
	}
	for _, f := range []struct{ name, value string }{
		{"include-tests", "true"},
		{"max-bytes", "4096"},
	} {
		if err := a.Flags.Set(f.name, f.value); err != nil {
			t.Errorf("-%s=%s: %v", f.name, f.value, err)
		}
	}
	for _, bad := range []string{"0", "-1", "8k", ""} {
		if err := a.Flags.Set("max-bytes", bad); err == nil {
			t.Errorf("-max-bytes=%q: want an error", bad)
		}
	}
	if got := a.Flags.Lookup("max-bytes").Value.String(); got != "4096" {
		t.Errorf("max-bytes after bad values = %s, want 4096", got)
	}
	// Flags of one instance do not leak into another.
	if b := headersize.New(); b.Flags.Lookup("max-bytes").Value.String() != "8192" {
		t.Errorf("a new analyzer sees another instance's flag value")
	}
}

func TestDoc(t *testing.T) {
	a := headersize.Analyzer
	if a.Name != headersize.Name || !strings.HasSuffix(a.URL, "docs/rules/headersize.md") {
		t.Errorf("name %q, URL %q", a.Name, a.URL)
	}
	first, _, _ := strings.Cut(a.Doc, "\n")
	if first == "" || strings.HasSuffix(first, ".") || strings.ToLower(first[:1]) != first[:1] {
		t.Errorf("Doc title %q must be lower case without a trailing period", first)
	}
	if len(headersize.Rules) != 3 {
		t.Errorf("Rules = %v", headersize.Rules)
	}
}

// TestLibraries runs the analyzer over the module in testdata/mod, which
// imports go-retryablehttp and resty v2 and v3 at the versions its go.mod
// pins.
func TestLibraries(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testutil.DownloadModules(t, dir)
	results := analysistest.Run(t, dir, headersize.Analyzer, "./...")
	testutil.CheckMessages(t, results, 120)
}
