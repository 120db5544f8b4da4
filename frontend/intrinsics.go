package frontend

import (
	"fmt"
	"math"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// intrinsic is a built-in name: its type (instantiated afresh at each use)
// and how an application of it is internalised. Constants have arity 0.
type intrinsic struct {
	arity int
	typ   func(c *checker, pos Pos) Type
	gen   func(ic *internaliser, e *VarExp, args []ival, pos Pos) ival
}

var intrinsics = map[string]intrinsic{}

func fn(ts ...Type) Type {
	t := ts[len(ts)-1]
	for i := len(ts) - 2; i >= 0; i-- {
		t = TFun{Param: ts[i], Result: t}
	}
	return t
}

func arr(t Type) Type { return arrayOf(Dim{}, t) }

// arrD is an array of size d.
func arrD(d Dim, t Type) Type { return arrayOf(d, t) }

func init() {
	intrinsics["map"] = intrinsic{2, func(c *checker, p Pos) Type {
		a, b := c.fresh(cAny, p), c.freshPlain("b", p)
		d := c.freshDim()
		return fn(fn(a, b), arrD(d, a), arrD(d, b))
	}, func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
		return ic.mapN(args[0], args[1:], pos)
	}}
	for n := 1; n <= 5; n++ {
		n := n
		intrinsics[fmt.Sprintf("map%d", n)] = intrinsic{n + 1, func(c *checker, p Pos) Type {
			ts := make([]Type, n+1)
			for i := range ts {
				ts[i] = c.fresh(cAny, p)
			}
			ts[n] = c.freshPlain("x", p)
			sig := []Type{fn(ts...)}
			d := c.freshDim()
			for i := 0; i < n; i++ {
				sig = append(sig, arrD(d, ts[i]))
			}
			return fn(append(sig, arrD(d, ts[n]))...)
		}, func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
			return ic.mapN(args[0], args[1:], pos)
		}}
	}
	for _, name := range []string{"reduce", "reduce_comm", "scan"} {
		name := name
		intrinsics[name] = intrinsic{3, func(c *checker, p Pos) Type {
			a := c.freshPlain("a", p)
			var res Type = a
			d := c.freshDim()
			if name == "scan" {
				res = arrD(d, a)
			}
			return fn(fn(a, a, a), a, arrD(d, a), res)
		}, func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
			return ic.reduceOrScan(name, args[0], args[1], args[2], pos)
		}}
	}
	intrinsics["iota"] = intrinsic{1, func(c *checker, p Pos) Type { return fn(tI64, arrD(c.freshDim(), tI64)) },
		func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
			n := args[0].ses[0]
			t := soac.Array(values.I64, n)
			return scalar(ic.let("iota", t, &soac.IotaExp{N: n, Start: soac.I64(0), Step: soac.I64(1), T: values.I64}, pos))
		}}
	intrinsics["replicate"] = intrinsic{2, func(c *checker, p Pos) Type {
		a := c.fresh(cAny, p)
		return fn(tI64, a, arrD(c.freshDim(), a))
	}, func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
		n := args[0].ses[0]
		var out ival
		for _, x := range args[1].ses {
			xt := ic.typeOf(x)
			out.ses = append(out.ses, ic.let("rep", xt.ArrayOf(n), &soac.ReplicateExp{Shape: []soac.SubExp{n}, X: x}, pos))
		}
		return out
	}}
	intrinsics["length"] = intrinsic{1, func(c *checker, p Pos) Type { return fn(arrD(c.freshDim(), c.fresh(cAny, p)), tI64) },
		func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
			return scalar(ic.typeOf(args[0].ses[0]).Shape[0])
		}}
	// zip and unzip only regroup components: an array of tuples already
	// is a tuple of arrays.
	for n := 2; n <= 5; n++ {
		n := n
		zipName, unzipName := "zip", "unzip"
		if n > 2 {
			zipName, unzipName = fmt.Sprintf("zip%d", n), fmt.Sprintf("unzip%d", n)
		}
		regroup := func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
			var out ival
			var w soac.SubExp
			for _, a := range args {
				if len(a.ses) > 0 && len(args) > 1 {
					if w == nil {
						w = ic.typeOf(a.ses[0]).Shape[0]
					}
					a = ic.sameOuter(w, a, "the arrays given to zip have different lengths", pos)
				}
				out.ses = append(out.ses, a.ses...)
			}
			return out
		}
		intrinsics[zipName] = intrinsic{n, func(c *checker, p Pos) Type {
			ts := make([]Type, n)
			sig := make([]Type, n)
			d := c.freshDim()
			for i := range ts {
				ts[i] = c.fresh(cAny, p)
				sig[i] = arrD(d, ts[i])
			}
			return fn(append(sig, arrD(d, TTuple{Elems: ts}))...)
		}, regroup}
		intrinsics[unzipName] = intrinsic{1, func(c *checker, p Pos) Type {
			ts := make([]Type, n)
			outs := make([]Type, n)
			d := c.freshDim()
			for i := range ts {
				ts[i] = c.fresh(cAny, p)
				outs[i] = arrD(d, ts[i])
			}
			return fn(arrD(d, TTuple{Elems: ts}), TTuple{Elems: outs})
		}, regroup}
	}
	for _, t := range allPrims {
		addNumericModule(t)
	}
}

var allPrims = []values.PrimType{values.I8, values.I16, values.I32, values.I64, values.U8, values.U16, values.U32, values.U64, values.F16, values.F32, values.F64}

// addNumericModule adds the members of the module named after t (i32.max,
// f32.i64, ...) that the IR can express so far.
func addNumericModule(t values.PrimType) {
	tt := TPrim{t}
	m := t.String() + "."
	for _, from := range append([]values.PrimType{values.Bool}, allPrims...) {
		from := from
		intrinsics[m+from.String()] = intrinsic{1, func(*checker, Pos) Type { return fn(TPrim{from}, tt) },
			func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
				x := args[0].ses[0]
				if c, ok := x.(soac.Const); ok {
					return scalar(soac.Const{Value: soac.Convert(c.Value, t)})
				}
				return scalar(ic.let("conv", soac.Prim(t), &soac.ConvOpExp{From: from, To: t, X: x}, pos))
			}}
	}
	binary := func(name string, op soac.BinOp) {
		intrinsics[m+name] = intrinsic{2, func(*checker, Pos) Type { return fn(tt, tt, tt) },
			func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
				return scalar(ic.let(name, soac.Prim(t), &soac.BinOpExp{Op: op, T: t, X: args[0].ses[0], Y: args[1].ses[0]}, pos))
			}}
	}
	binary("min", soac.Min)
	binary("max", soac.Max)
	unary := func(name string, op soac.UnOp) {
		intrinsics[m+name] = intrinsic{1, func(*checker, Pos) Type { return fn(tt, tt) },
			func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
				return scalar(ic.let(name, soac.Prim(t), &soac.UnOpExp{Op: op, T: t, X: args[0].ses[0]}, pos))
			}}
	}
	unary("abs", soac.Abs)
	unary("sgn", soac.Signum)
	unary("neg", soac.Neg)
	constant := func(name string, v soac.PrimValue) {
		intrinsics[m+name] = intrinsic{0, func(*checker, Pos) Type { return tt },
			func(*internaliser, *VarExp, []ival, Pos) ival { return scalar(soac.Const{Value: v}) }}
	}
	var lowest, highest soac.PrimValue
	switch {
	case t.IsFloat():
		lowest, highest = soac.FloatValue(t, math.Inf(-1)), soac.FloatValue(t, math.Inf(1))
		constant("inf", highest)
		constant("nan", soac.FloatValue(t, math.NaN()))
		constant("pi", soac.FloatValue(t, math.Pi))
		constant("e", soac.FloatValue(t, math.E))
	case t.IsSigned():
		bitsN := uint(t.Size() * 8)
		lowest, highest = soac.IntValue(t, -1<<(bitsN-1)), soac.IntValue(t, 1<<(bitsN-1)-1)
	default:
		lowest, highest = soac.IntValue(t, 0), soac.IntValue(t, -1)
	}
	constant("lowest", lowest)
	constant("highest", highest)
	zero, one := soac.IntValue(values.I64, 0), soac.IntValue(values.I64, 1)
	reduction := func(name string, op soac.BinOp, ne soac.PrimValue) {
		intrinsics[m+name] = intrinsic{1, func(*checker, Pos) Type { return fn(arr(tt), tt) },
			func(ic *internaliser, _ *VarExp, args []ival, pos Pos) ival {
				opFn := ival{fn: &funVal{arity: 2, call: func(ic *internaliser, a []ival, pos Pos) ival {
					return scalar(ic.let(name, soac.Prim(t), &soac.BinOpExp{Op: op, T: t, X: a[0].ses[0], Y: a[1].ses[0]}, pos))
				}}}
				return ic.reduceOrScan("reduce_comm", opFn, scalar(soac.Const{Value: ne}), args[0], pos)
			}}
	}
	reduction("sum", soac.Add, soac.Convert(zero, t))
	reduction("product", soac.Mul, soac.Convert(one, t))
	reduction("maximum", soac.Max, lowest)
	reduction("minimum", soac.Min, highest)
}

// mapN internalises map f xs ys ...: one screma over the components of all
// input arrays.
func (ic *internaliser) mapN(f ival, arrs []ival, pos Pos) ival {
	var inputs []soac.VName
	var params []soac.Param
	argVals := make([]ival, len(arrs))
	var w soac.SubExp
	for i, a := range arrs {
		if len(a.ses) == 0 {
			continue
		}
		if w == nil {
			w = ic.typeOf(a.ses[0]).Shape[0]
		}
		a = ic.sameOuter(w, a, "the arrays given to map have different lengths", pos)
		for _, se := range a.ses {
			at := ic.typeOf(se)
			p := ic.names.New("x")
			ic.types[p] = at.RowType()
			params = append(params, soac.Param{Name: p, Type: at.RowType()})
			inputs = append(inputs, se.(soac.Var).Name)
			argVals[i].ses = append(argVals[i].ses, soac.Var{Name: p})
		}
	}
	if w == nil {
		panic(fmt.Sprintf("frontend: internalise: %s: map over arrays without components", pos))
	}
	var ret []soac.Type
	body := ic.subBody(func() []soac.SubExp {
		r := ic.apply(f, argVals, pos)
		if r.fn != nil {
			panic(fmt.Sprintf("frontend: internalise: %s: map returns functions", pos))
		}
		for _, se := range r.ses {
			ret = append(ret, ic.typeOf(se))
		}
		return r.ses
	})
	inner := boundIn(body)
	for _, p := range params {
		inner[p.Name] = true
	}
	ic.hoistSizes(body, ret, inner)
	for _, t := range ret {
		for _, d := range t.Shape {
			if isBoundVar(d, inner) {
				ic.irregular(pos)
			}
		}
	}
	outs := make([]soac.Type, len(ret))
	for i, t := range ret {
		outs[i] = t.ArrayOf(w)
	}
	lam := &soac.Lambda{Params: params, Body: body, RetType: ret}
	return ival{ses: ic.letN("map", outs, &soac.ScremaExp{W: w, Inputs: inputs, Map: lam}, pos)}
}

// hoistSizes moves out of a map's lambda body (to the enclosing body) the
// computations of the result dimensions that depend only on names bound
// outside the lambda, such as the n+1 of a function declared to return
// [n+1]t, so that the map's result type refers only to sizes bound
// outside. Only scalar operations that cannot fail are moved. inner (the
// names bound in the lambda) is updated.
func (ic *internaliser) hoistSizes(body *soac.Body, ret []soac.Type, inner map[soac.VName]bool) {
	def := map[soac.VName]int{}
	for i, s := range body.Stms {
		for _, p := range s.Pat {
			def[p.Name] = i
		}
	}
	move := map[int]bool{}
	state := map[soac.VName]int{} // 1: in progress or not movable, 2: movable
	var movable func(se soac.SubExp) bool
	movable = func(se soac.SubExp) bool {
		v, ok := se.(soac.Var)
		if !ok || !inner[v.Name] {
			return true
		}
		switch state[v.Name] {
		case 1:
			return false
		case 2:
			return true
		}
		state[v.Name] = 1
		i, ok := def[v.Name]
		if !ok || len(body.Stms[i].Pat) != 1 {
			return false
		}
		var ops []soac.SubExp
		switch e := body.Stms[i].Exp.(type) {
		case *soac.SubExpExp:
			ops = []soac.SubExp{e.X}
		case *soac.BinOpExp:
			switch e.Op {
			case soac.Add, soac.Sub, soac.Mul, soac.Min, soac.Max:
			default:
				return false
			}
			ops = []soac.SubExp{e.X, e.Y}
		case *soac.ConvOpExp:
			ops = []soac.SubExp{e.X}
		default:
			return false
		}
		for _, o := range ops {
			if !movable(o) {
				return false
			}
		}
		state[v.Name] = 2
		move[i] = true
		return true
	}
	for _, t := range ret {
		for _, d := range t.Shape {
			movable(d)
		}
	}
	if len(move) == 0 {
		return
	}
	var keep []*soac.Stm
	for i, s := range body.Stms {
		if move[i] {
			ic.b.Add(s)
			for _, p := range s.Pat {
				delete(inner, p.Name)
			}
			continue
		}
		keep = append(keep, s)
	}
	body.Stms = keep
}

// irregular reports a map whose function returns arrays of a size that
// depends on the element.
func (ic *internaliser) irregular(pos Pos) {
	panic(&Diagnostic{Pos: pos, Msg: "the function given to map returns arrays whose size depends on the element; the result would be an irregular array",
		Hint: "make the size the same for every element, e.g. with a size coercion (e :> [k]t) to a size bound outside the map"})
}

// reduceOrScan internalises reduce, reduce_comm and scan.
func (ic *internaliser) reduceOrScan(kind string, op, ne, xs ival, pos Pos) ival {
	k := len(xs.ses)
	w := ic.typeOf(xs.ses[0]).Shape[0]
	// The operator as a lambda of 2k parameters.
	var opParams []soac.Param
	accs, elems := ival{}, ival{}
	var rowTs []soac.Type
	for i := 0; i < 2*k; i++ {
		rt := ic.typeOf(xs.ses[i%k]).RowType()
		p := ic.names.New("a")
		ic.types[p] = rt
		opParams = append(opParams, soac.Param{Name: p, Type: rt})
		if i < k {
			accs.ses = append(accs.ses, soac.Var{Name: p})
			rowTs = append(rowTs, rt)
		} else {
			elems.ses = append(elems.ses, soac.Var{Name: p})
		}
	}
	opBody := ic.subBody(func() []soac.SubExp { return ic.apply(op, []ival{accs, elems}, pos).ses })
	opLam := &soac.Lambda{Params: opParams, Body: opBody, RetType: rowTs}
	// The identity map over the input rows.
	var inputs []soac.VName
	var mapParams []soac.Param
	var mapRes []soac.SubExp
	for i, se := range xs.ses {
		p := ic.names.New("x")
		ic.types[p] = rowTs[i]
		inputs = append(inputs, se.(soac.Var).Name)
		mapParams = append(mapParams, soac.Param{Name: p, Type: rowTs[i]})
		mapRes = append(mapRes, soac.Var{Name: p})
	}
	mapLam := &soac.Lambda{Params: mapParams, Body: &soac.Body{Result: mapRes}, RetType: rowTs}
	e := &soac.ScremaExp{W: w, Inputs: inputs, Map: mapLam}
	outs := rowTs
	switch kind {
	case "scan":
		e.Scans = []soac.Scan{{Op: opLam, Neutral: ne.ses}}
		outs = make([]soac.Type, k)
		for i, t := range rowTs {
			outs[i] = t.ArrayOf(w)
		}
	default:
		e.Reds = []soac.Reduce{{Comm: kind == "reduce_comm", Op: opLam, Neutral: ne.ses}}
	}
	return ival{ses: ic.letN(kind, outs, e, pos)}
}
