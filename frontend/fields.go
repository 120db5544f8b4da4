package frontend

import "fmt"

// Field constraints: accessing field f of a value whose type is still a
// type variable (\p -> p.x before p's type is known) does not fail, as in
// Futhark: the variable is constrained to a type that has the field, whose
// type is a fresh variable. Binding the variable to a record or tuple
// checks the field and unifies the types; binding it to another variable
// moves the constraints there. A variable still constrained when its
// definition has been checked is ambiguous (a record type must be known
// by then: functions are not polymorphic over records with a field).

// fieldCons is one field a type variable's type must have.
type fieldCons struct {
	name string
	t    Type
	pos  Pos
}

// projectVar is the type of field f of a value of the unresolved,
// non-rigid type variable v.
func (c *checker) projectVar(v TVar, f string, pos Pos) Type {
	for _, fc := range c.fields[v.ID] {
		if fc.name == f {
			return fc.t
		}
	}
	if c.cons[v.ID] != cAny {
		c.errorf(pos, "", "cannot access field %s of a value of %s", f, c.cons[v.ID].describe())
	}
	t := c.fresh(cAny, pos)
	if c.fields == nil {
		c.fields = map[int][]fieldCons{}
	}
	c.fields[v.ID] = append(c.fields[v.ID], fieldCons{name: f, t: t, pos: pos})
	c.fieldVars = append(c.fieldVars, v.ID)
	return t
}

// bindFields checks the field constraints of v, just bound to t, and
// unifies the fields' types; false, with c.fieldNote saying why, when t
// lacks a field or a field's type does not match.
func (c *checker) bindFields(v TVar, t Type) bool {
	fcs := c.fields[v.ID]
	if len(fcs) == 0 {
		return true
	}
	delete(c.fields, v.ID)
	if w, ok := t.(TVar); ok {
		if _, r := c.rigid[w.ID]; r || c.cons[w.ID] != cAny {
			what := c.cons[w.ID].describe()
			if r {
				what = "type " + c.show(w)
			}
			c.fieldNote = fmt.Sprintf("a value of %s has no field %s (accessed at %s)", what, fcs[0].name, fcs[0].pos)
			return false
		}
		for _, fc := range fcs {
			if !c.unifyOK(c.projectVar(w, fc.name, fc.pos), fc.t) {
				return false
			}
		}
		return true
	}
	for _, fc := range fcs {
		ft, ok := c.fieldOf(t, fc.name)
		if !ok {
			c.fieldNote = fmt.Sprintf("a value of type %s has no field %s (accessed at %s)", c.show(t), fc.name, fc.pos)
			return false
		}
		if !c.unifyOK(ft, fc.t) {
			c.fieldNote = fmt.Sprintf("field %s of a value of type %s has type %s, but its use at %s needs %s", fc.name, c.show(t), c.show(ft), fc.pos, c.show(fc.t))
			return false
		}
	}
	return true
}

// fieldOf is the type of field f of a record or tuple type.
func (c *checker) fieldOf(t Type, f string) (Type, bool) {
	switch rt := c.resolve(t).(type) {
	case TTuple:
		var i int
		if _, err := fmt.Sscanf(f, "%d", &i); err == nil && i >= 0 && i < len(rt.Elems) && fmt.Sprint(i) == f {
			return rt.Elems[i], true
		}
	case TRecord:
		return fieldType(rt, f)
	}
	return nil, false
}

// checkFieldsResolved reports a type variable of the definition just
// checked that still has field constraints: its record type was never
// found out.
func (c *checker) checkFieldsResolved() {
	vars := c.fieldVars
	c.fieldVars = nil
	for _, id := range vars {
		fcs := c.fields[id]
		if len(fcs) == 0 {
			continue
		}
		if _, ok := c.resolve(TVar{ID: id}).(TVar); !ok {
			continue
		}
		c.fields = nil
		c.errorf(fcs[0].pos, "add a type annotation to the parameter or variable, e.g. (p: {x: f32, y: f32})", "cannot access field %s of a value whose type is not yet known (ambiguous)", fcs[0].name)
	}
	c.fields = nil
}
