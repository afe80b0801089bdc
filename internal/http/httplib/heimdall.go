package httplib

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/typeutil"
)

// Heimdall is gojek/heimdall v7: an HTTP client (httpclient) and its
// circuit-breaking variant (hystrix), both retrying with WithRetryCount.
var Heimdall = register(&Library{Name: "heimdall", Path: "github.com/gojek/heimdall", Kind: Client | Retry, send: heimdallSend})

// Import paths of heimdall's clients.
const (
	HeimdallHTTP    = "github.com/gojek/heimdall/v7/httpclient"
	HeimdallHystrix = "github.com/gojek/heimdall/v7/hystrix"
)

func heimdallSend(fn *types.Func, args []ssa.Value) (Send, bool) {
	p, name := fn.Pkg().Path(), fn.Name()
	if (p != HeimdallHTTP && p != HeimdallHystrix) || !typeutil.IsMethod(fn, p, "Client", name) {
		return Send{}, false
	}
	s := Send{Via: ViaLibrary, Client: arg(args, 0), Name: "(*httpclient.Client)." + name}
	if p == HeimdallHystrix {
		s.Name = "(*hystrix.Client)." + name
	}
	switch name {
	case "Get", "Delete":
		s.Method, s.URL, s.Headers = methodOf(name), arg(args, 1), arg(args, 2)
	case "Post", "Put", "Patch":
		s.Method, s.URL, s.Body, s.Headers = methodOf(name), arg(args, 1), arg(args, 2), arg(args, 3)
	case "Do":
		s.Request = arg(args, 1)
	default:
		return Send{}, false
	}
	return s, true
}
