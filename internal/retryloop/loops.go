// Package retryloop recognises retry loops in the SSA control-flow graph
// of a function.
//
// A loop is a natural loop: the blocks of the function that reach a back
// edge b→h, where the header h dominates b, without passing through h.
// A loop is a retry loop of an attempt (a call that sends a request, or
// a retrying library call) when a failure branch of the attempt (an
// error test, or a status-code test such as >= 500, == 429 or != 200)
// reaches a back edge without leaving the loop, when the success side of
// the attempt can leave the loop within the same iteration, and when what
// the attempt sends does not change along the failure path (so that the
// next iteration repeats the same request, rather than moving on to the
// next item, page or host).
//
// For a retry loop the package answers: does an exit on the retry path
// bound the number of attempts (a counter compared with a bound, a
// context check, a deadline or elapsed-time test, a library backoff), and
// does the retry path wait (time.Sleep, a timer or ticker, a select, a
// backoff library call)? Everything it cannot classify counts as a bound
// or a wait, so that the rules built on it stay silent.
//
// All walks are linear in the size of the function, or bounded by a
// constant budget.
package retryloop

import (
	"golang.org/x/tools/go/ssa"
)

// A Loop is a natural loop of a function.
type Loop struct {
	Header *ssa.BasicBlock
	// Latches are the sources of the loop's back edges.
	Latches []*ssa.BasicBlock
	// blocks holds the loop's blocks, by block index.
	blocks []bool
	// Parent is the innermost loop that strictly contains this one.
	Parent *Loop
	size   int
}

// Contains reports whether b is one of the loop's blocks.
func (l *Loop) Contains(b *ssa.BasicBlock) bool {
	return b != nil && b.Index < len(l.blocks) && l.blocks[b.Index]
}

// Blocks returns the loop's blocks in index order.
func (l *Loop) Blocks(fn *ssa.Function) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		if l.Contains(b) {
			out = append(out, b)
		}
	}
	return out
}

// IsLatch reports whether the edge b→l.Header is a back edge of l.
func (l *Loop) IsLatch(b *ssa.BasicBlock) bool {
	for _, x := range l.Latches {
		if x == b {
			return true
		}
	}
	return false
}

// A Forest holds the natural loops of one function.
type Forest struct {
	Fn    *ssa.Function
	Loops []*Loop
	// innermost maps a block index to the innermost loop containing it.
	innermost []*Loop
}

// maxBlocks bounds the functions analysed: larger ones are skipped.
const maxBlocks = 5000

// Analyze computes the natural loops of fn. It returns an empty forest
// for functions without a body or with too many blocks.
func Analyze(fn *ssa.Function) *Forest {
	f := &Forest{Fn: fn}
	n := len(fn.Blocks)
	if n == 0 || n > maxBlocks {
		return f
	}
	for _, b := range fn.Blocks {
		if b.Index < 0 || b.Index >= n || fn.Blocks[b.Index] != b {
			return f // unexpected numbering: stay silent
		}
	}
	byHeader := make(map[*ssa.BasicBlock]*Loop)
	for _, b := range fn.Blocks {
		for _, s := range b.Succs {
			if !s.Dominates(b) {
				continue
			}
			l := byHeader[s]
			if l == nil {
				l = &Loop{Header: s, blocks: make([]bool, n)}
				byHeader[s] = l
				f.Loops = append(f.Loops, l)
				l.blocks[s.Index] = true
				l.size = 1
			}
			l.Latches = append(l.Latches, b)
			// Blocks reaching b backwards without passing the header.
			stack := []*ssa.BasicBlock{b}
			for len(stack) > 0 {
				x := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if l.blocks[x.Index] {
					continue
				}
				l.blocks[x.Index] = true
				l.size++
				stack = append(stack, x.Preds...)
			}
		}
	}
	// Nesting: the parent of a loop is the smallest other loop that
	// contains its header and is larger.
	f.innermost = make([]*Loop, n)
	for _, l := range f.Loops {
		for i, in := range l.blocks {
			if !in {
				continue
			}
			if cur := f.innermost[i]; cur == nil || l.size < cur.size {
				f.innermost[i] = l
			}
		}
	}
	for _, l := range f.Loops {
		for _, o := range f.Loops {
			if o == l || o.size <= l.size || !o.Contains(l.Header) {
				continue
			}
			if l.Parent == nil || o.size < l.Parent.size {
				l.Parent = o
			}
		}
	}
	return f
}

// Enclosing returns the loops that contain b, innermost first.
func (f *Forest) Enclosing(b *ssa.BasicBlock) []*Loop {
	if b == nil || b.Index < 0 || b.Index >= len(f.innermost) {
		return nil
	}
	var out []*Loop
	for l := f.innermost[b.Index]; l != nil; l = l.Parent {
		if l.Contains(b) {
			out = append(out, l)
		}
	}
	return out
}
