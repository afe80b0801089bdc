package httpconfig

import (
	"go/token"
	"go/types"

	"github.com/httplint/httplint/internal/nethttp"
)

// libraryClient returns the configuration of the *http.Client returned by
// a known library function, or nil.
func libraryClient(fn *types.Func) *Client {
	switch nethttp.FuncKey(fn) {
	case nethttp.CleanHTTP + ".DefaultClient":
		// cleanhttp.go:44-49: &http.Client{Transport: DefaultTransport()}
		c := NewClient(OriginPooled, token.NoPos)
		c.Transport = cleanhttpTransport(false)
		c.TransportSet = true
		c.Library = "cleanhttp.DefaultClient"
		return c
	case nethttp.CleanHTTP + ".DefaultPooledClient":
		// cleanhttp.go:53-58: &http.Client{Transport: DefaultPooledTransport()}
		c := NewClient(OriginPooled, token.NoPos)
		c.Transport = cleanhttpTransport(true)
		c.TransportSet = true
		c.Library = "cleanhttp.DefaultPooledClient"
		return c
	}
	return nil
}

// libraryTransport returns the configuration of the *http.Transport
// returned by a known library function, or nil.
func libraryTransport(fn *types.Func) *Transport {
	switch nethttp.FuncKey(fn) {
	case nethttp.CleanHTTP + ".DefaultTransport":
		return cleanhttpTransport(false)
	case nethttp.CleanHTTP + ".DefaultPooledTransport":
		return cleanhttpTransport(true)
	}
	return nil
}

// cleanhttpTransport models go-cleanhttp v0.5.2 cleanhttp.go:12-39.
func cleanhttpTransport(pooled bool) *Transport {
	t := NewTransport(OriginPooled, token.NoPos)
	if !pooled {
		t.Fields[DisableKeepAlives] = ConstValue(1, false, token.NoPos)
		t.Fields[MaxIdleConnsPerHost] = ConstValue(-1, false, token.NoPos)
	}
	return t
}

// FreshPool returns a description of the connection pool that a call of
// fn creates anew on every call ("retryablehttp.NewClient()"), or "" if
// fn is not a known pool constructor. (*http.Transport).Clone is one too.
func FreshPool(fn *types.Func) string {
	switch key := nethttp.FuncKey(fn); key {
	case "net/http.Transport.Clone":
		return "(*http.Transport).Clone()"
	case nethttp.CleanHTTP + ".DefaultPooledTransport", nethttp.CleanHTTP + ".DefaultPooledClient":
		return "cleanhttp." + fn.Name() + "()"
	case nethttp.RetryableHTTP + ".NewClient":
		return "retryablehttp.NewClient()"
	case nethttp.RestyV2 + ".New", nethttp.RestyV3 + ".New":
		return "resty.New()"
	}
	return ""
}

// LibraryClientUse classifies a call to a method of a client type of a
// known library that receives the client (or a request bound to it):
// sending methods send, builder methods return a value that carries the
// client, Close releases it (resty v3). ok is false for other functions.
func LibraryClientUse(fn *types.Func) (use PoolUse, ok bool) {
	sig, _ := fn.Type().(*types.Signature)
	if sig == nil || sig.Recv() == nil || fn.Pkg() == nil {
		return 0, false
	}
	name := fn.Name()
	switch fn.Pkg().Path() {
	case nethttp.RetryableHTTP:
		if !nethttp.IsNamed(sig.Recv().Type(), nethttp.RetryableHTTP, "Client") {
			return 0, false
		}
		switch name {
		case "Do", "Get", "Head", "Post", "PostForm":
			return PoolSend, true
		case "StandardClient":
			return PoolDerive, true
		}
		return PoolRead, true
	case nethttp.RestyV2, nethttp.RestyV3:
		recv := sig.Recv().Type()
		switch {
		case nethttp.IsNamed(recv, fn.Pkg().Path(), "Client"):
			switch {
			case name == "Close":
				return PoolClose, true
			case name == "R" || name == "NewRequest" || name == "GetClient" || name == "Client" ||
				returnsReceiverType(sig):
				return PoolDerive, true
			}
			return PoolRead, true
		case nethttp.IsNamed(recv, fn.Pkg().Path(), "Request"):
			switch name {
			case "Get", "Head", "Post", "Put", "Patch", "Delete", "Options", "Execute", "Send", "Trace", "Query":
				return PoolSend, true
			}
			if returnsReceiverType(sig) {
				return PoolDerive, true
			}
			return PoolRead, true
		}
	}
	return 0, false
}

// PoolUse classifies what a library method does with its client.
type PoolUse uint8

const (
	PoolRead PoolUse = iota
	PoolSend
	PoolDerive
	PoolClose
)

func returnsReceiverType(sig *types.Signature) bool {
	if sig.Results().Len() != 1 {
		return false
	}
	return types.Identical(sig.Results().At(0).Type(), sig.Recv().Type())
}
