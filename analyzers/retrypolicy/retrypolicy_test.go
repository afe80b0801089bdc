package retrypolicy_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/analyzers/retrypolicy"
)

func TestLoops(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), retrypolicy.Analyzer, "loops", "idempotency")
}
