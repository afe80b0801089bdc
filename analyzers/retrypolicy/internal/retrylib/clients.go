package retrylib

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/typeutil"
)

// Import paths of the libraries modelled here (see package httplib).
var (
	retryablehttp = httplib.RetryableHTTP.Path
	restyV2       = httplib.RestyV2.Path
	restyV3       = httplib.RestyV3.Path
	heimdall      = httplib.HeimdallHTTP
	hystrix       = httplib.HeimdallHystrix
	failsafehttp  = httplib.FailsafeHTTP.Path
	failsafe      = httplib.Failsafe.Path
	retrypolicy   = httplib.FailsafeRetryPolicy
	retryGo       = httplib.RetryGoV4
	backoffV4     = httplib.BackoffV4
	backoffV5     = httplib.BackoffV5
	goRetry       = httplib.GoRetry.Path
)

// A Client is the retry configuration of a library client, as it
// applies to one send.
type Client struct {
	Lib *httplib.Library
	// Retries is the number of retries after the first attempt.
	Retries setting.Value
	// Custom reports a retry policy the model cannot see through (a
	// custom CheckRetry, resty retry conditions, failsafe predicates):
	// whether a method is retried is then unknown.
	Custom bool
	// MethodSetting names, for messages, the setting that makes the
	// client retry non-idempotent methods where the library's default
	// does not, or a custom retry policy of this package that was read
	// and never looks at the request method (a CheckRetry that falls
	// through to DefaultRetryPolicy, which retries any method): "CheckRetry
	// myPolicy", "SetRetryAllowNonIdempotent". Empty for the defaults,
	// which the rule's documentation lists.
	MethodSetting string
	// MethodGate reports that the library does not retry non-idempotent
	// methods (resty v3 unless SetRetryAllowNonIdempotent(true)).
	MethodGate bool
	// Pos is where the client is built; RetryPos where its retries are
	// configured (may equal Pos, or be invalid).
	Pos, RetryPos token.Pos
	// Headers are the canonical header keys set on the client or the
	// request through the library (resty SetHeader), and DynamicHeaders
	// reports a header set with a key that is not constant.
	Headers        []string
	DynamicHeaders bool
	// Body is the request body given to the library (resty SetBody).
	Body ssa.Value
}

// Retrying reports whether the client provably retries.
func (c *Client) Retrying() bool {
	return c != nil && c.Retries.IsConst() && c.Retries.Int > 0
}

// Attempts returns the number of attempts, or 0 when unknown.
func (c *Client) Attempts() int64 {
	if c == nil || !c.Retries.IsConst() {
		return 0
	}
	if c.Retries.Int < 0 {
		return 1
	}
	return c.Retries.Int + 1
}

func ptrTo(pkg, name string) func(types.Type) bool {
	return func(t types.Type) bool { return typeutil.IsPointerTo(t, pkg, name) }
}

// Send returns the retry configuration of the client that sends s, or
// nil when it cannot be resolved.
func (r *Resolver) Send(s httplib.Send) *Client {
	if m := sendModels[s.Lib]; m != nil && m.send != nil {
		return m.send(r, s)
	}
	return nil
}

// RetryingHTTPClient returns the retry configuration behind an
// *http.Client value whose Transport is a retrying round tripper
// (failsafehttp.NewRoundTripper) or that comes from
// (*retryablehttp.Client).StandardClient(), or nil.
func (r *Resolver) RetryingHTTPClient(v ssa.Value) *Client {
	roots, _ := r.origins(v)
	// A client that retries on one of the paths that build it (when an
	// option is set, say) retries there.
	for _, root := range roots {
		if c := r.retryingRoot(root); c.Retrying() {
			return c
		}
	}
	if len(roots) != 1 {
		return nil
	}
	return r.retryingRoot(roots[0])
}

// retryingRoot is RetryingHTTPClient for one origin of the client.
func (r *Resolver) retryingRoot(root ssa.Value) *Client {
	for _, m := range models {
		if m.httpClient != nil {
			if c := m.httpClient(r, root); c != nil {
				return c
			}
		}
	}
	alloc, isAlloc := root.(*ssa.Alloc)
	if !isAlloc || !typeutil.IsPointerTo(alloc.Type(), httplib.NetHTTP, "Client") {
		return nil
	}
	if c, ok := r.httpClients[alloc]; ok {
		return c
	}
	c := r.retryingAlloc(alloc)
	if r.httpClients == nil {
		r.httpClients = make(map[*ssa.Alloc]*Client)
	}
	r.httpClients[alloc] = c
	return c
}

// retryingAlloc is RetryingHTTPClient for a client allocation.
func (r *Resolver) retryingAlloc(alloc *ssa.Alloc) *Client {
	stores, _ := r.ix.ObjectStores(alloc, nil)
	for _, st := range stores {
		if st.Field == nil || st.Field.Name() != "Transport" {
			continue
		}
		tr, ok := r.origins(st.Value)
		if !ok || len(tr) != 1 {
			return nil
		}
		for _, m := range models {
			if m.transport != nil {
				if c := m.transport(r, tr[0]); c != nil {
					return c
				}
			}
		}
	}
	return nil
}
