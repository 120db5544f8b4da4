package frontend

// Top-level value declarations: checking a definition's parameters, body
// and result, generalising its type, and the checks that need the whole
// definition (entry point types, closed-over names, ambiguous literals,
// unknown lambda parameter types, eta expansion).

import (
	"fmt"
	"strings"
)

func (c *checker) checkProg(p *Prog) {
	for _, d := range p.Decls {
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(checkError); !ok {
						panic(r)
					}
					c.fields, c.fieldVars = nil, nil
					switch d := d.(type) {
					case *ValDecl:
						c.failed[d.Name] = true
					case *TypeDecl:
						c.failed[d.Name] = true
					}
				}
			}()
			switch d := d.(type) {
			case *ValDecl:
				c.checkValDecl(d)
			case *TypeDecl:
				if old, ok := c.typeAbbr[d.Name]; ok && !c.prelude && old.Pos.File == d.Pos.File {
					c.errorf(d.Pos, "rename one of the definitions", "Duplicate definition of type %q: it is defined more than once", d.Name)
				}
				// Check the definition once with its parameters abstract.
				sc := newScope()
				for _, tp := range d.TypeParams() {
					if tp.Size {
						sc.vars[tp.Name] = &binding{name: tp.Name, t: tI64}
					} else {
						sc.tvars[tp.Name] = c.fresh(cAny, tp.Pos)
					}
				}
				t := c.typeExp(sc, d.Type)
				c.checkTypeDeclSizes(d)
				c.checkTypeDeclAnonymous(d)
				c.checkTypeDeclLifted(d, t)
				c.typeAbbr[d.Name] = d
			case *UnsupportedDecl:
				c.errorf(d.Pos, "", "%s are not supported yet", d.What)
			}
		}()
	}
}

// TypeParams returns the declaration's parameters.
func (d *TypeDecl) TypeParams() []TypeParam { return d.Params }

// bindTypeParams brings a definition's type and size parameters into
// scope: type parameters as rigid variables, sizes as i64 names.
func (c *checker) bindTypeParams(sc *scope, tps []TypeParam) {
	for _, tp := range tps {
		if tp.Size {
			b := &binding{name: tp.Name, t: tI64, pos: tp.Pos, depth: c.depth}
			sc.vars[tp.Name] = b
			c.sizeNames[tp.Name] = true
			c.sizeBinding[b] = true
			continue
		}
		v := c.fresh(cAny, tp.Pos)
		c.rigid[v.ID] = tp.Name
		// Explicit type parameters: "" (plain 't, no functions), "~" or
		// "^" (functions allowed).
		c.lifted[v.ID] = tp.Lifted
		sc.tvars[tp.Name] = v
	}
}

func (c *checker) checkValDecl(d *ValDecl) {
	if old, dup := c.globals[d.Name]; dup && (!old.prelude || c.prelude) {
		c.errorf(d.Pos, "rename one of the definitions", "Duplicate definition of %q: it is defined more than once", d.Name)
	}
	c.consumed = map[*binding]Pos{}
	c.sums = sumState{}
	c.captures = nil
	c.lambdaParams = nil
	c.consumingCalls = 0
	c.sizeNames = map[string]bool{}
	c.depth = 0
	c.fnDepth = 0
	c.implicitN = 0
	c.implicitVars = nil
	sc := newScope()
	c.bindTypeParams(sc, d.TypeParams)
	params := make([]Type, len(d.Params))
	for i, p := range d.Params {
		c.implicitSizes = true
		func() {
			defer func() { c.implicitSizes = false }()
			params[i] = c.bindParam(sc, p)
		}()
	}
	var ret Type = c.fresh(cAny, d.Pos)
	retUnique := false
	if d.RetType != nil {
		ret = c.typeExp(sc, d.RetType)
		retUnique = isUnique(ret)
		c.retTypes[d] = ret
		if n := c.etaArity(d, params, ret); n > 0 {
			c.etaExpand(d, n)
			c.checkValDecl(d)
			return
		}
	}
	ft := ret
	for i := len(params) - 1; i >= 0; i-- {
		ft = TFun{Param: params[i], Result: ft}
	}
	unregister := c.provisionalGlobal(d, ft)
	body := func() Type {
		defer unregister()
		return c.exp(sc, d.Body)
	}()
	c.unify(ret, body, d.Body.expPos(), "the body of "+d.Name)
	if d.RetType != nil {
		c.checkBodyConsumption(sc, d, ret, body)
	}
	if len(d.Params) == 0 && c.consumingCalls > 0 && containsFun(c.zonk(ret)) && !c.prelude {
		// The constant's closure is shared by all its uses: what a
		// partial application in it consumes would be consumed by each.
		c.errorf(d.Body.expPos(), "make it a function of its own parameters, or consume a copy inside a lambda",
			"Top-level constant of higher-order type %s contains consumption, which is not allowed", c.show(ret))
	}
	if isEntry := d.Entry || (d.Name == "main" && !c.prelude); isEntry {
		if ft, ok := c.zonk(ret).(TFun); ok && !containsFun(c.zonk(ft.Param)) {
			c.etaExpand(d, arity(c.zonk(ret)))
			c.checkValDecl(d)
			return
		}
	}
	if len(d.Params) > 0 && d.RetType == nil && !c.prelude {
		// With a declared result type a function may return a top-level
		// array: its result is then not consumable (see g.constants).
		c.checkGlobalAliases(sc, d.Body)
	}
	if len(d.Params) == 0 && d.RetType != nil && c.hasUniqueComponent(ret) {
		// Every use of a constant shares its value: none may consume it.
		c.errorf(d.RetType.typePos(), "drop the *", "A top-level constant cannot have a unique type (%s)", c.show(ret))
	}
	bodyTree := c.treeOf(sc, d.Body)
	if d.RetType != nil {
		c.checkReturnComponents(ret, bodyTree, d.Body.expPos())
		c.checkUniquePayload(sc, d.RetType, d.Body)
	}
	resFresh := c.inferFresh(ret, d.RetType != nil, bodyTree)
	// Only a declared unique result is checked: an inferred one is
	// simply not unique where the body aliases a parameter.
	if d.RetType != nil {
		c.checkUniqueResult(sc, d.Name, ret, d.Body)
	}
	c.checkSizeParamsKnown(d, params)
	implicitNames := c.nameImplicitSizes(d)
	if !c.prelude && !d.Entry && d.Name != "main" {
		c.checkOverloadAmbiguous(d, ft)
	}
	c.defaultVars()
	c.checkConstrsResolved()
	c.checkMatches()
	c.checkFieldsResolved()
	g := &global{decl: d, typ: eraseTermDims(c.zonk(c.existentialResult(params, ret))), prelude: c.prelude, retUnique: retUnique || d.RetType == nil && !c.aliasesParams(sc, d.Body)}
	if !retUnique {
		for _, b := range c.aliasesOf(sc, d.Body) {
			if c.constants[b.name] == b {
				if len(d.Params) > 0 {
					// Named after the function, which Futhark's message
					// names: what it returns may be a top-level array.
					name := d.Name[strings.LastIndex(d.Name, ".")+1:]
					b = &binding{name: name, t: b.t, consumable: false, globalResult: true}
				}
				g.constants = append(g.constants, b)
			}
		}
	}
	g.sizes = implicitNames
	if d.RetType == nil && c.payloadShared(sc, d.Body) {
		for i := range resFresh {
			resFresh[i] = false
		}
		g.payloadShared = true
	}
	g.resFresh = resFresh
	for _, tp := range d.TypeParams {
		if tp.Size {
			g.sizes = append(g.sizes, tp.Name)
		}
	}
	g.quant = c.freeVars(g.typ, nil)
	if !c.prelude {
		c.checkClosedOver(d, g)
		c.checkLambdaParamsKnown(g)
	}
	c.lambdaParams = nil
	if d.Entry || (d.Name == "main" && !c.prelude) {
		if len(g.quant) > 0 {
			c.errorf(d.Pos, "give the parameters concrete types", "Entry point functions may not be polymorphic: %s has type %s", d.Name, c.show(g.typ))
		}
		c.checkEntryType(d, params, ret)
	}
	c.globals[d.Name] = g
}

// checkClosedOver reports the type variables of a top-level definition's
// type that Futhark does not generalise: one that must support equality
// (def add x y = x == y), since a type parameter does not (one only
// ordered, as by <, stays generalised over the primitive types, a
// loosening of Futhark's default to i32). Type variables beyond the
// explicit type parameters are generalised too (def first 'a (x: a) y =
// (x, y)), as current Futhark closes over them; only Futhark before 0.20
// required explicit type parameters to describe the whole type, and
// libraries such as diku-dk/sorts rely on the newer rule.
func (c *checker) checkClosedOver(d *ValDecl, g *global) {
	for _, q := range g.quant {
		if _, r := c.rigid[q]; r {
			continue
		}
		if c.cons[q] == cPrim && c.eqVars[q] {
			pos, ok := c.consPos[q]
			if !ok {
				pos = d.Pos
			}
			c.errorf(pos, "add a type annotation that names a primitive type, such as (x: i32)",
				"the type %s of the compared values is ambiguous: a type parameter of %s would stand for it, and a type parameter does not support equality", c.show(TVar{q}), d.Name)
		}
	}
}

// checkOverloadAmbiguous reports a type in a definition's type that only
// built-in operators constrain (def add x y = x + y): nothing says which
// numeric type it is. Where a literal of that type occurs (def inc x = x +
// 1) it gets the literal's default type, i32 or f64, as in Futhark; an
// entry point's types are defaulted too, since it has no callers that
// could fix them.
func (c *checker) checkOverloadAmbiguous(d *ValDecl, ft Type) {
	if len(d.Params) == 0 {
		// A constant (def ap = (+)) is defaulted like a literal, as in
		// Futhark (its hof7): only parameters' types are ambiguous.
		return
	}
	for _, id := range c.freeVars(c.zonk(ft), nil) {
		con := c.cons[id]
		if con == cAny || con == cPrim || c.litVars[id] {
			continue
		}
		if _, r := c.rigid[id]; r {
			continue
		}
		pos, ok := c.consPos[id]
		if !ok {
			pos = d.Pos
		}
		c.errorf(pos, "add a type annotation to disambiguate the type, such as (x: i32)",
			"Type is ambiguous: the type %s in the type of %s could be %s, and nothing in %s says which", c.show(TVar{id}), d.Name, con.describe(), d.Name)
	}
}

// lambdaParam is a parameter of a lambda and its type (see
// checkLambdaParamsKnown).
type lambdaParam struct {
	pat Pat
	t   Type
}

// checkLambdaParamsKnown reports a lambda parameter of a function type
// that the definition leaves partly unknown: (\g -> ...) f where g is
// never applied keeps the type variables of f's instance, which no use of
// the definition can fix (they are not in its type), and a function
// cannot be given a default type as a value can.
func (c *checker) checkLambdaParamsKnown(g *global) {
	quant := map[int]bool{}
	for _, q := range g.quant {
		quant[q] = true
	}
	for _, lp := range c.lambdaParams {
		t := c.zonk(lp.t)
		if !containsFun(t) {
			continue
		}
		for _, id := range c.freeVars(t, nil) {
			if _, r := c.rigid[id]; r || quant[id] || c.localGen[id] {
				continue
			}
			c.errorf(lp.pat.patPos(), "annotate the parameter with its type, or apply it",
				"the type %s of this lambda parameter is ambiguous: %s is not known where the lambda is used", c.show(t), c.show(TVar{id}))
		}
	}
}

// checkSizeParamsKnown reports a size parameter that occurs in no
// parameter's type (only in the result type, or nowhere): its value is
// taken from the arguments when d is called, so it would have none. A
// size parameter that occurs only inside a size expression ([n+m]t,
// [2**k]t) is determined at each call by matching that expression with
// the argument's size, as Futhark unifies size expressions (see
// internaliser.solveSizeExps).
func (c *checker) checkSizeParamsKnown(d *ValDecl, params []Type) {
	known := map[string]bool{}
	for _, p := range params {
		dimNames(c.zonk(p), known)
	}
	for _, tp := range d.TypeParams {
		if tp.Size && !known[tp.Name] {
			c.errorf(tp.Pos, fmt.Sprintf("make it a dimension of a parameter's type ([%s]t), or pass it as an ordinary parameter (%s: i64)", tp.Name, tp.Name),
				"size parameter [%s] of %s is not used in the size of any parameter's dimension, so fcc cannot know its value when %s is called", tp.Name, d.Name, d.Name)
		}
	}
}

// etaArity returns how many parameters of d's declared function result
// type must become parameters of d for its size parameters to be known
// from its arguments, or 0 where none need to (or none can). Futhark
// infers such a size at each use, as in def unzip7 [n] 'a ... : (a:
// [n](a, ...)) -> ... = \a -> ...; fcc takes sizes from the arguments,
// so it eta-expands the definition (as it does entry points).
func (c *checker) etaArity(d *ValDecl, params []Type, ret Type) int {
	known := map[string]bool{}
	for _, p := range params {
		dimNames(c.zonk(p), known)
	}
	allKnown := func() bool {
		for _, tp := range d.TypeParams {
			if tp.Size && !known[tp.Name] {
				return false
			}
		}
		return true
	}
	if allKnown() {
		return 0
	}
	te, t := d.RetType, c.zonk(ret)
	for n := 1; ; n++ {
		arrow, ok := c.arrowType(te)
		ft, isFun := t.(TFun)
		if !ok || !isFun {
			return 0
		}
		dimNames(c.zonk(ft.Param), known)
		if allKnown() {
			return n
		}
		te, t = arrow.Result, c.zonk(ft.Result)
	}
}

// dimNames adds the names that occur in the dimensions of arrays in t,
// as whole dimensions or inside size expressions.
func dimNames(t Type, out map[string]bool) {
	switch t := t.(type) {
	case TArray:
		for _, d := range t.Dims {
			dimNamesOf(d, out)
		}
		dimNames(t.Elem, out)
	case TTuple:
		for _, e := range t.Elems {
			dimNames(e, out)
		}
	case TRecord:
		for _, f := range t.Fields {
			dimNames(f.Type, out)
		}
	}
}

// dimNamesOf adds the names that occur in the dimension d.
func dimNamesOf(d Dim, out map[string]bool) {
	if d.Name != "" {
		out[d.Name] = true
	}
	for _, p := range d.Add {
		dimNamesOf(p, out)
	}
	if d.Op != nil {
		dimNamesOf(d.Op.L, out)
		dimNamesOf(d.Op.R, out)
	}
	if d.Exp != nil {
		expNames(d.Exp, out)
	}
}

// expNames adds the unqualified names that a size expression mentions.
func expNames(e Exp, out map[string]bool) {
	for _, n := range expNameList(e, nil) {
		out[n] = true
	}
}

// expNameList appends the unqualified names that a size expression
// mentions, in order of appearance.
func expNameList(e Exp, out []string) []string {
	switch e := e.(type) {
	case *VarExp:
		if len(e.Qual) == 0 {
			out = append(out, e.Name)
		}
	case *ParenExp:
		out = expNameList(e.X, out)
	case *BinOpExp:
		out = expNameList(e.R, expNameList(e.L, out))
	case *ApplyExp:
		out = expNameList(e.Fn, out)
		for _, a := range e.Args {
			out = expNameList(a, out)
		}
	}
	return out
}

// arity is the number of parameters of the function type t whose types
// hold no functions, up to the first that does.
func arity(t Type) int {
	n := 0
	for {
		ft, ok := t.(TFun)
		if !ok || containsFun(ft.Param) {
			return n
		}
		n++
		t = ft.Result
	}
}

// etaExpand gives an entry point whose result is a function (def main =
// f, or def main (m: i64) = map g) n parameters of its own, as Futhark
// does: def main x₁ … xₙ = f x₁ … xₙ. A declared result type a -> b
// gives the new parameter its type a and the entry point its result b.
func (c *checker) etaExpand(d *ValDecl, n int) {
	args := make([]Exp, n)
	for i := range args {
		name := fmt.Sprintf("η%d", i+1)
		var p Pat = &PId{Pos: d.Pos, Name: name}
		if arrow, ok := c.arrowType(d.RetType); ok {
			p = &PAscript{Pos: d.Pos, Pat: p, Type: arrow.Param}
			d.RetType = arrow.Result
			if arrow.ParamName != "" {
				p.(*PAscript).Pat = &PId{Pos: d.Pos, Name: arrow.ParamName}
				name = arrow.ParamName
			}
		}
		d.Params = append(d.Params, p)
		args[i] = &VarExp{Pos: d.Pos, Name: name}
	}
	d.Body = &ApplyExp{Pos: d.Pos, Fn: d.Body, Args: args}
}

// arrowType returns the function type te names, looking through type
// abbreviations without parameters (type^ f = (n: i64) -> [n]i32), so that
// an entry point declared as def main : f = ... gets f's parameter types.
func (c *checker) arrowType(te TypeExp) (*TEArrow, bool) {
	for range 100 { // abbreviations cannot be cyclic; the bound is a guard
		switch t := te.(type) {
		case *TEArrow:
			return t, true
		case *TEName:
			d, ok := c.typeAbbr[t.Name]
			if !ok || len(t.Args) > 0 || len(d.Params) > 0 {
				return nil, false
			}
			te = d.Type
		default:
			return nil, false
		}
	}
	return nil, false
}

// aliasesParams approximates whether a body without a declared return
// type may return one of the parameters' arrays (or a constant's). A
// consumable local of the body that is out of scope here is an array the
// body made afresh (see recordBodyAliases): it does not count.
func (c *checker) aliasesParams(sc *scope, body Exp) bool {
	for _, b := range c.aliasesOf(sc, body) {
		if v, ok := sc.lookup(b.name); ok && v == b || !b.consumable {
			return true
		}
	}
	return false
}

// isUnique says whether a declared result type t promises a value that
// aliases nothing: every array in it is unique. A type parameter does
// not (id returns its argument), whatever it is instantiated with.
func isUnique(t Type) bool {
	switch t := t.(type) {
	case TArray:
		return t.Unique
	case TVar:
		return false
	case TFun:
		// What applying the function returns (a partial application's
		// closure holds its arguments: see aliasesOf).
		return isUnique(t.Result)
	case TTuple:
		for _, e := range t.Elems {
			if !isUnique(e) {
				return false
			}
		}
	case TRecord:
		for _, f := range t.Fields {
			if !isUnique(f.Type) {
				return false
			}
		}
	}
	return true
}

// noFunction rejects function types where Futhark does (results of
// branches, loops and functions, array elements). A type not yet known
// must stay a non-function type: its unresolved variables are marked so
// that a later use as a function (let f x = ([x], x 2)) is reported with
// this place, and a lifted type parameter ('^a), which may stand for a
// function, is rejected here, since nothing later can rule that out.
func (c *checker) noFunction(t Type, pos Pos, msg, hint string) {
	t = c.zonk(t)
	if containsFun(t) {
		c.errorf(pos, hint, "%s (type %s)", msg, c.show(t))
	}
	for _, id := range c.freeVars(t, nil) {
		if c.constrFun(id) {
			c.errorf(pos, hint, "%s (type %s)", msg, c.show(t))
		}
		if c.lifted[id] == "^" {
			if name, ok := c.rigid[id]; ok {
				c.errorf(pos, "declare the type parameter as '"+name+" or '~"+name+" (no functions) if it never stands for a function",
					"%s: its type %s involves the lifted type parameter '^%s, which may be a function type", msg, c.show(t), name)
			}
		}
		if !c.funless(id) {
			c.noFun[id] = true
			c.noFunWhy[id] = noFunReason{pos: pos, msg: msg}
		}
	}
}

// noFunReason records where and why a type variable may not become a
// function type (see noFunction).
type noFunReason struct {
	pos Pos
	msg string
}

func containsFun(t Type) bool {
	switch t := t.(type) {
	case TFun:
		return true
	case TArray:
		return containsFun(t.Elem)
	case TTuple:
		for _, e := range t.Elems {
			if containsFun(e) {
				return true
			}
		}
	case TRecord:
		for _, f := range t.Fields {
			if containsFun(f.Type) {
				return true
			}
		}
	case TSum:
		for _, k := range t.Constrs {
			for _, p := range k.Payload {
				if containsFun(p) {
					return true
				}
			}
		}
	}
	return false
}

// checkEntryType checks the types of an entry point's parameters and
// result. As in Futhark, they may be any types without functions:
// primitives and arrays of primitives are passed as such, other types
// (tuples, records, arrays of them) are opaque (see entryValue). A
// result that is a tuple is several results.
func (c *checker) checkEntryType(d *ValDecl, params []Type, ret Type) {
	for i, p := range params {
		if containsFun(c.zonk(p)) {
			c.errorf(d.Params[i].patPos(), "pass a value that selects the function instead (entry points are called from outside the program)",
				"Entry point functions may not be higher-order: parameter %d of %s has the function type %s", i+1, d.Name, c.show(p))
		}
	}
	if containsFun(c.zonk(ret)) {
		c.errorf(d.Pos, "return the values the function would compute instead",
			"Entry point functions may not be higher-order: the result of %s has the function type %s", d.Name, c.show(ret))
	}
}

// --- types as written ---
