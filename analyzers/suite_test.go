package analyzers_test

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/lint"
)

func TestSuiteValid(t *testing.T) {
	if err := analysis.Validate(analyzers.Suite().Analyzers()); err != nil {
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

func TestFromSettings(t *testing.T) {
	for _, d := range analyzers.Definitions() {
		a, err := d.FromSettings(nil)
		if err != nil || a == nil {
			t.Errorf("%s: FromSettings(nil) = %v, %v", d.Name, a, err)
			continue
		}
		if a == d.Analyzer {
			t.Errorf("%s: FromSettings returned the shared instance, want a fresh one", d.Name)
		}
		if _, err := d.FromSettings(map[string]any{"no-such-setting": 1}); err == nil || !strings.Contains(err.Error(), "no-such-setting") {
			t.Errorf("%s: unknown setting: err = %v, want an error naming it", d.Name, err)
		}
		if _, err := d.FromSettings(map[string]any{"include-tests": "yes"}); err == nil || !strings.Contains(err.Error(), "include-tests") {
			t.Errorf("%s: include-tests: \"yes\": err = %v, want an error naming the setting", d.Name, err)
		}
		a, err = d.FromSettings(map[string]any{"include-tests": true})
		if err != nil {
			t.Errorf("%s: include-tests: true: %v", d.Name, err)
		} else if got := a.Flags.Lookup("include-tests").Value.String(); got != "true" || d.Analyzer.Flags.Lookup("include-tests").Value.String() != "false" {
			t.Errorf("%s: include-tests: true gave %s on the fresh analyzer, %s on the shared one", d.Name, got, d.Analyzer.Flags.Lookup("include-tests").Value)
		}
	}
}

// optionRow matches a row of the options table of a rule page:
// | `-analyzer.flag` / `setting` | default | meaning |
var optionRow = regexp.MustCompile("^\\| `-([a-z]+)\\.([a-z-]+)` / `([a-z-]+)` \\|")

// TestOptionsDocumented proves that every flag is a plugin setting with
// the same name and its documented default, and that the options table
// of each rule page lists exactly the analyzer's flags.
func TestOptionsDocumented(t *testing.T) {
	for _, d := range analyzers.Definitions() {
		page, err := os.ReadFile(filepath.Join("..", "docs", "rules", d.Name+".md"))
		if err != nil {
			t.Fatal(err)
		}
		var documented []string
		for _, line := range strings.Split(string(page), "\n") {
			m := optionRow.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			if m[1] != d.Name || m[2] != m[3] {
				t.Errorf("%s: options row %q: flag and setting must be -%s.NAME / NAME", d.Name, line, d.Name)
			}
			documented = append(documented, m[2])
		}
		var flags []string
		d.New().Flags.VisitAll(func(f *flag.Flag) {
			if f.Name == lint.ReportSuppressedFlag {
				return // a driver's switch, documented in docs/integration.md
			}
			flags = append(flags, f.Name)
			// The flag is a setting: its own default, given as a
			// setting, is accepted.
			setting := any(f.DefValue)
			if f.DefValue == "true" || f.DefValue == "false" {
				setting = f.DefValue == "true"
			}
			if _, err := d.FromSettings(map[string]any{f.Name: setting}); err != nil {
				t.Errorf("%s: flag -%s is not accepted as setting %s: %v", d.Name, f.Name, f.Name, err)
			}
		})
		sort.Strings(flags)
		sort.Strings(documented)
		if strings.Join(flags, ",") != strings.Join(documented, ",") {
			t.Errorf("%s: flags %v, but docs/rules/%s.md documents %v", d.Name, flags, d.Name, documented)
		}
	}
}
