package lint

import (
	"flag"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// ApplySettings configures analyzer a from golangci-lint plugin settings:
// nil, or a map (decoded from YAML) whose keys are a's flag names. Each
// value is given to its flag as a string: a boolean or number as Go
// formats it, a list of strings joined with commas. An unknown key or a
// value its flag rejects is an error naming the setting, so the flags are
// the only place an option is declared and validated.
func ApplySettings(a *analysis.Analyzer, raw any) error {
	if raw == nil {
		return nil
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return fmt.Errorf("invalid settings: want a map of setting names to values, got %T", raw)
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		f := a.Flags.Lookup(k)
		if f == nil {
			return fmt.Errorf("invalid settings: unknown setting %q (the settings of %s are %s)", k, a.Name, strings.Join(settingNames(a), ", "))
		}
		s, err := settingString(f, m[k])
		if err == nil {
			err = a.Flags.Set(k, s)
		}
		if err != nil {
			return fmt.Errorf("invalid settings: setting %q: %v", k, err)
		}
	}
	return nil
}

func settingNames(a *analysis.Analyzer) []string {
	var names []string
	a.Flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// isBool reports whether f is a boolean flag.
func isBool(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// settingString renders a decoded YAML value as the flag's string.
func settingString(f *flag.Flag, v any) (string, error) {
	if isBool(f) {
		if b, ok := v.(bool); ok {
			return strconv.FormatBool(b), nil
		}
		return "", fmt.Errorf("cannot use %v (%T) as a boolean", v, v)
	}
	switch v := v.(type) {
	case string:
		return v, nil
	case bool:
		return strconv.FormatBool(v), nil
	case int:
		return strconv.Itoa(v), nil
	case int64:
		return strconv.FormatInt(v, 10), nil
	case uint64:
		return strconv.FormatUint(v, 10), nil
	case float64:
		if v != math.Trunc(v) || math.Abs(v) > 1<<53 {
			return "", fmt.Errorf("cannot use %v as an integer", v)
		}
		return strconv.FormatInt(int64(v), 10), nil
	case []string:
		return strings.Join(v, ","), nil
	case []any:
		elems := make([]string, len(v))
		for i, e := range v {
			s, ok := e.(string)
			if !ok {
				return "", fmt.Errorf("cannot use %v (%T) as a list element: want a string", e, e)
			}
			elems[i] = s
		}
		return strings.Join(elems, ","), nil
	}
	return "", fmt.Errorf("cannot use %v (%T): want a string, number, boolean or list of strings", v, v)
}
