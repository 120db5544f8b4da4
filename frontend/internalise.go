package frontend

// Internalisation, the frontend's last stage: the checked program is
// lowered to the SOAC IR, with functions inlined at their uses (which
// monomorphises and defunctionalises the program; calls.go keeps some as
// IR functions). This file holds the driver
// (internalise), the internaliser's state, internalised values and their
// environments, and the helpers that bind them; internalise_entry.go,
// internalise_exp.go, internalise_fun.go, internalise_size.go,
// internalise_loop.go and internalise_sum.go lower the rest by concern.

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
	// accOps are the operators of the accumulator streams being
	// internalised, innermost last (accumulators.go).
	accOps []accOp
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
		if unitElem(t) {
			// An array of (): one bool array, whose values do not matter,
			// carries its shape (see unitElem).
			return 1
		}
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

// unitElem reports whether an array's elements have no values (the empty
// tuple, an empty record, or tuples and records of those): such an array
// has no component array that would carry its shape, and its type's
// sizes are all it holds (Futhark's functor31), so fcc represents it by
// an array of bool of its shape.
func unitElem(t TArray) bool {
	return noValues(t.Elem)
}

// noValues reports whether a value of type t has no components and no
// functions.
func noValues(t Type) bool {
	switch t := t.(type) {
	case TTuple:
		for _, e := range t.Elems {
			if !noValues(e) {
				return false
			}
		}
		return true
	case TRecord:
		for _, f := range t.Fields {
			if !noValues(f.Type) {
				return false
			}
		}
		return true
	}
	return false
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
