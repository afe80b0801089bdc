package driver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/analyzers"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/testutil"
)

// vetConfigs returns, for each package of the module in dir, the
// configuration go vet would pass (without PackageVetx): its files and
// the compiled export data of its imports, from go list -export.
func vetConfigs(t *testing.T, dir string) map[string]*vetConfig {
	t.Helper()
	cmd := exec.Command("go", "list", "-export", "-deps", "-json=ImportPath,Dir,GoFiles,Imports,Export,Standard", "./...")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	type listed struct {
		ImportPath, Dir, Export string
		GoFiles, Imports        []string
		Standard                bool
	}
	var all []listed
	for dec := json.NewDecoder(bytes.NewReader(out)); dec.More(); {
		var p listed
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		all = append(all, p)
	}
	export := make(map[string]string)
	standard := make(map[string]bool)
	for _, p := range all {
		export[p.ImportPath] = p.Export
		standard[p.ImportPath] = p.Standard
	}
	// The facts files go vet would pass for the standard library's
	// packages: empty, but for the client libraries (net/http).
	scratch := t.TempDir()
	empty, bare := filepath.Join(scratch, "empty.vetx"), filepath.Join(scratch, "bare.vetx")
	if err := writeVetx(empty, false, nil); err != nil {
		t.Fatal(err)
	}
	if err := writeVetx(bare, true, nil); err != nil {
		t.Fatal(err)
	}
	cfgs := make(map[string]*vetConfig)
	for _, p := range all {
		if p.Standard {
			continue
		}
		cfg := &vetConfig{
			ID: p.ImportPath, Compiler: "gc", Dir: p.Dir, ImportPath: p.ImportPath, GoVersion: "go1.26",
			ModulePath: "example.com/scratch",
			ImportMap:  make(map[string]string), PackageFile: make(map[string]string), PackageVetx: make(map[string]string),
			VetxOutput: filepath.Join(t.TempDir(), "vet.out"),
		}
		for _, f := range p.GoFiles {
			cfg.GoFiles = append(cfg.GoFiles, filepath.Join(p.Dir, f))
		}
		for _, imp := range p.Imports {
			cfg.ImportMap[imp] = imp
			cfg.PackageFile[imp] = export[imp]
			if standard[imp] {
				cfg.PackageVetx[imp] = empty
				if httplib.IsClientLibrary(imp) {
					cfg.PackageVetx[imp] = bare
				}
			}
		}
		cfgs[p.ImportPath] = cfg
	}
	return cfgs
}

// vetDefinitionAnalyzers returns the suite's analyzers.
func vetDefinitionAnalyzers() []*analysis.Analyzer {
	var as []*analysis.Analyzer
	for _, d := range analyzers.Definitions() {
		as = append(as, d.Analyzer)
	}
	return as
}

// vetDiagnostics returns "file:line: message" for the diagnostics of
// outs, and the analysis errors.
func vetDiagnostics(t *testing.T, outs []*outcome) []string {
	t.Helper()
	var got []string
	for _, o := range outs {
		if o.err != nil {
			t.Errorf("%s: %v", o, o.err)
		}
		for _, d := range o.diags {
			p := o.pkg.Fset.Position(d.Pos)
			got = append(got, fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, d.Message))
		}
	}
	return got
}

// TestVetPackage runs the go vet driver on each package of a scratch
// module as go vet would, dependencies first, and checks the gate (a
// package that cannot reach HTTP is not even parsed, and its facts file
// is empty), that reaching HTTP through a module package is seen from
// facts files alone, and that summaries flow through them.
func TestVetPackage(t *testing.T) {
	dir := testutil.WriteModule(t, map[string]string{
		"httpx/httpx.go": "package httpx\n\nimport \"net/http\"\n\n// New returns a client without a Timeout.\nfunc New() *http.Client { return &http.Client{} }\n",
		"mid/mid.go":     "package mid\n\nimport \"example.com/scratch/httpx\"\n\nvar Client = httpx.New()\n",
		"app/app.go":     "package app\n\nimport \"example.com/scratch/mid\"\n\nfunc Fetch(u string) error {\n\tresp, err := mid.Client.Get(u)\n\tif err != nil {\n\t\treturn err\n\t}\n\treturn resp.Body.Close()\n}\n",
		"plain/plain.go": "package plain\n\nimport \"strings\"\n\nvar X = strings.ToUpper(\"x\")\n",
	})
	cfgs := vetConfigs(t, dir)
	as := vetDefinitionAnalyzers()
	vet := func(path string, vetxOnly bool) ([]*outcome, []byte, error) {
		t.Helper()
		cfg := cfgs[path]
		cfg.VetxOnly = vetxOnly
		outs, err := vetPackage(cfg, facts.Scope, as)
		data, rerr := os.ReadFile(cfg.VetxOutput)
		if rerr != nil && err == nil {
			t.Fatalf("%s: no facts file: %v", path, rerr)
		}
		return outs, data, err
	}

	// A package that cannot reach HTTP: not type-checked, so a type
	// error goes unnoticed, and an empty facts file.
	ill := filepath.Join(t.TempDir(), "ill.go")
	if err := os.WriteFile(ill, []byte("package plain\n\nimport \"strings\"\n\nvar X int = strings.ToUpper(\"x\")\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	plain := cfgs["example.com/scratch/plain"]
	plain.GoFiles = []string{ill}
	outs, data, err := vet("example.com/scratch/plain", false)
	if err != nil || len(outs) > 0 || len(data) > 0 {
		t.Errorf("vet plain (no HTTP, a type error): outcomes %d, facts %q, error %v; want none", len(outs), data, err)
	}
	// The same type error where HTTP is reached is reported.
	httpx := cfgs["example.com/scratch/httpx"]
	saved := httpx.GoFiles
	httpx.GoFiles = []string{ill}
	httpx.ImportMap["strings"], httpx.PackageFile["strings"] = "strings", plain.PackageFile["strings"]
	if _, _, err := vet("example.com/scratch/httpx", true); err == nil || !strings.Contains(err.Error(), "cannot use") {
		t.Errorf("vet of an HTTP package with a type error: error %v, want the type error", err)
	}
	httpx.GoFiles = saved

	_, httpxFacts, err := vet("example.com/scratch/httpx", true)
	if err != nil || !bytes.HasPrefix(httpxFacts, []byte(vetxMagic)) || len(httpxFacts) == len(vetxMagic) {
		t.Fatalf("vet httpx: error %v, facts %q; want facts", err, httpxFacts)
	}
	cfgs["example.com/scratch/mid"].PackageVetx["example.com/scratch/httpx"] = httpx.VetxOutput
	_, midFacts, err := vet("example.com/scratch/mid", true)
	if err != nil || !bytes.HasPrefix(midFacts, []byte(vetxMagic)) {
		t.Fatalf("vet mid: error %v, facts %q; want facts", err, midFacts)
	}

	// app reaches HTTP only through mid, and sees its summary.
	app := cfgs["example.com/scratch/app"]
	app.PackageVetx["example.com/scratch/mid"] = cfgs["example.com/scratch/mid"].VetxOutput
	outs, _, err = vet("example.com/scratch/app", false)
	if err != nil {
		t.Fatal(err)
	}
	got := vetDiagnostics(t, outs)
	if len(got) != 1 || !strings.HasPrefix(got[0], "app.go:6: http.Client has no Timeout") {
		t.Errorf("vet app: got %q, want the finding from mid's summary", got)
	}

	// Facts files decide: with mid's empty, app is not analysed; with
	// mid's reaching HTTP but holding no facts, app has no finding.
	empty := filepath.Join(t.TempDir(), "empty.vetx")
	if err := os.WriteFile(empty, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	app.PackageVetx["example.com/scratch/mid"] = empty
	if outs, _, err := vet("example.com/scratch/app", false); err != nil || len(outs) > 0 {
		t.Errorf("vet app, mid's facts file empty: %d outcomes, error %v; want none", len(outs), err)
	}
	bare := filepath.Join(t.TempDir(), "bare.vetx")
	if err := writeVetx(bare, true, nil); err != nil {
		t.Fatal(err)
	}
	app.PackageVetx["example.com/scratch/mid"] = bare
	if outs, _, err := vet("example.com/scratch/app", false); err != nil || len(outs) == 0 || len(vetDiagnostics(t, outs)) > 0 {
		t.Errorf("vet app, mid without facts: %d outcomes, %q, error %v; want analysis, no finding", len(outs), vetDiagnostics(t, outs), err)
	}

	// A facts file from another tool is an error, not a silent miss.
	other := filepath.Join(t.TempDir(), "other.vetx")
	if err := os.WriteFile(other, []byte("vetx\x00\x00\x00\x00"), 0o666); err != nil {
		t.Fatal(err)
	}
	app.PackageVetx["example.com/scratch/mid"] = other
	if _, _, err := vet("example.com/scratch/app", false); err == nil || !strings.Contains(err.Error(), "not written by this tool") {
		t.Errorf("vet app with a foreign facts file: error %v", err)
	}
}

// TestIsVetRun: go vet's analysis runs go to runVet, its -fix runs to
// unitchecker.
func TestIsVetRun(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"/tmp/b001/vet.cfg"}, true},
		{[]string{"-json", "-poolsize.strict", "/tmp/b001/vet.cfg"}, true},
		{[]string{"-fix", "/tmp/b001/vet.cfg"}, false},
		{[]string{"-fix", "-diff", "/tmp/b001/vet.cfg"}, false},
		{[]string{"-flags"}, false},
		{[]string{"./..."}, false},
	} {
		if got := isVetRun(c.args); got != c.want {
			t.Errorf("isVetRun(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}
