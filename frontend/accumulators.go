package frontend

// Accumulators, as Futhark's tests use them through
// `import "intrinsics"` (a file beside the program that wraps Futhark's
// intrinsics module):
//
//	type~ acc 't = intrinsics.acc t
//	intrinsics.scatter_stream (dest, f, bs)       -- f: *acc t -> b -> *acc t
//	intrinsics.hist_stream (dest, op, ne, f, bs)
//	intrinsics.acc_write (acc, i, v)
//
// An accumulator stands for the array it writes into: fcc checks
// `intrinsics.acc t` as t itself (a unique array, which f consumes and
// returns), so the accumulator passes through functions, loops and
// tuples as any array does. A stream is lowered to a sequential loop over
// bs that applies f to the array and each element; a write in it is an
// in-place update when the index is within the array (an index out of
// bounds is ignored, as in scatter), combining with op in a hist_stream.
// This is Futhark's meaning of the streams: writes of scatter_stream to
// the same place are unspecified, and hist_stream's op is associative and
// commutative, so the order of the loop is one of the allowed ones. The
// loop is sequential (where Futhark runs f in parallel): a write is found
// inside f by the stream being internalised, the innermost one when
// streams nest.

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// accOp is how the writes of a stream combine: op nil is scatter's
// overwrite.
type accOp struct{ op *funVal }

func init() {
	// The element type a, the array of the accumulator [k]a and its
	// unique form.
	accTypes := func(c *checker, p Pos) (a, acc, uacc Type) {
		a = c.fresh(cAny, p)
		acc = arrD(c.freshDim(), a)
		u := acc.(TArray)
		u.Unique = true
		return a, acc, u
	}
	intrinsics["intrinsics.scatter_stream"] = intrinsic{1, func(c *checker, p Pos) Type {
		_, _, uacc := accTypes(c, p)
		b := c.fresh(cAny, p)
		return fn(TTuple{Elems: []Type{uacc, fn(uacc, b, uacc), arr(b)}}, uacc)
	}, func(ic *internaliser, e *VarExp, args []ival, pos Pos) ival {
		parts := ic.accArgs(e, args[0])
		return ic.accStream(parts[0].ses, parts[1].fn, parts[2].ses, accOp{}, pos)
	}}
	intrinsics["intrinsics.hist_stream"] = intrinsic{1, func(c *checker, p Pos) Type {
		a, _, uacc := accTypes(c, p)
		b := c.fresh(cAny, p)
		return fn(TTuple{Elems: []Type{uacc, fn(a, a, a), a, fn(uacc, b, uacc), arr(b)}}, uacc)
	}, func(ic *internaliser, e *VarExp, args []ival, pos Pos) ival {
		// The neutral element is not needed: every write combines with
		// the value already in the array.
		parts := ic.accArgs(e, args[0])
		return ic.accStream(parts[0].ses, parts[3].fn, parts[4].ses, accOp{op: parts[1].fn}, pos)
	}}
	intrinsics["intrinsics.acc_write"] = intrinsic{1, func(c *checker, p Pos) Type {
		a, _, uacc := accTypes(c, p)
		return fn(TTuple{Elems: []Type{uacc, tI64, a}}, uacc)
	}, func(ic *internaliser, e *VarExp, args []ival, pos Pos) ival {
		parts := ic.accArgs(e, args[0])
		var op accOp
		if n := len(ic.accOps); n > 0 {
			op = ic.accOps[n-1]
		}
		return ic.accWrite(parts[0].ses, parts[1].ses[0], parts[2].ses, op, pos)
	}}
}

// accArgs splits the tuple argument of an accumulator intrinsic e into
// its elements.
func (ic *internaliser) accArgs(e *VarExp, arg ival) []ival {
	ft, ok := ic.srcType(ic.chk.types[e]).(TFun)
	if !ok {
		panic(fmt.Sprintf("frontend: internalise: %s: %s is not a function", e.Pos, qualName(e.Qual, e.Name)))
	}
	tt := ft.Param.(TTuple)
	out := make([]ival, len(tt.Elems))
	off, fns := 0, arg.funs()
	for i, t := range tt.Elems {
		if _, isFun := t.(TFun); isFun {
			out[i] = ival{fn: fns[0]}
			fns = fns[1:]
			continue
		}
		n := ic.components(t)
		out[i] = ival{ses: arg.ses[off : off+n]}
		off += n
	}
	return out
}

// accStream is the loop over the elements of bs that applies f to the
// accumulator (the array dest) and each element.
func (ic *internaliser) accStream(dest []soac.SubExp, f *funVal, bs []soac.SubExp, op accOp, pos Pos) ival {
	if len(bs) == 0 {
		panic(fmt.Sprintf("frontend: internalise: %s: accumulator stream over a value without arrays", pos))
	}
	w := ic.typeOf(bs[0]).Shape[0]
	params := make([]soac.Param, len(dest))
	acc := make([]soac.SubExp, len(dest))
	want := make([][]soac.SubExp, len(dest))
	dts := make([]soac.Type, len(dest))
	for k, d := range dest {
		dts[k] = ic.typeOf(d)
		v := ic.names.New("acc")
		ic.types[v] = dts[k]
		params[k] = soac.Param{Name: v, Type: dts[k]}
		acc[k] = soac.Var{Name: v}
		want[k] = dts[k].Shape
	}
	i := ic.names.New("i")
	ic.types[i] = soac.Prim(values.I64)
	body := ic.subBody(func() []soac.SubExp {
		var row []soac.SubExp
		for _, b := range bs {
			bt := ic.typeOf(b)
			row = append(row, ic.let("x", bt.RowType(), &soac.IndexExp{Arr: b.(soac.Var).Name, Indices: []soac.SubExp{soac.Var{Name: i}}, Pos: pos}, pos))
		}
		ic.accOps = append(ic.accOps, op)
		res := ic.apply(ival{fn: f}, []ival{{ses: acc}, {ses: row}}, pos)
		ic.accOps = ic.accOps[:len(ic.accOps)-1]
		return ic.coerceShapeTo(res.ses, want, "size mismatch: the accumulator function changed the size of the accumulator", pos)
	})
	loop := &soac.LoopExp{Params: params, Init: dest, Form: soac.ForLoop{Index: i, T: values.I64, Bound: w}, Body: body}
	return ival{ses: ic.letN("acc", dts, loop, pos)}
}

// accWrite writes v at index i of the accumulator acc, combining with
// what is there when op has an operator; an index out of bounds leaves
// the accumulator as it is.
func (ic *internaliser) accWrite(acc []soac.SubExp, i soac.SubExp, v []soac.SubExp, op accOp, pos Pos) ival {
	if len(acc) == 0 {
		return ival{}
	}
	ts := make([]soac.Type, len(acc))
	for k, a := range acc {
		ts[k] = ic.typeOf(a)
	}
	n := ts[0].Shape[0]
	inBounds := ic.bothI64(soac.Le, soac.I64(0), i, soac.Lt, i, n, pos)
	write := ic.subBody(func() []soac.SubExp {
		val := v
		if op.op != nil {
			cur := make([]soac.SubExp, len(acc))
			for k, a := range acc {
				cur[k] = ic.let("cur", ts[k].RowType(), &soac.IndexExp{Arr: a.(soac.Var).Name, Indices: []soac.SubExp{i}, Pos: pos}, pos)
			}
			val = ic.apply(ival{fn: op.op}, []ival{{ses: cur}, {ses: v}}, pos).ses
		}
		out := make([]soac.SubExp, len(acc))
		for k, a := range acc {
			out[k] = ic.let("upd", ts[k], &soac.UpdateExp{Arr: a.(soac.Var).Name, Slice: []soac.DimIndex{{Fix: i}}, Value: val[k], Pos: pos}, pos)
		}
		return out
	})
	keep := &soac.Body{Result: append([]soac.SubExp(nil), acc...)}
	return ival{ses: ic.letN("acc", ts, &soac.IfExp{Cond: inBounds, Then: write, Else: keep, Types: ts}, pos)}
}
