package frontend

// Loop expressions: their parameters, initial values, bodies and the
// consumption of loop parameters.

import (
	"fmt"
	"slices"
)

func (c *checker) loop(sc *scope, e *LoopExp) Type {
	if e.Init == nil {
		init, ok := patToExp(e.Pat)
		if !ok {
			c.errorf(e.Pos, "write the initial value: loop x = ... for", "a loop without an initial value needs a pattern of names that are in scope")
		}
		e.Init = init
	}
	init := c.exp(sc, e.Init)
	inner := sc.child()
	c.depth++
	defer func() { c.depth-- }()
	pt := c.bindPat(inner, e.Pat, nil)
	// Sizes of the loop state may change from one iteration to the next:
	// in the body, the parameter's sizes are size variables of their own
	// (see loopResult).
	c.unify(pt, c.freshDims(c.zonk(init)), e.Init.expPos(), "initial value of the loop")
	c.unify(unknownDims(c.zonk(pt)), init, e.Init.expPos(), "initial value of the loop")
	paramT := c.zonk(pt) // before the body binds any of its sizes
	c.noFunction(pt, e.Pos, "a function cannot be used as loop variable", "loops may not carry functions")
	c.markAscribedLoopParams(inner, e.Pat)
	params := patNames(e.Pat, nil)
	switch {
	case e.ForBound != nil:
		bt := c.exp(sc, e.ForBound)
		c.unify(c.fresh(cIntegral, e.Pos), bt, e.ForBound.expPos(), "loop bound")
		inner.vars[e.ForIndex] = &binding{name: e.ForIndex, t: bt, depth: c.depth}
	case e.ForInArr != nil:
		at := c.resolve(c.exp(sc, e.ForInArr))
		a, ok := at.(TArray)
		if !ok {
			c.errorf(e.ForInArr.expPos(), "", "for-in loop over a value of type %s, which is not an array", c.show(at))
		}
		c.bindPat(inner, e.ForInPat, rowOf(c.zonk(a).(TArray)))
		// Each element is a row of the array, so it shares the array's
		// memory (returning it from a function declared to return a
		// unique value, or for a consumed loop parameter, is an error).
		arrAls := c.aliasesOf(sc, e.ForInArr)
		for _, n := range patNames(e.ForInPat, nil) {
			inner.vars[n].consumable = false
			inner.vars[n].aliases = arrAls
		}
	}
	// The initial value is consumed before the first iteration: what
	// the condition and the body use from outside the loop is collected
	// to be checked against it (see below).
	free := c.pushCapture(c.depth)
	if e.While != nil {
		c.whileConds = append(c.whileConds, inner)
		c.unify(tBool, c.exp(inner, e.While), e.While.expPos(), "while-loop condition")
		c.whileConds = c.whileConds[:len(c.whileConds)-1]
	}
	bodyT := c.exp(inner, e.Body)
	c.popCapture()
	c.unify(pt, unknownDims(c.zonk(bodyT)), e.Body.expPos(), "loop body (must have the type of the loop parameter)")
	bodyConsumed := map[string]bool{}
	for _, n := range params {
		if b, ok := inner.vars[n]; ok {
			if _, was := c.consumed[b]; was {
				bodyConsumed[n] = true
			}
		}
	}
	c.checkLoopReturns(e, c.treeOf(inner, e.Body), bodyConsumed)
	c.setLoopScope(e, inner, bodyConsumed)
	// Consuming a loop parameter in the body consumes its part of the
	// initial value, and so does declaring it unique (loop (x: *[]t) =
	// ...), as in Futhark.
	consumed := map[string]bool{}
	for _, n := range params {
		if b, ok := inner.vars[n]; ok {
			if _, was := c.consumed[b]; was {
				consumed[n] = true
				delete(c.consumed, b)
			}
		}
	}
	consumes := false
	if len(consumed) > 0 || declaresUnique(e.Pat) {
		consumes = true
		before := c.copyConsumed()
		c.depth--
		c.consumeLoopInit(sc, e.Pat, e.Init, consumed)
		c.depth++
		c.checkLoopUsesInit(sc, e, free.list, before)
	}
	// After no iterations the loop's result is its initial value: it
	// aliases what the parts of that value which were not consumed alias.
	if c.loopAliases == nil {
		c.loopAliases = map[*LoopExp][]*binding{}
	}
	var als []*binding
	for _, b := range c.aliasesOf(sc, e.Init) {
		if _, gone := c.consumed[b]; !gone || !consumes {
			als = append(als, b)
		}
	}
	// After some iterations it is what the body returned, which may
	// alias arrays from outside the loop (those bound at a lower depth).
	for _, b := range c.aliasesOf(inner, e.Body) {
		if b.depth < c.depth && !slices.Contains(als, b) {
			als = append(als, b)
		}
	}
	c.loopAliases[e] = als
	return c.loopResult(e, c.zonk(init), paramT, c.zonk(bodyT))
}

// freshDims gives every dimension of t a fresh size variable.
func (c *checker) freshDims(t Type) Type {
	return mapDims(t, func(ds []Dim) []Dim {
		out := make([]Dim, len(ds))
		for i := range ds {
			out[i] = c.freshDim()
		}
		return out
	})
}

// loopResult is the type of a loop's result, as Futhark infers it: a
// size of the loop parameter that the body returns unchanged (the
// parameter's own size, or a size it was unified with in the body) is
// the initial value's size; one the body changes (x ++ x, filter p x,
// x[1:], iota k) is a fresh existential size, unknown until the loop
// ends. Sizes given by an ascription of the parameter stay.
func (c *checker) loopResult(e *LoopExp, init, param, body Type) Type {
	made := map[[2]string]Dim{}
	var walk func(init, param, body Type) Type
	walk = func(init, param, body Type) Type {
		switch it := init.(type) {
		case TArray:
			pt, ok1 := param.(TArray)
			bt, ok2 := body.(TArray)
			if !ok1 || !ok2 || len(pt.Dims) != len(it.Dims) || len(bt.Dims) != len(it.Dims) {
				return init
			}
			dims := make([]Dim, len(it.Dims))
			for i := range it.Dims {
				p0 := pt.Dims[i]
				p, b, in := c.cmpDim(p0), c.cmpDim(bt.Dims[i]), c.cmpDim(it.Dims[i])
				switch {
				case p0.Var == 0:
					// Ascribed: checked against the body at run time.
					dims[i] = p0
				case b.Var != 0 && b.Var == p.Var:
					// The parameter's own size.
					dims[i] = it.Dims[i]
				case c.rigidDim(b) && c.rigidDim(in) && dimKey(b) == dimKey(in):
					// The initial value's size (map f (iota n) for a
					// parameter initialised with an array of size n).
					dims[i] = it.Dims[i]
				case b.Var != 0:
					// Nothing says what the body's size is.
					c.unifyDim(b, in)
					dims[i] = it.Dims[i]
				case b.isUnknown():
					// A size the checker does not infer (a prelude
					// function's result): unknown, checked at run time.
					dims[i] = Dim{}
				default:
					key := [2]string{dimKey(p), dimKey(b)}
					if d, ok := made[key]; ok {
						dims[i] = d
						continue
					}
					dims[i] = c.freshRigid(fmt.Sprintf("an unknown size of the value returned by the loop at %d:%d", e.Pos.Line, e.Pos.Col))
					made[key] = dims[i]
				}
			}
			return TArray{Elem: walk(it.Elem, pt.Elem, bt.Elem), Dims: dims, Unique: it.Unique}
		case TTuple:
			pt, ok1 := param.(TTuple)
			bt, ok2 := body.(TTuple)
			if !ok1 || !ok2 || len(pt.Elems) != len(it.Elems) || len(bt.Elems) != len(it.Elems) {
				return init
			}
			es := make([]Type, len(it.Elems))
			for i := range es {
				es[i] = walk(it.Elems[i], pt.Elems[i], bt.Elems[i])
			}
			return TTuple{Elems: es}
		case TRecord:
			pt, ok1 := param.(TRecord)
			bt, ok2 := body.(TRecord)
			if !ok1 || !ok2 || len(pt.Fields) != len(it.Fields) || len(bt.Fields) != len(it.Fields) {
				return init
			}
			fs := make([]RecordField, len(it.Fields))
			for i := range fs {
				fs[i] = RecordField{it.Fields[i].Name, walk(it.Fields[i].Type, pt.Fields[i].Type, bt.Fields[i].Type)}
			}
			return TRecord{Fields: fs}
		}
		return init
	}
	return walk(init, param, body)
}

// consumeLoopInit consumes the parts of a loop's initial value whose
// parameters the body consumed (named in consumed) or that are declared
// unique: component by component where the pattern and the value are
// tuples of one arity, else all of it.
func (c *checker) consumeLoopInit(sc *scope, p Pat, init Exp, consumed map[string]bool) {
	unique := false
	if a, ok := p.(*PAscript); ok {
		_, unique = a.Type.(*TEUnique)
	}
	pt, ok1 := unascribed(p).(*PTuple)
	te, ok2 := stripParens(init).(*TupleExp)
	if unique || !ok1 || !ok2 || len(pt.Elems) != len(te.Elems) {
		c.consume(sc, init, init.expPos())
		return
	}
	for i, q := range pt.Elems {
		if declaresUnique(q) || anyNamed(q, consumed) {
			c.consumeLoopInit(sc, q, te.Elems[i], consumed)
		}
	}
}

// anyNamed says whether pattern p binds one of names.
func anyNamed(p Pat, names map[string]bool) bool {
	for _, n := range patNames(p, nil) {
		if names[n] {
			return true
		}
	}
	return false
}

// unascribed is p without the type ascriptions around it.
func unascribed(p Pat) Pat {
	for {
		a, ok := p.(*PAscript)
		if !ok {
			return p
		}
		p = a.Pat
	}
}
