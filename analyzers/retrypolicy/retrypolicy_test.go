package retrypolicy_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/analyzers/retrypolicy"
	"github.com/httplint/httplint/internal/testutil"
)

func TestLoops(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), retrypolicy.Analyzer, "loops", "idempotency", "helpersend", "requestbody", "operations", "clientgoretry")
	testutil.CheckMessages(t, results, 120)
}

// TestLibraries runs the analyzer over the module in testdata/mod, which
// imports the real libraries at the versions its go.mod pins.
func TestLibraries(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "mod")
	testutil.DownloadModules(t, dir)
	results := analysistest.Run(t, dir, retrypolicy.Analyzer, "./...")
	testutil.CheckMessages(t, results, 120)
}

// TestOlderLibraries runs the analyzer over testdata/modold, which pins
// library versions whose API differs from those of testdata/mod (a
// constructor that later gained options).
func TestOlderLibraries(t *testing.T) {
	dir := filepath.Join(analysistest.TestData(), "modold")
	testutil.DownloadModules(t, dir)
	results := analysistest.Run(t, dir, retrypolicy.Analyzer, "./...")
	testutil.CheckMessages(t, results, 120)
}

func TestOptions(t *testing.T) {
	a := testutil.Configure(t, retrypolicy.New(), "include-tests=true", "idempotency-headers=X-Request-Id")
	results := analysistest.Run(t, analysistest.TestData(), a, "options")
	testutil.CheckMessages(t, results, 120)
}

func TestDefaultsElsewhere(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), retrypolicy.Analyzer, "testfiles", "directive", "broken")
	testutil.CheckMessages(t, results, 120)
}

func TestFlags(t *testing.T) {
	a := retrypolicy.New()
	for _, f := range []struct{ name, value string }{
		{"include-tests", "true"},
		{"idempotency-headers", "Idempotency-Key,X-Request-Id"},
	} {
		if err := a.Flags.Set(f.name, f.value); err != nil {
			t.Errorf("-%s=%s: %v", f.name, f.value, err)
		}
	}
	for _, bad := range []string{"a,,b", "Bad Header", "X:Y", ""} {
		if err := a.Flags.Set("idempotency-headers", bad); err == nil {
			t.Errorf("-idempotency-headers=%q: want an error", bad)
		}
	}
	if b := retrypolicy.New(); b.Flags.Lookup("idempotency-headers").Value.String() != "Idempotency-Key,X-Idempotency-Key" {
		t.Errorf("a new analyzer sees another instance's flag value: %s", b.Flags.Lookup("idempotency-headers").Value)
	}
}
