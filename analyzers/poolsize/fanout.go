package poolsize

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httpconfig"
	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/loops"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// A width is how many requests a fan-out may run at once.
type width struct {
	n       int64  // the width, when constant
	of      string // for a fan-out per element: "element of urls", "value received from ch"
	limited bool   // an errgroup limit gave n
}

func (w width) constant() bool { return w.of == "" }

// errgroupGo lists the methods that start a goroutine running their
// function argument (argument 1; the receiver is argument 0).
var goMethods = map[string]bool{
	"golang.org/x/sync/errgroup.Group.Go":    true,
	"golang.org/x/sync/errgroup.Group.TryGo": true,
	"sync.WaitGroup.Go":                      true,
}

// checkFanouts reports goroutines started in a loop (go statements,
// errgroup.Go, WaitGroup.Go) that send requests through a transport whose
// idle limit per host is smaller than the fan-out's width.
func (c *checker) checkFanouts() {
	for _, fn := range c.res.Funcs {
		if c.rep.Excluded(fn.Pos()) {
			continue
		}
		forest := c.loopsOf(fn)
		if forest.Empty() {
			continue
		}
		for _, b := range fn.Blocks {
			l := forest.Innermost(b)
			if l == nil {
				continue
			}
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				var body ssa.Value
				var group ssa.Value
				common := call.Common()
				switch instr.(type) {
				case *ssa.Go:
					body = common.Value
				case *ssa.Call:
					callee := valueflow.StaticCallee(common)
					if callee == nil || !goMethods[typeutil.FuncKey(callee)] || len(common.Args) < 2 {
						continue
					}
					group, body = common.Args[0], common.Args[1]
				default:
					continue
				}
				w, ok := c.fanoutWidth(fn, l, group)
				if !ok {
					continue
				}
				c.checkFanout(call, body, w)
			}
		}
	}
}

func (c *checker) loopsOf(fn *ssa.Function) *loops.Forest {
	if c.loops == nil {
		c.loops = make(map[*ssa.Function]*loops.Forest)
	}
	f, ok := c.loops[fn]
	if !ok {
		f = loops.Analyze(fn)
		c.loops[fn] = f
	}
	return f
}

// fanoutWidth returns the width of a fan-out started in loop l of fn:
// the constant of an errgroup SetLimit on group, else the trip count of
// the loop (a constant, or one per element of a collection). ok is false
// when the width is unknown.
func (c *checker) fanoutWidth(fn *ssa.Function, l *loops.Loop, group ssa.Value) (width, bool) {
	if group != nil {
		if n, found, known := c.groupLimit(fn, group); found {
			if !known || n <= 0 {
				return width{}, false // a limit from configuration, or no limit (-1)
			}
			return width{n: n, limited: true}, true
		}
	}
	return c.loopWidth(l)
}

// groupLimit finds a SetLimit call on the same errgroup as group in fn.
func (c *checker) groupLimit(fn *ssa.Function, group ssa.Value) (n int64, found, known bool) {
	origins := map[ssa.Value]bool{}
	for _, o := range c.res.Index.Origins(group) {
		if o.V == nil {
			return 0, false, false
		}
		origins[o.V] = true
	}
	for _, f := range append([]*ssa.Function{fn}, fn.AnonFuncs...) {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := valueflow.StaticCallee(call.Common())
				if callee == nil || typeutil.FuncKey(callee) != "golang.org/x/sync/errgroup.Group.SetLimit" || len(call.Call.Args) != 2 {
					continue
				}
				same := false
				for _, o := range c.res.Index.Origins(call.Call.Args[0]) {
					same = same || origins[o.V]
				}
				if !same {
					continue
				}
				if k, ok := call.Call.Args[1].(*ssa.Const); ok && k.Value != nil && k.Value.Kind() == constant.Int {
					v, _ := constant.Int64Val(k.Value)
					return v, true, true
				}
				return 0, true, false
			}
		}
	}
	return 0, false, false
}

// loopWidth derives the trip count of loop l from its header's exit test.
func (c *checker) loopWidth(l *loops.Loop) (width, bool) {
	h := l.Header
	for _, instr := range h.Instrs {
		switch x := instr.(type) {
		case *ssa.Next:
			if !x.IsString {
				return width{of: "element of the map"}, true
			}
		case *ssa.UnOp:
			if x.Op == token.ARROW {
				return width{of: "value received from " + c.describe(x.X)}, true
			}
		}
	}
	if len(h.Instrs) == 0 {
		return width{}, false
	}
	iff, ok := h.Instrs[len(h.Instrs)-1].(*ssa.If)
	if !ok {
		return width{}, false
	}
	cond, ok := iff.Cond.(*ssa.BinOp)
	if !ok {
		return width{}, false
	}
	switch cond.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return width{}, false
	}
	for _, side := range []ssa.Value{cond.X, cond.Y} {
		switch v := side.(type) {
		case *ssa.Const:
			if v.Value != nil && v.Value.Kind() == constant.Int {
				n, _ := constant.Int64Val(v.Value)
				return width{n: n}, true
			}
		case *ssa.Call:
			if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" && len(v.Call.Args) == 1 {
				x := v.Call.Args[0]
				if a, ok := types.Unalias(x.Type()).Underlying().(*types.Array); ok {
					return width{n: a.Len()}, true
				}
				if p, ok := types.Unalias(x.Type()).Underlying().(*types.Pointer); ok {
					if a, ok := types.Unalias(p.Elem()).Underlying().(*types.Array); ok {
						return width{n: a.Len()}, true
					}
				}
				return width{of: "element of " + c.describe(x)}, true
			}
		}
	}
	return width{}, false
}

// describe names a collection value for a message.
func (c *checker) describe(v ssa.Value) string {
	for _, o := range c.res.Index.Origins(v) {
		switch x := o.V.(type) {
		case *ssa.Parameter:
			return x.Name()
		case *ssa.UnOp:
			if o.Field != nil {
				return o.Field.Name()
			}
			if o.Global != nil {
				return o.Global.Name()
			}
		}
		if o.Field != nil {
			return o.Field.Name()
		}
	}
	return "the collection"
}

// A fanSend is a request sent from a fan-out's goroutine, with the
// transport it goes through.
type fanSend struct {
	call      ssa.CallInstruction
	via       string
	transport *httpconfig.Transport
}

// checkFanout reports the fan-out started by launch if a request sent
// from its goroutine body goes through a transport with fewer idle
// connections per host than the fan-out's width.
func (c *checker) checkFanout(launch ssa.CallInstruction, body ssa.Value, w width) {
	var sends []fanSend
	if _, ok := launch.(*ssa.Go); ok {
		// go http.Get(u): the goroutine is the send.
		sends = c.sendOf(launch)
	}
	sends = append(sends, c.sendsFrom(body, 0, map[*ssa.Function]bool{})...)
	for _, s := range sends {
		t := s.transport
		if t.Origin == httpconfig.OriginUnknown || keepAlivesOff(t) {
			continue
		}
		perHost := t.Get(httpconfig.MaxIdleConnsPerHost)
		if perHost.Kind != httpconfig.Const {
			continue
		}
		idle := perHost.Int
		if idle == 0 {
			idle = defaultMaxIdleConnsPerHost
		}
		if conns := t.Get(httpconfig.MaxConnsPerHost); conns.Kind != httpconfig.Const || (conns.Int > 0 && conns.Int <= idle) {
			// No more connections than idle slots can exist (excess
			// requests wait instead: acquiretimeout's concern), or the cap
			// is not known.
			continue
		}
		limit := max(int64(c.cfg.fanoutWidth), idle)
		if w.constant() && w.n <= limit {
			continue
		}
		if !w.constant() && idle > int64(c.cfg.fanoutWidth) {
			continue // a sized pool; the width is data-dependent
		}
		var what, fix string
		switch {
		case w.limited:
			what, fix = fmt.Sprintf("an errgroup of %d goroutines (SetLimit)", w.n), fmt.Sprintf("raise it to %d", w.n)
		case w.constant():
			what, fix = fmt.Sprintf("%d goroutines", w.n), fmt.Sprintf("raise it to %d", w.n)
		default:
			what, fix = "a goroutine per "+w.of, "raise it"
		}
		setting := fmt.Sprintf("MaxIdleConnsPerHost is %d", perHost.Int)
		if !perHost.Explicit {
			setting = fmt.Sprintf("MaxIdleConnsPerHost is %d (the default)", idle)
		}
		pos, end := launchRange(c, launch)
		c.rep.Report(analysis.Diagnostic{
			Pos: pos, End: end, Category: FanoutExceedsPool,
			Message: fmt.Sprintf("%s for %s using %s; %s", setting, what, s.via, fix),
			Related: []analysis.RelatedInformation{{Pos: s.call.Pos(), Message: "request sent here"}},
		})
		return
	}
}

// launchRange returns the extent of the go statement or the call that
// starts the fan-out's goroutine.
func launchRange(c *checker, launch ssa.CallInstruction) (token.Pos, token.Pos) {
	if g, ok := launch.(*ssa.Go); ok {
		for _, n := range c.enclosing(g.Pos()) {
			if gs, ok := n.(*ast.GoStmt); ok && gs.Go == g.Pos() {
				return gs.Pos(), gs.End()
			}
		}
		return g.Pos(), g.Pos()
	}
	return lint.CallRange(c.pass, launch.Pos())
}

// sendOf returns the request that call sends, if it sends one.
func (c *checker) sendOf(call ssa.CallInstruction) []fanSend {
	s, ok := httplib.Classify(call)
	if !ok {
		return nil
	}
	switch s.Via {
	case httplib.ViaHelper:
		return []fanSend{{call: call, via: "http.DefaultClient", transport: c.clients.DefaultClient().Transport}}
	case httplib.ViaClient:
		cl := c.clients.Client(s.Client)
		via := "an http.Client"
		if cl.Origin == httpconfig.OriginDefault {
			via = "http.DefaultClient"
		}
		return []fanSend{{call: call, via: via, transport: cl.Transport}}
	case httplib.ViaRoundTrip:
		return []fanSend{{call: call, via: "an http.Transport", transport: c.clients.Transport(s.Transport)}}
	}
	return nil
}

// maxSendDepth bounds how far sendsFrom follows calls of this package.
const maxSendDepth = 3

// sendsFrom returns the requests sent by the function value fnv, directly
// or through the functions of this package it calls.
func (c *checker) sendsFrom(fnv ssa.Value, depth int, seen map[*ssa.Function]bool) []fanSend {
	var fn *ssa.Function
	switch f := fnv.(type) {
	case *ssa.Function:
		fn = f
	case *ssa.MakeClosure:
		fn, _ = f.Fn.(*ssa.Function)
	}
	if fn == nil || seen[fn] || depth > maxSendDepth || fn.Pkg != c.res.Index.Pkg {
		return nil
	}
	seen[fn] = true
	var out []fanSend
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if s := c.sendOf(call); s != nil {
				out = append(out, s...)
				continue
			}
			if _, isGo := instr.(*ssa.Go); isGo {
				continue
			}
			common := call.Common()
			if common.IsInvoke() {
				continue
			}
			out = append(out, c.sendsFrom(common.Value, depth+1, seen)...)
		}
	}
	return out
}
