package frontend

// Alias trees: the aliases of each component of a value (aliasTree),
// built for variables, applications and let bindings, and the check that
// the unique components of a function's result are fresh. aliases.go
// lumps a value's aliases together while types are inferred; this
// component-wise view is needed only by the checks on results and loops,
// so it lives in its own file.

import (
	"fmt"
	"slices"
)

// Unique components of results.
//
// A function whose declared result is a tuple or record with unique
// components promises that each of them is fresh: it may alias neither
// another component nor a parameter that is not consumable. A loop
// likewise may not return, for a loop parameter it consumes, a value that
// aliases what it returns for another. Checking this needs the aliases of
// each component of a value, which aliasesOf lumps together: aliasTree
// keeps them apart. Where fcc cannot tell a component's aliases apart
// from the others' it assumes none, so that the check never rejects a
// valid program for want of precision.

// aliasTree holds the aliases of each component of a value: leaves hold
// array (or other) values' aliases, inner nodes the components of a
// tuple or record, in the order of the type's fields (fields names them
// for records).
type aliasTree struct {
	als    []*binding
	parts  []*aliasTree
	fields []string
}

// structureOf is the components of a tuple or record type, with the
// field names of a record; ok is false for other types.
func (c *checker) structureOf(t Type) (elems []Type, fields []string, ok bool) {
	switch t := c.resolveMaybe(t).(type) {
	case TTuple:
		return t.Elems, nil, true
	case TRecord:
		for _, f := range t.Fields {
			elems = append(elems, f.Type)
			fields = append(fields, f.Name)
		}
		return elems, fields, true
	}
	return nil, nil, false
}

// uniformTree is a tree of the shape of t whose every leaf has als.
func (c *checker) uniformTree(t Type, als []*binding) *aliasTree {
	elems, fields, ok := c.structureOf(t)
	if !ok {
		return &aliasTree{als: als}
	}
	tr := &aliasTree{fields: fields}
	for _, e := range elems {
		tr.parts = append(tr.parts, c.uniformTree(e, als))
	}
	return tr
}

// pseudoBinding stands for a value that has no name of its own, such as
// the result of an application, so that the components that share it
// can be seen to alias each other. It is used only by aliasTree.
func (c *checker) pseudoBinding(key any, name string) *binding {
	if c.pseudo == nil {
		c.pseudo = map[any]*binding{}
	}
	b, ok := c.pseudo[key]
	if !ok {
		// It is made where the value is, and may be consumed there.
		b = &binding{name: name, consumable: true, depth: c.depth}
		c.pseudo[key] = b
	}
	return b
}

// projectionKey names the component path of a variable (x.0.1).
type projectionKey struct {
	b    *binding
	path string
}

// varTree is the tree of a variable of type t: the one recorded when it
// was bound, or else one with an identity of its own for each component
// (x.0 aliases x.0 but not x.1).
func (c *checker) varTree(b *binding, t Type, path string) *aliasTree {
	if b.tree != nil && path == "" {
		return mergeTrees(c.ownTree(b, t, ""), b.tree)
	}
	return c.ownTree(b, t, path)
}

// ownTree is the tree of variable b of type t whose components have
// identities of their own (and aliases recorded for b as a whole).
func (c *checker) ownTree(b *binding, t Type, path string) *aliasTree {
	elems, fields, ok := c.structureOf(t)
	if !ok {
		als := append([]*binding{b}, b.aliases...)
		if path != "" {
			// A component of a tuple parameter is consumable where its
			// type is unique.
			p := c.pseudoBinding(projectionKey{b, path}, b.name+path)
			p.consumable = b.consumable || isUniqueArray(c.zonk(t))
			als = []*binding{p}
		}
		return &aliasTree{als: append(als, b.compAls...)}
	}
	tr := &aliasTree{fields: fields}
	for i, e := range elems {
		name := fmt.Sprint(i)
		if fields != nil {
			name = fields[i]
		}
		tr.parts = append(tr.parts, c.ownTree(b, e, path+"."+name))
	}
	return tr
}

// part is the component of tr named by field f (nil when there is none).
func (tr *aliasTree) part(f string) *aliasTree {
	if tr == nil || tr.parts == nil {
		return nil
	}
	if tr.fields != nil {
		for i, n := range tr.fields {
			if n == f {
				return tr.parts[i]
			}
		}
		return nil
	}
	var i int
	if _, err := fmt.Sscanf(f, "%d", &i); err != nil || i < 0 || i >= len(tr.parts) {
		return nil
	}
	return tr.parts[i]
}

// mergeTrees is the tree of a value that is one of a and b.
func mergeTrees(a, b *aliasTree) *aliasTree {
	if a.parts != nil && b.parts != nil && len(a.parts) == len(b.parts) {
		tr := &aliasTree{fields: a.fields}
		for i := range a.parts {
			tr.parts = append(tr.parts, mergeTrees(a.parts[i], b.parts[i]))
		}
		return tr
	}
	return &aliasTree{als: append(append([]*binding{}, a.flat()...), b.flat()...)}
}

// flat is all the aliases of the tree's leaves.
func (tr *aliasTree) flat() []*binding {
	if tr.parts == nil {
		return tr.als
	}
	var out []*binding
	for _, p := range tr.parts {
		out = append(out, p.flat()...)
	}
	return out
}

// treeOf is the aliases of each component of e's value.
func (c *checker) treeOf(sc *scope, e Exp) *aliasTree {
	t := c.types[e]
	_, _, structured := c.structureOf(t)
	if x := operandOf(e); x != nil {
		return c.treeOf(sc, x)
	}
	switch e := e.(type) {
	case *TupleExp:
		tr := &aliasTree{}
		for _, x := range e.Elems {
			tr.parts = append(tr.parts, c.treeOf(sc, x))
		}
		return tr
	case *RecordExp:
		// A record's fields are in the type's order; {0 = a, 1 = b} is
		// a tuple.
		elems, fields, _ := c.structureOf(t)
		tr := &aliasTree{fields: fields}
		for k := range elems {
			name := fmt.Sprint(k)
			if fields != nil {
				name = fields[k]
			}
			var found Exp
			for _, f := range e.Fields {
				if f.Name == name {
					found = f.Exp
				}
			}
			if found == nil {
				return c.uniformTree(t, nil)
			}
			tr.parts = append(tr.parts, c.treeOf(sc, found))
		}
		return tr
	case *VarExp:
		if len(e.Qual) == 0 {
			if b, ok := sc.lookup(e.Name); ok {
				return c.varTree(b, t, "")
			}
		}
	case *ProjectExp:
		if _, q := c.qualified[e]; !q {
			if p := c.treeOf(sc, e.X).part(e.Field); p != nil {
				return p
			}
		}
	case *LetExp, *LetFunExp, *LetWithExp:
		if inner := c.letScopes[e]; inner != nil {
			return c.treeOf(inner, letBody(e))
		}
	case *IfExp:
		return c.treeWithoutConsumedIn(e, mergeTrees(c.treeOf(sc, e.Then), c.treeOf(sc, e.Else)))
	case *ApplyExp, *BinOpExp:
		if structured {
			return c.appTree(sc, e, t)
		}
	case *LoopExp:
		if structured {
			return c.loopTree(sc, e, t)
		}
	}
	if !structured {
		return &aliasTree{als: c.aliasesOf(sc, e)}
	}
	// Components fcc cannot tell apart: assume none (see above).
	return c.uniformTree(t, nil)
}

// appTree is the tree of an application's result of type t: a component
// the function returns fresh aliases nothing, the others the arguments
// and the application's result as a whole (so that two of them alias
// each other, as Futhark has it). Where fcc does not know which
// components of the function's result are fresh it assumes all are.
func (c *checker) appTree(sc *scope, e Exp, t Type) *aliasTree {
	fn, _ := appParts(e)
	if fn == nil {
		return c.uniformTree(t, nil)
	}
	var fresh []bool
	if g := c.globalOf(sc, fn); g != nil {
		fresh = g.resFresh
	} else if v, ok := stripParens(fn).(*VarExp); ok && len(v.Qual) == 0 {
		if b, ok := sc.lookup(v.Name); ok {
			fresh = b.resFresh
		}
	}
	if fresh == nil {
		return c.uniformTree(t, nil)
	}
	res := c.pseudoBinding(e, fmt.Sprintf("the result of applying %q", fnName(fn)))
	res.result = true
	als := append(c.aliasesOf(sc, e), res)
	tr := c.uniformTree(t, nil)
	leaves := tr.leaves(nil)
	if len(leaves) != len(fresh) {
		return tr
	}
	for i, l := range leaves {
		if !fresh[i] {
			l.als = als
		}
	}
	return tr
}

// leaves lists the leaves of the tree in order.
func (tr *aliasTree) leaves(out []*aliasTree) []*aliasTree {
	if tr.parts == nil {
		return append(out, tr)
	}
	for _, p := range tr.parts {
		out = p.leaves(out)
	}
	return out
}

// inferFresh says which components of a function's result (of type ret,
// with body tree tr) are fresh: declared unique, or, with no declared
// result type (declared false), aliasing only consumable bindings and
// none that another component aliases (Futhark's inference of unique
// results).
func (c *checker) inferFresh(ret Type, declared bool, tr *aliasTree) []bool {
	shape := c.uniformTree(ret, nil).leaves(nil)
	out := make([]bool, len(shape))
	if declared {
		elemTypes := c.leafTypes(ret, nil)
		for i := range out {
			out[i] = i < len(elemTypes) && isUniqueArray(c.zonk(elemTypes[i]))
		}
		return out
	}
	leaves := tr.leaves(nil)
	if len(leaves) != len(out) {
		return out
	}
	count := map[*binding]int{}
	for _, l := range leaves {
		seen := map[*binding]bool{}
		for _, b := range l.als {
			if !seen[b] {
				seen[b] = true
				count[b]++
			}
		}
	}
	for i, l := range leaves {
		out[i] = true
		for _, b := range l.als {
			if !b.consumable || count[b] > 1 {
				out[i] = false
			}
		}
	}
	return out
}

// leafTypes lists the types of the components of t in the order of its
// tree's leaves.
func (c *checker) leafTypes(t Type, out []Type) []Type {
	elems, _, ok := c.structureOf(t)
	if !ok {
		return append(out, t)
	}
	for _, e := range elems {
		out = c.leafTypes(e, out)
	}
	return out
}

// checkReturnComponents checks a result of declared type ret whose
// aliases are tr: a unique component may alias no other component, as
// Futhark requires.
func (c *checker) checkReturnComponents(ret Type, tr *aliasTree, pos Pos) {
	types := c.leafTypes(ret, nil)
	leaves := tr.leaves(nil)
	if len(types) < 2 || len(leaves) != len(types) {
		return
	}
	seenUnique := map[*binding]bool{}
	seenAny := map[*binding]bool{}
	for i, l := range leaves {
		unique := isUniqueArray(c.zonk(types[i]))
		for _, b := range l.als {
			if seenUnique[b] || unique && seenAny[b] {
				c.errorf(pos, "return a copy of one of them (copy)",
					"A unique-typed component of the return value is aliased to some other component (both may be %s)", aliasName(b))
			}
		}
		for _, b := range l.als {
			seenAny[b] = true
			if unique {
				seenUnique[b] = true
			}
		}
	}
}

// payloadShared says whether body is (through parentheses, ascriptions
// and coercions) a constructor whose payload values may share an array.
func (c *checker) payloadShared(sc *scope, body Exp) bool {
	e := body
	for op := operandOf(e); op != nil; op = operandOf(e) {
		e = op
	}
	k, ok := e.(*ConstrExp)
	if !ok {
		return false
	}
	seen := map[*binding]bool{}
	for _, a := range k.Args {
		als := c.aliasesOf(sc, a)
		for _, b := range als {
			if seen[b] {
				return true
			}
		}
		for _, b := range als {
			seen[b] = true
		}
	}
	return false
}

// checkUniquePayload checks a body whose declared result type is a
// unique sum type (*t) and that is a constructor application: its
// payload is treated as a tuple, so no two payload values may share an
// array (Futhark: #foo xs xs is not fresh).
func (c *checker) checkUniquePayload(sc *scope, ret TypeExp, body Exp) {
	if _, ok := ret.(*TEUnique); !ok {
		return
	}
	e := body
	for op := operandOf(e); op != nil; op = operandOf(e) {
		e = op
	}
	k, ok := e.(*ConstrExp)
	if !ok {
		return
	}
	seen := map[*binding]bool{}
	for _, a := range k.Args {
		als := c.aliasesOf(sc, a)
		for _, b := range als {
			if seen[b] {
				c.errorf(a.expPos(), "pass a copy of one of them (copy "+b.name+")",
					"A unique-typed component of the return value is aliased to some other component (both may be %s)", aliasName(b))
			}
		}
		for _, b := range als {
			seen[b] = true
		}
	}
}

// setLetScope remembers the scope of a let's body for treeOf.
func (c *checker) setLetScope(e Exp, inner *scope) {
	if c.letScopes == nil {
		c.letScopes = map[Exp]*scope{}
	}
	c.letScopes[e] = inner
}

// bindTrees gives the names that let pattern p binds in inner the
// aliases of their components of value v, where the value is a tuple or
// record.
func (c *checker) bindTrees(sc *scope, p Pat, v Exp, inner *scope) {
	if _, _, ok := c.structureOf(c.types[v]); !ok {
		return
	}
	var walk func(p Pat, tr *aliasTree)
	walk = func(p Pat, tr *aliasTree) {
		switch q := p.(type) {
		case *PAscript:
			walk(q.Pat, tr)
		case *PId:
			if b := inner.vars[q.Name]; b != nil {
				if tr.parts != nil {
					b.tree = tr
				} else {
					b.compAls = tr.als
				}
				// The components of an application's result that are
				// not fresh alias each other through the result as a
				// whole (let (a, b) = f x: consuming a uses up b).
				for _, a := range tr.flat() {
					if a.result && !slices.Contains(b.aliases, a) {
						b.aliases = append(b.aliases, a)
					}
				}
			}
		case *PTuple:
			if len(q.Elems) == 1 {
				walk(q.Elems[0], tr)
				return
			}
			if len(tr.parts) == len(q.Elems) {
				for i, x := range q.Elems {
					walk(x, tr.parts[i])
				}
			}
		case *PRecord:
			if tr.fields == nil {
				return
			}
			for _, f := range q.Fields {
				if sub := tr.part(f.Name); sub != nil {
					walk(f.Pat, sub)
				}
			}
		}
	}
	walk(p, c.treeOf(sc, v))
}

// hasUniqueComponent says whether t is a unique array or a tuple or
// record with one.
func (c *checker) hasUniqueComponent(t Type) bool {
	for _, lt := range c.leafTypes(t, nil) {
		if isUniqueArray(c.zonk(lt)) {
			return true
		}
	}
	return false
}
