package retrylib

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// An Entry is a call that runs an operation under a retry library.
type Entry struct {
	Call ssa.CallInstruction
	// Name is how the library is called, for messages: "retry.Do",
	// "backoff.Retry".
	Name string
	Lib  string // import path of the library
	// Op is the operation retried (a function value), or nil.
	Op ssa.Value
	// Attempts is the number of attempts when known, else 0.
	Attempts int64
	// Forever reports that the configuration retries without limit; Why
	// says why and Fix how to bound it, for messages, and Pos is where
	// (invalid when the configuration is elsewhere).
	Forever bool
	Why     string
	Fix     string
	Pos     token.Pos
	// Ctx is the context the library honours, or nil.
	Ctx ssa.Value
	// NeedsRetryable reports that only errors wrapped by
	// retry.RetryableError are retried (sethvargo/go-retry).
	NeedsRetryable bool
}

// Entry recognises a call of a retry library and describes its
// configuration. ok is false for other calls; a recognised call whose
// configuration cannot be followed has Forever false and Attempts 0.
func (r *Resolver) Entry(call ssa.CallInstruction) (*Entry, bool) {
	for _, m := range models {
		if m.entry != nil {
			if e := m.entry(r, call); e != nil {
				return e, true
			}
		}
	}
	return nil, false
}

// callArg returns argument i of c, or nil.
func callArg(c *ssa.CallCommon, i int) ssa.Value {
	if i < len(c.Args) {
		return c.Args[i]
	}
	return nil
}

// staticKey returns the FuncKey of the function call calls statically
// ("" for an interface method call), and the function.
func staticKey(call ssa.CallInstruction) (string, *types.Func) {
	c := call.Common()
	if c.IsInvoke() {
		return "", nil
	}
	fn := valueflow.StaticCallee(c)
	return typeutil.FuncKey(fn), fn
}

func pkgPath(f *ssa.Function) string {
	if f.Pkg != nil {
		return f.Pkg.Pkg.Path()
	}
	if obj := f.Object(); obj != nil && obj.Pkg() != nil {
		return obj.Pkg().Path()
	}
	return ""
}

func returnsError(c ssa.CallInstruction) bool {
	res := c.Common().Signature().Results()
	for i := 0; i < res.Len(); i++ {
		if types.Identical(res.At(i).Type(), types.Universe.Lookup("error").Type()) {
			return true
		}
	}
	return false
}

// FuncOf returns the function of a function value: a function, a
// closure, or nil.
func FuncOf(v ssa.Value) *ssa.Function {
	switch x := valueflow.StripCopies(v).(type) {
	case *ssa.Function:
		return x
	case *ssa.MakeClosure:
		f, _ := x.Fn.(*ssa.Function)
		return f
	}
	return nil
}
