package httpconfig

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// Facts supplies summaries of functions, package variables and struct
// fields of other packages. Each method returns nil when it has none.
type Facts interface {
	// Client returns the client held by variable or field obj, or returned
	// as result i of function obj.
	Client(obj types.Object, i int) *Client
	// Transport is the same for transports.
	Transport(obj types.Object, i int) *Transport
	// ReadOnlyParam reports whether function fn neither writes the
	// client or transport it receives as parameter i nor lets it escape.
	ReadOnlyParam(fn *types.Func, i int) bool
	// Factory reports whether each call of function fn builds a new
	// connection pool and returns it as result i (see
	// [Resolver.Factory]).
	Factory(fn *types.Func, i int) bool
}

// A Resolver reconstructs client and transport configurations for the
// values of one package. It memoises its answers and is not safe for
// concurrent use.
type Resolver struct {
	ix    *valueflow.Index
	facts Facts

	clients    map[ssa.Value]*Client
	transports map[ssa.Value]*Transport
	busy       map[ssa.Value]bool

	originClients    map[valueflow.Origin]*Client
	originTransports map[valueflow.Origin]*Transport
	factories        map[factoryKey]*Transport
}

// NewResolver returns a Resolver over ix that consults facts (which may be
// nil) about other packages.
func NewResolver(ix *valueflow.Index, facts Facts) *Resolver {
	return &Resolver{
		ix:         ix,
		facts:      facts,
		clients:    make(map[ssa.Value]*Client),
		transports: make(map[ssa.Value]*Transport),
		busy:       make(map[ssa.Value]bool),

		originClients:    make(map[valueflow.Origin]*Client),
		originTransports: make(map[valueflow.Origin]*Transport),
		factories:        make(map[factoryKey]*Transport),
	}
}

// Index returns the value-flow index the resolver works on.
func (r *Resolver) Index() *valueflow.Index { return r.ix }

// safe reports whether passing a client or transport to call c as
// argument i (-1: the receiver of an interface method call) leaves its
// configuration unchanged: a library function that preserves it (the
// methods of net/http's Client and Transport, also called through an
// interface), or a function of another package whose facts say it only
// reads it.
func (r *Resolver) safe(c *ssa.CallCommon, i int) bool {
	if c.IsInvoke() {
		// The receiver of a method called through an interface (a
		// wrapper's Base.RoundTrip(req)): net/http's methods of that
		// name only read the configuration.
		return i == -1 && httplib.InvokeUse(c.Method.Name()) != valueflow.UseUnknown
	}
	if _, ok := c.Value.(*ssa.Parameter); ok {
		// A hook the caller passes (customize func(*http.Transport)):
		// what it changes is the caller's configuration; judge the
		// default path this code builds.
		return true
	}
	fn := valueflow.StaticCallee(c)
	if fn == nil {
		return false
	}
	if callee := r.ix.Func(fn); callee != nil {
		if k, ok := wrapperParam(callee); ok && k == i {
			return true
		}
	}
	return httplib.PreservesConfig(fn, i) || (r.facts != nil && r.facts.ReadOnlyParam(fn, i))
}

// ReadOnlyParam reports whether fn, a function of this package, neither
// writes the object its parameter i points to nor lets it escape.
func (r *Resolver) ReadOnlyParam(fn *ssa.Function, i int) bool {
	if i >= len(fn.Params) {
		return false
	}
	p := fn.Params[i]
	stores, escapes := r.ix.ObjectStores(p, r.safe)
	if len(stores) > 0 || escapes {
		return false
	}
	// A returned parameter could be written through the call's result.
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for _, v := range ret.Results {
				for _, o := range r.ix.Origins(v) {
					if o.V == p {
						return false
					}
				}
			}
		}
	}
	return true
}

// Client returns the configuration of the *http.Client (or http.Client
// variable address) v. It never returns nil.
func (r *Resolver) Client(v ssa.Value) *Client {
	if c, ok := r.clients[v]; ok {
		return c
	}
	if r.busy[v] {
		return UnknownClient()
	}
	r.busy[v] = true
	var c *Client
	injected := false
	for _, o := range r.ix.Origins(v) {
		if o.Injected {
			// The caller's client, replaced by a default when nil: judge
			// the default path.
			injected = true
			continue
		}
		c = JoinClient(c, r.clientOriginMemo(o))
		if c != nil && c.Origin == OriginUnknown && c.Timeout.Kind == Unknown {
			break
		}
	}
	switch {
	case c == nil:
		c = UnknownClient()
	case injected:
		c = c.copy()
		c.Injectable = true
	}
	delete(r.busy, v)
	r.clients[v] = c
	return c
}

// clientOriginMemo is clientOrigin, computed once per origin: many uses
// of one client (a package variable sent through at every call site) share
// its origin, whose stores are walked once.
func (r *Resolver) clientOriginMemo(o valueflow.Origin) *Client {
	if c, ok := r.originClients[o]; ok {
		return c
	}
	c := r.clientOrigin(o)
	r.originClients[o] = c
	return c
}

func (r *Resolver) clientOrigin(o valueflow.Origin) *Client {
	if o.Global != nil && isVar(o.Global.Object(), httplib.NetHTTP, "DefaultClient") {
		// The position of this use of it: where a nil client is replaced
		// by it (if c == nil { c = http.DefaultClient }), its sends start.
		pos := token.NoPos
		if o.V != nil {
			pos = o.V.Pos()
		}
		c := NewClient(OriginDefault, pos)
		return r.applyClientStores(c, nil, valueflow.Home{V: o.Global})
	}
	switch v := o.V.(type) {
	case *ssa.Const:
		if v.IsNil() {
			return nil // a nil client is not a client; ignore this path
		}
	case *ssa.Alloc:
		if typeutil.IsPointerTo(v.Type(), httplib.NetHTTP, "Client") {
			return r.applyClientStores(NewClient(OriginZero, v.Pos()), v)
		}
	case *ssa.Global:
		// var c http.Client: the variable is the client.
		if typeutil.IsPointerTo(v.Type(), httplib.NetHTTP, "Client") && v.Pkg == r.ix.Pkg {
			return r.applyClientStores(NewClient(OriginZero, v.Pos()), v)
		}
	case *ssa.Call, *ssa.Extract:
		call, idx := valueflow.CallOf(v)
		if call == nil {
			break
		}
		base := r.clientCall(call, idx)
		if base == nil || base.Origin == OriginUnknown && base.Timeout.Kind == Unknown {
			return base
		}
		return r.applyClientStores(base, v)
	}
	if o.Global != nil {
		if c := r.factClient(o.Global.Object(), 0); c != nil {
			return c
		}
	}
	if o.Field != nil {
		if c := r.factClient(o.Field, 0); c != nil {
			return c
		}
	}
	return UnknownClient()
}

func (r *Resolver) factClient(obj types.Object, i int) *Client {
	if r.facts == nil || obj == nil {
		return nil
	}
	c := r.facts.Client(obj, i)
	if c != nil && c.Injectable {
		// Another package's default for a client its callers may pass:
		// judged there, unknown here.
		return UnknownClient()
	}
	return c
}

func (r *Resolver) factTransport(obj types.Object, i int) *Transport {
	if r.facts == nil || obj == nil {
		return nil
	}
	return r.facts.Transport(obj, i)
}

// clientCall returns the client returned as result idx of call, before
// the caller's own stores to it.
func (r *Resolver) clientCall(call *ssa.Call, idx int) *Client {
	fn := valueflow.StaticCallee(call.Common())
	if fn == nil {
		return UnknownClient()
	}
	if lib := libraryClient(fn); lib != nil {
		lib.pos = call.Pos()
		return lib
	}
	if callee := r.ix.Func(fn); callee != nil {
		return r.ResultClient(callee, idx)
	}
	if c := r.factClient(fn, idx); c != nil {
		return c.copy()
	}
	return UnknownClient()
}

func (c *Client) copy() *Client {
	d := *c
	d.Transport = c.Transport.Copy()
	return &d
}

// ResultClient returns the client that result i of fn, a function of
// this package, returns.
func (r *Resolver) ResultClient(fn *ssa.Function, i int) *Client {
	var c *Client
	for _, v := range valueflow.Returns(fn, i) {
		if isNil(v) {
			continue // an error path: a nil client is no client
		}
		c = JoinClient(c, r.Client(v))
	}
	if c == nil {
		return UnknownClient()
	}
	return c.copy()
}

// applyClientStores adds to c the stores that write the client object v
// points to (and the given homes), anywhere in the package.
func (r *Resolver) applyClientStores(c *Client, v ssa.Value, homes ...valueflow.Home) *Client {
	var stores []valueflow.FieldStore
	escapes := false
	if v != nil {
		stores, escapes = r.ix.ObjectStores(v, r.safe, homes...)
	} else {
		stores, _ = r.ix.ObjectStores(nil, r.safe, homes...)
	}
	if escapes {
		return UnknownClient()
	}
	for _, st := range stores {
		switch st.Field.Name() {
		case "Timeout":
			if !isField(st.Field, "Client") {
				continue
			}
			c.Timeout = joinStore(c.Timeout, r.valueOf(st.Value, st.Pos()))
		case "Transport":
			if !isField(st.Field, "Client") {
				continue
			}
			t := r.Transport(st.Value)
			if c.TransportSet {
				c.Transport = JoinTransport(c.Transport, t)
			} else {
				c.Transport = t
			}
			c.TransportSet = true
		}
	}
	return c
}

func joinStore(old, v Value) Value {
	if old.Explicit {
		return old.Join(v)
	}
	return v
}

// isField reports whether field f belongs to net/http's struct type recv.
func isField(f *types.Var, recv string) bool {
	return f.Pkg() != nil && f.Pkg().Path() == httplib.NetHTTP && fieldOwner(f) == recv
}

// fieldOwner returns the name of the net/http struct declaring f. Fields
// carry no link to their struct, so it is recovered from the field set.
func fieldOwner(f *types.Var) string {
	scope := f.Pkg().Scope()
	for _, name := range []string{"Client", "Transport", "Request"} {
		obj := scope.Lookup(name)
		if obj == nil {
			continue
		}
		s, ok := obj.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := 0; i < s.NumFields(); i++ {
			if s.Field(i) == f {
				return name
			}
		}
	}
	return ""
}

// fieldName returns "Struct.Field" for a field of a package-level struct
// type, or the field's name.
func fieldName(f *types.Var) string {
	scope := f.Pkg().Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if s, ok := tn.Type().Underlying().(*types.Struct); ok {
			for i := 0; i < s.NumFields(); i++ {
				if s.Field(i) == f {
					return name + "." + f.Name()
				}
			}
		}
	}
	return f.Name()
}

// isNil reports whether v is the constant nil.
func isNil(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.IsNil()
}

func isVar(obj types.Object, pkg, name string) bool {
	return obj != nil && obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == pkg
}

// valueOf returns the model value of a stored SSA value.
func (r *Resolver) valueOf(v ssa.Value, pos token.Pos) Value { return ValueOf(r.ix, v, pos) }

// ValueOf returns what is known of the integer or boolean setting v,
// written at pos: a constant (looking through conversions; booleans are
// 0 or 1, nil is 0), the zero value of a struct field that is never set
// anywhere, or Dynamic.
func ValueOf(ix *valueflow.Index, v ssa.Value, pos token.Pos) Value {
	if f, ok := ix.NeverSet(v); ok {
		z := ConstValue(0, true, pos)
		z.zeroField = fieldName(f)
		return z
	}
	if c, ok := valueflow.StripCopies(v).(*ssa.Const); ok {
		if c.Value == nil {
			return ConstValue(0, true, pos)
		}
		switch c.Value.Kind() {
		case constant.Int:
			if n, ok := constant.Int64Val(c.Value); ok {
				return ConstValue(n, true, pos)
			}
		case constant.Bool:
			if constant.BoolVal(c.Value) {
				return ConstValue(1, true, pos)
			}
			return ConstValue(0, true, pos)
		}
	}
	return DynamicValue(pos)
}

// Transport returns the configuration of the transport value v (an
// *http.Transport, or an http.RoundTripper holding one). It never
// returns nil.
func (r *Resolver) Transport(v ssa.Value) *Transport {
	if t, ok := r.transports[v]; ok {
		return t
	}
	if r.busy[v] {
		return UnknownTransport()
	}
	r.busy[v] = true
	var t *Transport
	for _, o := range r.ix.Origins(v) {
		if o.Injected {
			continue // judge the default path
		}
		t = JoinTransport(t, r.transportOriginMemo(o))
		if t != nil && t.Origin == OriginUnknown && allUnknown(t) {
			break
		}
	}
	if t == nil {
		t = UnknownTransport()
	}
	delete(r.busy, v)
	r.transports[v] = t
	return t
}

func allUnknown(t *Transport) bool {
	for _, v := range t.Fields {
		if v.Kind != Unknown {
			return false
		}
	}
	return true
}

// transportOriginMemo is transportOrigin, computed once per origin.
func (r *Resolver) transportOriginMemo(o valueflow.Origin) *Transport {
	if t, ok := r.originTransports[o]; ok {
		return t
	}
	t := r.transportOrigin(o)
	r.originTransports[o] = t
	return t
}

func (r *Resolver) transportOrigin(o valueflow.Origin) *Transport {
	if o.Global != nil && isVar(o.Global.Object(), httplib.NetHTTP, "DefaultTransport") {
		t := NewTransport(OriginDefault, token.NoPos)
		return r.applyTransportStores(t, nil, valueflow.Home{V: o.Global})
	}
	switch v := o.V.(type) {
	case *ssa.Const:
		if v.IsNil() {
			// A nil RoundTripper in Client.Transport means DefaultTransport.
			if httplib.IsRoundTripper(v.Type()) {
				return NewTransport(OriginDefault, token.NoPos)
			}
			return nil
		}
	case *ssa.Alloc:
		if typeutil.IsPointerTo(v.Type(), httplib.NetHTTP, "Transport") {
			return r.applyTransportStores(NewTransport(OriginZero, v.Pos()), v)
		}
		if f := embeddedTransport(v.Type()); f != nil {
			return r.wrappedTransport(v, f)
		}
	case *ssa.Global:
		if typeutil.IsPointerTo(v.Type(), httplib.NetHTTP, "Transport") && v.Pkg == r.ix.Pkg {
			t := NewTransport(OriginZero, v.Pos())
			t.Fresh = false
			return r.applyTransportStores(t, v)
		}
	case *ssa.Call, *ssa.Extract:
		call, idx := valueflow.CallOf(v)
		if call == nil {
			break
		}
		base := r.transportCall(call, idx)
		if base == nil || base.Origin == OriginUnknown && allUnknown(base) {
			return base
		}
		return r.applyTransportStores(base, v)
	}
	if o.Global != nil {
		if t := r.factTransport(o.Global.Object(), 0); t != nil {
			t = t.Copy()
			t.Fresh = false
			return t
		}
	}
	if o.Field != nil {
		if t := r.factTransport(o.Field, 0); t != nil {
			t = t.Copy()
			t.Fresh = false
			return t
		}
	}
	return UnknownTransport()
}

// embeddedTransport returns the embedded *http.Transport field of the
// struct t points to: a wrapper (type Transport struct{ *http.Transport;
// ... }) whose round trips, promoted or its own, go through that
// transport.
func embeddedTransport(t types.Type) *types.Var {
	ptr, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := range st.NumFields() {
		if f := st.Field(i); f.Embedded() && typeutil.IsPointerTo(f.Type(), httplib.NetHTTP, "Transport") {
			return f
		}
	}
	return nil
}

// wrappedTransport returns the configuration of the transport that the
// wrapper alloc holds in its embedded field f: the join of what is
// stored there, unknown if the wrapper escapes or nothing is stored.
func (r *Resolver) wrappedTransport(alloc *ssa.Alloc, f *types.Var) *Transport {
	stores, escapes := r.ix.ObjectStores(alloc, r.safe)
	if escapes {
		return UnknownTransport()
	}
	var t *Transport
	for _, st := range stores {
		if st.Field == f {
			t = JoinTransport(t, r.Transport(st.Value))
		}
	}
	if t == nil {
		return UnknownTransport()
	}
	return t
}

func (r *Resolver) transportCall(call *ssa.Call, idx int) *Transport {
	c := call.Common()
	fn := valueflow.StaticCallee(c)
	if fn == nil {
		return UnknownTransport()
	}
	if typeutil.FuncKey(fn) == "net/http.Transport.Clone" && len(c.Args) == 1 {
		t := r.Transport(c.Args[0]).Copy()
		t.Fresh = true
		t.pos = call.Pos()
		// Fields are copied; explicit stores of the source are the
		// source's, not this clone's.
		for k, v := range t.Fields {
			v.Explicit = false
			v.pos = token.NoPos
			t.Fields[k] = v
		}
		return t
	}
	if lib := libraryTransport(fn); lib != nil {
		lib.pos = call.Pos()
		return lib
	}
	if callee := r.ix.Func(fn); callee != nil {
		if k, ok := wrapperParam(callee); ok && idx == 0 {
			return r.Transport(c.Args[k]).Copy()
		}
		return r.ResultTransport(callee, idx)
	}
	if t := r.factTransport(fn, idx); t != nil {
		return t.Copy()
	}
	return UnknownTransport()
}

// wrapperParam reports whether fn is a wrapper constructor: it returns a
// new wrapper struct (see embeddedTransport) whose embedded transport is
// its parameter k, which it uses for nothing else, or passes that
// parameter on to such a constructor of the package and returns its
// result. The wrapper's configuration is then that of the argument, and
// passing a transport to fn leaves it unchanged.
func wrapperParam(fn *ssa.Function) (k int, ok bool) {
	return wrapperParamDepth(fn, maxWrapperDepth)
}

// maxWrapperDepth bounds the chain of wrapper constructors wrapperParam
// follows.
const maxWrapperDepth = 4

func wrapperParamDepth(fn *ssa.Function, depth int) (int, bool) {
	rets := valueflow.Returns(fn, 0)
	if len(rets) != 1 || depth == 0 {
		return 0, false
	}
	// only reports whether p's one use (besides debug references) is use.
	only := func(p *ssa.Parameter, use func(ssa.Instruction) bool) bool {
		n := 0
		for _, ref := range *p.Referrers() {
			if _, ok := ref.(*ssa.DebugRef); ok {
				continue
			}
			if n++; n > 1 || !use(ref) {
				return false
			}
		}
		return n == 1
	}
	switch rv := valueflow.StripCopies(rets[0]).(type) {
	case *ssa.Alloc:
		f := embeddedTransport(rv.Type())
		if f == nil {
			return 0, false
		}
		for k, p := range fn.Params {
			if !typeutil.IsPointerTo(p.Type(), httplib.NetHTTP, "Transport") || p.Referrers() == nil {
				continue
			}
			if only(p, func(ref ssa.Instruction) bool {
				st, ok := ref.(*ssa.Store)
				if !ok || st.Val != p {
					return false
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				return ok && fa.X == rv && valueflow.FieldOf(fa) == f
			}) {
				return k, true
			}
		}
	case *ssa.Call:
		callee := rv.Call.StaticCallee()
		if callee == nil || callee.Pkg != fn.Pkg || callee == fn {
			return 0, false
		}
		k2, ok := wrapperParamDepth(callee, depth-1)
		if !ok || k2 >= len(rv.Call.Args) {
			return 0, false
		}
		for k, p := range fn.Params {
			if rv.Call.Args[k2] == ssa.Value(p) && only(p, func(ref ssa.Instruction) bool { return ref == ssa.Instruction(rv) }) {
				return k, true
			}
		}
	}
	return 0, false
}

// ResultTransport returns the transport that result i of fn, a function
// of this package, returns.
func (r *Resolver) ResultTransport(fn *ssa.Function, i int) *Transport {
	var t *Transport
	for _, v := range valueflow.Returns(fn, i) {
		if isNil(v) {
			continue // an error path: a nil transport is no transport
		}
		t = JoinTransport(t, r.Transport(v))
	}
	if t == nil {
		return UnknownTransport()
	}
	return t.Copy()
}

func (r *Resolver) applyTransportStores(t *Transport, v ssa.Value, homes ...valueflow.Home) *Transport {
	// opaque lists the calls of functions of other packages, not known
	// to preserve the configuration, that the transport is passed to
	// (structs.SetDefaults(t, http.DefaultTransport), mergo.Merge(t,
	// defaults)): they may have set any field, but the stores that
	// follow all of them still decide theirs.
	var opaque []ssa.Instruction
	safe := func(c *ssa.CallCommon, i int) bool {
		if r.safe(c, i) {
			return true
		}
		if in := opaqueCall(r.ix.Pkg, c, i); in != nil && v != nil {
			opaque = append(opaque, in)
			return true
		}
		return false
	}
	stores, escapes := r.ix.ObjectStores(v, safe, homes...)
	if escapes {
		u := UnknownTransport()
		u.pos, u.Fresh = t.pos, t.Fresh
		return u
	}
	if len(opaque) > 0 {
		u := UnknownTransport()
		u.pos, u.Fresh = t.pos, t.Fresh
		t = u
	}
	for _, st := range stores {
		if !isField(st.Field, "Transport") || !followsAll(st, opaque) {
			continue
		}
		name := st.Field.Name()
		if f, ok := fieldByName(name); ok {
			t.Set(f, r.valueOf(st.Value, st.Pos()))
			continue
		}
		switch name {
		case "DialContext", "Dial":
			t.Set(DialTimeout, r.dialTimeout(st.Value, st.Pos()))
			if r.localDial(st.Value) {
				t.Set(LocalDial, ConstValue(1, true, st.Pos()))
			}
			if r.connDeadline(st.Value) {
				t.Set(ConnDeadline, ConstValue(1, true, st.Pos()))
			} else {
				t.Set(ConnDeadline, ConstValue(0, false, st.Pos()))
			}
		case "DialTLSContext", "DialTLS":
			if c, ok := st.Value.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			t.Set(CustomTLSDial, ConstValue(1, true, st.Pos()))
		}
	}
	return t
}

// opaqueCall returns the instruction of c, a static call of a function
// of another package than pkg that receives its argument i, or nil.
func opaqueCall(pkg *ssa.Package, c *ssa.CallCommon, i int) ssa.Instruction {
	callee := c.StaticCallee()
	if callee == nil || callee.Pkg == pkg || i < 0 || i >= len(c.Args) || c.Args[i].Referrers() == nil {
		return nil
	}
	for _, ref := range *c.Args[i].Referrers() {
		if call, ok := ref.(ssa.CallInstruction); ok && call.Common() == c {
			return call
		}
	}
	return nil
}

// followsAll reports whether store st runs after each of calls on every
// path: each call dominates it.
func followsAll(st valueflow.FieldStore, calls []ssa.Instruction) bool {
	if len(calls) == 0 {
		return true
	}
	if st.Store == nil {
		return false
	}
	for _, c := range calls {
		if !dominates(c, st.Store) {
			return false
		}
	}
	return true
}

// dominates reports whether instruction a runs before b on every path
// to b.
func dominates(a, b ssa.Instruction) bool {
	if a.Parent() != b.Parent() {
		return false
	}
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	for _, in := range a.Block().Instrs {
		switch in {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// dialTimeout returns the Timeout of the net.Dialer whose DialContext (or
// Dial) method value v is, 0 for a nil function (net/http then uses a
// zero Dialer), and Dynamic for any other dial function.
func (r *Resolver) dialTimeout(v ssa.Value, pos token.Pos) Value {
	var out Value
	first := true
	join := func(x Value) {
		if first {
			out, first = x, false
		} else {
			out = out.Join(x)
		}
	}
	for _, o := range r.ix.Origins(v) {
		switch x := o.V.(type) {
		case *ssa.Const:
			if x.IsNil() {
				join(ConstValue(0, true, pos))
				continue
			}
			join(DynamicValue(pos))
		case *ssa.MakeClosure:
			fn, _ := x.Fn.(*ssa.Function)
			var obj *types.Func
			if fn != nil {
				obj, _ = fn.Object().(*types.Func)
			}
			if fn != nil && fn.Parent() == nil && len(x.Bindings) == 1 &&
				(typeutil.IsMethod(obj, httplib.Net, "Dialer", "DialContext") || typeutil.IsMethod(obj, httplib.Net, "Dialer", "Dial")) {
				join(r.dialerTimeout(x.Bindings[0], pos))
				continue
			}
			join(DynamicValue(pos))
		case nil:
			join(Value{})
		default:
			join(DynamicValue(pos))
		}
	}
	if first {
		return Value{}
	}
	return out
}

// dialerTimeout returns the Timeout field of the *net.Dialer (or
// net.Dialer) value d.
func (r *Resolver) dialerTimeout(d ssa.Value, pos token.Pos) Value {
	var out Value
	first := true
	for _, o := range r.ix.Origins(d) {
		var x Value
		switch a := o.V.(type) {
		case *ssa.Alloc:
			x = ConstValue(0, false, pos)
			stores, escapes := r.ix.ObjectStores(a, dialerReadOnly)
			if escapes {
				x = Value{}
				break
			}
			for _, st := range stores {
				if st.Field.Name() == "Timeout" && st.Field.Pkg() != nil && st.Field.Pkg().Path() == httplib.Net {
					x = joinStore(x, r.valueOf(st.Value, pos))
				}
			}
			x.Explicit = true
		default:
			x = DynamicValue(pos)
		}
		if first {
			out, first = x, false
		} else {
			out = out.Join(x)
		}
	}
	return out
}

// DefaultClient returns the configuration of http.DefaultClient, which
// the package helpers (http.Get, ...) use, including the package's own
// stores to it (http.DefaultClient.Timeout = ...).
func (r *Resolver) DefaultClient() *Client {
	c := NewClient(OriginDefault, token.NoPos)
	if p := r.ix.Pkg.Prog.ImportedPackage(httplib.NetHTTP); p != nil {
		if g, ok := p.Members["DefaultClient"].(*ssa.Global); ok {
			return r.applyClientStores(c, nil, valueflow.Home{V: g})
		}
	}
	return c
}

// dialerReadOnly accepts the methods of net.Dialer, which only read the
// dialer's fields.
func dialerReadOnly(c *ssa.CallCommon, i int) bool {
	fn := valueflow.StaticCallee(c)
	return i == 0 && fn != nil && typeutil.IsMethod(fn, httplib.Net, "Dialer", fn.Name())
}

// DefaultTransport returns the configuration of http.DefaultTransport as
// this package leaves it: its defaults joined with the package's stores
// through http.DefaultTransport.(*http.Transport). mutated reports
// whether there are any such stores.
func (r *Resolver) DefaultTransport() (t *Transport, mutated bool) {
	t = NewTransport(OriginDefault, token.NoPos)
	p := r.ix.Pkg.Prog.ImportedPackage(httplib.NetHTTP)
	if p == nil {
		return t, false
	}
	g, ok := p.Members["DefaultTransport"].(*ssa.Global)
	if !ok {
		return t, false
	}
	stores, _ := r.ix.ObjectStores(nil, r.safe, valueflow.Home{V: g})
	if len(stores) == 0 {
		return t, false
	}
	return r.applyTransportStores(t, nil, valueflow.Home{V: g}), true
}

// localDial reports whether every function dial function v may be
// ignores the address it is given and dials only the local host: each
// of its dials (net.Dial, net.DialTimeout, a net.Dialer's Dial or
// DialContext) uses network "unix" or a constant loopback address
// ("127.0.0.1:…", "localhost:…", "[::1]:…", also built by fmt.Sprintf).
func (r *Resolver) localDial(v ssa.Value) bool {
	origins := r.ix.Origins(v)
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		fn := valueflow.FuncOf(o.V)
		if fn == nil || len(fn.Blocks) == 0 || fn.Pkg != r.ix.Pkg || !dialsOnlyLocal(fn) {
			return false
		}
	}
	return true
}

func dialsOnlyLocal(fn *ssa.Function) bool {
	if n := len(fn.Params); n > 0 && fn.Params[n-1].Referrers() != nil {
		for _, ref := range *fn.Params[n-1].Referrers() {
			if _, ok := ref.(*ssa.DebugRef); !ok {
				return false // the address is used
			}
		}
	}
	dials := 0
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			callee := valueflow.StaticCallee(call.Common())
			args := call.Common().Args
			var network, address ssa.Value
			switch {
			case typeutil.IsFunc(callee, httplib.Net, "Dial"), typeutil.IsFunc(callee, httplib.Net, "DialTimeout"):
				network, address = args[0], args[1]
			case typeutil.IsMethod(callee, httplib.Net, "Dialer", "Dial"):
				network, address = args[1], args[2]
			case typeutil.IsMethod(callee, httplib.Net, "Dialer", "DialContext"):
				network, address = args[2], args[3]
			default:
				continue
			}
			dials++
			if n, ok := network.(*ssa.Const); ok && n.Value != nil && strings.HasPrefix(constant.StringVal(n.Value), "unix") {
				continue
			}
			if !loopbackAddress(address) {
				return false
			}
		}
	}
	return dials > 0
}

// loopbackAddress reports whether address is a constant loopback
// host:port, or fmt.Sprintf of a constant format that starts with one.
func loopbackAddress(address ssa.Value) bool {
	var s string
	switch x := valueflow.StripCopies(address).(type) {
	case *ssa.Const:
		if x.Value == nil || x.Value.Kind() != constant.String {
			return false
		}
		s = constant.StringVal(x.Value)
	case *ssa.Call:
		if !typeutil.IsFunc(valueflow.StaticCallee(&x.Call), "fmt", "Sprintf") || len(x.Call.Args) == 0 {
			return false
		}
		f, ok := x.Call.Args[0].(*ssa.Const)
		if !ok || f.Value == nil || f.Value.Kind() != constant.String {
			return false
		}
		s = constant.StringVal(f.Value)
	default:
		return false
	}
	for _, host := range []string{"127.0.0.1:", "localhost:", "[::1]:"} {
		if strings.HasPrefix(s, host) {
			return true
		}
	}
	return false
}

// connDeadline reports whether every function dial function v may be
// sets a deadline on the connection it returns: it calls SetDeadline or
// SetReadDeadline on a connection, itself or through the functions and
// methods of this package it calls (a dialer's DialContext method that
// wraps the connection in a type whose reads and writes move the
// deadline forward).
func (r *Resolver) connDeadline(v ssa.Value) bool {
	origins := r.ix.Origins(v)
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		fn := valueflow.FuncOf(o.V)
		if fn == nil {
			// A dialer built by a function of the package
			// (timeoutDialer(connect, rw)) returns the closure.
			if call, idx := valueflow.CallOf(o.V); call != nil {
				if callee := call.Call.StaticCallee(); callee != nil && callee.Pkg == r.ix.Pkg {
					for _, ret := range valueflow.Returns(callee, idx) {
						if f := valueflow.FuncOf(ret); f != nil {
							fn = f
						}
					}
				}
			}
		}
		if fn == nil {
			return false
		}
		if !setsDeadline(fn, r.ix.Pkg, maxDeadlineDepth, make(map[*ssa.Function]bool)) && !r.readsSetDeadline(fn, maxDeadlineDepth) {
			return false
		}
	}
	return true
}

// readsSetDeadline reports whether every connection the dial function fn
// returns is a wrapper of this package (&timeoutConn{Conn: c}, directly
// or from a constructor such as newTimeoutConn) whose Read method sets a
// deadline before or after each read.
func (r *Resolver) readsSetDeadline(fn *ssa.Function, depth int) bool {
	rets := valueflow.Returns(fn, 0)
	if len(rets) == 0 || depth == 0 {
		return false
	}
	for _, ret := range rets {
		if isNil(ret) {
			continue // an error path
		}
		origins := r.ix.Origins(ret)
		if len(origins) == 0 {
			return false
		}
		for _, o := range origins {
			switch v := o.V.(type) {
			case *ssa.Alloc:
				if !r.methodSetsDeadline(v.Type(), "Read") {
					return false
				}
			case *ssa.Call:
				callee := v.Call.StaticCallee()
				if callee == nil || callee.Pkg != r.ix.Pkg || !r.readsSetDeadline(callee, depth-1) {
					return false
				}
			default:
				return false
			}
		}
	}
	return true
}

// methodSetsDeadline reports whether the method name of type t, declared
// in this package, sets a deadline on a connection.
func (r *Resolver) methodSetsDeadline(t types.Type, name string) bool {
	prog := r.ix.Pkg.Prog
	sel := prog.MethodSets.MethodSet(t).Lookup(r.ix.Pkg.Pkg, name)
	if sel == nil {
		return false
	}
	m := prog.MethodValue(sel)
	if m == nil || m.Pkg != r.ix.Pkg {
		return false
	}
	return setsDeadline(m, r.ix.Pkg, maxDeadlineDepth, make(map[*ssa.Function]bool))
}

// maxDeadlineDepth bounds the chain of calls setsDeadline follows from a
// dial function to the SetDeadline call.
const maxDeadlineDepth = 4

// setsDeadline reports whether fn, or a function of pkg it calls
// statically (at most depth calls deep), calls the SetDeadline or
// SetReadDeadline method of a connection.
func setsDeadline(fn *ssa.Function, pkg *ssa.Package, depth int, seen map[*ssa.Function]bool) bool {
	if seen[fn] {
		return false
	}
	seen[fn] = true
	var callees []*ssa.Function
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			common := c.Common()
			name := ""
			if common.IsInvoke() {
				name = common.Method.Name()
			} else if callee := common.StaticCallee(); callee != nil {
				if callee.Signature.Recv() != nil {
					name = callee.Name()
				}
				if callee.Pkg == pkg && callee.Blocks != nil {
					callees = append(callees, callee)
				}
			}
			if name == "SetDeadline" || name == "SetReadDeadline" {
				return true
			}
		}
	}
	if depth == 0 {
		return false
	}
	for _, callee := range callees {
		if setsDeadline(callee, pkg, depth-1, seen) {
			return true
		}
	}
	return false
}
