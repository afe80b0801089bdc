// Package plugin registers the httplint analyzers as golangci-lint v2
// module plugins, one plugin per analyzer, named after it:
//
//	acquiretimeout, poolsize, retrypolicy, headersize, ...
//
// Link it into a golangci-lint binary with a blank import (see
// tools/customgcl, or `golangci-lint custom` with a .custom-gcl.yml) and
// enable each linter in .golangci.yml under linters.settings.custom.<name>
// with type: module. A linter's settings are the analyzer's options with
// their flag names (kebab-case, e.g. include-tests, allow-pkgs); each
// linter gets a fresh analyzer configured from its own settings, so no
// state is shared between linters or runs.
//
// The list of plugins comes from analyzers.Definitions: a new analyzer
// registered there becomes a plugin without changes here.
package plugin

import (
	"fmt"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/lint"
)

func init() {
	for _, d := range analyzers.Definitions() {
		register.Plugin(d.Name, newPlugin(d))
	}
}

// newPlugin returns the plugin constructor of one analyzer definition.
func newPlugin(d lint.Definition) register.NewPlugin {
	return func(settings any) (register.LinterPlugin, error) {
		a, err := d.FromSettings(settings)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.Name, err)
		}
		if a.Name != d.Name {
			// golangci-lint prefixes messages and matches //nolint by
			// linter name; a mismatch would misattribute findings.
			return nil, fmt.Errorf("%s: analyzer is named %q", d.Name, a.Name)
		}
		return &linter{analyzer: a}, nil
	}
}

// A linter is one configured analyzer.
type linter struct {
	analyzer *analysis.Analyzer
}

// BuildAnalyzers returns the linter's analyzer; it is built from the
// linter's settings by the constructor and shared by nothing else.
func (l *linter) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{l.analyzer}, nil
}

// GetLoadMode asks for type information: every analyzer needs types and
// SSA.
func (l *linter) GetLoadMode() string { return register.LoadModeTypesInfo }
