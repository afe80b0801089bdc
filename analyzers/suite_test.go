package analyzers_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/analyzers"
)

func TestSuiteValid(t *testing.T) {
	if err := analysis.Validate(analyzers.Suite()); err != nil {
		t.Fatal(err)
	}
	for _, d := range analyzers.Definitions() {
		a := d.Analyzer
		if a.Name != d.Name || a.URL == "" || !strings.Contains(a.URL, "docs/rules/"+a.Name+".md") {
			t.Errorf("%s: name %q, URL %q", d.Name, a.Name, a.URL)
		}
		if len(d.Rules) == 0 {
			t.Errorf("%s: no rules", d.Name)
		}
		if first, _, _ := strings.Cut(a.Doc, "\n"); first == "" || strings.HasSuffix(first, ".") || strings.ToLower(first[:1]) != first[:1] {
			t.Errorf("%s: Doc title %q must be lower case without a trailing period", d.Name, first)
		}
	}
}

func TestDefinitionsFromSettings(t *testing.T) {
	for _, d := range analyzers.Definitions() {
		a, err := d.New(nil)
		if err != nil || a == nil {
			t.Errorf("%s: New(nil) = %v, %v", d.Name, a, err)
			continue
		}
		if a == d.Analyzer {
			t.Errorf("%s: New returned the shared instance, want a fresh one", d.Name)
		}
		if _, err := d.New(map[string]any{"no-such-setting": 1}); err == nil || !strings.Contains(err.Error(), "no-such-setting") {
			t.Errorf("%s: unknown setting: err = %v, want an error naming it", d.Name, err)
		}
		if _, err := d.New(map[string]any{"include-tests": "yes"}); err == nil || !strings.Contains(err.Error(), "include-tests") {
			t.Errorf("%s: include-tests: \"yes\": err = %v, want an error naming the setting", d.Name, err)
		}
		if _, err := d.New(map[string]any{"include-tests": true}); err != nil {
			t.Errorf("%s: include-tests: true: %v", d.Name, err)
		}
	}
}
