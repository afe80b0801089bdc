package retryloop

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// SameValue reports whether v is the same value on the iteration that
// follows a failure: defined before the loop, or carried unchanged
// through it. A call inside the loop makes a new value, unless through
// returns the value the call derives its identity from (for example the
// receiver of (*http.Request).WithContext, which shares the body).
func (r *Retry) SameValue(v ssa.Value, through func(*ssa.Call) ssa.Value) bool {
	iv := &invariance{f: r.f, l: r.Loop, fr: r.fr, fail: r.Fail, seen: make(map[ssa.Value]bool)}
	return iv.same(v, through, 0)
}

func (iv *invariance) same(v ssa.Value, through func(*ssa.Call) ssa.Value, depth int) bool {
	if v == nil || depth > 16 {
		return false
	}
	if !iv.inLoop(v) {
		return true
	}
	switch x := v.(type) {
	case *ssa.Phi:
		if iv.seen[v] {
			return true
		}
		iv.seen[v] = true
		b := x.Block()
		for i, e := range x.Edges {
			if i >= len(b.Preds) {
				return false
			}
			pred := b.Preds[i]
			if b == iv.l.Header {
				if !iv.l.Contains(pred) || !iv.onFailurePath(pred, b) {
					continue
				}
				if !iv.sameBack(x, e, 0) {
					return false
				}
				continue
			}
			if !iv.same(e, through, depth+1) {
				return false
			}
		}
		return true
	case *ssa.ChangeType:
		return iv.same(x.X, through, depth+1)
	case *ssa.MakeInterface:
		return iv.same(x.X, through, depth+1)
	case *ssa.ChangeInterface:
		return iv.same(x.X, through, depth+1)
	case *ssa.TypeAssert:
		return iv.same(x.X, through, depth+1)
	case *ssa.Extract:
		if c, ok := x.Tuple.(*ssa.Call); ok && through != nil {
			if t := through(c); t != nil {
				return iv.same(t, through, depth+1)
			}
		}
	case *ssa.Call:
		if through != nil {
			if t := through(x); t != nil {
				return iv.same(t, through, depth+1)
			}
		}
	case *ssa.UnOp:
		if x.Op == token.MUL && !iv.inLoop(x.X) {
			if _, ok := x.X.(*ssa.Alloc); ok && !iv.storedInLoop(x.X) {
				return true
			}
		}
		// A field of an object that stays the same (b.req): the same
		// value unless the loop writes the field or hands the object to
		// a call, which may.
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return iv.same(fa.X, through, depth+1) && !iv.storedInLoop(fa) && !iv.passedInLoop(fa.X)
		}
	}
	return false
}

// passedInLoop reports whether a call in the loop receives v.
func (iv *invariance) passedInLoop(v ssa.Value) bool {
	for _, b := range iv.l.Blocks(iv.f.Fn) {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				c := call.Common()
				if c.Value == v || slices.Contains(c.Args, v) {
					return true
				}
			}
		}
	}
	return false
}

func (iv *invariance) sameBack(p *ssa.Phi, e ssa.Value, depth int) bool {
	if e == p {
		return true
	}
	if depth > 8 {
		return false
	}
	if q, ok := e.(*ssa.Phi); ok && iv.l.Contains(q.Block()) && q.Block() != iv.l.Header {
		b := q.Block()
		for i, qe := range q.Edges {
			if i < len(b.Preds) && !iv.onFailurePath(b.Preds[i], b) {
				continue
			}
			if !iv.sameBack(p, qe, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// dependsOn reports whether v is computed from the outcome of attempt a
// within loop l.
func dependsOn(v ssa.Value, a Attempt, l *Loop) bool {
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		if v == nil || seen[v] || len(seen) > budget {
			return false
		}
		seen[v] = true
		if v == a.Err || v == a.Resp {
			return true
		}
		instr, ok := v.(ssa.Instruction)
		if !ok || instr.Block() == nil || !l.Contains(instr.Block()) {
			return false
		}
		if instr == a.Call {
			return true
		}
		if p, ok := v.(*ssa.Phi); ok && p.Block() == l.Header {
			return false
		}
		if cell := localCell(v); cell != nil {
			// A load from a local variable kept in memory (a struct
			// result whose fields are used): what the loop stored there.
			for _, r := range *cell.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == cell && l.Contains(st.Block()) && walk(st.Val) {
					return true
				}
			}
		}
		for _, op := range instr.Operands(nil) {
			if op != nil && *op != nil && walk(*op) {
				return true
			}
		}
		return false
	}
	return walk(v)
}

// localCell returns the local variable that load v reads, directly or
// through one of its fields, or nil.
func localCell(v ssa.Value) *ssa.Alloc {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	addr := u.X
	if fa, ok := addr.(*ssa.FieldAddr); ok {
		addr = fa.X
	}
	cell, _ := addr.(*ssa.Alloc)
	return cell
}

// onlyStore returns the value stored into cell when exactly one store in
// its function writes it, or nil.
func onlyStore(cell *ssa.Alloc) ssa.Value {
	var val ssa.Value
	for _, r := range *cell.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == cell {
			if val != nil {
				return nil
			}
			val = st.Val
		}
	}
	return val
}

// invariance decides whether a value changes from one iteration of a
// loop to the next along the failure path.
type invariance struct {
	f    *Forest
	l    *Loop
	fr   []bool // blocks reachable from the failure edges
	fail Edge
	seen map[ssa.Value]bool
	// open holds the header φs being evaluated: reaching one again means
	// the value is recomputed from itself (i+1), so it changes.
	open map[ssa.Value]bool
}

func (iv *invariance) inLoop(v ssa.Value) bool {
	instr, ok := v.(ssa.Instruction)
	return ok && instr.Block() != nil && iv.l.Contains(instr.Block())
}

// onFailurePath reports whether the edge pred→b can be taken after a
// failure of the attempt.
func (iv *invariance) onFailurePath(pred, b *ssa.BasicBlock) bool {
	if iv.fr[pred.Index] {
		return true
	}
	return pred == iv.fail.If.Block() && b == iv.fail.Succ
}

// varies reports whether v may differ between an iteration and the next
// one reached through the failure path.
func (iv *invariance) varies(v ssa.Value) bool {
	if v == nil || !iv.inLoop(v) {
		return false
	}
	if iv.seen[v] {
		return iv.open[v]
	}
	if len(iv.seen) > budget {
		return true
	}
	iv.seen[v] = true
	switch x := v.(type) {
	case *ssa.Phi:
		b := x.Block()
		if b == iv.l.Header {
			if iv.open == nil {
				iv.open = make(map[ssa.Value]bool)
			}
			iv.open[v] = true
			defer delete(iv.open, v)
		}
		for i, e := range x.Edges {
			if i >= len(b.Preds) {
				return true
			}
			pred := b.Preds[i]
			if b == iv.l.Header {
				if !iv.l.Contains(pred) {
					continue // the value on entry
				}
				if !iv.onFailurePath(pred, b) && !(pred == iv.fail.If.Block() && iv.fail.Succ == b) {
					continue
				}
				if iv.backValue(x, e, 0) {
					return true
				}
				continue
			}
			if iv.varies(e) {
				return true
			}
		}
		return false
	case *ssa.Call:
		if tee := TeeRecord(x); tee != nil && !iv.l.Contains(tee.Block()) {
			// A replay of what a TeeReader made before the loop
			// recorded: the same body, as the retry means it.
			return false
		}
		return iv.callVaries(x.Common())
	case *ssa.UnOp:
		switch x.Op {
		case token.ARROW:
			return true
		case token.MUL:
			if iv.rewrittenVarying(x.X) {
				return true
			}
		}
		return iv.varies(x.X)
	case *ssa.Next, *ssa.Select:
		return true
	case *ssa.Alloc:
		// A new object each iteration: what is stored into it decides.
		if refs := x.Referrers(); refs != nil {
			for _, r := range *refs {
				if iv.storesInto(r, x) {
					return true
				}
			}
		}
		return false
	}
	for _, op := range v.(ssa.Instruction).Operands(nil) {
		if op != nil && *op != nil && iv.varies(*op) {
			return true
		}
	}
	return false
}

// retargeted reports whether the loop points the request req, made
// before it, at a URL that differs from one iteration to the next: it
// stores into req.URL, or into a field of the URL req holds
// (req.URL.Path, RawQuery), a value that varies (go-task's req.URL =
// u.JoinPath(name) for each default Taskfile name). The request object
// is the same, but what it asks for is not: the loop moves on to another
// resource rather than retrying. Stores of other fields (a rewound body,
// a new token) do not count: the same resource is asked for again.
func (iv *invariance) retargeted(req ssa.Value) bool {
	if !httplib.IsRequest(req.Type()) || iv.inLoop(req) {
		// A request made in the loop is judged by what it is made of
		// (varies); its own URL edits (aiven's limit=999 on each new
		// request) are the same each time.
		return false
	}
	for _, r := range valueflow.Referrers(req) {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || valueflow.FieldOf(fa) == nil || valueflow.FieldOf(fa).Name() != "URL" {
			continue
		}
		if iv.storesVarying(fa) {
			return true
		}
		// u := req.URL; u.RawQuery = ...
		for _, ld := range valueflow.Referrers(fa) {
			if ld, ok := ld.(*ssa.UnOp); ok && ld.Op == token.MUL {
				for _, ufa := range valueflow.Referrers(ld) {
					if ufa, ok := ufa.(*ssa.FieldAddr); ok && iv.storesVarying(ufa) {
						return true
					}
				}
			}
		}
	}
	return false
}

// storesVarying reports whether the loop stores through addr a value
// that varies.
func (iv *invariance) storesVarying(addr ssa.Value) bool {
	for _, r := range valueflow.Referrers(addr) {
		if st, ok := r.(*ssa.Store); ok && st.Addr == addr && iv.l.Contains(st.Block()) && iv.varies(st.Val) {
			return true
		}
	}
	return false
}

// storesInto reports whether instruction r writes a varying value into
// the object alloc.
func (iv *invariance) storesInto(r ssa.Instruction, alloc ssa.Value) bool {
	switch r := r.(type) {
	case *ssa.FieldAddr, *ssa.IndexAddr:
		refs := r.(ssa.Value).Referrers()
		if refs == nil {
			return false
		}
		for _, rr := range *refs {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == r.(ssa.Value) && iv.varies(st.Val) {
				return true
			}
		}
	case *ssa.Store:
		if r.Addr == alloc && iv.varies(r.Val) {
			return true
		}
	}
	return false
}

// backValue reports whether the value e that reaches header φ p along a
// back edge differs from p.
func (iv *invariance) backValue(p *ssa.Phi, e ssa.Value, depth int) bool {
	if e == p {
		return false
	}
	if depth > 8 {
		return true
	}
	if q, ok := e.(*ssa.Phi); ok && iv.l.Contains(q.Block()) && q.Block() != iv.l.Header {
		b := q.Block()
		for i, qe := range q.Edges {
			if i < len(b.Preds) && !iv.onFailurePath(b.Preds[i], b) {
				continue
			}
			if iv.backValue(p, qe, depth+1) {
				return true
			}
		}
		return false
	}
	if !iv.inLoop(e) {
		// An outer value assigned on the way back: the next iteration
		// uses it instead.
		return true
	}
	if derivesFrom(e, p) {
		// req = clone(req): the same method, URL and body, whatever
		// else the copy changes.
		return false
	}
	if iv.computedFrom(e, p) {
		return true // i+1: a new value each iteration
	}
	return iv.varies(e)
}

// derivesFrom reports whether request e is p, or a request derived from
// it (see httplib.DerivedFrom), through at most a few derivations.
func derivesFrom(e, p ssa.Value) bool {
	for range 8 {
		e = valueflow.StripCopies(e)
		if e == p {
			return true
		}
		var call *ssa.Call
		switch x := e.(type) {
		case *ssa.Call:
			call = x
		case *ssa.Extract:
			if c, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 {
				call = c
			}
		}
		if call == nil {
			return false
		}
		from, ok := httplib.DerivedFrom(call)
		if !ok {
			return false
		}
		e = from
	}
	return false
}

// computedFrom reports whether e, inside the loop, is computed from p.
func (iv *invariance) computedFrom(e, p ssa.Value) bool {
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		if v == p {
			return true
		}
		if v == nil || seen[v] || len(seen) > budget || !iv.inLoop(v) {
			return false
		}
		seen[v] = true
		if q, ok := v.(*ssa.Phi); ok && q.Block() == iv.l.Header {
			return false
		}
		for _, op := range v.(ssa.Instruction).Operands(nil) {
			if op != nil && *op != nil && walk(*op) {
				return true
			}
		}
		return false
	}
	return walk(e)
}

// rewrittenVarying reports whether the loop writes the variable, package
// variable or field that addr denotes with a value that differs between
// iterations: one that varies itself, or one computed from what the
// variable held (n = n + 1, a cursor advanced from itself). A variable
// the loop only resets to the same values (mautrix's data.Content = nil
// after each send, and bytes.NewReader(data.ContentBytes) again at the
// top) holds the same thing on every attempt.
func (iv *invariance) rewrittenVarying(addr ssa.Value) bool {
	stores := iv.loopStores(addr)
	for _, st := range stores {
		if readsSame(st.Val, addr, 0) || iv.varies(st.Val) {
			return true
		}
	}
	return false
}

// loopStores returns the stores of the loop into the variable, package
// variable or field that addr denotes (of any object, for a field, and
// stores of the whole object that holds it, wholeObject).
func (iv *invariance) loopStores(addr ssa.Value) []*ssa.Store {
	var field *types.Var
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		field = valueflow.FieldOf(a)
	case *ssa.Alloc, *ssa.Global, *ssa.FreeVar:
	default:
		return nil
	}
	var stores []*ssa.Store
	for _, b := range iv.l.Blocks(iv.f.Fn) {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			if st.Addr == addr || wholeObject(st.Addr, addr) {
				stores = append(stores, st)
				continue
			}
			if field != nil {
				if fa, ok := st.Addr.(*ssa.FieldAddr); ok && valueflow.FieldOf(fa) == field {
					stores = append(stores, st)
				}
			}
		}
	}
	return stores
}

// wholeObject reports whether a store to to writes the whole object
// whose field addr denotes: the range variable of a loop over structs
// (for _, pf := range chain), kept in one local the loop stores each
// element into (*pf = chain[i]), whose fields it then reads.
func wholeObject(to, addr ssa.Value) bool {
	fa, ok := addr.(*ssa.FieldAddr)
	return ok && to == fa.X
}

// readsSame reports whether v is computed from a load of the variable or
// field addr denotes.
func readsSame(v ssa.Value, addr ssa.Value, depth int) bool {
	if depth > 6 {
		return true
	}
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if ld.X == addr {
			return true
		}
		if fa, ok := ld.X.(*ssa.FieldAddr); ok {
			if a, ok := addr.(*ssa.FieldAddr); ok && valueflow.FieldOf(fa) == valueflow.FieldOf(a) {
				return true
			}
		}
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	if _, ok := v.(*ssa.Phi); ok {
		return false
	}
	for _, op := range instr.Operands(nil) {
		if op != nil && *op != nil && readsSame(*op, addr, depth+1) {
			return true
		}
	}
	return false
}

// storedInLoop reports whether the loop writes the variable, package
// variable or field that addr denotes.
func (iv *invariance) storedInLoop(addr ssa.Value) bool {
	return len(iv.loopStores(addr)) > 0
}

// callVaries: a call inside the loop builds the same value from the same
// arguments, unless it is a generator (no argument besides a receiver:
// it.Next(), q.Pop(), gen()).
func (iv *invariance) callVaries(c *ssa.CallCommon) bool {
	args := c.Args
	explicit := len(args)
	if c.IsInvoke() {
		if iv.varies(c.Value) {
			return true
		}
	} else {
		if _, ok := c.Value.(*ssa.Function); !ok {
			if iv.varies(c.Value) {
				return true
			}
		}
		if c.Signature().Recv() != nil {
			explicit--
		} else if fn := valueflow.StaticCallee(c); fn != nil {
			if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
				explicit--
			}
		}
	}
	if explicit <= 0 && !pureGenerator(c) {
		return true
	}
	for _, a := range args {
		if iv.varies(a) {
			return true
		}
	}
	return false
}

// pureGenerator reports calls without arguments that nevertheless
// return the same value each time.
func pureGenerator(c *ssa.CallCommon) bool {
	fn := valueflow.StaticCallee(c)
	switch typeutil.FuncKey(fn) {
	case "context.Background", "context.TODO", "net/http.Request.Context":
		return true
	}
	return httplib.IsFreshRequest(fn)
}

// selectedPerIteration reports whether the attempt in block cb runs only
// when a value that varies between iterations equals a constant: a
// switch over the element of a range of alternatives (for _, v := range
// versions { switch v { case "v1": ...; case "v2": ... } }, a fallback
// that tries each once) or a test of a counter (if i == 0). The attempt
// runs once per matching value, which is not a retry of it. The test
// must come before the attempt within the iteration (it dominates the
// attempt, and its true branch is not the loop header).
func (iv *invariance) selectedPerIteration(cb *ssa.BasicBlock) bool {
	for _, b := range iv.l.Blocks(iv.f.Fn) {
		iff, ok := lastIf(b)
		if !ok || b.Succs[0] == iv.l.Header || !b.Dominates(cb) || !b.Succs[0].Dominates(cb) {
			continue
		}
		if cmp, x, _, ok := constCompare(iff.Cond); ok && cmp.Op == token.EQL && iv.varies(x) {
			return true
		}
	}
	return false
}

// TeeRecord returns the io.TeeReader call whose record call replays:
// call is bytes.NewReader(buf.Bytes()) or bytes.NewBuffer(buf.Bytes()),
// and buf is the writer of that TeeReader (body = io.TeeReader(body,
// &buf)). It returns nil otherwise.
func TeeRecord(call *ssa.Call) *ssa.Call {
	switch typeutil.FuncKey(valueflow.StaticCallee(call.Common())) {
	case "bytes.NewReader", "bytes.NewBuffer":
	default:
		return nil
	}
	if len(call.Call.Args) != 1 {
		return nil
	}
	b, ok := valueflow.StripCopies(call.Call.Args[0]).(*ssa.Call)
	if !ok || typeutil.FuncKey(valueflow.StaticCallee(b.Common())) != "bytes.Buffer.Bytes" || len(b.Call.Args) != 1 {
		return nil
	}
	buf := b.Call.Args[0]
	refs := buf.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		mi, ok := r.(*ssa.MakeInterface)
		if !ok || mi.Referrers() == nil {
			continue
		}
		for _, rr := range *mi.Referrers() {
			tee, ok := rr.(*ssa.Call)
			if ok && typeutil.FuncKey(valueflow.StaticCallee(tee.Common())) == "io.TeeReader" && len(tee.Call.Args) == 2 && tee.Call.Args[1] == mi {
				return tee
			}
		}
	}
	return nil
}
