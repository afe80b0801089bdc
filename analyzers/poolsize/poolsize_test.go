package poolsize_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/analyzers/poolsize"
	"github.com/httplint/httplint/internal/testutil"
)

func TestDefaults(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), poolsize.Analyzer, "limits", "defaultmutated", "perrequest", "mainpkg", "fanout", "factories", "commaok", "wrapped", "tuned", "mainloop", "retried", "xfactories", "optionsdefault", "handoff", "senders", "plugins")
	testutil.CheckMessages(t, results, 150)
	testutil.CheckRelated(t, results)
}

func TestFanoutWidth(t *testing.T) {
	a := testutil.Configure(t, poolsize.New(), "fanout-width=16")
	results := analysistest.Run(t, analysistest.TestData(), a, "options")
	testutil.CheckMessages(t, results, 150)
}

func TestFlags(t *testing.T) {
	a := poolsize.New()
	if err := a.Flags.Set("fanout-width", "8"); err != nil {
		t.Errorf("-fanout-width=8: %v", err)
	}
	for _, bad := range []string{"0", "-3", "many", "4x"} {
		if err := a.Flags.Set("fanout-width", bad); err == nil {
			t.Errorf("-fanout-width=%s: want an error", bad)
		}
	}
}

// TestLibraries runs on a module that imports go-retryablehttp, resty v2
// and v3, and go-cleanhttp at pinned versions.
func TestLibraries(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testutil.DownloadModules(t, dir)
	results := analysistest.Run(t, dir, poolsize.Analyzer, "./...")
	testutil.CheckMessages(t, results, 150)
}

func TestSuggestedFixes(t *testing.T) {
	results := analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), poolsize.Analyzer, "fix")
	testutil.CheckMessages(t, results, 150)
}
