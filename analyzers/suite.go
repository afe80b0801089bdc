// Package analyzers lists the httplint analyzers in one place.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/analyzers/acquiretimeout"
	"github.com/httplint/httplint/analyzers/headersize"
	"github.com/httplint/httplint/analyzers/poolsize"
	"github.com/httplint/httplint/analyzers/retrypolicy"
	"github.com/httplint/httplint/internal/analyzerdoc"
	"github.com/httplint/httplint/internal/settings"
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
	// Analyzer is the shared instance with default options, configured
	// by its flags.
	Analyzer *analysis.Analyzer
	// Rules lists the analyzer's rules (diagnostic categories).
	Rules []analyzerdoc.Rule
	// New returns a fresh analyzer configured from golangci-lint plugin
	// settings: nil or a map with the kebab-case option names. An unknown
	// key or an invalid value is an error naming it.
	New func(settings any) (*analysis.Analyzer, error)
}

// Definitions returns the definitions of all analyzers, in a stable
// order.
func Definitions() []Definition {
	return []Definition{
		define(acquiretimeout.Analyzer, acquiretimeout.Rules, acquiretimeout.DefaultConfig(), acquiretimeout.New),
		define(poolsize.Analyzer, poolsize.Rules, poolsize.DefaultConfig(), poolsize.New),
		define(retrypolicy.Analyzer, retrypolicy.Rules, retrypolicy.DefaultConfig(), retrypolicy.New),
		define(headersize.Analyzer, headersize.Rules, headersize.DefaultConfig(), headersize.New),
	}
}

func define[C settings.Validator](a *analysis.Analyzer, rules []analyzerdoc.Rule, defaults C, newAnalyzer func(C) *analysis.Analyzer) Definition {
	return Definition{
		Name:     a.Name,
		Analyzer: a,
		Rules:    rules,
		New: func(raw any) (*analysis.Analyzer, error) {
			cfg, err := settings.Decode(raw, defaults)
			if err != nil {
				return nil, err
			}
			return newAnalyzer(cfg), nil
		},
	}
}
