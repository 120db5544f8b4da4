package frontend

import (
	"fmt"
	"sort"
	"strings"
)

// Module environments and module type matching. Modules are transparent
// here: a module's members are names of definitions in the flat program
// (valRef, typeRef), and matching a module against a module type checks
// that every specified member exists with the specified type and hides
// the members the module type does not name.

// valRef is how the flat program names a value: a definition
// (qual empty), a member of a built-in numeric module (qual ["i32"]), or
// a built-in operator (op, name "+").
type valRef struct {
	qual []string
	name string
	op   bool
}

// typeRef is how the flat program names a type.
type typeRef struct {
	name   string
	params int
	lifted string
}

// modEnv is what a module binds.
type modEnv struct {
	vals  map[string]valRef
	types map[string]typeRef
	mods  map[string]*module
	sigs  map[string]*sig
	// builtin is the name of a numeric module whose members the checker
	// knows as intrinsics: a member this env does not list is left to it.
	builtin string
}

func newModEnv() *modEnv {
	return &modEnv{vals: map[string]valRef{}, types: map[string]typeRef{}, mods: map[string]*module{}, sigs: map[string]*sig{}}
}

// merge adds all of o's names to e (open, import).
func (e *modEnv) merge(o *modEnv) {
	for k, v := range o.vals {
		e.vals[k] = v
	}
	for k, v := range o.types {
		e.types[k] = v
	}
	for k, v := range o.mods {
		e.mods[k] = v
	}
	for k, v := range o.sigs {
		e.sigs[k] = v
	}
}

// module is a structure (env) or a parametric module (fn).
type module struct {
	env *modEnv
	fn  *functor
}

// functor is a parametric module not yet applied to all its parameters;
// its body is elaborated afresh at each full application.
type functor struct {
	params  []ModParam
	result  ModTypeExp // the result's module type, or nil
	body    ModExp
	closure *mscope
	site    *functorSite // shared by the functor's partial applications
}

// functorSite is a functor as defined, for the check of those never
// applied (defunctorise.go, checkUnapplied).
type functorSite struct {
	pos     Pos
	applied bool
	// checked: the body was checked with the parameters abstract
	// (functorcheck.go).
	checked bool
}

// mscope is a chain of module environments, innermost first; file is the
// source file whose imports the scope resolves.
type mscope struct {
	env    *modEnv
	parent *mscope
	file   *sourceFile
}

func (s *mscope) child(env *modEnv) *mscope { return &mscope{env: env, parent: s, file: s.file} }

func (s *mscope) lookupVal(name string) (valRef, bool) {
	for ; s != nil; s = s.parent {
		if v, ok := s.env.vals[name]; ok {
			return v, true
		}
	}
	return valRef{}, false
}

func (s *mscope) lookupType(name string) (typeRef, bool) {
	for ; s != nil; s = s.parent {
		if t, ok := s.env.types[name]; ok {
			return t, true
		}
	}
	return typeRef{}, false
}

func (s *mscope) lookupMod(name string) (*module, bool) {
	for ; s != nil; s = s.parent {
		if m, ok := s.env.mods[name]; ok {
			return m, true
		}
	}
	return nil, false
}

func (s *mscope) lookupSig(name string) (*sig, bool) {
	for ; s != nil; s = s.parent {
		if m, ok := s.env.sigs[name]; ok {
			return m, true
		}
	}
	return nil, false
}

// sig is an evaluated module type: the specs of a structure, each with
// the scope its names are resolved in, or a functor type.
type sig struct {
	items []sigItem
	arrow *sigArrow
}

type sigItem struct {
	spec Spec
	sc   *mscope
}

type sigArrow struct {
	param  *sig
	result ModTypeExp
	sc     *mscope
}

// evalSig evaluates a module type expression in sc.
func (el *elaborator) evalSig(sc *mscope, mt ModTypeExp) *sig {
	switch mt := mt.(type) {
	case *MTVar:
		var s *sig
		ok := false
		if len(mt.Path) == 1 {
			s, ok = sc.lookupSig(mt.Path[0])
		} else if env := el.modPath(sc, mt.Path[:len(mt.Path)-1], mt.Pos); env != nil {
			s, ok = env.sigs[mt.Path[len(mt.Path)-1]]
		} else {
			return &sig{}
		}
		if !ok {
			el.errorf(mt.Pos, "define it with `module type name = { ... }` before this use", "Unknown module type %q", strings.Join(mt.Path, "."))
			return &sig{}
		}
		return s
	case *MTSpecs:
		s := &sig{}
		names := map[string]Pos{}
		for _, sp := range mt.Specs {
			if inc, ok := sp.(*IncludeSpec); ok {
				is := el.evalSig(sc, inc.Sig)
				if is.arrow != nil {
					el.errorf(inc.Pos, "", "Cannot include a parametric module type")
					continue
				}
				s.items = append(s.items, is.items...)
				continue
			}
			key, pos := specKey(sp), sp.specPos()
			if old, dup := names[key]; dup {
				el.errorf(pos, fmt.Sprintf("the first is at %s", old), "Duplicate specification of %s", strings.Replace(key, ":", " ", 1))
			}
			names[key] = pos
			s.items = append(s.items, sigItem{spec: sp, sc: sc})
		}
		el.checkSizeLiftedVals(s)
		return s
	case *MTWith:
		base := el.evalSig(sc, mt.Sig)
		if base.arrow != nil {
			el.errorf(mt.Pos, "", "Cannot refine a parametric module type with `with`")
			return base
		}
		return el.refine(base, mt, sc)
	case *MTArrow:
		return &sig{arrow: &sigArrow{param: el.evalSig(sc, mt.Param), result: mt.Result, sc: sc}}
	}
	panic("frontend: unknown module type expression")
}

func specKey(sp Spec) string {
	switch sp := sp.(type) {
	case *ValSpec:
		return "val:" + sp.Name
	case *TypeSpec:
		return "type:" + sp.Name
	case *ModSpec:
		return "module:" + sp.Name
	}
	return ""
}

// refine is `base with path params = t`: the abstract type path becomes
// defined (by a type resolved in sc, where the with is written).
func (el *elaborator) refine(base *sig, w *MTWith, sc *mscope) *sig {
	out := &sig{items: append([]sigItem(nil), base.items...)}
	name := w.Path[0]
	for i, it := range out.items {
		switch sp := it.spec.(type) {
		case *TypeSpec:
			if len(w.Path) == 1 && sp.Name == name {
				if sp.Type != nil {
					el.errorf(w.Pos, "", "Cannot refine type %q with `with`: it is already defined in the module type", name)
					return base
				}
				if len(sp.Params) != len(w.Params) {
					el.errorf(w.Pos, "", "Type %q has %d parameters in the module type but %d in the refinement", name, len(sp.Params), len(w.Params))
					return base
				}
				out.items[i] = sigItem{spec: &TypeSpec{Pos: sp.Pos, Name: sp.Name, Lifted: sp.Lifted, Params: w.Params, Type: w.Type}, sc: sc}
				return out
			}
		case *ModSpec:
			if len(w.Path) > 1 && sp.Name == name {
				inner := el.evalSig(it.sc, sp.Sig)
				if inner.arrow != nil {
					break
				}
				refined := el.refine(inner, &MTWith{Pos: w.Pos, Path: w.Path[1:], Params: w.Params, Type: w.Type}, sc)
				out.items[i] = sigItem{spec: &ModSpec{Pos: sp.Pos, Name: sp.Name, Sig: &evaluatedSig{sig: refined}}, sc: it.sc}
				return out
			}
		}
	}
	el.errorf(w.Pos, "", "Module type does not have an abstract type %q to refine", strings.Join(w.Path, "."))
	return base
}

// evaluatedSig is a module type already evaluated (a refined nested
// module spec).
type evaluatedSig struct{ sig *sig }

func (e *evaluatedSig) sigPos() Pos { return Pos{} }

// match checks m against s at pos (an ascription or a functor argument)
// and returns the module as s exposes it: only the specified members.
//
// With opaque (an ascription, not a functor argument), the abstract types
// of s are opaque in the result (opaque.go).
//
// what names the module in messages; path is the prefix that qualifies
// its members' names there ("M." or "").
func (el *elaborator) match(m *module, s *sig, pos Pos, what, path string, opaque bool) *module {
	if s.arrow != nil {
		if m.fn == nil {
			el.errorf(pos, "", "%s is not a parametric module, but its module type is a functor type", what)
			return m
		}
		return m
	}
	if m.env == nil {
		el.errorf(pos, "apply it to its arguments first", "%s is a parametric module where a module was expected", what)
		return &module{env: newModEnv()}
	}
	out := newModEnv()
	specEnv := newModEnv() // the names of the specs, as the module defines them
	outEnv := newModEnv()  // the same, as the result shows them
	var abs opacity
	if opaque {
		abs = abstractTypes(m, s)
	}
	for _, it := range s.items {
		ssc := it.sc.child(specEnv)
		switch sp := it.spec.(type) {
		case *TypeSpec:
			t, ok := m.env.types[sp.Name]
			if !ok {
				el.errorf(pos, fmt.Sprintf("the module type specifies it at %s", sp.Pos), "%s does not define type %q that its module type specifies", what, path+sp.Name)
				continue
			}
			if t.params != len(sp.Params) {
				el.errorf(pos, fmt.Sprintf("the module type specifies it at %s", sp.Pos), "Type %q of %s has %d parameters, but its module type specifies %d", path+sp.Name, what, t.params, len(sp.Params))
			}
			if liftRank(t.lifted) > liftRank(sp.Lifted) {
				el.errorf(pos, fmt.Sprintf("the module type specifies it at %s; write type%s there to allow this", sp.Pos, t.lifted),
					"Module type mismatch: type %q of %s is %s, but its module type specifies a %s type", path+sp.Name, what, liftName(t.lifted), liftName(sp.Lifted))
			}
			specEnv.types[sp.Name] = t
			if _, ok := abs[sp.Name]; ok {
				view, field := el.viewType(sp, t)
				abs[sp.Name] = field
				t = typeRef{name: view.Name, params: t.params, lifted: t.lifted}
			}
			out.types[sp.Name], outEnv.types[sp.Name] = t, t
			if sp.Type != nil && m.env.builtin == "" {
				el.checkTypeSpec(sp, t, ssc, pos, what, path)
			}
		case *ModSpec:
			sub, ok := m.env.mods[sp.Name]
			if !ok {
				el.errorf(pos, fmt.Sprintf("the module type specifies it at %s", sp.Pos), "%s does not define module %q that its module type specifies", what, path+sp.Name)
				continue
			}
			var ss *sig
			if e, ok := sp.Sig.(*evaluatedSig); ok {
				ss = e.sig
			} else {
				ss = el.evalSig(ssc, sp.Sig)
			}
			r := el.match(sub, ss, pos, what, path+sp.Name+".", false)
			out.mods[sp.Name], specEnv.mods[sp.Name], outEnv.mods[sp.Name] = r, r, r
		case *ValSpec:
			v, ok := m.env.vals[sp.Name]
			if !ok && m.env.builtin != "" && !isOperatorName(sp.Name) {
				if _, known := intrinsics[m.env.builtin+"."+sp.Name]; known {
					v, ok = valRef{qual: []string{m.env.builtin}, name: sp.Name}, true
				}
			}
			if !ok {
				el.errorf(pos, fmt.Sprintf("the module type specifies it at %s", sp.Pos), "%s does not define value %q that its module type specifies", what, path+sp.Name)
				continue
			}
			out.vals[sp.Name], specEnv.vals[sp.Name] = v, v
			el.checkTypeParamLifts(sp, v, pos, what, path)
			if m.env.builtin == "" && !v.op {
				el.checkValSpec(sp, v, ssc, pos, what, path)
			}
			if abs != nil && abs.mentions(sp.Type) {
				in := &renamer{el: el, sc: ssc}
				ex := &renamer{el: el, sc: it.sc.child(outEnv)}
				inLoc, exLoc := in.typeParams(nil, sp.TypeParams), ex.typeParams(nil, sp.TypeParams)
				c := &coercer{abs: abs, pos: sp.Pos, fresh: &el.fresh,
					in:  func(t TypeExp) TypeExp { return in.typ(inLoc, t) },
					out: func(t TypeExp) TypeExp { return ex.typ(exLoc, t) }}
				out.vals[sp.Name] = el.viewVal(sp, v, c)
			}
			// Later specs' sizes may name this value (val k: i64,
			// val mk: (n: i64) -> t [n + k]), as the outside sees it.
			outEnv.vals[sp.Name] = out.vals[sp.Name]
		}
	}
	return &module{env: out}
}

// specCheck is a definition the elaborator adds to the flat program to
// have the checker verify that a module's value has the type its module
// type specifies; errors in it are reported at the ascription.
type specCheck struct {
	at   Pos
	what string
	// val is the flat name of the value checked, whose type the
	// message shows ("" for a type).
	val string
}

// checkValSpec adds `def chk tps (x0: a) ... : r = v x0 ...` for
// `val name tps : a -> ... -> r`.
func (el *elaborator) checkValSpec(sp *ValSpec, v valRef, sc *mscope, at Pos, what, path string) {
	r := &renamer{el: el, sc: sc}
	loc := r.typeParams(nil, sp.TypeParams)
	t := r.typ(loc, sp.Type)
	d := &ValDecl{Pos: sp.Pos, Name: el.alloc("spec·"+sp.Name, false), TypeParams: sp.TypeParams}
	var args []Exp
	for {
		a, ok := t.(*TEArrow)
		if !ok {
			break
		}
		name := a.ParamName
		if name == "" {
			name = fmt.Sprintf("spec·x%d", len(args))
		}
		d.Params = append(d.Params, &PAscript{Pos: sp.Pos, Pat: &PId{Pos: sp.Pos, Name: name}, Type: a.Param})
		args = append(args, &VarExp{Pos: sp.Pos, Name: name})
		t = a.Result
	}
	d.RetType = t
	d.Body = v.exp(sp.Pos)
	if len(args) > 0 {
		d.Body = &ApplyExp{Pos: sp.Pos, Fn: d.Body, Args: args}
	}
	el.emit(d)
	el.specChecks[d] = specCheck{at: at, val: v.name, what: fmt.Sprintf("Module type mismatch: value %q of %s does not have the type its module type specifies (val %s: %s at %s)", path+sp.Name, what, sp.Name, sp.Text, sp.Pos)}
}

// checkTypeSpec checks a type the module type defines (`type t = i32`)
// against the module's: `def chk (x: module's t) : spec's t = x`, both
// directions.
func (el *elaborator) checkTypeSpec(sp *TypeSpec, t typeRef, sc *mscope, at Pos, what, path string) {
	if len(sp.Params) > 0 {
		return // parametric abbreviations are compared by name only
	}
	r := &renamer{el: el, sc: sc}
	spec := r.typ(nil, sp.Type)
	mine := &TEName{Pos: sp.Pos, Name: t.name}
	for i, pair := range [][2]TypeExp{{mine, spec}, {r.typ(nil, sp.Type), &TEName{Pos: sp.Pos, Name: t.name}}} {
		d := &ValDecl{Pos: sp.Pos, Name: el.alloc(fmt.Sprintf("spec·%s%d", sp.Name, i), false),
			Params:  []Pat{&PAscript{Pos: sp.Pos, Pat: &PId{Pos: sp.Pos, Name: "spec·x"}, Type: pair[0]}},
			RetType: pair[1], Body: &VarExp{Pos: sp.Pos, Name: "spec·x"}}
		el.emit(d)
		el.specChecks[d] = specCheck{at: at, what: fmt.Sprintf("Module type mismatch: type %q of %s is not the type its module type specifies (%s at %s)", path+sp.Name, what, specText(sp), sp.Pos)}
	}
}

// builtinOperators are the operators of the numeric modules, which are
// the language's built-in operators at the module's type.
var builtinOperators = []string{"+", "-", "*", "/", "%", "//", "%%", "**", "==", "!=", "<", ">", "<=", ">=", "&", "|", "^", "<<", ">>", ">>>"}

// floatBits is each float type's unsigned integer type of the same size.
var floatBits = map[string]string{"f16": "u16", "f32": "u32", "f64": "u64"}

// builtinModules makes the numeric modules (i32, f64, ..., bool) real
// modules: their members are the checker's intrinsics of that prefix and
// the built-in operators, their type t the primitive type.
func builtinModules() map[string]*module {
	mods := map[string]*module{}
	names := make([]string, 0, len(intrinsics))
	for k := range intrinsics {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		i := strings.IndexByte(k, '.')
		if i < 0 {
			continue
		}
		mod, member := k[:i], k[i+1:]
		m, ok := mods[mod]
		if !ok {
			env := newModEnv()
			env.builtin = mod
			env.types["t"] = typeRef{name: mod}
			if bits, ok := floatBits[mod]; ok {
				env.types["int_t"] = typeRef{name: bits}
			}
			if mod == "intrinsics" {
				env.types["acc"] = typeRef{name: "intrinsics_acc", params: 1, lifted: "~"}
			}
			if mod != "bool" {
				for _, op := range builtinOperators {
					env.vals[op] = valRef{name: op, op: true}
				}
			}
			m = &module{env: env}
			mods[mod] = m
		}
		m.env.vals[member] = valRef{qual: []string{mod}, name: member}
	}
	return mods
}

// liftRank orders liftedness: plain < size-lifted (~) < lifted (^).
func liftRank(l string) int {
	switch l {
	case "~":
		return 1
	case "^":
		return 2
	}
	return 0
}

func liftName(l string) string {
	switch l {
	case "~":
		return "size-lifted"
	case "^":
		return "lifted"
	}
	return "non-lifted"
}

// checkTypeParamLifts reports a value whose type parameters admit fewer
// types than the spec's (val f '^a: ... for def f 'a): the checker does
// not see it, as its instantiation with a rigid lifted type is not a
// function yet.
func (el *elaborator) checkTypeParamLifts(sp *ValSpec, v valRef, pos Pos, what, path string) {
	d, ok := el.valDecls[v.name]
	if !ok || len(v.qual) > 0 {
		return
	}
	var mine []TypeParam
	for _, tp := range d.TypeParams {
		if !tp.Size {
			mine = append(mine, tp)
		}
	}
	i := 0
	for _, tp := range sp.TypeParams {
		if tp.Size {
			continue
		}
		if i < len(mine) && liftRank(mine[i].Lifted) < liftRank(tp.Lifted) {
			el.errorf(pos, fmt.Sprintf("the module type specifies it at %s", sp.Pos),
				"Module type mismatch: type parameter '%s of value %q of %s is %s, but its module type specifies '%s%s", mine[i].Name, path+sp.Name, what, liftName(mine[i].Lifted), tp.Lifted, tp.Name)
		}
		i++
	}
}

// specText is a type spec as written, or as a with refinement makes it.
func specText(sp *TypeSpec) string {
	if sp.Text != "" {
		return sp.Text
	}
	return "type " + sp.Name + " = ..."
}

// checkSizeLiftedVals reports a value spec whose type, outside function
// types, holds a size-lifted type (val empty: dict for type~ dict): its
// size would be unknown where it is defined, and Futhark bans such specs
// (its issue 2120). A function may return one.
func (el *elaborator) checkSizeLiftedVals(s *sig) {
	lifted := map[string]string{}
	for _, it := range s.items {
		if sp, ok := it.spec.(*TypeSpec); ok {
			lifted[sp.Name] = sp.Lifted
		}
	}
	for _, it := range s.items {
		sp, ok := it.spec.(*ValSpec)
		if !ok {
			continue
		}
		isSizeLifted := func(name string) bool {
			if l, ok := lifted[name]; ok {
				return l == "~"
			}
			t, ok := it.sc.lookupType(name)
			return ok && t.lifted == "~"
		}
		if name := sizeLiftedIn(sp.Type, isSizeLifted); name != "" {
			el.errorf(sp.Pos, "make it a function, such as val "+sp.Name+": () -> ...",
				"Value %q may not have a size-lifted type: its type names %s, which is declared type~", sp.Name, name)
		}
	}
}

// sizeLiftedIn is the first type name in t, outside function types, for
// which isSizeLifted holds, or "".
func sizeLiftedIn(t TypeExp, isSizeLifted func(string) bool) string {
	switch t := t.(type) {
	case *TEName:
		if isSizeLifted(t.Name) {
			return t.Name
		}
		for _, a := range t.Args {
			if a.Type != nil {
				if n := sizeLiftedIn(a.Type, isSizeLifted); n != "" {
					return n
				}
			}
		}
	case *TEArray:
		return sizeLiftedIn(t.Elem, isSizeLifted)
	case *TETuple:
		for _, e := range t.Elems {
			if n := sizeLiftedIn(e, isSizeLifted); n != "" {
				return n
			}
		}
	case *TERecord:
		for _, f := range t.Fields {
			if n := sizeLiftedIn(f.Type, isSizeLifted); n != "" {
				return n
			}
		}
	case *TEUnique:
		return sizeLiftedIn(t.Type, isSizeLifted)
	}
	return ""
}
