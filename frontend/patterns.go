package frontend

// Patterns: binding the names of a pattern to the parts of a type, the
// types of patterns, and the helpers that walk patterns.

import "fmt"

// bindParam binds a function parameter pattern; array parameters of
// unique type are consumable.
func (c *checker) bindParam(sc *scope, p Pat) Type {
	t := c.bindPat(sc, p, nil)
	c.markConsumable(sc, p)
	return t
}

// markConsumable marks the names p binds as parameters, consumable when
// their arrays are unique.
func (c *checker) markConsumable(sc *scope, p Pat) {
	eachSubPat(p, func(q Pat) {
		if id, ok := q.(*PId); ok {
			if b, ok := sc.vars[id.Name]; ok {
				b.consumable = isUniqueArray(c.zonk(b.t)) || c.allArraysUnique(b.t) || c.uniqueSum(b.t)
				b.param = true
			}
		}
	})
}

// eachSubPat calls f with p and every pattern inside it, outermost first.
func eachSubPat(p Pat, f func(Pat)) {
	f(p)
	switch p := p.(type) {
	case *PAscript:
		eachSubPat(p.Pat, f)
	case *PTuple:
		for _, e := range p.Elems {
			eachSubPat(e, f)
		}
	case *PRecord:
		for _, fd := range p.Fields {
			eachSubPat(fd.Pat, f)
		}
	case *PConstr:
		for _, a := range p.Args {
			eachSubPat(a, f)
		}
	}
}

func isUniqueArray(t Type) bool {
	a, ok := t.(TArray)
	return ok && a.Unique
}

// bindPat binds the names of a pattern in sc. When t is nil the pattern's
// type comes from its ascriptions or fresh variables; it is returned.
func (c *checker) bindPat(sc *scope, p Pat, t Type) Type {
	seen := map[string]bool{}
	for _, n := range patNames(p, nil) {
		if seen[n] {
			c.errorf(p.patPos(), "rename one of them", "%q is bound twice in the same pattern", n)
		}
		seen[n] = true
	}
	return c.bindPat1(sc, p, t)
}

func (c *checker) bindPat1(sc *scope, p Pat, t Type) Type {
	switch p := p.(type) {
	case *PId:
		if t == nil {
			t = c.fresh(cAny, p.Pos)
		}
		sc.vars[p.Name] = &binding{name: p.Name, t: t, consumable: true, depth: c.depth, pos: p.Pos}
		c.patTypes[p] = t
		return t
	case *PWild:
		if t == nil {
			t = c.fresh(cAny, p.Pos)
		}
		c.patTypes[p] = t
		return t
	case *PTuple:
		if len(p.Elems) == 1 {
			t = c.bindPat(sc, p.Elems[0], t)
			c.patTypes[p] = t
			return t
		}
		es := make([]Type, len(p.Elems))
		if t != nil {
			for i := range es {
				es[i] = c.fresh(cAny, p.Pos)
			}
			c.unify(TTuple{Elems: es}, t, p.Pos, "tuple pattern")
		}
		for i, e := range p.Elems {
			es[i] = c.bindPat(sc, e, es[i])
		}
		var tt Type = TTuple{Elems: es}
		if len(es) == 0 {
			tt = tUnit
		}
		c.patTypes[p] = tt
		return tt
	case *PAscript:
		at := c.typeExp(sc, p.Type)
		if t != nil {
			c.unify(renameDims(at, c.letPat), t, p.Pos, "pattern with type ascription")
		}
		c.bindPat(sc, p.Pat, at)
		c.patTypes[p] = at
		return at
	case *PRecord:
		seen := map[string]bool{}
		for _, f := range p.Fields {
			if seen[f.Name] {
				c.errorf(p.Pos, "bind each field once", "Duplicate fields in the record pattern: %s", f.Name)
			}
			seen[f.Name] = true
		}
		var fs []RecordField
		if t != nil {
			rt, ok := c.resolve(t).(TRecord)
			if !ok {
				c.errorf(p.Pos, "", "record pattern, but the value has type %s", c.show(t))
			}
			if len(rt.Fields) != len(p.Fields) {
				c.errorf(p.Pos, "", "record pattern with %d field(s), but the value has type %s", len(p.Fields), c.show(t))
			}
			for _, f := range p.Fields {
				ft, ok := fieldType(rt, f.Name)
				if !ok {
					c.errorf(p.Pos, "", "record pattern field %s, but the value has type %s", f.Name, c.show(t))
				}
				c.bindPat(sc, f.Pat, ft)
			}
			c.patTypes[p] = rt
			return rt
		}
		for _, f := range p.Fields {
			fs = append(fs, RecordField{f.Name, c.bindPat(sc, f.Pat, nil)})
		}
		sortFields(fs)
		rt := TRecord{Fields: fs}
		c.patTypes[p] = rt
		return rt
	case *PConstr:
		return c.constrPat(sc, p, t)
	case *PLit:
		return c.litPat(sc, p, t)
	}
	c.errorf(p.patPos(), "", "unsupported pattern")
	return nil
}

// tupleIfNumbered makes a record whose fields are 0, 1, ..., n-1 (n > 1)
// the tuple it is in Futhark.
func tupleIfNumbered(fs []RecordField) Type {
	if len(fs) > 1 {
		es := make([]Type, len(fs))
		for i, f := range fs {
			if f.Name != fmt.Sprint(i) {
				return TRecord{Fields: fs}
			}
			es[i] = f.Type
		}
		return TTuple{Elems: es}
	}
	return TRecord{Fields: fs}
}

func fieldType(r TRecord, name string) (Type, bool) {
	for _, f := range r.Fields {
		if f.Name == name {
			return f.Type, true
		}
	}
	return nil, false
}

// patNames lists the bindings a pattern introduced in sc.
func patNames(p Pat, out []string) []string {
	switch p := p.(type) {
	case *PId:
		return append(out, p.Name)
	case *PAscript:
		return patNames(p.Pat, out)
	case *PTuple:
		for _, e := range p.Elems {
			out = patNames(e, out)
		}
	case *PRecord:
		for _, f := range p.Fields {
			out = patNames(f.Pat, out)
		}
	case *PConstr:
		for _, a := range p.Args {
			out = patNames(a, out)
		}
	}
	return out
}

// checkLetSizesUsed reports a size of `let [n] pat = e` that no type
// ascription in pat mentions: nothing would determine it (Futhark's
// "Size [n] unused in pattern").
func (c *checker) checkLetSizesUsed(e *LetExp) {
	if len(e.Sizes) == 0 {
		return
	}
	used := map[string]bool{}
	c.ascribedDims(e.Pat, used)
	for _, n := range e.Sizes {
		if !used[n] {
			c.errorf(e.Pos, "ascribe a part of the pattern with a type that uses it, as in let [n] (xs: [n]t) = e",
				"Size [%s] unused in pattern.", n)
		}
	}
}

// ascribedDims adds the names in the dimensions of the types ascribed
// anywhere in p.
func (c *checker) ascribedDims(p Pat, out map[string]bool) {
	switch p := p.(type) {
	case *PAscript:
		if t, ok := c.patTypes[p]; ok {
			dimNames(t, out)
		}
		c.ascribedDims(p.Pat, out)
	case *PTuple:
		for _, e := range p.Elems {
			c.ascribedDims(e, out)
		}
	case *PRecord:
		for _, f := range p.Fields {
			c.ascribedDims(f.Pat, out)
		}
	case *PConstr:
		for _, a := range p.Args {
			c.ascribedDims(a, out)
		}
	}
}

// --- uniqueness ---

// patToExp turns the pattern of a loop without initialiser into the
// expression of its names.
func patToExp(p Pat) (Exp, bool) {
	switch p := p.(type) {
	case *PId:
		return &VarExp{Pos: p.Pos, Name: p.Name}, true
	case *PAscript:
		return patToExp(p.Pat)
	case *PTuple:
		t := &TupleExp{Pos: p.Pos}
		for _, e := range p.Elems {
			x, ok := patToExp(e)
			if !ok {
				return nil, false
			}
			t.Elems = append(t.Elems, x)
		}
		if len(t.Elems) == 1 {
			return t.Elems[0], true
		}
		return t, true
	case *PRecord:
		r := &RecordExp{Pos: p.Pos}
		for _, f := range p.Fields {
			x, ok := patToExp(f.Pat)
			if !ok {
				return nil, false
			}
			r.Fields = append(r.Fields, FieldExp{Name: f.Name, Exp: x})
		}
		return r, true
	}
	return nil, false
}
