package sarif_test

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/analyzerdoc"
	"github.com/httplint/httplint/internal/sarif"
)

// TestRules checks the rule table of the whole suite: unique ids, one per
// rule of every Definition plus its directive rule, each with a summary
// and a help URI into the analyzer's documentation page.
func TestRules(t *testing.T) {
	defs := analyzers.Definitions()
	rules := sarif.Rules(defs)
	ids := make(map[string]sarif.Rule)
	for _, r := range rules {
		if _, dup := ids[r.ID]; dup {
			t.Errorf("duplicate rule id %q", r.ID)
		}
		ids[r.ID] = r
	}
	for _, d := range defs {
		want := slices.Clone(d.Rules)
		want = append(want, analyzerdoc.Rule{Slug: "directive"})
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

// TestBuilder checks locations (relative to the root, UTF-16 columns),
// de-duplication, rule indexes, related locations and fixes.
func TestBuilder(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "dir with space", "x.go")
	src := "package x\n\nvar s = \"héllo😀\"; var t = 1\n"
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	// "var t" starts after `var s = "héllo😀"; ` on line 3: byte column
	// 23 (é is 2 bytes, 😀 4), UTF-16 column 20 (😀 is a surrogate pair).
	off := strings.Index(src, "var t")
	line3 := strings.Index(src, "var s")
	start := position(file, src, off)
	end := position(file, src, off+len("var t = 1"))
	if start.Column != off-line3+1 || start.Column != 23 {
		t.Fatalf("test setup: byte column %d", start.Column)
	}

	b := sarif.NewBuilder(sarif.Driver{Name: "httplint", Version: "v1.2.3"}, root)
	b.AddRule(sarif.Rule{ID: "a/one", Summary: "first", HelpURI: "https://example.com/a.md#one"})
	if i := b.AddRule(sarif.Rule{ID: "b/two", Summary: "second"}); i != 1 {
		t.Errorf("AddRule index %d, want 1", i)
	}
	if i := b.AddRule(sarif.Rule{ID: "a/one", Summary: "again"}); i != 0 {
		t.Errorf("AddRule of an existing id: index %d, want 0", i)
	}
	d := sarif.Diagnostic{
		RuleID: "b/two", Message: "m", Start: start, End: end,
		Related: []sarif.Related{{Start: position(file, src, 0), Message: "here"}},
		Fixes: []sarif.SuggestedFix{{Message: "Fix it", Edits: []sarif.Edit{
			{Start: start, End: end, New: "var t = 2"},
		}}},
	}
	for i, wantNew := range []bool{true, false} {
		if added, err := b.AddResult(d); err != nil || added != wantNew {
			t.Errorf("AddResult #%d = %v, %v; want %v, nil", i, added, err, wantNew)
		}
	}
	outside := position(filepath.Join(filepath.Dir(root), "elsewhere.go"), "", 0)
	if _, err := b.AddResult(sarif.Diagnostic{RuleID: "a/one", Message: "outside", Start: outside}); err != nil {
		t.Error(err)
	}
	if _, err := b.AddResult(sarif.Diagnostic{RuleID: "c/none", Message: "x", Start: start}); err == nil {
		t.Error("AddResult with an unknown rule: no error")
	}
	b.AddNotification("error", "package x: broken")

	var buf bytes.Buffer
	if err := sarif.Write(&buf, b.Log()); err != nil {
		t.Fatal(err)
	}
	if err := sarif.Validate(buf.Bytes()); err != nil {
		t.Fatalf("invalid SARIF: %v\n%s", err, buf.String())
	}
	var log sarif.Log
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	if len(run.Results) != 2 {
		t.Fatalf("%d results, want 2 (a duplicate dropped)", len(run.Results))
	}
	var r *sarif.Result
	for _, x := range run.Results {
		if x.RuleID == "b/two" {
			r = x
		}
	}
	if r == nil || r.RuleIndex != 1 || r.Level != "warning" {
		t.Fatalf("result %+v", r)
	}
	loc := r.Locations[0].PhysicalLocation
	if got, want := loc.ArtifactLocation.URI, "dir%20with%20space/x.go"; got != want || loc.ArtifactLocation.URIBaseID != sarif.SrcRoot {
		t.Errorf("uri %q base %q, want %q relative to %s", got, loc.ArtifactLocation.URIBaseID, want, sarif.SrcRoot)
	}
	if reg := loc.Region; reg.StartLine != 3 || reg.StartColumn != 20 || reg.EndLine != 3 || reg.EndColumn != 29 {
		t.Errorf("region %+v, want 3:20-3:29 in UTF-16 code units", *reg)
	}
	if len(r.RelatedLocations) != 1 || *r.RelatedLocations[0].ID != 1 || r.RelatedLocations[0].Message.Text != "here" {
		t.Errorf("related %+v", r.RelatedLocations)
	}
	rep := r.Fixes[0].ArtifactChanges[0].Replacements[0]
	if *rep.DeletedRegion.ByteOffset != off || *rep.DeletedRegion.ByteLength != len("var t = 1") || rep.InsertedContent.Text != "var t = 2" {
		t.Errorf("fix replacement %+v", rep)
	}
	for _, x := range run.Results {
		if x.Message.Text == "outside" {
			if u := x.Locations[0].PhysicalLocation.ArtifactLocation; !strings.HasPrefix(u.URI, "file:///") || u.URIBaseID != "" {
				t.Errorf("file outside the root: %+v, want an absolute file URI", u)
			}
		}
	}
	if base := run.OriginalURIBaseIDs[sarif.SrcRoot]; base == nil || !strings.HasPrefix(base.URI, "file:///") || !strings.HasSuffix(base.URI, "/") {
		t.Errorf("originalUriBaseIds %+v", run.OriginalURIBaseIDs)
	}
	if inv := run.Invocations[0]; inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 {
		t.Errorf("invocation %+v: want unsuccessful with one notification", inv)
	}
	if run.Tool.Driver.Rules[0].Name != "AOne" || run.Tool.Driver.Rules[0].Help == nil {
		t.Errorf("rule 0: %+v", run.Tool.Driver.Rules[0])
	}
}

// TestEmptyLog: a clean run still has a rule table and "results": [].
func TestEmptyLog(t *testing.T) {
	b := sarif.NewBuilder(sarif.Driver{Name: "httplint"}, t.TempDir())
	var buf bytes.Buffer
	if err := sarif.Write(&buf, b.Log()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"results": []`) || !strings.Contains(buf.String(), `"executionSuccessful": true`) {
		t.Errorf("empty log:\n%s", buf.String())
	}
	if err := sarif.Validate(buf.Bytes()); err != nil {
		t.Error(err)
	}
}

// TestValidateRejects checks that Validate catches the mistakes it is
// meant to catch.
func TestValidateRejects(t *testing.T) {
	good := `{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"tool":{"driver":{"name":"x","rules":[{"id":"a/b","shortDescription":{"text":"s"}}]}},"originalUriBaseIds":{"%SRCROOT%":{"uri":"file:///r/"}},"results":[{"ruleId":"a/b","ruleIndex":0,"level":"warning","message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"x.go","uriBaseId":"%SRCROOT%"},"region":{"startLine":1,"startColumn":1}}}]}]}]}`
	if err := sarif.Validate([]byte(good)); err != nil {
		t.Fatalf("good log rejected: %v", err)
	}
	for _, tc := range []struct{ old, new, want string }{
		{`"version":"2.1.0"`, `"version":"2.0.0"`, "version"},
		{`"ruleIndex":0`, `"ruleIndex":1`, "ruleIndex"},
		{`"ruleId":"a/b"`, `"ruleId":"a/c"`, "not in tool.driver.rules"},
		{`"uri":"x.go"`, `"uri":"/abs/x.go"`, "must be relative"},
		{`,"uriBaseId":"%SRCROOT%"`, ``, "without uriBaseId"},
		{`"level":"warning"`, `"level":"warn"`, "level"},
		{`"startLine":1`, `"startLine":0`, "region"},
		{`{"id":"a/b","shortDescription":{"text":"s"}}`, `{"id":"a/b","shortDescription":{"text":"s"}},{"id":"a/b","shortDescription":{"text":"s"}}`, "duplicate"},
	} {
		bad := strings.Replace(good, tc.old, tc.new, 1)
		if err := sarif.Validate([]byte(bad)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s → %s: err = %v, want one mentioning %q", tc.old, tc.new, err, tc.want)
		}
	}
}

// TestAddGraph runs a toy analyzer through the checker API on a scratch
// module and converts its diagnostics: known categories map to their
// rules, an unknown one gets a rule of its own.
func TestAddGraph(t *testing.T) {
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
	g, err := checker.Analyze([]*analysis.Analyzer{toy}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	b := sarif.NewBuilder(sarif.Driver{Name: "toy"}, dir)
	b.AddRule(sarif.Rule{ID: "toy/known", Summary: "known rule", HelpURI: "https://example.com/toy.md#known"})
	if err := b.AddGraph(g); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := sarif.Write(&buf, b.Log()); err != nil {
		t.Fatal(err)
	}
	if err := sarif.Validate(buf.Bytes()); err != nil {
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
