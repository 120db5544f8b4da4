package frontend

import (
	"fmt"
	"strings"
)

// Functor bodies are checked once where the functor is defined, as
// Futhark checks them: each parameter is bound to a module made from its
// module type alone, whose abstract types are opaque records no code can
// build or take apart and whose values have the specified types and no
// definition. The body's definitions, elaborated under that binding, are
// type-checked like the rest of the program but never internalised
// (flatProgram.checkOnly), so a functor never applied still has its
// errors reported, and a body that relies on what one argument happens to
// define (P.t being i32) is rejected as Futhark rejects it.

// abstractValue names the value of any type that stands for a
// parameter's values in those definitions: no program can write it.
const abstractValue = "abstract·value"

func init() {
	intrinsics[abstractValue] = intrinsic{0, func(c *checker, p Pos) Type { return c.fresh(cAny, p) },
		func(_ *internaliser, e *VarExp, _ []ival, _ Pos) ival {
			// checkOnly definitions are never internalised.
			panic(&Diagnostic{Pos: e.Pos, Msg: "internal error: a functor parameter's value reached internalisation"})
		}}
}

// checkFunctorBody elaborates f's body with its parameters abstract;
// prefix names its definitions. A parameter whose module type is a
// functor type is not abstracted (its body is checked only where it is
// applied, as before).
func (el *elaborator) checkFunctorBody(f *functor, prefix string) {
	el.checking++
	defer func() { el.checking-- }()
	sc := f.closure
	for _, p := range f.params {
		s := el.evalSig(sc, p.Sig)
		m, ok := el.abstractModule(s, p.Name+".")
		if !ok {
			return
		}
		env := newModEnv()
		env.mods[p.Name] = m
		sc = sc.child(env)
	}
	f.site.checked = true
	res := el.evalMod(sc, f.body, prefix)
	if f.result != nil {
		el.match(res, el.evalSig(sc, f.result), f.site.pos, "The result of the parametric module", "", false)
	}
}

// abstractModule makes the module a parameter of module type s stands
// for while its functor's body is checked; path qualifies the names of
// its definitions ("P."). ok is false where s or a nested module spec is
// a functor type.
func (el *elaborator) abstractModule(s *sig, path string) (m *module, ok bool) {
	if s.arrow != nil {
		return nil, false
	}
	env := newModEnv()
	specEnv := newModEnv() // earlier specs, which later ones may name
	for _, it := range s.items {
		ssc := it.sc.child(specEnv)
		r := &renamer{el: el, sc: ssc}
		switch sp := it.spec.(type) {
		case *TypeSpec:
			var te TypeExp
			if sp.Type != nil {
				te = r.typ(r.typeParams(nil, sp.Params), sp.Type)
			} else {
				te = abstractRep(path+sp.Name, sp)
			}
			d := &TypeDecl{Pos: sp.Pos, Name: el.alloc(path+sp.Name, false), Params: sp.Params, Lifted: sp.Lifted, Type: te}
			el.emit(d)
			t := typeRef{name: d.Name, params: len(sp.Params), lifted: sp.Lifted}
			env.types[sp.Name], specEnv.types[sp.Name] = t, t
		case *ModSpec:
			var ss *sig
			if e, isEval := sp.Sig.(*evaluatedSig); isEval {
				ss = e.sig
			} else {
				ss = el.evalSig(ssc, sp.Sig)
			}
			sub, ok := el.abstractModule(ss, path+sp.Name+".")
			if !ok {
				return nil, false
			}
			env.mods[sp.Name], specEnv.mods[sp.Name] = sub, sub
		case *ValSpec:
			v := el.abstractVal(sp, r, path)
			env.vals[sp.Name], specEnv.vals[sp.Name] = v, v
		}
	}
	return &module{env: env}, true
}

// abstractVal defines `def P.f tps (x0: a) ... : r = abstract·value` for
// `val f tps : a -> ... -> r`: a function of the specified parameters,
// so that its applications are checked as calls (uniqueness, sizes).
func (el *elaborator) abstractVal(sp *ValSpec, r *renamer, path string) valRef {
	t := r.typ(r.typeParams(nil, sp.TypeParams), sp.Type)
	d := &ValDecl{Pos: sp.Pos, Name: el.alloc(path+sp.Name, false), TypeParams: sp.TypeParams}
	for {
		a, ok := t.(*TEArrow)
		if !ok {
			break
		}
		name := a.ParamName
		if name == "" {
			name = fmt.Sprintf("abstract·x%d", len(d.Params))
		}
		d.Params = append(d.Params, &PAscript{Pos: sp.Pos, Pat: &PId{Pos: sp.Pos, Name: name}, Type: a.Param})
		t = a.Result
	}
	d.RetType = t
	d.Body = &VarExp{Pos: sp.Pos, Name: abstractValue}
	el.emit(d)
	return valRef{name: d.Name}
}

// abstractRep is the representation of abstract type sp of a parameter
// (display name name): a record of one field that no program can write,
// printed as the name. The field holds the type's parameters (so that
// t i32 and t f64 differ) and, for a lifted type, a function, so that the
// checker treats it as possibly functional; a size-lifted type holds an
// array of unknown size.
func abstractRep(name string, sp *TypeSpec) TypeExp {
	pos := sp.Pos
	rep := &TETuple{Pos: pos, Elems: []TypeExp{&TETuple{Pos: pos}}}
	for _, p := range sp.Params {
		switch {
		case p.Size:
			rep.Elems = append(rep.Elems, &TEArray{Pos: pos, Dim: &SizeExp{Pos: p.Pos, Name: p.Name}, Elem: &TEName{Pos: pos, Name: "bool"}})
		case p.Lifted == "":
			rep.Elems = append(rep.Elems, &TEName{Pos: pos, Name: p.Name})
		}
	}
	switch sp.Lifted {
	case "^":
		rep.Elems = append(rep.Elems, &TEArrow{Pos: pos, Param: &TETuple{Pos: pos}, Result: &TETuple{Pos: pos}})
	case "~":
		rep.Elems = append(rep.Elems, &TEArray{Pos: pos, Elem: &TEName{Pos: pos, Name: "bool"}})
	}
	return &TERecord{Pos: pos, Fields: []FieldType{{Name: name + opaqueMark, Type: rep}}}
}

// isAbstractType says whether t is an abstract type seen from outside
// (an opaque record), whose representation the checker must not reveal.
func isAbstractType(t Type) bool {
	r, ok := t.(TRecord)
	return ok && len(r.Fields) == 1 && strings.HasSuffix(r.Fields[0].Name, opaqueMark)
}
