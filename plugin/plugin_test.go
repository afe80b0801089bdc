package plugin_test

import (
	"os"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/analyzers"
	_ "github.com/httplint/httplint/plugin"
)

// build returns the analyzers of plugin name configured with settings.
func build(t *testing.T, name string, settings any) ([]*analysis.Analyzer, error) {
	t.Helper()
	ctor, err := register.GetPlugin(name)
	if err != nil {
		t.Fatalf("GetPlugin(%q): %v", name, err)
	}
	p, err := ctor(settings)
	if err != nil {
		return nil, err
	}
	if mode := p.GetLoadMode(); mode != register.LoadModeTypesInfo {
		t.Errorf("%s: load mode %q, want %q", name, mode, register.LoadModeTypesInfo)
	}
	return p.BuildAnalyzers()
}

// TestEveryDefinitionIsAPlugin checks that each analyzer of the suite is
// a plugin under its own name, building one fresh analyzer with that name.
func TestEveryDefinitionIsAPlugin(t *testing.T) {
	defs := analyzers.Definitions()
	if len(defs) == 0 {
		t.Fatal("no analyzer definitions")
	}
	for _, d := range defs {
		as, err := build(t, d.Name, nil)
		if err != nil {
			t.Errorf("%s: no settings: %v", d.Name, err)
			continue
		}
		if len(as) != 1 {
			t.Errorf("%s: %d analyzers, want 1", d.Name, len(as))
			continue
		}
		a := as[0]
		if a.Name != d.Name {
			t.Errorf("plugin %s builds analyzer %q; golangci-lint would attribute its findings to another name", d.Name, a.Name)
		}
		if a == d.Analyzer {
			t.Errorf("%s: plugin returned the shared analyzer, want a fresh instance", d.Name)
		}
		again, err := build(t, d.Name, map[string]any{})
		if err != nil || len(again) != 1 || again[0] == a {
			t.Errorf("%s: second instance %v, %v: want a distinct analyzer", d.Name, again, err)
		}
		if err := analysis.Validate(as); err != nil {
			t.Errorf("%s: %v", d.Name, err)
		}
	}
}

// TestNoUmbrellaPlugin: registering the suite under a second name would
// run every analyzer twice and misattribute //nolint.
func TestNoUmbrellaPlugin(t *testing.T) {
	for _, name := range []string{"httplint", "all"} {
		if _, err := register.GetPlugin(name); err == nil {
			t.Errorf("plugin %q is registered; want one plugin per analyzer only", name)
		}
	}
}

// TestSettingsDecoding checks that settings reach the analyzer's options
// (its flags show them) and stay with that instance.
func TestSettingsDecoding(t *testing.T) {
	for _, d := range analyzers.Definitions() {
		// Every analyzer has include-tests; viper hands keys lower-cased.
		as, err := build(t, d.Name, map[string]any{"include-tests": true})
		if err != nil {
			t.Errorf("%s: include-tests: true: %v", d.Name, err)
			continue
		}
		if got := flagValue(as[0], "include-tests"); got != "true" {
			t.Errorf("%s: include-tests flag = %q after settings include-tests: true", d.Name, got)
		}
		if got := flagValue(d.Analyzer, "include-tests"); got != "false" {
			t.Errorf("%s: settings of a plugin instance changed the shared analyzer: include-tests = %q", d.Name, got)
		}
		plain, _ := build(t, d.Name, nil)
		if got := flagValue(plain[0], "include-tests"); got != "false" {
			t.Errorf("%s: settings of one instance leaked into another: include-tests = %q", d.Name, got)
		}
	}

	// A list option accepts a YAML list ([]any, as viper decodes it) or a
	// comma-separated string.
	for _, v := range []any{[]any{"example.com/x", "example.com/y/..."}, "example.com/x,example.com/y/..."} {
		as, err := build(t, "acquiretimeout", map[string]any{"allow-pkgs": v, "strict": true})
		if err != nil {
			t.Fatalf("acquiretimeout allow-pkgs %#v: %v", v, err)
		}
		if got := flagValue(as[0], "allow-pkgs"); got != "example.com/x,example.com/y/..." {
			t.Errorf("allow-pkgs %#v: flag = %q", v, got)
		}
		if got := flagValue(as[0], "strict"); got != "true" {
			t.Errorf("strict: flag = %q", got)
		}
	}
}

func flagValue(a *analysis.Analyzer, name string) string {
	f := a.Flags.Lookup(name)
	if f == nil {
		return "<no flag -" + name + ">"
	}
	return f.Value.String()
}

// TestBadSettings checks that unknown keys and invalid values are errors
// naming the linter and the key, as golangci-lint shows them.
func TestBadSettings(t *testing.T) {
	for _, d := range analyzers.Definitions() {
		for _, tc := range []struct {
			settings map[string]any
			key      string
		}{
			{map[string]any{"bogus": 1}, `"bogus"`},
			{map[string]any{"include-tests": true, "max-byts": 3}, `"max-byts"`},
			{map[string]any{"include-tests": "yes"}, `"include-tests"`},
			{map[string]any{"include-tests": []any{1}}, `"include-tests"`},
		} {
			_, err := build(t, d.Name, tc.settings)
			if err == nil {
				t.Errorf("%s: settings %v accepted, want an error", d.Name, tc.settings)
				continue
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, d.Name+": ") || !strings.Contains(msg, tc.key) {
				t.Errorf("%s: settings %v: error %q, want it to start with %q and name %s", d.Name, tc.settings, msg, d.Name+": ", tc.key)
			}
		}
	}
	_, err := build(t, "acquiretimeout", map[string]any{"allow-pkgs": "a,,b"})
	if err == nil || !strings.Contains(err.Error(), "allow-pkgs") {
		t.Errorf("allow-pkgs: \"a,,b\": err = %v, want an error naming allow-pkgs", err)
	}
}

// TestConfiguredAnalyzer runs plugin-built acquiretimeout instances: the
// default one reports package a but not test files; allow-pkgs silences
// package allowed; include-tests reports in test files.
func TestConfiguredAnalyzer(t *testing.T) {
	if testing.Short() {
		t.Skip("loads net/http from source (about 10 s); skipped with -short")
	}
	testdata := analysistest.TestData()

	as, err := build(t, "acquiretimeout", map[string]any{"allow-pkgs": []any{"allowed"}})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, as[0], "a", "allowed", "quiettests")

	as, err = build(t, "acquiretimeout", map[string]any{"include-tests": true})
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, as[0], "testfiles")
}

// TestNoGolangciLintDependency: golangci-lint (GPL-3.0, hundreds of
// modules) is linked only by the separate tools/customgcl module.
func TestNoGolangciLintDependency(t *testing.T) {
	gomod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(gomod), "github.com/golangci/golangci-lint") {
		t.Errorf("go.mod requires golangci-lint; only tools/customgcl may")
	}
}
