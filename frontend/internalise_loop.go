package frontend

// Loops: for, for-in and while loops lowered to the IR loop, with the
// loop parameters' sizes made existential where the body may change
// them. One function, but a long one whose size handling differs from
// the other expressions', hence its own file.

import (
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

func (ic *internaliser) loop(env *ienv, e *LoopExp) ival {
	init := ic.exp(env, e.Init)
	// Sizes named by the loop parameter's type annotation, as in
	// loop (acc: [m]i32) = ..., are the sizes of the loop state: the
	// initial value and the body's result are checked to have them at
	// run time (where not provably the same) and keep them, rather than
	// becoming existential.
	declared := ic.wantShapes(init.ses, ic.declType(ic.chk.patTypes[e.Pat]), ic.sizeResolver(env, nil))
	const declMsg = "size mismatch: the loop state does not have the sizes of the loop parameter's declared type"
	init.ses = ic.coerceShapeTo(init.ses, declared, declMsg, e.Pos)
	initTs := make([]soac.Type, len(init.ses))
	for i, se := range init.ses {
		initTs[i] = ic.typeOf(se)
	}
	// What the loop form needs from the enclosing body is computed once.
	var bound, condInit soac.SubExp
	var bt values.PrimType
	var arr ival
	switch {
	case e.ForBound != nil:
		bound = ic.exp(env, e.ForBound).ses[0]
		bt = ic.typeOf(bound).Elem
	case e.ForInArr != nil:
		arr = ic.exp(env, e.ForInArr)
		bound, bt = ic.typeOf(arr.ses[0]).Shape[0], values.I64
	case e.While != nil:
		// The condition is evaluated before each iteration from the merge
		// values; the IR's while-loop keeps it as an extra merge parameter.
		// Internalising the condition a second time, from the initial
		// values, gives the first test without renaming IR.
		pre := env.child()
		ic.bindPat(pre, e.Pat, init)
		condInit = ic.exp(pre, e.While).ses[0]
	}
	// A dimension of a loop-carried array keeps the initial value's size
	// when the body returns an array of that same size (as Futhark infers
	// for a loop parameter whose type does not change); the others become
	// existential sizes, extra merge parameters placed first, so that the
	// loop may change the arrays' sizes. The body is internalised with
	// every dimension invariant first and again, with the dimensions found
	// to vary made existential, until no more vary.
	exist := make([][]bool, len(init.ses))
	for i, t := range initTs {
		exist[i] = make([]bool, t.Rank())
	}
	var sizeParams, params []soac.Param
	var sizeInit []soac.SubExp
	var form soac.LoopForm
	var body *soac.Body
	for {
		sizeParams, sizeInit = nil, nil
		params = make([]soac.Param, len(init.ses))
		merge := make([]soac.SubExp, len(init.ses))
		for i, t := range initTs {
			v := ic.names.New(patName(e.Pat))
			shape := append([]soac.SubExp(nil), t.Shape...)
			for k, d := range t.Shape {
				if exist[i][k] {
					sv := ic.sizeVar("loop_d")
					sizeParams = append(sizeParams, soac.Param{Name: sv.Name, Type: soac.Prim(values.I64)})
					sizeInit = append(sizeInit, d)
					shape[k] = sv
				}
			}
			pt := soac.Type{Elem: t.Elem, Shape: shape}
			ic.types[v] = pt
			params[i] = soac.Param{Name: v, Type: pt}
			merge[i] = soac.Var{Name: v}
		}
		var res []soac.SubExp
		sizesOf := func() []soac.SubExp {
			var out []soac.SubExp
			for i, se := range res {
				shape := ic.typeOf(se).Shape
				for k, d := range shape {
					if exist[i][k] {
						out = append(out, d)
					}
				}
			}
			return out
		}
		inner := env.child()
		ic.bindPat(inner, e.Pat, ival{ses: merge})
		switch {
		case e.ForBound != nil:
			iv := ic.names.New(e.ForIndex)
			ic.types[iv] = soac.Prim(bt)
			inner.vars[e.ForIndex] = scalar(soac.Var{Name: iv})
			form = soac.ForLoop{Index: iv, T: bt, Bound: bound}
			body = ic.subBody(func() []soac.SubExp {
				res = ic.coerceShapeTo(ic.exp(inner, e.Body).ses, declared, declMsg, e.Body.expPos())
				return append(sizesOf(), res...)
			})
		case e.ForInArr != nil:
			iv := ic.names.New("i")
			ic.types[iv] = soac.Prim(values.I64)
			form = soac.ForLoop{Index: iv, T: values.I64, Bound: bound}
			body = ic.subBody(func() []soac.SubExp {
				var elem ival
				for _, a := range arr.ses {
					at := ic.typeOf(a)
					elem.ses = append(elem.ses, ic.let("x", at.RowType(), &soac.IndexExp{Arr: a.(soac.Var).Name, Indices: []soac.SubExp{soac.Var{Name: iv}}, Pos: e.Pos}, e.Pos))
				}
				ic.bindPat(inner, e.ForInPat, elem)
				res = ic.coerceShapeTo(ic.exp(inner, e.Body).ses, declared, declMsg, e.Body.expPos())
				return append(sizesOf(), res...)
			})
		case e.While != nil:
			cv := ic.names.New("cond")
			ic.types[cv] = soac.Prim(values.Bool)
			params = append([]soac.Param{{Name: cv, Type: soac.Prim(values.Bool)}}, params...)
			form = soac.WhileLoop{Cond: cv}
			body = ic.subBody(func() []soac.SubExp {
				res = ic.coerceShapeTo(ic.exp(inner, e.Body).ses, declared, declMsg, e.Body.expPos())
				next := env.child()
				ic.bindPat(next, e.Pat, ival{ses: res})
				c := ic.exp(next, e.While).ses[0]
				return append(sizesOf(), append([]soac.SubExp{c}, res...)...)
			})
		}
		changed := false
		for i, se := range res {
			shape := ic.typeOf(se).Shape
			for k, d := range shape {
				if !exist[i][k] && !soac.SameSubExp(d, initTs[i].Shape[k]) {
					exist[i][k] = true
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	allInit := append([]soac.SubExp(nil), sizeInit...)
	if condInit != nil {
		allInit = append(allInit, condInit)
	}
	allInit = append(allInit, init.ses...)
	allParams := append(append([]soac.Param(nil), sizeParams...), params...)
	ts := make([]soac.Type, len(allParams))
	for i, p := range allParams {
		ts[i] = p.Type
	}
	// The loop's results have the shapes of its size results.
	res := make([]soac.Var, len(ts))
	for i := range ts {
		res[i] = soac.Var{Name: ic.names.New("loop")}
	}
	rename := map[soac.VName]soac.SubExp{}
	for i, p := range sizeParams {
		rename[p.Name] = res[i]
	}
	pat := make([]soac.Param, len(res))
	out := make([]soac.SubExp, len(res))
	for i, v := range res {
		t := ts[i]
		shape := make([]soac.SubExp, len(t.Shape))
		for k, d := range t.Shape {
			shape[k] = d
			if dv, ok := d.(soac.Var); ok {
				if r, ok := rename[dv.Name]; ok {
					shape[k] = r
				}
			}
		}
		t = soac.Type{Elem: t.Elem, Shape: shape}
		pat[i] = soac.Param{Name: v.Name, Type: t}
		ic.types[v.Name] = t
		out[i] = v
	}
	ic.b.Add(&soac.Stm{Pat: pat, Exp: &soac.LoopExp{Params: allParams, Init: allInit, Form: form, Body: body}, Pos: e.Pos})
	out = out[len(sizeParams):]
	if condInit != nil {
		out = out[1:]
	}
	return ival{ses: out}
}
