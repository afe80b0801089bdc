package httplib

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/setting"
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

// heimdall models httpclient.NewClient (and hystrix.NewClient) with
// WithRetryCount: errors and 5xx are retried for any method
// (httpclient/client.go:124-173).
func (r *RetryResolver) heimdall(v ssa.Value) *RetryClient {
	roots, ok := r.origins(v)
	if !ok || len(roots) == 0 {
		return nil
	}
	c := &RetryClient{Lib: Heimdall, Retries: setting.ConstValue(0, false, token.NoPos)}
	for i, root := range roots {
		key, cc := calleeKey(root)
		if key != HeimdallHTTP+".NewClient" && key != HeimdallHystrix+".NewClient" {
			return nil
		}
		opts, ok := variadic(cc.Args[len(cc.Args)-1])
		if !ok {
			return nil
		}
		n := setting.ConstValue(0, false, token.NoPos)
		for _, o := range opts {
			okey, occ := calleeKey(o)
			switch okey {
			case HeimdallHTTP + ".WithRetryCount", HeimdallHystrix + ".WithRetryCount":
				n = r.valueOf(occ.Args[0], o.Pos())
			case "":
				return nil
			}
		}
		if i == 0 {
			c.Retries, c.Pos, c.RetryPos = n, root.Pos(), n.Pos()
		} else if c.Retries != n {
			return nil
		}
	}
	return c
}

func init() {
	registerRetry(&retryModel{request: sentRequest, send: func(r *RetryResolver, s Send) *RetryClient { return r.heimdall(s.Client) }}, Heimdall)
}
