package facts

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/http/httplib"
)

// maxRunsDepth bounds how many callers RunsNote goes up.
const maxRunsDepth = 6

// RunsNote says how the code at pos runs, where the package shows it, as
// a related position for a finding there: "reached from the HTTP handler
// F" when a handler of the package calls it (directly or through the
// package's functions), so that a finding on a server's request path
// stands out; "runs only from main" when it is in a command and only
// main and init reach it. ok is false when neither is visible.
func (r *Result) RunsNote(pos token.Pos) (analysis.RelatedInformation, bool) {
	fn := r.funcAt(pos)
	if fn == nil {
		return analysis.RelatedInformation{}, false
	}
	seen := map[*ssa.Function]bool{fn: true}
	queue := []*ssa.Function{fn}
	onlyMain := fn.Pkg != nil && fn.Pkg.Pkg.Name() == "main"
	var main *ssa.Function
	for depth := 0; len(queue) > 0 && depth <= maxRunsDepth; depth++ {
		var next []*ssa.Function
		for _, g := range queue {
			if httplib.IsHandler(g.Signature) {
				return analysis.RelatedInformation{Pos: g.Pos(), Message: "reached from the HTTP handler " + handlerName(g)}, true
			}
			if g.Parent() == nil && (g.Name() == "main" || g.Name() == "init") {
				if g.Name() == "main" {
					main = g
				}
				continue
			}
			callers := r.callers(g)
			if callers == nil {
				onlyMain = false
				continue
			}
			for _, c := range callers {
				if !seen[c] {
					seen[c] = true
					next = append(next, c)
				}
			}
		}
		queue = next
	}
	if len(queue) > 0 {
		onlyMain = false // deeper than followed
	}
	if onlyMain && main != nil {
		return analysis.RelatedInformation{Pos: main.Pos(), Message: "runs only from this command's main"}, true
	}
	return analysis.RelatedInformation{}, false
}

// callers returns the functions of the package that call g, or that make
// the closure g; nil when some callers cannot be seen.
func (r *Result) callers(g *ssa.Function) []*ssa.Function {
	if mc := r.Index.Closure(g); mc != nil {
		return []*ssa.Function{mc.Parent()}
	}
	if g.Parent() != nil {
		return nil // a closure used where it cannot be followed
	}
	sites, complete := r.Index.Callers(g)
	if !complete || len(sites) == 0 {
		return nil
	}
	out := make([]*ssa.Function, 0, len(sites))
	for _, s := range sites {
		out = append(out, s.Parent())
	}
	return out
}

// funcAt returns the innermost function of the package whose body holds
// pos.
func (r *Result) funcAt(pos token.Pos) *ssa.Function {
	var in *ssa.Function
	for _, fn := range r.Funcs {
		if syn := fn.Syntax(); syn != nil && syn.Pos() <= pos && pos < syn.End() {
			if in == nil || (syn.Pos() >= in.Syntax().Pos() && syn.End() <= in.Syntax().End()) {
				in = fn
			}
		}
	}
	return in
}

// handlerName names a handler for a message: F, (*T).ServeHTTP, or a
// function literal in F.
func handlerName(fn *ssa.Function) string {
	if p := fn.Parent(); p != nil {
		return "literal in " + p.Name()
	}
	if recv := fn.Signature.Recv(); recv != nil {
		return "(" + types.TypeString(recv.Type(), types.RelativeTo(fn.Pkg.Pkg)) + ")." + fn.Name()
	}
	return fn.Name()
}
