package retrylib

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/setting"
)

// heimdall models httpclient.NewClient (and hystrix.NewClient) with
// WithRetryCount: errors and 5xx are retried for any method
// (httpclient/client.go:124-173).
func (r *Resolver) heimdall(v ssa.Value) *Client {
	roots, ok := r.origins(v)
	if !ok || len(roots) == 0 {
		return nil
	}
	c := &Client{Lib: httplib.Heimdall, Retries: setting.ConstValue(0, false, token.NoPos)}
	for i, root := range roots {
		key, cc := calleeKey(root)
		if key != heimdall+".NewClient" && key != hystrix+".NewClient" {
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
			case heimdall + ".WithRetryCount", hystrix + ".WithRetryCount":
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
	register(&model{request: sentRequest, send: func(r *Resolver, s httplib.Send) *Client { return r.heimdall(s.Client) }}, httplib.Heimdall)
}
