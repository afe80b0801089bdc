package httplib

import (
	"go/types"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
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
		if k, ok := WrapperArg(fn); ok && k == arg {
			return valueflow.UseDerive
		}
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
	lib, key := funcOf(fn)
	if k, ok := WrapperArg(fn); ok && lib == nil && k == arg {
		return true
	}
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

// WrapperArg reports whether fn, a function of a package httplint does
// not model, is a middleware constructor by its signature: a function
// (not a method) whose one result is an http.RoundTripper and whose only
// transport among its parameters, an *http.Transport or an
// http.RoundTripper, is argument k (go-autorest's
// tracing.NewTransport(base *http.Transport) http.RoundTripper). Such a
// constructor returns a RoundTripper that sends through what it was
// given: the pool is the argument's, with the settings its builder gave
// it.
func WrapperArg(fn *types.Func) (k int, ok bool) {
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() == NetHTTP || Lookup(fn.Pkg().Path()) != nil {
		return 0, false
	}
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() != nil || sig.Results().Len() != 1 || !IsRoundTripper(sig.Results().At(0).Type()) {
		return 0, false
	}
	k = -1
	for i := range sig.Params().Len() {
		t := sig.Params().At(i).Type()
		if !typeutil.IsPointerTo(t, NetHTTP, "Transport") && !IsRoundTripper(t) {
			continue
		}
		if k >= 0 {
			return 0, false
		}
		k = i
	}
	return k, k >= 0
}

// IsDecorator reports whether sig, the signature of a function value,
// is a sender decorator: func(T) T, where T is an interface whose
// methods include one that sends a request (RoundTrip or Do taking an
// *http.Request and returning an *http.Response and an error: an
// http.RoundTripper or a Doer), as
// go-autorest's SendDecorator func(Sender) Sender and the middleware
// type func(http.RoundTripper) http.RoundTripper. A decorator returns a
// sender that sends through the one it is given.
func IsDecorator(sig *types.Signature) bool {
	if sig.Recv() != nil || sig.Params().Len() != 1 || sig.Results().Len() != 1 {
		return false
	}
	t := sig.Params().At(0).Type()
	if !types.Identical(t, sig.Results().At(0).Type()) {
		return false
	}
	return IsRoundTripper(t) || IsDoer(t)
}

// IsDoer reports whether t is an interface type with a method
// Do(*http.Request) (*http.Response, error), which *http.Client
// implements: go-autorest's Sender, the Doer interfaces of API clients.
func IsDoer(t types.Type) bool {
	iface, ok := t.Underlying().(*types.Interface)
	if !ok {
		return false
	}
	for m := range iface.Methods() {
		if m.Name() != "Do" {
			continue
		}
		ms := m.Signature()
		return ms.Params().Len() == 1 && IsRequest(ms.Params().At(0).Type()) && ms.Results().Len() == 2 &&
			typeutil.IsPointerTo(ms.Results().At(0).Type(), NetHTTP, "Response") && ms.Results().At(1).Type().String() == "error"
	}
	return false
}
