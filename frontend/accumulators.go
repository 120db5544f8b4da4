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
// tuples as any array does. A write is found inside f by the stream being
// internalised, the innermost one when streams nest. A stream is lowered
//
//   - where f writes a fixed number of times, outside loops and branches,
//     and returns the accumulator it was given, to a map that computes
//     each element's writes and one scatter (hist for hist_stream) per
//     write (accStreamParallel);
//   - otherwise to a sequential loop over bs that applies f to the array
//     and each element; a write in it is an in-place update when the
//     index is within the array (an index out of bounds is ignored, as in
//     scatter), combining with op in a hist_stream.
//
// Both are Futhark's meaning of the streams: writes of scatter_stream to
// the same place leave an unspecified one of the values, and
// hist_stream's op is associative and commutative, so neither order of
// the writes matters.

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// accOp is how the writes of a stream combine: op nil is scatter's
// overwrite; ne is op's neutral element. rec, when set, records the
// writes instead of performing them (accStreamParallel).
type accOp struct {
	op  *funVal
	ne  []soac.SubExp
	rec *accRecorder
}

// accRecorder collects the writes of one application of a stream's
// function, made in the body b.
type accRecorder struct {
	b      *soac.Builder
	writes [][]soac.SubExp // index, then the value's components
}

// notStraight is the panic that abandons the recording of a write made
// under control flow (a loop, a branch) or in a nested function.
type notStraight struct{}

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
		return ic.accStream(parts[0].ses, parts[3].fn, parts[4].ses, accOp{op: parts[1].fn, ne: parts[2].ses}, pos)
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
		if r := op.rec; r != nil {
			if ic.b != r.b {
				panic(notStraight{})
			}
			r.writes = append(r.writes, append([]soac.SubExp{parts[1].ses[0]}, parts[2].ses...))
			return parts[0]
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
	if out, ok := ic.accStreamParallel(dest, f, bs, op, pos); ok {
		return out
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

// accStreamParallel is the stream as a map and scatters (or histograms),
// where f writes a fixed number of times, outside loops and branches, and
// returns the accumulator it was given: the map computes each element's
// writes, the k-th write of every element then goes into the array as
// one scatter (a histogram for hist_stream). Scatter's order among writes
// to one place is unspecified, as scatter_stream's is; hist_stream's
// operator is associative and commutative. ok is false where f does not
// have that form, for accStream's sequential loop.
func (ic *internaliser) accStreamParallel(dest []soac.SubExp, f *funVal, bs []soac.SubExp, op accOp, pos Pos) (out ival, ok bool) {
	if len(dest) == 0 {
		return ival{}, false
	}
	w := ic.typeOf(bs[0]).Shape[0]
	vts := rowTypes(ic, dest)
	saved, savedOps := ic.b, len(ic.accOps)
	defer func() {
		if r := recover(); r != nil {
			if _, abandon := r.(notStraight); !abandon {
				panic(r)
			}
			ic.b, ic.accOps = saved, ic.accOps[:savedOps]
			out, ok = ival{}, false
		}
	}()
	var writes [][]soac.SubExp
	lam := ic.lambda(rowTypes(ic, bs), func(row []soac.SubExp) []soac.SubExp {
		r := &accRecorder{b: ic.b}
		ic.accOps = append(ic.accOps, accOp{op: op.op, ne: op.ne, rec: r})
		res := ic.apply(ival{fn: f}, []ival{{ses: dest}, {ses: row}}, pos)
		ic.accOps = ic.accOps[:len(ic.accOps)-1]
		if len(res.ses) != len(dest) {
			panic(notStraight{})
		}
		for k := range dest {
			if !soac.SameSubExp(res.ses[k], dest[k]) {
				panic(notStraight{})
			}
		}
		writes = r.writes
		var flat []soac.SubExp
		for _, wr := range writes {
			flat = append(flat, wr...)
		}
		return flat
	})
	if len(writes) == 0 {
		return ival{ses: dest}, true
	}
	var rts []soac.Type
	for _, t := range lam.RetType {
		rts = append(rts, soac.Type{Elem: t.Elem, Shape: append([]soac.SubExp{w}, t.Shape...)})
	}
	cols := ic.letN("accw", rts, &soac.ScremaExp{W: w, Inputs: vnames(bs), Map: lam}, pos)
	cur := dest
	per := 1 + len(dest)
	for k := range writes {
		idx, vals := cols[k*per], cols[k*per+1:(k+1)*per]
		cur = ic.accApply(cur, w, idx, vals, vts, op, pos)
	}
	return ival{ses: cur}, true
}

// accApply writes the values vals at the indices idx (arrays of w
// elements) into the arrays cur: a scatter, or a histogram with op.
func (ic *internaliser) accApply(cur []soac.SubExp, w, idx soac.SubExp, vals []soac.SubExp, vts []soac.Type, op accOp, pos Pos) []soac.SubExp {
	dts := make([]soac.Type, len(cur))
	for k, d := range cur {
		dts[k] = ic.typeOf(d)
	}
	inputs := append(vnames([]soac.SubExp{idx}), vnames(vals)...)
	if op.op == nil {
		lam := ic.lambda(append([]soac.Type{soac.Prim(values.I64)}, vts...), func(ps []soac.SubExp) []soac.SubExp {
			var out []soac.SubExp
			for k := range vts {
				out = append(out, ps[0], ps[1+k])
			}
			return out
		})
		var dests []soac.ScatterDest
		for _, d := range cur {
			dests = append(dests, soac.ScatterDest{Arr: d.(soac.Var).Name, Rank: 1})
		}
		return ic.letN("acc", dts, &soac.ScatterExp{W: w, Inputs: inputs, Lambda: lam, Dests: dests}, pos)
	}
	n := len(vts)
	opLam := ic.lambda(append(append([]soac.Type(nil), vts...), vts...), func(ps []soac.SubExp) []soac.SubExp {
		return ic.apply(ival{fn: op.op}, []ival{{ses: ps[:n]}, {ses: ps[n:]}}, pos).ses
	})
	bucket := ic.lambda(append([]soac.Type{soac.Prim(values.I64)}, vts...), func(ps []soac.SubExp) []soac.SubExp { return ps })
	e := &soac.HistExp{W: w, Inputs: inputs, Bucket: bucket,
		Ops: []soac.HistOp{{Bins: ic.typeOf(cur[0]).Shape[0], Dests: vnames(cur), Neutral: op.ne, Op: opLam}}}
	return ic.letN("acc", dts, e, pos)
}
