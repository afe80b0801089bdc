// Command noop is the benchmark floor: a go/analysis driver with one
// analyzer that does nothing. Timing it measures loading and
// type-checking alone, the cost every analysis tool pays.
//
// With -facts the analyzer declares a fact type, which makes the driver
// load dependencies from source too, as httplint's drivers do.
package main

import (
	"os"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/singlechecker"
)

type noFact struct{}

func (*noFact) AFact() {}

var analyzer = &analysis.Analyzer{
	Name: "noop",
	Doc:  "noop does nothing; it measures the cost of loading and type-checking",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() {
	if i := slices.Index(os.Args, "-facts"); i > 0 {
		os.Args = slices.Delete(os.Args, i, i+1)
		analyzer.FactTypes = []analysis.Fact{(*noFact)(nil)}
	}
	singlechecker.Main(analyzer)
}
