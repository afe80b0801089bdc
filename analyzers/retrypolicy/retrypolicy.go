package retrypolicy

import (
	_ "embed"
	"fmt"
	"net/http"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/analyzerdoc"
	"github.com/httplint/httplint/internal/analyzerutil"
	"github.com/httplint/httplint/internal/http/deadline"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/flagutil"
	"github.com/httplint/httplint/analyzers/retrypolicy/internal/httpmethod"
	"github.com/httplint/httplint/internal/report"
	"github.com/httplint/httplint/analyzers/retrypolicy/internal/retrylib"
)

//go:embed doc.go
var doc string

// Name is the analyzer's name, also its golangci-lint plugin name.
const Name = "retrypolicy"

// Rule slugs, used as diagnostic categories.
const (
	UnboundedLoop               = "unbounded-loop"
	NoBackoff                   = "no-backoff"
	SleepIgnoresContext         = "sleep-ignores-context"
	NonIdempotentRetry          = "non-idempotent-retry"
	ConsumedBodyResend          = "consumed-body-resend"
	LibraryUnbounded            = "library-unbounded"
	LibraryRetriesNonIdempotent = "library-retries-non-idempotent"
	NestedRetry                 = "nested-retry"
)

// Rules lists the analyzer's rules.
var Rules = []analyzerdoc.Rule{
	{Slug: UnboundedLoop, Summary: "a retry loop around an HTTP request has no attempt counter, context check or deadline"},
	{Slug: NoBackoff, Summary: "a retry loop around an HTTP request does not wait between attempts"},
	{Slug: SleepIgnoresContext, Summary: "a retry loop waits with time.Sleep although a context is available"},
	{Slug: NonIdempotentRetry, Summary: "a retry loop re-sends a POST or PATCH request without an idempotency key"},
	{Slug: ConsumedBodyResend, Summary: "a retry loop re-sends the same request after its body was consumed"},
	{Slug: LibraryUnbounded, Summary: "a retry library is configured to retry forever"},
	{Slug: LibraryRetriesNonIdempotent, Summary: "a retrying HTTP client sends a POST or PATCH request without an idempotency key"},
	{Slug: NestedRetry, Summary: "a retrying client or retry library call inside another retry: attempts multiply"},
}

// Config holds the analyzer's options. The JSON names are the
// golangci-lint plugin settings; the flags have the same names.
type Config struct {
	IncludeTests       bool          `json:"include-tests"`
	IdempotencyHeaders flagutil.List `json:"idempotency-headers"`
}

// DefaultConfig returns the default options.
func DefaultConfig() Config {
	return Config{IdempotencyHeaders: flagutil.List{"Idempotency-Key", "X-Idempotency-Key"}}
}

// Validate reports an invalid option value.
func (c Config) Validate() error {
	if len(c.IdempotencyHeaders) == 0 {
		return fmt.Errorf("idempotency-headers: want at least one header name")
	}
	for _, h := range c.IdempotencyHeaders {
		if !validHeaderName(h) {
			return fmt.Errorf("idempotency-headers: %q is not a valid header name", h)
		}
	}
	return nil
}

func validHeaderName(h string) bool {
	if h == "" {
		return false
	}
	for _, r := range h {
		if r <= ' ' || r >= 0x7f || strings.ContainsRune("\"(),/:;<=>?@[\\]{}", r) {
			return false
		}
	}
	return true
}

// headerList is a flag.Value that validates header names.
type headerList struct{ l *flagutil.List }

func (h headerList) String() string {
	if h.l == nil {
		return ""
	}
	return h.l.String()
}

func (h headerList) Set(s string) error {
	var l flagutil.List
	if err := l.Set(s); err != nil {
		return err
	}
	if err := (Config{IdempotencyHeaders: l}).Validate(); err != nil {
		return err
	}
	*h.l = l
	return nil
}

// Analyzer is the retrypolicy analyzer with its default options; its
// flags change them.
var Analyzer = New(DefaultConfig())

// New returns a new retrypolicy analyzer with options cfg, whose flags
// are bound to its own copy of cfg.
func New(cfg Config) *analysis.Analyzer {
	c := &cfg
	c.IdempotencyHeaders = append(flagutil.List(nil), cfg.IdempotencyHeaders...)
	a := analyzerutil.New(Name, doc, &c.IncludeTests, func(pass *analysis.Pass) error { return run(pass, c) })
	a.Flags.Var(headerList{&c.IdempotencyHeaders}, "idempotency-headers", "comma-separated header names that mark a request as safe to retry")
	return a
}

type checker struct {
	pass      *analysis.Pass
	rep       *report.Reporter
	res       *facts.Result
	methods   *httpmethod.Resolver
	libs      *retrylib.Resolver
	deadlines *deadline.Resolver
	keys      map[string]bool // canonical idempotency header names
	keyNames  string          // for messages
}

func run(pass *analysis.Pass, cfg *Config) error {
	res := pass.ResultOf[facts.Analyzer].(*facts.Result)
	rep := report.New(pass, cfg.IncludeTests)
	defer rep.Finish()
	defer func() {
		// Unusual code must never crash the driver: a panic in the
		// analysis means silence for the rest of this package.
		_ = recover()
	}()
	if !res.Relevant || res.Index == nil {
		return nil
	}
	c := &checker{
		pass:      pass,
		rep:       rep,
		res:       res,
		methods:   httpmethod.New(res.Index),
		libs:      retrylib.New(res.Index),
		deadlines: res.DeadlineResolver(),
		keys:      make(map[string]bool),
	}
	var names []string
	for _, h := range cfg.IdempotencyHeaders {
		c.keys[http.CanonicalHeaderKey(h)] = true
		names = append(names, h)
	}
	switch len(names) {
	case 1:
		c.keyNames = names[0]
	default:
		c.keyNames = strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
	}
	for _, fn := range res.Funcs {
		if rep.Excluded(fn.Pos()) {
			continue
		}
		c.function(fn)
	}
	return nil
}

// calls returns the call instructions of fn in block order.
func calls(fn *ssa.Function) []ssa.CallInstruction {
	var out []ssa.CallInstruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				out = append(out, call)
			}
		}
	}
	return out
}
