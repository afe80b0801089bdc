package sarif

import (
	"fmt"
	"strings"

	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/report"
)

// Rules returns the rule table of the analyzers defs: for each analyzer,
// one rule per entry of its Rules ("<analyzer>/<slug>", documented at
// the analyzer's URL + "#<slug>"), then its directive rule (a
// //httplint:ignore without a reason, documented in docs/integration.md).
func Rules(defs []analyzers.Definition) []Rule {
	var rules []Rule
	for _, d := range defs {
		tags := []string{"httplint", d.Name, "reliability"}
		hasDirective := false
		for _, r := range d.Rules {
			hasDirective = hasDirective || r.Slug == report.DirectiveCategory
			rules = append(rules, Rule{
				ID:      RuleID(d.Name, r.Slug),
				Summary: r.Summary,
				HelpURI: anchor(d.Analyzer.URL, r.Slug),
				Tags:    tags,
			})
		}
		if !hasDirective {
			rules = append(rules, Rule{
				ID:      RuleID(d.Name, report.DirectiveCategory),
				Summary: fmt.Sprintf("//httplint:ignore directive for %s without a reason: it silences nothing", d.Name),
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
