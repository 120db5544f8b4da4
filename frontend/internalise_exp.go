package frontend

// Expressions: the lowering of a checked expression to IR statements
// (exp), with if-then-else and its existential sizes, binary operators
// and operator sections, structural equality of arrays, tuples and
// records, and array literals. Function values and applications are in
// internalise_fun.go, sizes in internalise_size.go, loops in
// internalise_loop.go.

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

func (ic *internaliser) exp(env *ienv, e Exp) ival {
	switch e := e.(type) {
	case *IntLit:
		t := ic.primOf(e)
		if t.IsFloat() {
			return scalar(soac.Const{Value: soac.FloatValue(t, float64(e.Value))})
		}
		return scalar(soac.Const{Value: soac.IntValue(t, int64(e.Value))})
	case *FloatLit:
		return scalar(soac.Const{Value: soac.FloatValue(ic.primOf(e), e.Value)})
	case *BoolLit:
		return scalar(soac.Const{Value: soac.BoolValue(e.Value)})
	case *StringLit:
		bs := []byte(e.Value)
		elems := make([]soac.SubExp, len(bs))
		for i, b := range bs {
			elems[i] = soac.Const{Value: soac.IntValue(values.U8, int64(b))}
		}
		return scalar(ic.let("str", soac.Array(values.U8, soac.I64(int64(len(bs)))), &soac.ArrayLitExp{Elems: elems, RowType: soac.Prim(values.U8)}, e.Pos))
	case *VarExp:
		return ic.varExp(env, e)
	case *ParenExp:
		return ic.exp(env, e.X)
	case *AttrExp:
		return ic.attrExp(env, e)
	case *AscriptExp:
		return ic.exp(env, e.X)
	case *CoerceExp:
		return ic.coerce(env, ic.exp(env, e.X), ic.declType(ic.chk.types[e]), e.Pos)
	case *ApplyExp:
		f := ic.exp(env, e.Fn)
		args := make([]ival, len(e.Args))
		for i, a := range e.Args {
			args[i] = ic.exp(env, a)
		}
		return ic.apply(f, args, e.Pos)
	case *BinOpExp:
		return ic.binOp(env, e)
	case *NegateExp:
		x := ic.exp(env, e.X)
		t := ic.primOf(e)
		if c, ok := x.ses[0].(soac.Const); ok {
			if r, err := soac.EvalUnOp(soac.Neg, t, c.Value); err == nil {
				return scalar(soac.Const{Value: r})
			}
		}
		return scalar(ic.let("neg", soac.Prim(t), &soac.UnOpExp{Op: soac.Neg, T: t, X: x.ses[0]}, e.Pos))
	case *NotExp:
		x := ic.exp(env, e.X)
		t := ic.primOf(e)
		op := soac.Complement
		if t == values.Bool {
			op = soac.Not
		}
		return scalar(ic.let("not", soac.Prim(t), &soac.UnOpExp{Op: op, T: t, X: x.ses[0]}, e.Pos))
	case *OpSectionExp:
		return ic.opSection(env, e)
	case *ProjectSectionExp:
		t := ic.typeOfExp(e).(TFun).Param
		return ival{fn: &funVal{arity: 1, call: func(ic *internaliser, a []ival, pos Pos) ival {
			v, vt := a[0], t
			for _, f := range e.Fields {
				v, vt = ic.projectVal(v, vt, f)
			}
			return v
		}}}
	case *IndexSectionExp:
		idx := ic.sliceArgs(env, e.Indices)
		return ival{fn: &funVal{arity: 1, call: func(ic *internaliser, a []ival, pos Pos) ival {
			return ic.index(a[0], idx, e.Pos)
		}}}
	case *LambdaExp:
		return ic.lambdaVal(env, e.Params, e.Body, nil, ic.chk.retTypes[e], "the lambda")
	case *TupleExp:
		var out ival
		for _, x := range e.Elems {
			v := ic.exp(env, x)
			out.ses = append(out.ses, v.ses...)
			out.fns = append(out.fns, v.funs()...)
		}
		return out
	case *RecordExp:
		vals := map[string]ival{}
		for _, f := range e.Fields {
			vals[f.Name] = ic.exp(env, f.Exp)
		}
		var out ival
		switch t := ic.typeOfExp(e).(type) {
		case TRecord:
			for _, f := range t.Fields {
				out.ses = append(out.ses, vals[f.Name].ses...)
				out.fns = append(out.fns, vals[f.Name].funs()...)
			}
		case TTuple:
			for i := range t.Elems {
				out.ses = append(out.ses, vals[fmt.Sprint(i)].ses...)
				out.fns = append(out.fns, vals[fmt.Sprint(i)].funs()...)
			}
		}
		return out
	case *ProjectExp:
		if q, ok := ic.chk.qualified[e]; ok {
			return ic.varExp(env, q)
		}
		x := ic.exp(env, e.X)
		v, _ := ic.projectVal(x, ic.typeOfExp(e.X), e.Field)
		return v
	case *RecordUpdateExp:
		x := ic.exp(env, e.X)
		v := ic.exp(env, e.Value)
		t := ic.typeOfExp(e.X)
		base, fbase := 0, 0
		for _, f := range e.Fields {
			off, _, ft := ic.projectRange(t, f)
			base += off
			fbase += funOffset(t, f)
			t = ft
		}
		out := append([]soac.SubExp(nil), x.ses...)
		copy(out[base:], v.ses)
		fns := append([]*funVal(nil), x.funs()...)
		copy(fns[fbase:], v.funs())
		if _, isFun := t.(TFun); isFun && len(e.Fields) == 0 {
			return v
		}
		return ival{ses: out, fns: fns}
	case *ArrayLitExp:
		return ic.arrayLit(env, e)
	case *RangeExp:
		return ic.rangeExp(env, e)
	case *IndexExp:
		x := ic.exp(env, e.X)
		v := ic.index(x, ic.sliceArgs(env, e.Indices), e.Pos)
		if ic.components(ic.typeOfExp(e)) == 0 {
			// An element of an array of (): the bounds are checked, the
			// placeholder's bool is not the value.
			return ival{}
		}
		return v
	case *UpdateExp:
		x := ic.exp(env, e.X)
		idx := ic.sliceArgs(env, e.Indices)
		v := ic.exp(env, e.Value)
		return ic.update(x, idx, v, e.Pos)
	case *LetWithExp:
		x, _ := env.lookup(e.Name)
		idx := ic.sliceArgs(env, e.Indices)
		v := ic.exp(env, e.Value)
		inner := env.child()
		inner.vars[e.Name] = ic.update(x, idx, v, e.Pos)
		return ic.exp(inner, e.Body)
	case *LetExp:
		v := ic.exp(env, e.Value)
		inner := env.child()
		ic.bindPat(inner, e.Pat, v)
		if len(e.Sizes) > 0 {
			sizes := map[string]bool{}
			for _, n := range e.Sizes {
				sizes[n] = true
			}
			ic.bindSizes(inner, ic.declType(ic.chk.patTypes[e.Pat]), v.ses, 0, sizes, e.Pos)
		}
		return ic.exp(inner, e.Body)
	case *LetFunExp:
		inner := env.child()
		inner.vars[e.Name] = ic.lambdaVal(env, e.Params, e.Value, e.TypeParams, ic.chk.retTypes[e], e.Name)
		return ic.exp(inner, e.Body)
	case *IfExp:
		cond := ic.exp(env, e.Cond).ses[0]
		if c, ok := cond.(soac.Const); ok {
			if c.Value.Bool() {
				return ic.exp(env, e.Then)
			}
			return ic.exp(env, e.Else)
		}
		return ic.ifThenElse(cond, func() []soac.SubExp { return ic.exp(env, e.Then).ses }, func() []soac.SubExp { return ic.exp(env, e.Else).ses }, e.Pos)
	case *LoopExp:
		return ic.loop(env, e)
	case *ConstrExp:
		return ic.constrExp(env, e)
	case *HoleExp:
		return ic.hole(e)
	case *MatchExp:
		return ic.match(env, e)
	case *AssertExp:
		cond := ic.exp(env, e.Cond).ses[0]
		msg := "assertion failed"
		if e.Text != "" {
			msg = "assertion is false: " + e.Text
		}
		ic.let("assert", soac.Prim(values.Bool), &soac.AssertExp{Cond: cond, Msg: soac.EscapeFormat(msg), Pos: e.Pos}, e.Pos)
		return ic.exp(env, e.X)
	}
	panic(fmt.Sprintf("frontend: internalise: %s: unsupported expression %T", e.expPos(), e))
}

// ifThenElse emits if cond then thenF() else elseF(), each branch in its
// own body.
func (ic *internaliser) ifThenElse(cond soac.SubExp, thenF, elseF func() []soac.SubExp, pos Pos) ival {
	var thenRes, elseRes []soac.SubExp
	thenB := ic.subBody(func() []soac.SubExp { thenRes = thenF(); return thenRes })
	elseB := ic.subBody(func() []soac.SubExp { elseRes = elseF(); return elseRes })
	ts, ext := ic.branchTypes(thenB, elseB, thenRes, elseRes)
	// Existential sizes come first in the pattern (and the branches'
	// results), before the arrays whose types name them, as in
	// Futhark's IR and as loops do.
	var pat []soac.Param
	var out []soac.SubExp
	var all []soac.Type
	for _, v := range ext {
		pat = append(pat, soac.Param{Name: v, Type: soac.Prim(values.I64)})
		all = append(all, soac.Prim(values.I64))
	}
	for _, t := range ts {
		v := ic.names.New("if")
		ic.types[v] = t
		pat = append(pat, soac.Param{Name: v, Type: t})
		out = append(out, soac.Var{Name: v})
	}
	all = append(all, ts...)
	ic.b.Add(&soac.Stm{Pat: pat, Exp: &soac.IfExp{Cond: cond, Then: thenB, Else: elseB, Types: all}, Pos: pos})
	return ival{ses: out}
}

// boundIn lists the names a body binds at its top level.
func boundIn(b *soac.Body) map[soac.VName]bool {
	m := map[soac.VName]bool{}
	for _, s := range b.Stms {
		for _, p := range s.Pat {
			m[p.Name] = true
		}
	}
	return m
}

// branchTypes gives the result types of an if: a dimension that differs
// between the branches, or is bound inside one, becomes an existential
// size returned by both.
func (ic *internaliser) branchTypes(thenB, elseB *soac.Body, thenRes, elseRes []soac.SubExp) ([]soac.Type, []soac.VName) {
	inThen, inElse := boundIn(thenB), boundIn(elseB)
	ts := make([]soac.Type, len(thenRes))
	var ext []soac.VName
	var extThen, extElse []soac.SubExp
	defer func() {
		// The sizes are returned first.
		thenB.Result = append(extThen, thenB.Result...)
		elseB.Result = append(extElse, elseB.Result...)
	}()
	for i := range thenRes {
		tt, et := ic.typeOf(thenRes[i]), ic.typeOf(elseRes[i])
		shape := make([]soac.SubExp, len(tt.Shape))
		for k := range tt.Shape {
			a, b := tt.Shape[k], et.Shape[k]
			if soac.SameSubExp(a, b) && !isBoundVar(a, inThen) && !isBoundVar(b, inElse) {
				shape[k] = a
				continue
			}
			// An existential size: returned as an extra result.
			v := ic.sizeVar("ext")
			extThen = append(extThen, a)
			extElse = append(extElse, b)
			shape[k] = v
			ext = append(ext, v.Name)
		}
		ts[i] = soac.Type{Elem: tt.Elem, Shape: shape}
	}
	return ts, ext
}

func isBoundVar(se soac.SubExp, m map[soac.VName]bool) bool {
	v, ok := se.(soac.Var)
	return ok && m[v.Name]
}

func scalar(se soac.SubExp) ival { return ival{ses: []soac.SubExp{se}} }

// toI64 converts an integer index or size operand to i64.
func (ic *internaliser) toI64(se soac.SubExp, pos Pos) soac.SubExp {
	t := ic.typeOf(se).Elem
	if t == values.I64 {
		return se
	}
	if c, ok := se.(soac.Const); ok {
		return soac.Const{Value: soac.Convert(c.Value, values.I64)}
	}
	return ic.let("i64", soac.Prim(values.I64), &soac.ConvOpExp{From: t, To: values.I64, X: se}, pos)
}

func (ic *internaliser) binOp(env *ienv, e *BinOpExp) ival {
	switch op := e.Op; {
	case e.Backtick:
	case op == "|>":
		x := ic.exp(env, e.L)
		return ic.apply(ic.exp(env, e.R), []ival{x}, e.Pos)
	case op == "<|":
		x := ic.exp(env, e.R)
		return ic.apply(ic.exp(env, e.L), []ival{x}, e.Pos)
	case op == "&&", op == "||":
		if info, ok := binOps[e.Op]; ok && len(e.Qual) == 0 {
			// Short-circuiting, as in Futhark.
			l := ic.exp(env, e.L).ses[0]
			var rres []soac.SubExp
			rb := ic.subBody(func() []soac.SubExp { rres = ic.exp(env, e.R).ses; return rres })
			_ = info
			short := soac.Const{Value: soac.BoolValue(e.Op == "||")}
			var thenB, elseB *soac.Body
			if e.Op == "&&" {
				thenB, elseB = rb, &soac.Body{Result: []soac.SubExp{short}}
			} else {
				thenB, elseB = &soac.Body{Result: []soac.SubExp{short}}, rb
			}
			if len(rb.Stms) == 0 {
				return scalar(ic.primBinOp(binOps[e.Op], values.Bool, l, rres[0], e.Pos))
			}
			return scalar(ic.let("sc", soac.Prim(values.Bool), &soac.IfExp{Cond: l, Then: thenB, Else: elseB, Types: []soac.Type{soac.Prim(values.Bool)}}, e.Pos))
		}
	}
	l, r := ic.exp(env, e.L), ic.exp(env, e.R)
	if info, ok := binOps[e.Op]; ok && !e.Backtick && len(e.Qual) == 0 && (e.Op == "==" || e.Op == "!=") && isStructured(ic.typeOfExp(e.L)) {
		eq := ic.structuralEq(l, r, e.Pos)
		if info.negate {
			eq = ic.let("c", soac.Prim(values.Bool), &soac.UnOpExp{Op: soac.Not, T: values.Bool, X: eq}, e.Pos)
		}
		return scalar(eq)
	}
	if info, ok := binOps[e.Op]; ok && !e.Backtick && len(e.Qual) == 0 {
		t := ic.primOf(e.L)
		return scalar(ic.primBinOp(info, t, l.ses[0], r.ses[0], e.Pos))
	}
	f := ic.varExp(env, e.opVar())
	return ic.apply(f, []ival{l, r}, e.Pos)
}

// structuralEq compares two values of one array, tuple or record type
// component by component: scalars with ==, arrays by shape and then
// element by element (arrays of different shapes are unequal).
func (ic *internaliser) structuralEq(l, r ival, pos Pos) soac.SubExp {
	var res soac.SubExp = soac.Const{Value: soac.BoolValue(true)}
	and := func(x, y soac.SubExp) soac.SubExp {
		return ic.let("c", soac.Prim(values.Bool), &soac.BinOpExp{Op: soac.LogAnd, T: values.Bool, X: x, Y: y}, pos)
	}
	andFn := ival{fn: &funVal{arity: 2, call: func(ic *internaliser, a []ival, pos Pos) ival {
		return scalar(ic.let("c", soac.Prim(values.Bool), &soac.BinOpExp{Op: soac.LogAnd, T: values.Bool, X: a[0].ses[0], Y: a[1].ses[0]}, pos))
	}}}
	for k := range l.ses {
		x, y := l.ses[k], r.ses[k]
		xt, yt := ic.typeOf(x), ic.typeOf(y)
		if len(xt.Shape) == 0 {
			res = and(res, ic.let("c", soac.Prim(values.Bool), &soac.CmpOpExp{Op: soac.Eq, T: xt.Elem, X: x, Y: y}, pos))
			continue
		}
		var sameShape soac.SubExp = soac.Const{Value: soac.BoolValue(true)}
		for d := range xt.Shape {
			if !soac.SameSubExp(xt.Shape[d], yt.Shape[d]) {
				sameShape = and(sameShape, ic.cmpI64(soac.Eq, xt.Shape[d], yt.Shape[d], pos))
			}
		}
		elem := xt.Elem
		elems := ic.subBody(func() []soac.SubExp {
			flat := func(a soac.SubExp, t soac.Type) ival {
				if len(t.Shape) == 1 {
					return scalar(a)
				}
				n := t.Shape[0]
				for _, d := range t.Shape[1:] {
					n = ic.arith(soac.Mul, n, d, pos)
				}
				// Both reshaped to the left operand's element count, which
				// the shape test has already found equal.
				return scalar(ic.let("flat", soac.Type{Elem: elem, Shape: []soac.SubExp{n}}, &soac.ReshapeExp{Shape: []soac.SubExp{n}, Arr: a.(soac.Var).Name, Pos: pos}, pos))
			}
			fx := flat(x, xt)
			fy := flat(y, soac.Type{Elem: elem, Shape: xt.Shape})
			if len(xt.Shape) == 1 && !soac.SameSubExp(xt.Shape[0], yt.Shape[0]) {
				fy = scalar(ic.let("same", soac.Type{Elem: elem, Shape: xt.Shape}, &soac.ReshapeExp{Shape: xt.Shape, Arr: y.(soac.Var).Name, Pos: pos}, pos))
			}
			eqFn := ival{fn: &funVal{arity: 2, call: func(ic *internaliser, a []ival, pos Pos) ival {
				return scalar(ic.let("c", soac.Prim(values.Bool), &soac.CmpOpExp{Op: soac.Eq, T: elem, X: a[0].ses[0], Y: a[1].ses[0]}, pos))
			}}}
			eqs := ic.mapN(eqFn, []ival{fx, fy}, pos)
			return ic.reduceOrScan("reduce_comm", andFn, scalar(soac.Const{Value: soac.BoolValue(true)}), eqs, pos).ses
		})
		var same soac.SubExp
		if c, ok := sameShape.(soac.Const); ok && c.Value.Bool() {
			for _, st := range elems.Stms {
				ic.b.Add(st)
			}
			same = elems.Result[0]
		} else {
			same = ic.let("c", soac.Prim(values.Bool), &soac.IfExp{Cond: sameShape, Then: elems, Else: &soac.Body{Result: []soac.SubExp{soac.Const{Value: soac.BoolValue(false)}}}, Types: []soac.Type{soac.Prim(values.Bool)}}, pos)
		}
		res = and(res, same)
	}
	return res
}

// primBinOp emits a built-in operator on scalars of type t.
func (ic *internaliser) primBinOp(info binOpInfo, t values.PrimType, x, y soac.SubExp, pos Pos) soac.SubExp {
	if !info.cmp {
		return ic.let("x", soac.Prim(t), &soac.BinOpExp{Op: info.op, T: t, X: x, Y: y}, pos)
	}
	if info.swap {
		x, y = y, x
	}
	r := ic.let("c", soac.Prim(values.Bool), &soac.CmpOpExp{Op: info.cmpOp, T: t, X: x, Y: y}, pos)
	if info.negate {
		r = ic.let("c", soac.Prim(values.Bool), &soac.UnOpExp{Op: soac.Not, T: values.Bool, X: r}, pos)
	}
	return r
}

func (ic *internaliser) opSection(env *ienv, e *OpSectionExp) ival {
	var fixed ival
	switch {
	case e.Left != nil:
		fixed = ic.exp(env, e.Left)
	case e.Right != nil:
		fixed = ic.exp(env, e.Right)
	}
	var opFn ival
	builtin := false
	if _, ok := binOps[e.Op]; ok && !e.Backtick && len(e.Qual) == 0 {
		builtin = true
	} else if (e.Op == "|>" || e.Op == "<|") && !e.Backtick {
		builtin = true
	} else {
		opFn = ic.varExp(env, e.opVar())
		if e.Left == nil && e.Right == nil {
			// (op) naming a definition is its value, which need not be
			// a function (a parameter named (++)).
			return opFn
		}
	}
	op := func(ic *internaliser, x, y ival, pos Pos) ival {
		if builtin {
			switch e.Op {
			case "|>":
				return ic.apply(y, []ival{x}, pos)
			case "<|":
				return ic.apply(x, []ival{y}, pos)
			}
			return scalar(ic.primBinOp(binOps[e.Op], ic.typeOf(x.ses[0]).Elem, x.ses[0], y.ses[0], pos))
		}
		return ic.apply(opFn, []ival{x, y}, pos)
	}
	switch {
	case e.Left != nil:
		return ival{fn: &funVal{arity: 1, call: func(ic *internaliser, a []ival, pos Pos) ival { return op(ic, fixed, a[0], pos) }}}
	case e.Right != nil:
		return ival{fn: &funVal{arity: 1, call: func(ic *internaliser, a []ival, pos Pos) ival { return op(ic, a[0], fixed, pos) }}}
	}
	return ival{fn: &funVal{arity: 2, call: func(ic *internaliser, a []ival, pos Pos) ival { return op(ic, a[0], a[1], pos) }}}
}

func (ic *internaliser) arrayLit(env *ienv, e *ArrayLitExp) ival {
	t := ic.typeOfExp(e).(TArray)
	rowT := rowOf(t)
	if unitElem(t) && ic.components(rowT) == 0 {
		// Rows of (): the placeholder bool array of the literal's shape
		// (unitElem); the rows are evaluated for their effects.
		elems := make([]soac.SubExp, len(e.Elems))
		for i, x := range e.Elems {
			ic.exp(env, x)
			elems[i] = soac.Const{Value: soac.BoolValue(false)}
		}
		at := soac.Type{Elem: values.Bool, Shape: []soac.SubExp{soac.I64(int64(len(e.Elems)))}}
		return ival{ses: []soac.SubExp{ic.let("arr", at, &soac.ArrayLitExp{Elems: elems, RowType: soac.Prim(values.Bool)}, e.Pos)}}
	}
	n := ic.components(rowT)
	elems := make([][]soac.SubExp, n)
	for _, x := range e.Elems {
		v := ic.exp(env, x)
		for k := 0; k < n; k++ {
			elems[k] = append(elems[k], v.ses[k])
		}
	}
	var out ival
	for k := 0; k < n; k++ {
		var rt soac.Type
		if len(elems[k]) > 0 {
			ic.shapeBlanks(elems[k], e.Pos)
			rt = ic.typeOf(elems[k][0])
			for i, x := range elems[k][1:] {
				xt := ic.typeOf(x)
				same := true
				for d := range rt.Shape {
					ic.assertEq(rt.Shape[d], xt.Shape[d], "size mismatch: the rows of an array literal must all have the same shape (irregular array)", e.Pos)
					same = same && soac.SameSubExp(rt.Shape[d], xt.Shape[d])
				}
				// Past the checks the row has the first row's shape; saying so
				// keeps the literal well typed when later passes learn that
				// the sizes differ (and the check fails at run time).
				if !same {
					elems[k][i+1] = ic.let("row", soac.Type{Elem: xt.Elem, Shape: rt.Shape}, &soac.ReshapeExp{Shape: rt.Shape, Arr: x.(soac.Var).Name, Pos: e.Pos}, e.Pos)
				}
			}
		} else {
			rt = ic.emptyRowType(rowT, k)
		}
		at := soac.Type{Elem: rt.Elem, Shape: append([]soac.SubExp{soac.I64(int64(len(e.Elems)))}, rt.Shape...)}
		out.ses = append(out.ses, ic.let("arr", at, &soac.ArrayLitExp{Elems: elems[k], RowType: rt}, e.Pos))
	}
	return out
}

// emptyRowType is the IR type of component k of an empty literal's rows;
// unknown dimensions are zero.
func (ic *internaliser) emptyRowType(t Type, k int) soac.Type {
	switch t := t.(type) {
	case TPrim:
		return soac.Prim(t.T)
	case TArray:
		var et soac.Type
		if unitElem(t) {
			et = soac.Prim(values.Bool) // the placeholder (unitElem)
		} else {
			et = ic.emptyRowType(t.Elem, k)
		}
		shape := make([]soac.SubExp, len(t.Dims))
		for i, d := range t.Dims {
			shape[i] = soac.I64(d.Const)
		}
		return soac.Type{Elem: et.Elem, Shape: append(shape, et.Shape...)}
	case TTuple:
		for _, e := range t.Elems {
			n := ic.components(e)
			if k < n {
				return ic.emptyRowType(e, k)
			}
			k -= n
		}
	case TRecord:
		for _, f := range t.Fields {
			n := ic.components(f.Type)
			if k < n {
				return ic.emptyRowType(f.Type, k)
			}
			k -= n
		}
	}
	panic(fmt.Sprintf("frontend: internalise: empty array of %s", typeString(t)))
}
