package retrypolicy

import (
	_ "embed"
	"fmt"
	"net/http"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/analyzers/retrypolicy/internal/httpmethod"
	"github.com/httplint/httplint/internal/http/deadline"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/http/reqbody"
	"github.com/httplint/httplint/internal/http/sends"
	"github.com/httplint/httplint/internal/lint"
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
var Rules = []lint.Rule{
	{Slug: UnboundedLoop, Summary: "a retry loop around an HTTP request has no attempt counter, context check or deadline"},
	{Slug: NoBackoff, Summary: "a retry loop around an HTTP request does not wait between attempts"},
	{Slug: SleepIgnoresContext, Summary: "a retry loop waits with time.Sleep although a context is available"},
	{Slug: NonIdempotentRetry, Summary: "a retry loop re-sends a POST or PATCH request without an idempotency key"},
	{Slug: ConsumedBodyResend, Summary: "a retry loop re-sends the same request after its body was consumed"},
	{Slug: LibraryUnbounded, Summary: "a retry library is configured to retry forever"},
	{Slug: LibraryRetriesNonIdempotent, Summary: "a retrying HTTP client sends a POST or PATCH request without an idempotency key"},
	{Slug: NestedRetry, Summary: "a retrying client or retry library call inside another retry: attempts multiply"},
}

// config holds the analyzer's options, set through its flags.
type config struct {
	idempotencyHeaders headerList
}

// headerList is a comma-separated list flag of header names; it rejects
// an empty list and invalid names.
type headerList struct{ lint.List }

func (h *headerList) Set(s string) error {
	var l lint.List
	if err := l.Set(s); err != nil {
		return err
	}
	if len(l) == 0 {
		return fmt.Errorf("want at least one header name")
	}
	for _, name := range l {
		if !validHeaderName(name) {
			return fmt.Errorf("%q is not a valid header name", name)
		}
	}
	h.List = l
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

// Analyzer is the retrypolicy analyzer; its flags configure it.
var Analyzer = New()

// Definition describes the analyzer for drivers and the suite.
var Definition = lint.Definition{Name: Name, Analyzer: Analyzer, Rules: Rules, New: New}

// New returns a new retrypolicy analyzer with default options, whose
// flags configure it alone.
func New() *analysis.Analyzer {
	cfg := &config{idempotencyHeaders: headerList{lint.List{"Idempotency-Key", "X-Idempotency-Key"}}}
	a := lint.New(lint.Spec{Name: Name, Doc: doc, Rules: Rules, Requires: []*analysis.Analyzer{facts.Analyzer},
		Run: func(pass *analysis.Pass, rep *lint.Reporter) error { return run(pass, rep, cfg) }})
	a.Flags.Var(&cfg.idempotencyHeaders, "idempotency-headers", "comma-separated header names that mark a request as safe to retry")
	return a
}

type checker struct {
	pass      *analysis.Pass
	rep       *lint.Reporter
	res       *facts.Result
	methods   *httpmethod.Resolver
	libs      *httplib.RetryResolver
	deadlines *deadline.Resolver
	senders   *sends.RequestSenders
	bodies    *reqbody.Resolver
	keys      map[string]bool // canonical idempotency header names
	keyName   string          // the first of them, for messages
	// helperSends memoises sendIn: the send a function of the package
	// makes, or "".
	helperSends map[*ssa.Function]string
}

func run(pass *analysis.Pass, rep *lint.Reporter, cfg *config) error {
	res := facts.Of(pass)
	if res == nil {
		return nil
	}
	rep.SetNote(res.RunsNote)
	c := &checker{
		pass:        pass,
		rep:         rep,
		res:         res,
		methods:     httpmethod.New(res.Index),
		libs:        httplib.NewRetryResolver(res.Index),
		helperSends: make(map[*ssa.Function]string),
		deadlines:   res.DeadlineResolver(),
		senders:     sends.NewRequestSenders(res.Index, res),
		bodies:      res.BodyResolver(),
		keys:        make(map[string]bool),
	}
	for _, h := range cfg.idempotencyHeaders.List {
		c.keys[http.CanonicalHeaderKey(h)] = true
		if c.keyName == "" {
			c.keyName = h
		}
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
