package acquiretimeout

import (
	"fmt"
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/httplint/httplint/internal/http/deadline"
	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/lint"
)

// A clientGroup is the requests without a deadline of one package that go
// through clients of one origin: one root cause, one finding.
type clientGroup struct {
	// at is where the finding goes: the client's origin (its literal,
	// constructor call or default assignment), or the first send when
	// the origin is not in this package or is http.DefaultClient itself.
	at       token.Pos
	atOrigin bool
	sends    []send
}

// groupSends groups sends by the origin of their client: each client
// built in this package (a literal, new, a library constructor, a
// package variable, the default a nil client is replaced by) is one
// group, reported where it is built; every use of http.DefaultClient
// (its helpers included) is one group, reported at the first; a client
// built in another package is reported at each send, and so is a send
// that a directive silences.
func groupSends(fset *token.FileSet, rep *lint.Reporter, sends []send) []*clientGroup {
	// By file name and offset: the order of token.Pos values across
	// files is the order in which they were parsed, which may vary.
	sort.Slice(sends, func(i, j int) bool {
		a, b := fset.Position(sends[i].call.Pos()), fset.Position(sends[j].call.Pos())
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		return a.Offset < b.Offset
	})
	byKey := make(map[token.Pos]*clientGroup)
	var defaults *clientGroup
	var groups []*clientGroup
	for _, s := range sends {
		origin := s.client.Pos()
		switch {
		case rep.Silenced(s.call.Pos(), ClientNoDeadline):
			// A directive at the send silences that send alone.
			groups = append(groups, &clientGroup{at: s.call.Pos(), sends: []send{s}})
		case s.client.Origin == httpconfig.OriginDefault && !s.client.Injectable:
			if defaults == nil {
				defaults = &clientGroup{at: s.call.Pos()}
				groups = append(groups, defaults)
			}
			defaults.sends = append(defaults.sends, s)
		case origin.IsValid() && !rep.Excluded(origin):
			g := byKey[origin]
			if g == nil {
				g = &clientGroup{at: origin, atOrigin: true}
				byKey[origin] = g
				groups = append(groups, g)
			}
			g.sends = append(g.sends, s)
		default:
			groups = append(groups, &clientGroup{at: s.call.Pos(), sends: []send{s}})
		}
	}
	return groups
}

// reportNoDeadlines reports the requests with no deadline (or, under
// strict, a context from a parameter) sent through clients without
// Timeout, one finding per origin of the client (see groupSends).
func reportNoDeadlines(pass *analysis.Pass, rep *lint.Reporter, sends []send) {
	for _, g := range groupSends(pass.Fset, rep, sends) {
		pos, end := lint.CallRange(pass, g.at)
		if g.atOrigin {
			pos, end = lint.ExprRange(pass, g.at)
			if pos == end {
				pos, end = lint.StoreRange(pass, g.at)
			}
		}
		d := analysis.Diagnostic{Pos: pos, End: end, Category: ClientNoDeadline, Message: g.message()}
		for _, s := range g.sends {
			if s.call.Pos() == g.at {
				continue
			}
			msg := "request without a deadline sent here"
			if s.indirect != "" {
				msg = "called without a deadline here"
			}
			d.Related = append(d.Related, analysis.RelatedInformation{Pos: s.call.Pos(), Message: msg})
		}
		rep.Report(d)
	}
}

// message returns the finding's message: the client, the requests'
// deadlines, and the fix. A group of several requests says how many
// before the fix (lint.GroupCount), which is all that changes as requests
// join it.
func (g *clientGroup) message() string {
	count := ""
	if n := len(g.sends); n > 1 {
		count = lint.GroupCount(n, "requests")
	}
	if !g.atOrigin {
		// At the send: its own message, and how many more.
		msg := sendMessage(g.sends[0])
		if i := strings.Index(msg, ";"); i >= 0 && count != "" {
			msg = msg[:i] + count + msg[i:]
		}
		return msg
	}
	s := g.sends[0]
	client, fix := "http.Client", "set Client.Timeout"
	switch {
	case s.client.Origin == httpconfig.OriginDefault && s.client.Injectable:
		client, fix = "the fallback http.DefaultClient", "fall back to a Client with Timeout"
	case s.client.Injectable:
		client, fix = "the fallback client", "set its Timeout"
	case s.client.Library != "":
		client, fix = s.client.Library+"()", "set its Timeout"
	}
	param := true
	for _, s := range g.sends {
		param = param && s.deadline.Kind == deadline.Param
	}
	if param {
		return fmt.Sprintf("%s has no Timeout and its requests' contexts may lack a deadline%s; %s", client, count, fix)
	}
	if rht := s.client.Transport.Get(httpconfig.ResponseHeaderTimeout); rht.IsNonZero() {
		return fmt.Sprintf("%s has no Timeout and ResponseHeaderTimeout (%s) does not bound the body%s; set a Timeout or a deadline",
			client, rht.Describe(true), count)
	}
	return fmt.Sprintf("%s has no Timeout and its requests no deadline%s; %s", client, count, fix)
}

// sendMessage returns the message for s, a request with no deadline (or,
// under strict, a context from a parameter) sent through a client
// without Timeout, reported at the send: the client, the request's
// deadline, and the fix.
func sendMessage(s send) string {
	if s.indirect != "" {
		return s.indirect
	}
	if s.client.Origin == httpconfig.OriginDefault && s.what[0] != '(' {
		// http.Get and friends: neither a Timeout nor a context can be
		// given, only another client and request.
		return s.what + " uses http.DefaultClient, which has no Timeout; use a Client with Timeout or a request with a deadline"
	}
	client, fix := "http.Client", "set Client.Timeout or pass a context with a deadline"
	switch {
	case s.client.Origin == httpconfig.OriginDefault && s.client.Injectable:
		client, fix = "the fallback http.DefaultClient", "fall back to a Client with Timeout"
	case s.client.Origin == httpconfig.OriginDefault:
		client = "http.DefaultClient"
	case s.client.Injectable:
		client, fix = "the fallback client", "set its Timeout or pass a context with a deadline"
	case s.client.Library != "":
		client, fix = s.client.Library+"()", "set its Timeout"
	}
	if s.deadline.Kind == deadline.Param {
		short := "set Client.Timeout"
		if s.client.Origin != httpconfig.OriginDefault && (s.client.Injectable || s.client.Library != "") {
			short = "set its Timeout"
		}
		return client + " has no Timeout and this request's context may lack a deadline; " + short
	}
	if rht := s.client.Transport.Get(httpconfig.ResponseHeaderTimeout); rht.IsNonZero() {
		return fmt.Sprintf("%s has no Timeout and ResponseHeaderTimeout (%s) does not bound the body; set a Timeout or a deadline",
			client, rht.Describe(true))
	}
	return client + " has no Timeout and this request no deadline; " + fix
}
