package headersize_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/analyzers/headersize"
)

func TestDefaults(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), headersize.Analyzer, "a")
}
