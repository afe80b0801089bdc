package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/sarif"
	"github.com/httplint/httplint/internal/sarif/sariftest"
	"github.com/httplint/httplint/internal/testutil"
)

// readSARIF validates a SARIF log structurally and decodes it.
func readSARIF(t *testing.T, data []byte) *sarif.Log {
	t.Helper()
	if err := sariftest.Validate(data); err != nil {
		t.Fatalf("invalid SARIF: %v\n%s", err, data)
	}
	var l sarif.Log
	if err := json.Unmarshal(data, &l); err != nil {
		t.Fatal(err)
	}
	if l.Version != "2.1.0" || l.Schema != "https://json.schemastore.org/sarif-2.1.0.json" || len(l.Runs) != 1 {
		t.Fatalf("version %q, $schema %q, %d runs", l.Version, l.Schema, len(l.Runs))
	}
	return &l
}

// TestSARIF runs httplint -sarif=FILE on the incidents: exit code and
// text output as standalone, and a SARIF log with a rule for every rule
// of every analyzer and a result, at the same place, for every finding of
// the -json output.
func TestSARIF(t *testing.T) {
	bin := httplintBinary(t)
	root := moduleRoot(t)
	out := filepath.Join(t.TempDir(), "httplint.sarif")

	r := run(t, root, bin, "-sarif="+out, "./testdata/incidents/...")
	if r.code != 3 {
		t.Errorf("exit code %d, want 3 (findings); stderr:\n%s", r.code, r.stderr)
	}
	checkFindings(t, r.stdout) // the text findings are still printed
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	l := readSARIF(t, data)
	run0 := l.Runs[0]
	if d := run0.Tool.Driver; d.Name != "httplint" || d.InformationURI == "" {
		t.Errorf("driver %+v", d)
	}

	rules := make(map[string]*sarif.ReportingDescriptor)
	for _, rule := range run0.Tool.Driver.Rules {
		rules[rule.ID] = rule
	}
	for _, d := range analyzers.Definitions() {
		for _, want := range d.Rules {
			id := d.Name + "/" + want.Slug
			rule := rules[id]
			switch {
			case rule == nil:
				t.Errorf("no rule %q", id)
			case rule.ShortDescription.Text != want.Summary:
				t.Errorf("%s: shortDescription %q, want %q", id, rule.ShortDescription.Text, want.Summary)
			case rule.HelpURI != d.Analyzer.URL+"#"+want.Slug:
				t.Errorf("%s: helpUri %q, want %q", id, rule.HelpURI, d.Analyzer.URL+"#"+want.Slug)
			}
		}
		if rules[d.Name+"/directive"] == nil {
			t.Errorf("no rule %s/directive", d.Name)
		}
	}

	// Every -json finding is a SARIF result with the same rule, file
	// (relative to the module root), line and column (ASCII sources).
	type key struct {
		rule, uri  string
		line, col  int
		endL, endC int
	}
	results := make(map[key]bool)
	for _, res := range run0.Results {
		loc := res.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || strings.HasPrefix(loc.ArtifactLocation.URI, "/") {
			t.Errorf("%s: location %+v, want a URI relative to %%SRCROOT%%", res.RuleID, loc.ArtifactLocation)
		}
		if res.Level != "warning" {
			t.Errorf("%s: level %q", res.RuleID, res.Level)
		}
		results[key{res.RuleID, loc.ArtifactLocation.URI, loc.Region.StartLine, loc.Region.StartColumn, loc.Region.EndLine, loc.Region.EndColumn}] = true
	}
	if base := run0.OriginalURIBaseIDs["%SRCROOT%"]; base == nil || base.URI != "file://"+filepath.ToSlash(root)+"/" {
		t.Errorf("originalUriBaseIds %+v, want file://%s/", base, root)
	}
	j := run(t, root, bin, "-json", "./testdata/incidents/...")
	n := 0
	for _, d := range jsonDiagnostics(t, j.stdout) {
		file, line, col := splitPosn(t, d.Posn)
		_, endLine, endCol := splitPosn(t, d.End)
		rel, _ := filepath.Rel(root, file)
		k := key{d.Analyzer + "/" + d.Category, filepath.ToSlash(rel), line, col, endLine, endCol}
		if !results[k] {
			t.Errorf("-json finding %+v has no SARIF result %+v", d, k)
		}
		n++
	}
	if n == 0 || n != len(run0.Results) {
		t.Errorf("%d -json findings, %d SARIF results", n, len(run0.Results))
	}
}

type jsonDiag struct {
	Analyzer string
	Category string `json:"category"`
	Posn     string `json:"posn"`
	End      string `json:"end"`
	Message  string `json:"message"`
}

// jsonDiagnostics returns the diagnostics of go/analysis -json output
// (one JSON tree per package; go vet's "# pkg" lines between them are
// skipped), without duplicates (a file in a package and its test
// variant).
func jsonDiagnostics(t *testing.T, out string) []jsonDiag {
	t.Helper()
	var diags []jsonDiag
	seen := make(map[jsonDiag]bool)
	var trees []string
	for line := range strings.Lines(out) {
		if !strings.HasPrefix(line, "#") {
			trees = append(trees, line)
		}
	}
	dec := json.NewDecoder(strings.NewReader(strings.Join(trees, "")))
	for dec.More() {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			t.Fatalf("decoding -json output: %v", err)
		}
		for _, as := range tree {
			for name, raw := range as {
				var ds []jsonDiag
				if json.Unmarshal(raw, &ds) != nil {
					continue
				}
				for _, d := range ds {
					d.Analyzer = name
					if !seen[d] {
						seen[d] = true
						diags = append(diags, d)
					}
				}
			}
		}
	}
	return diags
}

var posnRE = regexp.MustCompile(`^(.*):(\d+):(\d+)$`)

func splitPosn(t *testing.T, posn string) (string, int, int) {
	t.Helper()
	m := posnRE.FindStringSubmatch(posn)
	if m == nil {
		t.Fatalf("position %q", posn)
	}
	line, _ := strconv.Atoi(m[2])
	col, _ := strconv.Atoi(m[3])
	return m[1], line, col
}

// TestSARIFScratch runs -sarif (to stdout) on a scratch module: a
// directive without a reason is a result of the directive rule; URIs are
// relative to that module's root; enable flags select the rule table;
// analyzer flags apply; a clean package gives exit 0 and no results.
func TestSARIFScratch(t *testing.T) {
	bin := httplintBinary(t)
	dir := testutil.WriteModule(t, map[string]string{
		"a/a.go": `package a

import "net/http"

func Fetch(u string) {
	//httplint:ignore acquiretimeout
	http.Get(u)
}
`,
		"clean/clean.go": "package clean\n\nfunc Add(a, b int) int { return a + b }\n",
	})

	r := run(t, dir, bin, "-sarif=-", "./...")
	if r.code != 3 {
		t.Errorf("exit %d, want 3; stderr:\n%s", r.code, r.stderr)
	}
	l := readSARIF(t, []byte(r.stdout))
	got := make(map[string]string)
	for _, res := range l.Runs[0].Results {
		loc := res.Locations[0].PhysicalLocation
		got[res.RuleID] = loc.ArtifactLocation.URI + ":" + strconv.Itoa(loc.Region.StartLine) + ":" + strconv.Itoa(loc.Region.StartColumn)
	}
	if got["acquiretimeout/directive"] != "a/a.go:6:2" || got["acquiretimeout/client-no-deadline"] != "a/a.go:7:2" {
		t.Errorf("results %v, want the directive at a/a.go:6:2 and the finding it fails to silence at a/a.go:7:2", got)
	}

	// -acquiretimeout only: the rule table has only its rules.
	r = run(t, dir, bin, "-sarif=-", "-acquiretimeout", "./...")
	l = readSARIF(t, []byte(r.stdout))
	for _, rule := range l.Runs[0].Tool.Driver.Rules {
		if !strings.HasPrefix(rule.ID, "acquiretimeout/") {
			t.Errorf("-acquiretimeout: rule %q in the table", rule.ID)
		}
	}

	// An analyzer flag applies in SARIF mode.
	r = run(t, dir, bin, "-sarif=-", "-acquiretimeout.allow-pkgs=example.com/scratch/a", "./a")
	l = readSARIF(t, []byte(r.stdout))
	for _, res := range l.Runs[0].Results {
		if res.RuleID == "acquiretimeout/client-no-deadline" {
			t.Errorf("with -acquiretimeout.allow-pkgs: result %s", res.RuleID)
		}
	}

	// -sarif-srcroot changes the base of the URIs.
	r = run(t, dir, bin, "-sarif=-", "-sarif-srcroot="+filepath.Join(dir, "a"), "./a")
	l = readSARIF(t, []byte(r.stdout))
	if res := l.Runs[0].Results; len(res) == 0 || res[0].Locations[0].PhysicalLocation.ArtifactLocation.URI != "a.go" {
		t.Errorf("-sarif-srcroot=a: results %+v, want URIs relative to a/", res)
	}

	r = run(t, dir, bin, "-sarif=-", "./clean")
	if r.code != 0 {
		t.Errorf("clean package: exit %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	if l = readSARIF(t, []byte(r.stdout)); len(l.Runs[0].Results) != 0 || len(l.Runs[0].Tool.Driver.Rules) == 0 {
		t.Errorf("clean package: %d results, %d rules", len(l.Runs[0].Results), len(l.Runs[0].Tool.Driver.Rules))
	}

	// Errors: a bad flag is exit 2; a package that does not load is exit 1
	// with a SARIF log recording the failure.
	r = run(t, dir, bin, "-sarif=-", "-nosuchflag", "./...")
	if r.code != 2 || !strings.Contains(r.stderr, "nosuchflag") {
		t.Errorf("-sarif -nosuchflag: exit %d, stderr %q", r.code, r.stderr)
	}
	// (The package imports net/http: one that cannot reach HTTP is not
	// type-checked at all; see TestGating.)
	broken := testutil.WriteModule(t, map[string]string{"b/b.go": "package b\n\nimport \"net/http\"\n\nfunc F() { _ = http.Get; undefined() }\n"})
	r = run(t, broken, bin, "-sarif=-", "./...")
	if r.code != 1 {
		t.Errorf("type error: exit %d, want 1", r.code)
	}
	if l = readSARIF(t, []byte(r.stdout)); l.Runs[0].Invocations[0].ExecutionSuccessful {
		t.Errorf("type error: executionSuccessful is true")
	}
}
