package frontend

import (
	"fmt"
	"strings"
)

// Renaming the core language inside modules: every name that refers to
// a module-level definition is replaced by the definition's name in the
// flat program (defunctorise.go), qualified names included, so that the
// checker sees one module-free program. The result is a fresh copy of the
// AST: a functor's body is renamed once per application, and the checker
// keys its tables by node.

// locals is the chain of names bound inside a definition (values "v:x",
// types "t:x"), and of local opens M.(e), whose module env shadows what
// is outside.
type locals struct {
	name string
	env  *modEnv
	next *locals
}

func (l *locals) bind(kind, name string) *locals { return &locals{name: kind + name, next: l} }

// renamer renames the definitions of one module scope.
type renamer struct {
	el *elaborator
	sc *mscope
}

// lookupVal resolves an unqualified value name: ok is false where the
// name is bound locally or is not a module-level name (prelude, intrinsic
// or unknown, all left to the checker).
func (r *renamer) lookupVal(loc *locals, name string) (valRef, bool) {
	for l := loc; l != nil; l = l.next {
		if l.env != nil {
			if v, ok := l.env.vals[name]; ok {
				return v, true
			}
		} else if l.name == "v:"+name {
			return valRef{}, false
		}
	}
	return r.sc.lookupVal(name)
}

func (r *renamer) isLocalVal(loc *locals, name string) bool {
	for l := loc; l != nil; l = l.next {
		if l.env != nil {
			if _, ok := l.env.vals[name]; ok {
				return false
			}
		} else if l.name == "v:"+name {
			return true
		}
	}
	return false
}

func (r *renamer) lookupMod(loc *locals, name string) (*module, bool) {
	for l := loc; l != nil; l = l.next {
		if l.env != nil {
			if m, ok := l.env.mods[name]; ok {
				return m, true
			}
		}
	}
	return r.sc.lookupMod(name)
}

// modPath resolves a module path M.N.
func (r *renamer) modPath(loc *locals, path []string, pos Pos) *modEnv {
	m, ok := r.lookupMod(loc, path[0])
	for i := 1; ok && i < len(path); i++ {
		if m.env == nil {
			break
		}
		m, ok = m.env.mods[path[i]]
	}
	if !ok {
		r.el.errorf(pos, "", "Unknown module %q", strings.Join(path, "."))
		return nil
	}
	if m.env == nil {
		r.el.errorf(pos, "apply it to a module argument first", "Module %q is a parametric module; its members cannot be used", strings.Join(path, "."))
		return nil
	}
	return m.env
}

// qualVal resolves M.N.x; ok false after an error.
func (r *renamer) qualVal(loc *locals, path []string, name string, pos Pos) (valRef, bool) {
	env := r.modPath(loc, path, pos)
	if env == nil {
		return valRef{}, false
	}
	v, ok := env.vals[name]
	if !ok && env.builtin != "" {
		// A numeric module's member the checker may know as an intrinsic.
		return valRef{qual: []string{env.builtin}, name: name}, true
	}
	if !ok {
		r.el.errorf(pos, fmt.Sprintf("module %s has no value %s (or its module type hides it)", strings.Join(path, "."), name), "unknown name %q", qualName(path, name))
	}
	return v, ok
}

// notInScope reports a name that is not in scope here but names a
// definition of the flat program (of a file not imported here, or a
// module's member), which the checker would otherwise find.
func (r *renamer) notInScope(loc *locals, name string, pos Pos) {
	if r.el.used[name] && !preludeNames()[name] && !r.isLocalVal(loc, name) {
		r.el.errorf(pos, "check the spelling, or define it before this use", "unknown name %q", name)
	}
}

func (v valRef) exp(pos Pos) *VarExp {
	return &VarExp{Pos: pos, Qual: v.qual, Name: v.name}
}

func (r *renamer) typeName(loc *locals, te *TEName) string {
	parts := strings.Split(te.Name, ".")
	if len(parts) == 1 {
		for l := loc; l != nil; l = l.next {
			if l.env != nil {
				if t, ok := l.env.types[te.Name]; ok {
					return t.name
				}
			} else if l.name == "t:"+te.Name {
				return te.Name
			}
		}
		if t, ok := r.sc.lookupType(te.Name); ok {
			return t.name
		}
		if r.el.used[te.Name] && !preludeNames()[te.Name] {
			r.el.errorf(te.Pos, "", "Unknown type %q", te.Name)
		}
		return te.Name
	}
	env := r.modPath(loc, parts[:len(parts)-1], te.Pos)
	if env == nil {
		return te.Name
	}
	t, ok := env.types[parts[len(parts)-1]]
	if !ok {
		r.el.errorf(te.Pos, fmt.Sprintf("module %s has no type %s (or its module type hides it)", strings.Join(parts[:len(parts)-1], "."), parts[len(parts)-1]), "Unknown type %q", te.Name)
		return te.Name
	}
	return t.name
}

func (r *renamer) typeParams(loc *locals, tps []TypeParam) *locals {
	for _, tp := range tps {
		if tp.Size {
			loc = loc.bind("v:", tp.Name)
		} else {
			loc = loc.bind("t:", tp.Name)
		}
	}
	return loc
}

func (r *renamer) typ(loc *locals, t TypeExp) TypeExp {
	switch t := t.(type) {
	case nil:
		return nil
	case *TEName:
		n := &TEName{Pos: t.Pos, Name: r.typeName(loc, t)}
		for _, a := range t.Args {
			n.Args = append(n.Args, TypeArg{Type: r.typ(loc, a.Type), Size: r.size(loc, a.Size)})
		}
		return n
	case *TEArray:
		return &TEArray{Pos: t.Pos, Dim: r.size(loc, t.Dim), Elem: r.typ(loc, t.Elem)}
	case *TETuple:
		n := &TETuple{Pos: t.Pos}
		for _, e := range t.Elems {
			n.Elems = append(n.Elems, r.typ(loc, e))
		}
		return n
	case *TERecord:
		n := &TERecord{Pos: t.Pos}
		for _, f := range t.Fields {
			n.Fields = append(n.Fields, FieldType{Name: f.Name, Type: r.typ(loc, f.Type)})
		}
		return n
	case *TEArrow:
		n := &TEArrow{Pos: t.Pos, ParamName: t.ParamName, Param: r.typ(loc, t.Param)}
		if t.ParamName != "" {
			loc = loc.bind("v:", t.ParamName)
		}
		n.Result = r.typ(loc, t.Result)
		return n
	case *TEUnique:
		return &TEUnique{Pos: t.Pos, Type: r.typ(loc, t.Type)}
	case *TEExistential:
		for _, s := range t.Sizes {
			loc = loc.bind("v:", s)
		}
		return &TEExistential{Pos: t.Pos, Sizes: t.Sizes, Type: r.typ(loc, t.Type)}
	case *TESum:
		return r.sumType(loc, t)
	}
	panic("frontend: renamer: unknown type expression")
}

func (r *renamer) size(loc *locals, s *SizeExp) *SizeExp {
	if s == nil {
		return nil
	}
	n := &SizeExp{Pos: s.Pos, Name: s.Name, Lit: s.Lit}
	if s.Name != "" {
		if v, ok := r.lookupVal(loc, s.Name); ok && len(v.qual) == 0 && !v.op {
			n.Name = v.name
		}
	}
	if s.Exp != nil {
		n.Exp = r.exp(loc, s.Exp)
	}
	return n
}

// pat renames the types in p and returns the locals it binds.
func (r *renamer) pat(loc *locals, p Pat, out *locals) (Pat, *locals) {
	switch p := p.(type) {
	case *PId:
		return &PId{Pos: p.Pos, Name: p.Name}, out.bind("v:", p.Name)
	case *PWild:
		return &PWild{Pos: p.Pos}, out
	case *PTuple:
		n := &PTuple{Pos: p.Pos}
		for _, e := range p.Elems {
			var q Pat
			q, out = r.pat(loc, e, out)
			n.Elems = append(n.Elems, q)
		}
		return n, out
	case *PRecord:
		n := &PRecord{Pos: p.Pos}
		for _, f := range p.Fields {
			var q Pat
			q, out = r.pat(loc, f.Pat, out)
			n.Fields = append(n.Fields, PatField{Name: f.Name, Pat: q})
		}
		return n, out
	case *PAscript:
		q, out := r.pat(loc, p.Pat, out)
		return &PAscript{Pos: p.Pos, Pat: q, Type: r.typ(loc, p.Type)}, out
	case *PConstr, *PLit:
		return r.sumPat(loc, p, out)
	}
	panic("frontend: renamer: unknown pattern")
}

// params renames function parameters: each sees the ones before it (for
// sizes named by a parameter `(n: i64) (xs: [n]t)`).
func (r *renamer) params(loc *locals, ps []Pat) ([]Pat, *locals) {
	out := make([]Pat, len(ps))
	for i, p := range ps {
		out[i], loc = r.pat(loc, p, loc)
	}
	return out, loc
}

func (r *renamer) exps(loc *locals, es []Exp) []Exp {
	out := make([]Exp, len(es))
	for i, e := range es {
		out[i] = r.exp(loc, e)
	}
	return out
}

func (r *renamer) slices(loc *locals, ss []Slice) []Slice {
	out := make([]Slice, len(ss))
	for i, s := range ss {
		out[i] = Slice{Index: r.expOpt(loc, s.Index), IsSlice: s.IsSlice, Start: r.expOpt(loc, s.Start), End: r.expOpt(loc, s.End), Step: r.expOpt(loc, s.Step)}
	}
	return out
}

func (r *renamer) expOpt(loc *locals, e Exp) Exp {
	if e == nil {
		return nil
	}
	return r.exp(loc, e)
}

// operator renames an operator as written (qual, op); a builtin module's
// operator becomes the built-in one.
func (r *renamer) operator(loc *locals, qual []string, op string, backtick bool, pos Pos) ([]string, string, bool) {
	var v valRef
	var ok bool
	if len(qual) > 0 {
		if v, ok = r.qualVal(loc, qual, op, pos); !ok {
			return qual, op, backtick
		}
	} else if v, ok = r.lookupVal(loc, op); !ok {
		return qual, op, backtick
	}
	if v.op {
		return nil, v.name, backtick
	}
	return v.qual, v.name, backtick || isOperatorName(op)
}

func isOperatorName(s string) bool { return s != "" && !isIdent(s) }

// projection resolves a projection chain M.N.x.f whose root is a module
// (not a local): nil where it is an ordinary record projection.
func (r *renamer) projection(loc *locals, e *ProjectExp) Exp {
	var fields []string
	var x Exp = e
	for {
		p, ok := x.(*ProjectExp)
		if !ok {
			break
		}
		fields = append([]string{p.Field}, fields...)
		x = p.X
	}
	root, ok := x.(*VarExp)
	if !ok || len(root.Qual) > 0 || r.isLocalVal(loc, root.Name) {
		return nil
	}
	if _, ok := r.lookupVal(loc, root.Name); ok {
		return nil
	}
	if _, ok := r.lookupMod(loc, root.Name); !ok {
		return nil // a numeric module the checker knows, or an unknown name
	}
	path := []string{root.Name}
	i := 0
	for ; i < len(fields)-1; i++ {
		env := r.modPath(loc, path, root.Pos)
		if env == nil {
			return &TupleExp{Pos: e.Pos}
		}
		if _, ok := env.mods[fields[i]]; !ok {
			break
		}
		path = append(path, fields[i])
	}
	v, ok := r.qualVal(loc, path, fields[i], root.Pos)
	if !ok {
		return &TupleExp{Pos: e.Pos}
	}
	var out Exp = v.exp(root.Pos)
	if v.op {
		out = &OpSectionExp{Pos: root.Pos, Op: v.name}
	}
	for _, f := range fields[i+1:] {
		out = &ProjectExp{Pos: e.Pos, X: out, Field: f}
	}
	return out
}

func (r *renamer) exp(loc *locals, e Exp) Exp {
	switch e := e.(type) {
	case *IntLit:
		c := *e
		return &c
	case *FloatLit:
		c := *e
		return &c
	case *BoolLit:
		c := *e
		return &c
	case *StringLit:
		c := *e
		return &c
	case *UnsupportedExp:
		c := *e
		return &c
	case *HoleExp:
		c := *e
		return &c
	case *VarExp:
		if len(e.Qual) == 0 {
			if v, ok := r.lookupVal(loc, e.Name); ok {
				if v.op {
					return &OpSectionExp{Pos: e.Pos, Op: v.name}
				}
				return v.exp(e.Pos)
			}
			r.notInScope(loc, e.Name, e.Pos)
			return &VarExp{Pos: e.Pos, Name: e.Name}
		}
		if v, ok := r.qualVal(loc, e.Qual, e.Name, e.Pos); ok {
			return v.exp(e.Pos)
		}
		return &VarExp{Pos: e.Pos, Qual: e.Qual, Name: e.Name}
	case *ApplyExp:
		return &ApplyExp{Pos: e.Pos, Fn: r.exp(loc, e.Fn), Args: r.exps(loc, e.Args)}
	case *BinOpExp:
		n := &BinOpExp{Pos: e.Pos, L: r.exp(loc, e.L), R: r.exp(loc, e.R)}
		n.Qual, n.Op, n.Backtick = r.operator(loc, e.Qual, e.Op, e.Backtick, e.Pos)
		return n
	case *NegateExp:
		return &NegateExp{Pos: e.Pos, X: r.exp(loc, e.X)}
	case *NotExp:
		return &NotExp{Pos: e.Pos, X: r.exp(loc, e.X)}
	case *OpSectionExp:
		n := &OpSectionExp{Pos: e.Pos, Left: r.expOpt(loc, e.Left), Right: r.expOpt(loc, e.Right)}
		n.Qual, n.Op, n.Backtick = r.operator(loc, e.Qual, e.Op, e.Backtick, e.Pos)
		return n
	case *ProjectSectionExp:
		return &ProjectSectionExp{Pos: e.Pos, Fields: e.Fields}
	case *IndexSectionExp:
		return &IndexSectionExp{Pos: e.Pos, Indices: r.slices(loc, e.Indices)}
	case *LambdaExp:
		ps, inner := r.params(loc, e.Params)
		return &LambdaExp{Pos: e.Pos, Params: ps, RetType: r.typ(inner, e.RetType), Body: r.exp(inner, e.Body)}
	case *TupleExp:
		return &TupleExp{Pos: e.Pos, Elems: r.exps(loc, e.Elems)}
	case *RecordExp:
		n := &RecordExp{Pos: e.Pos}
		for _, f := range e.Fields {
			n.Fields = append(n.Fields, FieldExp{Name: f.Name, Exp: r.exp(loc, f.Exp)})
		}
		return n
	case *ProjectExp:
		if q := r.projection(loc, e); q != nil {
			return q
		}
		return &ProjectExp{Pos: e.Pos, X: r.exp(loc, e.X), Field: e.Field}
	case *ArrayLitExp:
		return &ArrayLitExp{Pos: e.Pos, Elems: r.exps(loc, e.Elems)}
	case *RangeExp:
		return &RangeExp{Pos: e.Pos, Start: r.exp(loc, e.Start), Second: r.expOpt(loc, e.Second), End: r.exp(loc, e.End), EndKind: e.EndKind}
	case *IndexExp:
		return &IndexExp{Pos: e.Pos, X: r.exp(loc, e.X), Indices: r.slices(loc, e.Indices)}
	case *LetExp:
		inner := loc
		for _, s := range e.Sizes {
			inner = inner.bind("v:", s)
		}
		p, inner := r.pat(inner, e.Pat, inner)
		return &LetExp{Pos: e.Pos, Sizes: e.Sizes, Pat: p, Value: r.exp(loc, e.Value), Body: r.exp(inner, e.Body)}
	case *LetFunExp:
		fl := r.typeParams(loc, e.TypeParams)
		ps, fl := r.params(fl, e.Params)
		return &LetFunExp{Pos: e.Pos, Name: e.Name, TypeParams: e.TypeParams, Params: ps, RetType: r.typ(fl, e.RetType),
			Value: r.exp(fl, e.Value), Body: r.exp(loc.bind("v:", e.Name), e.Body)}
	case *LetWithExp:
		return &LetWithExp{Pos: e.Pos, Name: e.Name, Indices: r.slices(loc, e.Indices), Value: r.exp(loc, e.Value), Body: r.exp(loc.bind("v:", e.Name), e.Body)}
	case *IfExp:
		return &IfExp{Pos: e.Pos, Cond: r.exp(loc, e.Cond), Then: r.exp(loc, e.Then), Else: r.exp(loc, e.Else)}
	case *LoopExp:
		n := &LoopExp{Pos: e.Pos, ForIndex: e.ForIndex, Init: r.expOpt(loc, e.Init)}
		var inner *locals
		n.Pat, inner = r.pat(loc, e.Pat, loc)
		switch {
		case e.ForBound != nil:
			n.ForBound = r.exp(loc, e.ForBound)
			inner = inner.bind("v:", e.ForIndex)
		case e.ForInArr != nil:
			n.ForInArr = r.exp(loc, e.ForInArr)
			n.ForInPat, inner = r.pat(loc, e.ForInPat, inner)
		case e.While != nil:
			n.While = r.exp(inner, e.While)
		}
		n.Body = r.exp(inner, e.Body)
		return n
	case *UpdateExp:
		return &UpdateExp{Pos: e.Pos, X: r.exp(loc, e.X), Indices: r.slices(loc, e.Indices), Value: r.exp(loc, e.Value)}
	case *RecordUpdateExp:
		return &RecordUpdateExp{Pos: e.Pos, X: r.exp(loc, e.X), Fields: e.Fields, Value: r.exp(loc, e.Value)}
	case *AscriptExp:
		return &AscriptExp{Pos: e.Pos, X: r.exp(loc, e.X), Type: r.typ(loc, e.Type)}
	case *CoerceExp:
		return &CoerceExp{Pos: e.Pos, X: r.exp(loc, e.X), Type: r.typ(loc, e.Type)}
	case *AssertExp:
		return &AssertExp{Pos: e.Pos, Cond: r.exp(loc, e.Cond), X: r.exp(loc, e.X), Text: e.Text}
	case *ParenExp:
		return &ParenExp{Pos: e.Pos, X: r.exp(loc, e.X)}
	case *AttrExp:
		return &AttrExp{Pos: e.Pos, Attr: e.Attr, X: r.exp(loc, e.X)}
	case *OpenExp:
		env := r.modPath(loc, e.Mod, e.Pos)
		if env == nil {
			return &TupleExp{Pos: e.Pos}
		}
		return &ParenExp{Pos: e.Pos, X: r.exp(&locals{env: env, next: loc}, e.X)}
	case *ConstrExp, *MatchExp:
		return r.sumExp(loc, e)
	}
	panic("frontend: renamer: unknown expression")
}
