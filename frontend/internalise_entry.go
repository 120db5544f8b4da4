package frontend

// Entry points: the IR function made for each entry point, its
// parameters' and results' external values (transparent or opaque) and
// IR types, with a fresh size variable bound from the argument for each
// unnamed dimension. This is the boundary with the outside world, apart
// from the lowering of expressions that entry points share with every
// inlined function.

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

func (ic *internaliser) entry(d *ValDecl) *soac.FunDef {
	ic.b = soac.NewBuilder(ic.names)
	env := &ienv{vars: map[string]ival{}}
	sizes := map[string]soac.SubExp{}
	for _, tp := range d.TypeParams {
		if tp.Size {
			v := ic.sizeVar(tp.Name)
			sizes[tp.Name] = v
			env.vars[tp.Name] = scalar(v)
		}
	}
	var params []soac.Param
	var inVals []soac.EntryValue
	for _, p := range d.Params {
		t := ic.srcType(ic.chk.patTypes[p])
		ev := ic.namedEntryValue(t, declaredType(p))
		if ev.N == 0 {
			// A parameter with no components (main ()) reads no input,
			// as in Futhark, where the empty tuple has no values.
			ev.Opaque = ""
		}
		inVals = append(inVals, ev)
		var comps []soac.SubExp
		for _, it := range ic.paramTypes(t, sizes) {
			v := ic.names.New(patName(p))
			ic.types[v] = it
			params = append(params, soac.Param{Name: v, Type: it})
			comps = append(comps, soac.Var{Name: v})
		}
		ic.bindPat(env, p, ival{ses: comps})
		ic.bindImplicitSizes(env, []Pat{p}, []ival{{ses: comps}})
	}
	res := ic.exp(env, d.Body)
	var ret []soac.Type
	for _, se := range res.ses {
		ret = append(ret, ic.typeOf(se))
	}
	f := &soac.FunDef{Name: d.Name, EntryName: d.Name, Params: params, RetType: ret, Body: ic.b.Body(res.ses...), Pos: d.Pos}
	// The result type as declared or inferred: a tuple is several
	// external values.
	rt := ic.chk.defs[d.Name].typ
	for range d.Params {
		rt = ic.chk.zonk(rt).(TFun).Result
	}
	var outVals []soac.EntryValue
	if tt, ok := ic.srcType(rt).(TTuple); ok {
		decl, _ := stripUnique(d.RetType).(*TETuple)
		for i, e := range tt.Elems {
			var te TypeExp
			if decl != nil && len(decl.Elems) == len(tt.Elems) {
				te = decl.Elems[i]
			}
			outVals = append(outVals, ic.namedEntryValue(e, te))
		}
	} else {
		outVals = append(outVals, ic.namedEntryValue(ic.srcType(rt), d.RetType))
	}
	if opaqueIn(inVals) || opaqueIn(outVals) {
		f.EntryParams, f.EntryResults = inVals, outVals
	}
	return f
}

// entryValue is the external value of an entry point parameter or result
// of type t: transparent for a primitive or an array of primitives, else
// opaque (named by its type, with anonymous sizes, as Futhark names its
// opaque types) and made of one IR value per primitive component.
func entryValue(t Type) soac.EntryValue {
	if a, ok := t.(TArray); ok {
		if _, prim := a.Elem.(TPrim); prim {
			return soac.EntryValue{N: 1}
		}
	}
	if _, prim := t.(TPrim); prim {
		return soac.EntryValue{N: 1}
	}
	return soac.EntryValue{Opaque: typeString(substType(t, nil, true)), N: components(t)}
}

// namedEntryValue is entryValue(t), with an opaque value that holds an
// abstract type named as Futhark names it: after the type the entry
// point declares (te, nil where it declares none), so that an abstract
// type keeps its type arguments (arraydict.dict bool). A parameter and a
// result declared with the same type have the same opaque type, which
// the server passes from one to the other. Other opaque values keep
// their structural names ({a: i32, b: []i32}), from which the server
// takes their fields and constructors.
func (ic *internaliser) namedEntryValue(t Type, te TypeExp) soac.EntryValue {
	ev := entryValue(t)
	if ev.Opaque != "" && te != nil && containsAbstract(t) {
		if name := opaqueTypeName(te, ic.chk.display); name != "" {
			ev.Opaque = name
		}
	}
	return ev
}

// containsAbstract reports whether t holds a value of an abstract type
// (an opaque view's record, opaque.go).
func containsAbstract(t Type) bool {
	switch t := t.(type) {
	case TArray:
		return containsAbstract(t.Elem)
	case TTuple:
		for _, e := range t.Elems {
			if containsAbstract(e) {
				return true
			}
		}
	case TRecord:
		if len(t.Fields) == 1 && strings.HasSuffix(t.Fields[0].Name, opaqueMark) {
			return true
		}
		for _, f := range t.Fields {
			if containsAbstract(f.Type) {
				return true
			}
		}
	case TSum:
		for _, c := range t.Constrs {
			for _, p := range c.Payload {
				if containsAbstract(p) {
					return true
				}
			}
		}
	}
	return false
}

// declaredType is the type a parameter pattern is ascribed, or nil.
func declaredType(p Pat) TypeExp {
	if a, ok := p.(*PAscript); ok {
		return a.Type
	}
	return nil
}

func stripUnique(te TypeExp) TypeExp {
	if u, ok := te.(*TEUnique); ok {
		return stripUnique(u.Type)
	}
	return te
}

// opaqueTypeName prints a declared entry type as Futhark names opaque
// types: without sizes ([]t, no size arguments) or uniqueness, with
// names as the program wrote them. It returns "" for a type it cannot
// name so (an existential or function type: the checked type's name is
// used).
func opaqueTypeName(te TypeExp, display map[string]string) string {
	name := func(te TypeExp) string { return opaqueTypeName(te, display) }
	switch te := te.(type) {
	case *TEUnique:
		return name(te.Type)
	case *TEArray:
		if e := name(te.Elem); e != "" {
			return "[]" + e
		}
	case *TEName:
		s := te.Name
		if src, ok := display[s]; ok {
			s = src
		}
		for _, a := range te.Args {
			if a.Type == nil {
				continue // a size argument
			}
			arg := name(a.Type)
			if arg == "" {
				return ""
			}
			if n, ok := a.Type.(*TEName); ok && len(n.Args) > 0 {
				arg = "(" + arg + ")"
			}
			s += " " + arg
		}
		return s
	case *TETuple:
		elems := make([]string, len(te.Elems))
		for i, e := range te.Elems {
			if elems[i] = name(e); elems[i] == "" {
				return ""
			}
		}
		return "(" + strings.Join(elems, ", ") + ")"
	case *TERecord:
		fields := make([]string, len(te.Fields))
		for i, f := range te.Fields {
			ft := name(f.Type)
			if ft == "" {
				return ""
			}
			fields[i] = f.Name + ":" + ft
		}
		return "{" + strings.Join(fields, ", ") + "}"
	}
	return ""
}

// components is the number of IR values a value of type t becomes.
func components(t Type) int {
	switch t := t.(type) {
	case TArray:
		if unitElem(t) {
			return 1
		}
		return components(t.Elem)
	case TSum:
		return sumComponents(t)
	case TTuple:
		n := 0
		for _, e := range t.Elems {
			n += components(e)
		}
		return n
	case TRecord:
		n := 0
		for _, f := range t.Fields {
			n += components(f.Type)
		}
		return n
	}
	return 1
}

func opaqueIn(vs []soac.EntryValue) bool {
	for _, v := range vs {
		if v.Opaque != "" {
			return true
		}
	}
	return false
}

func patName(p Pat) string {
	switch p := p.(type) {
	case *PId:
		return p.Name
	case *PAscript:
		return patName(p.Pat)
	}
	return "p"
}

// paramTypes gives the IR types of an entry parameter; each unnamed
// dimension gets a fresh size variable, bound from the argument.
func (ic *internaliser) paramTypes(t Type, sizes map[string]soac.SubExp) []soac.Type {
	switch t := t.(type) {
	case TPrim:
		return []soac.Type{soac.Prim(t.T)}
	case TArray:
		shape := make([]soac.SubExp, len(t.Dims))
		for i, d := range t.Dims {
			switch {
			case d.Name != "":
				s, ok := sizes[d.Name]
				if !ok {
					s = ic.sizeVar(d.Name)
					sizes[d.Name] = s
				}
				shape[i] = s
			case d.Known:
				shape[i] = soac.I64(d.Const)
			default:
				shape[i] = ic.sizeVar("d")
			}
		}
		var out []soac.Type
		for _, et := range ic.paramTypes(t.Elem, sizes) {
			out = append(out, soac.Type{Elem: et.Elem, Shape: append(append([]soac.SubExp(nil), shape...), et.Shape...), Unique: t.Unique})
		}
		return out
	case TTuple:
		var out []soac.Type
		for _, e := range t.Elems {
			out = append(out, ic.paramTypes(e, sizes)...)
		}
		return out
	case TRecord:
		var out []soac.Type
		for _, f := range t.Fields {
			out = append(out, ic.paramTypes(f.Type, sizes)...)
		}
		return out
	case TSum:
		return ic.sumParamTypes(t)
	}
	panic(fmt.Sprintf("frontend: internalise: unsupported parameter type %s", typeString(t)))
}
