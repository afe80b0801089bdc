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
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/analyzers"
)

func init() {
	for _, d := range analyzers.Definitions() {
		register.Plugin(d.Name, newPlugin(d))
	}
}

// newPlugin returns the plugin constructor of one analyzer definition.
func newPlugin(d analyzers.Definition) register.NewPlugin {
	return func(settings any) (register.LinterPlugin, error) {
		a, err := d.New(settings)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.Name, blame(d, settings, err))
		}
		if a.Name != d.Name {
			// golangci-lint prefixes messages and matches //nolint by
			// linter name; a mismatch would misattribute findings.
			return nil, fmt.Errorf("%s: analyzer is named %q", d.Name, a.Name)
		}
		return &linter{analyzer: a}, nil
	}
}

// blame makes sure a settings error names the offending key: when err
// names none of the keys of settings (a value rejected by its own
// decoder, e.g. a malformed list), it decodes each key alone and, if
// exactly one fails, names that key.
func blame(d analyzers.Definition, settings any, err error) error {
	m, ok := settings.(map[string]any)
	if !ok {
		return err
	}
	keys := slices.Sorted(maps.Keys(m))
	for _, k := range keys {
		if strings.Contains(err.Error(), strconv.Quote(k)) {
			return err
		}
	}
	var bad []string
	for _, k := range keys {
		if _, kerr := d.New(map[string]any{k: m[k]}); kerr != nil {
			bad = append(bad, k)
		}
	}
	if len(bad) != 1 {
		return err
	}
	if rest, ok := strings.CutPrefix(err.Error(), "invalid settings: "); ok {
		return fmt.Errorf("invalid settings: setting %q: %s", bad[0], rest)
	}
	return fmt.Errorf("setting %q: %w", bad[0], err)
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
