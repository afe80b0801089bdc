package valueflow

import (
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// dispatchMemo memoises Implementations by interface method.
type dispatchMemo struct {
	implMu sync.Mutex
	impls  map[*types.Func]implementations
}

type implementations struct {
	fns []*ssa.Function
	all bool
}

// Implementations returns the source methods of this package's own
// types that c, an interface method call, may invoke: for each named,
// non-generic type declared at package level whose value or pointer
// implements the interface, the method of c's name. The second result
// reports whether every such type's method is a source method of the
// package (false when one is promoted from an embedded type of another
// package). It returns nil, false for a static call.
//
// The package's own implementations are the default path of an
// interface that callers could implement too: an auth plugin the
// package looks up by name (OPA's HTTPAuthPlugin), a sender it
// registers.
func (ix *Index) Implementations(c *ssa.CallCommon) ([]*ssa.Function, bool) {
	if !c.IsInvoke() {
		return nil, false
	}
	ix.implMu.Lock()
	defer ix.implMu.Unlock()
	if r, ok := ix.impls[c.Method]; ok {
		return r.fns, r.all
	}
	if ix.impls == nil {
		ix.impls = make(map[*types.Func]implementations)
	}
	fns, all := ix.implementations(c)
	ix.impls[c.Method] = implementations{fns, all}
	return fns, all
}

func (ix *Index) implementations(c *ssa.CallCommon) ([]*ssa.Function, bool) {
	iface, ok := c.Value.Type().Underlying().(*types.Interface)
	if !ok {
		return nil, false
	}
	scope := ix.Pkg.Pkg.Scope()
	var out []*ssa.Function
	all := true
	for _, name := range scope.Names() { // sorted: a deterministic order
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || types.IsInterface(named) || named.TypeParams().Len() > 0 {
			continue
		}
		var t types.Type = named
		if !types.Implements(t, iface) {
			if t = types.NewPointer(named); !types.Implements(t, iface) {
				continue
			}
		}
		fn := ix.Func(concreteMethod(t, c.Method))
		if fn == nil {
			all = false
			continue
		}
		out = append(out, fn)
	}
	return out, all && len(out) > 0
}
