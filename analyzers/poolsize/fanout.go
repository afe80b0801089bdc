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
	"github.com/httplint/httplint/internal/http/requrl"
	"github.com/httplint/httplint/internal/lint"
	"github.com/httplint/httplint/internal/ssa/loops"
	"github.com/httplint/httplint/internal/ssa/setting"
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

// A fanKey identifies the root cause of a fan-out finding: the loops of
// one function that start goroutines sending through one transport. The
// goroutines a loop starts on different branches (telegraf's ravendb,
// one per kind of statistics), and the loops of one function over
// different collections through the same pool (telegraf's
// openweathermap, one per kind of query), are one finding: one pool to
// size for them.
type fanKey struct {
	fn        *ssa.Function
	transport string // the transport's position, or how it is reached (http.DefaultTransport)
}

// checkFanouts reports goroutines started in a loop (go statements,
// errgroup.Go, WaitGroup.Go) that send requests through a transport whose
// idle limit per host is smaller than the fan-out's width: once per
// function and transport, at the first goroutine, with the others as
// related positions.
func (c *checker) checkFanouts() {
	found := make(map[fanKey]*analysis.Diagnostic)
	loopOf := make(map[fanKey]*ssa.BasicBlock) // the loop of the first fan-out of each key
	var order []fanKey
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
				d, t := c.checkFanout(call, body, w, fn, l)
				if d == nil {
					continue
				}
				k := fanKey{fn: fn, transport: t}
				if prev := found[k]; prev != nil {
					msg := "another goroutine of this fan-out started here"
					if loopOf[k] != l.Header {
						msg = "another fan-out through this pool started here"
					}
					prev.Related = append(prev.Related, analysis.RelatedInformation{Pos: d.Pos, Message: msg})
					continue
				}
				loopOf[k] = l.Header
				found[k] = d
				order = append(order, k)
			}
		}
	}
	for _, k := range order {
		c.rep.Report(*found[k])
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
	if u, ok := valueflow.StripCopies(v).(*ssa.UnOp); ok && u.Op == token.MUL {
		if f := valueflow.FieldOf(u.X); f != nil {
			return f.Name() // a field of an object from outside: its origin is unknown, its name is not
		}
	}
	return "the collection"
}

// A fanSend is a request sent from a fan-out's goroutine, with the
// transport it goes through.
type fanSend struct {
	call      ssa.CallInstruction
	send      httplib.Send
	via       string
	transport *httpconfig.Transport
	// path lists the calls from the goroutine's function down to the
	// function that sends: path[i] enters the function at depth i+1.
	path []ssa.CallInstruction
}

// checkFanout returns the finding for the fan-out started by launch, in
// loop l of fn, if a request sent from its goroutine body goes to one host
// through a transport with fewer idle connections per host than the
// fan-out's width, and a key for that transport: its position, or for
// one that has none here (http.DefaultTransport) how the send reaches it.
func (c *checker) checkFanout(launch ssa.CallInstruction, body ssa.Value, w width, fn *ssa.Function, l *loops.Loop) (*analysis.Diagnostic, string) {
	var sends []fanSend
	if _, ok := launch.(*ssa.Go); ok {
		// go http.Get(u): the goroutine is the send, its arguments
		// those of fn.
		for _, s := range c.sendOf(launch) {
			s.path = nil
			sends = append(sends, s)
		}
	}
	sends = append(sends, c.sendsFrom(body, nil, map[*ssa.Function]bool{})...)
	for _, s := range sends {
		t := s.transport
		if t.Origin == httpconfig.OriginUnknown || keepAlivesOff(t) {
			continue
		}
		perHost := t.Get(httpconfig.MaxIdleConnsPerHost)
		if perHost.Kind != setting.Const {
			continue
		}
		idle := perHost.Int
		if idle == 0 {
			idle = defaultMaxIdleConnsPerHost
		}
		if conns := t.Get(httpconfig.MaxConnsPerHost); conns.Kind != setting.Const || (conns.Int > 0 && conns.Int <= idle) {
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
		if !c.oneHost(s, launch, fn, l) {
			continue // a host per goroutine, or one that cannot be told
		}
		var what, fix string
		switch {
		case w.limited:
			what, fix = fmt.Sprintf("an errgroup of %d goroutines (SetLimit)", w.n), fmt.Sprintf("raise it to %d or lower the limit", w.n)
		case w.constant():
			what, fix = fmt.Sprintf("%d goroutines", w.n), fmt.Sprintf("raise it to %d or run fewer", w.n)
		default:
			what, fix = "a goroutine per "+w.of, "cap them and raise it to the cap"
		}
		setting := fmt.Sprintf("MaxIdleConnsPerHost is %d", perHost.Int)
		if !perHost.Explicit {
			setting = fmt.Sprintf("MaxIdleConnsPerHost is %d (the default)", idle)
		}
		pos, end := launchRange(c, launch)
		return &analysis.Diagnostic{
			Pos: pos, End: end, Category: FanoutExceedsPool,
			Message: fmt.Sprintf("%s for %s to one host using %s; %s", setting, what, s.via, fix),
			Related: []analysis.RelatedInformation{{Pos: s.call.Pos(), Message: "request sent here"}},
		}, transportKey(c.pass.Fset, t, s.via)
	}
	return nil, ""
}

// transportKey names transport t for grouping: its position, or via (how
// a send reaches it) with its origin.
func transportKey(fset *token.FileSet, t *httpconfig.Transport, via string) string {
	if t.Pos().IsValid() {
		return fset.Position(t.Pos()).String()
	}
	return fmt.Sprintf("%v %s", t.Origin, via)
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
	s, ok := httplib.ClassifyIn(c.res.Index, call)
	if !ok {
		return nil
	}
	switch s.Via {
	case httplib.ViaHelper:
		return []fanSend{{call: call, send: s, via: "http.DefaultClient", transport: c.clients.DefaultClient().Transport}}
	case httplib.ViaClient:
		cl := c.clients.Client(s.Client)
		via := "an http.Client"
		if cl.Origin == httpconfig.OriginDefault {
			via = "http.DefaultClient"
		}
		return []fanSend{{call: call, send: s, via: via, transport: cl.Transport}}
	case httplib.ViaRoundTrip:
		return []fanSend{{call: call, send: s, via: "an http.Transport", transport: c.clients.Transport(s.Transport)}}
	}
	return nil
}

// maxSendDepth bounds how far sendsFrom follows calls of this package.
const maxSendDepth = 3

// sendsFrom returns the requests sent by the function value fnv, directly
// or through the functions of this package it calls; path is the calls
// that led to fnv (empty for the goroutine's own function).
func (c *checker) sendsFrom(fnv ssa.Value, path []ssa.CallInstruction, seen map[*ssa.Function]bool) []fanSend {
	var fn *ssa.Function
	switch f := fnv.(type) {
	case *ssa.Function:
		fn = f
	case *ssa.MakeClosure:
		fn, _ = f.Fn.(*ssa.Function)
	}
	if fn == nil || seen[fn] || len(path) > maxSendDepth || fn.Pkg != c.res.Index.Pkg {
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
				for i := range s {
					s[i].path = path
				}
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
			out = append(out, c.sendsFrom(common.Value, append(path[:len(path):len(path)], call), seen)...)
		}
	}
	return out
}

// oneHost reports whether every request s sends from a fan-out started
// by launch, in loop l of fn, goes to the same host: the host of its URL
// (requrl) is a constant, or a value that is the same on every iteration
// of l (a base URL in a field of the receiver, a parameter of fn, a
// value computed before the loop). One goroutine per configured server,
// URL or node sends to a host each, which the per-host idle limit does
// not concern.
func (c *checker) oneHost(s fanSend, launch ssa.CallInstruction, fn *ssa.Function, l *loops.Loop) bool {
	hosts, ok := requrl.Hosts(c.res.Index, s.send)
	if !ok {
		return false
	}
	inv := &invariance{c: c, launch: launch, fn: fn, loop: l, path: s.path, seen: make(map[ssa.Value]bool)}
	return inv.sameHosts(hosts, len(s.path), 0)
}

// sameHosts reports whether every source of a host, in the function at
// level, is the same in every goroutine.
func (iv *invariance) sameHosts(hosts []requrl.Source, level, depth int) bool {
	for _, h := range hosts {
		if h.Value != nil && !iv.sameURL(h.Value, level, depth) {
			return false
		}
	}
	return true
}

// sameURL is same for v, a URL or the part that holds its host: through
// a parameter or a captured variable, the host is the one of the URL the
// caller passes (base + "/items/" + id names base's host), not the whole
// URL.
func (iv *invariance) sameURL(v ssa.Value, level, depth int) bool {
	if same, ok := iv.sameBuilt(v, level, depth); ok {
		return same
	}
	if f, obj := requrl.ListField(v); f != nil && iv.same(obj, level, depth+1) && requrl.OneListHost(iv.c.res.Index, f) {
		return true // an element of one object's list of URLs on one base
	}
	arg, argLevel := iv.passed(valueflow.StripCopies(v), level)
	if arg == nil {
		return iv.same(v, level, depth)
	}
	hosts, ok := requrl.HostsOf(iv.c.res.Index, arg)
	return ok && iv.sameHosts(hosts, argLevel, depth+1)
}

// sameBuilt decides sameURL for v, the result of a call of a function of
// the package that builds the URL (format(path, id) returning
// base.ResolveReference(rel).String()): the host of what it returns,
// with its parameters bound to the call's arguments, as though the call
// were one more step of the path. ok is false when v is no such call.
func (iv *invariance) sameBuilt(v ssa.Value, level, depth int) (same, ok bool) {
	call, ok := valueflow.StripCopies(v).(*ssa.Call)
	if !ok || level < 0 || level > len(iv.path) || depth > maxSameDepth || call.Call.IsInvoke() {
		return false, false
	}
	callee := valueflow.StaticCallee(&call.Call)
	fn := iv.c.res.Index.Func(callee)
	if fn == nil || fn.Pkg != iv.c.res.Index.Pkg || len(fn.Blocks) == 0 {
		return false, false
	}
	rets := valueflow.Returns(fn, 0)
	if len(rets) == 0 {
		return false, false
	}
	sub := *iv
	sub.path = append(iv.path[:level:level], call)
	for _, ret := range rets {
		hosts, ok := requrl.HostsOf(iv.c.res.Index, ret)
		if !ok || !sub.sameHosts(hosts, level+1, depth+1) {
			return false, true
		}
	}
	return true, true
}

// passed returns the value a parameter or captured variable v (of the
// function at level) is given, and the level of the function it is in;
// nil when v is neither or cannot be followed.
func (iv *invariance) passed(v ssa.Value, level int) (ssa.Value, int) {
	switch x := v.(type) {
	case *ssa.Parameter:
		if level < 0 {
			return nil, 0
		}
		i := valueflow.ParamIndex(x)
		call := iv.launch
		if level > 0 {
			call = iv.path[level-1]
		} else if _, isGo := call.(*ssa.Go); !isGo {
			return nil, 0
		}
		if args := call.Common().Args; i >= 0 && i < len(args) {
			return args[i], level - 1
		}
	case *ssa.FreeVar:
		if level != 0 {
			return nil, 0
		}
		if mc := iv.body(); mc != nil {
			for i, fv := range mc.Fn.(*ssa.Function).FreeVars {
				if fv == x {
					return mc.Bindings[i], -1
				}
			}
		}
	}
	return nil, 0
}

// invariance decides whether a value in a fan-out's goroutine (or in a
// function it calls, at a depth along path) is the same in every
// goroutine of the fan-out.
type invariance struct {
	c      *checker
	launch ssa.CallInstruction
	fn     *ssa.Function // the function with the loop
	loop   *loops.Loop
	path   []ssa.CallInstruction
	seen   map[ssa.Value]bool
}

// maxSameDepth bounds how far same follows the operands of a value.
const maxSameDepth = 12

// same reports whether v, a value of the function at depth level (0: the
// goroutine's function; -1: fn, where the loop is), is the same in every
// goroutine.
func (iv *invariance) same(v ssa.Value, level, depth int) bool {
	v = valueflow.StripCopies(v)
	if depth > maxSameDepth || iv.seen[v] {
		return false
	}
	iv.seen[v] = true
	defer delete(iv.seen, v)
	if level < 0 {
		// In fn: what is defined outside the loop is the same for
		// every iteration.
		if instr, ok := v.(ssa.Instruction); ok && instr.Block() != nil && !iv.loop.Contains(instr.Block()) {
			return true
		}
	}
	switch x := v.(type) {
	case *ssa.Const, *ssa.Global, *ssa.Function:
		return true
	case *ssa.Parameter:
		if level < 0 {
			return true // fn's own parameter: one value for the whole loop
		}
		i := valueflow.ParamIndex(x)
		if i < 0 {
			return false
		}
		var call ssa.CallInstruction
		callerLevel := level - 1
		if level == 0 {
			call = iv.launch // go f(x): the launch passes the arguments
		} else {
			call = iv.path[level-1]
		}
		args := call.Common().Args
		if level == 0 {
			if _, isGo := call.(*ssa.Go); !isGo {
				return false // errgroup.Go's function takes no arguments
			}
		}
		return i < len(args) && iv.same(args[i], callerLevel, depth+1)
	case *ssa.FreeVar:
		if level != 0 {
			return false
		}
		mc := iv.body()
		if mc == nil {
			return false
		}
		for i, fv := range mc.Fn.(*ssa.Function).FreeVars {
			if fv == x {
				return iv.same(mc.Bindings[i], -1, depth+1)
			}
		}
		return false
	case *ssa.UnOp:
		if x.Op == token.ARROW {
			return false // a value received: each goroutine its own
		}
		return iv.same(x.X, level, depth+1)
	case *ssa.FieldAddr:
		return iv.same(x.X, level, depth+1)
	case *ssa.Field:
		return iv.same(x.X, level, depth+1)
	case *ssa.IndexAddr:
		return iv.same(x.X, level, depth+1) && iv.same(x.Index, level, depth+1)
	case *ssa.Index:
		return iv.same(x.X, level, depth+1) && iv.same(x.Index, level, depth+1)
	case *ssa.BinOp:
		return iv.same(x.X, level, depth+1) && iv.same(x.Y, level, depth+1)
	case *ssa.Extract:
		if _, ok := x.Tuple.(*ssa.Next); ok {
			return false // an element of a map
		}
		return iv.same(x.Tuple, level, depth+1)
	case *ssa.Call:
		if x.Call.IsInvoke() && !iv.same(x.Call.Value, level, depth+1) {
			return false
		}
		for _, a := range x.Call.Args {
			if !iv.same(a, level, depth+1) {
				return false
			}
		}
		return true // a function of values that are the same
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !iv.same(e, level, depth+1) {
				return false
			}
		}
		return len(x.Edges) > 0
	}
	return false
}

// body returns the closure the fan-out's goroutine runs, if it is one.
func (iv *invariance) body() *ssa.MakeClosure {
	common := iv.launch.Common()
	v := common.Value
	if _, isGo := iv.launch.(*ssa.Go); !isGo && len(common.Args) >= 2 {
		v = common.Args[1]
	}
	mc, _ := valueflow.StripCopies(v).(*ssa.MakeClosure)
	return mc
}
