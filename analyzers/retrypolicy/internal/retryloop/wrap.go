package retryloop

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/setting"
)

// wrapBound recognises an exit test of a header counter against
// setting-K, or of a counter that starts at setting-K, where setting is
// unsigned and comes from a parameter (or a field of one).
func wrapBound(l *Loop, iff *ssa.If) *setting.Wrap {
	cmp, ok := iff.Cond.(*ssa.BinOp)
	if !ok {
		return nil
	}
	switch cmp.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.NEQ:
	default:
		return nil
	}
	for _, side := range [2][2]ssa.Value{{cmp.X, cmp.Y}, {cmp.Y, cmp.X}} {
		p, ok := side[0].(*ssa.Phi)
		if !ok || p.Block() != l.Header {
			continue
		}
		if w := setting.UnsignedSub(side[1]); w != nil {
			return w
		}
		// A count-down from setting-K.
		for i, e := range p.Edges {
			if !l.Contains(p.Block().Preds[i]) {
				if w := setting.UnsignedSub(e); w != nil {
					return w
				}
			}
		}
	}
	return nil
}
