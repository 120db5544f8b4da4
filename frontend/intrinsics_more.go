package frontend

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

func uarr(t Type) Type {
	a := arrayOf(Dim{}, t).(TArray)
	a.Unique = true
	return a
}

// lambda builds an IR lambda over parameters of the given types.
func (ic *internaliser) lambda(ts []soac.Type, f func(ps []soac.SubExp) []soac.SubExp) *soac.Lambda {
	params := make([]soac.Param, len(ts))
	args := make([]soac.SubExp, len(ts))
	for i, t := range ts {
		v := ic.names.New("p")
		ic.types[v] = t
		params[i] = soac.Param{Name: v, Type: t}
		args[i] = soac.Var{Name: v}
	}
	var ret []soac.Type
	body := ic.subBody(func() []soac.SubExp {
		r := f(args)
		for _, se := range r {
			ret = append(ret, ic.typeOf(se))
		}
		return r
	})
	return &soac.Lambda{Params: params, Body: body, RetType: ret}
}

func rowTypes(ic *internaliser, ses []soac.SubExp) []soac.Type {
	out := make([]soac.Type, len(ses))
	for i, se := range ses {
		out[i] = ic.typeOf(se).RowType()
	}
	return out
}

func vnames(ses []soac.SubExp) []soac.VName {
	out := make([]soac.VName, len(ses))
	for i, se := range ses {
		out[i] = se.(soac.Var).Name
	}
	return out
}

func outer(ic *internaliser, v ival) soac.SubExp { return ic.typeOf(v.ses[0]).Shape[0] }

// sameOuter checks at run time that arrays have the same outer size and
// gives them the first one's.
func (ic *internaliser) sameOuter(w soac.SubExp, v ival, what string, pos Pos) ival {
	var out ival
	for _, se := range v.ses {
		t := ic.typeOf(se)
		if soac.SameSubExp(t.Shape[0], w) {
			out.ses = append(out.ses, se)
			continue
		}
		ic.assertEq(w, t.Shape[0], "size mismatch: "+what, pos)
		sh := append([]soac.SubExp{w}, t.Shape[1:]...)
		out.ses = append(out.ses, ic.let("coerced", soac.Type{Elem: t.Elem, Shape: sh}, &soac.ReshapeExp{Shape: sh, Arr: se.(soac.Var).Name, Pos: pos}, pos))
	}
	return out
}

func init() {
	// reduce_by_index dest f ne is as
	intrinsics["reduce_by_index"] = intrinsic{5, func(c *checker, p Pos) Type {
		a := c.fresh(cAny, p)
		return fn(uarr(a), fn(a, a, a), a, arr(tI64), arr(a), uarr(a))
	}, func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
		dest, op, ne, is, as := args[0], args[1], args[2], args[3], args[4]
		w := outer(ic, is)
		as = ic.sameOuter(w, as, "reduce_by_index: the index and value arrays differ in length", pos)
		vts := rowTypes(ic, as.ses)
		k := len(vts)
		opLam := ic.lambda(append(append([]soac.Type(nil), vts...), vts...), func(ps []soac.SubExp) []soac.SubExp {
			return ic.apply(op, []ival{{ses: ps[:k]}, {ses: ps[k:]}}, pos).ses
		})
		bucket := ic.lambda(append([]soac.Type{soac.Prim(values.I64)}, vts...), func(ps []soac.SubExp) []soac.SubExp { return ps })
		var dts []soac.Type
		for _, d := range dest.ses {
			dts = append(dts, ic.typeOf(d))
		}
		e := &soac.HistExp{W: w, Inputs: append(vnames(is.ses), vnames(as.ses)...), Bucket: bucket,
			Ops: []soac.HistOp{{Bins: outer(ic, dest), Dests: vnames(dest.ses), Neutral: ne.ses, Op: opLam}}}
		return ival{ses: ic.letN("hist", dts, e, pos)}
	}}
	for rank := 1; rank <= 3; rank++ {
		rank := rank
		name := "scatter"
		if rank > 1 {
			name = fmt.Sprintf("scatter_%dd", rank)
		}
		intrinsics[name] = intrinsic{3, func(c *checker, p Pos) Type {
			a := c.fresh(cAny, p)
			var dest Type = a
			for i := 0; i < rank; i++ {
				dest = arrayOf(c.freshDim(), dest)
			}
			d := dest.(TArray)
			d.Unique = true
			var idx Type = tI64
			if rank > 1 {
				es := make([]Type, rank)
				for i := range es {
					es[i] = tI64
				}
				idx = TTuple{Elems: es}
			}
			n := c.freshDim()
			return fn(d, arrD(n, idx), arrD(n, a), d)
		}, func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
			dest, is, vs := args[0], args[1], args[2]
			w := outer(ic, is)
			vs = ic.sameOuter(w, vs, name+": the index and value arrays differ in length", pos)
			its, vts := rowTypes(ic, is.ses), rowTypes(ic, vs.ses)
			lam := ic.lambda(append(append([]soac.Type(nil), its...), vts...), func(ps []soac.SubExp) []soac.SubExp {
				var out []soac.SubExp
				for k := range vts {
					out = append(out, ps[:rank]...)
					out = append(out, ps[rank+k])
				}
				return out
			})
			var dts []soac.Type
			var dests []soac.ScatterDest
			for _, d := range dest.ses {
				dts = append(dts, ic.typeOf(d))
				dests = append(dests, soac.ScatterDest{Arr: d.(soac.Var).Name, Rank: rank})
			}
			e := &soac.ScatterExp{W: w, Inputs: append(vnames(is.ses), vnames(vs.ses)...), Lambda: lam, Dests: dests}
			return ival{ses: ic.letN("scatter", dts, e, pos)}
		}}
	}
	intrinsics["transpose"] = intrinsic{1, func(c *checker, p Pos) Type {
		a := c.fresh(cAny, p)
		n, m := c.freshDim(), c.freshDim()
		return fn(arrD(n, arrD(m, a)), arrD(m, arrD(n, a)))
	}, func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
		var out ival
		for _, se := range args[0].ses {
			t := ic.typeOf(se)
			perm := []int{1, 0}
			for i := 2; i < t.Rank(); i++ {
				perm = append(perm, i)
			}
			sh := append([]soac.SubExp{t.Shape[1], t.Shape[0]}, t.Shape[2:]...)
			out.ses = append(out.ses, ic.let("tr", soac.Type{Elem: t.Elem, Shape: sh}, &soac.RearrangeExp{Perm: perm, Arr: se.(soac.Var).Name}, pos))
		}
		return out
	}}
	// flatten [n][m]t -> [n*m]t and unflatten [n*m]t -> [n][m]t, as in
	// Futhark's prelude; unflatten's n and m are unknown where the
	// argument's size is not a product.
	intrinsics["flatten"] = intrinsic{1, func(c *checker, p Pos) Type {
		a := c.fresh(cAny, p)
		n, m := c.freshDim(), c.freshDim()
		return fn(arrD(n, arrD(m, a)), arrD(Dim{Op: &DimOp{Op: '*', L: n, R: m}}, a))
	}, func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
		var out ival
		for _, se := range args[0].ses {
			t := ic.typeOf(se)
			n := ic.arith(soac.Mul, t.Shape[0], t.Shape[1], pos)
			sh := append([]soac.SubExp{n}, t.Shape[2:]...)
			out.ses = append(out.ses, ic.let("flat", soac.Type{Elem: t.Elem, Shape: sh}, &soac.ReshapeExp{Shape: sh, Arr: se.(soac.Var).Name, Pos: pos}, pos))
		}
		return out
	}}
	// unflatten and split take their sizes from the size expression of
	// their argument's type, as in Futhark: unflatten (xs :> [n*m]t).
	intrinsics["unflatten"] = intrinsic{1, func(c *checker, p Pos) Type {
		a := c.fresh(cAny, p)
		n, m := c.freshDim(), c.freshDim()
		// The argument's size is matched with n*m after the application
		// (dependentSize), so that an argument of a size not known to be
		// a product is not made one.
		return fn(arr(a), arrD(n, arrD(m, a)))
	}, func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
		var out ival
		if len(args[0].ses) == 0 {
			return out
		}
		d := ic.typeOf(args[0].ses[0]).Shape[0]
		n, m, ok := ic.sizeOperands(d, soac.Mul)
		if !ok {
			panic(&Diagnostic{Pos: pos, Msg: "unflatten: the size of the argument is not known to be a product n*m", Hint: "coerce the argument first: unflatten (xs :> [n*m]t)"})
		}
		for _, se := range args[0].ses {
			t := ic.typeOf(se)
			sh := append([]soac.SubExp{n, m}, t.Shape[1:]...)
			out.ses = append(out.ses, ic.let("unflat", soac.Type{Elem: t.Elem, Shape: sh}, &soac.ReshapeExp{Shape: sh, Arr: se.(soac.Var).Name, Pos: pos}, pos))
		}
		return out
	}}
	intrinsics["split"] = intrinsic{1, func(c *checker, p Pos) Type {
		a := c.fresh(cAny, p)
		return fn(arr(a), TTuple{Elems: []Type{arr(a), arr(a)}})
	}, func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
		if len(args[0].ses) == 0 {
			return ival{}
		}
		d := ic.typeOf(args[0].ses[0]).Shape[0]
		n, _, ok := ic.sizeOperands(d, soac.Add)
		if !ok {
			panic(&Diagnostic{Pos: pos, Msg: "split: the size of the argument is not known to be a sum n+m", Hint: "coerce the argument first: split (xs :> [n+m]t)"})
		}
		a := ic.index(args[0], []sliceArg{{isSlice: true, end: n}}, pos)
		b := ic.index(args[0], []sliceArg{{isSlice: true, start: n}}, pos)
		return ival{ses: append(a.ses, b.ses...)}
	}}
	intrinsics["concat"] = intrinsic{2, func(c *checker, p Pos) Type {
		a := c.fresh(cAny, p)
		n, m := c.freshDim(), c.freshDim()
		res := arrD(Dim{Add: []Dim{n, m}}, a).(TArray)
		res.Unique = true
		return fn(arrD(n, a), arrD(m, a), res)
	}, func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
		x, y := args[0], args[1]
		var out ival
		for k := range x.ses {
			tx, ty := ic.typeOf(x.ses[k]), ic.typeOf(y.ses[k])
			for d := 1; d < tx.Rank(); d++ {
				ic.assertEq(tx.Shape[d], ty.Shape[d], "size mismatch: concat: the rows of the arrays differ in shape", pos)
			}
			w := ic.arith(soac.Add, tx.Shape[0], ty.Shape[0], pos)
			sh := append([]soac.SubExp{w}, tx.Shape[1:]...)
			out.ses = append(out.ses, ic.let("concat", soac.Type{Elem: tx.Elem, Shape: sh}, &soac.ConcatExp{Arrs: []soac.VName{x.ses[k].(soac.Var).Name, y.ses[k].(soac.Var).Name}, W: w, Pos: pos}, pos))
		}
		return out
	}}
	intrinsics["copy"] = intrinsic{1, func(c *checker, p Pos) Type {
		a := c.fresh(cAny, p)
		return fn(a, a)
	}, func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
		var out ival
		for _, se := range args[0].ses {
			t := ic.typeOf(se)
			if t.Rank() == 0 {
				out.ses = append(out.ses, se)
				continue
			}
			out.ses = append(out.ses, ic.let("copy", t, &soac.CopyExp{Arr: se.(soac.Var).Name}, pos))
		}
		return out
	}}
	intrinsics["manifest"] = intrinsics["copy"]
	for _, t := range allPrims {
		addPrimFuns(t)
		m := t.String() + "."
		intrinsics[m+"to_i64"] = convIntrinsic(t, values.I64)
		intrinsics[m+"to_f64"] = convIntrinsic(t, values.F64)
		intrinsics[m+"from_i64"] = convIntrinsic(values.I64, t)
		intrinsics[m+"from_f64"] = convIntrinsic(values.F64, t)
	}
	intrinsics["bool.i8"] = convIntrinsic(values.I8, values.Bool)
	for _, from := range allPrims {
		intrinsics["bool."+from.String()] = convIntrinsic(from, values.Bool)
	}
	intrinsics["bool.bool"] = convIntrinsic(values.Bool, values.Bool)
}

func convIntrinsic(from, to values.PrimType) intrinsic {
	return intrinsic{1, func(*checker, Pos) Type { return fn(TPrim{from}, TPrim{to}) },
		func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
			x := args[0].ses[0]
			if to == values.Bool {
				// Nonzero is true.
				zero := soac.Const{Value: soac.Convert(soac.IntValue(values.I64, 0), from)}
				if from == values.Bool {
					return scalar(x)
				}
				eq := ic.let("c", soac.Prim(values.Bool), &soac.CmpOpExp{Op: soac.Eq, T: from, X: x, Y: zero}, pos)
				return scalar(ic.let("b", soac.Prim(values.Bool), &soac.UnOpExp{Op: soac.Not, T: values.Bool, X: eq}, pos))
			}
			if c, ok := x.(soac.Const); ok {
				return scalar(soac.Const{Value: soac.Convert(c.Value, to)})
			}
			return scalar(ic.let("conv", soac.Prim(to), &soac.ConvOpExp{From: from, To: to, X: x}, pos))
		}}
}

// addPrimFuns adds the members of a numeric module that are primitive
// functions (CallPrimExp) or simple operators.
func addPrimFuns(t values.PrimType) {
	tt := TPrim{t}
	m := t.String() + "."
	call := func(name string, argTs []values.PrimType, res values.PrimType) {
		ts := make([]Type, 0, len(argTs)+1)
		for _, a := range argTs {
			ts = append(ts, TPrim{a})
		}
		ts = append(ts, TPrim{res})
		intrinsics[m+name] = intrinsic{len(argTs), func(*checker, Pos) Type { return fn(ts...) },
			func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
				as := make([]soac.SubExp, len(args))
				for i, a := range args {
					as[i] = a.ses[0]
				}
				return scalar(ic.let(name, soac.Prim(res), &soac.CallPrimExp{Fn: name, ArgTypes: argTs, T: res, Args: as}, pos))
			}}
	}
	binop := func(name, op string) {
		info := binOps[op]
		res := tt
		if info.cmp {
			res = tBool
		}
		intrinsics[m+name] = intrinsic{2, func(*checker, Pos) Type { return fn(tt, tt, res) },
			func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
				return scalar(ic.primBinOp(info, t, args[0].ses[0], args[1].ses[0], pos))
			}}
	}
	for _, op := range []string{"+", "-", "*", "/", "%", "**", "==", "!=", "<", "<=", ">", ">="} {
		binop(op, op)
	}
	binop("add", "+")
	binop("sub", "-")
	binop("mul", "*")
	binop("div", "/")
	binop("mod", "%")
	binop("pow", "**")
	binop("eq", "==")
	binop("lt", "<")
	binop("le", "<=")
	binop("gt", ">")
	binop("ge", ">=")
	binop("neq", "!=")
	if !t.IsFloat() {
		for _, op := range []string{"//", "%%", "&", "|", "^", "<<", ">>", ">>>"} {
			binop(op, op)
		}
		binop("quot", "//")
		binop("rem", "%%")
		binop("and", "&")
		binop("or", "|")
		binop("xor", "^")
		binop("shl", "<<")
		binop("shr", ">>")
		binop("lshr", ">>>")
		one := []values.PrimType{t}
		call("popc", one, values.I32)
		call("clz", one, values.I32)
		call("ctz", one, values.I32)
		call("mul_hi", []values.PrimType{t, t}, t)
		call("mad_hi", []values.PrimType{t, t, t}, t)
		intrinsics[m+"not"] = intrinsic{1, func(*checker, Pos) Type { return fn(tt, tt) },
			func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
				return scalar(ic.let("not", soac.Prim(t), &soac.UnOpExp{Op: soac.Complement, T: t, X: args[0].ses[0]}, pos))
			}}
		addBitOps(t)
		bits := t.Size() * 8
		intrinsics[m+"num_bits"] = intrinsic{0, func(*checker, Pos) Type { return tI32 },
			func(*internaliser, *VarExp, []ival, Pos) ival {
				return scalar(soac.Const{Value: soac.IntValue(values.I32, int64(bits))})
			}}
		return
	}
	one := []values.PrimType{t}
	two := []values.PrimType{t, t}
	for _, f := range []string{"sqrt", "cbrt", "exp", "log", "log2", "log10", "log1p", "sin", "cos", "tan", "asin", "acos", "atan",
		"sinh", "cosh", "tanh", "asinh", "acosh", "atanh", "gamma", "lgamma", "erf", "erfc", "floor", "ceil", "round", "trunc",
		"rsqrt", "sinpi", "cospi", "tanpi", "asinpi", "acospi", "atanpi"} {
		call(f, one, t)
	}
	for _, f := range []string{"atan2", "atan2pi", "hypot", "copysign", "nextafter"} {
		call(f, two, t)
	}
	call("fma", []values.PrimType{t, t, t}, t)
	call("mad", []values.PrimType{t, t, t}, t)
	call("lerp", []values.PrimType{t, t, t}, t)
	call("isnan", one, values.Bool)
	call("isinf", one, values.Bool)
	call("ldexp", []values.PrimType{t, values.I32}, t)
	var u values.PrimType
	switch t {
	case values.F16:
		u = values.U16
	case values.F32:
		u = values.U32
	default:
		u = values.U64
	}
	call("to_bits", one, u)
	intrinsics[m+"from_bits"] = intrinsic{1, func(*checker, Pos) Type { return fn(TPrim{u}, tt) },
		func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
			return scalar(ic.let("from_bits", soac.Prim(t), &soac.CallPrimExp{Fn: "from_bits", ArgTypes: []values.PrimType{u}, T: t, Args: []soac.SubExp{args[0].ses[0]}}, pos))
		}}
	// get_bit and set_bit of a float work on its bits (Futhark's f32.get_bit
	// i x is u32.get_bit i (f32.to_bits x)), through the unsigned integer
	// module of the same width.
	toBits := func(ic *internaliser, x soac.SubExp, pos Pos) soac.SubExp {
		return ic.let("to_bits", soac.Prim(u), &soac.CallPrimExp{Fn: "to_bits", ArgTypes: one, T: u, Args: []soac.SubExp{x}}, pos)
	}
	intrinsics[m+"get_bit"] = intrinsic{2, func(*checker, Pos) Type { return fn(tI32, tt, tI32) },
		func(ic *internaliser, e *VarExp, args []ival, pos Pos) ival {
			return intrinsics[u.String()+".get_bit"].gen(ic, e, []ival{args[0], scalar(toBits(ic, args[1].ses[0], pos))}, pos)
		}}
	intrinsics[m+"set_bit"] = intrinsic{3, func(*checker, Pos) Type { return fn(tI32, tt, tI32, tt) },
		func(ic *internaliser, e *VarExp, args []ival, pos Pos) ival {
			bits := intrinsics[u.String()+".set_bit"].gen(ic, e, []ival{args[0], scalar(toBits(ic, args[1].ses[0], pos)), args[2]}, pos)
			return scalar(ic.let("from_bits", soac.Prim(t), &soac.CallPrimExp{Fn: "from_bits", ArgTypes: []values.PrimType{u}, T: t, Args: bits.ses}, pos))
		}}
	// from_fraction x y is x / y in the float type (Futhark's
	// t.from_fraction: i64 -> i64 -> t).
	intrinsics[m+"from_fraction"] = intrinsic{2, func(*checker, Pos) Type { return fn(tI64, tI64, tt) },
		func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
			x := ic.let("num", soac.Prim(t), &soac.ConvOpExp{From: values.I64, To: t, X: args[0].ses[0]}, pos)
			y := ic.let("den", soac.Prim(t), &soac.ConvOpExp{From: values.I64, To: t, X: args[1].ses[0]}, pos)
			return scalar(ic.let("fraction", soac.Prim(t), &soac.BinOpExp{Op: soac.Div, T: t, X: x, Y: y}, pos))
		}}
	intrinsics[m+"frac"] = intrinsic{1, func(*checker, Pos) Type { return fn(tt, tt) },
		func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
			tr := ic.let("trunc", soac.Prim(t), &soac.CallPrimExp{Fn: "trunc", ArgTypes: one, T: t, Args: []soac.SubExp{args[0].ses[0]}}, pos)
			return scalar(ic.let("frac", soac.Prim(t), &soac.BinOpExp{Op: soac.Sub, T: t, X: args[0].ses[0], Y: tr}, pos))
		}}
	intrinsics[m+"num_bits"] = intrinsic{0, func(*checker, Pos) Type { return tI32 },
		func(*internaliser, *VarExp, []ival, Pos) ival {
			return scalar(soac.Const{Value: soac.IntValue(values.I32, int64(t.Size()*8))})
		}}
}

// sizeOperands takes apart a size defined as x op y.
func (ic *internaliser) sizeOperands(d soac.SubExp, op soac.BinOp) (soac.SubExp, soac.SubExp, bool) {
	v, ok := d.(soac.Var)
	if !ok {
		return nil, nil, false
	}
	switch e := ic.defs[v.Name].(type) {
	case *soac.BinOpExp:
		if e.Op == op {
			return ic.toI64(e.X, Pos{}), ic.toI64(e.Y, Pos{}), true
		}
	case *soac.ConvOpExp:
		return ic.sizeOperands(e.X, op)
	case *soac.SubExpExp:
		return ic.sizeOperands(e.X, op)
	}
	return nil, nil, false
}

// addBitOps adds get_bit and set_bit of an integer module: get_bit i x is
// bit i of x (0 or 1, an i32); set_bit i x b sets bit i of x to b.
func addBitOps(t values.PrimType) {
	tt := TPrim{t}
	m := t.String() + "."
	// conv converts an i32 operand to t.
	conv := func(ic *internaliser, x soac.SubExp, pos Pos) soac.SubExp {
		if t == values.I32 {
			return x
		}
		if c, ok := x.(soac.Const); ok {
			return soac.Const{Value: soac.Convert(c.Value, t)}
		}
		return ic.let("conv", soac.Prim(t), &soac.ConvOpExp{From: values.I32, To: t, X: x}, pos)
	}
	bin := func(ic *internaliser, op soac.BinOp, x, y soac.SubExp, pos Pos) soac.SubExp {
		return ic.let("bit", soac.Prim(t), &soac.BinOpExp{Op: op, T: t, X: x, Y: y}, pos)
	}
	one := soac.Const{Value: soac.Convert(soac.IntValue(values.I64, 1), t)}
	intrinsics[m+"get_bit"] = intrinsic{2, func(*checker, Pos) Type { return fn(tI32, tt, tI32) },
		func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
			i, x := conv(ic, args[0].ses[0], pos), args[1].ses[0]
			b := bin(ic, soac.And, bin(ic, soac.LShr, x, i, pos), one, pos)
			if t == values.I32 {
				return scalar(b)
			}
			return scalar(ic.let("conv", soac.Prim(values.I32), &soac.ConvOpExp{From: t, To: values.I32, X: b}, pos))
		}}
	intrinsics[m+"set_bit"] = intrinsic{3, func(*checker, Pos) Type { return fn(tI32, tt, tI32, tt) },
		func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
			i, x, v := conv(ic, args[0].ses[0], pos), args[1].ses[0], conv(ic, args[2].ses[0], pos)
			mask := bin(ic, soac.Shl, one, i, pos)
			nmask := ic.let("bit", soac.Prim(t), &soac.UnOpExp{Op: soac.Complement, T: t, X: mask}, pos)
			cleared := bin(ic, soac.And, x, nmask, pos)
			vb := bin(ic, soac.Shl, bin(ic, soac.And, v, one, pos), i, pos)
			return scalar(bin(ic, soac.Or, cleared, vb, pos))
		}}
}
