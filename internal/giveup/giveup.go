// Package giveup is a census of the places where the analysis abandons a
// candidate (a client, transport, request, retry loop, URL or header
// value) without a verdict: a reason code, the position and the
// candidate. It is off unless a driver turns it on (httplint's hidden
// -httplint.giveups=FILE flag), and costs one atomic load per call when
// off. Records are written as JSON lines, each (reason, position) once.
package giveup

import (
	"bytes"
	"encoding/json"
	"go/token"
	"io"
	"sync"
	"sync/atomic"
)

// A Record is one abandoned candidate.
type Record struct {
	Reason    string `json:"reason"`
	Pos       string `json:"pos"`
	Candidate string `json:"candidate"`
}

var (
	on   atomic.Bool
	mu   sync.Mutex
	dest io.Writer
	buf  bytes.Buffer
	enc  *json.Encoder
	seen map[[2]string]bool
)

// Start turns the census on, for w until Stop.
func Start(w io.Writer) {
	mu.Lock()
	defer mu.Unlock()
	dest = w
	buf.Reset()
	enc = json.NewEncoder(&buf)
	seen = make(map[[2]string]bool)
	on.Store(true)
}

// Stop turns the census off and writes what it recorded to the writer
// given to Start, in one Write: runs that append to one file (a corpus
// script's) leave whole lines.
func Stop() error {
	on.Store(false)
	mu.Lock()
	defer mu.Unlock()
	if dest == nil {
		return nil
	}
	_, err := dest.Write(buf.Bytes())
	dest, enc, seen = nil, nil, nil
	buf.Reset()
	return err
}

// On reports whether the census is on, for callers that must compute
// the candidate's description.
func On() bool { return on.Load() }

// Note records that the candidate at pos was abandoned for reason (a
// short kebab-case code, "transport-escapes"); candidate describes it.
func Note(fset *token.FileSet, pos token.Pos, reason, candidate string) {
	if !on.Load() {
		return
	}
	p := "-"
	if fset != nil && pos.IsValid() {
		p = fset.Position(pos).String()
	}
	mu.Lock()
	defer mu.Unlock()
	if enc == nil {
		return
	}
	key := [2]string{reason, p}
	if seen[key] {
		return
	}
	seen[key] = true
	_ = enc.Encode(Record{Reason: reason, Pos: p, Candidate: candidate})
}
