package valueflow

import (
	"go/token"
	"go/types"
	"slices"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// callState is the index of call sites, computed on first use.
type callState struct {
	callsOnce sync.Once
	// sites holds the static calls (call, go and defer) of each function
	// of the package, through closures too.
	sites map[*ssa.Function][]ssa.CallInstruction
	// escapingFuncs holds the functions whose value is used other than
	// by calling it: they may be called from anywhere.
	escapingFuncs map[*ssa.Function]bool
	// invoked holds the names of the methods called through interfaces.
	invoked map[string]bool
	// onceUses counts, per function, the uses of its value as the
	// function a package-level sync.Once runs (once.Do(f)), and
	// otherUses its other uses as a value.
	onceUses, otherUses map[*ssa.Function]int
}

func (ix *Index) indexCalls() {
	ix.sites = make(map[*ssa.Function][]ssa.CallInstruction)
	ix.escapingFuncs = make(map[*ssa.Function]bool)
	ix.invoked = make(map[string]bool)
	ix.onceUses = make(map[*ssa.Function]int)
	ix.otherUses = make(map[*ssa.Function]int)
	escape := func(fn *ssa.Function) {
		if fn == nil {
			return
		}
		ix.escapingFuncs[fn] = true
		ix.otherUses[fn]++
		if fn.Synthetic != "" {
			// A bound-method wrapper or thunk: its method escapes.
			if obj, ok := fn.Object().(*types.Func); ok {
				ix.escapingFuncs[ix.Func(obj)] = true
			}
		}
	}
	var ops []*ssa.Value
	for _, fn := range ix.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var callee ssa.Value
				if call, ok := instr.(ssa.CallInstruction); ok {
					c := call.Common()
					if c.IsInvoke() {
						ix.invoked[c.Method.Name()] = true
					} else {
						callee = c.Value
						switch v := c.Value.(type) {
						case *ssa.Function:
							ix.sites[v] = append(ix.sites[v], call)
						case *ssa.MakeClosure:
							if fn, ok := v.Fn.(*ssa.Function); ok {
								ix.sites[fn] = append(ix.sites[fn], call)
							}
						}
					}
				}
				if mc, ok := instr.(*ssa.MakeClosure); ok {
					fn, _ := mc.Fn.(*ssa.Function)
					if DirectCall(mc) == nil || fn != nil && fn.Synthetic != "" {
						escape(fn)
						if fn != nil && onceRun(mc) {
							ix.otherUses[fn]--
							ix.onceUses[fn]++
						}
					}
					continue
				}
				ops = instr.Operands(ops[:0])
				for _, op := range ops {
					if op == nil || *op == nil || *op == callee {
						continue
					}
					if fn, ok := (*op).(*ssa.Function); ok {
						escape(fn)
						if call, ok := instr.(*ssa.Call); ok && isGlobalOnceDo(call, fn) {
							ix.otherUses[fn]--
							ix.onceUses[fn]++
						}
					}
				}
			}
		}
	}
}

// RunOnce reports whether fn's value is used only as the function a
// package-level sync.Once runs (var initOnce sync.Once;
// initOnce.Do(initOnGCE), or a closure given to it) and fn is called in
// no other way: it runs at most once per run of the program.
func (ix *Index) RunOnce(fn *ssa.Function) bool {
	ix.callsOnce.Do(ix.indexCalls)
	return ix.onceUses[fn] > 0 && ix.otherUses[fn] == 0 && len(ix.sites[fn]) == 0
}

// onceRun reports whether the closure mc is only given to a
// package-level sync.Once's Do.
func onceRun(mc *ssa.MakeClosure) bool {
	refs := mc.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		call, ok := r.(*ssa.Call)
		if !ok || !isGlobalOnceDo(call, mc) {
			return false
		}
	}
	return true
}

// isGlobalOnceDo reports whether call is (*sync.Once).Do on a package
// variable with f as its function.
func isGlobalOnceDo(call *ssa.Call, f ssa.Value) bool {
	c := call.Common()
	callee := StaticCallee(c)
	if callee == nil || callee.Name() != "Do" || callee.Pkg() == nil || callee.Pkg().Path() != "sync" || len(c.Args) != 2 || c.Args[1] != f {
		return false
	}
	recv := callee.Signature().Recv()
	if recv == nil || recv.Type().String() != "*sync.Once" {
		return false
	}
	_, isGlobal := c.Args[0].(*ssa.Global)
	return isGlobal
}

// CallSites returns the static calls of fn (calls, go and defer
// statements, of fn or of a closure of it) in this package, in source
// order. Other packages, function values and interfaces may call fn too:
// see [Index.Callers].
func (ix *Index) CallSites(fn *ssa.Function) []ssa.CallInstruction {
	ix.callsOnce.Do(ix.indexCalls)
	return ix.sites[fn]
}

// Callers returns the call sites of fn and reports whether they are all
// its calls: fn is a function of this package that is unexported (or in
// package main), not init or a command's main, whose value never
// escapes, and that no interface call could reach.
func (ix *Index) Callers(fn *ssa.Function) ([]ssa.CallInstruction, bool) {
	if fn == nil || fn.Pkg != ix.Pkg {
		return nil, false
	}
	ix.callsOnce.Do(ix.indexCalls)
	sites := ix.sites[fn]
	if ix.escapingFuncs[fn] {
		return sites, false
	}
	if fn.Parent() == nil {
		isMain := fn.Pkg.Pkg.Name() == "main"
		if token.IsExported(fn.Name()) && !isMain {
			return sites, false
		}
		if fn.Signature.Recv() != nil && ix.invoked[fn.Name()] {
			return sites, false
		}
		if fn.Name() == "init" || fn.Name() == "main" && isMain {
			return sites, false
		}
	}
	return sites, true
}

// CallerArgs calls f with the argument that each call site of p's
// function in this package passes for parameter p.
func (ix *Index) CallerArgs(p *ssa.Parameter, f func(ssa.Value)) {
	sites, args, _ := ix.ParamArgs(p)
	for i := range sites {
		if args[i] != nil {
			f(args[i])
		}
	}
}

// ParamArgs returns the call sites of p's function in this package and,
// for each, the argument it passes for parameter p (nil where the site
// passes none the model can name: an interface method call, too few
// arguments). all reports that every site names its argument.
func (ix *Index) ParamArgs(p *ssa.Parameter) (sites []ssa.CallInstruction, args []ssa.Value, all bool) {
	fn := p.Parent()
	i := slices.Index(fn.Params, p)
	if i < 0 {
		return nil, nil, false
	}
	sites, _ = ix.Callers(fn)
	args = make([]ssa.Value, len(sites))
	all = true
	for k, site := range sites {
		c := site.Common()
		if c.IsInvoke() || i >= len(c.Args) {
			all = false
			continue
		}
		args[k] = c.Args[i]
	}
	return sites, args, all
}

// DirectCall returns the call (or go or defer statement) that calls the
// closure mc when that is mc's only use, or nil.
func DirectCall(mc *ssa.MakeClosure) ssa.Instruction {
	refs := mc.Referrers()
	if refs == nil {
		return nil
	}
	var use ssa.Instruction
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
			continue
		case ssa.CallInstruction:
			if r.Common().Value == mc && use == nil {
				use = r
				continue
			}
		}
		return nil
	}
	return use
}

// FieldLoads returns the loads of struct field f in this package.
func (ix *Index) FieldLoads(f *types.Var) []ssa.Value { return ix.homeLoads[Home{Field: f}] }

// GlobalLoads returns the loads of package variable g in this package.
func (ix *Index) GlobalLoads(g *ssa.Global) []ssa.Value { return ix.homeLoads[Home{V: g}] }

// ParamIndex returns the index of p among the parameters of its function
// (the receiver first), or -1.
func ParamIndex(p *ssa.Parameter) int {
	if p.Parent() == nil {
		return -1
	}
	for i, q := range p.Parent().Params {
		if q == p {
			return i
		}
	}
	return -1
}
