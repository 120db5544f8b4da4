package frontend

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// ival is an internalised value: the IR operands of its components
// (tuples are flattened, arrays of tuples are several arrays) or, for a
// function value, a closure that emits its body where it is applied.
// Functions never reach the IR: every application is inlined, which is
// defunctionalisation for programs without recursion.
type ival struct {
	ses []soac.SubExp
	fn  *funVal
}

// funVal is a function value with some arguments already supplied.
type funVal struct {
	arity   int
	applied []ival
	call    func(ic *internaliser, args []ival, pos Pos) ival
}

// ienv maps source names to internalised values.
type ienv struct {
	vars   map[string]ival
	parent *ienv
}

func (e *ienv) lookup(name string) (ival, bool) {
	for ; e != nil; e = e.parent {
		if v, ok := e.vars[name]; ok {
			return v, true
		}
	}
	return ival{}, false
}

func (e *ienv) child() *ienv { return &ienv{vars: map[string]ival{}, parent: e} }

// internaliser lowers the checked AST to the SOAC IR.
type internaliser struct {
	c     *checker
	names *soac.NameSource
	b     *soac.Builder
	// types records the IR type of every IR variable.
	types map[soac.VName]soac.Type
	funs  map[string]*ValDecl
}

func internalise(c *checker, prog *Prog) *soac.Program {
	ic := &internaliser{c: c, names: &soac.NameSource{}, types: map[soac.VName]soac.Type{}, funs: map[string]*ValDecl{}}
	out := &soac.Program{}
	for _, d := range prog.Decls {
		if vd, ok := d.(*ValDecl); ok {
			ic.funs[vd.Name] = vd
		}
	}
	for _, d := range prog.Decls {
		// As in Futhark, a top-level definition named main is an entry point
		// even without the entry keyword.
		if vd, ok := d.(*ValDecl); ok && (vd.Entry || vd.Name == "main") {
			out.Funs = append(out.Funs, ic.entry(vd))
		}
	}
	return out
}

func (ic *internaliser) entry(d *ValDecl) *soac.FunDef {
	ic.b = soac.NewBuilder(ic.names)
	env := &ienv{vars: map[string]ival{}}
	sizes := map[string]soac.SubExp{}
	for _, tp := range d.TypeParams {
		if tp.Size {
			v := ic.sizeVar(tp.Name)
			sizes[tp.Name] = v
			env.vars[tp.Name] = scalar(v)
		}
	}
	var params []soac.Param
	for _, p := range d.Params {
		t := ic.c.zonk(ic.c.patTypes[p])
		var comps []soac.SubExp
		for _, it := range ic.paramTypes(t, sizes) {
			v := ic.names.New(patName(p))
			ic.types[v] = it
			params = append(params, soac.Param{Name: v, Type: it})
			comps = append(comps, soac.Var{Name: v})
		}
		ic.bindPat(env, p, ival{ses: comps})
	}
	res := ic.exp(env, d.Body)
	var ret []soac.Type
	for _, se := range res.ses {
		ret = append(ret, ic.typeOf(se))
	}
	return &soac.FunDef{Name: d.Name, EntryName: d.Name, Params: params, RetType: ret, Body: ic.b.Body(res.ses...), Pos: d.Pos}
}

func patName(p Pat) string {
	switch p := p.(type) {
	case *PId:
		return p.Name
	case *PAscript:
		return patName(p.Pat)
	}
	return "p"
}

// paramTypes gives the IR types of an entry parameter; each unnamed
// dimension gets a fresh size variable, bound from the argument.
func (ic *internaliser) paramTypes(t Type, sizes map[string]soac.SubExp) []soac.Type {
	switch t := t.(type) {
	case TPrim:
		return []soac.Type{soac.Prim(t.T)}
	case TArray:
		shape := make([]soac.SubExp, len(t.Dims))
		for i, d := range t.Dims {
			switch {
			case d.Name != "":
				s, ok := sizes[d.Name]
				if !ok {
					s = ic.sizeVar(d.Name)
					sizes[d.Name] = s
				}
				shape[i] = s
			case d.Known:
				shape[i] = soac.I64(d.Const)
			default:
				shape[i] = ic.sizeVar("d")
			}
		}
		var out []soac.Type
		for _, et := range ic.paramTypes(t.Elem, sizes) {
			out = append(out, soac.Type{Elem: et.Elem, Shape: append(append([]soac.SubExp(nil), shape...), et.Shape...), Unique: t.Unique})
		}
		return out
	case TTuple:
		var out []soac.Type
		for _, e := range t.Elems {
			out = append(out, ic.paramTypes(e, sizes)...)
		}
		return out
	}
	panic(fmt.Sprintf("frontend: internalise: unsupported parameter type %s", typeString(t)))
}

// sizeVar makes a fresh i64 variable for an array dimension.
func (ic *internaliser) sizeVar(base string) soac.Var {
	v := ic.names.New(base)
	ic.types[v] = soac.Prim(values.I64)
	return soac.Var{Name: v}
}

func (ic *internaliser) typeOf(se soac.SubExp) soac.Type {
	switch se := se.(type) {
	case soac.Const:
		return soac.Prim(se.Value.T)
	case soac.Var:
		t, ok := ic.types[se.Name]
		if !ok {
			panic(fmt.Sprintf("frontend: internalise: no type for %s", se.Name))
		}
		return t
	}
	panic("frontend: internalise: bad operand")
}

// let binds an expression with one result of type t.
func (ic *internaliser) let(base string, t soac.Type, e soac.Exp, pos Pos) soac.SubExp {
	v := ic.b.Let(base, t, e, pos)
	ic.types[v.Name] = t
	return v
}

// letN binds an expression with several results.
func (ic *internaliser) letN(base string, ts []soac.Type, e soac.Exp, pos Pos) []soac.SubExp {
	vs := ic.b.LetN(base, ts, e, pos)
	out := make([]soac.SubExp, len(vs))
	for i, v := range vs {
		ic.types[v.Name] = ts[i]
		out[i] = v
	}
	return out
}

// subBody internalises into a fresh builder and returns the body.
func (ic *internaliser) subBody(f func() []soac.SubExp) *soac.Body {
	saved := ic.b
	ic.b = soac.NewBuilder(ic.names)
	res := f()
	body := ic.b.Body(res...)
	ic.b = saved
	return body
}

func (ic *internaliser) bindPat(env *ienv, p Pat, v ival) {
	switch p := p.(type) {
	case *PId:
		env.vars[p.Name] = v
	case *PWild:
	case *PAscript:
		ic.bindPat(env, p.Pat, v)
	case *PTuple:
		if len(p.Elems) == 1 {
			ic.bindPat(env, p.Elems[0], v)
			return
		}
		off := 0
		for _, e := range p.Elems {
			n := ic.components(ic.c.zonk(ic.c.patTypes[e]))
			ic.bindPat(env, e, ival{ses: v.ses[off : off+n]})
			off += n
		}
	default:
		panic(fmt.Sprintf("frontend: internalise: unsupported pattern %T", p))
	}
}

// components is the number of IR values a source value of type t becomes.
func (ic *internaliser) components(t Type) int {
	switch t := t.(type) {
	case TTuple:
		n := 0
		for _, e := range t.Elems {
			n += ic.components(e)
		}
		return n
	case TRecord:
		n := 0
		for _, f := range t.Fields {
			n += ic.components(f.Type)
		}
		return n
	case TArray:
		return ic.components(t.Elem)
	case TFun:
		return 0
	}
	return 1
}

// primOf is the primitive type of a checked expression.
func (ic *internaliser) primOf(e Exp) values.PrimType {
	t, ok := ic.c.zonk(ic.c.types[e]).(TPrim)
	if !ok {
		panic(fmt.Sprintf("frontend: internalise: %s: expected a primitive type", e.expPos()))
	}
	return t.T
}

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
	case *VarExp:
		return ic.varExp(env, e)
	case *ParenExp:
		return ic.exp(env, e.X)
	case *AttrExp:
		return ic.exp(env, e.X)
	case *AscriptExp:
		return ic.exp(env, e.X)
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
	case *LambdaExp:
		return ic.lambdaVal(env, e.Params, e.Body)
	case *TupleExp:
		var out ival
		for _, x := range e.Elems {
			out.ses = append(out.ses, ic.exp(env, x).ses...)
		}
		return out
	case *ProjectExp:
		if q, ok := ic.c.qualified[e]; ok {
			return ic.varExp(env, q)
		}
		x := ic.exp(env, e.X)
		tup := ic.c.zonk(ic.c.types[e.X]).(TTuple)
		var idx int
		fmt.Sscanf(e.Field, "%d", &idx)
		off := 0
		for i := 0; i < idx; i++ {
			off += ic.components(tup.Elems[i])
		}
		return ival{ses: x.ses[off : off+ic.components(tup.Elems[idx])]}
	case *ArrayLitExp:
		return ic.arrayLit(env, e)
	case *IndexExp:
		x := ic.exp(env, e.X)
		idx := make([]soac.SubExp, len(e.Indices))
		for i, s := range e.Indices {
			idx[i] = ic.toI64(ic.exp(env, s.Index).ses[0], e.Pos)
		}
		var out ival
		for _, arr := range x.ses {
			at := ic.typeOf(arr)
			rt := soac.Type{Elem: at.Elem, Shape: at.Shape[len(idx):]}
			out.ses = append(out.ses, ic.let("elem", rt, &soac.IndexExp{Arr: arr.(soac.Var).Name, Indices: idx, Pos: e.Pos}, e.Pos))
		}
		return out
	case *LetExp:
		v := ic.exp(env, e.Value)
		inner := env.child()
		ic.bindPat(inner, e.Pat, v)
		return ic.exp(inner, e.Body)
	case *IfExp:
		cond := ic.exp(env, e.Cond).ses[0]
		var ts []soac.Type
		thenB := ic.subBody(func() []soac.SubExp {
			r := ic.exp(env, e.Then).ses
			for _, se := range r {
				ts = append(ts, ic.typeOf(se))
			}
			return r
		})
		elseB := ic.subBody(func() []soac.SubExp { return ic.exp(env, e.Else).ses })
		return ival{ses: ic.letN("if", ts, &soac.IfExp{Cond: cond, Then: thenB, Else: elseB, Types: ts}, e.Pos)}
	case *LoopExp:
		return ic.loop(env, e)
	case *AssertExp:
		cond := ic.exp(env, e.Cond).ses[0]
		msg := "assertion failed"
		if e.Text != "" {
			msg = "assertion is false: " + e.Text
		}
		ic.let("assert", soac.Prim(values.Bool), &soac.AssertExp{Cond: cond, Msg: msg, Pos: e.Pos}, e.Pos)
		return ic.exp(env, e.X)
	}
	panic(fmt.Sprintf("frontend: internalise: %s: unsupported expression %T", e.expPos(), e))
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

func (ic *internaliser) varExp(env *ienv, e *VarExp) ival {
	if len(e.Qual) == 0 {
		if v, ok := env.lookup(e.Name); ok {
			return v
		}
		if d, ok := ic.funs[e.Name]; ok {
			return ic.globalVal(d)
		}
	}
	name := qualName(e.Qual, e.Name)
	in := intrinsics[name]
	if in.arity == 0 {
		return in.gen(ic, e, nil, e.Pos)
	}
	return ival{fn: &funVal{arity: in.arity, call: func(ic *internaliser, args []ival, pos Pos) ival {
		return in.gen(ic, e, args, pos)
	}}}
}

// globalVal is a top-level definition as a value: constants are computed
// where they are used, functions are inlined where they are applied.
func (ic *internaliser) globalVal(d *ValDecl) ival {
	if len(d.Params) == 0 {
		return ic.exp(&ienv{vars: map[string]ival{}}, d.Body)
	}
	return ic.lambdaVal(&ienv{vars: map[string]ival{}}, d.Params, d.Body)
}

func (ic *internaliser) lambdaVal(env *ienv, params []Pat, body Exp) ival {
	return ival{fn: &funVal{arity: len(params), call: func(ic *internaliser, args []ival, pos Pos) ival {
		inner := env.child()
		for i, p := range params {
			ic.bindPat(inner, p, args[i])
		}
		return ic.exp(inner, body)
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

func (ic *internaliser) binOp(env *ienv, e *BinOpExp) ival {
	switch e.Op {
	case "|>":
		return ic.apply(ic.exp(env, e.R), []ival{ic.exp(env, e.L)}, e.Pos)
	case "<|":
		return ic.apply(ic.exp(env, e.L), []ival{ic.exp(env, e.R)}, e.Pos)
	}
	l, r := ic.exp(env, e.L), ic.exp(env, e.R)
	if info, ok := binOps[e.Op]; ok && !e.Backtick && len(e.Qual) == 0 {
		t := ic.primOf(e.L)
		return scalar(ic.primBinOp(info, t, l.ses[0], r.ses[0], e.Pos))
	}
	f := ic.varExp(env, &VarExp{Pos: e.Pos, Qual: e.Qual, Name: e.Op})
	return ic.apply(f, []ival{l, r}, e.Pos)
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
	op := func(ic *internaliser, x, y ival, pos Pos) ival {
		if info, ok := binOps[e.Op]; ok && !e.Backtick && len(e.Qual) == 0 {
			return scalar(ic.primBinOp(info, ic.typeOf(x.ses[0]).Elem, x.ses[0], y.ses[0], pos))
		}
		return ic.apply(ic.varExp(env, &VarExp{Pos: pos, Qual: e.Qual, Name: e.Op}), []ival{x, y}, pos)
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
	t := ic.c.zonk(ic.c.types[e]).(TArray)
	rowT := rowOf(t)
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
			rt = ic.typeOf(elems[k][0])
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
		et := ic.emptyRowType(t.Elem, k)
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
	}
	panic(fmt.Sprintf("frontend: internalise: empty array of %s", typeString(t)))
}

func (ic *internaliser) loop(env *ienv, e *LoopExp) ival {
	init := ic.exp(env, e.Init)
	params := make([]soac.Param, len(init.ses))
	merge := make([]soac.SubExp, len(init.ses))
	for i, se := range init.ses {
		v := ic.names.New(patName(e.Pat))
		t := ic.typeOf(se)
		ic.types[v] = t
		params[i] = soac.Param{Name: v, Type: t}
		merge[i] = soac.Var{Name: v}
	}
	inner := env.child()
	ic.bindPat(inner, e.Pat, ival{ses: merge})
	var form soac.LoopForm
	var body *soac.Body
	switch {
	case e.ForBound != nil:
		bound := ic.exp(env, e.ForBound).ses[0]
		bt := ic.typeOf(bound).Elem
		iv := ic.names.New(e.ForIndex)
		ic.types[iv] = soac.Prim(bt)
		inner.vars[e.ForIndex] = scalar(soac.Var{Name: iv})
		form = soac.ForLoop{Index: iv, T: bt, Bound: bound}
		body = ic.subBody(func() []soac.SubExp { return ic.exp(inner, e.Body).ses })
	case e.ForInArr != nil:
		arr := ic.exp(env, e.ForInArr)
		iv := ic.names.New("i")
		ic.types[iv] = soac.Prim(values.I64)
		n := ic.typeOf(arr.ses[0]).Shape[0]
		form = soac.ForLoop{Index: iv, T: values.I64, Bound: n}
		body = ic.subBody(func() []soac.SubExp {
			var elem ival
			for _, a := range arr.ses {
				at := ic.typeOf(a)
				elem.ses = append(elem.ses, ic.let("x", at.RowType(), &soac.IndexExp{Arr: a.(soac.Var).Name, Indices: []soac.SubExp{soac.Var{Name: iv}}, Pos: e.Pos}, e.Pos))
			}
			ic.bindPat(inner, e.ForInPat, elem)
			return ic.exp(inner, e.Body).ses
		})
	case e.While != nil:
		// The condition is evaluated before each iteration from the merge
		// values; the IR's while-loop keeps it as an extra merge parameter.
		cv := ic.names.New("cond")
		ic.types[cv] = soac.Prim(values.Bool)
		// Internalising the condition a second time, from the initial
		// values, gives the first test without renaming IR.
		pre := env.child()
		ic.bindPat(pre, e.Pat, init)
		condInit := ic.exp(pre, e.While).ses[0]
		params = append([]soac.Param{{Name: cv, Type: soac.Prim(values.Bool)}}, params...)
		init.ses = append([]soac.SubExp{condInit}, init.ses...)
		form = soac.WhileLoop{Cond: cv}
		body = ic.subBody(func() []soac.SubExp {
			res := ic.exp(inner, e.Body).ses
			next := env.child()
			ic.bindPat(next, e.Pat, ival{ses: res})
			c := ic.exp(next, e.While).ses[0]
			return append([]soac.SubExp{c}, res...)
		})
	}
	ts := make([]soac.Type, len(params))
	for i, p := range params {
		ts[i] = p.Type
	}
	res := ic.letN("loop", ts, &soac.LoopExp{Params: params, Init: init.ses, Form: form, Body: body}, e.Pos)
	if _, ok := form.(soac.WhileLoop); ok {
		res = res[1:]
	}
	return ival{ses: res}
}
