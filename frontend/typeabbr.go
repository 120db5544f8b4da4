package frontend

// Checks of a type abbreviation's definition that Futhark makes where it
// is defined: how its size parameters are used, and that a type not
// declared lifted holds no functions.

// sizeUses collects the size names a type expression uses: as the size
// of a dimension or a size argument ([n]t, vec [n]), which is
// constructive (a value of the type determines n), and inside size
// expressions ([n+m]t), which is not.
type sizeUses struct {
	constructive, inExp map[string]bool
}

func (u sizeUses) size(s *SizeExp) {
	switch {
	case s == nil:
	case s.Exp != nil:
		expNames(s.Exp, u.inExp)
	case s.Name != "":
		u.constructive[s.Name] = true
	}
}

func (u sizeUses) typ(te TypeExp) {
	switch t := te.(type) {
	case *TEName:
		for _, a := range t.Args {
			if a.Type != nil {
				u.typ(a.Type)
			} else {
				u.size(a.Size)
			}
		}
	case *TEArray:
		u.size(t.Dim)
		u.typ(t.Elem)
	case *TETuple:
		for _, e := range t.Elems {
			u.typ(e)
		}
	case *TERecord:
		for _, f := range t.Fields {
			u.typ(f.Type)
		}
	case *TEArrow:
		if t.ParamName != "" {
			u.constructive[t.ParamName] = true
		}
		u.typ(t.Param)
		u.typ(t.Result)
	case *TEUnique:
		u.typ(t.Type)
	case *TEExistential:
		u.typ(t.Type)
	case *TESum:
		for _, c := range t.Constrs {
			for _, p := range c.Payload {
				u.typ(p)
			}
		}
	}
}

// checkTypeDeclSizes reports a size parameter of d that its definition
// does not use, or uses only inside size expressions: an argument for
// it could never matter, or could not be known from a value of the type
// (type sum [n] [m] = [n+m]bool), and Futhark rejects both.
func (c *checker) checkTypeDeclSizes(d *TypeDecl) {
	u := sizeUses{constructive: map[string]bool{}, inExp: map[string]bool{}}
	u.typ(d.Type)
	for _, tp := range d.Params {
		switch {
		case !tp.Size || u.constructive[tp.Name]:
		case u.inExp[tp.Name]:
			c.errorf(tp.Pos, "use it also as the size of a dimension ([n]t), so that a value of the type determines it",
				"Size parameter [%s] of type abbreviation %s is not used constructively: it occurs only in size expressions", tp.Name, d.Name)
		default:
			c.errorf(tp.Pos, "use it as the size of a dimension ([n]t) or remove it",
				"Size parameter [%s] of type abbreviation %s is not used in its definition", tp.Name, d.Name)
		}
	}
}

// checkTypeDeclAnonymous reports an anonymous size ([]t) in a parameter
// of a function type in d's definition: it would be a size of the
// abbreviation that no value of the type determines (type^ t = []bool ->
// bool), which Futhark rejects. One in a function's result is that
// function's existential size, which is allowed.
func (c *checker) checkTypeDeclAnonymous(d *TypeDecl) {
	var walk func(te TypeExp, inParam bool)
	walk = func(te TypeExp, inParam bool) {
		switch t := te.(type) {
		case *TEName:
			for _, a := range t.Args {
				if a.Type != nil {
					walk(a.Type, inParam)
				}
			}
		case *TEArray:
			if inParam && t.Dim == nil {
				c.errorf(t.Pos, "name the size as a parameter of the abbreviation (type^ t [n] = [n]bool -> bool)",
					"Type abbreviation contains an anonymous size not used constructively as an array size.")
			}
			walk(t.Elem, inParam)
		case *TETuple:
			for _, e := range t.Elems {
				walk(e, inParam)
			}
		case *TERecord:
			for _, f := range t.Fields {
				walk(f.Type, inParam)
			}
		case *TEArrow:
			walk(t.Param, true)
			walk(t.Result, false)
		case *TEUnique:
			walk(t.Type, inParam)
		case *TEExistential:
			walk(t.Type, inParam)
		case *TESum:
			for _, k := range t.Constrs {
				for _, p := range k.Payload {
					walk(p, inParam)
				}
			}
		}
	}
	walk(d.Type, false)
}

// checkTypeDeclLifted reports a type abbreviation not declared lifted
// (type^) whose definition is a function type, holds one, or holds a
// lifted type parameter, in Futhark's words.
func (c *checker) checkTypeDeclLifted(d *TypeDecl, t Type) {
	if d.Lifted == "^" {
		return
	}
	lifted := containsFun(c.zonk(t))
	for _, tp := range d.Params {
		if !tp.Size && tp.Lifted == "^" && typeExpMentions(d.Type, tp.Name) {
			lifted = true
		}
	}
	if lifted {
		c.errorf(d.Pos, "declare it type^ "+d.Name, "Non-lifted type abbreviations may not contain functions.")
	}
}

// typeExpMentions says whether te names the type name.
func typeExpMentions(te TypeExp, name string) bool {
	found := false
	var walk func(TypeExp)
	walk = func(te TypeExp) {
		switch t := te.(type) {
		case *TEName:
			found = found || t.Name == name
			for _, a := range t.Args {
				if a.Type != nil {
					walk(a.Type)
				}
			}
		case *TEArray:
			walk(t.Elem)
		case *TETuple:
			for _, e := range t.Elems {
				walk(e)
			}
		case *TERecord:
			for _, f := range t.Fields {
				walk(f.Type)
			}
		case *TEArrow:
			walk(t.Param)
			walk(t.Result)
		case *TEUnique:
			walk(t.Type)
		case *TEExistential:
			walk(t.Type)
		case *TESum:
			for _, c := range t.Constrs {
				for _, p := range c.Payload {
					walk(p)
				}
			}
		}
	}
	walk(te)
	return found
}

// sizeArgExps rewrites the size expressions in a type abbreviation's
// definition (type sum [n] [m] = ([n]bool, [m]bool, [n+m]bool)) for one
// use: each size parameter becomes the expression of its argument there
// (args; nil where the argument is an unknown size, which makes the
// dimension unknown too). Plain dimensions ([n]) are left as written:
// the checker resolves them through the scope of the expansion.
func sizeArgExps(te TypeExp, args map[string]Exp) TypeExp {
	var typ func(TypeExp) TypeExp
	size := func(s *SizeExp) *SizeExp {
		if s == nil || s.Exp == nil {
			return s
		}
		e, ok := substSizeExp(s.Exp, args)
		if !ok {
			return nil
		}
		return &SizeExp{Pos: s.Pos, Exp: e}
	}
	typ = func(te TypeExp) TypeExp {
		switch t := te.(type) {
		case *TEName:
			n := &TEName{Pos: t.Pos, Name: t.Name}
			for _, a := range t.Args {
				if a.Type != nil {
					n.Args = append(n.Args, TypeArg{Type: typ(a.Type)})
				} else {
					n.Args = append(n.Args, TypeArg{Size: size(a.Size)})
				}
			}
			return n
		case *TEArray:
			return &TEArray{Pos: t.Pos, Dim: size(t.Dim), Elem: typ(t.Elem)}
		case *TETuple:
			n := &TETuple{Pos: t.Pos}
			for _, e := range t.Elems {
				n.Elems = append(n.Elems, typ(e))
			}
			return n
		case *TERecord:
			n := &TERecord{Pos: t.Pos}
			for _, f := range t.Fields {
				n.Fields = append(n.Fields, FieldType{Name: f.Name, Type: typ(f.Type)})
			}
			return n
		case *TEArrow:
			return &TEArrow{Pos: t.Pos, ParamName: t.ParamName, Param: typ(t.Param), Result: typ(t.Result)}
		case *TEUnique:
			return &TEUnique{Pos: t.Pos, Type: typ(t.Type)}
		case *TEExistential:
			return &TEExistential{Pos: t.Pos, Sizes: t.Sizes, Type: typ(t.Type)}
		}
		return te
	}
	return typ(te)
}

// substSizeExp replaces the size parameters in a size expression by
// their arguments' expressions; ok is false where one has none or the
// expression has a form a size expression does not take.
func substSizeExp(e Exp, args map[string]Exp) (Exp, bool) {
	switch e := e.(type) {
	case *VarExp:
		a, isParam := args[e.Name]
		switch {
		case !isParam || len(e.Qual) > 0:
			return e, true
		case a == nil:
			return nil, false
		}
		return &ParenExp{Pos: e.Pos, X: a}, true
	case *IntLit:
		return e, true
	case *ParenExp:
		x, ok := substSizeExp(e.X, args)
		return &ParenExp{Pos: e.Pos, X: x}, ok
	case *BinOpExp:
		l, okL := substSizeExp(e.L, args)
		r, okR := substSizeExp(e.R, args)
		n := *e
		n.L, n.R, n.opv = l, r, nil
		return &n, okL && okR
	case *ApplyExp:
		n := &ApplyExp{Pos: e.Pos, Fn: e.Fn}
		for _, a := range e.Args {
			x, ok := substSizeExp(a, args)
			if !ok {
				return nil, false
			}
			n.Args = append(n.Args, x)
		}
		return n, true
	}
	return nil, false
}

// hasSizeExp says whether te has a size expression.
func hasSizeExp(te TypeExp) bool {
	u := sizeUses{constructive: map[string]bool{}, inExp: map[string]bool{}}
	u.typ(te)
	return len(u.inExp) > 0
}

// dimArgExp is the expression of a size argument dim of a type
// abbreviation used in sc, for its definition's size expressions: the
// names it mentions are bound in inner, the expansion's scope, to their
// bindings in sc. It is nil for an unknown size.
func (c *checker) dimArgExp(sc, inner *scope, dim Dim, pos Pos) Exp {
	bind := func(e Exp) Exp {
		for _, n := range expNameList(e, nil) {
			if b, ok := sc.lookup(n); ok {
				inner.vars[n] = b
			}
		}
		return e
	}
	switch {
	case dim.Known && dim.Const >= 0:
		return &IntLit{Pos: pos, Value: uint64(dim.Const), Suffix: "i64"}
	case dim.Name != "":
		return bind(&VarExp{Pos: pos, Name: dim.Name})
	case dim.Exp != nil:
		return bind(dim.Exp)
	}
	return nil
}

// uniqueFields is *r for a record type r: its array fields are unique,
// and so are those of its record fields (an abstract type seen from
// outside its module is a record of one field, opaque.go, so *M.t is
// the unique representation).
// uniqueArrays is t with every array in it, also inside tuples, records
// and sum payloads, unique.
func uniqueArrays(t Type) Type {
	switch t := t.(type) {
	case TArray:
		t.Unique = true
		return t
	case TTuple:
		es := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			es[i] = uniqueArrays(e)
		}
		return TTuple{Elems: es}
	case TRecord:
		fs := make([]RecordField, len(t.Fields))
		for i, f := range t.Fields {
			fs[i] = RecordField{f.Name, uniqueArrays(f.Type)}
		}
		return TRecord{Fields: fs}
	case TSum:
		return mapSum(t, uniqueArrays)
	}
	return t
}

func uniqueFields(r TRecord) TRecord {
	fs := make([]RecordField, len(r.Fields))
	for i, f := range r.Fields {
		switch t := f.Type.(type) {
		case TArray:
			t.Unique = true
			f.Type = t
		case TRecord:
			f.Type = uniqueFields(t)
		}
		fs[i] = f
	}
	return TRecord{Fields: fs}
}
