package facts_test

import (
	"bytes"
	"encoding/gob"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/httplint/httplint/internal/http/facts"
)

func TestFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), facts.Analyzer, "ctor", "ctx", "body", "tunes", "tunesclient", "wraps", "definedclient")
}

// TestFactsDeterministic: the facts are gob-encodable, survive a round
// trip, and encode to the same bytes on every run, as build systems that
// cache analysis results (Bazel's nogo, go vet with GOCACHEPROG) need.
func TestFactsDeterministic(t *testing.T) {
	encodeAll := func() map[string][]byte {
		g := analyzeTestdata(t, "ctor", "ctx", "body", "tunes", "tunesclient", "wraps", "definedclient")
		out := make(map[string][]byte)
		for act := range g.All() {
			if act.Err != nil {
				t.Fatalf("%s: %v", act, act.Err)
			}
			for _, f := range act.AllObjectFacts() {
				key := act.Package.Fset.Position(f.Object.Pos()).String() + " " + f.Object.Name()
				var buf bytes.Buffer
				if err := gob.NewEncoder(&buf).Encode(f.Fact); err != nil {
					t.Fatalf("%s: %v", key, err)
				}
				decoded := reflect.New(reflect.TypeOf(f.Fact).Elem()).Interface()
				if err := gob.NewDecoder(bytes.NewReader(buf.Bytes())).Decode(decoded); err != nil {
					t.Fatalf("%s: decoding: %v", key, err)
				}
				// Positions (unexported) are local to the package and
				// not encoded; everything encoded must come back.
				var again bytes.Buffer
				if err := gob.NewEncoder(&again).Encode(decoded); err != nil {
					t.Fatalf("%s: re-encoding: %v", key, err)
				}
				if !bytes.Equal(again.Bytes(), buf.Bytes()) {
					t.Errorf("%s: %v does not survive a gob round trip (got %v)", key, f.Fact, decoded)
				}
				out[key] = buf.Bytes()
			}
		}
		return out
	}
	first, second := encodeAll(), encodeAll()
	if len(first) == 0 {
		t.Fatal("no facts exported")
	}
	for k, b := range first {
		if !bytes.Equal(b, second[k]) {
			t.Errorf("%s: the fact encodes differently on a second run", k)
		}
	}
	if len(first) != len(second) {
		t.Errorf("%d facts on the first run, %d on the second", len(first), len(second))
	}
}

// analyzeTestdata runs the facts analyzer on testdata/src packages
// (GOPATH mode, as analysistest loads them).
func analyzeTestdata(t *testing.T, patterns ...string) *checker.Graph {
	t.Helper()
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	cfg := &packages.Config{
		Mode: packages.LoadAllSyntax,
		Dir:  filepath.Join(testdata, "src"),
		Env:  append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOPROXY=off"),
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{facts.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}
