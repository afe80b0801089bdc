package httpconfig

import (
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
	"github.com/httplint/httplint/internal/ssa/setting"
	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

// dialTimeout returns the Timeout of the net.Dialer whose DialContext (or
// Dial) method value v is, 0 for a nil function (net/http then uses a
// zero Dialer), and setting.Dynamic for any other dial function.
func (r *Resolver) dialTimeout(v ssa.Value, pos token.Pos) setting.Value {
	var out setting.Value
	first := true
	join := func(x setting.Value) {
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
				join(setting.ConstValue(0, true, pos))
				continue
			}
			join(setting.DynamicValue(pos))
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
			join(setting.DynamicValue(pos))
		case nil:
			join(setting.Value{})
		default:
			join(setting.DynamicValue(pos))
		}
	}
	if first {
		return setting.Value{}
	}
	return out
}

// dialerTimeout returns the Timeout field of the *net.Dialer (or
// net.Dialer) value d.
func (r *Resolver) dialerTimeout(d ssa.Value, pos token.Pos) setting.Value {
	var out setting.Value
	first := true
	for _, o := range r.ix.Origins(d) {
		var x setting.Value
		switch a := o.V.(type) {
		case *ssa.Alloc:
			x = setting.ConstValue(0, false, pos)
			stores, escapes := r.ix.ObjectStores(a, dialerReadOnly)
			if escapes {
				x = setting.Value{}
				break
			}
			for _, st := range stores {
				if st.Field.Name() == "Timeout" && st.Field.Pkg() != nil && st.Field.Pkg().Path() == httplib.Net {
					x = joinStore(x, r.valueOf(st.Value, pos))
				}
			}
			x.Explicit = true
		default:
			x = setting.DynamicValue(pos)
		}
		if first {
			out, first = x, false
		} else {
			out = out.Join(x)
		}
	}
	return out
}

// dialerReadOnly accepts the methods of net.Dialer, which only read the
// dialer's fields.
func dialerReadOnly(c *ssa.CallCommon, i int) bool {
	fn := valueflow.StaticCallee(c)
	return i == 0 && fn != nil && typeutil.IsMethod(fn, httplib.Net, "Dialer", fn.Name())
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
