package frontend

import (
	"fmt"
	"maps"
	"strings"

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
	// fns are the function components of a tuple or record that holds
	// functions (in field order); they never reach the IR either.
	fns []*funVal
}

// funs lists the function components of v.
func (v ival) funs() []*funVal {
	if v.fn != nil {
		return []*funVal{v.fn}
	}
	return v.fns
}

// funCount is the number of function components of a value of type t.
func funCount(t Type) int {
	switch t := t.(type) {
	case TFun:
		return 1
	case TTuple:
		n := 0
		for _, e := range t.Elems {
			n += funCount(e)
		}
		return n
	case TRecord:
		n := 0
		for _, f := range t.Fields {
			n += funCount(f.Type)
		}
		return n
	case TSum:
		// Each constructor's functions have their own components: only
		// the constructor a value was built with fills them (see
		// constrExp), which tells the match which case it can take.
		n := 0
		for _, k := range t.Constrs {
			for _, p := range k.Payload {
				n += funCount(p)
			}
		}
		return n
	}
	return 0
}

// funOffset is the number of function components before field f of a
// tuple or record type t.
func funOffset(t Type, f string) int {
	foff := 0
	switch t := t.(type) {
	case TTuple:
		for i, e := range t.Elems {
			if fmt.Sprint(i) == f {
				break
			}
			foff += funCount(e)
		}
	case TRecord:
		for _, fl := range t.Fields {
			if fl.Name == f {
				break
			}
			foff += funCount(fl.Type)
		}
	}
	return foff
}

// projectVal is field f of v, a value of tuple or record type t, and the
// field's type.
func (ic *internaliser) projectVal(v ival, t Type, f string) (ival, Type) {
	off, n, ft := ic.projectRange(t, f)
	foff := funOffset(t, f)
	fs := v.funs()
	if _, ok := ft.(TFun); ok {
		if foff >= len(fs) {
			panic(fmt.Sprintf("frontend: internalise: function field %s missing", f))
		}
		return ival{fn: fs[foff]}, ft
	}
	out := ival{ses: v.ses[off : off+n]}
	if k := funCount(ft); k > 0 {
		out.fns = fs[foff : foff+k]
	}
	return out, ft
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
	chk   *Checked
	names *soac.NameSource
	b     *soac.Builder
	// types records the IR type of every IR variable.
	types map[soac.VName]soac.Type
	// blanks are the blank arrays of unused sum type slots (see blank),
	// which an array literal may give the shape of its other rows.
	blanks map[soac.VName]leaf
	funs   map[string]*ValDecl
	// tsub maps the quantified type variables of the polymorphic
	// definitions being inlined to the types of this instance
	// (monomorphisation).
	tsub map[int]Type
	// pendingInst is the instantiation of a polymorphic function value
	// about to be called (see instantiated).
	pendingInst map[int]Type
	// inlineDepth guards against runaway inlining.
	inlineDepth int
	// defs remembers the expression that defined each single-result
	// variable, so that a size such as n*m can be taken apart again
	// (unflatten, split take their sizes from their argument's type).
	defs map[soac.VName]soac.Exp
	// calls are the functions kept rather than inlined (calls.go).
	calls callState
}

// srcType is the concrete source type of a checked type in the current
// instance.
func (ic *internaliser) srcType(t Type) Type {
	t = ic.chk.zonk(t)
	if len(ic.tsub) > 0 {
		t = substType(t, ic.tsub, false)
	}
	return t
}

// declType is a type as written in the definition being inlined, in the
// current instance: its type variables are replaced by this instance's
// types with their sizes made anonymous, since those sizes are named in
// the scope of the use, not of the definition (a size parameter n of the
// definition is not the caller's n). Size parameters are bound, and
// declared sizes checked, from declType's named dimensions only.
func (ic *internaliser) declType(t Type) Type {
	t = ic.chk.zonk(t)
	if len(ic.tsub) == 0 {
		return t
	}
	m := make(map[int]Type, len(ic.tsub))
	for k, v := range ic.tsub {
		m[k] = substType(ic.chk.zonk(v), nil, true)
	}
	return substType(t, m, false)
}

// typeOfExp is the concrete type of a checked expression.
func (ic *internaliser) typeOfExp(e Exp) Type { return ic.srcType(ic.chk.types[e]) }

// internalise lowers a checked program to the SOAC IR.
func internalise(chk *Checked) *soac.Program {
	prog := chk.prog
	ic := &internaliser{chk: chk, names: &soac.NameSource{}, types: map[soac.VName]soac.Type{}, funs: map[string]*ValDecl{},
		calls: callState{cost: map[string]int{}, made: map[string]*callee{}}}
	out := &soac.Program{}
	for name, g := range chk.defs {
		ic.funs[name] = g.decl
	}
	for _, d := range prog.Decls {
		// As in Futhark, a top-level definition named main is an entry point
		// even without the entry keyword.
		if vd, ok := d.(*ValDecl); ok && (vd.Entry || vd.Name == "main") {
			out.Funs = append(out.Funs, ic.entry(vd))
		}
	}
	out.Funs = append(out.Funs, ic.calls.funs...)
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
	var inVals []soac.EntryValue
	for _, p := range d.Params {
		t := ic.srcType(ic.chk.patTypes[p])
		ev := entryValue(t)
		if ev.N == 0 {
			// A parameter with no components (main ()) reads no input,
			// as in Futhark, where the empty tuple has no values.
			ev.Opaque = ""
		}
		inVals = append(inVals, ev)
		var comps []soac.SubExp
		for _, it := range ic.paramTypes(t, sizes) {
			v := ic.names.New(patName(p))
			ic.types[v] = it
			params = append(params, soac.Param{Name: v, Type: it})
			comps = append(comps, soac.Var{Name: v})
		}
		ic.bindPat(env, p, ival{ses: comps})
		ic.bindImplicitSizes(env, []Pat{p}, []ival{{ses: comps}})
	}
	res := ic.exp(env, d.Body)
	var ret []soac.Type
	for _, se := range res.ses {
		ret = append(ret, ic.typeOf(se))
	}
	f := &soac.FunDef{Name: d.Name, EntryName: d.Name, Params: params, RetType: ret, Body: ic.b.Body(res.ses...), Pos: d.Pos}
	// The result type as declared or inferred: a tuple is several
	// external values.
	rt := ic.chk.defs[d.Name].typ
	for range d.Params {
		rt = ic.chk.zonk(rt).(TFun).Result
	}
	var outVals []soac.EntryValue
	if tt, ok := ic.srcType(rt).(TTuple); ok {
		for _, e := range tt.Elems {
			outVals = append(outVals, entryValue(e))
		}
	} else {
		outVals = append(outVals, entryValue(ic.srcType(rt)))
	}
	if opaqueIn(inVals) || opaqueIn(outVals) {
		f.EntryParams, f.EntryResults = inVals, outVals
	}
	return f
}

// entryValue is the external value of an entry point parameter or result
// of type t: transparent for a primitive or an array of primitives, else
// opaque (named by its type, with anonymous sizes, as Futhark names its
// opaque types) and made of one IR value per primitive component.
func entryValue(t Type) soac.EntryValue {
	if a, ok := t.(TArray); ok {
		if _, prim := a.Elem.(TPrim); prim {
			return soac.EntryValue{N: 1}
		}
	}
	if _, prim := t.(TPrim); prim {
		return soac.EntryValue{N: 1}
	}
	return soac.EntryValue{Opaque: typeString(substType(t, nil, true)), N: components(t)}
}

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

// components is the number of IR values a value of type t becomes.
func components(t Type) int {
	switch t := t.(type) {
	case TArray:
		return components(t.Elem)
	case TSum:
		return sumComponents(t)
	case TTuple:
		n := 0
		for _, e := range t.Elems {
			n += components(e)
		}
		return n
	case TRecord:
		n := 0
		for _, f := range t.Fields {
			n += components(f.Type)
		}
		return n
	}
	return 1
}

func opaqueIn(vs []soac.EntryValue) bool {
	for _, v := range vs {
		if v.Opaque != "" {
			return true
		}
	}
	return false
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
	case TRecord:
		var out []soac.Type
		for _, f := range t.Fields {
			out = append(out, ic.paramTypes(f.Type, sizes)...)
		}
		return out
	case TSum:
		return ic.sumParamTypes(t)
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
	if ic.defs == nil {
		ic.defs = map[soac.VName]soac.Exp{}
	}
	ic.defs[v.Name] = e
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
		if v.fn != nil {
			panic("frontend: internalise: tuple pattern for a function")
		}
		tt := ic.srcType(ic.chk.patTypes[p])
		for i, e := range p.Elems {
			part, _ := ic.projectVal(v, tt, fmt.Sprint(i))
			ic.bindPat(env, e, part)
		}
	case *PRecord:
		rt := ic.srcType(ic.chk.patTypes[p])
		for _, f := range p.Fields {
			part, _ := ic.projectVal(v, rt, f.Name)
			ic.bindPat(env, f.Pat, part)
		}
	default:
		if !ic.bindSumPat(env, p, v) {
			panic(fmt.Sprintf("frontend: internalise: unsupported pattern %T", p))
		}
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
	case TSum:
		return sumComponents(t)
	case TFun:
		return 0
	case TVar:
		panic(fmt.Sprintf("frontend: internalise: unresolved type %s", typeString(t)))
	}
	return 1
}

// fieldRange is the offset and number of the components of field f.
func (ic *internaliser) fieldRange(rt TRecord, f string) (int, int) {
	off := 0
	for _, fl := range rt.Fields {
		n := ic.components(fl.Type)
		if fl.Name == f {
			return off, n
		}
		off += n
	}
	panic("frontend: internalise: no field " + f)
}

// projectRange is the offset and number of the components of field f of
// a tuple or record.
func (ic *internaliser) projectRange(t Type, f string) (int, int, Type) {
	switch t := t.(type) {
	case TTuple:
		var idx int
		fmt.Sscanf(f, "%d", &idx)
		off := 0
		for i := 0; i < idx; i++ {
			off += ic.components(t.Elems[i])
		}
		return off, ic.components(t.Elems[idx]), t.Elems[idx]
	case TRecord:
		off, n := ic.fieldRange(t, f)
		ft, _ := fieldType(t, f)
		return off, n, ft
	}
	panic(fmt.Sprintf("frontend: internalise: projection from %s", typeString(t)))
}

// primOf is the primitive type of a checked expression.
func (ic *internaliser) primOf(e Exp) values.PrimType {
	t, ok := ic.typeOfExp(e).(TPrim)
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
		return ic.exp(env, e.X)
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
		return ic.index(x, ic.sliceArgs(env, e.Indices), e.Pos)
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

func (ic *internaliser) varExp(env *ienv, e *VarExp) ival {
	if len(e.Qual) == 0 {
		if v, ok := env.lookup(e.Name); ok {
			if m, poly := ic.chk.inst[e]; poly && v.fn != nil {
				return ic.instantiated(v, m)
			}
			return v
		}
		if d, ok := ic.chk.globalRef[e]; ok {
			return ic.globalVal(d, ic.chk.inst[e])
		}
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
	f := ic.lambdaVal(&ienv{vars: map[string]ival{}}, d.Params, d.Body, d.TypeParams, ic.chk.retTypes[d], d.Name)
	ic.tsub = saved
	return ic.callable(d, inst, f)
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

// sizeResolver gives the IR operand of a dimension of a declared type in
// env, or nil where the dimension is not known there (an existential or
// unknown size, a size parameter that no argument bound, a size expression
// of an unsupported form). sizes are the size parameters of the function
// whose environment env is.
func (ic *internaliser) sizeResolver(env *ienv, sizes map[string]bool) func(Dim) soac.SubExp {
	var ok func(e Exp) bool
	name := func(n string) (soac.SubExp, bool) {
		var v ival
		var found bool
		if sizes[n] {
			v, found = env.vars[n]
		} else {
			v, found = env.lookup(n)
		}
		if !found || v.fn != nil || len(v.ses) != 1 {
			return nil, false
		}
		if t := ic.typeOf(v.ses[0]); t.Rank() != 0 || t.Elem != values.I64 {
			return nil, false
		}
		return v.ses[0], true
	}
	ok = func(e Exp) bool {
		switch e := e.(type) {
		case *ParenExp:
			return ok(e.X)
		case *IntLit:
			return true
		case *VarExp:
			if len(e.Qual) != 0 {
				return false
			}
			if _, found := name(e.Name); found {
				return true
			}
			_, global := ic.chk.globalRef[e]
			return global && !sizes[e.Name]
		case *BinOpExp:
			switch e.Op {
			case "+", "-", "*":
				return !e.Backtick && len(e.Qual) == 0 && ok(e.L) && ok(e.R)
			}
		case *ProjectExp:
			// A field of a parameter or local (unit [s.0] [s.1] for a
			// parameter s of a tuple type).
			x := e.X
			for {
				if p, isProj := x.(*ProjectExp); isProj {
					x = p.X
					continue
				}
				if p, isParen := x.(*ParenExp); isParen {
					x = p.X
					continue
				}
				break
			}
			v, isVar := x.(*VarExp)
			if !isVar || len(v.Qual) != 0 {
				return false
			}
			b, found := env.lookup(v.Name)
			return found && b.fn == nil
		}
		return false
	}
	return func(d Dim) soac.SubExp {
		switch {
		case d.Known:
			return i64c(d.Const)
		case d.Name != "":
			se, _ := name(d.Name)
			return se
		case d.Exp != nil:
			if !ok(d.Exp) {
				return nil
			}
			return ic.toI64(ic.exp(ic.globalsInSize(env, d.Exp), d.Exp).ses[0], d.Exp.expPos())
		}
		return nil
	}
}

// coerceShape gives the components ses of a value of type t the
// dimensions resolve gives for t's dimensions (nil: left as they are),
// with a run-time check (msg at pos) for each dimension that is not the
// same operand already, and a reshape for each component whose shape
// changes.
func (ic *internaliser) coerceShape(ses []soac.SubExp, t Type, resolve func(Dim) soac.SubExp, msg string, pos Pos) []soac.SubExp {
	return ic.coerceShapeTo(ses, ic.wantShapes(ses, t, resolve), msg, pos)
}

// wantShapes is the wanted shape (nil: unknown dimension) of each
// component ses of a value of the declared type t.
func (ic *internaliser) wantShapes(ses []soac.SubExp, t Type, resolve func(Dim) soac.SubExp) [][]soac.SubExp {
	want := make([][]soac.SubExp, len(ses))
	for i, se := range ses {
		want[i] = make([]soac.SubExp, ic.typeOf(se).Rank())
	}
	ic.wantDims(t, want, 0, resolve)
	return want
}

// coerceShapeTo is coerceShape with the wanted shapes computed.
func (ic *internaliser) coerceShapeTo(ses []soac.SubExp, want [][]soac.SubExp, msg string, pos Pos) []soac.SubExp {
	out := make([]soac.SubExp, len(ses))
	for i, se := range ses {
		at := ic.typeOf(se)
		shape := append([]soac.SubExp(nil), at.Shape...)
		changed := false
		for k, d := range want[i] {
			if d == nil || ic.sameSize(d, shape[k], 0) {
				continue
			}
			// An array with an outer dimension of constant size zero
			// has no elements: its inner dimensions may be any (the
			// rows of an empty literal [] are given zeros).
			if !emptyOuter(shape[:k]) {
				ic.assertEq(shape[k], d, msg, pos)
			}
			shape[k] = d
			changed = true
		}
		out[i] = se
		if v, isVar := se.(soac.Var); changed && isVar {
			out[i] = ic.let("coerced", soac.Type{Elem: at.Elem, Shape: shape, Unique: at.Unique}, &soac.ReshapeExp{Shape: shape, Arr: v.Name, Pos: pos}, pos)
		}
	}
	return out
}

// globalsInSize is env where the names of the size expression e that
// the checker resolved to top-level definitions mean them, though a
// parameter of the same name is bound (def size (s: [s k n]t), where
// the type is checked before s is bound).
func (ic *internaliser) globalsInSize(env *ienv, e Exp) *ienv {
	var out *ienv
	var walk func(Exp)
	walk = func(e Exp) {
		switch e := e.(type) {
		case *VarExp:
			d, global := ic.chk.globalRef[e]
			if _, shadowed := env.lookup(e.Name); global && shadowed && len(e.Qual) == 0 {
				if out == nil {
					out = env.child()
				}
				out.vars[e.Name] = ic.globalVal(d, ic.chk.inst[e])
			}
		case *ApplyExp:
			walk(e.Fn)
			for _, a := range e.Args {
				walk(a)
			}
		case *BinOpExp:
			walk(e.L)
			walk(e.R)
		case *ParenExp:
			walk(e.X)
		}
	}
	walk(e)
	if out == nil {
		return env
	}
	return out
}

// emptyOuter says whether one of the dimensions is the constant zero.
func emptyOuter(dims []soac.SubExp) bool {
	for _, d := range dims {
		if c, ok := d.(soac.Const); ok && c.Value.T.IsInt() && c.Value.Int() == 0 {
			return true
		}
	}
	return false
}

// sameSize says whether two i64 operands are provably equal: the same
// operand, or variables computed by the same operations from provably
// equal operands (the n+m of a declared type [n+m]t and the size of a
// concatenation), so that no check is needed.
func (ic *internaliser) sameSize(a, b soac.SubExp, depth int) bool {
	if soac.SameSubExp(a, b) {
		return true
	}
	if ca, ok := a.(soac.Const); ok {
		if cb, ok := b.(soac.Const); ok {
			return ca.Value.T.IsInt() && cb.Value.T.IsInt() && ca.Value.Int() == cb.Value.Int()
		}
	}
	if depth > 32 {
		return false
	}
	da, db := ic.defOf(a), ic.defOf(b)
	if x, ok := da.(*soac.SubExpExp); ok {
		return ic.sameSize(x.X, b, depth+1)
	}
	if y, ok := db.(*soac.SubExpExp); ok {
		return ic.sameSize(a, y.X, depth+1)
	}
	switch x := da.(type) {
	case *soac.BinOpExp:
		y, ok := db.(*soac.BinOpExp)
		if !ok || x.Op != y.Op || x.T != y.T {
			return false
		}
		if ic.sameSize(x.X, y.X, depth+1) && ic.sameSize(x.Y, y.Y, depth+1) {
			return true
		}
		switch x.Op {
		case soac.Add, soac.Mul, soac.Min, soac.Max:
			return ic.sameSize(x.X, y.Y, depth+1) && ic.sameSize(x.Y, y.X, depth+1)
		}
	case *soac.ConvOpExp:
		y, ok := db.(*soac.ConvOpExp)
		return ok && x.From == y.From && x.To == y.To && ic.sameSize(x.X, y.X, depth+1)
	}
	return false
}

// defOf returns the expression that computed the operand x, or nil for a
// constant or a variable not computed by a statement of this program
// (a parameter).
func (ic *internaliser) defOf(x soac.SubExp) soac.Exp {
	if v, ok := x.(soac.Var); ok {
		return ic.defs[v.Name]
	}
	return nil
}

// wantDims fills want (the wanted shapes of the components of a value of
// type t, from dimension strip on) with the resolved dimensions of t.
func (ic *internaliser) wantDims(t Type, want [][]soac.SubExp, strip int, resolve func(Dim) soac.SubExp) {
	switch t := t.(type) {
	case TArray:
		for i, d := range t.Dims {
			r := resolve(d)
			if r == nil {
				continue
			}
			for c := range want {
				if strip+i < len(want[c]) {
					want[c][strip+i] = r
				}
			}
		}
		ic.wantDims(t.Elem, want, strip+len(t.Dims), resolve)
	case TTuple:
		off := 0
		for _, e := range t.Elems {
			n := ic.components(e)
			ic.wantDims(e, want[off:off+n], strip, resolve)
			off += n
		}
	case TRecord:
		off := 0
		for _, f := range t.Fields {
			n := ic.components(f.Type)
			ic.wantDims(f.Type, want[off:off+n], strip, resolve)
			off += n
		}
	}
}

// eachDimSize calls visit with every dimension of the arrays in t and
// the size the value ses (t's components) has there; strip is the number
// of outer dimensions of the components that t does not describe.
func (ic *internaliser) eachDimSize(t Type, ses []soac.SubExp, strip int, visit func(d Dim, size soac.SubExp)) {
	switch t := t.(type) {
	case TArray:
		if len(ses) == 0 {
			return
		}
		shape := ic.typeOf(ses[0]).Shape[strip:]
		for i, d := range t.Dims {
			if i < len(shape) {
				visit(d, shape[i])
			}
		}
		ic.eachDimSize(t.Elem, ses, strip+len(t.Dims), visit)
	case TTuple:
		off := 0
		for _, e := range t.Elems {
			n := ic.components(e)
			ic.eachDimSize(e, ses[off:off+n], strip, visit)
			off += n
		}
	case TRecord:
		off := 0
		for _, f := range t.Fields {
			n := ic.components(f.Type)
			ic.eachDimSize(f.Type, ses[off:off+n], strip, visit)
			off += n
		}
	}
}

// bindSizes binds the size parameters that appear in the dimensions of t
// to the shape of the value; a size seen twice must be equal (a dynamic
// check, as Futhark inserts where it cannot tell statically).
func (ic *internaliser) bindSizes(env *ienv, t Type, ses []soac.SubExp, strip int, sizes map[string]bool, pos Pos) {
	ic.eachDimSize(t, ses, strip, func(d Dim, size soac.SubExp) {
		if d.Name == "" || !sizes[d.Name] {
			return
		}
		if prev, ok := env.vars[d.Name]; ok {
			ic.assertEq(prev.ses[0], size, fmt.Sprintf("size mismatch: size %s is bound to two different values", d.Name), pos)
			return
		}
		env.vars[d.Name] = scalar(size)
	})
}

// solveSizeExps binds the size parameters that are still unbound and
// occur in a size expression of t ([n+m]t, [inc n]t, [2**k]t) by matching
// the expression with the value's size, as Futhark unifies the size
// expressions of a parameter type with those of the argument's type: the
// argument's size must have been computed by the same operations
// (concatenation gives n+m, a declared or coerced type [inc n]t computes
// inc n), and the operands it was computed from bind the size
// parameters. A size that cannot be matched so is a compile error, as in
// Futhark.
func (ic *internaliser) solveSizeExps(env *ienv, t Type, ses []soac.SubExp, strip int, sizes map[string]bool, fname string, pos Pos) {
	ic.eachDimSize(t, ses, strip, func(d Dim, size soac.SubExp) {
		if d.Exp == nil || d.Name != "" {
			return
		}
		// The unbound size parameters, in order of appearance.
		var unbound []string
		seen := map[string]bool{}
		for _, n := range expNameList(d.Exp, nil) {
			if _, ok := env.vars[n]; sizes[n] && !ok && !seen[n] {
				seen[n] = true
				unbound = append(unbound, n)
			}
		}
		if len(unbound) == 0 {
			return
		}
		if !ic.solveSizeExp(env, d.Exp, unbound, size) {
			panic(&Diagnostic{Pos: pos,
				Msg:  fmt.Sprintf("cannot determine size parameter [%s] of %s: the argument's size is not written as %s", strings.Join(unbound, "] ["), fname, expString(d.Exp)),
				Hint: fmt.Sprintf("coerce the argument to the parameter's type (e :> [%s]t) with the size parameters given by names in scope", expString(d.Exp))})
		}
	})
}

// solveSizeExp matches the size expression e with the size se, binding
// the size parameters unbound in env, and says whether it succeeded. The
// expression is internalised with a placeholder for each unbound
// parameter into a body that is thrown away; its IR is then matched
// operation by operation with the IR that computed se.
func (ic *internaliser) solveSizeExp(env *ienv, e Exp, unbound []string, se soac.SubExp) bool {
	holes := map[soac.VName]soac.SubExp{}
	probe := ic.globalsInSize(env, e).child()
	for _, n := range unbound {
		v := ic.sizeVar(n)
		holes[v.Name] = nil
		probe.vars[n] = scalar(v)
	}
	var pat soac.SubExp
	ic.subBody(func() []soac.SubExp {
		pat = ic.toI64(ic.exp(probe, e).ses[0], e.expPos())
		return nil
	})
	if !ic.matchSize(pat, se, holes, 0) {
		return false
	}
	for _, n := range unbound {
		v := probe.vars[n].ses[0].(soac.Var)
		if holes[v.Name] == nil {
			return false
		}
		env.vars[n] = scalar(holes[v.Name])
	}
	return true
}

// matchSize matches pat, an i64 operand computed from the placeholders
// in holes, with se: a placeholder matches anything (once bound, only an
// operand provably equal to what it is bound to), and an operand computed
// by an operation matches one computed by the same operation from
// matching operands (in either order where the operation commutes).
func (ic *internaliser) matchSize(pat, se soac.SubExp, holes map[soac.VName]soac.SubExp, depth int) bool {
	if depth > 32 {
		return false
	}
	if v, ok := pat.(soac.Var); ok {
		if b, isHole := holes[v.Name]; isHole {
			if b == nil {
				holes[v.Name] = se
				return true
			}
			return ic.sameSize(b, se, 0)
		}
	}
	if !ic.mentionsHole(pat, holes, 0) {
		return ic.sameSize(pat, se, 0)
	}
	dp, ds := ic.defOf(pat), ic.defOf(se)
	if x, ok := dp.(*soac.SubExpExp); ok {
		return ic.matchSize(x.X, se, holes, depth+1)
	}
	if y, ok := ds.(*soac.SubExpExp); ok {
		return ic.matchSize(pat, y.X, holes, depth+1)
	}
	switch x := dp.(type) {
	case *soac.BinOpExp:
		y, ok := ds.(*soac.BinOpExp)
		if !ok || x.Op != y.Op || x.T != y.T {
			return false
		}
		saved := maps.Clone(holes)
		if ic.matchSize(x.X, y.X, holes, depth+1) && ic.matchSize(x.Y, y.Y, holes, depth+1) {
			return true
		}
		switch x.Op {
		case soac.Add, soac.Mul, soac.Min, soac.Max:
			maps.Copy(holes, saved)
			return ic.matchSize(x.X, y.Y, holes, depth+1) && ic.matchSize(x.Y, y.X, holes, depth+1)
		}
	case *soac.ConvOpExp:
		y, ok := ds.(*soac.ConvOpExp)
		return ok && x.From == y.From && x.To == y.To && ic.matchSize(x.X, y.X, holes, depth+1)
	}
	return false
}

// mentionsHole says whether the operand x is computed from a placeholder
// of holes.
func (ic *internaliser) mentionsHole(x soac.SubExp, holes map[soac.VName]soac.SubExp, depth int) bool {
	v, ok := x.(soac.Var)
	if !ok {
		return false
	}
	if _, isHole := holes[v.Name]; isHole {
		return true
	}
	if depth > 32 {
		return true
	}
	switch d := ic.defs[v.Name].(type) {
	case *soac.SubExpExp:
		return ic.mentionsHole(d.X, holes, depth+1)
	case *soac.ConvOpExp:
		return ic.mentionsHole(d.X, holes, depth+1)
	case *soac.BinOpExp:
		return ic.mentionsHole(d.X, holes, depth+1) || ic.mentionsHole(d.Y, holes, depth+1)
	case nil:
		return false
	}
	// Anything else computed from a placeholder cannot be matched; one
	// not computed from any is compared as a whole (sameSize).
	return false
}

// assertEq emits a run-time check that two i64 operands are equal.
func (ic *internaliser) assertEq(a, b soac.SubExp, msg string, pos Pos) {
	if soac.SameSubExp(a, b) {
		return
	}
	if ca, ok := a.(soac.Const); ok {
		if cb, ok := b.(soac.Const); ok && ca.Value.Int() == cb.Value.Int() {
			return
		}
	}
	c := ic.let("eq", soac.Prim(values.Bool), &soac.CmpOpExp{Op: soac.Eq, T: values.I64, X: a, Y: b}, pos)
	ic.let("check", soac.Prim(values.Bool), &soac.AssertExp{Cond: c, Msg: soac.EscapeFormat(msg), Pos: pos}, pos)
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
