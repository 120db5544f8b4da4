package frontend

// Type expressions as written in the source: their elaboration into
// types, size names in types, and the expansion of type abbreviations.

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
)

func (c *checker) typeExp(sc *scope, te TypeExp) Type {
	switch te := te.(type) {
	case *TEName:
		if len(te.Args) == 0 {
			if t, ok := sc.lookupTVar(te.Name); ok {
				return t
			}
			if p, ok := values.ParsePrimType(te.Name); ok {
				return TPrim{p}
			}
		}
		if d, ok := c.typeAbbr[te.Name]; ok {
			return c.expandAbbr(sc, te, d)
		}
		if c.failed[te.Name] {
			panic(checkError{})
		}
		c.errorf(te.Pos, "", "Unknown type %q", te.Name)
	case *TEArray:
		var d Dim
		if te.Dim == nil && c.implicitSizes {
			d = c.freshDim()
			c.implicitVars = append(c.implicitVars, d.Var)
			c.paramVar[d.Var] = implicitName(len(c.implicitVars))
		}
		if te.Dim != nil {
			switch {
			case te.Dim.Name != "":
				d = c.sizeName(sc, te.Dim.Name, te.Dim.Pos)
			case te.Dim.Exp == nil:
				d = Dim{Const: te.Dim.Lit, Known: true}
			default:
				c.unify(tI64, c.sizeExp(sc, te.Dim.Exp), te.Dim.Pos, "size expression")
				d = Dim{Exp: te.Dim.Exp}
			}
		}
		et := c.typeExp(sc, te.Elem)
		if isAbstractType(c.zonk(et)) && containsFun(c.zonk(et)) {
			c.errorf(te.Pos, "declare the abstract type without ^ if it cannot be a function",
				"Cannot create array with elements of lifted type \"%s\" (might contain function).", c.show(et))
		} else if containsFun(c.zonk(et)) {
			// Futhark's wording, which its test blocks match.
			c.errorf(te.Pos, "pass the functions separately, or store in the array the values they are built from",
				"Cannot create array with elements of lifted type \"%s\": arrays of functions are not allowed", c.show(et))
		}
		// Uniqueness goes outside-in, as in Futhark: an array of unique
		// rows ([](uniq []) where uniq = *[]i32) is not itself unique,
		// only *[]... is.
		a := arrayOf(d, et).(TArray)
		a.Unique = false
		return a
	case *TETuple:
		es := make([]Type, len(te.Elems))
		for i, e := range te.Elems {
			es[i] = c.typeExp(sc, e)
		}
		if len(es) == 1 {
			return es[0]
		}
		return TTuple{Elems: es}
	case *TESum:
		return c.sumTypeExp(sc, te)
	case *TERecord:
		fs := make([]RecordField, len(te.Fields))
		seen := map[string]bool{}
		for i, f := range te.Fields {
			if seen[f.Name] {
				c.errorf(te.Pos, "give each field one type", "Duplicate field %s in the record type", f.Name)
			}
			seen[f.Name] = true
			fs[i] = RecordField{f.Name, c.typeExp(sc, f.Type)}
		}
		sortFields(fs)
		return tupleIfNumbered(fs)
	case *TEArrow:
		if c.implicitSizes {
			c.implicitSizes = false
			defer func() { c.implicitSizes = true }()
		}
		inner := sc
		if te.ParamName != "" {
			inner = sc.child()
			inner.vars[te.ParamName] = &binding{name: te.ParamName, t: tI64}
		}
		return TFun{Param: c.typeExp(sc, te.Param), Result: c.typeExp(inner, te.Result)}
	case *TEUnique:
		t := c.typeExp(sc, te.Type)
		if a, ok := t.(TArray); ok {
			a.Unique = true
			return a
		}
		if tt, ok := t.(TTuple); ok {
			es := make([]Type, len(tt.Elems))
			for i, e := range tt.Elems {
				if a, ok := e.(TArray); ok {
					a.Unique = true
					e = a
				}
				es[i] = e
			}
			return TTuple{Elems: es}
		}
		if r, ok := t.(TRecord); ok {
			return uniqueFields(r)
		}
		if st, ok := t.(TSum); ok {
			// *t of a sum type: its payloads' arrays are unique, so a
			// parameter of the type may be consumed (uniqueSum).
			return mapSum(st, uniqueArrays)
		}
		return t
	case *TEExistential:
		for _, n := range te.Sizes {
			if !constructiveUse(te.Type, n) {
				// A value of the type must carry the size (functions do
				// not), or it could never be known; Futhark's wording.
				c.errorf(te.Pos, fmt.Sprintf("use %s as the size of an array that is not part of a function type", n),
					"Existential size %q not used as array size (outside function types, where a value would carry it)", n)
			}
		}
		inner := sc.child()
		for _, n := range te.Sizes {
			inner.vars[n] = &binding{name: n, t: tI64}
			// n is existential: one size, whatever it is, wherever
			// it appears in the type.
			d := c.freshDim()
			c.existVar[d.Var] = true
			inner.tvars["?"+n] = dimType{d}
		}
		return c.typeExp(inner, te.Type)
	}
	c.errorf(te.typePos(), "", "unsupported type")
	return nil
}

// sizeName is the dimension a size name in a type denotes.
func (c *checker) sizeName(sc *scope, name string, pos Pos) Dim {
	if t, ok := sc.lookupTVar("?" + name); ok {
		if d, ok := t.(dimType); ok {
			return d.d
		}
		return Dim{}
	}
	if t, ok := sc.lookupTVar("#" + name); ok {
		// A size argument of a type abbreviation.
		if d, ok := t.(dimType); ok {
			return d.d
		}
	}
	b, ok := sc.lookup(name)
	if !ok {
		g, global := c.globals[name]
		if !global {
			c.errorf(pos, "bind it as a size parameter, e.g. def f [n] (xs: [n]i32) = ...", "unknown size %q", name)
		}
		// A top-level constant: the internaliser evaluates the size as
		// it does a reference to the constant in an expression.
		e := &VarExp{Pos: pos, Name: name}
		if global {
			c.globalRef[e] = g.decl
		}
		return Dim{Exp: e}
	}
	c.unify(tI64, b.t, pos, fmt.Sprintf("size %q", name))
	return Dim{Name: name}
}

// dimType carries a size argument through a type abbreviation's scope.
type dimType struct{ d Dim }

func (dimType) isType() {}

func (c *checker) expandAbbr(sc *scope, te *TEName, d *TypeDecl) Type {
	// Outside parameter types, a size argument written [] is one
	// unknown size wherever the abbreviation uses it: square [] is
	// [k][k] for some k, as in Futhark.
	shareAnon := !c.implicitSizes
	if c.implicitSizes {
		c.implicitSizes = false
		defer func() { c.implicitSizes = true }()
	}
	if len(te.Args) != len(d.Params) {
		c.errorf(te.Pos, "", "type %s takes %d argument(s), but is given %d", d.Name, len(d.Params), len(te.Args))
	}
	inner := newScope()
	// Size expressions of the definition become expressions of the
	// arguments, whose names are bound in the expansion's scope.
	var sizeArgs map[string]Exp
	if hasSizeExp(d.Type) {
		sizeArgs = map[string]Exp{}
	}
	for i, p := range d.Params {
		a := te.Args[i]
		if p.Size {
			if a.Type != nil {
				c.errorf(te.Pos, "write a size argument as [n]", "argument %d of type %s must be a size", i+1, d.Name)
			}
			var dim Dim
			switch {
			case a.Size == nil:
				if shareAnon {
					dim = c.freshDim()
				}
			case a.Size.Name != "":
				dim = c.sizeName(sc, a.Size.Name, a.Size.Pos)
			case a.Size.Exp == nil:
				dim = Dim{Const: a.Size.Lit, Known: true}
			default:
				c.unify(tI64, c.sizeExp(sc, a.Size.Exp), a.Size.Pos, "size expression")
				dim = Dim{Exp: a.Size.Exp}
			}
			inner.tvars["#"+p.Name] = dimType{dim}
			if sizeArgs != nil {
				sizeArgs[p.Name] = c.dimArgExp(sc, inner, dim, te.Pos)
			}
			continue
		}
		if a.Type == nil {
			c.errorf(te.Pos, "", "argument %d of type %s must be a type", i+1, d.Name)
		}
		inner.tvars[p.Name] = c.typeExp(sc, a.Type)
	}
	if sizeArgs != nil {
		return c.typeExp(inner, sizeArgExps(d.Type, sizeArgs))
	}
	return c.typeExp(inner, d.Type)
}

// --- patterns ---
