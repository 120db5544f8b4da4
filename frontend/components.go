package frontend

// Components taken apart: the aliases and consumption of the components
// of tuples and records that patterns split (componentSplit), and the
// parameters with unique components that consume only those parts of
// their argument (consumedParts). Unlike aliastree.go, which may assume
// too few aliases, what these give is never missing one: it decides what
// is consumed, so it is kept apart from the approximate trees.

import (
	"fmt"
	"slices"
)

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
