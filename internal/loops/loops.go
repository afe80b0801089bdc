// Package loops finds the natural loops of an SSA function.
//
// A back edge is an edge t→h whose target h dominates its source t; the
// natural loop of that edge is h together with every block that reaches
// t without passing through h. A block is "in a loop" when it belongs to
// any natural loop of its function.
package loops

import "golang.org/x/tools/go/ssa"

// A Loop is one natural loop: its header and body (header included), and
// the sources of its back edges.
type Loop struct {
	Header *ssa.BasicBlock
	Body   map[*ssa.BasicBlock]bool
	Latch  []*ssa.BasicBlock // sources of the back edges into Header
}

// Contains reports whether b belongs to the loop.
func (l *Loop) Contains(b *ssa.BasicBlock) bool { return l.Body[b] }

// Of returns the natural loops of fn, one per loop header (back edges to
// the same header are merged), in block order of their headers.
func Of(fn *ssa.Function) []*Loop {
	byHeader := make(map[*ssa.BasicBlock]*Loop)
	var out []*Loop
	for _, t := range fn.Blocks {
		for _, h := range t.Succs {
			if !h.Dominates(t) {
				continue
			}
			l := byHeader[h]
			if l == nil {
				l = &Loop{Header: h, Body: map[*ssa.BasicBlock]bool{h: true}}
				byHeader[h] = l
				out = append(out, l)
			}
			l.Latch = append(l.Latch, t)
			// Walk predecessors back from t until h.
			work := []*ssa.BasicBlock{t}
			for len(work) > 0 {
				b := work[len(work)-1]
				work = work[:len(work)-1]
				if l.Body[b] {
					continue
				}
				l.Body[b] = true
				work = append(work, b.Preds...)
			}
		}
	}
	// Order by header index for determinism.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Header.Index < out[j-1].Header.Index; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// Innermost returns the smallest loop of loops that contains b, or nil.
func Innermost(loops []*Loop, b *ssa.BasicBlock) *Loop {
	var best *Loop
	for _, l := range loops {
		if l.Contains(b) && (best == nil || len(l.Body) < len(best.Body)) {
			best = l
		}
	}
	return best
}
