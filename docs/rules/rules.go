// Package rules embeds the rule documentation pages (one per analyzer,
// a "## <rule>" section per rule), from which drivers take the
// description and help of each rule (SARIF's fullDescription and help).
package rules

import (
	"embed"
	"strings"
)

//go:embed *.md
var pages embed.FS

// Section returns the Markdown of the "## slug" section of analyzer's
// page, without its heading, or "" when there is none.
func Section(analyzer, slug string) string {
	data, err := pages.ReadFile(analyzer + ".md")
	if err != nil {
		return ""
	}
	var out []string
	in := false
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "## ") {
			if in {
				break
			}
			in = strings.TrimSpace(strings.TrimPrefix(line, "## ")) == slug
			continue
		}
		if in {
			out = append(out, line)
		}
	}
	return strings.TrimSpace(strings.Join(out, "\n"))
}

// Description returns the first paragraph of the "## slug" section as
// plain text, or "".
func Description(analyzer, slug string) string {
	sec := Section(analyzer, slug)
	para, _, _ := strings.Cut(sec, "\n\n")
	return PlainText(para)
}

// PlainText removes the Markdown emphasis and code marks of s and joins
// its lines.
func PlainText(s string) string {
	s = strings.NewReplacer("**", "", "`", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// Rule returns the description and the whole section of a rule (see
// Description and Section), as lint.Suite.RuleDoc wants them.
func Rule(analyzer, slug string) (description, section string) {
	return Description(analyzer, slug), Section(analyzer, slug)
}
