package length

import (
	"go/constant"
	"go/token"
	"go/types"
	"net/url"

	"golang.org/x/tools/go/ssa"

	"github.com/httplint/httplint/internal/ssa/valueflow"
	"github.com/httplint/httplint/internal/typeutil"
)

func (a *Estimator) bytes(f *frame, v ssa.Value) Length {
	t := v.Type()
	switch v := v.(type) {
	case *ssa.Const:
		return a.constBytes(f, v)
	case *ssa.BinOp:
		if v.Op == token.ADD && isString(t) {
			if base, st := keptConcat(v); st != nil {
				// The value a method makes longer and keeps, read
				// through the field it is kept in.
				return Length{Grow: &Growth{Coll: base, Site: st.Pos(), Step: Step{Kind: StepKept, Instr: st}}}
			}
			return Add(a.eval(f, v.X, mBytes), a.eval(f, v.Y, mBytes))
		}
	case *ssa.Phi:
		return a.phi(f, v, mBytes)
	case *ssa.Call:
		return a.callBytes(f, v, 0)
	case *ssa.Extract:
		switch tup := v.Tuple.(type) {
		case *ssa.Call:
			return a.callBytes(f, tup, v.Index)
		case *ssa.Next:
			if r, ok := tup.Iter.(*ssa.Range); ok {
				if tup.IsString {
					if v.Index == 2 {
						return Upto(4)
					}
					break
				}
				switch v.Index {
				case 1:
					return a.eval(f, r.X, mKey)
				case 2:
					return a.eval(f, r.X, mElem)
				}
			}
		case *ssa.UnOp:
			if tup.Op == token.ARROW && v.Index == 0 {
				return a.eval(f, tup.X, mElem)
			}
		case *ssa.Lookup:
			if v.Index == 0 {
				return a.eval(f, tup.X, mElem)
			}
		}
	case *ssa.Convert:
		if isByteSeq(v.X.Type()) && isByteSeq(t) {
			return a.eval(f, v.X, mBytes)
		}
		if isInteger(v.X.Type()) && isString(t) {
			return Length{Min: 1, Max: 4, Bounded: true}
		}
	case *ssa.ChangeType:
		return a.eval(f, v.X, mBytes)
	case *ssa.MakeInterface:
		return a.eval(f, v.X, mBytes)
	case *ssa.TypeAssert:
		if !v.CommaOk {
			return a.eval(f, v.X, mBytes)
		}
	case *ssa.Parameter:
		return a.param(f, v, mBytes)
	case *ssa.FreeVar:
		return a.freeVar(f, v, mBytes)
	case *ssa.UnOp:
		switch v.Op {
		case token.MUL:
			if ia, ok := v.X.(*ssa.IndexAddr); ok {
				return a.eval(f, ia.X, mElem)
			}
			return a.load(f, v, mBytes)
		case token.ARROW:
			if !v.CommaOk {
				return a.eval(f, v.X, mElem)
			}
		}
	case *ssa.Index:
		if !isString(v.X.Type()) {
			return a.eval(f, v.X, mElem)
		}
	case *ssa.Lookup:
		if !v.CommaOk && !isString(v.X.Type()) {
			return a.eval(f, v.X, mElem)
		}
	case *ssa.Slice:
		if isByteSeq(t) {
			l := a.eval(f, v.X, mBytes)
			l.Min = 0
			if n, ok := sliceBound(v); ok && (!l.Bounded || n < l.Max) && l.Grow == nil {
				l.Max, l.Bounded = n, true
			}
			return l
		}
	}
	return a.typeBytes(f, v, t)
}

// sliceBound returns the constant length of s[lo:hi] when it has one.
func sliceBound(s *ssa.Slice) (int, bool) {
	if s.High == nil {
		return 0, false
	}
	hi, ok := intConst(s.High)
	if !ok {
		return 0, false
	}
	lo := 0
	if s.Low != nil {
		if lo, ok = intConst(s.Low); !ok {
			return 0, false
		}
	}
	if hi < lo {
		return 0, false
	}
	return hi - lo, true
}

func (a *Estimator) constBytes(f *frame, c *ssa.Const) Length {
	if c.Value == nil {
		if isString(c.Type()) || isByteSeq(c.Type()) {
			l := Const(0)
			l.Safe = true
			return l
		}
		if _, ok := c.Type().Underlying().(*types.Slice); ok {
			return Const(2) // []
		}
		return a.typeBytes(f, nil, c.Type())
	}
	var s string
	switch c.Value.Kind() {
	case constant.String:
		s = constant.StringVal(c.Value)
	case constant.Int:
		s = c.Value.ExactString()
	case constant.Bool:
		s = c.Value.String()
	default:
		return a.typeBytes(f, nil, c.Type())
	}
	if isInteger(c.Type()) && !isString(c.Type()) && c.Value.Kind() == constant.Int {
		// A rune converted later is handled by Convert; here the number.
	}
	l := Const(len(s))
	l.Safe = url.QueryEscape(s) == s
	return l
}

// escaped estimates the URL query escaping of v.
func (a *Estimator) escaped(f *frame, v ssa.Value) Length {
	if s, ok := a.ix.ConstString(v); ok {
		l := Const(len(url.QueryEscape(s)))
		l.Safe = true
		return l
	}
	return Escape(a.eval(f, v, mBytes))
}

// escapedElem estimates the URL query escaping of one element of v.
func (a *Estimator) escapedElem(f *frame, v ssa.Value) Length {
	return Escape(a.eval(f, v, mElem))
}

// callBytes estimates result idx of call.
func (a *Estimator) callBytes(f *frame, call *ssa.Call, idx int) Length {
	c := &call.Call
	args := c.Args
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	if b, ok := c.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "append":
			if isByteSeq(call.Type()) && len(args) == 2 {
				return Add(a.eval(f, args[0], mBytes), a.appended(f, args[1]))
			}
		case "min", "max":
			// min/max of strings is one of them.
			if isString(call.Type()) {
				r := none
				for _, x := range args {
					r = Join(r, a.eval(f, x, mBytes))
				}
				return r
			}
		}
		return a.typeBytes(f, nil, call.Type())
	}
	fn := valueflow.StaticCallee(c)
	how := func() Step { return Step{Kind: StepWhole, Instr: call} }
	switch typeutil.FuncKey(fn) {
	case "strings.Join", "bytes.Join":
		xs := arg(0)
		l := Mul(a.countAt(f, xs, call.Block()), Add(a.eval(f, xs, mElem), a.eval(f, arg(1), mBytes)))
		return l.At(call.Pos(), how()).asBatch(xs, call.Pos(), how())
	case "strings.Repeat", "bytes.Repeat":
		if n, ok := intConst(arg(1)); ok {
			return Mul(Const(n), a.eval(f, arg(0), mBytes))
		}
		if coll := lenArg(arg(1)); coll != nil {
			return Mul(a.countAt(f, coll, call.Block()), a.eval(f, arg(0), mBytes)).At(call.Pos(), how())
		}
		return Add(Unknown, a.eval(f, arg(0), mBytes))
	case "fmt.Sprintf":
		return a.format(f, call, arg(0), arg(1), how())
	case "fmt.Sprint", "fmt.Sprintln":
		return a.format(f, call, nil, arg(0), how())
	case "strconv.Itoa":
		return a.eval(f, arg(0), mBytes)
	case "strconv.FormatInt", "strconv.FormatUint":
		if b, ok := intConst(arg(1)); ok && b >= 10 {
			l := Upto(20)
			l.Min, l.Safe = 1, true
			return l
		}
		l := Upto(65)
		l.Min, l.Safe = 1, true
		return l
	case "strconv.FormatBool":
		return basicBytes(types.Typ[types.Bool])
	case "strconv.Quote", "strconv.QuoteToASCII":
		return Add(Const(2), Mul(Const(6), a.eval(f, arg(0), mBytes)))
	case "net/url.QueryEscape", "net/url.PathEscape":
		return a.escaped(f, arg(0))
	case "net/url.QueryUnescape", "net/url.PathUnescape":
		if idx == 0 {
			l := a.eval(f, arg(0), mBytes)
			l.Min = l.Min / 3
			return l
		}
	case "net/url.Values.Encode":
		return a.object(f, arg(0), call)
	case "net/url.URL.String", "net/url.URL.Redacted", "net/url.URL.RequestURI":
		return a.urlAt(f, arg(0), call)
	case "strings.Builder.String", "bytes.Buffer.String", "bytes.Buffer.Bytes":
		return a.object(f, arg(0), call)
	case "path.Join", "path/filepath.Join":
		return a.joinPath(f, call, arg(0), how())
	case "net/url.JoinPath":
		if idx == 0 {
			return Add(a.eval(f, arg(0), mBytes), a.joinPath(f, call, arg(1), how()))
		}
	case "strings.ToLower", "strings.ToUpper", "strings.Clone", "bytes.Clone", "strings.ToValidUTF8":
		l := a.eval(f, arg(0), mBytes)
		l.Safe = l.Safe && fn.Name() != "ToValidUTF8"
		return l
	case "strings.TrimSpace", "strings.Trim", "strings.TrimLeft", "strings.TrimRight",
		"strings.TrimPrefix", "strings.TrimSuffix", "bytes.TrimSpace", "path.Base", "path.Dir":
		l := a.eval(f, arg(0), mBytes)
		l.Min = 0
		return l
	case "path.Clean":
		return Add(a.eval(f, arg(0), mBytes), Upto(1))
	case "strings.ReplaceAll", "strings.Replace":
		l := a.eval(f, arg(0), mBytes)
		if nw := a.eval(f, arg(2), mBytes); nw.Bounded && nw.Max == 0 {
			l.Min = 0
			return l
		}
		return Add(Unknown, l)
	case "encoding/hex.EncodeToString":
		l := Mul(Const(2), a.eval(f, arg(0), mBytes))
		l.Safe = true
		return l
	case "encoding/base64.Encoding.EncodeToString":
		l := a.eval(f, arg(1), mBytes)
		return Add(Mul(Const(2), l), Const(4)) // 4/3, rounded up generously
	case "encoding/json.Marshal":
		if idx == 0 {
			l := a.eval(f, arg(0), mBytes)
			if l.Bounded {
				l.Max = capped(2*l.Max + 2)
			}
			return l.At(call.Pos(), how())
		}
	}
	if r, ok := a.calleeResult(f, call, fn, idx, mBytes); ok {
		return r
	}
	t := call.Type()
	if tup, ok := t.(*types.Tuple); ok {
		if idx >= tup.Len() {
			return Unknown
		}
		t = tup.At(idx).Type()
	}
	if isCollection(t) {
		// A collection returned by unknown code, formatted.
		return a.typeBytes(f, extractOf(call, idx), t)
	}
	return a.typeBytes(f, nil, t)
}

// extractOf returns the value of result idx of call: the call itself or
// the Extract that selects it.
func extractOf(call *ssa.Call, idx int) ssa.Value {
	if _, ok := call.Type().(*types.Tuple); !ok {
		return call
	}
	if refs := call.Referrers(); refs != nil {
		for _, r := range *refs {
			if e, ok := r.(*ssa.Extract); ok && e.Index == idx {
				return e
			}
		}
	}
	return nil
}

// appended estimates the bytes appended by append(b, x...) where x is a
// string or a []byte.
func (a *Estimator) appended(f *frame, x ssa.Value) Length {
	if isString(x.Type()) {
		return a.eval(f, x, mBytes)
	}
	if elems, ok := a.varargs(x); ok {
		return Const(len(elems))
	}
	return a.eval(f, x, mBytes)
}

// varargs returns the values stored in a slice built for a variadic call
// (or a slice literal): a slice of a fresh array with one store per
// element.
func (a *Estimator) varargs(v ssa.Value) ([]ssa.Value, bool) {
	if c, ok := v.(*ssa.Const); ok && c.Value == nil {
		return nil, true
	}
	s, ok := v.(*ssa.Slice)
	if !ok || s.Low != nil || s.High != nil {
		return nil, false
	}
	alloc, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	arr, ok := deref(alloc.Type()).Underlying().(*types.Array)
	if !ok {
		return nil, false
	}
	out := make([]ssa.Value, arr.Len())
	refs := alloc.Referrers()
	if refs == nil {
		return nil, false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.IndexAddr:
			i, ok := intConst(r.Index)
			if !ok || i < 0 || i >= len(out) {
				return nil, false
			}
			for _, rr := range *r.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == r {
					out[i] = st.Val
				}
			}
		case *ssa.Slice, *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	for _, x := range out {
		if x == nil {
			return nil, false
		}
	}
	return out, true
}

// format estimates fmt.Sprint, Sprintln (format nil) and Sprintf.
func (a *Estimator) format(f *frame, call ssa.CallInstruction, format, args ssa.Value, how Step) Length {
	elems, ok := a.varargs(args)
	if !ok {
		// fmt.Sprint(xs...): each element and a separator.
		l := Mul(a.countAt(f, args, call.Block()), Add(a.eval(f, args, mElem), Const(1)))
		if format != nil {
			l = Add(a.eval(f, format, mBytes), Add(Unknown, l))
		}
		return l.At(call.Pos(), how)
	}
	argLen := func(x ssa.Value, verb rune) Length {
		if mi, ok := x.(*ssa.MakeInterface); ok {
			x = mi.X
		}
		l := a.eval(f, x, mBytes)
		switch verb {
		case 'q':
			l = Add(Const(2), Mul(Const(2), l))
			l.Safe = false
		case 'x', 'X':
			l = Mul(Const(2), l)
			l.Safe = true
		}
		return l.At(call.Pos(), how)
	}
	if format == nil {
		total := Const(0)
		total.Safe = true
		for i, x := range elems {
			if i > 0 {
				total = Add(total, Upto(1))
			}
			total = Add(total, argLen(x, 'v'))
		}
		return total
	}
	fs, ok := a.ix.ConstString(format)
	if !ok {
		total := Add(Unknown, a.eval(f, format, mBytes))
		for _, x := range elems {
			total = Add(total, argLen(x, 'v'))
		}
		return total
	}
	lit, verbs, exact := parseFormat(fs)
	total := Const(len(lit))
	total.Safe = url.QueryEscape(lit) == lit
	for i, x := range elems {
		verb := 'v'
		if i < len(verbs) {
			verb = verbs[i]
		}
		total = Add(total, argLen(x, verb))
	}
	if !exact || len(verbs) != len(elems) {
		total = Add(total, Unknown)
		total.Min = len(lit)
	}
	return total
}

// parseFormat splits a fmt format into its literal text and its verbs,
// one per argument. exact is false when widths, precisions or argument
// indexes make the estimate unreliable.
func parseFormat(s string) (lit string, verbs []rune, exact bool) {
	exact = true
	var b []byte
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b = append(b, s[i])
			continue
		}
		i++
		if i < len(s) && s[i] == '%' {
			b = append(b, '%')
			continue
		}
		for i < len(s) && (s[i] == '+' || s[i] == '-' || s[i] == '#' || s[i] == ' ' || s[i] == '0') {
			i++
		}
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.' || s[i] == '*' || s[i] == '[' || s[i] == ']') {
			exact = false
			i++
		}
		if i < len(s) {
			verbs = append(verbs, rune(s[i]))
		}
	}
	return string(b), verbs, exact
}

// joinPath estimates path.Join of the variadic slice elems.
func (a *Estimator) joinPath(f *frame, call ssa.CallInstruction, elems ssa.Value, how Step) Length {
	if xs, ok := a.varargs(elems); ok {
		total := Const(0)
		total.Safe = true
		for _, x := range xs {
			total = Add(total, Add(a.eval(f, x, mBytes), Upto(1)))
		}
		total.Safe = false
		return total
	}
	l := Mul(a.countAt(f, elems, call.Block()), Add(a.eval(f, elems, mElem), Const(1)))
	return l.At(call.Pos(), how).asBatch(elems, call.Pos(), how)
}
