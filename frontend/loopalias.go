package frontend

// Aliasing in loops: the alias tree of a loop's result, built from its
// parameters' initial values and what the body returns, and the checks
// that a loop returns for a consumed parameter nothing that aliases
// another result, that it does not keep using an initial value it
// consumes, and that ascribed non-unique loop parameters are not
// consumed. Loop parameters are bound twice (initial value and body
// result) with rules of their own, hence a file apart from aliastree.go.

import "fmt"

// loopTree is the tree of a loop's result of type t: a component whose
// loop parameter is consumed is what the body returns for it; any other
// may also be the initial value, or a value of an earlier iteration
// (which the loop's result as a whole stands for).
func (c *checker) loopTree(sc *scope, e *LoopExp, t Type) *aliasTree {
	inner := c.loopScopes[e]
	if inner == nil {
		return c.uniformTree(t, nil)
	}
	res := c.pseudoBinding(e, fmt.Sprintf("the result of the loop at %d:%d", e.Pos.Line, e.Pos.Col))
	return c.loopPatTree(e.Pat, false, c.loopConsumes[e], res, c.treeOf(sc, e.Init), c.treeOf(inner, e.Body))
}

// loopPatTree walks loop pattern p (unique: ascribed unique around it)
// with the trees of the initial value and of the body.
func (c *checker) loopPatTree(p Pat, unique bool, consumed map[string]bool, res *binding, init, body *aliasTree) *aliasTree {
	switch q := p.(type) {
	case *PAscript:
		_, u := q.Type.(*TEUnique)
		return c.loopPatTree(q.Pat, unique || u, consumed, res, init, body)
	case *PTuple:
		if len(q.Elems) == 1 {
			return c.loopPatTree(q.Elems[0], unique, consumed, res, init, body)
		}
		if len(init.parts) == len(q.Elems) && len(body.parts) == len(q.Elems) {
			tr := &aliasTree{}
			for i, x := range q.Elems {
				tr.parts = append(tr.parts, c.loopPatTree(x, unique, consumed, res, init.parts[i], body.parts[i]))
			}
			return tr
		}
	case *PRecord:
		if init.fields != nil && body.fields != nil && len(init.parts) == len(q.Fields) && len(body.parts) == len(q.Fields) {
			tr := &aliasTree{fields: body.fields}
			for _, name := range body.fields {
				var fp Pat
				for _, f := range q.Fields {
					if f.Name == name {
						fp = f.Pat
					}
				}
				ip, bp := init.part(name), body.part(name)
				if fp == nil || ip == nil || bp == nil {
					return mergeTrees(withAlias(init, res), body)
				}
				tr.parts = append(tr.parts, c.loopPatTree(fp, unique, consumed, res, ip, bp))
			}
			return tr
		}
	case *PId:
		if unique || consumed[q.Name] {
			return body
		}
	}
	return mergeTrees(withAlias(init, res), body)
}

// withAlias is tr with b added to every leaf.
func withAlias(tr *aliasTree, b *binding) *aliasTree {
	if tr.parts == nil {
		return &aliasTree{als: append(append([]*binding{}, tr.als...), b)}
	}
	out := &aliasTree{fields: tr.fields}
	for _, p := range tr.parts {
		out.parts = append(out.parts, withAlias(p, b))
	}
	return out
}

// checkLoopReturns checks what a loop's body returns (tree body) for its
// parameters (pattern p): for a parameter the loop consumes, a value
// that aliases what it returns for another consumed one would be updated
// in place twice.
func (c *checker) checkLoopReturns(e *LoopExp, body *aliasTree, consumed map[string]bool) {
	cons := map[*binding]bool{}
	obs := map[*binding]bool{}
	var walk func(p Pat, unique bool, tr *aliasTree)
	walk = func(p Pat, unique bool, tr *aliasTree) {
		switch q := p.(type) {
		case *PAscript:
			_, u := q.Type.(*TEUnique)
			walk(q.Pat, unique || u, tr)
			return
		case *PTuple:
			if len(q.Elems) == 1 {
				walk(q.Elems[0], unique, tr)
				return
			}
			if len(tr.parts) == len(q.Elems) {
				for i, x := range q.Elems {
					walk(x, unique, tr.parts[i])
				}
			}
			return
		case *PRecord:
			for _, f := range q.Fields {
				if sub := tr.part(f.Name); sub != nil && tr.fields != nil {
					walk(f.Pat, unique, sub)
				}
			}
			return
		case *PId:
			consuming := unique || consumed[q.Name]
			als := tr.flat()
			for _, b := range als {
				// The next iteration consumes what this one returns
				// for a consuming parameter: it may not be an array
				// from outside the loop (bound at a lower depth).
				if consuming && b.depth < c.depth && !b.result {
					c.errorf(e.Body.expPos(), "return a copy (copy "+b.name+")",
						"Return value for consuming loop parameter %q aliases %q, which is bound outside the loop (each iteration consumes the parameter)", q.Name, b.name)
				}
				if cons[b] {
					c.errorf(e.Pos, "return a copy (copy)",
						"Return value for loop parameter %q aliases other consumed loop parameter", q.Name)
				}
				if consuming && obs[b] {
					c.errorf(e.Pos, "return a copy (copy)",
						"Return value for consuming loop parameter %q aliases previously returned value", q.Name)
				}
			}
			for _, b := range als {
				if consuming {
					cons[b] = true
				} else {
					obs[b] = true
				}
			}
		}
	}
	walk(e.Pat, false, body)
}

// checkLoopUsesInit rejects a loop that consumes its initial value
// (consumed is c.consumed from before it did) while the loop keeps
// using an alias of it: the array a for-in loop iterates over, or a
// name from outside the loop that the condition or body uses (free).
// The initial value is consumed when the loop starts, before any of
// those uses.
func (c *checker) checkLoopUsesInit(sc *scope, e *LoopExp, free []*binding, before map[*binding]Pos) {
	if e.ForInArr != nil {
		for _, b := range c.aliasesOf(sc, e.ForInArr) {
			if _, old := before[b]; !old {
				if _, now := c.consumed[b]; now {
					c.errorf(e.Init.expPos(), "loop over a copy (copy "+b.name+")",
						"Argument is consumed, but aliases %q, which the loop iterates over: the initial value is consumed when the loop starts", b.name)
				}
			}
		}
	}
	c.useSince(free, before, e.Pos)
}

// markAscribedLoopParams makes the loop parameters ascribed an array
// type that is not unique (loop (xs: []i32) = ...) not consumable, as in
// Futhark: only an unascribed or unique (*[]t) parameter may be updated
// in place.
func (c *checker) markAscribedLoopParams(inner *scope, p Pat) {
	eachSubPat(p, func(q Pat) {
		asc, ok := q.(*PAscript)
		if !ok {
			return
		}
		if id, ok := unascribed(asc.Pat).(*PId); ok {
			if a, ok := c.zonk(c.patTypes[asc]).(TArray); ok && !a.Unique {
				if b := inner.vars[id.Name]; b != nil {
					b.consumable = false
				}
			}
		}
	})
}

// setLoopScope remembers the scope of a loop's body and which of its
// parameters it consumes, for loopTree.
func (c *checker) setLoopScope(e *LoopExp, inner *scope, consumed map[string]bool) {
	if c.loopScopes == nil {
		c.loopScopes = map[*LoopExp]*scope{}
		c.loopConsumes = map[*LoopExp]map[string]bool{}
	}
	c.loopScopes[e] = inner
	c.loopConsumes[e] = consumed
}
