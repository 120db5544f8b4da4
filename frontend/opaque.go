package frontend

import "fmt"

// Abstract types outside their module. An ascription `M : S` makes each
// abstract type `type t` of S opaque outside: M.t becomes a record type
// with one field whose name cannot be written ({M.t·: representation},
// which types print as M.t),
// so outside code cannot use a value of it as its representation, and
// each value S specifies is seen through a wrapper definition that wraps
// and unwraps the record (under maps, tuples, records and functions) as
// the value's specified type says. Records of one field have the
// representation of their field, so the wrappers cost nothing after
// internalisation.

// opaqueMark ends the field name of an opaque view's record: no program
// can write it, and types print the record as the abstract type's name.
const opaqueMark = "·"

// opacity is the abstract types of one ascription: spec name -> the
// field of its record.
type opacity map[string]string

// abstractTypes lists the abstract types of s that an ascription of m
// makes opaque, or nil where none can be: a numeric module, or a value
// whose type uses an abstract type where no wrapper can convert it.
func abstractTypes(m *module, s *sig) opacity {
	if m.env == nil || m.env.builtin != "" || s.arrow != nil {
		return nil
	}
	abs := opacity{}
	defined := map[string]TypeExp{}
	for _, it := range s.items {
		if sp, ok := it.spec.(*TypeSpec); ok {
			if t, ok := m.env.types[sp.Name]; ok && sp.Type == nil {
				abs[sp.Name] = t.name
			} else if sp.Type != nil {
				defined[sp.Name] = sp.Type
			}
		}
	}
	if len(abs) == 0 {
		return nil
	}
	for _, it := range s.items {
		if sp, ok := it.spec.(*ValSpec); ok && !abs.coercible(sp.Type, defined) {
			return nil
		}
	}
	return abs
}

// mentions reports whether t names one of the abstract types.
func (abs opacity) mentions(t TypeExp) bool {
	switch t := t.(type) {
	case *TEName:
		if _, ok := abs[t.Name]; ok {
			return true
		}
		for _, a := range t.Args {
			if a.Type != nil && abs.mentions(a.Type) {
				return true
			}
		}
	case *TEArray:
		return abs.mentions(t.Elem)
	case *TETuple:
		for _, e := range t.Elems {
			if abs.mentions(e) {
				return true
			}
		}
	case *TERecord:
		for _, f := range t.Fields {
			if abs.mentions(f.Type) {
				return true
			}
		}
	case *TEArrow:
		return abs.mentions(t.Param) || abs.mentions(t.Result)
	case *TEUnique:
		return abs.mentions(t.Type)
	case *TEExistential:
		return abs.mentions(t.Type)
	}
	return false
}

// coercible reports whether coerce can convert a value of type t: the
// abstract types occur only directly, not as arguments of other types
// or inside the module type's own type definitions.
func (abs opacity) coercible(t TypeExp, defined map[string]TypeExp) bool {
	switch t := t.(type) {
	case *TEName:
		if d, ok := defined[t.Name]; ok && abs.mentions(d) {
			return false
		}
		for _, a := range t.Args {
			if a.Type != nil && abs.mentions(a.Type) {
				return false
			}
		}
		return true
	case *TEArray:
		return abs.coercible(t.Elem, defined)
	case *TETuple:
		for _, e := range t.Elems {
			if !abs.coercible(e, defined) {
				return false
			}
		}
		return true
	case *TERecord:
		for _, f := range t.Fields {
			if !abs.coercible(f.Type, defined) {
				return false
			}
		}
		return true
	case *TEArrow:
		return abs.coercible(t.Param, defined) && abs.coercible(t.Result, defined)
	case *TEUnique:
		return abs.coercible(t.Type, defined)
	case *TEExistential:
		return abs.coercible(t.Type, defined)
	}
	return true
}

// coercer converts values between a module's view (representations) and
// the outside view (opaque records).
type coercer struct {
	abs     opacity
	in, out func(TypeExp) TypeExp // renamings of spec types in each view
	pos     Pos
	fresh   *int
}

func (c *coercer) name() string {
	*c.fresh++
	return fmt.Sprintf("view·x%d", *c.fresh)
}

// coerce converts e of spec type t: to the outside view when toOut, else
// to the module's.
func (c *coercer) coerce(e Exp, t TypeExp, toOut bool) Exp {
	if !c.abs.mentions(t) {
		return e
	}
	pos := c.pos
	switch t := t.(type) {
	case *TEName:
		field := c.abs[t.Name]
		if toOut {
			return &RecordExp{Pos: pos, Fields: []FieldExp{{Name: field, Exp: e}}}
		}
		return &ProjectExp{Pos: pos, X: e, Field: field}
	case *TEArray:
		x := c.name()
		return &ApplyExp{Pos: pos, Fn: &VarExp{Pos: pos, Name: "map"}, Args: []Exp{
			&LambdaExp{Pos: pos, Params: []Pat{&PId{Pos: pos, Name: x}}, Body: c.coerce(&VarExp{Pos: pos, Name: x}, t.Elem, toOut)}, e}}
	case *TETuple:
		pat := &PTuple{Pos: pos}
		tup := &TupleExp{Pos: pos}
		for _, el := range t.Elems {
			x := c.name()
			pat.Elems = append(pat.Elems, &PId{Pos: pos, Name: x})
			tup.Elems = append(tup.Elems, c.coerce(&VarExp{Pos: pos, Name: x}, el, toOut))
		}
		return &LetExp{Pos: pos, Pat: pat, Value: e, Body: tup}
	case *TERecord:
		pat := &PRecord{Pos: pos}
		rec := &RecordExp{Pos: pos}
		for _, f := range t.Fields {
			x := c.name()
			pat.Fields = append(pat.Fields, PatField{Name: f.Name, Pat: &PId{Pos: pos, Name: x}})
			rec.Fields = append(rec.Fields, FieldExp{Name: f.Name, Exp: c.coerce(&VarExp{Pos: pos, Name: x}, f.Type, toOut)})
		}
		return &LetExp{Pos: pos, Pat: pat, Value: e, Body: rec}
	case *TEArrow:
		x := t.ParamName
		if x == "" {
			x = c.name()
		}
		view := c.in
		if toOut {
			view = c.out
		}
		arg := c.coerce(&VarExp{Pos: pos, Name: x}, t.Param, !toOut)
		body := c.coerce(&ApplyExp{Pos: pos, Fn: e, Args: []Exp{arg}}, t.Result, toOut)
		return &LambdaExp{Pos: pos, Params: []Pat{&PAscript{Pos: pos, Pat: &PId{Pos: pos, Name: x}, Type: view(t.Param)}}, Body: body}
	case *TEUnique:
		return c.coerce(e, t.Type, toOut)
	case *TEExistential:
		return c.coerce(e, t.Type, toOut)
	}
	return e
}

// viewType defines the outside view of abstract type sp whose
// representation is t.
func (el *elaborator) viewType(sp *TypeSpec, t typeRef) (*TypeDecl, string) {
	field := t.name + opaqueMark
	rep := &TEName{Pos: sp.Pos, Name: t.name}
	for _, p := range sp.Params {
		if p.Size {
			rep.Args = append(rep.Args, TypeArg{Size: &SizeExp{Pos: p.Pos, Name: p.Name}})
		} else {
			rep.Args = append(rep.Args, TypeArg{Type: &TEName{Pos: p.Pos, Name: p.Name}})
		}
	}
	d := &TypeDecl{Pos: sp.Pos, Name: el.alloc(t.name, false), Params: sp.Params, Lifted: t.lifted,
		Type: &TERecord{Pos: sp.Pos, Fields: []FieldType{{Name: field, Type: rep}}}}
	el.emit(d)
	return d, field
}

// viewVal defines the outside view of value v of spec sp: a wrapper
// whose parameters and result are converted by the coercer.
func (el *elaborator) viewVal(sp *ValSpec, v valRef, c *coercer) valRef {
	d := &ValDecl{Pos: sp.Pos, Name: el.alloc(v.name, false), TypeParams: sp.TypeParams}
	var args []Exp
	t := sp.Type
	for {
		a, ok := t.(*TEArrow)
		if !ok {
			break
		}
		x := a.ParamName
		if x == "" {
			x = c.name()
		}
		d.Params = append(d.Params, &PAscript{Pos: sp.Pos, Pat: &PId{Pos: sp.Pos, Name: x}, Type: c.out(a.Param)})
		args = append(args, c.coerce(&VarExp{Pos: sp.Pos, Name: x}, a.Param, false))
		t = a.Result
	}
	d.RetType = c.out(t)
	var body Exp = v.exp(sp.Pos)
	if len(args) > 0 {
		body = &ApplyExp{Pos: sp.Pos, Fn: body, Args: args}
	}
	d.Body = c.coerce(body, t, true)
	el.emit(d)
	return valRef{name: d.Name}
}
