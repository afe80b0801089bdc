// Package length estimates, over the SSA form of one package, how long a
// string, a byte slice, an encoded url.Values or a serialised *url.URL
// can be, and how many elements a collection can hold.
//
// An estimate is a [Length]: a lower bound, an upper bound when one is
// known, and, when the value grows with a collection whose size nothing
// bounds (a parameter, a field, a call result), a [Growth] naming that
// collection and the place where the value grows with it (a loop that
// calls q.Add, strings.Join of the slice, ...).
//
// The analysis follows values, not identifiers: SSA φ-nodes at loop
// headers are accumulations whose per-iteration step is multiplied by the
// loop's trip count; url.Values, strings.Builder, bytes.Buffer and maps
// are summed over the mutations made through them (found through
// [valueflow.Index.Origins]); a trip count comes from the loop's exit
// conditions (range over a slice, map, channel, string or integer, or a
// counter compared with len(xs) or a constant). A collection is bounded
// by its array type, by a slice literal, by slicing to a constant batch
// (xs[i:i+n], xs[i:min(i+n, len(xs))]) or by a dominating length guard
// (if len(xs) > n { return }). Parameters of functions whose every call
// site is in the package are resolved at those call sites.
//
// The analysis is bounded (depth and step budgets) and never panics on
// well-typed SSA; when it cannot see a value it answers "unknown", which
// the checks treat as silence.
package length

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// maxBytes caps upper bounds so that products cannot overflow.
const maxBytes = 1 << 40

// A Length is an estimate of the size of a value: its length in bytes, or
// for a collection its number of elements.
type Length struct {
	// Min is a lower bound.
	Min int
	// Max is an upper bound when Bounded.
	Max     int
	Bounded bool
	// Safe reports that the value holds only characters that URL
	// escaping leaves alone (letters, digits, '-', '.', '_', '~').
	Safe bool
	// Grow is set when the value can grow with a collection whose size
	// nothing bounds; Bounded is then false.
	Grow *Growth
	// Batch, for a bounded value, names the bounded collection that
	// contributes the most to Max (for messages).
	Batch *Growth

	none bool // the empty join: no value at all
}

// A Growth describes how a value grows with a collection. It holds SSA
// values and instructions, not words: the analyzer names them for its
// messages.
type Growth struct {
	// Coll is the collection: a parameter, a load of a field or
	// variable, a call result, ...; nil when no value names it.
	Coll ssa.Value
	// Site is where the value grows: the loop statement, or the call
	// (strings.Join) or store that takes the whole collection.
	Site token.Pos
	// Step is what makes the value grow with the collection.
	Step Step
	// Count is the collection's bound when the Growth is a Batch.
	Count int
}

// A StepKind says how a value grows with a collection.
type StepKind uint8

const (
	// StepNone: the collection is bounded by a guard; nothing grows.
	StepNone StepKind = iota
	// StepWhole: a call takes the whole collection (strings.Join of it).
	StepWhole
	// StepLoop: a call or store runs once per element (q.Add in a loop
	// over it).
	StepLoop
	// StepWith: a store makes one entry per element (a map filled with
	// it).
	StepWith
	// StepConcat: a string concatenation in a loop over it.
	StepConcat
	// StepAppend: an append in a loop over it.
	StepAppend
	// StepKept: the collection is a field of the receiver that the
	// function appends to and keeps (s.f = append(s.f, x)): one more
	// element on every call. Instr is that store.
	StepKept
)

// A Step is what makes a value grow: its kind and the instruction (a
// call, a map store) that does it, when there is one.
type Step struct {
	Kind  StepKind
	Instr ssa.Instruction
}

// Unknown is the estimate of a value about which nothing is known.
var Unknown = Length{}

// Const returns the estimate of a value of exactly n bytes or elements.
func Const(n int) Length {
	if n < 0 {
		n = 0
	}
	if n > maxBytes {
		n = maxBytes
	}
	return Length{Min: n, Max: n, Bounded: true}
}

// Upto returns the estimate of a value of at most n bytes or elements.
func Upto(n int) Length {
	l := Const(n)
	l.Min = 0
	return l
}

// Known reports whether l is exactly known or bounded.
func (l Length) Known() bool { return l.Bounded }

// IsConst reports whether l is one exactly known size.
func (l Length) IsConst() bool { return l.Bounded && l.Min == l.Max }

func capped(n int) int {
	if n > maxBytes || n < 0 {
		return maxBytes
	}
	return n
}

func firstGrowth(a, b *Growth) *Growth {
	if a != nil {
		return a
	}
	return b
}

func biggerBatch(a, b *Growth) *Growth {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	case b.Count > a.Count:
		return b
	}
	return a
}

// Add returns the estimate of the concatenation of a and b.
func Add(a, b Length) Length {
	if a.none {
		a = Const(0)
		a.Safe = true
	}
	if b.none {
		b = Const(0)
		b.Safe = true
	}
	r := Length{
		Min:   capped(a.Min + b.Min),
		Safe:  a.Safe && b.Safe,
		Grow:  firstGrowth(a.Grow, b.Grow),
		Batch: biggerBatch(a.Batch, b.Batch),
	}
	if a.Bounded && b.Bounded && r.Grow == nil {
		r.Bounded, r.Max = true, capped(a.Max+b.Max)
	}
	if r.Grow != nil {
		r.Batch = nil
	}
	return r
}

// Sum adds up ls.
func Sum(ls ...Length) Length {
	r := Const(0)
	r.Safe = true
	for _, l := range ls {
		r = Add(r, l)
	}
	return r
}

// Join returns the estimate of a value that is either a or b.
func Join(a, b Length) Length {
	if a.none {
		return b
	}
	if b.none {
		return a
	}
	r := Length{
		Min:   min(a.Min, b.Min),
		Safe:  a.Safe && b.Safe,
		Grow:  firstGrowth(a.Grow, b.Grow),
		Batch: biggerBatch(a.Batch, b.Batch),
	}
	if a.Bounded && b.Bounded && r.Grow == nil {
		r.Bounded, r.Max = true, max(a.Max, b.Max)
	}
	if r.Grow != nil {
		r.Batch = nil
	}
	return r
}

// Mul returns the estimate of count repetitions of a value estimated by
// each.
func Mul(count, each Length) Length {
	if count.none || each.none {
		return Const(0)
	}
	r := Length{
		Min:   capped(count.Min * each.Min),
		Safe:  each.Safe,
		Grow:  firstGrowth(count.Grow, each.Grow),
		Batch: biggerBatch(count.Batch, each.Batch),
	}
	if count.Bounded && count.Max == 0 {
		// Nothing repeated zero times.
		return Const(0)
	}
	if count.Bounded && each.Bounded && r.Grow == nil {
		r.Bounded, r.Max = true, capped(count.Max*each.Max)
	}
	if each.Bounded && each.Max == 0 && count.Grow != nil {
		// Empty values repeated: still empty.
		return each
	}
	if r.Grow != nil {
		r.Batch = nil
	}
	return r
}

// Escape returns the estimate of the URL escaping of a value: unchanged
// when it is Safe, up to three times as long otherwise.
func Escape(l Length) Length {
	if l.Safe {
		return l
	}
	r := l
	if r.Bounded {
		r.Max = capped(3 * r.Max)
	}
	return r
}

// At returns l with the growth site and step filled in, if its growth has
// none yet.
func (l Length) At(site token.Pos, step Step) Length {
	if l.Grow != nil && !l.Grow.Site.IsValid() {
		g := *l.Grow
		g.Site, g.Step = site, step
		l.Grow = &g
	}
	return l
}

// asBatch marks a bounded count of collection coll as the batch bounding
// a value.
func (l Length) asBatch(coll ssa.Value, site token.Pos, step Step) Length {
	if l.Bounded && l.Grow == nil && coll != nil && (l.Batch == nil || l.Batch.Count < l.Max) {
		l.Batch = &Growth{Coll: coll, Site: site, Step: step, Count: l.Max}
	}
	return l
}

func (l Length) String() string {
	var s string
	switch {
	case l.Grow != nil:
		s = "grows"
	case l.IsConst():
		s = fmt.Sprintf("%d", l.Min)
	case l.Bounded:
		s = fmt.Sprintf("%d..%d", l.Min, l.Max)
	case l.Min > 0:
		s = fmt.Sprintf("%d..", l.Min)
	default:
		s = "unknown"
	}
	if l.Batch != nil {
		s += fmt.Sprintf(" batch(<=%d)", l.Batch.Count)
	}
	return s
}
