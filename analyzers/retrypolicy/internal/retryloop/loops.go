// Package retryloop recognises retry loops in the SSA control-flow graph
// of a function.
//
// A loop is a natural loop (see package loops). A loop is a retry loop
// of an attempt (a call that sends a request, or a retrying library
// call) when a failure branch of the attempt (an error test, or a
// status-code test such as >= 500, == 429 or != 200) reaches a back edge
// without leaving the loop, when the success side of the attempt can
// leave the loop within the same iteration, and when what the attempt
// sends does not change along the failure path (so that the next
// iteration repeats the same request, rather than moving on to the next
// item, page or host).
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

	"github.com/httplint/httplint/internal/ssa/loops"
	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// A Loop is a natural loop of a function.
type Loop = loops.Loop

// A Forest holds the natural loops of one function, and answers retry
// questions about them.
type Forest struct {
	*loops.Forest
	ix *valueflow.Index // resolves function values (sleep hooks); may be nil
}

// Analyze computes the natural loops of fn. It returns an empty forest
// for functions without a body or with too many blocks.
// The index ix, when not nil, resolves the function values the loops call
// (a sleep hook in a field: see [valueflow.Index.FuncValue]).
func Analyze(fn *ssa.Function, ix *valueflow.Index) *Forest {
	return &Forest{loops.Analyze(fn), ix}
}
