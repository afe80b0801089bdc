package acquiretimeout

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/giveup"
	"github.com/httplint/httplint/internal/http/deadline"
	"github.com/httplint/httplint/internal/http/facts"
	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/http/requrl"
	"github.com/httplint/httplint/internal/http/sends"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

//go:embed doc.go
var doc string

// Name is the analyzer's name, also its golangci-lint plugin name.
const Name = "acquiretimeout"

// Rule slugs, used as diagnostic categories.
const (
	ClientNoDeadline  = "client-no-deadline"
	PoolWaitUnbounded = "pool-wait-unbounded"
	DialUnbounded     = "dial-unbounded"
)

// Rules lists the analyzer's rules.
var Rules = []lint.Rule{
	{Slug: ClientNoDeadline, Summary: "request sent through a client without Timeout and with no context deadline"},
	{Slug: PoolWaitUnbounded, Summary: "MaxConnsPerHost set on a transport whose requests have no deadline: the wait for a connection is unbounded"},
	{Slug: DialUnbounded, Summary: "MaxConnsPerHost set on a zero-value transport without dial or TLS handshake timeout"},
}

// config holds the analyzer's options, set through its flags.
type config struct {
	allowPkgs lint.List
	strict    bool
}

// Analyzer is the acquiretimeout analyzer; its flags configure it.
var Analyzer = New()

// Definition describes the analyzer for drivers and the suite.
var Definition = lint.Definition{Name: Name, Analyzer: Analyzer, Rules: Rules, New: New}

// New returns a new acquiretimeout analyzer with default options, whose
// flags configure it alone.
func New() *analysis.Analyzer {
	cfg := new(config)
	a := lint.New(lint.Spec{Name: Name, Doc: doc, Rules: Rules, Requires: []*analysis.Analyzer{facts.Analyzer},
		Run: func(pass *analysis.Pass, rep *lint.Reporter) error { return run(pass, rep, cfg) }})
	a.Flags.Var(&cfg.allowPkgs, "allow-pkgs", "comma-separated import paths (a trailing /... matches subpackages) whose clients are deliberately deadline-free")
	a.Flags.BoolVar(&cfg.strict, "strict", false, "also report requests whose context is a parameter of the enclosing function")
	return a
}

// A send is one request sent through a client.
type send struct {
	call     ssa.CallInstruction
	what     string // how the request is sent, for messages: "http.Get", "(*http.Client).Do"
	client   *httpconfig.Client
	deadline deadline.Deadline
	// indirect is the message of a call of a function that sends with
	// the client and context this call gives it; "" for a send.
	indirect string
}

func run(pass *analysis.Pass, rep *lint.Reporter, cfg *config) error {
	res := facts.Of(pass)
	if res == nil || lint.MatchPackage(cfg.allowPkgs, pass.Pkg.Path()) {
		return nil
	}
	rep.SetNote(res.RunsNote)
	clients := res.ClientResolver()
	deadlines := res.DeadlineResolver()
	senders := res.SendResolver()

	// Requests without any deadline, grouped by the MaxConnsPerHost
	// setting of their transport when it has one.
	var unbounded []send
	var indirect []indirectSend
	for _, fn := range res.Funcs {
		if rep.Excluded(fn.Pos()) || blocksByContract(fn) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				s, ok := classify(call, clients, deadlines, res.Index)
				if !ok {
					// A call of a function that sends a request with the
					// client or context passed here.
					if is, ok := indirectNoDeadline(pass, call, senders.AtCall(call), cfg.strict); ok {
						indirect = append(indirect, is)
					}
					continue
				}
				if !s.client.Timeout.IsZero() {
					continue
				}
				if s.deadline.Kind == deadline.None || (cfg.strict && s.deadline.Kind == deadline.Param) {
					unbounded = append(unbounded, s)
				}
			}
		}
	}

	// A call of a helper that sends through http.DefaultClient or
	// through a client built in this package has that client's root
	// cause: it joins the client's group.
	var helpers []indirectSend
	for _, is := range indirect {
		c := is.send.Client
		if (c.Origin == httpconfig.OriginDefault && !c.Injectable) || (c.Pos().IsValid() && !rep.Excluded(c.Pos())) {
			unbounded = append(unbounded, send{call: is.call, what: is.send.What, client: c, deadline: is.send.Deadline, indirect: is.message})
			continue
		}
		helpers = append(helpers, is)
	}

	pools := make(map[token.Pos][]send)
	var plain []send
	for _, s := range unbounded {
		if max := s.client.Transport.Get(httpconfig.MaxConnsPerHost); max.IsNonZero() {
			pools[max.Pos()] = append(pools[max.Pos()], s)
			continue
		}
		plain = append(plain, s)
	}
	reportNoDeadlines(pass, rep, plain)
	reportPoolWaits(pass, rep, pools)
	reportIndirect(pass, rep, helpers)
	reportDials(pass, rep, res, clients)
	return nil
}

// classify recognises a call that sends an HTTP request through a client
// and returns the client and the request context's deadline.
func classify(call ssa.CallInstruction, clients *httpconfig.Resolver, deadlines *deadline.Resolver, ix *valueflow.Index) (send, bool) {
	hc, ok := httplib.ClassifyIn(ix, call)
	if !ok {
		return send{}, false
	}
	if hosts, ok := requrl.Hosts(ix, hc); ok && requrl.Loopback(ix, hosts) {
		// A server of this machine, typically one the program starts
		// itself (a test harness, a local admin endpoint): if it
		// stalls, the program is broken anyway.
		return send{}, false
	}
	s := send{call: call, what: hc.Name}
	switch {
	case hc.Via == httplib.ViaHelper:
		s.client = clients.DefaultClient()
	case hc.Via == httplib.ViaClient && hc.Client != nil:
		s.client = clients.Client(hc.Client)
		if s.client.Timeout.IsZero() && s.client.Bounded() {
			// Every connection carries a deadline that a stalled
			// server runs into: the request cannot hang forever.
			return send{}, false
		}
	default:
		giveup.Note(ix.Pkg.Prog.Fset, call.Pos(), "send-client-unknown", hc.Name)
		return send{}, false
	}
	switch {
	case hc.Background:
		s.deadline = deadline.Deadline{Kind: deadline.None}
	case hc.Request != nil:
		s.deadline = deadlines.Request(hc.Request)
	default:
		giveup.Note(ix.Pkg.Prog.Fset, call.Pos(), "send-request-unknown", hc.Name)
		return send{}, false
	}
	return s, true
}

// An indirectSend is a call of a function that sends a request without
// a deadline through a client without Timeout, with the client and
// context that come from this call.
type indirectSend struct {
	call    ssa.CallInstruction
	send    sends.ParamSend
	client  string // for messages
	message string
}

// indirectNoDeadline describes call when a function it calls sends a
// request with no deadline through a client without Timeout, the client
// and context coming from this call.
func indirectNoDeadline(pass *analysis.Pass, call ssa.CallInstruction, indirect []sends.ParamSend, strict bool) (indirectSend, bool) {
	for _, s := range indirect {
		if s.ClientParam >= 0 || s.Client.Bounded() {
			continue
		}
		ctx := "this context has no deadline; give it a deadline"
		if s.FromRequest() {
			ctx = "this request has no deadline; give it a deadline"
		}
		switch {
		case s.Deadline.Kind == deadline.Param && strict:
			ctx = "this context may lack a deadline; give it one"
		case s.Deadline.Kind != deadline.None:
			continue
		}
		client := "an http.Client"
		switch {
		case s.Client.Origin == httpconfig.OriginDefault:
			client = "http.DefaultClient"
		case s.Client.Library != "":
			client = s.Client.Library + "()"
		}
		via := strings.TrimPrefix(s.Via, pass.Pkg.Name()+".")
		return indirectSend{call: call, send: s, client: client,
			message: fmt.Sprintf("%s uses %s (no Timeout) and %s", via, client, ctx)}, true
	}
	return indirectSend{}, false
}

// reportIndirect reports the calls through which a function sends a
// request with no deadline. Calls that reach the same send of this
// package through the same kind of client share one root cause, the
// client without Timeout: they are reported once, at that send, with
// the calls as related positions.
func reportIndirect(pass *analysis.Pass, rep *lint.Reporter, indirect []indirectSend) {
	groups := make(map[token.Pos][]indirectSend)
	var order []token.Pos
	for _, is := range indirect {
		p := is.send.Root()
		if !p.IsValid() || rep.Excluded(p) {
			p = is.call.Pos() // a send in another package: report each call
		}
		if _, ok := groups[p]; !ok {
			order = append(order, p)
		}
		groups[p] = append(groups[p], is)
	}
	for _, p := range order {
		g := groups[p]
		if len(g) == 1 || p == g[0].call.Pos() {
			for _, is := range g {
				pos, end := lint.CallRange(pass, is.call.Pos())
				rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: ClientNoDeadline, Message: is.message})
			}
			continue
		}
		pos, end := lint.CallRange(pass, p)
		d := analysis.Diagnostic{Pos: pos, End: end, Category: ClientNoDeadline,
			Message: fmt.Sprintf("%s has no Timeout and %d callers send through it without a deadline; set a Timeout", g[0].client, len(g))}
		for _, is := range g {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: is.call.Pos(), Message: "called without a deadline here"})
		}
		rep.Report(d)
	}
}

func reportPoolWaits(pass *analysis.Pass, rep *lint.Reporter, pools map[token.Pos][]send) {
	var keys []token.Pos
	for p := range pools {
		keys = append(keys, p)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	for _, p := range keys {
		sends := pools[p]
		max := sends[0].client.Transport.Get(httpconfig.MaxConnsPerHost)
		if !p.IsValid() || rep.Excluded(p) {
			// The transport is configured in another package: report at
			// each request instead.
			for _, s := range sends {
				wait := "this request, with no deadline, may queue forever"
				if s.deadline.Kind == deadline.Param {
					wait = "this request's context may lack a deadline"
				}
				pos, end := lint.CallRange(pass, s.call.Pos())
				rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: PoolWaitUnbounded,
					Message: fmt.Sprintf("MaxConnsPerHost is %s but the client has no Timeout: %s; set a Timeout", max.Describe(false), wait)})
			}
			continue
		}
		msg := fmt.Sprintf("MaxConnsPerHost is %s but the client has no Timeout: requests with no deadline queue forever; set Client.Timeout",
			max.Describe(false))
		pos, end := lint.StoreRange(pass, p)
		d := analysis.Diagnostic{Pos: pos, End: end, Category: PoolWaitUnbounded, Message: msg}
		for _, s := range sends {
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: s.call.Pos(), Message: "request without a deadline sent here"})
		}
		rep.Report(d)
	}
}

// reportDials reports zero-value transports that cap connections per
// host but leave the dial or the TLS handshake unbounded.
func reportDials(pass *analysis.Pass, rep *lint.Reporter, res *facts.Result, clients *httpconfig.Resolver) {
	for _, fn := range res.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				alloc, ok := instr.(*ssa.Alloc)
				if !ok || !typeutil.IsPointerTo(alloc.Type(), httplib.NetHTTP, "Transport") {
					continue
				}
				t := clients.Transport(alloc)
				max := t.Get(httpconfig.MaxConnsPerHost)
				if t.Origin != httpconfig.OriginZero || !max.IsNonZero() || !max.Pos().IsValid() {
					continue
				}
				dial := t.Get(httpconfig.DialTimeout)
				tls := t.Get(httpconfig.TLSHandshakeTimeout)
				noTLS := tls.IsZero() && !t.Get(httpconfig.CustomTLSDial).IsNonZero()
				noDial := "no dial timeout"
				if dial.IsZero() && !dial.Explicit {
					// A nil DialContext dials with a zero net.Dialer.
					noDial += " (nil DialContext)"
				}
				var missing, fix string
				switch {
				case dial.IsZero() && noTLS:
					missing, fix = noDial+" and no TLSHandshakeTimeout", "set both"
				case dial.IsZero():
					missing, fix = noDial, "use a net.Dialer with Timeout"
				case noTLS:
					missing, fix = "no TLSHandshakeTimeout", "set TLSHandshakeTimeout"
				default:
					continue
				}
				pos, end := lint.StoreRange(pass, max.Pos())
				rep.Report(analysis.Diagnostic{Pos: pos, End: end, Category: DialUnbounded,
					Message: fmt.Sprintf("MaxConnsPerHost is %s but this transport has %s; %s", max.Describe(false), missing, fix)})
			}
		}
	}
}

// blocksByContract reports whether fn (or the function it is a closure
// of) is the Lock or Unlock method of a sync.Locker: its contract is to
// wait, as sync.Mutex does, until the lock is had, and it has neither a
// context to take a deadline from nor an error to return on one (a
// distributed lock's Locker adapter, such as etcd's concurrency.NewLocker
// or buildkite's lock.Locker, passes context.Background on purpose).
func blocksByContract(fn *ssa.Function) bool {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	recv := fn.Signature.Recv()
	if recv == nil || (fn.Name() != "Lock" && fn.Name() != "Unlock") {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	mset := types.NewMethodSet(types.NewPointer(t))
	for _, name := range []string{"Lock", "Unlock"} {
		sel := mset.Lookup(nil, name)
		if sel == nil {
			return false
		}
		if sig, ok := sel.Type().(*types.Signature); !ok || sig.Params().Len() != 0 || sig.Results().Len() != 0 {
			return false
		}
	}
	return true
}
