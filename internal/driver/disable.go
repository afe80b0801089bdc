package driver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/httplint/httplint/internal/lint"
)

// disableList is the -disable flag: analyzers ("headersize") and rules
// ("poolsize/idle-timeout-zero") to turn off.
type disableList struct {
	defs      []lint.Definition
	analyzers map[string]bool
	rules     map[string]bool
	list      []string
}

func (l *disableList) String() string { return strings.Join(l.list, ",") }

// Set parses a comma-separated list and checks each name against the
// analyzers and their rules.
func (l *disableList) Set(s string) error {
	if l.analyzers == nil {
		l.analyzers, l.rules = make(map[string]bool), make(map[string]bool)
	}
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			return fmt.Errorf("empty element in %q", s)
		}
		if err := l.add(name); err != nil {
			return err
		}
		l.list = append(l.list, name)
	}
	return nil
}

func (l *disableList) add(name string) error {
	an, slug, isRule := strings.Cut(name, "/")
	d, ok := findDefinition(l.defs, an)
	if !ok {
		return fmt.Errorf("unknown analyzer %q (accepted: %s, or analyzer/rule)", an, strings.Join(definitionNames(l.defs), ", "))
	}
	if !isRule {
		l.analyzers[d.Name] = true
		return nil
	}
	var slugs []string
	for _, r := range d.Rules {
		slugs = append(slugs, r.Slug)
	}
	if !slices.Contains(slugs, slug) {
		return fmt.Errorf("unknown rule %q (%s has: %s)", name, d.Name, strings.Join(slugs, ", "))
	}
	l.rules[name] = true
	return nil
}

// slugs returns the rules of analyzer that are turned off.
func (l *disableList) slugs(analyzer string) []string {
	var out []string
	for _, name := range l.list {
		if an, slug, ok := strings.Cut(name, "/"); ok && an == analyzer {
			out = append(out, slug)
		}
	}
	return out
}

// Disabled reports whether findings of analyzer with category are off.
func (l *disableList) Disabled(analyzer, category string) bool {
	return l.analyzers[analyzer] || l.rules[analyzer+"/"+category]
}

// apply returns the definitions whose analyzer is not disabled.
func (l *disableList) apply(defs []lint.Definition) []lint.Definition {
	var out []lint.Definition
	for _, d := range defs {
		if !l.analyzers[d.Name] {
			out = append(out, d)
		}
	}
	return out
}

// filter drops the findings of disabled rules.
func (l *disableList) filter(fs []finding) []finding {
	if len(l.rules) == 0 {
		return fs
	}
	var out []finding
	for _, f := range fs {
		if !l.Disabled(f.out.analyzer.Name, f.diag.Category) {
			out = append(out, f)
		}
	}
	return out
}
