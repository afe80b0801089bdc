package httpconfig

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/setting"
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
	// KeepsConfig reports whether package pkg leaves the
	// configuration of the transports it is given alone (see
	// [KeepsForeignConfig]).
	KeepsConfig(pkg *types.Package) bool
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
	return httplib.PreservesConfig(fn, i) || (r.facts != nil && r.facts.ReadOnlyParam(fn, i)) || r.keptByCallee(c, i)
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
		if c != nil && c.Origin == OriginUnknown && c.Timeout.Kind == setting.Unknown {
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
		if base == nil || base.Origin == OriginUnknown && base.Timeout.Kind == setting.Unknown {
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
	r.giveUp("client-origin-unknown", o)
	return UnknownClient()
}

// giveUp records in the census of give-ups that the origin o of a
// client or transport could not be followed.
func (r *Resolver) giveUp(reason string, o valueflow.Origin) { r.ix.GiveUp(reason, o) }

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
	if cc, ok := httplib.ContextClientOf(fn); ok {
		// x/oauth2's Config.Client(ctx, tok): the client ctx carries,
		// http.DefaultClient when it carries none.
		if cc.Ctx < len(call.Call.Args) && carriesNoClient(call.Call.Args[cc.Ctx], 0) {
			// &http.Client{Transport: &oauth2.Transport{Base: nil}}:
			// no Timeout, DefaultTransport's pool.
			c := NewClient(OriginZero, call.Pos())
			c.Library = cc.Name
			return c
		}
		return UnknownClient()
	}
	if callee := r.ix.Func(fn); callee != nil {
		c := r.ResultClient(callee, idx)
		if k, ok := r.clientTransportParam(callee, idx); ok {
			// A constructor over the caller's round tripper
			// (func newClient(rt http.RoundTripper) *http.Client {
			// return &http.Client{Transport: rt} }): the pool is
			// the argument's.
			c.Transport = r.Transport(call.Call.Args[k]).Copy()
		}
		return c
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
		r.giveUp("client-escapes", valueflow.Origin{V: v})
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
		case "Jar":
			if isField(st.Field, "Client") && !isNil(st.Value) && !c.Jar.IsValid() {
				c.Jar = st.Pos()
			}
		}
	}
	return c
}

func joinStore(old, v setting.Value) setting.Value {
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

// isNil reports whether v is the constant nil.
func isNil(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	return ok && k.IsNil()
}

func isVar(obj types.Object, pkg, name string) bool {
	return obj != nil && obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == pkg
}

// valueOf returns the model value of a stored SSA value.
func (r *Resolver) valueOf(v ssa.Value, pos token.Pos) setting.Value {
	return setting.ValueOf(r.ix, v, pos)
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
		if v.Kind != setting.Unknown {
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
		if f := wrappedField(v.Type()); f != nil {
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
	if ownRoundTripper(o.V) {
		// A RoundTripper the program implements itself (a mock, a
		// function type): not a pool of net/http's, and no give-up.
		return UnknownTransport()
	}
	r.giveUp("transport-origin-unknown", o)
	return UnknownTransport()
}

// copiesDefault reports whether v loads the field of the given name from
// http.DefaultTransport (through a type assertion or a variable holding
// it): go-autorest's sender spells out a transport field by field from
// DefaultTransport's (MaxIdleConns: defaultTransport.MaxIdleConns), which
// gives it DefaultTransport's values.
func (r *Resolver) copiesDefault(v ssa.Value, name string) bool {
	load, ok := valueflow.StripCopies(v).(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	fa, ok := load.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	if f := valueflow.FieldOf(fa); f == nil || f.Name() != name || !httplib.IsTransport(fa.X.Type()) {
		return false
	}
	origins := r.ix.Origins(fa.X)
	if len(origins) == 0 {
		return false
	}
	for _, o := range origins {
		if o.V == nil || r.transportOriginMemo(o).Origin != OriginDefault {
			return false
		}
	}
	return true
}

// ownRoundTripper reports whether v makes a RoundTripper of a type that
// is not net/http's: an allocation of another type, or a function
// (closure) converted to a function type with a RoundTrip method.
func ownRoundTripper(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Alloc, *ssa.MakeClosure, *ssa.Function:
		t := v.Type()
		return !typeutil.IsPointerTo(t, httplib.NetHTTP, "Transport") && !httplib.IsRoundTripper(t)
	}
	return false
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
			t.Fields[k] = v.Copied()
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
	if k, ok := httplib.WrapperArg(fn); ok && idx == 0 && k < len(c.Args) {
		return r.Transport(c.Args[k]).Copy()
	}
	if t := r.factTransport(fn, idx); t != nil {
		return t.Copy()
	}
	return UnknownTransport()
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
		r.giveUp("transport-escapes", valueflow.Origin{V: v})
		u := UnknownTransport()
		u.pos, u.Fresh = t.pos, t.Fresh
		return u
	}
	if len(opaque) > 0 {
		r.giveUp("transport-opaque-call", valueflow.Origin{V: v})
		u := UnknownTransport()
		u.pos, u.Fresh = t.pos, t.Fresh
		t = u
	}
	for _, st := range stores {
		if !isField(st.Field, "Transport") || !followsAll(st, opaque) || offByDefault(r.ix, st.Store) {
			continue
		}
		name := st.Field.Name()
		if f, ok := fieldByName(name); ok {
			if r.copiesDefault(st.Value, name) {
				t.Set(f, setting.ConstValue(defaultTransport[f], true, st.Pos()))
				continue
			}
			t.Set(f, r.valueOf(st.Value, st.Pos()))
			continue
		}
		switch name {
		case "DialContext", "Dial":
			if r.copiesDefault(st.Value, name) {
				t.Set(DialTimeout, setting.ConstValue(defaultTransport[DialTimeout], true, st.Pos()))
				continue
			}
			t.Set(DialTimeout, r.dialTimeout(st.Value, st.Pos()))
			if r.localDial(st.Value) {
				t.Set(LocalDial, setting.ConstValue(1, true, st.Pos()))
			}
			if r.connDeadline(st.Value) {
				t.Set(ConnDeadline, setting.ConstValue(1, true, st.Pos()))
			} else {
				t.Set(ConnDeadline, setting.ConstValue(0, false, st.Pos()))
			}
		case "DialTLSContext", "DialTLS":
			if c, ok := st.Value.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			t.Set(CustomTLSDial, setting.ConstValue(1, true, st.Pos()))
		}
	}
	return t
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

// carriesNoClient reports whether the context ctx is made from
// context.Background or TODO without values (through WithCancel,
// WithTimeout and the like), so that it carries no *http.Client for
// x/oauth2.
func carriesNoClient(ctx ssa.Value, depth int) bool {
	call, _ := valueflow.CallOf(valueflow.StripCopies(ctx))
	if call == nil || depth > 4 {
		return false
	}
	switch typeutil.FuncKey(valueflow.StaticCallee(call.Common())) {
	case "context.Background", "context.TODO":
		return true
	case "context.WithCancel", "context.WithTimeout", "context.WithDeadline", "context.WithoutCancel":
		return len(call.Call.Args) > 0 && carriesNoClient(call.Call.Args[0], depth+1)
	}
	return false
}
