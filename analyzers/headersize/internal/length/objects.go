package length

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// A mutation is one call or store that adds to a url.Values, a
// strings.Builder, a bytes.Buffer or a map.
type mutation struct {
	instr    ssa.Instruction
	kind     mutKind
	key, val ssa.Value
}

type mutKind uint8

const (
	mutAdd       mutKind = iota // url.Values.Add(key, val)
	mutSet                      // url.Values.Set(key, val)
	mutDel                      // url.Values.Del(key)
	mutMapUpdate                // m[key] = val
	mutWrite                    // WriteString(val), Write(val), io.WriteString
	mutWriteByte
	mutWriteRune
	mutFprint   // fmt.Fprint, Fprintln: val is the variadic slice
	mutFprintf  // fmt.Fprintf: key is the format, val the variadic slice
	mutUnknown  // passed to code that may write to it
	mutReadOnly // a use that does not change the length
)

// A pass is a call that hands an object to a function of this package.
type pass struct {
	call   ssa.CallInstruction
	callee *ssa.Function
	arg    int
}

type objIndex struct {
	muts    map[ssa.Value][]*mutation // by origin of the object
	passes  map[ssa.Value][]pass
	escapes map[ssa.Value]bool
}

// tracked reports whether values of type t are objects whose mutations
// the index records.
func tracked(t types.Type) bool {
	if typeutil.IsNamedValue(t, httplib.URL, "Values") ||
		typeutil.IsPointerTo(t, "strings", "Builder") || typeutil.IsPointerTo(t, "bytes", "Buffer") ||
		typeutil.IsNamedValue(t, "io", "Writer") || typeutil.IsNamedValue(t, "io", "StringWriter") {
		return true
	}
	_, isMap := t.Underlying().(*types.Map)
	return isMap && !typeutil.IsNamedValue(t, httplib.NetHTTP, "Header")
}

// classifyCall returns the mutation a call makes to its object operand,
// and that operand.
func classifyCall(call ssa.CallInstruction) (mutation, ssa.Value, bool) {
	c := call.Common()
	if c.IsInvoke() {
		return mutation{}, nil, false
	}
	args := c.Args
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	m := mutation{instr: call}
	switch typeutil.FuncKey(valueflow.StaticCallee(c)) {
	case "net/url.Values.Add":
		m.kind, m.key, m.val = mutAdd, arg(1), arg(2)
	case "net/url.Values.Set":
		m.kind, m.key, m.val = mutSet, arg(1), arg(2)
	case "net/url.Values.Del":
		m.kind, m.key = mutDel, arg(1)
	case "strings.Builder.WriteString", "bytes.Buffer.WriteString", "strings.Builder.Write", "bytes.Buffer.Write":
		m.kind, m.val = mutWrite, arg(1)
	case "strings.Builder.WriteByte", "bytes.Buffer.WriteByte":
		m.kind = mutWriteByte
	case "strings.Builder.WriteRune", "bytes.Buffer.WriteRune":
		m.kind = mutWriteRune
	case "io.WriteString":
		m.kind, m.val = mutWrite, arg(1)
	case "fmt.Fprint", "fmt.Fprintln":
		m.kind, m.val = mutFprint, arg(1)
	case "fmt.Fprintf":
		m.kind, m.key, m.val = mutFprintf, arg(1), arg(2)
	case "net/url.Values.Encode", "net/url.Values.Get", "net/url.Values.Has",
		"strings.Builder.String", "strings.Builder.Len", "strings.Builder.Cap", "strings.Builder.Grow",
		"bytes.Buffer.String", "bytes.Buffer.Bytes", "bytes.Buffer.Len", "bytes.Buffer.Cap", "bytes.Buffer.Grow",
		"bytes.Buffer.Available", "bytes.Buffer.AvailableBuffer",
		"net/http.NewRequest", "net/http.NewRequestWithContext":
		m.kind = mutReadOnly
		return m, arg(0), true
	default:
		return mutation{}, nil, false
	}
	return m, arg(0), true
}

func (a *Estimator) objIdx() *objIndex {
	if a.objs != nil {
		return a.objs
	}
	oi := &objIndex{
		muts:    make(map[ssa.Value][]*mutation),
		passes:  make(map[ssa.Value][]pass),
		escapes: make(map[ssa.Value]bool),
	}
	record := func(obj ssa.Value, m *mutation) {
		for _, o := range a.ix.Origins(obj) {
			if o.V != nil {
				oi.muts[o.V] = append(oi.muts[o.V], m)
			}
		}
	}
	for _, fn := range a.ix.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.MapUpdate:
					if tracked(instr.Map.Type()) {
						record(instr.Map, &mutation{instr: instr, kind: mutMapUpdate, key: instr.Key, val: instr.Value})
					}
				case ssa.CallInstruction:
					m, obj, ok := classifyCall(instr)
					if ok {
						if m.kind != mutReadOnly {
							record(obj, &m)
						}
						continue
					}
					c := instr.Common()
					callee := a.ix.Func(valueflow.StaticCallee(c))
					if c.IsInvoke() && tracked(c.Value.Type()) {
						for _, o := range a.ix.Origins(c.Value) {
							oi.escapes[o.V] = true
						}
					}
					for i, x := range c.Args {
						if !tracked(x.Type()) {
							continue
						}
						for _, o := range a.ix.Origins(x) {
							if o.V == nil {
								continue
							}
							if callee != nil && len(callee.Blocks) > 0 && !c.IsInvoke() && i < len(callee.Params) {
								oi.passes[o.V] = append(oi.passes[o.V], pass{call: instr, callee: callee, arg: i})
							} else if !readOnlyUse(c, i) {
								oi.escapes[o.V] = true
							}
						}
					}
				}
			}
		}
	}
	a.objs = oi
	return oi
}

// readOnlyUse reports whether argument i of call c only reads a tracked
// object (printing a map, taking its length).
func readOnlyUse(c *ssa.CallCommon, i int) bool {
	if _, ok := c.Value.(*ssa.Builtin); ok {
		name := c.Value.(*ssa.Builtin).Name()
		return name == "len" || name == "cap"
	}
	fn := valueflow.StaticCallee(c)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "fmt", "log", "log/slog", "maps", "slices", "sort":
		return fn.Name() != "Fscan" && fn.Name() != "Copy" && fn.Name() != "Insert"
	}
	return false
}

// object estimates the bytes accumulated in url.Values, *strings.Builder
// or *bytes.Buffer v.
func (a *Estimator) object(f *frame, v ssa.Value, at ssa.Instruction) Length {
	r := none
	for _, o := range a.ix.Origins(v) {
		if o.V == nil {
			return Unknown
		}
		r = Join(r, a.objectAt(a.frameFor(f, o.V), o.V, mObj, at))
	}
	if r.none {
		return Unknown
	}
	return r
}

// objectAt estimates the object whose origin is leaf: its initial
// contents plus every mutation made through it. m is mObj for bytes (the
// encoded url.Values, the builder's contents) or mCount for the entries
// of a map.
func (a *Estimator) objectAt(f *frame, leaf ssa.Value, m measure, at ssa.Instruction) Length {
	k := objKey{f, leaf, m}
	if a.objBusy[k] {
		return Unknown // recursion through parameters
	}
	a.objBusy[k] = true
	defer delete(a.objBusy, k)
	if !a.step(leaf) {
		return Unknown
	}
	if p, ok := leaf.(*ssa.Parameter); ok {
		if l, ok := a.paramObject(f, p, m); ok {
			return l
		}
		return Add(Unknown, a.objMuts(f, leaf, m, at))
	}
	return Add(a.objBase(f, leaf, m), a.objMuts(f, leaf, m, at))
}

type objKey struct {
	f    *frame
	leaf ssa.Value
	m    measure
}

// objBase estimates the contents of an object when it was made.
func (a *Estimator) objBase(f *frame, leaf ssa.Value, m measure) Length {
	if a.objIdx().escapes[leaf] {
		return Unknown
	}
	zero := Const(0)
	zero.Safe = true
	switch x := leaf.(type) {
	case *ssa.MakeMap, *ssa.Alloc:
		return zero
	case *ssa.Const:
		if x.Value == nil {
			return zero
		}
	case *ssa.Call, *ssa.Extract:
		var call *ssa.Call
		idx := 0
		if e, ok := x.(*ssa.Extract); ok {
			call, _ = e.Tuple.(*ssa.Call)
			idx = e.Index
		} else {
			call = x.(*ssa.Call)
		}
		if call == nil {
			return Unknown
		}
		c := &call.Call
		fn := valueflow.StaticCallee(c)
		switch typeutil.FuncKey(fn) {
		case "bytes.NewBufferString", "bytes.NewBuffer":
			if m == mObj && len(c.Args) == 1 {
				return a.eval(f, c.Args[0], mBytes)
			}
		case "net/url.ParseQuery":
			if m == mObj && len(c.Args) == 1 && idx == 0 {
				return a.eval(f, c.Args[0], mBytes)
			}
		}
		if callee := a.ix.Func(fn); callee != nil && len(callee.Blocks) > 0 && !c.IsInvoke() && f.depth < maxDepth {
			g := a.child(f, call, callee)
			r := none
			for _, ret := range returns(callee, idx) {
				if m == mCount {
					r = Join(r, a.countAt(g, ret.v, ret.at))
				} else {
					r = Join(r, a.object(g, ret.v, ret.at.Instrs[len(ret.at.Instrs)-1]))
				}
			}
			if !r.none {
				return r
			}
		}
	}
	return Unknown
}

// paramObject resolves an object that is parameter p of its function
// through the call's argument. The caller's object includes the
// mutations this function makes through p.
func (a *Estimator) paramObject(f *frame, p *ssa.Parameter, m measure) (Length, bool) {
	fn := p.Parent()
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	if idx < 0 {
		return Unknown, false
	}
	argOf := func(pf *frame, site ssa.CallInstruction) Length {
		args := site.Common().Args
		if idx >= len(args) {
			return Unknown
		}
		if m == mCount {
			return a.countAt(pf, args[idx], site.Block())
		}
		return a.object(pf, args[idx], site)
	}
	if f.parent != nil && f.site != nil && f.fn == fn {
		return argOf(f.parent, f.site), true
	}
	if sites, ok := a.ix.Callers(fn); ok && fn.Synthetic == "" {
		if len(sites) == 0 || a.tooManySites(fn, sites) {
			return Unknown, true
		}
		r := none
		for _, s := range sites {
			r = Join(r, argOf(a.root(s.Parent()), s))
		}
		return r, true
	}
	return Unknown, false
}

// maxWrites bounds the writes to one object that objMuts weighs: each
// query looks at every write that may precede it, so an object written
// more often (generated code) would make a function's queries cost the
// square of its size. Such an object's length is Unknown.
const maxWrites = 512

// objMuts sums the mutations made through the object whose origin is
// leaf, each multiplied by the number of times it runs.
func (a *Estimator) objMuts(f *frame, leaf ssa.Value, m measure, at ssa.Instruction) Length {
	oi := a.objIdx()
	if len(oi.muts[leaf])+len(oi.passes[leaf]) > maxWrites {
		return Unknown
	}
	total := Const(0)
	total.Safe = true
	for _, mu := range oi.muts[leaf] {
		// Each mutation is a step: the work per query stays bounded
		// however many times the object is written.
		if !a.step(leaf) {
			return Unknown
		}
		if !a.mayPrecede(mu.instr, at) {
			continue
		}
		mf := a.frameForFn(f, mu.instr.Parent())
		per := a.mutLen(mf, mu, m)
		if per.Bounded && per.Max == 0 && per.Grow == nil {
			continue
		}
		var rep Length
		if (mu.kind == mutSet || mu.kind == mutMapUpdate) && isConstKey(mu.key) {
			rep = Const(1) // the same key, overwritten
		} else {
			rep = a.repeats(f, mu.instr, leaf, Step{Kind: StepLoop, Instr: mu.instr})
		}
		total = Add(total, Mul(rep, per))
	}
	for _, ps := range oi.passes[leaf] {
		if !a.mayPrecede(ps.call, at) {
			continue
		}
		pf := a.frameForFn(f, ps.call.Parent())
		if pf.depth >= maxDepth {
			total = Add(total, Unknown)
			continue
		}
		g := a.child(pf, ps.call, ps.callee)
		inner := a.objMuts(g, ps.callee.Params[ps.arg], m, nil)
		if inner.Bounded && inner.Max == 0 && inner.Grow == nil {
			continue
		}
		rep := a.repeats(f, ps.call, leaf, Step{Kind: StepLoop, Instr: ps.call})
		total = Add(total, Mul(rep, inner))
	}
	return total
}

func isConstKey(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.String
}

// mutLen estimates what one run of mutation mu adds.
func (a *Estimator) mutLen(f *frame, mu *mutation, m measure) Length {
	sep := Const(1)
	sep.Safe = true
	switch mu.kind {
	case mutDel, mutReadOnly:
		return Const(0)
	case mutUnknown:
		return Unknown
	}
	if m == mCount {
		switch mu.kind {
		case mutAdd, mutSet, mutMapUpdate:
			return Const(1)
		}
		return Unknown
	}
	switch mu.kind {
	case mutAdd, mutSet:
		return Sum(a.escaped(f, mu.key), sep, a.escaped(f, mu.val), sep)
	case mutMapUpdate:
		mu := mu
		upd := mu.instr.(*ssa.MapUpdate)
		if !typeutil.IsNamedValue(upd.Map.Type(), httplib.URL, "Values") {
			return Unknown
		}
		n := a.countAt(f, mu.val, upd.Block())
		each := Sum(a.escaped(f, mu.key), sep, a.escapedElem(f, mu.val), sep)
		how := Step{Kind: StepWith, Instr: upd}
		pos := InstrPos(upd)
		return Mul(n.At(pos, how).asBatch(mu.val, pos, how), each)
	case mutWrite:
		return a.eval(f, mu.val, mBytes)
	case mutWriteByte:
		return Const(1)
	case mutWriteRune:
		return Length{Min: 1, Max: 4, Bounded: true}
	case mutFprint:
		call := mu.instr.(ssa.CallInstruction)
		return a.format(f, call, nil, mu.val, Step{Kind: StepWhole, Instr: call})
	case mutFprintf:
		call := mu.instr.(ssa.CallInstruction)
		return a.format(f, call, mu.key, mu.val, Step{Kind: StepWhole, Instr: call})
	}
	return Unknown
}

// mapElems joins the keys (m == mKey) or values of the updates of a map
// made by make or a literal.
func (a *Estimator) mapElems(f *frame, mk *ssa.MakeMap, m measure) Length {
	oi := a.objIdx()
	r := none
	if oi.escapes[mk] || len(oi.passes[mk]) > 0 {
		// Code elsewhere may add entries, or only read them.
		r = typeElem(mk.Type(), m)
	}
	for _, mu := range oi.muts[mk] {
		if mu.kind != mutMapUpdate {
			r = Join(r, typeElem(mk.Type(), m))
			continue
		}
		x := mu.val
		if m == mKey {
			x = mu.key
		}
		r = Join(r, a.eval(a.frameForFn(f, mu.instr.Parent()), x, mBytes))
	}
	return r
}

// ---- URLs ----

// urlAt estimates the serialised length of *url.URL v when instruction
// at reads it (nil: anywhere).
func (a *Estimator) urlAt(f *frame, v ssa.Value, at ssa.Instruction) Length {
	r := none
	for _, o := range a.ix.Origins(v) {
		r = Join(r, a.urlOrigin(a.frameFor(f, o.V), o.V, at))
	}
	if r.none {
		return Unknown
	}
	return r
}

func (a *Estimator) urlOrigin(f *frame, x ssa.Value, at ssa.Instruction) Length {
	zero := Const(0)
	zero.Safe = true
	switch x := x.(type) {
	case nil:
		return Unknown
	case *ssa.Alloc:
		if typeutil.IsPointerTo(x.Type(), httplib.URL, "URL") {
			return a.urlFields(f, x, zero, at)
		}
	case *ssa.Parameter:
		return a.param(f, x, mURL)
	case *ssa.Extract, *ssa.Call:
		call, idx := valueflow.CallOf(x)
		if call == nil {
			return Unknown
		}
		c := &call.Call
		fn := valueflow.StaticCallee(c)
		switch typeutil.FuncKey(fn) {
		case "net/url.Parse", "net/url.ParseRequestURI":
			if idx == 0 && len(c.Args) == 1 {
				return a.urlFields(f, x, a.eval(f, c.Args[0], mBytes), at)
			}
		case "net/url.URL.JoinPath":
			if len(c.Args) == 2 {
				return a.urlFields(f, x, Add(a.eval(f, c.Args[0], mURL), a.joinPath(f, call, c.Args[1], Step{Kind: StepWhole, Instr: call})), at)
			}
		case "net/url.URL.Parse", "net/url.URL.ResolveReference":
			return a.urlFields(f, x, Unknown, at)
		}
		if callee := a.ix.Func(fn); callee != nil && len(callee.Blocks) > 0 && !c.IsInvoke() && f.depth < maxDepth {
			g := a.child(f, call, callee)
			r := none
			for _, ret := range returns(callee, idx) {
				r = Join(r, a.eval(g, ret.v, mURL))
			}
			if !r.none {
				return a.urlFields(f, x, r, at)
			}
		}
		// A URL from an interface method, a function value or another
		// package (c.URL(path, args)): its base is unknown, but what
		// this code stores into it (RawQuery = q.Encode()) still counts.
		if typeutil.IsPointerTo(x.Type(), httplib.URL, "URL") {
			return a.urlFields(f, x, Unknown, at)
		}
	}
	return Unknown
}

// urlFields adds to base the fields stored into the URL object obj after
// it was made.
func (a *Estimator) urlFields(f *frame, obj ssa.Value, base Length, at ssa.Instruction) Length {
	by := make(map[string]Length)
	for _, st := range a.directStores(obj, 0) {
		if !a.mayPrecede(st.Store, at) {
			continue
		}
		if st.Field == nil || st.Field.Pkg() == nil || st.Field.Pkg().Path() != httplib.URL {
			continue
		}
		l := a.eval(a.frameFor(f, st.Value), st.Value, mBytes)
		if old, ok := by[st.Field.Name()]; ok {
			l = Join(old, l)
		}
		by[st.Field.Name()] = l
	}
	get := func(names ...string) (Length, bool) {
		r, found := none, false
		for _, n := range names {
			if l, ok := by[n]; ok {
				r, found = Join(r, l), true
			}
		}
		return r, found
	}
	total := base
	if l, ok := get("Scheme"); ok {
		total = Sum(total, l, Const(3))
	}
	if _, ok := get("User"); ok {
		total = Add(total, Unknown)
	}
	for _, group := range [][]string{{"Opaque"}, {"Host"}, {"Path", "RawPath"}} {
		if l, ok := get(group...); ok {
			total = Add(total, l)
		}
	}
	if l, ok := get("RawQuery"); ok {
		total = Sum(total, Const(1), l)
	}
	if l, ok := get("Fragment", "RawFragment"); ok {
		total = Sum(total, Const(1), l)
	}
	return total
}

// directStores returns the field stores made through pointer p itself:
// through copies and φ-nodes of it, through variables of its function
// that hold it, and through the parameters of functions of this package
// it is passed to. Unlike valueflow's ObjectStores it does not follow the
// pointer into struct fields, where every object of the type mixes.
func (a *Estimator) directStores(p ssa.Value, depth int) []valueflow.FieldStore {
	var out []valueflow.FieldStore
	seen := make(map[ssa.Value]bool)
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || seen[v] || len(seen) > 256 {
			return
		}
		seen[v] = true
		refs := v.Referrers()
		if refs == nil {
			return
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				fld := valueflow.FieldOf(r)
				for _, rr := range *r.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == ssa.Value(r) {
						out = append(out, valueflow.FieldStore{Field: fld, Value: st.Val, Store: st})
					}
				}
			case *ssa.Phi, *ssa.ChangeType:
				walk(r.(ssa.Value), depth)
			case *ssa.Store:
				if r.Addr == v {
					// The whole object assigned from a literal:
					// u := url.URL{...}.
					if ld, ok := r.Val.(*ssa.UnOp); ok && ld.Op == token.MUL {
						walk(ld.X, depth)
					}
					continue
				}
				// Kept in a local variable: follow its loads.
				if cell, ok := r.Addr.(*ssa.Alloc); ok && r.Val == v {
					for _, cr := range *cell.Referrers() {
						if ld, ok := cr.(*ssa.UnOp); ok && ld.Op == token.MUL {
							walk(ld, depth)
						}
					}
				}
			case ssa.CallInstruction:
				if depth >= 2 {
					continue
				}
				c := r.Common()
				callee := a.ix.Func(valueflow.StaticCallee(c))
				if callee == nil || c.IsInvoke() || len(callee.Blocks) == 0 {
					continue
				}
				for i, x := range c.Args {
					if x == v && i < len(callee.Params) {
						walk(callee.Params[i], depth+1)
					}
				}
			}
		}
	}
	walk(p, depth)
	return out
}

// mayPrecede reports whether instruction from may run before at: they are
// in different functions, at is nil, or a path of from's function leads
// from from to at.
func (a *Estimator) mayPrecede(from, at ssa.Instruction) bool {
	if at == nil || from == nil || from.Parent() != at.Parent() || from.Block() == nil || at.Block() == nil {
		return true
	}
	fb, tb := from.Block(), at.Block()
	if fb == tb {
		for _, instr := range fb.Instrs {
			if instr == from {
				return true // from comes first
			}
			if instr == at {
				break
			}
		}
	}
	return a.reachable(fb).has(tb.Index)
}

// reachable returns the set of blocks reachable from b through at least
// one edge, as a bit set indexed by block index: memoised per block, so a
// function of n blocks costs at most n²/64 words however often it is
// asked.
func (a *Estimator) reachable(b *ssa.BasicBlock) blockSet {
	if r, ok := a.reach[b]; ok {
		return r
	}
	r := make(blockSet, (len(b.Parent().Blocks)+63)/64)
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if r.has(x.Index) {
			continue
		}
		r.add(x.Index)
		stack = append(stack, x.Succs...)
	}
	a.reach[b] = r
	return r
}

// A blockSet is a set of basic block indices.
type blockSet []uint64

func (s blockSet) add(i int) { s[i/64] |= 1 << (i % 64) }

func (s blockSet) has(i int) bool { return i/64 < len(s) && s[i/64]&(1<<(i%64)) != 0 }
