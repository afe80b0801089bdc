// Package loops finds the natural loops of an SSA function.
//
// A back edge is an edge b→h whose target h dominates its source b; the
// natural loop of the back edges into h is h together with every block
// that reaches one of their sources without passing through h. Loops
// nest: each loop knows the innermost loop that strictly contains it.
package loops

import (
	"fmt"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/giveup"
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

// Size returns the number of the loop's blocks.
func (l *Loop) Size() int { return l.size }

// Exits returns the conditional branches of the loop's blocks that leave
// the loop, in block order.
func (l *Loop) Exits(fn *ssa.Function) []*ssa.If {
	var out []*ssa.If
	for _, b := range l.Blocks(fn) {
		if len(b.Instrs) == 0 || len(b.Succs) != 2 {
			continue
		}
		if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && l.Contains(b.Succs[0]) != l.Contains(b.Succs[1]) {
			out = append(out, ifi)
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
		if n > 0 && giveup.On() {
			giveup.Note(fn.Prog.Fset, fn.Pos(), "loops-too-many-blocks", fmt.Sprintf("%s (%d blocks)", fn.Name(), n))
		}
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

// Empty reports whether the function has no loop (or was not analysed).
func (f *Forest) Empty() bool { return len(f.innermost) == 0 || len(f.Loops) == 0 }

// Innermost returns the innermost loop that contains b, or nil.
func (f *Forest) Innermost(b *ssa.BasicBlock) *Loop {
	if ls := f.Enclosing(b); len(ls) > 0 {
		return ls[0]
	}
	return nil
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

// Around reports whether every path in l that leaves instr (one of l's
// instructions) and comes back to it, without leaving l, passes an
// instruction for which stop returns true: whether each iteration that
// runs instr again has done one of them first.
func (l *Loop) Around(instr ssa.Instruction, stop func(ssa.Instruction) bool) bool {
	start := instr.Block()
	if !l.Contains(start) {
		return false
	}
	seen := make(map[*ssa.BasicBlock]bool)
	// back reports a path from b's instruction at index from to instr
	// that passes no stop.
	var back func(b *ssa.BasicBlock, from int) bool
	back = func(b *ssa.BasicBlock, from int) bool {
		for _, in := range b.Instrs[from:] {
			if in == instr {
				return true
			}
			if stop(in) {
				return false
			}
		}
		for _, s := range b.Succs {
			if !l.Contains(s) || seen[s] {
				continue
			}
			seen[s] = true
			if back(s, 0) {
				return true
			}
		}
		return false
	}
	for i, in := range start.Instrs {
		if in == instr {
			return !back(start, i+1)
		}
	}
	return false
}
