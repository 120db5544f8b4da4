package frontend

import "math"

// Closures and evaluation order in the uniqueness check.
//
// A function value holds on to the arrays it refers to: a lambda or local
// function to the arrays free in its body, a partial application to the
// arrays it was applied to (Futhark User's Guide, "In-place Updates and
// Higher-Order Functions"). These are the closure's aliases: using the
// closure after one of them was consumed is an error, and so is the
// result of applying it, which may alias them. A closure may be used any
// number of times, so the expression that makes one may not consume
// anything (let f = update xs would consume xs at each call of f).

// capture collects the bindings used while an expression is checked that
// were bound outside it (at a depth below depth).
type capture struct {
	depth int
	seen  map[*binding]bool
	list  []*binding
}

// pushCapture starts collecting the uses of bindings bound below depth.
func (c *checker) pushCapture(depth int) *capture {
	cp := &capture{depth: depth, seen: map[*binding]bool{}}
	c.captures = append(c.captures, cp)
	return cp
}

// popCapture stops the innermost collection.
func (c *checker) popCapture() {
	c.captures = c.captures[:len(c.captures)-1]
}

// noteUse tells the enclosing collections that b is used.
func (c *checker) noteUse(b *binding) {
	for _, cp := range c.captures {
		if b.depth < cp.depth && !cp.seen[b] {
			cp.seen[b] = true
			cp.list = append(cp.list, b)
		}
	}
}

// closureOf is what a closure that uses the free bindings bs aliases:
// the arrays among them and what they alias, and the closures among them
// what those alias.
func (c *checker) closureOf(bs []*binding) []*binding {
	var out []*binding
	seen := map[*binding]bool{}
	add := func(b *binding) {
		if !seen[b] {
			seen[b] = true
			out = append(out, b)
		}
	}
	for _, b := range bs {
		t := c.zonk(b.t)
		if _, fun := t.(TFun); fun {
			for _, a := range b.aliases {
				add(a)
			}
			continue
		}
		if !hasArray(t) || c.sizeBinding[b] {
			continue
		}
		add(b)
		for _, a := range b.aliases {
			add(a)
		}
	}
	return out
}

// checkClosure checks the body of a lambda or local function with check
// and returns the closure's aliases. What the body consumes can only be
// the function's own parameters (consuming a free array is an error), and
// that happens anew at each call: it is forgotten once the body is
// checked, as are the consuming calls it makes.
func (c *checker) checkClosure(check func()) []*binding {
	cp := c.pushCapture(c.depth)
	saved := c.copyConsumed()
	savedCalls := c.consumingCalls
	check()
	c.consumed = saved
	c.consumingCalls = savedCalls
	c.popCapture()
	return c.closureOf(cp.list)
}

// isFunType says whether t is (resolved to) a function type.
func (c *checker) isFunType(t Type) bool {
	_, ok := c.zonk(t).(TFun)
	return ok
}

// newlyConsumed says whether something was consumed since before (a copy
// of c.consumed).
func (c *checker) newlyConsumed(before map[*binding]Pos) bool {
	for b := range c.consumed {
		if _, old := before[b]; !old {
			return true
		}
	}
	return false
}

// noConsumptionIn rejects an expression of functional type that consumed
// something (before is c.consumed from before it was checked): the
// function it makes may be called many times, but what it consumed is
// gone after the first (let f = update xs).
func (c *checker) noConsumptionIn(what string, e Exp, t Type, before map[*binding]Pos) {
	if containsFun(c.zonk(t)) && c.newlyConsumed(before) {
		// Futhark's words: "functional" for arguments, "higher-order"
		// for what is bound to names.
		kind := "higher-order"
		if what == "Argument" {
			kind = "functional"
		}
		c.errorf(e.expPos(), "consume a copy inside a lambda instead (\\i -> update (copy xs) i)",
			"%s of %s type %s contains consumption, which is not allowed", what, kind, c.show(t))
	}
}

// recordFnUses starts collecting every binding the function expression of
// an application uses (see checkFnUses).
func (c *checker) recordFnUses() *capture { return c.pushCapture(math.MaxInt) }

// checkFnUses rejects an application whose arguments consumed something
// the function expression uses (uses, collected by recordFnUses) or its
// closure aliases: the function value is held while the arguments are
// evaluated, and Futhark evaluates the function expression after them.
// afterFn is c.consumed after the function expression was checked: what
// it consumed itself is not a use.
func (c *checker) checkFnUses(uses []*binding, afterFn map[*binding]Pos, pos Pos) {
	c.checkHeldWhile(uses, afterFn, pos)
}
