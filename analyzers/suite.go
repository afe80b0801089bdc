// Package analyzers lists the httplint analyzers in one place.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/analyzers/acquiretimeout"
	"github.com/httplint/httplint/analyzers/headersize"
	"github.com/httplint/httplint/analyzers/poolsize"
	"github.com/httplint/httplint/analyzers/retrypolicy"
	"github.com/httplint/httplint/internal/lint"
)

// Suite returns the httplint analyzers with their default options. Each
// call returns the same analyzers, whose flags configure them.
func Suite() []*analysis.Analyzer {
	var as []*analysis.Analyzer
	for _, d := range Definitions() {
		as = append(as, d.Analyzer)
	}
	return as
}

// A Definition describes one analyzer of the suite, for drivers that
// build their own configured instances (the golangci-lint plugin) or
// describe its rules (SARIF).
type Definition struct {
	Name string
	// Analyzer is the shared instance, configured by its flags.
	Analyzer *analysis.Analyzer
	// Rules lists the analyzer's rules (diagnostic categories).
	Rules []lint.Rule
	// New returns a fresh instance with default options, whose flags
	// configure it alone.
	New func() *analysis.Analyzer
}

// FromSettings returns a fresh analyzer configured from golangci-lint
// plugin settings: nil, or a map whose keys are the analyzer's flag
// names. An unknown key or an invalid value is an error naming it.
func (d Definition) FromSettings(settings any) (*analysis.Analyzer, error) {
	a := d.New()
	if err := lint.ApplySettings(a, settings); err != nil {
		return nil, err
	}
	return a, nil
}

// Definitions returns the definitions of all analyzers, in a stable
// order.
func Definitions() []Definition {
	return []Definition{
		{acquiretimeout.Name, acquiretimeout.Analyzer, acquiretimeout.Rules, acquiretimeout.New},
		{poolsize.Name, poolsize.Analyzer, poolsize.Rules, poolsize.New},
		{retrypolicy.Name, retrypolicy.Analyzer, retrypolicy.Rules, retrypolicy.New},
		{headersize.Name, headersize.Analyzer, headersize.Rules, headersize.New},
	}
}

// Only returns the definition of the analyzer named name, alone, for
// that analyzer's own command; it panics if there is none.
func Only(name string) []Definition {
	for _, d := range Definitions() {
		if d.Name == name {
			return []Definition{d}
		}
	}
	panic("analyzers: no analyzer " + name)
}
