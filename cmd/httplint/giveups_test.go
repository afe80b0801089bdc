package main_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGiveupsCensus checks the hidden -httplint.giveups flag: it writes
// one JSON record per abandoned candidate (here, the incidents' client
// parameter whose caller is unknown), leaves the findings unchanged, and
// help does not list it.
func TestGiveupsCensus(t *testing.T) {
	bin := httplintBinary(t)
	root := moduleRoot(t)
	file := filepath.Join(t.TempDir(), "giveups.jsonl")
	with := run(t, root, bin, "-httplint.giveups="+file, "./testdata/incidents/...")
	without := run(t, root, bin, "./testdata/incidents/...")
	if with.stdout != without.stdout || with.code != without.code {
		t.Errorf("the census changed the findings:\n%s\nwant\n%s", with.stdout, without.stdout)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	reasons := make(map[string]bool)
	for line := range strings.Lines(string(data)) {
		var r struct{ Reason, Pos, Candidate string }
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("not a JSON record: %q: %v", line, err)
		}
		if r.Reason == "" || r.Pos == "" {
			t.Errorf("record without reason or position: %q", line)
		}
		reasons[r.Reason] = true
	}
	if !reasons["client-origin-unknown"] {
		t.Errorf("no client-origin-unknown record for incident001's client parameter:\n%s", data)
	}
	if h := run(t, root, bin, "help"); strings.Contains(h.stdout, "giveups") {
		t.Errorf("help lists the hidden census flag:\n%s", h.stdout)
	}
}
