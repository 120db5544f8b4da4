package frontend

// Terms: checking expressions (exp, exp1) and the helpers for records,
// tuples, projections, field updates and indexing.

import "github.com/fcclang/fcc/runtime/values"

func (c *checker) exp(sc *scope, e Exp) Type {
	t := c.bounded(c.exp1(sc, e, nil), e.expPos())
	c.types[e] = t
	return t
}

// expExpect checks e knowing the type it is expected to have, which lets
// lambdas and sections see the types of their parameters (record fields
// and indexing need them).
func (c *checker) expExpect(sc *scope, e Exp, expected Type) Type {
	t := c.bounded(c.exp1(sc, e, expected), e.expPos())
	c.types[e] = t
	return t
}

// argPass is the pass in which apply checks an argument: 0 for values,
// 1 for applications containing function-like arguments, 2 for lambdas
// and sections.
func argPass(e Exp) int {
	e = stripParens(e)
	if !isFunctionLike(e) {
		return 0
	}
	if _, ok := e.(*ApplyExp); ok {
		return 1
	}
	return 2
}

func isFunctionLike(e Exp) bool {
	switch e := e.(type) {
	case *LambdaExp, *OpSectionExp, *ProjectSectionExp, *IndexSectionExp:
		return true
	case *ParenExp:
		return isFunctionLike(e.X)
	case *ApplyExp:
		// Partial applications such as map (\x -> ...) benefit too.
		for _, a := range e.Args {
			if isFunctionLike(a) {
				return true
			}
		}
	case *BinOpExp:
		return (e.Op == ">->" || e.Op == "<-<") && (isFunctionLike(e.L) || isFunctionLike(e.R))
	}
	return false
}

func (c *checker) exp1(sc *scope, e Exp, expected Type) Type {
	switch e := e.(type) {
	case *IntLit:
		if e.Suffix != "" {
			p, _ := values.ParsePrimType(e.Suffix)
			return TPrim{p}
		}
		v := c.fresh(cNumeric, e.Pos)
		c.litVars[v.ID] = true
		return v
	case *FloatLit:
		if e.Suffix != "" {
			p, _ := values.ParsePrimType(e.Suffix)
			return TPrim{p}
		}
		v := c.fresh(cFloat, e.Pos)
		c.litVars[v.ID] = true
		return v
	case *BoolLit:
		return tBool
	case *StringLit:
		return TArray{Elem: TPrim{values.U8}, Dims: []Dim{{Const: int64(len(e.Value)), Known: true}}}
	case *VarExp:
		return c.varExp(sc, e)
	case *ParenExp:
		if expected != nil {
			return c.expExpect(sc, e.X, expected)
		}
		return c.exp(sc, e.X)
	case *AttrExp:
		if expected != nil {
			return c.expExpect(sc, e.X, expected)
		}
		return c.exp(sc, e.X)
	case *ApplyExp:
		return c.apply(sc, e, expected)
	case *BinOpExp:
		return c.binOp(sc, e, expected)
	case *NegateExp:
		t := c.exp(sc, e.X)
		if !c.unifyOK(c.fresh(cNumeric, e.Pos), t) {
			c.errorf(e.X.expPos(), "", "operand of prefix - must have a numeric type, but has type %s", c.show(t))
		}
		return t
	case *NotExp:
		t := c.exp(sc, e.X)
		if !c.unifyOK(c.fresh(cIntOrBool, e.Pos), t) {
			c.errorf(e.X.expPos(), "", "operand of ! must have type bool or an integral type, but has type %s", c.show(t))
		}
		return t
	case *OpSectionExp:
		return c.opSection(sc, e)
	case *ProjectSectionExp:
		a := c.fresh(cAny, e.Pos)
		if f, ok := c.resolveFun(expected); ok {
			c.unify(f.Param, a, e.Pos, "projection section")
		}
		t := Type(a)
		for _, fld := range e.Fields {
			t = c.project(t, fld, e.Pos)
		}
		return TFun{Param: a, Result: t}
	case *IndexSectionExp:
		a := c.fresh(cAny, e.Pos)
		if f, ok := c.resolveFun(expected); ok {
			c.unify(f.Param, a, e.Pos, "index section")
		}
		return TFun{Param: a, Result: c.indexType(sc, a, e.Indices, e.Pos, false)}
	case *LambdaExp:
		return c.lambda(sc, e, expected)
	case *TupleExp:
		if len(e.Elems) == 0 {
			return tUnit
		}
		es := make([]Type, len(e.Elems))
		var exps []Type
		if tt, ok := c.resolveMaybe(expected).(TTuple); ok && len(tt.Elems) == len(e.Elems) {
			exps = tt.Elems
		}
		// Each component is held while the later ones are evaluated, so
		// they may not consume what it aliases (as Futhark's tuples).
		type held struct {
			als    []*binding
			before map[*binding]Pos
			pos    Pos
		}
		var hs []held
		for i, x := range e.Elems {
			if exps != nil {
				es[i] = c.expExpect(sc, x, exps[i])
			} else {
				es[i] = c.exp(sc, x)
			}
			if i < len(e.Elems)-1 {
				if als := c.aliasesOf(sc, x); len(als) > 0 {
					hs = append(hs, held{als, c.copyConsumed(), x.expPos()})
				}
			}
		}
		for _, h := range hs {
			c.checkHeldWhile(h.als, h.before, h.pos)
		}
		return TTuple{Elems: es}
	case *RecordExp:
		seen := map[string]Pos{}
		fs := make([]RecordField, len(e.Fields))
		for i, f := range e.Fields {
			if first, dup := seen[f.Name]; dup {
				c.errorf(f.Exp.expPos(), "give each field one value", "field %s previously defined at %d:%d", f.Name, first.Line, first.Col)
			}
			seen[f.Name] = f.Exp.expPos()
			fs[i] = RecordField{f.Name, c.exp(sc, f.Exp)}
		}
		sortFields(fs)
		return tupleIfNumbered(fs)
	case *ProjectExp:
		if q := c.asQualified(sc, e); q != nil {
			c.qualified[e] = q
			return c.varExp(sc, q)
		}
		return c.project(c.exp(sc, e.X), e.Field, e.Pos)
	case *ArrayLitExp:
		elem := Type(c.fresh(cAny, e.Pos))
		for _, x := range e.Elems {
			c.unify(elem, c.exp(sc, x), x.expPos(), "array element (all elements must have the type of the first)")
		}
		c.noFunction(elem, e.Pos, "arrays of functions are not allowed: the elements are functional", "arrays may not contain functions")
		return arrayOf(Dim{Const: int64(len(e.Elems)), Known: true}, elem)
	case *RangeExp:
		t := c.fresh(cIntegral, e.Pos)
		c.unify(t, c.exp(sc, e.Start), e.Start.expPos(), "start of range")
		if e.Second != nil {
			c.unify(t, c.exp(sc, e.Second), e.Second.expPos(), "second element of range")
		}
		c.unify(t, c.exp(sc, e.End), e.End.expPos(), "end of range")
		return arrayOf(c.rangeDim(sc, e), t)
	case *IndexExp:
		xt := c.exp(sc, e.X)
		before := c.copyConsumed()
		t := c.indexType(sc, xt, e.Indices, e.Pos, true)
		c.checkHeldWhile(c.aliasesOf(sc, e.X), before, e.Pos)
		return t
	case *LetExp:
		before := c.copyConsumed()
		vt := c.exp(sc, e.Value)
		c.noConsumptionIn("Let-bound expression", e.Value, vt, before)
		inner := sc.child()
		for _, n := range e.Sizes {
			inner.vars[n] = &binding{name: n, t: tI64, depth: c.depth}
		}
		done := c.bindLetSizes(inner, e, vt)
		defer done()
		if a, ok := e.Pat.(*PAscript); ok {
			c.checkUniqueAscription(sc, e.Value, c.patTypes[a], a.Pos)
		}
		byName := map[string][]*binding{}
		c.componentAliases(sc, e.Pat, e.Value, c.aliasesOf(sc, e.Value), byName)
		if id, ok := unascribed(e.Pat).(*PId); ok {
			_, split := c.componentSplit(sc, e.Value)
			inner.vars[id.Name].partAls = split
		}
		for _, n := range patNames(e.Pat, nil) {
			b := inner.vars[n]
			b.aliases = byName[n]
			b.consumable = true
			for _, a := range b.aliases {
				b.consumable = b.consumable && a.consumable
			}
		}
		c.bindTrees(sc, e.Pat, e.Value, inner)
		c.markHoldsResult(sc, e.Pat, e.Value, inner)
		c.setLetScope(e, inner)
		t := c.exp(inner, e.Body)
		c.recordBodyAliases(inner, e)
		return c.escapeLetSizes(e, t)
	case *LetFunExp:
		inner := sc.child()
		ft := c.localFun(sc, e)
		inner.vars[e.Name] = ft
		c.setLetScope(e, inner)
		t := c.exp(inner, e.Body)
		c.recordBodyAliases(inner, e)
		return t
	case *LetWithExp:
		b, ok := sc.lookup(e.Name)
		if !ok {
			c.errorf(e.Pos, "", "unknown name %q", e.Name)
		}
		c.use(b, e.Pos)
		c.noteUse(b)
		vt := c.indexType(sc, b.t, e.Indices, e.Pos, false)
		c.unify(vt, c.exp(sc, e.Value), e.Value.expPos(), "value written by the in-place update")
		target := &VarExp{Pos: e.Pos, Name: e.Name}
		c.checkUpdateValue(sc, target, e.Value)
		c.consume(sc, target, e.Pos)
		inner := sc.child()
		nb := &binding{name: e.Name, t: b.t, consumable: true, depth: c.depth, pos: e.Pos}
		inner.vars[e.Name] = nb
		c.setLetScope(e, inner)
		t := c.exp(inner, e.Body)
		c.recordBodyAliases(inner, e)
		return t
	case *UpdateExp:
		t := c.exp(sc, e.X)
		vt := c.indexType(sc, t, e.Indices, e.Pos, false)
		c.unify(vt, c.exp(sc, e.Value), e.Value.expPos(), "value written by the in-place update")
		c.checkUpdateValue(sc, e.X, e.Value)
		c.consume(sc, e.X, e.Pos)
		return t
	case *RecordUpdateExp:
		t := c.exp(sc, e.X)
		before := c.copyConsumed()
		vt := c.exp(sc, e.Value)
		c.checkPathSharing(sc, e, before)
		return c.updateField(t, e.Fields, vt, e.Pos)
	case *IfExp:
		c.unify(tBool, c.exp(sc, e.Cond), e.Cond.expPos(), "condition of if")
		before := c.copyConsumed()
		saved := c.copyConsumed()
		lo := c.next
		tt := c.exp(sc, e.Then)
		mid := c.next
		afterThen := c.consumed
		c.consumed = saved
		et := c.exp(sc, e.Else)
		for b, p := range afterThen {
			c.consumed[b] = p
		}
		c.noteBranchConsumption(e, before)
		c.branchCausality(e.Then, tt, e.Else, et, lo, mid, c.next)
		c.unify(unknownDims(c.zonk(tt)), unknownDims(c.zonk(et)), e.Else.expPos(), "else branch (must have the type of the then branch)")
		c.noFunction(tt, e.Pos, "a function cannot be returned from branches of an if", "if-expressions may not return functions")
		return c.joinTypes(tt, et)
	case *LoopExp:
		return c.loop(sc, e)
	case *ConstrExp:
		return c.constrExp(sc, e, expected)
	case *MatchExp:
		return c.match(sc, e, expected)
	case *AscriptExp:
		t := c.typeExp(sc, e.Type)
		c.unify(t, c.expExpect(sc, e.X, t), e.X.expPos(), "expression with type ascription")
		c.checkUniqueAscription(sc, e.X, t, e.Pos)
		return t
	case *CoerceExp:
		t := c.typeExp(sc, e.Type)
		xt := c.exp(sc, e.X)
		before := c.coerceShape(xt)
		if !c.unifyOK(anonDims(c.zonk(t)), anonDims(c.zonk(xt))) {
			c.errorf(e.X.expPos(), "", "size coercion: the value of type %s cannot be coerced to %s (only sizes may differ)", c.show(xt), c.show(t))
		}
		c.coerceAmbiguous(before, xt, e.Pos)
		return t
	case *AssertExp:
		c.unify(tBool, c.exp(sc, e.Cond), e.Cond.expPos(), "assertion condition")
		return c.exp(sc, e.X)
	case *UnsupportedExp:
		c.errorf(e.Pos, "", "%s are not supported yet", e.What)
	case *HoleExp:
		if expected != nil {
			return expected
		}
		return c.fresh(0, e.Pos)
	}
	c.errorf(e.expPos(), "", "this kind of expression (%T) is not supported yet", e)
	return nil
}

// joinUnique is the type of a value that is one of two: unique only when
// both are.
func (c *checker) joinUnique(a, b Type) Type {
	za, zb := c.zonk(a), c.zonk(b)
	if x, ok := za.(TArray); ok {
		if y, ok := zb.(TArray); ok && x.Unique != y.Unique {
			x.Unique = false
			return x
		}
	}
	return a
}

func anonDims(t Type) Type { return substType(t, nil, true) }

func (c *checker) copyConsumed() map[*binding]Pos {
	m := make(map[*binding]Pos, len(c.consumed))
	for k, v := range c.consumed {
		m[k] = v
	}
	return m
}

// letBody is the body of a let, local function or let-update expression
// (nil for any other expression).
func letBody(e Exp) Exp {
	switch e := e.(type) {
	case *LetExp:
		return e.Body
	case *LetFunExp:
		return e.Body
	case *LetWithExp:
		return e.Body
	}
	return nil
}

// recordBodyAliases remembers the aliases of a let's value as seen from
// inside its scope, so that the let expression itself aliases them. A
// name the let binds stands for what it aliases; one that aliases
// nothing (a fresh array) is kept although it goes out of scope, as in
// Futhark, so that two parts of the value that are the same array
// (let y = iota n in (y, y)) still alias each other.
func (c *checker) recordBodyAliases(inner *scope, e Exp) {
	var out []*binding
	for _, b := range c.aliasesOf(inner, letBody(e)) {
		if inner.vars[b.name] == b {
			out = append(out, b.aliases...)
			if b.aliases == nil {
				out = append(out, b)
			}
			continue
		}
		out = append(out, b)
	}
	if c.bodyAliases == nil {
		c.bodyAliases = map[Exp][]*binding{}
	}
	c.bodyAliases[e] = out
}

func (c *checker) resolveMaybe(t Type) Type {
	if t == nil {
		return nil
	}
	return c.resolve(t)
}

func (c *checker) resolveFun(t Type) (TFun, bool) {
	f, ok := c.resolveMaybe(t).(TFun)
	return f, ok
}

// project is the type of field f of a value of type t.
func (c *checker) project(t Type, f string, pos Pos) Type {
	if ft, ok := c.fieldOf(t, f); ok {
		return ft
	}
	switch rt := c.resolve(t).(type) {
	case TTuple:
		c.errorf(pos, "", "tuple of type %s has no field %s", c.show(t), f)
	case TRecord:
		c.errorf(pos, "", "record of type %s has no field %s", c.show(t), f)
	case TVar:
		if _, r := c.rigid[rt.ID]; !r {
			return c.projectVar(rt, f, pos)
		}
	}
	c.errorf(pos, "", "cannot access field %s of a value of type %s", f, c.show(t))
	return nil
}

// updateField is the type of a record with the nested field path replaced.
func (c *checker) updateField(t Type, path []string, vt Type, pos Pos) Type {
	if len(path) == 0 {
		c.unify(t, vt, pos, "record update")
		return t
	}
	if v, ok := c.resolve(t).(TVar); ok {
		if _, r := c.rigid[v.ID]; !r {
			c.errorf(pos, "add a type annotation to the record, e.g. (p: {a: i32, b: f32})", "cannot infer the type of the record being updated (field %s)", path[0])
		}
	}
	ft := c.project(t, path[0], pos)
	c.updateField(ft, path[1:], vt, pos)
	return t
}

// indexType is the type of indexing or slicing a value of type t; refine
// gives slices the sizes Futhark gives a slice that is read (sliceDim).
func (c *checker) indexType(sc *scope, t Type, idx []Slice, pos Pos, refine bool) Type {
	a, ok := c.resolve(t).(TArray)
	if v, isVar := c.resolve(t).(TVar); isVar && !ok {
		if _, r := c.rigid[v.ID]; !r {
			// Indexing makes a value whose type is not known yet an
			// array of at least as many dimensions as there are indices,
			// as in Futhark (def main arr = arr[0] + 1).
			dims := make([]Dim, len(idx))
			for i := range dims {
				dims[i] = c.freshDim()
			}
			a, ok = TArray{Elem: c.fresh(cAny, pos), Dims: dims}, true
			c.unify(a, t, pos, "indexed value")
		}
	}
	if !ok {
		c.errorf(pos, "", "cannot index a value of type %s", c.show(t))
	}
	za := c.zonk(a).(TArray)
	if len(idx) > len(za.Dims) {
		if _, isVar := c.resolve(za.Elem).(TVar); !isVar || true {
			c.errorf(pos, "", "%d indices for an array of type %s, which has %d dimension(s)", len(idx), c.show(t), len(za.Dims))
		}
	}
	var dims []Dim
	for i, s := range idx {
		if !s.IsSlice {
			it := c.exp(sc, s.Index)
			c.unify(c.fresh(cIntegral, pos), it, s.Index.expPos(), "array index")
			c.indexTypes = append(c.indexTypes, it)
			if p, ok := c.resolve(it).(TPrim); ok && !p.T.IsSigned() {
				c.errorf(s.Index.expPos(), "convert it, e.g. with i64.u8", "array index of type %s: indices must have a signed integer type", p.T)
			}
			continue
		}
		for _, x := range []Exp{s.Start, s.End, s.Step} {
			if x != nil {
				bt := c.exp(sc, x)
				c.unify(c.fresh(cIntegral, pos), bt, x.expPos(), "slice bound")
				c.indexTypes = append(c.indexTypes, bt)
			}
		}
		if refine {
			dims = append(dims, c.sliceDim(sc, s, za.Dims[i]))
		} else {
			dims = append(dims, c.sliceDimLoose(sc, s, za.Dims[i]))
		}
	}
	dims = append(dims, za.Dims[len(idx):]...)
	if len(dims) == 0 {
		return za.Elem
	}
	return TArray{Elem: za.Elem, Dims: dims}
}
