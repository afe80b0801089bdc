package giveup_test

import (
	"bytes"
	"encoding/json"
	"go/token"
	"strings"
	"testing"

	"github.com/httplint/httplint/internal/giveup"
)

func TestCensus(t *testing.T) {
	fset := token.NewFileSet()
	f := fset.AddFile("a.go", -1, 100)
	f.SetLines([]int{0, 10, 20})
	giveup.Note(fset, f.Pos(12), "off", "not recorded")
	var buf bytes.Buffer
	giveup.Start(&buf)
	giveup.Note(fset, f.Pos(12), "transport-escapes", "t0")
	giveup.Note(fset, f.Pos(12), "transport-escapes", "t0 again") // the same place: once
	giveup.Note(fset, token.NoPos, "origins-budget", "v")
	if err := giveup.Stop(); err != nil {
		t.Fatal(err)
	}
	giveup.Note(fset, f.Pos(1), "after", "not recorded")
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d records, want 2:\n%s", len(lines), buf.String())
	}
	var r giveup.Record
	if err := json.Unmarshal([]byte(lines[0]), &r); err != nil {
		t.Fatal(err)
	}
	if r.Reason != "transport-escapes" || r.Pos != "a.go:2:3" || r.Candidate != "t0" {
		t.Errorf("first record %+v", r)
	}
	if err := json.Unmarshal([]byte(lines[1]), &r); err != nil || r.Pos != "-" {
		t.Errorf("second record %+v (%v)", r, err)
	}
}
