package frontend

// Aliases and consumption: which bindings a value may share arrays with,
// the consumption of bindings passed for unique parameters or updated in
// place, and the aliasing of functions' results. These are the
// uniqueness rules the checker applies while it infers types;
// uniqueness.go, consume.go, aliastree.go, loopalias.go and
// components.go hold the rules on closures and the components of results.

import "fmt"

// componentAliases gives each name of pattern p the aliases of the part
// of v it binds: a tuple or record pattern against a value whose
// components fcc can tell apart (see componentSplit) goes component by
// component; anything else gets whole, v's aliases.
func (c *checker) componentAliases(sc *scope, p Pat, v Exp, whole []*binding, out map[string][]*binding) {
	p = unascribed(p)
	if v != nil {
		if idx := c.patComponents(p, c.types[v]); idx != nil {
			if exps, als := c.componentSplit(sc, v); als != nil {
				for k, q := range idx {
					var x Exp
					if exps != nil {
						x = exps[k]
					}
					if q != nil {
						c.componentAliases(sc, q, x, als[k], out)
					}
				}
				return
			}
		}
	}
	for _, n := range patNames(p, nil) {
		out[n] = whole
	}
}

// use checks that a binding has not been consumed.
func (c *checker) use(b *binding, pos Pos) {
	for _, p := range b.parts {
		if at, ok := c.consumed[p]; ok {
			c.errorf(pos, "copy the array before consuming it, or do not use it afterwards",
				"Using variable %q, but part of it was consumed at %d:%d", b.name, at.Line, at.Col)
		}
	}
	if at, ok := c.consumed[b]; ok {
		c.errorf(pos, "copy the array before consuming it (copy "+b.name+"), or do not use it afterwards",
			"Using variable %q, but this was consumed at %d:%d", b.name, at.Line, at.Col)
	}
	for _, a := range b.aliases {
		at, ok := c.consumed[a]
		if !ok {
			a, at, ok = c.consumedWhole(a)
		}
		if ok {
			// Named after what was consumed, as in Futhark.
			what := fmt.Sprintf("variable %q", a.name)
			if a.result {
				what = a.name
			}
			c.errorf(pos, "copy the array before consuming it",
				"Using %s, but this was consumed at %d:%d (%q, used here, aliases it and was consumed with it)", what, at.Line, at.Col, b.name)
		}
	}
}

// consume marks what e denotes as consumed at pos (in-place updates,
// arguments for unique parameters).
func (c *checker) consume(sc *scope, e Exp, pos Pos) {
	c.consumeAliases(c.aliasesOf(sc, e), e, pos)
}

// consumeAliases marks als, the aliases of e (nil for a component of a
// value), as consumed at pos.
func (c *checker) consumeAliases(als []*binding, e Exp, pos Pos) {
	if c.inSizeExp > 0 && len(als) > 0 {
		c.errorf(pos, "compute the size before the type, without updating anything",
			"Consuming %q, which is not consumable inside a size expression: a size may be evaluated more than once, so it may not consume anything", als[0].name)
	}
	for _, ws := range c.whileConds {
		for _, b := range als {
			if o, ok := ws.lookup(b.name); ok && o == b {
				c.errorf(pos, "copy it inside the condition, or update it in the loop body",
					"Consuming %q, which is not consumable: the condition of a while loop is evaluated before every iteration, so it may not consume what is bound outside it", b.name)
			}
		}
	}
	if b := notConsumable(als); b != nil {
		// Named after what makes it not consumable, as in Futhark.
		via := ""
		if v, ok := stripParens(e).(*VarExp); ok && v.Name != b.name {
			via = fmt.Sprintf(" (%q, consumed here, aliases it)", v.Name)
		}
		if c.isFunType(b.t) {
			c.errorf(pos, "update a copy of the function's result (copy ("+b.name+" ...)), or give its result a unique type (-> *[]t)",
				"Consuming %q, which is not consumable: it is a function parameter, and what applying it returns may be an array it holds%s", b.name, via)
		}
		if b.globalResult {
			c.errorf(pos, "update a copy (copy ("+b.name+" ...))",
				"Consuming %q, which is not consumable: what it returns may be a top-level array%s", b.name, via)
		}
		c.errorf(pos, "give the parameter a unique type (*[]t) or update a copy (copy "+b.name+")",
			"Consuming %s, which is not consumable: it is a parameter that is not unique or a top-level constant%s", userName(b.name), via)
	}
	for _, b := range als {
		if b.depth < c.depth {
			c.errorf(pos, "copy it inside the function or loop first",
				"Consuming variable %q, which is not consumable here: it is bound outside the enclosing function or loop body", b.name)
		}
		if at, ok := c.consumed[b]; ok {
			c.errorf(pos, "copy the array for one of the uses", "%q is consumed twice (also at %d:%d)", b.name, at.Line, at.Col)
		}
		c.consumed[b] = pos
		c.consumeWhole(b, pos)
		for _, p := range b.parts {
			if at, ok := c.consumed[p]; ok {
				c.errorf(pos, "copy the array for one of the uses", "%q is consumed, but part of it was consumed already at %d:%d", b.name, at.Line, at.Col)
			}
			c.consumed[p] = pos
		}
	}
}

// notConsumable is the first of als that may not be consumed, preferring
// one that is not consumable of itself (a parameter that is not unique, a
// constant) to a name that merely aliases one; nil when all may be.
func notConsumable(als []*binding) *binding {
	var first *binding
	for _, b := range als {
		if b.consumable {
			continue
		}
		if first == nil {
			first = b
		}
		own := true
		for _, a := range b.aliases {
			own = own && a.consumable
		}
		if own {
			return b
		}
	}
	return first
}

// aliasesOf is the set of bindings the array value of e may share
// memory with (approximated, but never missing an alias).
func (c *checker) aliasesOf(sc *scope, e Exp) []*binding {
	var out []*binding
	add := func(bs []*binding) {
		for _, b := range bs {
			dup := false
			for _, o := range out {
				if o == b {
					dup = true
				}
			}
			if !dup {
				out = append(out, b)
			}
		}
	}
	switch e := e.(type) {
	case *VarExp:
		if len(e.Qual) > 0 {
			return nil
		}
		if b, ok := sc.lookup(e.Name); ok {
			if c.isFunType(b.t) {
				// A closure: what it holds on to.
				return b.aliases
			}
			if !hasArray(c.zonk(b.t)) {
				return nil
			}
			add([]*binding{b})
			add(b.aliases)
		} else if b := c.constantAlias(e.Name); b != nil {
			add([]*binding{b})
		}
	case *ParenExp, *AscriptExp, *CoerceExp, *AttrExp:
		return c.aliasesOf(sc, operandOf(e))
	case *IndexExp:
		if hasArray(c.zonk(c.types[e])) {
			return c.aliasesOf(sc, e.X)
		}
	case *ProjectExp:
		if _, q := c.qualified[e]; q {
			return nil
		}
		if hasArray(c.zonk(c.types[e])) {
			return c.aliasesOf(sc, e.X)
		}
	case *TupleExp:
		for _, x := range e.Elems {
			add(c.aliasesOf(sc, x))
		}
	case *RecordExp:
		for _, f := range e.Fields {
			add(c.aliasesOf(sc, f.Exp))
		}
	case *IfExp:
		add(c.withoutConsumedIn(e, c.aliasesOf(sc, e.Then)))
		add(c.withoutConsumedIn(e, c.aliasesOf(sc, e.Else)))
	case *MatchExp:
		// Names bound by the cases alias the matched value, which a
		// result with arrays may then alias.
		if hasArray(c.zonk(c.types[e])) {
			add(c.aliasesOf(sc, e.X))
		}
		for _, k := range e.Cases {
			add(c.aliasesOf(sc, k.Body))
		}
	case *ConstrExp:
		for _, a := range e.Args {
			add(c.aliasesOf(sc, a))
		}
	case *RecordUpdateExp:
		// The record keeps its other fields, which alias what the
		// record did, except what the new field's value consumed (a
		// record updated through a path, `r with x[i] = v`, is
		// r with x = (r.x with [i] = v), which consumes r).
		for _, b := range append(c.aliasesOf(sc, e.X), c.aliasesOf(sc, e.Value)...) {
			if _, gone := c.consumed[b]; !gone {
				add([]*binding{b})
			}
		}
	case *LetExp, *LetFunExp, *LetWithExp:
		return c.aliasesOfIn(e)
	case *LoopExp:
		if hasArray(c.zonk(c.types[e])) {
			return c.loopAliases[e]
		}
	case *LambdaExp:
		return c.closureAliases[e]
	case *OpSectionExp:
		if e.Backtick && e.Left == nil && e.Right == nil {
			// (op) naming a definition: its value (see opSection).
			return c.aliasesOf(sc, e.opVar())
		}
		if e.Left != nil {
			return c.aliasesOf(sc, e.Left)
		}
		if e.Right != nil {
			return c.aliasesOf(sc, e.Right)
		}
	case *ApplyExp, *BinOpExp:
		fn, args := appParts(e)
		// A partial application holds on to its function and the
		// arguments it was given, except those it consumed.
		partial := c.isFunType(c.types[e])
		if b, ok := e.(*BinOpExp); ok && (b.Op == "|>" || b.Op == "<|") && !partial {
			// The function applied by a pipeline is a value like any
			// other: the result may alias its closure, whatever the
			// uniqueness of its result (as in Futhark).
			add(c.aliasesOf(sc, fn))
		}
		if !partial && !hasArray(c.zonk(c.types[e])) {
			return out
		}
		if !partial && !c.resultMayAlias(sc, fn) {
			return out
		}
		if g := c.globalOf(sc, fn); g != nil {
			add(g.constants)
			if !partial && len(g.resFresh) == 1 && !g.resFresh[0] && g.payloadShared {
				// A sum whose payloads share an array (#foo xs xs): the
				// values a match binds from it alias each other, through
				// the result as a whole.
				res := c.pseudoBinding(e, fmt.Sprintf("the result of applying %q", fnName(fn)))
				res.result = true
				add([]*binding{res})
			}
		}
		if fn != nil {
			// Applying a closure gives a result that may alias it.
			add(c.aliasesOf(sc, fn))
			if b := c.heldFunction(sc, fn, len(args)); b != nil {
				add([]*binding{b})
			}
		}
		// An argument passed for a unique parameter is consumed: the
		// result does not alias it (as in Futhark), nor the components
		// of a tuple passed for a parameter with unique ones.
		consumed := c.uniqueParamsOf(sc, fn)
		ptypes := c.paramTypesOf(sc, fn)
		for i, a := range args {
			if i < len(consumed) && consumed[i] {
				continue
			}
			if i < len(ptypes) {
				if parts := consumedParts(ptypes[i]); parts != nil {
					if _, split := c.componentSplit(sc, a); split != nil {
						for k, als := range split {
							if !parts[k] {
								add(als)
							}
						}
						continue
					}
				}
			}
			add(c.aliasesOf(sc, a))
		}
	}
	return out
}

// constantAlias is the binding that stands for a top-level constant
// holding arrays, as an alias: constants are shared by every use, so
// nothing may consume them (nil for other names).
func (c *checker) constantAlias(name string) *binding {
	g, ok := c.globals[name]
	if !ok || g.prelude {
		return nil
	}
	if _, fun := g.typ.(TFun); fun || !hasArray(c.zonk(g.typ)) {
		return nil
	}
	if c.constants == nil {
		c.constants = map[string]*binding{}
	}
	b, ok := c.constants[name]
	if !ok {
		b = &binding{name: name, t: g.typ, consumable: false}
		c.constants[name] = b
	}
	return b
}

// aliasesOfIn is used for let bodies, whose scope is gone: their aliases
// were recorded when the body was checked.
func (c *checker) aliasesOfIn(e Exp) []*binding { return c.bodyAliases[e] }

func appParts(e Exp) (Exp, []Exp) {
	switch e := e.(type) {
	case *ApplyExp:
		return e.Fn, e.Args
	case *BinOpExp:
		switch e.Op {
		case "|>":
			return e.R, []Exp{e.L}
		case "<|":
			return e.L, []Exp{e.R}
		}
		return nil, []Exp{e.L, e.R}
	}
	return nil, nil
}

// resultMayAlias says whether applying fn may return an argument's array.
func (c *checker) resultMayAlias(sc *scope, fn Exp) bool {
	for {
		if p, ok := fn.(*ParenExp); ok {
			fn = p.X
			continue
		}
		if a, ok := fn.(*ApplyExp); ok {
			fn = a.Fn
			continue
		}
		break
	}
	v, ok := fn.(*VarExp)
	if !ok {
		if p, ok := fn.(*ProjectExp); ok {
			if q := c.qualified[p]; q != nil {
				v = q
			}
		}
	}
	if v == nil {
		return fn != nil
	}
	if len(v.Qual) == 0 {
		if _, ok := sc.lookup(v.Name); ok {
			return true
		}
		if g, ok := c.globals[v.Name]; ok {
			return !g.retUnique
		}
	}
	return viewIntrinsics[qualName(v.Qual, v.Name)]
}

// operandOf is the operand of an expression whose value is its operand's
// (parentheses, a type ascription, a size coercion, an attribute); nil
// for any other expression.
func operandOf(e Exp) Exp {
	switch e := e.(type) {
	case *ParenExp:
		return e.X
	case *AscriptExp:
		return e.X
	case *CoerceExp:
		return e.X
	case *AttrExp:
		return e.X
	}
	return nil
}

// stripParens is e without the parentheses around it.
func stripParens(e Exp) Exp {
	for {
		p, ok := e.(*ParenExp)
		if !ok {
			return e
		}
		e = p.X
	}
}

// appHead is the function an application (of any number of arguments)
// applies, or e itself when it is not an application.
func appHead(e Exp) Exp {
	for {
		a, ok := stripParens(e).(*ApplyExp)
		if !ok {
			return e
		}
		e = a.Fn
	}
}

// globalOf is the top-level definition that fn names (parentheses
// aside); nil for a local or qualified name or any other expression.
func (c *checker) globalOf(sc *scope, fn Exp) *global {
	v, ok := stripParens(fn).(*VarExp)
	if !ok || len(v.Qual) > 0 {
		return nil
	}
	if _, local := sc.lookup(v.Name); local {
		return nil
	}
	return c.globals[v.Name]
}

// uniqueParamsOf says which parameters of the top-level function fn names
// (not a partial application) are unique; nil when fn is anything else.
func (c *checker) uniqueParamsOf(sc *scope, fn Exp) []bool {
	g := c.globalOf(sc, fn)
	if g == nil {
		return nil
	}
	var out []bool
	for t := g.typ; ; {
		f, ok := t.(TFun)
		if !ok {
			return out
		}
		out = append(out, isUniqueArray(f.Param) || c.consumingSum(f.Param))
		t = f.Result
	}
}

// paramTypesOf is the parameter types of the top-level function fn names,
// as declared; nil when fn is anything else.
func (c *checker) paramTypesOf(sc *scope, fn Exp) []Type {
	g := c.globalOf(sc, fn)
	if g == nil {
		return nil
	}
	var out []Type
	for t := g.typ; ; {
		f, ok := t.(TFun)
		if !ok {
			return out
		}
		out = append(out, f.Param)
		t = f.Result
	}
}

func hasArray(t Type) bool {
	switch t := t.(type) {
	case TArray:
		return true
	case TTuple:
		for _, e := range t.Elems {
			if hasArray(e) {
				return true
			}
		}
	case TRecord:
		for _, f := range t.Fields {
			if hasArray(f.Type) {
				return true
			}
		}
	case TVar:
		return true
	case TSum:
		for _, k := range t.Constrs {
			for _, p := range k.Payload {
				if hasArray(p) {
					return true
				}
			}
		}
	}
	return false
}

// --- expressions ---

// checkUniqueAscription rejects ascribing a unique array type to a value
// that shares its array with something not consumable (x : *[]i32 where
// the parameter x is not unique), as Futhark does.
func (c *checker) checkUniqueAscription(sc *scope, e Exp, t Type, pos Pos) {
	if t == nil || !isUniqueArray(c.zonk(t)) {
		return
	}
	for _, b := range c.aliasesOf(sc, e) {
		if !b.consumable {
			c.errorf(pos, "ascribe a copy (copy "+b.name+"), or drop the *",
				"the value may alias %q, which is not unique, so it cannot have the unique type %s", b.name, c.show(t))
		}
	}
}

// declaresUnique says whether a pattern has a part ascribed a unique
// type (p: *t).
func declaresUnique(p Pat) bool {
	switch p := p.(type) {
	case *PAscript:
		if _, ok := p.Type.(*TEUnique); ok {
			return true
		}
		return declaresUnique(p.Pat)
	case *PTuple:
		for _, q := range p.Elems {
			if declaresUnique(q) {
				return true
			}
		}
	case *PRecord:
		for _, f := range p.Fields {
			if declaresUnique(f.Pat) {
				return true
			}
		}
	}
	return false
}

// viewIntrinsics return (views of) their arguments' arrays.
var viewIntrinsics = map[string]bool{
	"zip": true, "zip3": true, "zip4": true, "zip5": true,
	"unzip": true, "unzip3": true, "unzip4": true, "unzip5": true,
	"transpose": true, "flatten": true, "unflatten": true, "rearrange": true,
	"__slice": true, "reshape": true,
}
