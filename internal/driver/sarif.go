package driver

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/sarif"
)

// triState is an analyzer's enable flag, as in multichecker: -NAME runs
// only the named analyzers, -NAME=false all but those.
type triState int

const (
	unset triState = iota
	setTrue
	setFalse
)

func (ts *triState) IsBoolFlag() bool { return true }
func (ts *triState) String() string {
	switch *ts {
	case setTrue:
		return "true"
	case setFalse:
		return "false"
	}
	return "unset"
}
func (ts *triState) Set(s string) error {
	b, err := strconv.ParseBool(s)
	if err != nil {
		return err
	}
	*ts = setFalse
	if b {
		*ts = setTrue
	}
	return nil
}

// selectDefinitions applies the enable flags.
func selectDefinitions(defs []lint.Definition, enabled map[string]*triState) []lint.Definition {
	var hasTrue, hasFalse bool
	for _, ts := range enabled {
		hasTrue = hasTrue || *ts == setTrue
		hasFalse = hasFalse || *ts == setFalse
	}
	var out []lint.Definition
	for _, d := range defs {
		ts := unset
		if p := enabled[d.Name]; p != nil {
			ts = *p
		}
		switch {
		case hasTrue && ts != setTrue, !hasTrue && hasFalse && ts == setFalse:
			continue
		}
		out = append(out, d)
	}
	return out
}

func writeSARIF(path string, l *sarif.Log) error {
	var w io.Writer = os.Stdout
	if path != "-" {
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
		if err := sarif.Write(w, l); err != nil {
			return err
		}
		return f.Close()
	}
	return sarif.Write(w, l)
}

// sourceRoot returns the workspace or module root of the current
// directory, or the directory itself.
func sourceRoot() string {
	out, _ := exec.Command("go", "env", "GOWORK", "GOMOD").Output()
	for _, f := range strings.Split(string(out), "\n") {
		f = strings.TrimSpace(f)
		if f != "" && f != "off" && f != os.DevNull && filepath.IsAbs(f) {
			return filepath.Dir(f)
		}
	}
	wd, _ := os.Getwd()
	return wd
}

// sarifRules returns the rule table of the analyzers defs: for each analyzer,
// one rule per entry of its Rules ("<analyzer>/<slug>", documented at
// the analyzer's URL + "#<slug>"), then its directive rule (a
// //httplint:ignore without a reason, documented in docs/integration.md).
func sarifRules(defs []lint.Definition, ruleDoc func(analyzer, slug string) (string, string), disabled *disableList) []sarif.Rule {
	var rules []sarif.Rule
	for _, d := range defs {
		tags := []string{"httplint", d.Name, "reliability"}
		hasDirective := false
		for _, r := range d.Rules {
			hasDirective = hasDirective || r.Slug == lint.DirectiveCategory
			if disabled != nil && disabled.Disabled(d.Name, r.Slug) {
				continue
			}
			var description, help string
			if ruleDoc != nil {
				description, help = ruleDoc(d.Name, r.Slug)
			}
			rules = append(rules, sarif.Rule{
				ID:          ruleID(d.Name, r.Slug),
				Summary:     r.Summary,
				Description: description,
				Help:        help,
				HelpURI:     anchor(d.Analyzer.URL, r.Slug),
				Tags:        tags,
			})
		}
		if !hasDirective {
			rules = append(rules, sarif.Rule{
				ID:      ruleID(d.Name, lint.DirectiveCategory),
				Summary: fmt.Sprintf("//httplint:ignore directive for %s without a reason: it silences nothing", d.Name),
				Description: "A //httplint:ignore directive must give a reason after the rule name " +
					"(//httplint:ignore acquiretimeout/client-no-deadline the caller sets a deadline); without one it silences nothing.",
				HelpURI: directiveHelp(d.Analyzer.URL),
				Tags:    tags,
			})
		}
	}
	return rules
}

func anchor(url, frag string) string {
	if url == "" {
		return ""
	}
	return url + "#" + frag
}

// directiveHelp returns the documentation of //httplint:ignore: the
// "Suppressing findings" section of docs/integration.md next to the
// analyzer's docs/rules page, or the page's #suppressing section.
func directiveHelp(url string) string {
	if base, _, ok := strings.Cut(url, "/docs/rules/"); ok {
		return base + "/docs/integration.md#suppressing-findings"
	}
	return anchor(url, "suppressing")
}

// RuleID returns the rule id of a diagnostic of analyzer with category:
// "<analyzer>/<category>", or the analyzer's name without a category.
func ruleID(analyzer, category string) string {
	if category == "" {
		return analyzer
	}
	return analyzer + "/" + category
}

// addOutcomes adds to b the findings fs and a notification for each of
// outs that failed. A diagnostic whose rule is not in the table gets a
// rule added, documented by its analyzer's URL.
func addOutcomes(b *sarif.Builder, outs []*outcome, fs []finding, state string) error {
	for _, o := range outs {
		if o.err != nil {
			b.AddNotification("error", fmt.Sprintf("%s: %v", o, o.err))
		}
	}
	root := sourceRoot()
	seen := make(map[string]int)
	for _, f := range fs {
		e := entryOf(root, f)
		key := e.Rule + "\x00" + e.File + "\x00" + e.Func + "\x00" + e.Message
		n := seen[key]
		seen[key]++
		sum := sha256.Sum256([]byte(fmt.Sprintf("%s\x00%d", key, n)))
		if err := addDiagnostic(b, f.out.pkg.Fset, f.out.analyzer, f.diag, hex.EncodeToString(sum[:16]), state); err != nil {
			return err
		}
	}
	return nil
}

func addDiagnostic(b *sarif.Builder, fset *token.FileSet, a *analysis.Analyzer, d analysis.Diagnostic, fingerprint, state string) error {
	id := ruleID(a.Name, d.Category)
	if !b.HasRule(id) {
		b.AddRule(sarif.Rule{ID: id, Summary: firstLine(a.Doc), HelpURI: a.URL})
	}
	sd := sarif.Diagnostic{
		RuleID:        id,
		Message:       strings.TrimSuffix(d.Message, lint.RuleSuffix(a.Name, d.Category)),
		Start:         fset.Position(d.Pos),
		End:           position(fset, d.End),
		Fingerprint:   fingerprint,
		BaselineState: state,
	}
	if reason, ok := lint.Suppression(d); ok {
		sd.Suppressed, sd.Reason = true, reason
	}
	for _, r := range d.Related {
		sd.Related = append(sd.Related, sarif.Related{Start: fset.Position(r.Pos), End: position(fset, r.End), Message: r.Message})
	}
	for _, f := range d.SuggestedFixes {
		sf := sarif.SuggestedFix{Message: f.Message}
		for _, e := range f.TextEdits {
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			sf.Edits = append(sf.Edits, sarif.Edit{Start: fset.Position(e.Pos), End: fset.Position(end), New: string(e.NewText)})
		}
		sd.Fixes = append(sd.Fixes, sf)
	}
	_, err := b.AddResult(sd)
	return err
}

func position(fset *token.FileSet, p token.Pos) token.Position {
	if !p.IsValid() {
		return token.Position{}
	}
	return fset.Position(p)
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}
