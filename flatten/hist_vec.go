package flatten

import (
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file turns a histogram whose operator is vectorised into a
// histogram of scalars, the histogram counterpart of rule G5. K-means'
//
//	reduce_by_index (replicate k (replicate d 0)) (map2 (+)) (replicate d 0) is rows
//
// updates a whole row [d] of a bin per element: one lock per bin, taken
// by every work-item whose element falls in it (a few bins for a million
// points: the work-items wait for each other in turn), and each work-item
// reads a row of the input (uncoalesced). Element (i, j) of the rows
// updates element j of bin is[i] independently of the others, so the
// histogram is one over the flat space of n*d elements, whose bin index
// is is[i]*d + j into the k*d destination seen as one dimension:
//
//	dest_flat = reshape [k*d] dest
//	hist_flat = seghist (g < n*d) op (k*d) (dest_flat) (scalar op)
//	              body { i = g / d; j = g % d; bin = is[i];
//	                     in {(0 <= bin < k) ? bin*d + j : -1, rows[i, j]} }
//	result    = reshape [k][d] hist_flat
//
// The scalar operator can then use atomics (and local-memory
// sub-histograms when k*d is small), and neighbouring work-items read
// neighbouring elements of the rows.

// flatHist returns the statements computing the top-level hist of s as a
// scalar histogram (see above) into arrays, or nil when the hist has not
// that form: one operator with one destination of rank 2 whose operator
// is a map of a scalar operator with a replicated scalar neutral element,
// and whose bucket lambda returns, as the value, a row of one of its
// inputs unchanged (a row computed per element would be recomputed for
// each of its elements).
func (f *flattener) flatHist(s *soac.Stm, arrays []soac.Param) []*soac.Stm {
	e := s.Exp.(*soac.HistExp)
	if len(e.Ops) != 1 || len(e.Ops[0].Dests) != 1 || len(arrays) != 1 || arrays[0].Type.Rank() != 2 {
		return nil
	}
	op := e.Ops[0]
	m := f.vectorised([]soac.Reduce{{Op: op.Op, Neutral: op.Neutral}})
	if m == nil || len(m.nes[0]) != 1 {
		return nil
	}
	res := e.Bucket.Body.Result
	if len(res) != 2 {
		return nil
	}
	rv, ok := res[1].(soac.Var)
	if !ok {
		return nil
	}
	row := -1
	for k, p := range e.Bucket.Params {
		if p.Name == rv.Name && p.Type.Rank() == 1 {
			row = k
		}
	}
	if row < 0 {
		return nil
	}
	// The row must not be used otherwise: it is not bound any more.
	if soac.FreeInBody(&soac.Body{Stms: e.Bucket.Body.Stms, Result: res[:1]})[rv.Name] {
		return nil
	}
	pos := s.Pos
	i64 := values.I64
	t := arrays[0].Type
	d := t.Shape[1]
	elem := soac.Prim(t.Elem)
	var out []*soac.Stm
	bind := func(stms *[]*soac.Stm, base string, ty soac.Type, x soac.Exp) soac.SubExp {
		p := f.freshParam(soac.VName(base), ty)
		*stms = append(*stms, &soac.Stm{Pat: []soac.Param{p}, Exp: x, Pos: pos})
		return soac.Var{Name: p.Name}
	}
	kd := bind(&out, "kd", soac.Prim(i64), &soac.BinOpExp{Op: soac.Mul, T: i64, X: op.Bins, Y: d})
	nd := bind(&out, "nd", soac.Prim(i64), &soac.BinOpExp{Op: soac.Mul, T: i64, X: e.W, Y: d})
	flatT := soac.Type{Elem: t.Elem, Shape: []soac.SubExp{kd}}
	destFlat := bind(&out, string(suffixed(op.Dests[0], "flat")), flatT, &soac.ReshapeExp{Shape: []soac.SubExp{kd}, Arr: op.Dests[0], Pos: pos})

	// The body: the element's row and column, the bucket lambda's
	// statements on row i of its inputs, and the flat bin.
	g := f.fresh("gtid")
	var body []*soac.Stm
	gv := soac.Var{Name: g}
	i := bind(&body, "i", soac.Prim(i64), &soac.BinOpExp{Op: soac.Quot, T: i64, X: gv, Y: d})
	j := bind(&body, "j", soac.Prim(i64), &soac.BinOpExp{Op: soac.Rem, T: i64, X: gv, Y: d})
	var v soac.SubExp
	for k, p := range e.Bucket.Params {
		if k == row {
			v = bind(&body, "v", elem, &soac.IndexExp{Arr: e.Inputs[k], Indices: []soac.SubExp{i, j}, Pos: pos})
			continue
		}
		body = append(body, &soac.Stm{Pat: []soac.Param{p}, Exp: &soac.IndexExp{Arr: e.Inputs[k], Indices: []soac.SubExp{i}, Pos: pos}, Pos: pos})
	}
	body = append(body, e.Bucket.Body.Stms...)
	bin := res[0]
	lo := bind(&body, "lo", soac.Prim(values.Bool), &soac.CmpOpExp{Op: soac.Le, T: i64, X: soac.I64(0), Y: bin})
	hi := bind(&body, "hi", soac.Prim(values.Bool), &soac.CmpOpExp{Op: soac.Lt, T: i64, X: bin, Y: op.Bins})
	in := bind(&body, "inb", soac.Prim(values.Bool), &soac.BinOpExp{Op: soac.LogAnd, T: values.Bool, X: lo, Y: hi})
	var then []*soac.Stm
	bd := bind(&then, "bd", soac.Prim(i64), &soac.BinOpExp{Op: soac.Mul, T: i64, X: bin, Y: d})
	fb := bind(&then, "fb", soac.Prim(i64), &soac.BinOpExp{Op: soac.Add, T: i64, X: bd, Y: j})
	flatBin := bind(&body, "fbin", soac.Prim(i64), &soac.IfExp{
		Cond:  in,
		Then:  &soac.Body{Stms: then, Result: []soac.SubExp{fb}},
		Else:  &soac.Body{Result: []soac.SubExp{soac.I64(-1)}},
		Types: []soac.Type{soac.Prim(i64)},
	})
	hflat := f.freshParam(suffixed(arrays[0].Name, "flat"), flatT)
	out = append(out, &soac.Stm{Pat: []soac.Param{hflat}, Exp: &soac.SegHistExp{
		Level: soac.LevelThread,
		Space: []soac.SegDim{{Index: g, N: nd}},
		Ops:   []soac.HistOp{{Bins: kd, Dests: []soac.VName{destFlat.(soac.Var).Name}, Neutral: m.nes[0], Op: m.ops[0]}},
		Body:  &soac.Body{Stms: body, Result: []soac.SubExp{flatBin, v}},
		Types: []soac.Type{soac.Prim(i64), elem},
	}, Pos: pos})
	out = append(out, &soac.Stm{Pat: arrays, Exp: &soac.ReshapeExp{Shape: t.Shape, Arr: hflat.Name, Pos: pos}, Pos: pos})
	return out
}
