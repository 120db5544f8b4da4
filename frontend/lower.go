package frontend

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// sliceArg is one evaluated index or slice of an indexing expression;
// absent slice bounds are nil.
type sliceArg struct {
	fix              soac.SubExp
	isSlice          bool
	start, end, step soac.SubExp
}

func (ic *internaliser) sliceArgs(env *ienv, idx []Slice) []sliceArg {
	out := make([]sliceArg, len(idx))
	opt := func(e Exp) soac.SubExp {
		if e == nil {
			return nil
		}
		return ic.toI64(ic.exp(env, e).ses[0], e.expPos())
	}
	for i, s := range idx {
		if !s.IsSlice {
			out[i] = sliceArg{fix: ic.toI64(ic.exp(env, s.Index).ses[0], s.Index.expPos())}
			continue
		}
		out[i] = sliceArg{isSlice: true, start: opt(s.Start), end: opt(s.End), step: opt(s.Step)}
	}
	return out
}

func i64c(x int64) soac.SubExp { return soac.I64(x) }

func constI64(se soac.SubExp) (int64, bool) {
	if c, ok := se.(soac.Const); ok {
		return c.Value.Int(), true
	}
	return 0, false
}

// arith emits an i64 operation, folding constants.
func (ic *internaliser) arith(op soac.BinOp, x, y soac.SubExp, pos Pos) soac.SubExp {
	if a, ok := constI64(x); ok {
		if b, ok := constI64(y); ok {
			if r, err := soac.EvalBinOp(op, values.I64, soac.IntValue(values.I64, a), soac.IntValue(values.I64, b)); err == nil {
				return soac.Const{Value: r}
			}
		}
	}
	if b, ok := constI64(y); ok && b == 0 && (op == soac.Add || op == soac.Sub) {
		return x
	}
	if b, ok := constI64(y); ok && b == 1 && (op == soac.Mul || op == soac.Quot || op == soac.Div) {
		return x
	}
	return ic.let("d", soac.Prim(values.I64), &soac.BinOpExp{Op: op, T: values.I64, X: x, Y: y}, pos)
}

func (ic *internaliser) cmpI64(op soac.CmpOp, x, y soac.SubExp, pos Pos) soac.SubExp {
	return ic.let("c", soac.Prim(values.Bool), &soac.CmpOpExp{Op: op, T: values.I64, X: x, Y: y}, pos)
}

// bothI64 is `x1 op1 y1 && x2 op2 y2` on i64 operands, folded where
// both comparisons are constant.
func (ic *internaliser) bothI64(op1 soac.CmpOp, x1, y1 soac.SubExp, op2 soac.CmpOp, x2, y2 soac.SubExp, pos Pos) soac.SubExp {
	return ic.logic(soac.LogAnd, ic.cmpConstI64(op1, x1, y1, pos), ic.cmpConstI64(op2, x2, y2, pos), pos)
}

// cmpConstI64 is cmpI64, folded when both operands are constants.
func (ic *internaliser) cmpConstI64(op soac.CmpOp, x, y soac.SubExp, pos Pos) soac.SubExp {
	if a, ok := constI64(x); ok {
		if b, ok := constI64(y); ok {
			return soac.Const{Value: soac.BoolValue(soac.EvalCmpOp(op, values.I64, soac.IntValue(values.I64, a), soac.IntValue(values.I64, b)))}
		}
	}
	return ic.cmpI64(op, x, y, pos)
}

// logic is x op y on booleans (LogAnd or LogOr), folded where an operand
// is constant.
func (ic *internaliser) logic(op soac.BinOp, x, y soac.SubExp, pos Pos) soac.SubExp {
	for _, p := range [][2]soac.SubExp{{x, y}, {y, x}} {
		if c, ok := p[0].(soac.Const); ok {
			if c.Value.Bool() == (op == soac.LogOr) {
				return c
			}
			return p[1]
		}
	}
	return ic.let("c", soac.Prim(values.Bool), &soac.BinOpExp{Op: op, T: values.Bool, X: x, Y: y}, pos)
}

// selectI64 is `if c then a else b` on i64 operands.
func (ic *internaliser) selectI64(c, a, b soac.SubExp, pos Pos) soac.SubExp {
	if soac.SameSubExp(a, b) {
		return a
	}
	return ic.let("sel", soac.Prim(values.I64), &soac.IfExp{Cond: c, Then: &soac.Body{Result: []soac.SubExp{a}}, Else: &soac.Body{Result: []soac.SubExp{b}}, Types: []soac.Type{soac.Prim(values.I64)}}, pos)
}

// dimIndex computes the IR slice of one dimension of size n.
func (ic *internaliser) dimIndex(s sliceArg, n soac.SubExp, pos Pos) soac.DimIndex {
	if !s.isSlice {
		return soac.DimIndex{Fix: s.fix}
	}
	step := s.step
	if step == nil {
		step = i64c(1)
	}
	var start, end soac.SubExp
	if st, ok := constI64(step); ok {
		start, end = s.start, s.end
		if st > 0 {
			if start == nil {
				start = i64c(0)
			}
			if end == nil {
				end = n
			}
		} else {
			if start == nil {
				start = ic.arith(soac.Sub, n, i64c(1), pos)
			}
			if end == nil {
				end = i64c(-1)
			}
		}
	} else {
		pos0 := ic.cmpI64(soac.Lt, i64c(0), step, pos)
		start, end = s.start, s.end
		if start == nil {
			start = ic.selectI64(pos0, i64c(0), ic.arith(soac.Sub, n, i64c(1), pos), pos)
		}
		if end == nil {
			end = ic.selectI64(pos0, n, i64c(-1), pos)
		}
	}
	// With stride 1 the count is end - start, and a[::-1] has a's size:
	// the size expressions the checker gives such slices (j - i, n), so
	// that a map returning them has a result size known outside it.
	if st, ok := constI64(step); ok && st == 1 {
		return soac.DimIndex{Start: start, N: ic.arith(soac.Sub, end, start, pos), Stride: step}
	}
	if st, ok := constI64(step); ok && st == -1 && s.start == nil && s.end == nil {
		return soac.DimIndex{Start: start, N: n, Stride: step}
	}
	// count = (end - start + step - sgn step) quot step
	var sgn soac.SubExp
	if st, ok := constI64(step); ok {
		if st > 0 {
			sgn = i64c(1)
		} else {
			sgn = i64c(-1)
		}
	} else {
		sgn = ic.let("sgn", soac.Prim(values.I64), &soac.UnOpExp{Op: soac.Signum, T: values.I64, X: step}, pos)
	}
	num := ic.arith(soac.Sub, ic.arith(soac.Add, ic.arith(soac.Sub, end, start, pos), step, pos), sgn, pos)
	// A zero stride is out of bounds, as in Futhark: its count is -1,
	// which the slice's bounds check refuses (rather than a division by
	// zero).
	var count soac.SubExp
	if st, ok := constI64(step); ok {
		if st == 0 {
			count = i64c(-1)
		} else {
			count = ic.arith(soac.Quot, num, step, pos)
		}
	} else {
		zero := ic.cmpI64(soac.Eq, step, i64c(0), pos)
		count = ic.arith(soac.Quot, num, ic.selectI64(zero, i64c(1), step, pos), pos)
		count = ic.selectI64(zero, i64c(-1), count, pos)
	}
	return soac.DimIndex{Start: start, N: count, Stride: step}
}

// index indexes or slices every component of x.
func (ic *internaliser) index(x ival, idx []sliceArg, pos Pos) ival {
	slicing := false
	for _, s := range idx {
		slicing = slicing || s.isSlice
	}
	var out ival
	if !slicing {
		for _, arr := range x.ses {
			at := ic.typeOf(arr)
			rt := soac.Type{Elem: at.Elem, Shape: at.Shape[len(idx):]}
			out.ses = append(out.ses, ic.let("elem", rt, &soac.IndexExp{Arr: arr.(soac.Var).Name, Indices: fixes(idx), Pos: pos}, pos))
		}
		return out
	}
	if len(x.ses) == 0 {
		return out
	}
	dims := ic.dimIndices(ic.typeOf(x.ses[0]), idx, pos)
	for _, arr := range x.ses {
		at := ic.typeOf(arr)
		var shape []soac.SubExp
		for _, d := range dims {
			if d.Fix == nil {
				shape = append(shape, d.N)
			}
		}
		shape = append(shape, at.Shape[len(dims):]...)
		out.ses = append(out.ses, ic.let("slice", soac.Type{Elem: at.Elem, Shape: shape}, &soac.SliceExp{Arr: arr.(soac.Var).Name, Slice: dims, Pos: pos}, pos))
	}
	return out
}

func fixes(idx []sliceArg) []soac.SubExp {
	out := make([]soac.SubExp, len(idx))
	for i, s := range idx {
		out[i] = s.fix
	}
	return out
}

func (ic *internaliser) dimIndices(at soac.Type, idx []sliceArg, pos Pos) []soac.DimIndex {
	dims := make([]soac.DimIndex, len(idx))
	for i, s := range idx {
		dims[i] = ic.dimIndex(s, at.Shape[i], pos)
	}
	return dims
}

// update is the in-place update of every component of x.
func (ic *internaliser) update(x ival, idx []sliceArg, v ival, pos Pos) ival {
	var out ival
	if len(x.ses) == 0 {
		return out
	}
	dims := ic.dimIndices(ic.typeOf(x.ses[0]), idx, pos)
	for k, arr := range x.ses {
		at := ic.typeOf(arr)
		out.ses = append(out.ses, ic.let("upd", at, &soac.UpdateExp{Arr: arr.(soac.Var).Name, Slice: dims, Value: v.ses[k], Pos: pos}, pos))
	}
	return out
}

// rangeExp lowers a..b, a..<b, a..>b and their forms with a second
// element to iota.
func (ic *internaliser) rangeExp(env *ienv, e *RangeExp) ival {
	t := ic.primOf(e.Start)
	a := ic.exp(env, e.Start).ses[0]
	b := ic.exp(env, e.End).ses[0]
	a64, b64 := ic.toI64(a, e.Pos), ic.toI64(b, e.Pos)
	var step, second soac.SubExp
	switch {
	case e.Second != nil:
		second = ic.toI64(ic.exp(env, e.Second).ses[0], e.Pos)
		step = ic.arith(soac.Sub, second, a64, e.Pos)
	case e.EndKind == "..>":
		step = i64c(-1)
	default:
		step = i64c(1)
	}
	diff := ic.arith(soac.Sub, b64, a64, e.Pos)
	// A range is valid when its step points from the start towards the
	// end (or the end is the start): an inclusive range may go either
	// way, a..<b only up and a..>b only down, and the step is never zero.
	// The count divides by a step made non-zero, so that a zero step is
	// reported as an invalid range rather than a division by zero.
	up := func() soac.SubExp { return ic.bothI64(soac.Lt, i64c(0), step, soac.Le, i64c(0), diff, e.Pos) }
	down := func() soac.SubExp { return ic.bothI64(soac.Lt, step, i64c(0), soac.Le, diff, i64c(0), e.Pos) }
	var ok soac.SubExp
	switch e.EndKind {
	case "..":
		ok = ic.logic(soac.LogOr, up(), down(), e.Pos)
	case "..<":
		ok = up()
	case "..>":
		ok = down()
	}
	div := step
	if _, isConst := constI64(step); !isConst {
		div = ic.selectI64(ic.cmpI64(soac.Eq, step, i64c(0), e.Pos), i64c(1), step, e.Pos)
	}
	var n soac.SubExp
	switch e.EndKind {
	case "..":
		n = ic.arith(soac.Add, ic.arith(soac.Quot, diff, div, e.Pos), i64c(1), e.Pos)
	case "..<":
		n = ic.arith(soac.Quot, ic.arith(soac.Sub, ic.arith(soac.Add, diff, div, e.Pos), i64c(1), e.Pos), div, e.Pos)
	case "..>":
		n = ic.arith(soac.Quot, ic.arith(soac.Add, ic.arith(soac.Add, diff, div, e.Pos), i64c(1), e.Pos), div, e.Pos)
	}
	if v, isConst := ok.(soac.Const); !isConst || !v.Value.Bool() {
		// Futhark reports the range with its values: "Range 5..<1 is
		// invalid."
		args := []soac.SubExp{a64}
		msg := "Range %d"
		if e.Second != nil {
			args = append(args, second)
			msg += "..%d"
		}
		args = append(args, b64)
		msg += soac.EscapeFormat(e.EndKind)
		if e.EndKind == ".." {
			msg += "."
		}
		msg += "%d is invalid."
		ic.let("check", soac.Prim(values.Bool), &soac.AssertExp{Cond: ok, Msg: msg, Args: args, Pos: e.Pos}, e.Pos)
	}
	var stepT soac.SubExp = step
	if c, ok := step.(soac.Const); ok {
		stepT = soac.Const{Value: soac.Convert(c.Value, t)}
	} else {
		stepT = ic.let("step", soac.Prim(t), &soac.ConvOpExp{From: values.I64, To: t, X: step}, e.Pos)
	}
	return scalar(ic.let("range", soac.Array(t, n), &soac.IotaExp{N: n, Start: a, Step: stepT, T: t}, e.Pos))
}

// coerce checks at run time that v has the sizes of type t (e :> t) and
// gives it those sizes.
func (ic *internaliser) coerce(env *ienv, v ival, t Type, pos Pos) ival {
	switch t := t.(type) {
	case TArray:
		var target []soac.SubExp
		for _, d := range t.Dims {
			switch {
			case d.Name != "":
				if s, ok := env.lookup(d.Name); ok && len(s.ses) == 1 {
					target = append(target, s.ses[0])
				} else {
					target = append(target, nil)
				}
			case d.Known:
				target = append(target, i64c(d.Const))
			case d.Exp != nil:
				target = append(target, ic.exp(env, d.Exp).ses[0])
			default:
				target = append(target, nil)
			}
		}
		if len(v.ses) == 0 {
			return v
		}
		shape := ic.typeOf(v.ses[0]).Shape
		changed := false
		newShape := append([]soac.SubExp(nil), shape...)
		for i, d := range target {
			if d == nil || i >= len(shape) || soac.SameSubExp(d, shape[i]) {
				continue
			}
			ic.assertEq(shape[i], d, fmt.Sprintf("size mismatch: value cannot be coerced to type %s", typeString(t)), pos)
			newShape[i] = d
			changed = true
		}
		if !changed {
			return v
		}
		var out ival
		for _, arr := range v.ses {
			at := ic.typeOf(arr)
			sh := append(append([]soac.SubExp(nil), newShape[:len(target)]...), at.Shape[len(target):]...)
			out.ses = append(out.ses, ic.let("coerced", soac.Type{Elem: at.Elem, Shape: sh}, &soac.ReshapeExp{Shape: sh, Arr: arr.(soac.Var).Name, Pos: pos}, pos))
		}
		return out
	case TTuple:
		var out ival
		off := 0
		for _, e := range t.Elems {
			n := ic.components(e)
			out.ses = append(out.ses, ic.coerce(env, ival{ses: v.ses[off : off+n]}, e, pos).ses...)
			off += n
		}
		return out
	case TRecord:
		var out ival
		off := 0
		for _, f := range t.Fields {
			n := ic.components(f.Type)
			out.ses = append(out.ses, ic.coerce(env, ival{ses: v.ses[off : off+n]}, f.Type, pos).ses...)
			off += n
		}
		return out
	}
	return v
}
