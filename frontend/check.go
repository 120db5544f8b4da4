package frontend

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
)

// checker infers and checks the types of a program. Each expression's type
// is recorded in types; type variables are resolved through subst.
type checker struct {
	next  int
	subst map[int]Type
	cons  map[int]constraint
	// consPos remembers where a constrained variable arose, for messages.
	consPos map[int]Pos
	types   map[Exp]Type
	// patTypes records the type each bound name gets.
	patTypes map[Pat]Type
	globals  map[string]*global
	typeAbbr map[string]*TypeDecl
	// qualified records projections that are really qualified names
	// (f32.sqrt parses as a projection from f32).
	qualified map[*ProjectExp]*VarExp
	errs      Diagnostics
}

// global is a top-level definition.
type global struct {
	decl *ValDecl
	typ  Type // function type (curried) or the constant's type
}

// scope maps local names to their types.
type scope struct {
	vars   map[string]Type
	parent *scope
}

func (s *scope) lookup(name string) (Type, bool) {
	for ; s != nil; s = s.parent {
		if t, ok := s.vars[name]; ok {
			return t, true
		}
	}
	return nil, false
}

func (s *scope) child() *scope { return &scope{vars: map[string]Type{}, parent: s} }

// checkError aborts checking of the current declaration; the diagnostic is
// already recorded. One error per declaration keeps one mistake from
// cascading into many.
type checkError struct{}

func newChecker() *checker {
	return &checker{
		subst:     map[int]Type{},
		cons:      map[int]constraint{},
		consPos:   map[int]Pos{},
		types:     map[Exp]Type{},
		patTypes:  map[Pat]Type{},
		globals:   map[string]*global{},
		typeAbbr:  map[string]*TypeDecl{},
		qualified: map[*ProjectExp]*VarExp{},
	}
}

func (c *checker) errorf(pos Pos, hint, format string, args ...any) {
	c.errs = append(c.errs, &Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...), Hint: hint})
	panic(checkError{})
}

func (c *checker) fresh(con constraint, pos Pos) TVar {
	c.next++
	v := TVar{ID: c.next}
	if con != cAny {
		c.cons[v.ID] = con
		c.consPos[v.ID] = pos
	}
	return v
}

// resolve follows substitutions at the top of a type.
func (c *checker) resolve(t Type) Type {
	for {
		v, ok := t.(TVar)
		if !ok {
			return t
		}
		s, ok := c.subst[v.ID]
		if !ok {
			return t
		}
		t = s
	}
}

// zonk substitutes all resolved variables throughout a type.
func (c *checker) zonk(t Type) Type {
	switch t := c.resolve(t).(type) {
	case TArray:
		elem := c.zonk(t.Elem)
		if a, ok := elem.(TArray); ok {
			return TArray{Elem: a.Elem, Dims: append(append([]Dim(nil), t.Dims...), a.Dims...), Unique: t.Unique}
		}
		return TArray{Elem: elem, Dims: t.Dims, Unique: t.Unique}
	case TTuple:
		es := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			es[i] = c.zonk(e)
		}
		return TTuple{Elems: es}
	case TRecord:
		fs := make([]RecordField, len(t.Fields))
		for i, f := range t.Fields {
			fs[i] = RecordField{f.Name, c.zonk(f.Type)}
		}
		return TRecord{Fields: fs}
	case TFun:
		return TFun{Param: c.zonk(t.Param), Result: c.zonk(t.Result)}
	default:
		return t
	}
}

func (c *checker) occurs(id int, t Type) bool {
	switch t := c.resolve(t).(type) {
	case TVar:
		return t.ID == id
	case TArray:
		return c.occurs(id, t.Elem)
	case TTuple:
		for _, e := range t.Elems {
			if c.occurs(id, e) {
				return true
			}
		}
	case TRecord:
		for _, f := range t.Fields {
			if c.occurs(id, f.Type) {
				return true
			}
		}
	case TFun:
		return c.occurs(id, t.Param) || c.occurs(id, t.Result)
	}
	return false
}

// unify makes two types equal or reports, at pos, that what was expected
// differs from what was found.
func (c *checker) unify(expected, found Type, pos Pos, what string) {
	if !c.unifyOK(expected, found) {
		c.errorf(pos, "", "%s: expected type %s, but found %s", what, typeString(c.zonk(expected)), typeString(c.zonk(found)))
	}
}

func (c *checker) unifyOK(a, b Type) bool {
	a, b = c.resolve(a), c.resolve(b)
	if va, ok := a.(TVar); ok {
		return c.bind(va, b)
	}
	if vb, ok := b.(TVar); ok {
		return c.bind(vb, a)
	}
	switch a := a.(type) {
	case TPrim:
		b, ok := b.(TPrim)
		return ok && a.T == b.T
	case TArray:
		b, ok := b.(TArray)
		if !ok {
			return false
		}
		// An array whose element is still a variable may turn out to be
		// an array itself, so compare one dimension at a time.
		ra, rb := rowOf(a), rowOf(b)
		return c.unifyOK(ra, rb)
	case TTuple:
		b, ok := b.(TTuple)
		if !ok || len(a.Elems) != len(b.Elems) {
			return false
		}
		for i := range a.Elems {
			if !c.unifyOK(a.Elems[i], b.Elems[i]) {
				return false
			}
		}
		return true
	case TRecord:
		b, ok := b.(TRecord)
		if !ok || len(a.Fields) != len(b.Fields) {
			return false
		}
		for i := range a.Fields {
			if a.Fields[i].Name != b.Fields[i].Name || !c.unifyOK(a.Fields[i].Type, b.Fields[i].Type) {
				return false
			}
		}
		return true
	case TFun:
		b, ok := b.(TFun)
		return ok && c.unifyOK(a.Param, b.Param) && c.unifyOK(a.Result, b.Result)
	}
	return false
}

func (c *checker) bind(v TVar, t Type) bool {
	if w, ok := t.(TVar); ok {
		if w.ID == v.ID {
			return true
		}
		con, ok := meet(c.cons[v.ID], c.cons[w.ID])
		if !ok {
			return false
		}
		if con != cAny {
			c.cons[w.ID] = con
			if _, has := c.consPos[w.ID]; !has {
				c.consPos[w.ID] = c.consPos[v.ID]
			}
		}
		c.subst[v.ID] = w
		return true
	}
	if c.occurs(v.ID, t) {
		return false
	}
	if con := c.cons[v.ID]; con != cAny {
		p, ok := t.(TPrim)
		if !ok || !con.allows(p.T) {
			return false
		}
	}
	c.subst[v.ID] = t
	return true
}

// defaultVars gives unresolved constrained variables Futhark's defaults:
// i32 for integers, f64 for floats.
func (c *checker) defaultVars() {
	for id, con := range c.cons {
		if _, bound := c.subst[id]; bound {
			continue
		}
		switch con {
		case cNumeric, cIntegral:
			c.subst[id] = tI32
		case cFloat:
			c.subst[id] = tF64
		}
	}
}

// --- declarations ---

func (c *checker) checkProg(p *Prog) {
	for _, d := range p.Decls {
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(checkError); !ok {
						panic(r)
					}
				}
			}()
			switch d := d.(type) {
			case *ValDecl:
				c.checkValDecl(d)
			case *TypeDecl:
				if len(d.Params) > 0 {
					c.errorf(d.Pos, "", "parametric type abbreviations are not supported yet")
				}
				c.typeAbbr[d.Name] = d
			case *UnsupportedDecl:
				c.errorf(d.Pos, "", "%s are not supported yet", d.What)
			}
		}()
	}
}

func (c *checker) checkValDecl(d *ValDecl) {
	if _, dup := c.globals[d.Name]; dup {
		c.errorf(d.Pos, "rename one of the definitions", "%q is defined more than once", d.Name)
	}
	for _, tp := range d.TypeParams {
		if !tp.Size {
			c.errorf(tp.Pos, "give the parameter a concrete type", "type parameter '%s: polymorphic definitions are not supported yet", tp.Name)
		}
	}
	sc := &scope{vars: map[string]Type{}}
	for _, tp := range d.TypeParams {
		sc.vars[tp.Name] = tI64
	}
	params := make([]Type, len(d.Params))
	for i, p := range d.Params {
		params[i] = c.bindPat(sc, p, nil)
	}
	var ret Type = c.fresh(cAny, d.Pos)
	if d.RetType != nil {
		ret = c.typeExp(d.RetType)
	}
	// Register before checking the body so that the error for a recursive
	// call is about recursion, not an unknown name.
	ft := ret
	for i := len(params) - 1; i >= 0; i-- {
		ft = TFun{Param: params[i], Result: ft}
	}
	g := &global{decl: d, typ: ft}
	body := c.exp(sc, d.Body)
	c.unify(ret, body, d.Body.expPos(), "the body of "+d.Name)
	c.defaultVars()
	g.typ = c.zonk(ft)
	if c.hasVars(g.typ) {
		c.errorf(d.Pos, "add type annotations to the parameters", "the type of %q, %s, is polymorphic; polymorphic definitions are not supported yet", d.Name, typeString(g.typ))
	}
	if d.Entry || d.Name == "main" {
		c.checkEntryType(d, params, ret)
	}
	c.globals[d.Name] = g
}

func (c *checker) checkEntryType(d *ValDecl, params []Type, ret Type) {
	ok := func(t Type) bool {
		switch t := c.zonk(t).(type) {
		case TPrim:
			return true
		case TArray:
			_, prim := t.Elem.(TPrim)
			return prim
		}
		return false
	}
	for i, p := range params {
		if !ok(p) {
			c.errorf(d.Params[i].patPos(), "", "entry point parameter of type %s: only primitives and arrays of primitives are supported for now", typeString(c.zonk(p)))
		}
	}
	rt := c.zonk(ret)
	if tup, isTup := rt.(TTuple); isTup {
		for _, e := range tup.Elems {
			if !ok(e) {
				c.errorf(d.Pos, "", "entry point result of type %s: only primitives and arrays of primitives are supported for now", typeString(e))
			}
		}
		return
	}
	if !ok(rt) {
		c.errorf(d.Pos, "", "entry point result of type %s: only primitives and arrays of primitives are supported for now", typeString(rt))
	}
}

func (c *checker) hasVars(t Type) bool {
	switch t := c.resolve(t).(type) {
	case TVar:
		return true
	case TArray:
		return c.hasVars(t.Elem)
	case TTuple:
		for _, e := range t.Elems {
			if c.hasVars(e) {
				return true
			}
		}
	case TRecord:
		for _, f := range t.Fields {
			if c.hasVars(f.Type) {
				return true
			}
		}
	case TFun:
		return c.hasVars(t.Param) || c.hasVars(t.Result)
	}
	return false
}

// --- types as written ---

func (c *checker) typeExp(te TypeExp) Type {
	switch te := te.(type) {
	case *TEName:
		if p, ok := values.ParsePrimType(te.Name); ok && len(te.Args) == 0 {
			return TPrim{p}
		}
		if d, ok := c.typeAbbr[te.Name]; ok {
			return c.typeExp(d.Type)
		}
		c.errorf(te.Pos, "", "unknown type %q", te.Name)
	case *TEArray:
		var d Dim
		if te.Dim != nil {
			switch {
			case te.Dim.Name != "":
				d = Dim{Name: te.Dim.Name}
			case te.Dim.Exp == nil:
				d = Dim{Const: te.Dim.Lit, Known: true}
			}
		}
		return arrayOf(d, c.typeExp(te.Elem))
	case *TETuple:
		es := make([]Type, len(te.Elems))
		for i, e := range te.Elems {
			es[i] = c.typeExp(e)
		}
		if len(es) == 1 {
			return es[0]
		}
		return TTuple{Elems: es}
	case *TERecord:
		fs := make([]RecordField, len(te.Fields))
		for i, f := range te.Fields {
			fs[i] = RecordField{f.Name, c.typeExp(f.Type)}
		}
		sortFields(fs)
		return TRecord{Fields: fs}
	case *TEArrow:
		return TFun{Param: c.typeExp(te.Param), Result: c.typeExp(te.Result)}
	case *TEUnique:
		t := c.typeExp(te.Type)
		if a, ok := t.(TArray); ok {
			a.Unique = true
			return a
		}
		return t
	case *TEExistential:
		return c.typeExp(te.Type)
	}
	c.errorf(te.typePos(), "", "unsupported type")
	return nil
}

// --- patterns ---

// bindPat binds the names of a pattern in sc. When t is nil the pattern's
// type comes from its ascriptions or fresh variables; it is returned.
func (c *checker) bindPat(sc *scope, p Pat, t Type) Type {
	switch p := p.(type) {
	case *PId:
		if t == nil {
			t = c.fresh(cAny, p.Pos)
		}
		sc.vars[p.Name] = t
		c.patTypes[p] = t
		return t
	case *PWild:
		if t == nil {
			t = c.fresh(cAny, p.Pos)
		}
		c.patTypes[p] = t
		return t
	case *PTuple:
		if len(p.Elems) == 1 {
			return c.bindPat(sc, p.Elems[0], t)
		}
		es := make([]Type, len(p.Elems))
		if t != nil {
			for i := range es {
				es[i] = c.fresh(cAny, p.Pos)
			}
			c.unify(TTuple{Elems: es}, t, p.Pos, "tuple pattern")
		}
		for i, e := range p.Elems {
			es[i] = c.bindPat(sc, e, es[i])
		}
		tt := TTuple{Elems: es}
		c.patTypes[p] = tt
		return tt
	case *PAscript:
		at := c.typeExp(p.Type)
		if t != nil {
			c.unify(at, t, p.Pos, "pattern with type ascription")
		}
		c.bindPat(sc, p.Pat, at)
		c.patTypes[p] = at
		return at
	case *PRecord:
		c.errorf(p.Pos, "", "record patterns are not supported yet")
	}
	c.errorf(p.patPos(), "", "unsupported pattern")
	return nil
}

// --- expressions ---

func (c *checker) exp(sc *scope, e Exp) Type {
	t := c.exp1(sc, e)
	c.types[e] = t
	return t
}

func (c *checker) exp1(sc *scope, e Exp) Type {
	switch e := e.(type) {
	case *IntLit:
		if e.Suffix != "" {
			p, _ := values.ParsePrimType(e.Suffix)
			return TPrim{p}
		}
		return c.fresh(cNumeric, e.Pos)
	case *FloatLit:
		if e.Suffix != "" {
			p, _ := values.ParsePrimType(e.Suffix)
			return TPrim{p}
		}
		return c.fresh(cFloat, e.Pos)
	case *BoolLit:
		return tBool
	case *VarExp:
		return c.varExp(sc, e)
	case *ParenExp:
		return c.exp(sc, e.X)
	case *AttrExp:
		return c.exp(sc, e.X)
	case *ApplyExp:
		ft := c.exp(sc, e.Fn)
		for _, a := range e.Args {
			at := c.exp(sc, a)
			res := c.fresh(cAny, e.Pos)
			fr := c.resolve(ft)
			if f, ok := fr.(TFun); ok {
				c.unify(f.Param, at, a.expPos(), "function argument")
				ft = f.Result
				continue
			}
			if _, ok := fr.(TVar); !ok {
				c.errorf(e.Pos, "", "%s is not a function, but it is applied to an argument", typeString(c.zonk(fr)))
			}
			c.unify(TFun{Param: at, Result: res}, fr, e.Pos, "application")
			ft = res
		}
		return ft
	case *BinOpExp:
		return c.binOp(sc, e)
	case *NegateExp:
		t := c.exp(sc, e.X)
		c.unify(c.fresh(cNumeric, e.Pos), t, e.X.expPos(), "operand of prefix -")
		return t
	case *NotExp:
		t := c.exp(sc, e.X)
		c.unify(c.fresh(cIntOrBool, e.Pos), t, e.X.expPos(), "operand of !")
		return t
	case *OpSectionExp:
		return c.opSection(sc, e)
	case *LambdaExp:
		inner := sc.child()
		ps := make([]Type, len(e.Params))
		for i, p := range e.Params {
			ps[i] = c.bindPat(inner, p, nil)
		}
		body := c.exp(inner, e.Body)
		if e.RetType != nil {
			c.unify(c.typeExp(e.RetType), body, e.Body.expPos(), "lambda body")
		}
		t := body
		for i := len(ps) - 1; i >= 0; i-- {
			t = TFun{Param: ps[i], Result: t}
		}
		return t
	case *TupleExp:
		es := make([]Type, len(e.Elems))
		for i, x := range e.Elems {
			es[i] = c.exp(sc, x)
		}
		return TTuple{Elems: es}
	case *ProjectExp:
		if q := c.asQualified(sc, e); q != nil {
			c.qualified[e] = q
			return c.varExp(sc, q)
		}
		t := c.resolve(c.exp(sc, e.X))
		tup, ok := t.(TTuple)
		if !ok {
			c.errorf(e.Pos, "", "cannot project field %s from a value of type %s", e.Field, typeString(c.zonk(t)))
		}
		var i int
		if _, err := fmt.Sscanf(e.Field, "%d", &i); err != nil || i < 0 || i >= len(tup.Elems) {
			c.errorf(e.Pos, "", "tuple of type %s has no field %s", typeString(c.zonk(t)), e.Field)
		}
		return tup.Elems[i]
	case *ArrayLitExp:
		elem := Type(c.fresh(cAny, e.Pos))
		for _, x := range e.Elems {
			c.unify(elem, c.exp(sc, x), x.expPos(), "array element")
		}
		return arrayOf(Dim{Const: int64(len(e.Elems)), Known: true}, elem)
	case *IndexExp:
		t := c.resolve(c.exp(sc, e.X))
		for _, s := range e.Indices {
			if s.IsSlice {
				c.errorf(e.Pos, "", "slices are not supported yet")
			}
			c.unify(c.fresh(cIntegral, e.Pos), c.exp(sc, s.Index), s.Index.expPos(), "array index")
			a, ok := c.resolve(t).(TArray)
			if !ok {
				c.errorf(e.Pos, "", "cannot index a value of type %s", typeString(c.zonk(t)))
			}
			t = rowOf(a)
		}
		return t
	case *LetExp:
		vt := c.exp(sc, e.Value)
		inner := sc.child()
		c.bindPat(inner, e.Pat, vt)
		return c.exp(inner, e.Body)
	case *IfExp:
		c.unify(tBool, c.exp(sc, e.Cond), e.Cond.expPos(), "condition of if")
		tt := c.exp(sc, e.Then)
		c.unify(tt, c.exp(sc, e.Else), e.Else.expPos(), "else branch (must match the then branch)")
		return tt
	case *LoopExp:
		return c.loop(sc, e)
	case *AscriptExp:
		t := c.typeExp(e.Type)
		c.unify(t, c.exp(sc, e.X), e.X.expPos(), "expression with type ascription")
		return t
	case *AssertExp:
		c.unify(tBool, c.exp(sc, e.Cond), e.Cond.expPos(), "assertion condition")
		return c.exp(sc, e.X)
	case *UnsupportedExp:
		c.errorf(e.Pos, "", "%s are not supported yet", e.What)
	}
	c.errorf(e.expPos(), "", "this kind of expression (%T) is not supported yet", e)
	return nil
}

func (c *checker) varExp(sc *scope, e *VarExp) Type {
	if len(e.Qual) == 0 {
		if t, ok := sc.lookup(e.Name); ok {
			return t
		}
		if g, ok := c.globals[e.Name]; ok {
			return g.typ
		}
	}
	if in, ok := intrinsics[qualName(e.Qual, e.Name)]; ok {
		return in.typ(c, e.Pos)
	}
	c.errorf(e.Pos, "check the spelling, or define it before this use", "unknown name %q", qualName(e.Qual, e.Name))
	return nil
}

func (c *checker) loop(sc *scope, e *LoopExp) Type {
	if e.Init == nil {
		c.errorf(e.Pos, "write the initial value: loop x = ... for", "loops without an initial value are not supported yet")
	}
	init := c.exp(sc, e.Init)
	inner := sc.child()
	pt := c.bindPat(inner, e.Pat, nil)
	c.unify(pt, init, e.Init.expPos(), "initial value of the loop")
	switch {
	case e.ForBound != nil:
		bt := c.exp(sc, e.ForBound)
		c.unify(c.fresh(cIntegral, e.Pos), bt, e.ForBound.expPos(), "loop bound")
		inner.vars[e.ForIndex] = bt
	case e.ForInArr != nil:
		at := c.resolve(c.exp(sc, e.ForInArr))
		a, ok := at.(TArray)
		if !ok {
			c.errorf(e.ForInArr.expPos(), "", "for-in loop over a value of type %s, which is not an array", typeString(c.zonk(at)))
		}
		c.bindPat(inner, e.ForInPat, rowOf(a))
	case e.While != nil:
		c.unify(tBool, c.exp(inner, e.While), e.While.expPos(), "while-loop condition")
	}
	c.unify(pt, c.exp(inner, e.Body), e.Body.expPos(), "loop body (must have the type of the loop parameter)")
	return pt
}

func qualName(qual []string, name string) string {
	for i := len(qual) - 1; i >= 0; i-- {
		name = qual[i] + "." + name
	}
	return name
}

// asQualified returns the qualified name a projection chain denotes when
// its root is not a variable in scope, such as f32.sqrt; otherwise nil.
func (c *checker) asQualified(sc *scope, e *ProjectExp) *VarExp {
	var path []string
	var x Exp = e
	for {
		switch y := x.(type) {
		case *ProjectExp:
			path = append([]string{y.Field}, path...)
			x = y.X
			continue
		case *VarExp:
			if len(y.Qual) > 0 {
				return nil
			}
			if _, ok := sc.lookup(y.Name); ok {
				return nil
			}
			if _, ok := c.globals[y.Name]; ok {
				return nil
			}
			path = append([]string{y.Name}, path...)
			return &VarExp{Pos: e.Pos, Qual: path[:len(path)-1], Name: path[len(path)-1]}
		}
		return nil
	}
}
