package lint

import "golang.org/x/tools/go/analysis"

// A Definition describes one analyzer of a suite, for drivers that build
// their own configured instances (the golangci-lint plugin) or describe
// its rules (SARIF).
type Definition struct {
	Name string
	// Analyzer is the shared instance, configured by its flags.
	Analyzer *analysis.Analyzer
	// Rules lists the analyzer's rules (diagnostic categories).
	Rules []Rule
	// New returns a fresh instance with default options, whose flags
	// configure it alone.
	New func() *analysis.Analyzer
}

// FromSettings returns a fresh analyzer configured from golangci-lint
// plugin settings: nil, or a map whose keys are the analyzer's flag
// names. An unknown key or an invalid value is an error naming it.
func (d Definition) FromSettings(settings any) (*analysis.Analyzer, error) {
	a := d.New()
	if err := ApplySettings(a, settings); err != nil {
		return nil, err
	}
	return a, nil
}

// A Scope tells a driver, from import paths alone, which packages a
// suite can have anything to say about, so that it may skip the others
// without type-checking them.
type Scope struct {
	// Analysable reports whether the package with this import path is
	// analysed at all.
	Analysable func(path string) bool
	// Subject reports whether importing the package with this import
	// path can bring what the suite checks into a package (for httplint,
	// an HTTP client or retry library): a package whose import closure
	// holds no such package is not analysed.
	Subject func(path string) bool
}

// A Suite is what a command runs: its analyzers, the packages they can
// matter for, and the documentation of their rules.
type Suite struct {
	Definitions []Definition
	Scope       Scope
	// RuleDoc returns the documentation of rule slug of the named
	// analyzer: a one-paragraph description and the rule's whole
	// section, in Markdown ("" when there is none).
	RuleDoc func(analyzer, slug string) (description, help string)
}

// Analyzers returns the shared analyzers of the suite's definitions.
func (s Suite) Analyzers() []*analysis.Analyzer {
	as := make([]*analysis.Analyzer, len(s.Definitions))
	for i, d := range s.Definitions {
		as[i] = d.Analyzer
	}
	return as
}
