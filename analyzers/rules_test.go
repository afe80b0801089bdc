package analyzers_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/testutil"
)

// quiet discards analysistest's expectation errors: each analyzer's own
// tests check them; here only the categories the fixtures produce count.
type quiet struct{}

func (quiet) Errorf(string, ...any) {}

// fixtureCategories runs analyzer d on every fixture package under its
// testdata (GOPATH-style src/ and the module in mod/) and returns, for
// each category reported, the fixtures that report it ("src/limits",
// "mod/backoffv4").
func fixtureCategories(t *testing.T, d lint.Definition) map[string][]string {
	t.Helper()
	dir, err := filepath.Abs(filepath.Join(d.Name, "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	out := make(map[string][]string)
	add := func(cat, fixture string) {
		for _, f := range out[cat] {
			if f == fixture {
				return
			}
		}
		out[cat] = append(out[cat], fixture)
	}
	a := d.New()
	if err := a.Flags.Set("include-tests", "true"); err != nil {
		t.Fatal(err)
	}
	srcs, _ := os.ReadDir(filepath.Join(dir, "src"))
	for _, e := range srcs {
		if !e.IsDir() || strings.Contains(e.Name(), ".") {
			continue
		}
		for _, r := range analysistest.Run(quiet{}, dir, a, e.Name()) {
			for _, diag := range r.Diagnostics {
				add(diag.Category, "src/"+e.Name())
			}
		}
	}
	if mod := filepath.Join(dir, "mod"); exists(mod) {
		testutil.DownloadModules(t, mod)
		for _, r := range analysistest.Run(quiet{}, mod, a, "./...") {
			rel := strings.TrimPrefix(r.Pass.Pkg.Path(), modulePath(t, mod)+"/")
			for _, diag := range r.Diagnostics {
				add(diag.Category, "mod/"+rel)
			}
		}
	}
	return out
}

func exists(p string) bool { _, err := os.Stat(p); return err == nil }

func modulePath(t *testing.T, dir string) string {
	data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(data), "\n")
	return strings.TrimSpace(strings.TrimPrefix(first, "module"))
}

// proofsLine matches a rule's Proofs line on its documentation page:
//
//	**Proofs**: code `limits.go`; fixtures `src/limits`, `mod/libs`; loopback `TestProofIdlePerHostDefault`.
//	**Proofs**: code `fanout.go`; fixtures `src/fanout`; no loopback proof: <reason>.
var proofsLine = regexp.MustCompile("^\\*\\*Proofs\\*\\*: code ((?:`[^`]+`(?:, )?)+); fixtures? ((?:`[^`]+`(?:, )?)+); (loopback ((?:`[^`]+`(?:, )?)+)|no loopback proof: .+)\\.$")

var backticked = regexp.MustCompile("`([^`]+)`")

// TestRulesProved checks, for every rule of every analyzer, that its
// documentation names its code, fixtures and loopback proof (or says why
// none is possible on loopback), that the code files (in the analyzer's
// directory or, for the shared model, the module's) and the proof
// functions exist, and that the named fixtures really produce the
// rule's category.
func TestRulesProved(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every analyzer over all its fixtures; skipped with -short")
	}
	for _, d := range analyzers.Definitions() {
		page, err := os.ReadFile(filepath.Join("..", "docs", "rules", d.Name+".md"))
		if err != nil {
			t.Fatal(err)
		}
		proofs, err := os.ReadFile(filepath.Join(d.Name, "proof_test.go"))
		if err != nil {
			t.Fatal(err)
		}
		cats := fixtureCategories(t, d)
		sections := strings.Split("\n"+string(page), "\n## ")
		for _, r := range d.Rules {
			var section string
			for _, s := range sections {
				if strings.HasPrefix(s, r.Slug+"\n") {
					section = s
				}
			}
			if section == "" {
				t.Errorf("%s/%s: docs/rules/%s.md has no \"## %s\" section", d.Name, r.Slug, d.Name, r.Slug)
				continue
			}
			var m []string
			for _, line := range strings.Split(section, "\n") {
				if strings.HasPrefix(line, "**Proofs**") {
					if m = proofsLine.FindStringSubmatch(line); m == nil {
						t.Errorf("%s/%s: malformed Proofs line %q", d.Name, r.Slug, line)
					}
				}
			}
			if m == nil {
				t.Errorf("%s/%s: no Proofs line in its section", d.Name, r.Slug)
				continue
			}
			for _, code := range backticked.FindAllStringSubmatch(m[1], -1) {
				// A code file is named from the analyzer's directory, or
				// from the module root for the shared model
				// (internal/http/httplib/resty.go).
				if !exists(filepath.Join(d.Name, code[1])) && !exists(filepath.Join("..", code[1])) {
					t.Errorf("%s/%s: code file %s does not exist", d.Name, r.Slug, code[1])
				}
			}
			for _, fx := range backticked.FindAllStringSubmatch(m[2], -1) {
				found := false
				for _, f := range cats[r.Slug] {
					found = found || f == fx[1]
				}
				if !found {
					t.Errorf("%s/%s: fixture %s produces no %s finding (fixtures that do: %v)", d.Name, r.Slug, fx[1], r.Slug, cats[r.Slug])
				}
			}
			if m[4] != "" {
				for _, p := range backticked.FindAllStringSubmatch(m[4], -1) {
					if !strings.Contains(string(proofs), "func "+p[1]+"(t *testing.T)") {
						t.Errorf("%s/%s: proof %s is not in %s/proof_test.go", d.Name, r.Slug, p[1], d.Name)
					}
				}
			}
		}
	}
}
