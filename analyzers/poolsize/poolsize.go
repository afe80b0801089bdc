package poolsize

import (
	_ "embed"
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/analyzerdoc"
	"github.com/httplint/httplint/internal/analyzerutil"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/flagutil"
	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/ssa/loops"
	"github.com/httplint/httplint/internal/nethttp"
	"github.com/httplint/httplint/internal/report"
	"github.com/httplint/httplint/internal/ssa/valueflow"
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
var Rules = []analyzerdoc.Rule{
	{Slug: IdlePerHostDefault, Summary: "MaxIdleConns or MaxConnsPerHost raised while MaxIdleConnsPerHost stays at its default of 2"},
	{Slug: IdleTimeoutZero, Summary: "IdleConnTimeout is 0: idle connections are never closed by the client"},
	{Slug: TransportPerRequest, Summary: "connection pool built per request or per call and dropped without CloseIdleConnections"},
	{Slug: FanoutExceedsPool, Summary: "concurrent fan-out wider than the transport's idle connections per host"},
	{Slug: InconsistentLimits, Summary: "constant pool limits that defeat each other"},
}

// Config holds the analyzer's options. The JSON names are the
// golangci-lint plugin settings; the flags have the same names.
type Config struct {
	IncludeTests bool `json:"include-tests"`
	// FanoutWidth is the width of a concurrent fan-out above which it is
	// reported (when it also exceeds the transport's MaxIdleConnsPerHost).
	FanoutWidth int `json:"fanout-width"`
}

// DefaultConfig returns the default options.
func DefaultConfig() Config { return Config{FanoutWidth: http2DefaultIdle} }

// http2DefaultIdle is net/http's DefaultMaxIdleConnsPerHost.
const http2DefaultIdle = 2

// Validate reports an invalid option value.
func (c Config) Validate() error {
	if c.FanoutWidth < 1 {
		return fmt.Errorf("fanout-width must be at least 1, got %d", c.FanoutWidth)
	}
	return nil
}

// Analyzer is the poolsize analyzer with its default options; its flags
// change them.
var Analyzer = New(DefaultConfig())

// New returns a new poolsize analyzer with options cfg, whose flags are
// bound to its own copy of cfg.
func New(cfg Config) *analysis.Analyzer {
	c := &cfg
	a := analyzerutil.New(Name, doc, &c.IncludeTests, func(pass *analysis.Pass) error { return run(pass, c) })
	a.Flags.Var(flagutil.AtLeast{P: &c.FanoutWidth, Min: 1}, "fanout-width", "report concurrent fan-outs wider than this many requests (and than the transport's MaxIdleConnsPerHost)")
	return a
}

// checker holds the state of one pass.
type checker struct {
	pass    *analysis.Pass
	cfg     *Config
	rep     *report.Reporter
	res     *facts.Result
	clients *httpconfig.Resolver
	loops   map[*ssa.Function]*loops.Forest
}

func run(pass *analysis.Pass, cfg *Config) error {
	res := pass.ResultOf[facts.Analyzer].(*facts.Result)
	rep := report.New(pass, cfg.IncludeTests)
	defer rep.Finish()
	if !res.Relevant {
		return nil
	}
	c := &checker{pass: pass, cfg: cfg, rep: rep, res: res, clients: res.ClientResolver()}
	for _, s := range c.sites() {
		if s.transport != nil {
			c.checkLimits(s)
		}
		c.checkPerRequest(s)
	}
	c.checkDefaultTransport()
	c.checkFanouts()
	return nil
}

// A site is an expression that creates a connection pool: a Transport
// literal or new(http.Transport), a Clone, or a library constructor.
type site struct {
	fn    *ssa.Function
	value ssa.Value // the *ssa.Alloc or *ssa.Call that creates it
	desc  string    // "http.Transport", "(*http.Transport).Clone()", "retryablehttp.NewClient()"
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
					if nethttp.IsPointerTo(v.Type(), nethttp.HTTP, "Transport") {
						out = append(out, site{fn: fn, value: v, desc: "http.Transport", transport: c.clients.Transport(v)})
					}
				case *ssa.Call:
					callee := valueflow.StaticCallee(v.Common())
					if callee == nil {
						continue
					}
					desc := httpconfig.FreshPool(callee)
					if desc == "" {
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

func isTransportType(t types.Type) bool {
	return nethttp.IsPointerTo(t, nethttp.HTTP, "Transport")
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
