package frontend

// Variables, applications and functions: uses of names (with their
// instantiation), applications and their arguments, lambdas, local
// functions and their generalisation.

import (
	"fmt"
	"slices"
)

func (c *checker) lambda(sc *scope, e *LambdaExp, expected Type) Type {
	params, retType, body := e.Params, e.RetType, e.Body
	inner := sc.child()
	c.depth++
	savedFn := c.fnDepth
	c.fnDepth = c.depth
	defer func() { c.depth--; c.fnDepth = savedFn }()
	ps := make([]Type, len(params))
	exp := expected
	for i, p := range params {
		var pt Type
		if f, ok := c.resolveFun(exp); ok {
			pt = f.Param
			exp = f.Result
		} else {
			exp = nil
		}
		ps[i] = c.bindPat(inner, p, nil)
		if pt != nil {
			c.unifyOK(ps[i], pt)
		}
		c.markConsumable(inner, p)
		c.lambdaParams = append(c.lambdaParams, lambdaParam{p, ps[i]})
	}
	var bt Type
	closure := c.checkClosure(func() { bt = c.exp(inner, body) })
	if c.closureAliases == nil {
		c.closureAliases = map[Exp][]*binding{}
	}
	c.closureAliases[e] = closure
	t := bt
	if retType != nil {
		rt := c.typeExp(inner, retType)
		c.retTypes[e] = rt
		c.unify(rt, bt, body.expPos(), "lambda body")
		c.checkReturnComponents(rt, c.treeOf(inner, body), body.expPos())
		c.checkUniqueResult(inner, "the lambda", rt, body)
		// The lambda has its declared result type: sizes it names are
		// known to the caller (the internaliser checks the body's sizes
		// against them at run time).
		t = rt
	}
	c.checkGlobalAliases(inner, body)
	for i := len(ps) - 1; i >= 0; i-- {
		t = TFun{Param: ps[i], Result: t}
	}
	return t
}

// localFun checks `let f params = e` and returns f's binding; explicit
// type parameters make it polymorphic.
func (c *checker) localFun(sc *scope, e *LetFunExp) *binding {
	start := c.next
	inner := sc.child()
	c.bindTypeParams(inner, e.TypeParams)
	c.depth++
	savedFn := c.fnDepth
	c.fnDepth = c.depth
	ps := make([]Type, len(e.Params))
	for i, p := range e.Params {
		ps[i] = c.bindParam(inner, p)
	}
	var ret Type = c.fresh(cAny, e.Pos)
	declRet := ret
	if e.RetType != nil {
		ret = c.typeExp(inner, e.RetType)
		c.retTypes[e] = ret
		// A size written [] in the declared result is existential, as
		// one of ?[n].t: the body gives it a size, each use a fresh one.
		ret = mapDims(ret, func(ds []Dim) []Dim {
			out := make([]Dim, len(ds))
			for i, d := range ds {
				out[i] = d
				if d.isUnknown() && d.Ext == 0 {
					out[i] = c.freshDim()
					c.existVar[out[i].Var] = true
				}
			}
			return out
		})
		declRet = ret
	}
	closure := c.checkClosure(func() {
		c.unify(ret, c.exp(inner, e.Value), e.Value.expPos(), "the body of "+e.Name)
	})
	valueTree := c.treeOf(inner, e.Value)
	if e.RetType != nil {
		c.checkReturnComponents(ret, valueTree, e.Value.expPos())
		c.checkUniqueResult(inner, e.Name, ret, e.Value)
	}
	c.checkGlobalAliases(inner, e.Value)
	resFresh := c.inferFresh(ret, e.RetType != nil, valueTree)
	c.depth--
	c.fnDepth = savedFn
	t := c.existentialResult(ps, declRet)
	var quant []int
	for _, tp := range e.TypeParams {
		if !tp.Size {
			tv, _ := inner.lookupTVar(tp.Name)
			quant = append(quant, tv.(TVar).ID)
		}
	}
	quant = append(quant, c.generalisable(sc, t, start)...)
	for _, q := range quant {
		c.localGen[q] = true
	}
	var sizes []string
	for _, tp := range e.TypeParams {
		if tp.Size {
			sizes = append(sizes, tp.Name)
		}
	}
	return &binding{name: e.Name, t: t, quant: quant, sizes: sizes, depth: c.depth, pos: e.Pos, localFun: true, aliases: closure, resFresh: resFresh}
}

// generalisable lists the type variables of a local function's type t
// that let-polymorphism may quantify (Futhark generalises local functions
// with at least one parameter): those created while the function was
// checked (ids above start), still unresolved and unconstrained
// (overloaded literals and operators are not generalised, as in Futhark,
// so `let f x = x + 1` stays monomorphic), and not free in the type of any
// name in scope (such a variable is shared with the enclosing body).
func (c *checker) generalisable(sc *scope, t Type, start int) []int {
	var cands []int
	for _, id := range c.freeVars(t, nil) {
		if id <= start || c.cons[id] != cAny || len(c.fields[id]) > 0 || c.hasConstrs(TVar{ID: id}) {
			continue
		}
		if _, r := c.rigid[id]; r {
			continue
		}
		cands = append(cands, id)
	}
	if len(cands) == 0 {
		return nil
	}
	env := map[int]bool{}
	for s := sc; s != nil; s = s.parent {
		for _, b := range s.vars {
			q := map[int]bool{}
			for _, id := range b.quant {
				q[id] = true
			}
			for _, id := range c.freeVars(b.t, nil) {
				if !q[id] {
					env[id] = true
				}
			}
		}
	}
	var out []int
	for _, id := range cands {
		if !env[id] {
			out = append(out, id)
		}
	}
	return out
}

func (c *checker) varExp(sc *scope, e *VarExp) Type {
	if len(e.Qual) == 0 {
		if b, ok := sc.lookup(e.Name); ok {
			c.use(b, e.Pos)
			c.noteUse(b)
			var t Type
			var m map[int]Type
			if b.localFun {
				t, m = c.instantiateLocal(b, e.Pos)
			} else {
				t, m = c.instantiate(b.t, b.quant, b.sizes, e.Pos)
			}
			if m != nil {
				c.inst[e] = m
			}
			return t
		}
		if g, ok := c.globals[e.Name]; ok {
			return c.globalUse(g, e)
		}
	}
	if len(e.Qual) == 1 && e.Qual[0] == "intrinsics" && intrinsicsInPrelude[e.Name] {
		// Futhark's prelude wraps these intrinsics under the same names
		// and arguments; fcc's prelude defines them directly, so the
		// qualified name is the prelude's definition (not a local one
		// of the same name).
		if g, ok := c.globals[e.Name]; ok && g.prelude {
			return c.globalUse(g, e)
		}
	}
	if in, ok := intrinsics[qualName(e.Qual, e.Name)]; ok {
		return in.typ(c, e.Pos)
	}
	if len(e.Qual) == 0 && c.failed[e.Name] {
		panic(checkError{})
	}
	hint := "check the spelling, or define it before this use"
	if len(e.Qual) > 0 {
		hint = "check the spelling: the module does not define this name"
	}
	c.errorf(e.Pos, hint, "unknown name %q", qualName(e.Qual, e.Name))
	return nil
}

// intrinsicsInPrelude names the members of Futhark's intrinsics module
// that fcc's prelude defines with the same arguments and results.
var intrinsicsInPrelude = map[string]bool{
	"flat_index_2d": true, "flat_index_3d": true, "flat_index_4d": true,
	"flat_update_2d": true, "flat_update_3d": true, "flat_update_4d": true,
}

// globalUse types a use e of the top-level definition g.
func (c *checker) globalUse(g *global, e *VarExp) Type {
	c.globalRef[e] = g.decl
	if g.recursive {
		return c.recursiveUse(g, e)
	}
	// The prelude writes [] for result sizes that Futhark's prelude
	// gives in terms of the arguments (take: [i]t, tail: [n-1]t,
	// tabulate: [n]a); only filter's and partition's are existential.
	c.noAnon = g.prelude && !existentialPrelude[e.Name]
	c.instWhy = returnedBy(qualName(e.Qual, e.Name), e.Pos)
	t, m := c.instantiate(g.typ, g.quant, g.sizes, e.Pos)
	c.noAnon = false
	if m != nil {
		c.inst[e] = m
	}
	return t
}

// returnedBy describes an existential size of the result of the
// function name used at pos, as Futhark's notes do.
func returnedBy(name string, pos Pos) string {
	return fmt.Sprintf("an unknown size returned by %q at %d:%d", name, pos.Line, pos.Col)
}

func (c *checker) apply(sc *scope, e *ApplyExp, expected Type) Type {
	fnUses := c.recordFnUses()
	ft := c.exp(sc, e.Fn)
	c.popCapture()
	var afterFn map[*binding]Pos
	if len(fnUses.list) > 0 {
		afterFn = c.copyConsumed()
	}
	params := make([]Type, len(e.Args))
	cur := ft
	for i := range e.Args {
		switch fr := c.resolve(cur).(type) {
		case TFun:
			params[i] = fr.Param
			cur = fr.Result
		case TVar:
			if _, r := c.rigid[fr.ID]; r {
				c.errorf(e.Pos, "", "%s is not a function, but it is applied to an argument", c.show(fr))
			}
			p, r := c.fresh(cAny, e.Pos), c.fresh(cAny, e.Pos)
			c.unify(TFun{Param: p, Result: r}, fr, e.Pos, "application")
			params[i] = p
			cur = r
		default:
			if i == 0 {
				c.errorf(e.Pos, "", "%s is not a function, but it is applied to an argument", c.show(fr))
			}
			c.errorf(e.Args[i].expPos(), "remove the extra argument(s), or add parentheses", "%s is applied to %d argument(s), but takes only %d", fnName(e.Fn), len(e.Args), i)
		}
	}
	// Which parameters are unique is decided by the function's type as
	// declared, before unification with the arguments (or the expected
	// result) instantiates its type variables: copy : a -> a applied to
	// a unique array does not have a unique parameter.
	uniqueParam := make([]bool, len(e.Args))
	declared := make([]Type, len(e.Args))
	for i := range e.Args {
		declared[i] = c.zonk(params[i])
		uniqueParam[i] = isUniqueArray(declared[i]) || c.consumingSum(declared[i])
	}
	if expected != nil {
		c.unifyOK(cur, expected)
	}
	// Arguments that are not functions first, then applications that
	// contain lambdas (full applications such as map (\x -> ...) xs check
	// their own arguments first; partial ones see the expected function
	// type), then lambdas and sections, so that lambdas see the types of
	// the values they will be applied to.
	argTs := make([]Type, len(e.Args))
	lo, hi := make([]int, len(e.Args)), make([]int, len(e.Args))
	for pass := 0; pass < 3; pass++ {
		for i, a := range e.Args {
			if argPass(a) != pass {
				continue
			}
			// The plain type variables of a function-valued parameter
			// are collected before the argument is checked, as checking
			// it against the expected type may instantiate them.
			plainVars := c.plainResultVars(params[i], false, nil)
			lo[i] = c.next
			before := c.copyConsumed()
			if pass > 0 {
				argTs[i] = c.expExpect(sc, a, params[i])
			} else {
				argTs[i] = c.exp(sc, a)
			}
			c.noConsumptionIn("Argument", a, argTs[i], before)
			hi[i] = c.next
			argTs[i] = c.openResultSizes(argTs[i], lo[i], hi[i])
			c.unifyArg(params[i], argTs[i], a, i, e.Fn)
			c.checkConsumingArg(sc, declared[i], a, i, e.Fn)
			// A top-level definition, applied or not, declares the
			// anonymous sizes of its result in its type, and Futhark
			// accepts it here as it accepts it without size parameters;
			// the internaliser rejects a map whose results differ in size.
			if c.globalOf(sc, appHead(a)) == nil {
				c.checkSizeLifting(plainVars, a, i, e.Fn, lo[i], hi[i])
			}
		}
	}
	c.checkDependentArgs(sc, e, params, cur, argTs)
	c.causality(e, params, argTs, lo, hi)
	c.causalityLambda(e, params, argTs, lo, hi)
	c.causalityFn(sc, e, params, argTs, lo, hi)
	c.checkFnUses(fnUses.list, afterFn, e.Fn.expPos())
	for i, a := range e.Args {
		if uniqueParam[i] {
			c.checkConsumedArgNotFn(sc, e.Fn, a)
			c.checkConsumedArgNotShared(sc, e, uniqueParam, i)
			c.consumingCalls++
			c.consume(sc, a, a.expPos())
		} else if parts := consumedParts(declared[i]); parts != nil {
			if !slices.Contains(parts, false) {
				// All of it is consumed (g (p: *(t, u)) ... applied to p
				// p.0): no other argument may share it.
				c.checkConsumedArgNotShared(sc, e, uniqueParam, i)
			}
			c.consumingCalls++
			c.consumeParts(sc, a, parts)
		}
	}
	return c.dependentSize(sc, e, cur)
}

// openResultSizes makes the existential sizes of the final result of a
// function-valued argument of type t that were created while it was
// checked (in (lo, hi]: \x -> filter p x) flexible again, as Futhark
// treats the existential sizes of a function type's result when it
// unifies it with a parameter type. They stay anonymous (Dim.Ext), which
// the size-lifting and causality checks catch where they matter.
func (c *checker) openResultSizes(t Type, lo, hi int) Type {
	f, ok := c.zonk(t).(TFun)
	if !ok {
		return t
	}
	if r, more := f.Result.(TFun); more {
		return TFun{Param: f.Param, Result: c.openResultSizes(r, lo, hi)}
	}
	open := func(ds []Dim) []Dim {
		out := make([]Dim, len(ds))
		for i, d := range ds {
			if d.Exist > lo && d.Exist <= hi && d.Ext == d.Exist {
				d = Dim{Ext: d.Ext}
			}
			out[i] = d
		}
		return out
	}
	return TFun{Param: f.Param, Result: mapDims(f.Result, open)}
}

func (c *checker) unifyArg(param, arg Type, a Exp, i int, fn Exp) {
	var sm *sizeMismatch
	c.liftViolation = nil
	c.occursFailed = false
	c.consFailed = nil
	c.fieldNote = ""
	if !c.unifyS(param, arg, &sm) {
		c.checkLift(a.expPos())
		// Futhark's wording, which its test blocks match; like Futhark's,
		// it names the argument where that is a variable.
		argName := fmt.Sprintf("argument %d", i+1)
		if v, ok := stripParens(a).(*VarExp); ok && len(v.Qual) == 0 {
			argName = fmt.Sprintf("%q (argument %d)", v.Name, i+1)
		}
		what := fmt.Sprintf("Cannot apply %q to %s", fnName(fn), argName)
		if fnName(fn) == "the function" {
			what = "Cannot apply the function to " + argName
		}
		if sm != nil {
			c.sizeMismatchError(a.expPos(), what, sm, param, arg)
		}
		if c.fieldNote != "" {
			c.errorf(a.expPos(), "", "%s: %s", what, c.fieldNote)
		}
		c.errorf(a.expPos(), c.unifyHint(param, arg), "%s: expected type %s, but found %s%s", what, c.show(param), c.show(arg), c.mismatchNotes(param, arg))
	}
}

// checkConsumingArg rejects a function argument that consumes one of its
// parameters where the function it is passed to declares that parameter
// non-unique (map (\(r: *[]f64) -> r) a): the callee may apply it to
// arrays that are still in use. Only a function type declared with a
// unique parameter (f: *[]i32 -> *[]i32) admits such an argument.
func (c *checker) checkConsumingArg(sc *scope, declared Type, a Exp, i int, fn Exp) {
	d, ok := declared.(TFun)
	if !ok {
		return
	}
	// Only what the program declares counts: a lambda parameter written
	// (r: *t), or a named function's unique parameter. Uniqueness that
	// inference gave a parameter (from a unique array it is applied to)
	// consumes nothing.
	c.checkFreshResultArg(sc, d, a, i, fn)
	consumes := c.declaredConsumption(sc, a)
	for k := 0; k < len(consumes); k++ {
		if consumes[k] && !isUniqueArray(d.Param) {
			c.errorf(a.expPos(), "drop the * from the parameter's type and consume a copy inside the function",
				"argument %d of %s is a function that consumes its parameter %d, but %s passes it values of type %s, which it may not consume (the function type of %s's parameter %d is not declared consuming)", i+1, fnName(fn), k+1, fnName(fn), c.show(d.Param), fnName(fn), i+1)
		}
		next, isFun := d.Result.(TFun)
		if !isFun {
			return
		}
		d = next
	}
}

// declaredConsumption says which parameters of a function-valued
// expression are declared unique: those of a lambda written (p: *t), or
// those of a named top-level function; nil for anything else.
func (c *checker) declaredConsumption(sc *scope, e Exp) []bool {
	e = stripParens(e)
	if l, ok := e.(*LambdaExp); ok {
		out := make([]bool, len(l.Params))
		for i, p := range l.Params {
			if a, ok := p.(*PAscript); ok {
				_, out[i] = a.Type.(*TEUnique)
			}
		}
		return out
	}
	return c.uniqueParamsOf(sc, e)
}

// fnName names the function of an application for messages.
func fnName(e Exp) string {
	switch e := e.(type) {
	case *VarExp:
		return qualName(e.Qual, e.Name)
	case *ProjectExp:
		return fnName(e.X) + "." + e.Field
	case *ParenExp:
		return fnName(e.X)
	case *ApplyExp:
		return fnName(e.Fn)
	}
	return "the function"
}
