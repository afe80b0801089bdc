package testutil

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis/analysistest"
)

// CheckMessages fails t for each diagnostic in results whose message is
// longer than max runes: httplint's messages are one short sentence that
// names the problem and the fix, as staticcheck's and go vet's are, and
// leave the explanation to the rule's documentation.
//
// A trailing " (analyzer/rule)" that names the diagnostic's own analyzer
// and category is not counted: the reporter may append the rule id to
// every message, and the limit is on the text the analyzer writes.
func CheckMessages(t testing.TB, results []*analysistest.Result, max int) {
	t.Helper()
	for _, r := range results {
		for _, d := range r.Diagnostics {
			msg := strings.TrimSuffix(d.Message, " ("+r.Pass.Analyzer.Name+"/"+d.Category+")")
			if n := utf8.RuneCountInString(msg); n > max {
				t.Errorf("%s: %s message is %d runes, over %d: %s",
					r.Pass.Fset.Position(d.Pos), d.Category, n, max, msg)
			}
		}
	}
}
