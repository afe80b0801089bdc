package driver

import (
	"bytes"
	"go/ast"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/analyzers"
	rulesdoc "github.com/httplint/httplint/docs/rules"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/sarif"
	"github.com/httplint/httplint/internal/sarif/sariftest"
)

// TestRules checks the rule table of the whole suite: unique ids, one per
// rule of every Definition plus its directive rule, each with a summary
// and a help URI into the analyzer's documentation page.
func TestRules(t *testing.T) {
	defs := analyzers.Definitions()
	rules := sarifRules(defs, rulesdoc.Rule, nil)
	ids := make(map[string]sarif.Rule)
	for _, r := range rules {
		if _, dup := ids[r.ID]; dup {
			t.Errorf("duplicate rule id %q", r.ID)
		}
		ids[r.ID] = r
	}
	for _, d := range defs {
		want := slices.Clone(d.Rules)
		want = append(want, lint.Rule{Slug: "directive"})
		for _, want := range want {
			id := d.Name + "/" + want.Slug
			r, ok := ids[id]
			if !ok {
				t.Errorf("no rule %q", id)
				continue
			}
			if r.Summary == "" || (want.Summary != "" && r.Summary != want.Summary) {
				t.Errorf("%s: summary %q, want %q", id, r.Summary, want.Summary)
			}
			if want.Slug != "directive" && (!strings.Contains(r.Help, "**Reports**") || r.Description == "" || strings.Contains(r.Description, "**")) {
				t.Errorf("%s: help %.40q…, description %.40q…: want the rule's docs section and its first paragraph as text", id, r.Help, r.Description)
			}
			if want.Slug == "directive" {
				if !strings.HasSuffix(r.HelpURI, "/docs/integration.md#suppressing-findings") {
					t.Errorf("%s: helpUri %q, want docs/integration.md#suppressing-findings", id, r.HelpURI)
				}
				continue
			}
			if r.HelpURI != d.Analyzer.URL+"#"+want.Slug || !strings.Contains(r.HelpURI, "docs/rules/"+d.Name+".md#") {
				t.Errorf("%s: helpUri %q, want %s#%s", id, r.HelpURI, d.Analyzer.URL, want.Slug)
			}
		}
	}
	// The anchors exist: docs/integration.md#suppressing-findings and
	// each rule's heading on its analyzer's page.
	integration, err := os.ReadFile(filepath.Join("..", "..", "docs", "integration.md"))
	if err != nil || !hasHeading(string(integration), "suppressing-findings") {
		t.Errorf("docs/integration.md has no \"Suppressing findings\" heading (%v)", err)
	}
	for _, d := range defs {
		page, err := os.ReadFile(filepath.Join("..", "..", "docs", "rules", d.Name+".md"))
		if err != nil {
			t.Logf("%s: no documentation page yet: %v", d.Name, err)
			continue
		}
		for _, r := range rules {
			if frag, ok := strings.CutPrefix(r.HelpURI, d.Analyzer.URL+"#"); ok && !hasHeading(string(page), frag) {
				t.Errorf("%s: helpUri %s: docs/rules/%s.md has no heading with anchor #%s", r.ID, r.HelpURI, d.Name, frag)
			}
		}
	}
}

// hasHeading reports whether markdown has a heading whose GitHub anchor
// is frag (lower case, spaces to dashes, punctuation dropped).
func hasHeading(markdown, frag string) bool {
	for _, line := range strings.Split(markdown, "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		h := strings.ToLower(strings.TrimSpace(strings.TrimLeft(line, "#")))
		var sb strings.Builder
		for _, r := range h {
			switch {
			case r == ' ':
				sb.WriteRune('-')
			case r == '-' || r == '_' || ('a' <= r && r <= 'z') || ('0' <= r && r <= '9'):
				sb.WriteRune(r)
			}
		}
		if sb.String() == frag {
			return true
		}
	}
	return false
}

// TestAddOutcomes runs a toy analyzer through the schedule on a scratch
// module and converts its diagnostics: known categories map to their
// rules, an unknown one gets a rule of its own.
func TestAddOutcomes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/toy\n\ngo 1.26\n")
	write("p/p.go", "package p\n\nfunc F() {}\n\nfunc G() {}\n")
	toy := &analysis.Analyzer{
		Name: "toy",
		Doc:  "toy: reports functions",
		URL:  "https://example.com/toy.md",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				for _, decl := range f.Decls {
					fn := decl.(*ast.FuncDecl)
					cat := "known"
					if fn.Name.Name == "G" {
						cat = "other"
					}
					pass.Report(analysis.Diagnostic{Pos: fn.Name.Pos(), End: fn.Name.End(), Category: cat, Message: "function " + fn.Name.Name})
				}
			}
			return nil, nil
		},
	}
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax, Dir: dir, Tests: true}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("load: %v", err)
	}
	outs := schedule(unitsOf(pkgs), []*analysis.Analyzer{toy})
	b := sarif.NewBuilder(sarif.Driver{Name: "toy"}, dir)
	b.AddRule(sarif.Rule{ID: "toy/known", Summary: "known rule", HelpURI: "https://example.com/toy.md#known"})
	if err := addOutcomes(b, outs, findings(outs), ""); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := sarif.Write(&buf, b.Log()); err != nil {
		t.Fatal(err)
	}
	if err := sariftest.Validate(buf.Bytes()); err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	l := b.Log()
	rules := l.Runs[0].Tool.Driver.Rules
	if len(rules) != 2 || rules[1].ID != "toy/other" || rules[1].HelpURI != "https://example.com/toy.md" {
		t.Errorf("rules %+v, want toy/known and an added toy/other", rules)
	}
	res := l.Runs[0].Results
	if len(res) != 2 || res[0].RuleID != "toy/known" || res[1].RuleID != "toy/other" {
		t.Fatalf("results %+v", res)
	}
	if u := res[0].Locations[0].PhysicalLocation.ArtifactLocation.URI; u != "p/p.go" {
		t.Errorf("uri %q, want p/p.go", u)
	}
	if r := res[0].Locations[0].PhysicalLocation.Region; r.StartLine != 3 || r.StartColumn != 6 || r.EndColumn != 7 {
		t.Errorf("region %+v, want 3:6-3:7", *r)
	}
}
