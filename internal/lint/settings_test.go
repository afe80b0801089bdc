package lint_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/internal/lint"
)

// testAnalyzer returns an analyzer with one flag of each kind the
// httplint analyzers use.
func testAnalyzer() (*analysis.Analyzer, *int, *lint.List, *bool) {
	a := &analysis.Analyzer{Name: "test"}
	max, names, on := 8192, new(lint.List), new(bool)
	a.Flags.Var(lint.AtLeast{P: &max, Min: 1}, "max-bytes", "")
	a.Flags.Var(names, "names", "")
	a.Flags.BoolVar(on, "on", false, "")
	return a, &max, names, on
}

func TestApplySettings(t *testing.T) {
	a, max, names, on := testAnalyzer()
	if err := lint.ApplySettings(a, nil); err != nil || *max != 8192 {
		t.Fatalf("ApplySettings(nil) = %v, max %d", err, *max)
	}
	if err := lint.ApplySettings(a, map[string]any{"names": []any{"a", "b"}, "on": true, "max-bytes": 4096}); err != nil {
		t.Fatal(err)
	}
	if *max != 4096 || len(*names) != 2 || !*on {
		t.Fatalf("after settings: max %d, names %v, on %v", *max, *names, *on)
	}
	if err := lint.ApplySettings(a, map[string]any{"names": "a,b,c", "max-bytes": float64(100)}); err != nil || len(*names) != 3 || *max != 100 {
		t.Fatalf("comma list: %v, names %v, max %d", err, *names, *max)
	}
	for _, tc := range []struct {
		raw  any
		want string
	}{
		{map[string]any{"bogus": 1}, `unknown setting "bogus" (the settings of test are max-bytes, names, on)`},
		{map[string]any{"max-bytes": "big"}, `setting "max-bytes": "big" is not an integer`},
		{map[string]any{"max-bytes": -1}, `setting "max-bytes": -1 is below the minimum 1`},
		{map[string]any{"max-bytes": 1.5}, `setting "max-bytes": cannot use 1.5 as an integer`},
		{map[string]any{"names": "a,,b", "on": true}, `setting "names": empty element`},
		{map[string]any{"names": []any{"a", 2}}, `setting "names": cannot use 2 (int) as a list element`},
		{map[string]any{"on": "yes"}, `setting "on": cannot use yes (string) as a boolean`},
		{[]any{"on"}, "want a map of setting names to values"},
	} {
		a, _, _, _ := testAnalyzer()
		if err := lint.ApplySettings(a, tc.raw); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ApplySettings(%v): err = %v, want one containing %s", tc.raw, err, tc.want)
		}
	}
}

func TestMatchPackage(t *testing.T) {
	pats := []string{"example.com/a/...", "example.com/b"}
	for path, want := range map[string]bool{
		"example.com/a": true, "example.com/a/x/y": true, "example.com/ab": false,
		"example.com/b": true, "example.com/b/c": false,
	} {
		if got := lint.MatchPackage(pats, path); got != want {
			t.Errorf("MatchPackage(%q) = %v, want %v", path, got, want)
		}
	}
}
