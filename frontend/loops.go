package frontend

// Loop expressions: their parameters, initial values, bodies and the
// consumption of loop parameters.

import "slices"

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
	// Sizes of the loop state may change from one iteration to the next.
	c.unify(pt, unknownDims(c.zonk(init)), e.Init.expPos(), "initial value of the loop")
	c.unify(unknownDims(c.zonk(pt)), init, e.Init.expPos(), "initial value of the loop")
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
	return pt
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
