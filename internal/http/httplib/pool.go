package httplib

import (
	"go/types"

	"github.com/httplint/httplint/internal/ssa/valueflow"
)

// A Constructor is a library function that returns a new *http.Client
// or *http.Transport, described as the settings it gives them.
type Constructor struct {
	// Name names the constructor in messages: "cleanhttp.DefaultPooledClient".
	Name string
	// Client reports that it returns an *http.Client (with Timeout 0)
	// around the transport described; otherwise the transport itself.
	Client bool
	// KeepAlivesOff reports a transport with DisableKeepAlives set and
	// MaxIdleConnsPerHost -1; otherwise it is a fresh pool with
	// DefaultTransport's timeouts and MaxIdleConnsPerHost
	// runtime.GOMAXPROCS(0)+1.
	KeepAlivesOff bool
}

var (
	constructors = map[string]Constructor{}
	freshPools   = map[string]string{}
	// poolUses holds, by function key, what a function does with its
	// argument 0 (or any argument, for functions listed with index -1).
	poolUses = map[string]map[int]valueflow.Use{}
	// preserving lists, by function key, the arguments whose client or
	// transport configuration a call leaves unchanged (-1: any).
	preserving = map[string][]int{}
	// libraryUses classifies the methods of a library's client types.
	libraryUses = map[*Library]func(fn *types.Func, sig *types.Signature) (valueflow.Use, bool){}
)

// ConstructorOf returns the constructor that fn is, if any.
func ConstructorOf(fn *types.Func) (Constructor, bool) {
	_, key := funcOf(fn)
	c, ok := constructors[key]
	return c, ok
}

// FreshPool returns a description of the connection pool that a call of
// fn creates anew on every call ("retryablehttp.NewClient()"), or "" if
// fn creates none.
func FreshPool(fn *types.Func) string {
	_, key := funcOf(fn)
	return freshPools[key]
}

// PoolUseOf says what a call of fn does with the client or transport it
// receives as argument arg (the receiver of a method is argument 0), or,
// for arg [valueflow.ResultArg], whether it returns a new object.
func PoolUseOf(fn *types.Func, arg int) valueflow.Use {
	lib, key := funcOf(fn)
	if lib == nil {
		return valueflow.UseUnknown
	}
	if uses, ok := poolUses[key]; ok {
		if u, ok := uses[arg]; ok {
			return u
		}
		if u, ok := uses[-1]; ok && arg != valueflow.ResultArg {
			return u
		}
		return valueflow.UseUnknown
	}
	if classify := libraryUses[lib]; classify != nil && arg == 0 {
		sig, _ := fn.Type().(*types.Signature)
		if sig != nil && sig.Recv() != nil {
			if u, ok := classify(fn, sig); ok {
				return u
			}
		}
	}
	return valueflow.UseUnknown
}

// PreservesConfig reports whether a call of fn leaves the configuration
// of the client or transport it receives as argument arg unchanged.
func PreservesConfig(fn *types.Func, arg int) bool {
	_, key := funcOf(fn)
	for _, i := range preserving[key] {
		if i == arg || i == -1 {
			return true
		}
	}
	return false
}

// returnsReceiverType reports whether a method returns its receiver's
// type (a builder).
func returnsReceiverType(sig *types.Signature) bool {
	if sig.Results().Len() != 1 {
		return false
	}
	return types.Identical(sig.Results().At(0).Type(), sig.Recv().Type())
}

// InvokeUse says what a call through an interface does with its
// receiver, from the method's name: RoundTrip and Do send a request,
// CloseIdleConnections releases idle connections.
func InvokeUse(method string) valueflow.Use {
	switch method {
	case "RoundTrip", "Do":
		return valueflow.UseOperate
	case "CloseIdleConnections":
		return valueflow.UseClose
	}
	return valueflow.UseUnknown
}
