package httpconfig

import (
	"go/token"
	"go/types"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/setting"
)

// libraryClient returns the configuration of the *http.Client returned by
// a library constructor (see httplib.ConstructorOf), or nil.
func libraryClient(fn *types.Func) *Client {
	ctor, ok := httplib.ConstructorOf(fn)
	if !ok || !ctor.Client {
		return nil
	}
	c := NewClient(OriginPooled, token.NoPos)
	c.Transport = constructedTransport(ctor)
	c.TransportSet = true
	c.Library = ctor.Name
	return c
}

// libraryTransport returns the configuration of the *http.Transport
// returned by a library constructor, or nil.
func libraryTransport(fn *types.Func) *Transport {
	ctor, ok := httplib.ConstructorOf(fn)
	if !ok || ctor.Client {
		return nil
	}
	return constructedTransport(ctor)
}

// constructedTransport returns the transport a constructor builds: a
// fresh pool with DefaultTransport's timeouts, without keep-alives if it
// says so.
func constructedTransport(ctor httplib.Constructor) *Transport {
	t := NewTransport(OriginPooled, token.NoPos)
	if ctor.KeepAlivesOff {
		t.Fields[DisableKeepAlives] = setting.ConstValue(1, false, token.NoPos)
		t.Fields[MaxIdleConnsPerHost] = setting.ConstValue(-1, false, token.NoPos)
	}
	return t
}
