package sarif_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/httplint/httplint/internal/sarif"
	"github.com/httplint/httplint/internal/sarif/sariftest"
)

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
	if err := sariftest.Validate(buf.Bytes()); err != nil {
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
	if err := sariftest.Validate(buf.Bytes()); err != nil {
		t.Error(err)
	}
}

// TestValidateRejects checks that Validate catches the mistakes it is
// meant to catch.
func TestValidateRejects(t *testing.T) {
	good := `{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"tool":{"driver":{"name":"x","rules":[{"id":"a/b","shortDescription":{"text":"s"}}]}},"originalUriBaseIds":{"%SRCROOT%":{"uri":"file:///r/"}},"results":[{"ruleId":"a/b","ruleIndex":0,"level":"warning","message":{"text":"m"},"locations":[{"physicalLocation":{"artifactLocation":{"uri":"x.go","uriBaseId":"%SRCROOT%"},"region":{"startLine":1,"startColumn":1}}}]}]}]}`
	if err := sariftest.Validate([]byte(good)); err != nil {
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
		if err := sariftest.Validate([]byte(bad)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s → %s: err = %v, want one mentioning %q", tc.old, tc.new, err, tc.want)
		}
	}
}

// TestValidateSchema checks that the official schema rejects what it
// must: the validator is not a no-op.
func TestValidateSchema(t *testing.T) {
	for _, bad := range []string{
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"ruleId":"a","level":"fatal","message":{"text":"m"}}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x"}},"results":[{"ruleId":"a"}]}]}`,
		`{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x","rules":[{"id":"a","properties":{"precision":1}}]}},"results":[],"unknownField":1}]}`,
	} {
		if err := sariftest.ValidateSchema([]byte(bad)); err == nil {
			t.Errorf("schema accepted %s", bad)
		}
	}
	good := `{"version":"2.1.0","runs":[{"tool":{"driver":{"name":"x","semanticVersion":"1.2.3"}},"results":[{"ruleId":"a","message":{"text":"m"},"partialFingerprints":{"httplint/v1":"ab"},"suppressions":[{"kind":"inSource","justification":"why"}],"baselineState":"new"}]}]}`
	if err := sariftest.ValidateSchema([]byte(good)); err != nil {
		t.Errorf("schema rejected a valid log: %v", err)
	}
}
