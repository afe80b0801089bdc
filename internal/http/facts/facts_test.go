package facts_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/internal/http/facts"
)

func TestFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), facts.Analyzer, "ctor", "ctx", "body")
}
