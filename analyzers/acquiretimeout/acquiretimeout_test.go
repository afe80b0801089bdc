package acquiretimeout_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/analyzers/acquiretimeout"
	"github.com/httplint/httplint/internal/testutil"
)

func TestDefaults(t *testing.T) {
	results := analysistest.Run(t, analysistest.TestData(), acquiretimeout.Analyzer,
		"local", "localhelper", "fields", "fixedconfig", "ctor", "ctoruser", "helpers", "helperuser", "generics", "renamed", "broken", "testfiles", "app/internal/testutil", "app/gen", "app/commented", "app/driver", "app/mocked", "locker", "localflag", "pool", "directive", "valuetypes", "injected", "injecteduser", "runs", "runscmd", "conndeadline", "conndeadlineuser", "oauthclient", "heldclient", "heldtuned", "heldclientuser")
	testutil.CheckMessages(t, results, 140)
	testutil.CheckRelated(t, results)
}

func TestOptions(t *testing.T) {
	a := testutil.Configure(t, acquiretimeout.New(), "include-tests=true", "strict=true", "allow-pkgs=allowed")
	results := analysistest.Run(t, analysistest.TestData(), a, "testsincluded", "app/e2e", "strictparams", "allowed")
	testutil.CheckMessages(t, results, 140)
	testutil.CheckRelated(t, results)
}

func TestFlags(t *testing.T) {
	a := acquiretimeout.New()
	for _, f := range []struct{ name, value string }{
		{"include-tests", "true"},
		{"strict", "true"},
		{"allow-pkgs", "example.com/stream/...,example.com/sse"},
	} {
		if err := a.Flags.Set(f.name, f.value); err != nil {
			t.Errorf("-%s=%s: %v", f.name, f.value, err)
		}
	}
	if err := a.Flags.Set("allow-pkgs", "a,,b"); err == nil {
		t.Errorf("-allow-pkgs=a,,b: want an error for the empty element")
	}
	if err := a.Flags.Set("strict", "maybe"); err == nil {
		t.Errorf("-strict=maybe: want an error")
	}
	// Flags of one instance do not leak into another.
	if b := acquiretimeout.New(); b.Flags.Lookup("strict").Value.String() != "false" {
		t.Errorf("a new analyzer sees another instance's flag value")
	}
}
