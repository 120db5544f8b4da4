package frontend

// Variables and function values: a name's value (local, top-level
// constant or function, at this use's instance of a polymorphic
// definition), lambdas as closures that inline their body where they are
// applied, and application with currying; also the rejection of built-in
// array functions used on arrays of a type with no values. fcc inlines
// functions at their uses (calls.go keeps some), so this is where
// monomorphisation and defunctionalisation happen; it is kept apart from
// the expression cases that merely call it.

import "fmt"

// checkUnitArrays reports a built-in array function used at a type with
// no values (the empty tuple, an empty record): an array of such
// elements has no component array that would carry its length, which
// fcc's representation needs.
func (ic *internaliser) checkUnitArrays(e *VarExp) {
	t, ok := ic.chk.types[e]
	if !ok {
		return
	}
	if elem := ic.unitArrayElem(ic.srcType(t)); elem != nil {
		panic(&Diagnostic{Pos: e.Pos, Msg: fmt.Sprintf("%s is used on arrays of %s, a type with no values; arrays of it are not supported yet", qualName(e.Qual, e.Name), typeString(elem)),
			Hint: "use an array of bool (or another primitive type) in its place"})
	}
}

// unitArrayElem finds in t an array whose elements have no values and
// returns their type (nil if there is none).
func (ic *internaliser) unitArrayElem(t Type) Type {
	switch t := t.(type) {
	case TArray:
		if _, fun := t.Elem.(TFun); !fun && ic.components(t.Elem) == 0 {
			return t.Elem
		}
		return ic.unitArrayElem(t.Elem)
	case TFun:
		if r := ic.unitArrayElem(t.Param); r != nil {
			return r
		}
		return ic.unitArrayElem(t.Result)
	case TTuple:
		for _, x := range t.Elems {
			if r := ic.unitArrayElem(x); r != nil {
				return r
			}
		}
	case TRecord:
		for _, f := range t.Fields {
			if r := ic.unitArrayElem(f.Type); r != nil {
				return r
			}
		}
	}
	return nil
}

func (ic *internaliser) varExp(env *ienv, e *VarExp) ival {
	if len(e.Qual) == 0 {
		if v, ok := env.lookup(e.Name); ok {
			if m, poly := ic.chk.inst[e]; poly && v.fn != nil {
				return ic.instantiated(v, m)
			}
			return v
		}
	}
	// Qualified names reach a global too (intrinsics.flat_index_2d, the
	// prelude's flat_index_2d: apply.go).
	if d, ok := ic.chk.globalRef[e]; ok {
		if m := ic.chk.inst[e]; m == nil && ic.chk.recursiveDefs[d] {
			// A recursive call is at the definition's own types
			// (recursion.go): the instance being internalised.
			return ic.callable(d, ic.tsub, ic.lambdaValOf(d))
		}
		return ic.globalVal(d, ic.chk.inst[e])
	}
	name := qualName(e.Qual, e.Name)
	in, ok := intrinsics[name]
	if !ok {
		panic(fmt.Sprintf("frontend: internalise: %s: unknown name %s", e.Pos, name))
	}
	if in.arity == 0 {
		return in.gen(ic, e, nil, e.Pos)
	}
	if name == "rep" {
		return ic.repVal(env, e)
	}
	ic.checkUnitArrays(e)
	return ival{fn: &funVal{arity: in.arity, call: func(ic *internaliser, args []ival, pos Pos) ival {
		return in.gen(ic, e, args, pos)
	}}}
}

// concreteInst resolves an instantiation recorded by the checker in the
// current instance.
func (ic *internaliser) concreteInst(m map[int]Type) map[int]Type {
	out := make(map[int]Type, len(m))
	for k, v := range m {
		out[k] = ic.srcType(v)
	}
	return out
}

// instantiated wraps a polymorphic local function so that its body is
// internalised with this use's types.
func (ic *internaliser) instantiated(v ival, m map[int]Type) ival {
	inst := ic.concreteInst(m)
	inner := v.fn
	return ival{fn: &funVal{arity: inner.arity, applied: inner.applied, call: func(ic *internaliser, args []ival, pos Pos) ival {
		ic.pendingInst = inst
		return inner.call(ic, args, pos)
	}}}
}

// globalVal is a top-level definition as a value: constants are computed
// where they are used, functions are inlined where they are applied.
func (ic *internaliser) globalVal(d *ValDecl, m map[int]Type) ival {
	inst := ic.concreteInst(m)
	if len(d.Params) == 0 {
		saved := ic.tsub
		ic.tsub = inst
		defer func() { ic.tsub = saved }()
		return ic.exp(&ienv{vars: map[string]ival{}}, d.Body)
	}
	saved := ic.tsub
	ic.tsub = inst
	f := ic.lambdaValOf(d)
	ic.tsub = saved
	return ic.callable(d, inst, f)
}

// lambdaValOf is the function value of the top-level function d in the
// current instance.
func (ic *internaliser) lambdaValOf(d *ValDecl) ival {
	return ic.lambdaVal(&ienv{vars: map[string]ival{}}, d.Params, d.Body, d.TypeParams, ic.chk.retTypes[d], d.Name)
}

// lambdaVal is a function value that inlines its body where it is
// applied, binding the size parameters from the arguments' shapes. When
// the function declares its result type (ret, nil otherwise), the result
// gets the sizes that type gives in terms of the arguments (see
// coerceResult), so that a map of the function has a regular result.
func (ic *internaliser) lambdaVal(env *ienv, params []Pat, body Exp, tps []TypeParam, ret Type, name string) ival {
	captured := ic.tsub
	sizes := map[string]bool{}
	for _, tp := range tps {
		if tp.Size {
			sizes[tp.Name] = true
		}
	}
	return ival{fn: &funVal{arity: len(params), call: func(ic *internaliser, args []ival, pos Pos) ival {
		saved := ic.tsub
		ts := captured
		if ic.pendingInst != nil {
			ts = map[int]Type{}
			for k, v := range captured {
				ts[k] = v
			}
			for k, v := range ic.pendingInst {
				ts[k] = v
			}
			ic.pendingInst = nil
		}
		ic.tsub = ts
		defer func() { ic.tsub = saved }()
		ic.inlineDepth++
		defer func() { ic.inlineDepth-- }()
		if ic.inlineDepth > 500 {
			panic(fmt.Sprintf("frontend: internalise: %s: inlining too deep", pos))
		}
		inner := env.child()
		for i, p := range params {
			ic.bindPat(inner, p, args[i])
		}
		ic.bindImplicitSizes(inner, params, args)
		if len(sizes) > 0 {
			for i, p := range params {
				ic.bindSizes(inner, ic.declType(ic.chk.patTypes[p]), args[i].ses, 0, sizes, pos)
			}
			// Size parameters that occur only inside size expressions
			// ([n+m]t) are solved once the whole dimensions have bound
			// what they can, since the expressions may mention those.
			for i, p := range params {
				ic.solveSizeExps(inner, ic.declType(ic.chk.patTypes[p]), args[i].ses, 0, sizes, name, pos)
			}
		}
		res := ic.exp(inner, body)
		if ret != nil && res.fn == nil {
			rt := ic.declType(ret)
			msg := fmt.Sprintf("size mismatch: the result of %s does not have the sizes of its declared type %s", name, typeString(rt))
			res.ses = ic.coerceShape(res.ses, rt, ic.sizeResolver(inner, sizes), msg, body.expPos())
		}
		return res
	}}}
}

// apply applies a function value to arguments, currying as needed.
func (ic *internaliser) apply(f ival, args []ival, pos Pos) ival {
	for len(args) > 0 {
		fv := f.fn
		if fv == nil {
			panic(fmt.Sprintf("frontend: internalise: %s: applying a non-function", pos))
		}
		need := fv.arity - len(fv.applied)
		if len(args) < need {
			return ival{fn: &funVal{arity: fv.arity, applied: append(append([]ival(nil), fv.applied...), args...), call: fv.call}}
		}
		all := append(append([]ival(nil), fv.applied...), args[:need]...)
		args = args[need:]
		f = fv.call(ic, all, pos)
	}
	return f
}
