package poolsize

import (
	"go/constant"
	"time"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// longPause is the shortest pause between two runs of a loop's iteration
// that makes a pool built per iteration no pool per request: a minute,
// about the keep-alive timeout of common servers (nginx's 75 s, the 60 s
// of cloud load balancers), which close the idle connections of one
// iteration's pool before the next iteration opens more. Handshakes once
// a minute or rarer cost nothing that matters.
const longPause = time.Minute

// paced reports whether instr runs at most once per long pause: it is in
// a loop of its function, and every path of that loop from instr back
// to it sleeps at least longPause (time.Sleep with a constant that long)
// or re-arms a timer for that long (Timer.Reset, Ticker.Reset), and
// passes no pause shorter than that. A sleep whose duration the program
// computes at run time (a server's answer, a setting) passes too, as
// long as one path shows a long constant pause: syncthing's relay pool
// re-join sleeps a minute after an error and the eviction time the pool
// returns after a success.
func (c *checker) paced(instr ssa.Instruction) bool {
	fn := instr.Parent()
	l := c.loopsOf(fn).Innermost(instr.Block())
	if l == nil {
		return false
	}
	long := false
	every := l.Around(instr, func(in ssa.Instruction) bool {
		switch c.pause(in) {
		case pauseLong:
			long = true
			return true
		case pauseRunTime:
			return true
		}
		return false
	})
	return every && long
}

type pauseKind int

const (
	pauseNone    pauseKind = iota // no pause, or one shorter than longPause
	pauseLong                     // a constant pause of at least longPause
	pauseRunTime                  // a sleep whose duration is computed at run time
)

// pause classifies instr as a pause of the loop it is in.
func (c *checker) pause(instr ssa.Instruction) pauseKind {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return pauseNone
	}
	args := call.Call.Args
	switch typeutil.FuncKey(valueflow.StaticCallee(&call.Call)) {
	case "time.Sleep":
		if len(args) != 1 {
			return pauseNone
		}
		d, ok := c.duration(args[0])
		if !ok {
			return pauseRunTime
		}
		if d >= longPause {
			return pauseLong
		}
	case "time.Timer.Reset", "time.Ticker.Reset":
		if len(args) != 2 {
			return pauseNone
		}
		if d, ok := c.duration(args[1]); ok && d >= longPause {
			return pauseLong
		}
	}
	return pauseNone
}

// duration returns the constant duration v holds on every path.
func (c *checker) duration(v ssa.Value) (time.Duration, bool) {
	k := c.res.Index.Const(v)
	if k == nil || k.Value == nil || k.Value.Kind() != constant.Int {
		return 0, false
	}
	n, exact := constant.Int64Val(k.Value)
	if !exact {
		return 0, false
	}
	return time.Duration(n), true
}
