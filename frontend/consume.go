package frontend

// Consumption checks of the uniqueness rules: function values that hold
// the results of their applications, in-place updates whose value may
// share memory with the target, unique results and the arguments they
// must be fresh from, consumed arguments that are functions or shared
// with another argument, function results that alias a top-level
// constant, and what the branches of an if consume. These are the
// diagnostics; the alias bookkeeping they read (closures in
// uniqueness.go, per-component trees in aliastree.go) is kept apart so
// that each rule can be read without it.

import (
	"fmt"
	"slices"
	"strings"
)

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
		// What a local function or lambda captures is shared by all its
		// calls, so none may be handed out as unique (Futhark checks
		// function bodies with nothing from outside consumable).
		if b.depth < c.fnDepth && !b.result {
			c.errorf(body.expPos(), "return a copy (copy "+b.name+")",
				"Unique-typed return value of %s is aliased to %s, which is not consumable (it is bound outside the function)", name, userName(b.name))
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
			// A component of a consumed tuple or record (g p p.0) is
			// consumed with it.
			if slices.Contains(mine, x) || x.whole != nil && slices.Contains(mine, x.whole) {
				c.errorf(e.Args[i].expPos(), "pass a copy of one of them (copy "+x.name+")",
					"Argument is consumed, but aliases %s, which argument %d of %s also uses", aliasName(x), j+1, fnName(e.Fn))
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
