package poolsize

import (
	_ "embed"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/loops"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

//go:embed doc.go
var doc string

// Name is the analyzer's name, also its golangci-lint plugin name.
const Name = "poolsize"

// Rule slugs, used as diagnostic categories.
const (
	IdlePerHostDefault  = "idle-per-host-default"
	IdleTimeoutZero     = "idle-timeout-zero"
	TransportPerRequest = "transport-per-request"
	FanoutExceedsPool   = "fanout-exceeds-pool"
	InconsistentLimits  = "inconsistent-limits"
)

// Rules lists the analyzer's rules.
var Rules = []lint.Rule{
	{Slug: IdlePerHostDefault, Summary: "MaxIdleConns or MaxConnsPerHost raised while MaxIdleConnsPerHost stays at its default of 2"},
	{Slug: IdleTimeoutZero, Summary: "IdleConnTimeout is 0 on a pool that can hold many idle connections: a raised per-host limit, or no limit and per-call hosts"},
	{Slug: TransportPerRequest, Summary: "connection pool built per request or per call and dropped without CloseIdleConnections"},
	{Slug: FanoutExceedsPool, Summary: "concurrent fan-out to one host wider than the transport's idle connections per host"},
	{Slug: InconsistentLimits, Summary: "constant pool limits that defeat each other"},
}

// config holds the analyzer's options, set through its flags.
type config struct {
	// fanoutWidth is the width of a concurrent fan-out above which it is
	// reported (when it also exceeds the transport's MaxIdleConnsPerHost).
	fanoutWidth int
}

// defaultMaxIdleConnsPerHost is net/http's DefaultMaxIdleConnsPerHost.
const defaultMaxIdleConnsPerHost = 2

// Analyzer is the poolsize analyzer; its flags configure it.
var Analyzer = New()

// Definition describes the analyzer for drivers and the suite.
var Definition = lint.Definition{Name: Name, Analyzer: Analyzer, Rules: Rules, New: New}

// New returns a new poolsize analyzer with default options, whose flags
// configure it alone.
func New() *analysis.Analyzer {
	cfg := &config{fanoutWidth: defaultMaxIdleConnsPerHost}
	a := lint.New(lint.Spec{Name: Name, Doc: doc, Rules: Rules, Requires: []*analysis.Analyzer{facts.Analyzer},
		Run: func(pass *analysis.Pass, rep *lint.Reporter) error { return run(pass, rep, cfg) }})
	a.Flags.Var(lint.AtLeast{P: &cfg.fanoutWidth, Min: 1}, "fanout-width", "report concurrent fan-outs wider than this many requests (and than the transport's MaxIdleConnsPerHost)")
	return a
}

// checker holds the state of one pass.
type checker struct {
	pass    *analysis.Pass
	cfg     *config
	rep     *lint.Reporter
	res     *facts.Result
	clients *httpconfig.Resolver
	loops   map[*ssa.Function]*loops.Forest
	oneShot *bool // memo of oneShotCommand
	// byTransport holds the package's sends by the position of the
	// transport they go through (see sendsThrough).
	byTransport map[token.Pos][]httplib.Send
	retryLibs   *httplib.RetryResolver // see retries
}

func run(pass *analysis.Pass, rep *lint.Reporter, cfg *config) error {
	res := facts.Of(pass)
	if res == nil {
		return nil
	}
	rep.SetNote(res.RunsNote)
	c := &checker{pass: pass, cfg: cfg, rep: rep, res: res, clients: res.ClientResolver()}
	for _, s := range c.sites() {
		if s.transport != nil && !s.factory {
			c.checkLimits(s)
		}
		if !s.tuned {
			c.checkPerRequest(s)
		}
	}
	c.checkDefaultTransport()
	c.checkFanouts()
	return nil
}

// A site is an expression that creates a connection pool: a Transport
// literal or new(http.Transport), a Clone, or a library constructor.
type site struct {
	fn    *ssa.Function
	value ssa.Value // the *ssa.Alloc or *ssa.Call (or its Extract) that creates it
	// factory reports a call of a function of the program that builds
	// the pool; its configuration is checked where the function builds it.
	factory bool
	// tuned reports a transport returned by a function of another
	// package that this package then configures (tr.MaxIdleConns = n):
	// only the settings stored here are judged, where they are stored.
	tuned bool
	desc  string // "http.Transport", "(*http.Transport).Clone()", "retryablehttp.NewClient()"
	// transport is the configuration when the site creates an
	// *http.Transport; nil for library clients.
	transport *httpconfig.Transport
}

func (c *checker) sites() []site {
	var out []site
	for _, fn := range c.res.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch v := instr.(type) {
				case *ssa.Alloc:
					if typeutil.IsPointerTo(v.Type(), httplib.NetHTTP, "Transport") {
						out = append(out, site{fn: fn, value: v, desc: "http.Transport", transport: c.clients.Transport(v)})
					}
				case *ssa.Call:
					callee := valueflow.StaticCallee(v.Common())
					if callee == nil {
						// An interface method that the package's
						// own types implement as factories.
						if s, ok := c.factory(fn, v); ok {
							out = append(out, s)
						}
						continue
					}
					desc := httplib.FreshPool(callee)
					if desc == "" {
						// A transport of another package tuned here
						// is judged for its settings here, not as a
						// new pool.
						if s, ok := c.tunedTransport(fn, v, callee); ok {
							out = append(out, s)
						} else if s, ok := c.factory(fn, v); ok {
							out = append(out, s)
						}
						continue
					}
					s := site{fn: fn, value: v, desc: desc}
					if isTransportType(v.Type()) {
						s.transport = c.clients.Transport(v)
					}
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// factory recognises a call of a pool factory (httpconfig's
// Resolver.Factory): a function, of this package or of another, that
// builds a new pool on each call and returns it. The pool's configuration
// is checked where the factory builds it.
func (c *checker) factory(fn *ssa.Function, call *ssa.Call) (site, bool) {
	results := call.Call.Signature().Results()
	for i := 0; i < results.Len(); i++ {
		v := resultValue(call, i, results.Len())
		if v == nil {
			continue
		}
		t := c.clients.CallFactory(call, i)
		if t == nil {
			continue
		}
		// The pool as the caller sees it, with the caller's own stores,
		// when that is the new pool itself.
		var here *httpconfig.Transport
		switch rt := results.At(i).Type(); {
		case isTransportType(rt):
			here = c.clients.Transport(v)
		case typeutil.IsPointerTo(rt, httplib.NetHTTP, "Client"):
			if cl := c.clients.Client(v); cl.TransportSet {
				here = cl.Transport
			}
		}
		if here != nil && here.Fresh && here.Origin != httpconfig.OriginUnknown {
			t = here
		}
		var name string
		if callee := valueflow.StaticCallee(call.Common()); callee != nil {
			name = callee.Name()
		} else {
			name = call.Common().Method.Name()
		}
		return site{fn: fn, value: v, desc: name + "()", transport: t, factory: true}, true
	}
	return site{}, false
}

// tunedTransport recognises a transport that a function of another
// package returns (utils.Transport(...), possibly with an error result)
// and that fn configures further with stores of its own.
func (c *checker) tunedTransport(fn *ssa.Function, call *ssa.Call, callee *types.Func) (site, bool) {
	if c.res.Index.Func(callee) != nil {
		return site{}, false // a function of this package
	}
	results := call.Call.Signature().Results()
	for i := 0; i < results.Len(); i++ {
		if !isTransportType(results.At(i).Type()) {
			continue
		}
		v := resultValue(call, i, results.Len())
		if v == nil {
			continue
		}
		stores, _ := c.res.Index.ObjectStores(v, nil)
		local := false
		for _, st := range stores {
			if st.Field != nil && !c.rep.Excluded(st.Pos()) {
				local = true
			}
		}
		if !local {
			continue
		}
		t := c.clients.Transport(v)
		if t == nil || t.Origin == httpconfig.OriginUnknown {
			continue
		}
		return site{fn: fn, value: v, desc: callee.Name() + "()", transport: t, tuned: true}, true
	}
	return site{}, false
}

// resultValue returns the value of result i of call among n results: the
// call itself, or its Extract; nil when the result is not used.
func resultValue(call *ssa.Call, i, n int) ssa.Value {
	if n == 1 {
		return call
	}
	if refs := call.Referrers(); refs != nil {
		for _, r := range *refs {
			if ex, ok := r.(*ssa.Extract); ok && ex.Index == i {
				return ex
			}
		}
	}
	return nil
}

// pos returns the position of the expression that creates the pool.
func (s site) pos() token.Pos {
	if ex, ok := s.value.(*ssa.Extract); ok {
		return ex.Tuple.Pos()
	}
	return s.value.Pos()
}

func isTransportType(t types.Type) bool {
	return typeutil.IsPointerTo(t, httplib.NetHTTP, "Transport")
}

// checkDefaultTransport checks the settings a package stores into
// http.DefaultTransport itself.
func (c *checker) checkDefaultTransport() {
	t, mutated := c.clients.DefaultTransport()
	if !mutated {
		return
	}
	c.checkLimits(site{desc: "http.DefaultTransport", transport: t})
}
