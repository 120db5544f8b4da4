package frontend

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

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
		c.errorf(e.expPos(), "consume a copy inside a lambda instead (\\i -> update (copy xs) i)",
			"%s of functional type %s contains consumption, which is not allowed", what, c.show(t))
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

// Function values that hold their results.
//
// A function passed as an argument is a value whose closure fcc cannot
// see: what applying it returns may be an array it holds, unless its
// type promises a unique result (Futhark User's Guide, "In-place Updates
// and Higher-Order Functions"). The result of applying a function
// parameter therefore aliases the parameter, which is not consumable. A
// partial application of a function whose result may alias its
// arguments is the same (let k = trap mk_new x: every call of k may
// return the same array), except that it is a local value: consuming one
// call's result consumes k, and so every other call's.

// heldFunction is the function value whose application fn to nargs
// arguments may return an array it holds: a function parameter with a
// result that is not unique, or a partial application marked by
// markHoldsResult; nil for any other function.
func (c *checker) heldFunction(sc *scope, fn Exp, nargs int) *binding {
	v, ok := stripParens(fn).(*VarExp)
	if !ok || len(v.Qual) > 0 {
		return nil
	}
	b, ok := sc.lookup(v.Name)
	if !ok || b.localFun || !c.isFunType(b.t) {
		return nil
	}
	if b.holdsResult {
		return b
	}
	if !b.param {
		return nil
	}
	t := c.zonk(b.t)
	for range nargs {
		f, ok := t.(TFun)
		if !ok {
			break
		}
		t = c.zonk(f.Result)
	}
	if _, fun := t.(TFun); fun || !hasArray(t) || isUnique(t) {
		return nil
	}
	return b
}

// markHoldsResult marks the name that let pattern p binds to value v
// when v partially applies a function whose result may alias its
// arguments (see heldFunction).
func (c *checker) markHoldsResult(sc *scope, p Pat, v Exp, inner *scope) {
	id, ok := unascribed(p).(*PId)
	if !ok || !c.isFunType(c.types[v]) {
		return
	}
	app, ok := stripParens(v).(*ApplyExp)
	if !ok || !c.resultMayAlias(sc, app.Fn) {
		return
	}
	if b := inner.vars[id.Name]; b != nil {
		b.holdsResult = true
	}
}

// checkUpdateValue rejects an in-place update of target (x with [i] =
// v, let x[i] = v) whose value v may share memory with target: the
// update would overwrite the array while it reads from it (Futhark User's
// Guide, "In-place Updates").
func (c *checker) checkUpdateValue(sc *scope, target, v Exp) {
	if !hasArray(c.zonk(c.types[v])) || c.constrsWithoutArrays(c.types[v]) {
		return
	}
	mine := c.aliasesOf(sc, target)
	// Only the arrays of the value count: a record written back through a
	// path (a with [i] = (a[i] with xs = ...)) keeps its scalar fields,
	// which share nothing, and its updated field, which is a copy. Where
	// fcc cannot tell the components' aliases apart it assumes none (see
	// aliasTree).
	var written []*binding
	tr := c.treeOf(sc, v)
	types := c.leafTypes(c.types[v], nil)
	for k, l := range tr.leaves(nil) {
		if k < len(types) && hasArray(c.zonk(types[k])) {
			written = append(written, l.als...)
		}
	}
	for _, x := range written {
		if slices.Contains(mine, x) {
			c.errorf(v.expPos(), "write a copy of the value (copy ...)",
				"Cannot update %s in-place: the value written may share memory with it (both may be %s)", exprName(target), aliasName(x))
		}
	}
}

// checkUniqueResult checks the body of function name (a definition, a
// local function or a lambda) whose declared result type ret is a unique
// array: the body may alias nothing that is not consumable, a parameter
// that is not unique or a free variable among them, since the caller may
// consume the result.
func (c *checker) checkUniqueResult(sc *scope, name string, ret Type, body Exp) {
	if rt, ok := c.zonk(ret).(TArray); !ok || !rt.Unique {
		return
	}
	for _, b := range c.aliasesOf(sc, body) {
		if !b.consumable {
			c.errorf(body.expPos(), "return a copy (copy "+b.name+"), or give the parameter a unique type (*[]t)",
				"Unique-typed return value of %s is aliased to %s, which is not consumable (not unique)", name, userName(b.name))
		}
	}
}

// checkBodyConsumption rejects a definition declared to be a function
// (def g : []f32 -> f32 = f) whose body consumes an argument that the
// declared type does not: a function that consumes its argument is no
// value of a type that promises not to (Futhark's subtyping of function
// types).
func (c *checker) checkBodyConsumption(sc *scope, d *ValDecl, ret, body Type) {
	dt, ok := c.zonk(ret).(TFun)
	if !ok {
		return
	}
	consumes := c.declaredConsumption(sc, d.Body)
	for k, cons := range consumes {
		if cons && !isUniqueArray(c.zonk(dt.Param)) {
			c.errorf(d.Body.expPos(), "declare the parameter unique (*), or pass the function a copy (\\xs -> f (copy xs))",
				"Function body does not have expected type: %s is declared to be of type %s, but its body, of type %s, consumes its argument %d", d.Name, c.show(ret), c.show(body), k+1)
		}
		next, ok := c.zonk(dt.Result).(TFun)
		if !ok {
			return
		}
		dt = next
	}
}

// checkFreshResultArg rejects argument a (argument i of fn) for a
// parameter of function type d whose result is unique when a names a
// function whose result is not fresh: the callee may consume what a
// returns, which may be an array a holds or was given.
func (c *checker) checkFreshResultArg(sc *scope, d TFun, a Exp, i int, fn Exp) {
	n := 1
	rt := c.zonk(d.Result)
	for {
		f, ok := rt.(TFun)
		if !ok {
			break
		}
		rt = c.zonk(f.Result)
		n++
	}
	if !isUniqueArray(rt) || arity(c.zonk(c.types[a])) != n {
		return
	}
	var fresh []bool
	if g := c.globalOf(sc, a); g != nil {
		fresh = g.resFresh
	} else if v, ok := stripParens(a).(*VarExp); ok && len(v.Qual) == 0 {
		if b, ok := sc.lookup(v.Name); ok {
			fresh = b.resFresh
		}
	}
	if len(fresh) == 1 && !fresh[0] {
		c.errorf(a.expPos(), "give the function a unique result type (-> *[]t), returning a copy",
			"argument %d of %s is a function whose result is not unique, but the function type of %s's parameter %d is declared to return a unique array (%s)", i+1, fnName(fn), fnName(fn), i+1, c.show(d))
	}
}

// checkPathSharing rejects a record update r with x.y = v whose value
// consumed the component it replaces (the update of r.x.y[i] = v, which
// is r with x.y = (r.x.y with [i] = v)) while another component of r may
// share memory with it: the record keeps that component, which the
// in-place update would change too. before is c.consumed from before v
// was checked.
func (c *checker) checkPathSharing(sc *scope, e *RecordUpdateExp, before map[*binding]Pos) {
	if !c.newlyConsumed(before) {
		return
	}
	tr := c.treeOf(sc, e.X)
	target := tr
	for _, f := range e.Fields {
		target = target.part(f)
		if target == nil {
			return
		}
	}
	gone := map[*binding]bool{}
	for _, b := range target.flat() {
		if _, old := before[b]; !old {
			if _, now := c.consumed[b]; now {
				gone[b] = true
			}
		}
	}
	if len(gone) == 0 {
		return
	}
	var walk func(t *aliasTree, path string)
	walk = func(t *aliasTree, path string) {
		if t == target {
			return
		}
		if t.parts == nil {
			for _, b := range t.als {
				if gone[b] {
					c.errorf(e.Pos, "update a copy of the component (copy), or build the record from separate arrays",
						"In-place update through %s: the component updated shares memory with component %s (both may be %s), which the record keeps", strings.Join(e.Fields, "."), strings.TrimPrefix(path, "."), aliasName(b))
				}
			}
			return
		}
		for i, p := range t.parts {
			name := fmt.Sprint(i)
			if t.fields != nil {
				name = t.fields[i]
			}
			walk(p, path+"."+name)
		}
	}
	walk(tr, "")
}

// sizeExp checks size expression e (of a type, [n+1]i32): a size is
// evaluated wherever the type is, perhaps more than once, so it may not
// consume anything (see consumeAliases).
func (c *checker) sizeExp(sc *scope, e Exp) Type {
	c.inSizeExp++
	defer func() { c.inSizeExp-- }()
	return c.exp(sc, e)
}

// userName quotes a binding's name for a message. The parameters that
// etaExpand gives an entry point declared by its type (entry g : []f32 ->
// f32 = f) are not written by the user: they are named as the argument
// they stand for.
func userName(name string) string {
	if n, ok := strings.CutPrefix(name, "η"); ok {
		return "argument " + n
	}
	return fmt.Sprintf("%q", name)
}

// exprName names an expression for a message: a variable by its name.
func exprName(e Exp) string {
	if v, ok := stripParens(e).(*VarExp); ok {
		return fmt.Sprintf("%q", v.Name)
	}
	return "the array"
}

// checkHeldWhile rejects consuming, while a subexpression is evaluated,
// what is held meanwhile (held: the aliases of the array an index
// expression indexes, the function value of an application): before is
// c.consumed from before the subexpression was checked, pos where what is
// held is used.
func (c *checker) checkHeldWhile(held []*binding, before map[*binding]Pos, pos Pos) {
	if len(held) == 0 || !c.newlyConsumed(before) {
		return
	}
	c.useSince(held, before, pos)
}

// useSince reports a use at pos of any of bs that was consumed since
// before (a copy of c.consumed taken earlier); what was consumed before
// then is reported where it was used, not here.
func (c *checker) useSince(bs []*binding, before map[*binding]Pos, pos Pos) {
	saved := c.consumed
	fresh := map[*binding]Pos{}
	for b, p := range saved {
		if _, old := before[b]; !old {
			fresh[b] = p
		}
	}
	c.consumed = fresh
	defer func() { c.consumed = saved }()
	for _, b := range bs {
		c.use(b, pos)
	}
}

// checkConsumedArgNotFn rejects consuming an argument that the function
// being applied holds on to (its closure aliases it).
func (c *checker) checkConsumedArgNotFn(sc *scope, fn, a Exp) {
	fnAls := c.aliasesOf(sc, fn)
	if len(fnAls) == 0 {
		return
	}
	for _, x := range c.aliasesOf(sc, a) {
		for _, y := range fnAls {
			if x == y {
				c.errorf(a.expPos(), "copy the argument (copy "+x.name+")",
					"Argument is consumed, but aliases the function being applied: its closure holds %q", x.name)
			}
		}
	}
}

// checkConsumedArgNotShared rejects consuming argument i of application
// e where another argument, one that is not consumed (uniqueParam), may
// share its array (scatter xs xs xs): the function would read the array
// while it updates it in place.
func (c *checker) checkConsumedArgNotShared(sc *scope, e *ApplyExp, uniqueParam []bool, i int) {
	mine := c.aliasesOf(sc, e.Args[i])
	for j, other := range e.Args {
		if j == i || uniqueParam[j] {
			continue
		}
		for _, x := range c.aliasesOf(sc, other) {
			if slices.Contains(mine, x) {
				c.errorf(e.Args[i].expPos(), "pass a copy of one of them (copy "+x.name+")",
					"Argument is consumed, but aliases %s, which argument %d of %s also uses", aliasName(x), j+1, fnName(e.Fn))
			}
		}
	}
}

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

// aliasName names an alias for a message.
func aliasName(b *binding) string {
	if strings.HasPrefix(b.name, "the result of") {
		return b.name
	}
	return fmt.Sprintf("%q", b.name)
}

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
						"Loop parameter %q is consumed by each iteration, but the value returned for it is from outside the loop: %q aliases %q", q.Name, q.Name, b.name)
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

// setLetScope remembers the scope of a let's body for treeOf.
func (c *checker) setLetScope(e Exp, inner *scope) {
	if c.letScopes == nil {
		c.letScopes = map[Exp]*scope{}
	}
	c.letScopes[e] = inner
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

// checkGlobalAliases rejects a function (top-level with parameters,
// local, or lambda) whose result may be a top-level constant's array, as
// Futhark does: the constant is shared by every call, so the result
// could be neither consumed nor told apart from the constant.
func (c *checker) checkGlobalAliases(sc *scope, body Exp) {
	for _, b := range c.aliasesOf(sc, body) {
		if c.constants[b.name] == b {
			c.errorf(body.expPos(), "return a copy (copy "+b.name+")",
				"Function result aliases the free variable %q; use copy to break the aliasing", b.name)
		}
	}
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

// Components taken apart.
//
// A pattern that takes a tuple or record apart (let (a, b) = arrs, let
// {x, y} = r) gives each name the aliases of its own component, so that
// consuming a leaves b usable: aliases are tracked for each component of
// a tuple or record, not for the value as a whole. A variable's
// components are stood for by its parts; a function's parameter is the
// exception, as in Futhark: consuming a component of it consumes the
// parameter, so its other components are gone too. Unlike aliasTree,
// which may assume too few aliases, what componentSplit gives is never
// missing one: it decides what is consumed.

// patComponents is, for each component of type t in the type's order,
// the sub-pattern of tuple or record pattern p that binds it (nil for
// none); nil when p does not take a t apart.
func (c *checker) patComponents(p Pat, t Type) []Pat {
	elems, fields, ok := c.structureOf(t)
	if !ok || len(elems) < 2 && fields == nil {
		return nil
	}
	switch q := p.(type) {
	case *PTuple:
		if fields != nil || len(q.Elems) != len(elems) {
			return nil
		}
		return q.Elems
	case *PRecord:
		if fields == nil || len(q.Fields) != len(fields) {
			return nil
		}
		out := make([]Pat, len(fields))
		for _, f := range q.Fields {
			for k, n := range fields {
				if n == f.Name {
					out[k] = f.Pat
				}
			}
		}
		return out
	}
	return nil
}

// componentSplit is the aliases of each component of tuple or record
// value e, in the order of its type's fields, and the expression that
// gives each where e is a literal (else nil); nil aliases when fcc cannot
// tell the components' aliases apart.
func (c *checker) componentSplit(sc *scope, e Exp) ([]Exp, [][]*binding) {
	elems, fields, ok := c.structureOf(c.types[e])
	if !ok || len(elems) == 0 {
		return nil, nil
	}
	if x := operandOf(e); x != nil {
		return c.componentSplit(sc, x)
	}
	switch e := e.(type) {
	case *TupleExp:
		if fields != nil || len(e.Elems) != len(elems) {
			return nil, nil
		}
		als := make([][]*binding, len(e.Elems))
		for k, x := range e.Elems {
			als[k] = c.aliasesOf(sc, x)
		}
		return e.Elems, als
	case *RecordExp:
		// {0 = a, 1 = b} is a tuple: its fields are named by position.
		if len(e.Fields) != len(elems) {
			return nil, nil
		}
		exps := make([]Exp, len(elems))
		for _, f := range e.Fields {
			for k := range elems {
				if name := fmt.Sprint(k); fields != nil && fields[k] == f.Name || fields == nil && name == f.Name {
					exps[k] = f.Exp
				}
			}
		}
		als := make([][]*binding, len(elems))
		for k, x := range exps {
			if x == nil {
				return nil, nil
			}
			als[k] = c.aliasesOf(sc, x)
		}
		return exps, als
	case *IfExp:
		_, a := c.componentSplit(sc, e.Then)
		_, b := c.componentSplit(sc, e.Else)
		if a == nil || len(a) != len(b) {
			return nil, nil
		}
		als := make([][]*binding, len(a))
		for k := range a {
			als[k] = c.withoutConsumedIn(e, append(append([]*binding{}, a[k]...), b[k]...))
		}
		return nil, als
	case *VarExp:
		if len(e.Qual) > 0 {
			return nil, nil
		}
		b, found := sc.lookup(e.Name)
		if !found || c.isFunType(b.t) {
			return nil, nil
		}
		if len(b.parts) != len(elems) {
			b.parts = nil
			for _, et := range elems {
				// A unique component of a parameter is consumable even
				// where the parameter as a whole is not.
				cons := b.consumable || b.param && isUniqueArray(c.zonk(et))
				b.parts = append(b.parts, &binding{name: b.name, consumable: cons, depth: b.depth, pos: b.pos, whole: b})
			}
		}
		als := make([][]*binding, len(elems))
		for k := range elems {
			rest := b.aliases
			if len(b.partAls) == len(elems) {
				rest = b.partAls[k]
			}
			als[k] = append([]*binding{b.parts[k]}, rest...)
		}
		return nil, als
	}
	return nil, nil
}

// consumeWhole consumes, with a part of a parameter (see componentSplit),
// the parameter itself.
func (c *checker) consumeWhole(b *binding, pos Pos) {
	if b.whole != nil && b.whole.param {
		c.consumed[b.whole] = pos
	}
}

// consumedWhole says whether using alias a uses something consumed
// through a part: the parameter a is part of, or a part of a. It returns
// what was consumed, and where.
func (c *checker) consumedWhole(a *binding) (*binding, Pos, bool) {
	if a.whole != nil && a.whole.param {
		if at, ok := c.consumed[a.whole]; ok {
			return a.whole, at, true
		}
	}
	for _, p := range a.parts {
		if at, ok := c.consumed[p]; ok {
			return a, at, true
		}
	}
	return nil, Pos{}, false
}

// Consumption in the branches of an if.
//
// The value of an if is that of the branch taken. In if c then a else
// f a (f consuming its argument) it is a where the else branch did not
// run, but a counts as consumed after the if either way, as fcc cannot
// tell which branch runs: nothing that could observe the sharing is
// left. Futhark therefore has the result of an if alias nothing that
// either branch consumed, which keeps the result usable (and
// consumable) after the if.

// noteBranchConsumption records what the branches of e consumed (what
// c.consumed holds now and did not before).
func (c *checker) noteBranchConsumption(e *IfExp, before map[*binding]Pos) {
	gone := map[*binding]bool{}
	for b := range c.consumed {
		if _, old := before[b]; !old {
			gone[b] = true
		}
	}
	if len(gone) == 0 {
		return
	}
	if c.branchConsumed == nil {
		c.branchConsumed = map[*IfExp]map[*binding]bool{}
	}
	c.branchConsumed[e] = gone
}

// withoutConsumedIn is als less what the branches of e consumed.
func (c *checker) withoutConsumedIn(e *IfExp, als []*binding) []*binding {
	gone := c.branchConsumed[e]
	if len(gone) == 0 {
		return als
	}
	var out []*binding
	for _, b := range als {
		if !gone[b] {
			out = append(out, b)
		}
	}
	return out
}

// treeWithoutConsumedIn is tr with withoutConsumedIn applied to each
// leaf.
func (c *checker) treeWithoutConsumedIn(e *IfExp, tr *aliasTree) *aliasTree {
	if tr.parts == nil {
		return &aliasTree{als: c.withoutConsumedIn(e, tr.als)}
	}
	out := &aliasTree{fields: tr.fields}
	for _, p := range tr.parts {
		out.parts = append(out.parts, c.treeWithoutConsumedIn(e, p))
	}
	return out
}

// Parameters with unique components.
//
// A parameter of tuple or record type whose components include unique
// arrays (def f (a: *[]i64, i: i32)) consumes those components of its
// argument, and only those: the others are observed, as in Futhark.

// allArraysUnique says whether t is a tuple or record whose arrays are
// all unique (and there is one): such a parameter may be consumed as a
// whole (def f (x: *([n]i32, [n]i32)) = x with 0[0] = 0).
func (c *checker) allArraysUnique(t Type) bool {
	if _, _, ok := c.structureOf(t); !ok {
		return false
	}
	some := false
	for _, lt := range c.leafTypes(t, nil) {
		a, ok := c.zonk(lt).(TArray)
		if !ok {
			continue
		}
		if !a.Unique {
			return false
		}
		some = true
	}
	return some
}

// consumedParts says which components of a parameter of type t (a tuple
// or record, in the type's order) have unique arrays in them; nil when t
// is no tuple or record or has none. Type variables in t are not
// resolved: t is the parameter's type as declared (see apply), and a
// type parameter instantiated with a unique array consumes nothing.
func consumedParts(t Type) []bool {
	var elems []Type
	switch t := t.(type) {
	case TTuple:
		elems = t.Elems
	case TRecord:
		for _, f := range t.Fields {
			elems = append(elems, f.Type)
		}
	default:
		return nil
	}
	out := make([]bool, len(elems))
	some := false
	for k, et := range elems {
		out[k] = isUniqueArray(et) || consumedParts(et) != nil
		some = some || out[k]
	}
	if !some {
		return nil
	}
	return out
}

// consumeParts consumes the components of argument a that parts names.
// A consumed component may share its array with no other component: the
// function would update it in place while it still uses it. Where fcc
// cannot tell a's components apart it consumes nothing (see
// componentSplit).
func (c *checker) consumeParts(sc *scope, a Exp, parts []bool) {
	exps, split := c.componentSplit(sc, a)
	if len(split) != len(parts) {
		return
	}
	for k, als := range split {
		if !parts[k] {
			continue
		}
		for j, other := range split {
			if j == k {
				continue
			}
			for _, x := range other {
				if slices.Contains(als, x) {
					c.errorf(a.expPos(), "pass a copy of one of the components (copy "+x.name+")",
						"Argument passed for consuming parameter is self-aliased: its components %d and %d may both be %s", k+1, j+1, aliasName(x))
				}
			}
		}
	}
	for k, als := range split {
		if !parts[k] {
			continue
		}
		if exps != nil {
			c.consume(sc, exps[k], exps[k].expPos())
		} else {
			c.consumeAliases(als, nil, a.expPos())
		}
	}
}
