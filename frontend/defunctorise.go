package frontend

import (
	_ "embed"
	"fmt"
	"strings"
	"sync"
)

// Elimination of the module language (defunctorisation): the program's
// files, modules and functor applications become one flat list of value
// and type definitions whose names are unique, every use renamed to the
// definition it refers to. A functor's body is elaborated once per
// application, with its parameter bound to the argument as the
// parameter's module type exposes it, so the checker and everything after
// it see the core language only.

// elaborator holds the state of one elimination.
type elaborator struct {
	im    *importer
	decls []Decl // the flat program, in definition order
	used  map[string]bool
	// reserved are the main file's top-level names that must keep their
	// names (entry points): other definitions of that name are renamed.
	reserved   map[string]bool
	errs       Diagnostics
	fileEnvs   map[string]*modEnv
	root       *mscope
	specChecks map[*ValDecl]specCheck
	fresh      int                 // names of the opaque views' variables
	valDecls   map[string]*ValDecl // flat definitions by name
	functors   []*functor          // as defined, for checkUnapplied
	// checking counts the functor bodies being checked with their
	// parameters abstract (functorcheck.go); the definitions emitted
	// meanwhile are checked but not internalised (checkOnly).
	checking  int
	checkOnly map[Decl]bool
	// display is the source name of each flat name that alloc had to
	// give a suffix (the opaque view s.single_1 of s.single): messages
	// show what the programmer wrote.
	display map[string]string
	// applying counts the functor bodies being elaborated for an
	// application: a functor defined there was checked already, with
	// the enclosing functor's body.
	applying int
}

// flatProgram is the result of elimination.
type flatProgram struct {
	prog       *Prog
	specChecks map[*ValDecl]specCheck
	sources    map[string]string
	// checkOnly are the definitions of functor bodies checked at their
	// definition: type-checked, never internalised.
	checkOnly map[Decl]bool
	// display maps the flat names that differ from their source names
	// to those (see elaborator.display).
	display map[string]string
}

//go:embed prelude/modtypes.fut
var modTypesSrc string

func newElaborator(im *importer) (*elaborator, error) {
	el := &elaborator{im: im, used: map[string]bool{}, reserved: map[string]bool{}, fileEnvs: map[string]*modEnv{}, specChecks: map[*ValDecl]specCheck{}, valDecls: map[string]*ValDecl{}, checkOnly: map[Decl]bool{}, display: map[string]string{}}
	env := newModEnv()
	for name, m := range builtinModules() {
		env.mods[name] = m
	}
	el.root = &mscope{env: env}
	pre, err := ParseProgram("prelude/modtypes.fut", modTypesSrc)
	if err != nil {
		return nil, err
	}
	el.elabDecls(el.root, env, pre.Decls, "", false)
	if len(el.errs) > 0 {
		el.errs.attachLines(modTypesSrc)
		return nil, el.errs
	}
	return el, nil
}

func (el *elaborator) errorf(pos Pos, hint, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	for _, e := range el.errs {
		if e.Pos == pos && e.Msg == msg {
			return // found again where a functor body is elaborated anew
		}
	}
	el.errs = append(el.errs, &Diagnostic{Pos: pos, Msg: msg, Hint: hint})
}

// emit adds d to the flat program.
func (el *elaborator) emit(d Decl) {
	el.decls = append(el.decls, d)
	if el.checking > 0 {
		el.checkOnly[d] = true
	}
}

// preludeNames are the names the prelude and the intrinsics define,
// unqualified: a definition outside the main file's top level that has
// one of them is renamed, so that it cannot capture a use of the
// prelude's (the flat program has one namespace).
var preludeNames = sync.OnceValue(func() map[string]bool {
	names := map[string]bool{}
	for k := range intrinsics {
		if !strings.Contains(k, ".") {
			names[k] = true
		}
	}
	if pre, err := ParseProgram("prelude/prelude.fut", preludeSrc); err == nil {
		for _, d := range pre.Decls {
			switch d := d.(type) {
			case *ValDecl:
				names[d.Name] = true
			case *TypeDecl:
				names[d.Name] = true
			}
		}
	}
	return names
})

// alloc returns a unique flat name for name; keep is set for the main
// file's top-level definitions, which may use a reserved name.
func (el *elaborator) alloc(name string, keep bool) string {
	n := name
	for i := 1; el.used[n] || !keep && (el.reserved[n] || preludeNames()[n]); i++ {
		n = fmt.Sprintf("%s_%d", name, i)
	}
	el.used[n] = true
	if n != name {
		el.display[n] = name
	}
	return n
}

// eliminate elaborates the program whose main file has loader path main.
func eliminate(im *importer, main string) (*flatProgram, error) {
	el, err := newElaborator(im)
	if err != nil {
		return nil, err
	}
	f, perr := im.parse(main, Pos{}, "")
	if perr != nil {
		return nil, perr
	}
	// Only the main file's entry points are entry points; main is one
	// wherever it is defined, so an imported file's main is renamed. The
	// main file's other top-level names are kept too (for messages):
	// an imported definition of the same name is the one renamed.
	el.reserved["main"] = true
	for _, d := range f.prog.Decls {
		switch d := d.(type) {
		case *ValDecl:
			el.reserved[d.Name] = true
		case *TypeDecl:
			el.reserved[d.Name] = true
		}
	}
	im.enter(main, Pos{})
	sc := el.root.child(newModEnv())
	sc.file = f
	el.elabDecls(sc, newModEnv(), f.prog.Decls, "", true)
	im.leave()
	el.checkUnapplied()
	if len(el.errs) > 0 {
		el.errs.attachSources(im.sources)
		el.errs.showSourceNames(el.display)
		return nil, el.errs
	}
	return &flatProgram{prog: &Prog{Decls: el.decls}, specChecks: el.specChecks, sources: im.sources, checkOnly: el.checkOnly, display: el.display}, nil
}

// elabFile elaborates an imported file once and returns what it exports.
func (el *elaborator) elabFile(from *sourceFile, imp string, pos Pos) *modEnv {
	key := importKey(from.key, imp)
	if env, ok := el.fileEnvs[key]; ok {
		return env
	}
	if d := el.im.enter(key, pos); d != nil {
		el.errs = append(el.errs, d)
		return newModEnv()
	}
	defer el.im.leave()
	// A file's definitions are the program's even when a functor body
	// being checked imports it first: its exports are elaborated once.
	checking, applying := el.checking, el.applying
	el.checking, el.applying = 0, 0
	defer func() { el.checking, el.applying = checking, applying }()
	f, err := el.im.parse(key, pos, imp)
	if err != nil {
		switch err := err.(type) {
		case Diagnostics:
			el.errs = append(el.errs, err...)
		case *Diagnostic:
			el.errs = append(el.errs, err)
		}
		return newModEnv()
	}
	sc := el.root.child(newModEnv())
	sc.file = f
	exports := newModEnv()
	el.elabDecls(sc, exports, f.prog.Decls, "", false)
	el.fileEnvs[key] = exports
	return exports
}

// elabDecls elaborates the declarations of one structure: sc.env is its
// scope (what its declarations see), exports what it exports. top is
// set for the main file's top level, whose definitions keep their names
// and whose entry points stay entry points.
func (el *elaborator) elabDecls(sc *mscope, exports *modEnv, decls []Decl, prefix string, top bool) {
	defined := map[string]Pos{}
	for _, d := range decls {
		el.elabDecl(sc, exports, d, prefix, top, defined)
	}
}

func (el *elaborator) duplicate(defined map[string]Pos, kind, name string, pos Pos) {
	if _, dup := defined[kind+name]; dup {
		what := ""
		if kind != "value " {
			what = kind
		}
		el.errorf(pos, "rename one of the definitions", "Duplicate definition of %s%q: it is defined more than once", what, name)
	}
	defined[kind+name] = pos
}

func (el *elaborator) elabDecl(sc *mscope, exports *modEnv, d Decl, prefix string, top bool, defined map[string]Pos) {
	r := &renamer{el: el, sc: sc}
	switch d := d.(type) {
	case *ValDecl:
		el.duplicate(defined, "value ", d.Name, d.Pos)
		loc := r.typeParams(nil, d.TypeParams)
		name := el.alloc(prefix+d.Name, top)
		if _, shadows := sc.lookupVal(d.Name); !shadows && !preludeNames()[d.Name] && !isOperatorName(d.Name) && len(d.Params) > 0 {
			// A function is in scope in its own body (recursion.go),
			// under its parameters, unless it shadows another
			// definition, the prelude's included, which the body
			// then means (def transpose a = transpose a), and unless it is an
			// operator, whose body uses the built-in one (def (a: t) <= (b: t)).
			self := newModEnv()
			self.vals[d.Name] = valRef{name: name}
			loc = &locals{env: self, next: loc}
		}
		ps, loc := r.params(loc, d.Params)
		n := &ValDecl{Pos: d.Pos, Entry: d.Entry && top, Name: name, TypeParams: d.TypeParams,
			Params: ps, RetType: r.typ(loc, d.RetType), Body: r.exp(loc, d.Body), Attrs: d.Attrs}
		el.emit(n)
		el.valDecls[n.Name] = n
		v := valRef{name: n.Name}
		sc.env.vals[d.Name], exports.vals[d.Name] = v, v
	case *TypeDecl:
		el.duplicate(defined, "type ", d.Name, d.Pos)
		n := &TypeDecl{Pos: d.Pos, Name: el.alloc(prefix+d.Name, top), Params: d.Params, Lifted: d.Lifted,
			Type: r.typ(r.typeParams(nil, d.Params), d.Type)}
		el.emit(n)
		t := typeRef{name: n.Name, params: len(d.Params), lifted: d.Lifted}
		sc.env.types[d.Name], exports.types[d.Name] = t, t
	case *ModDecl:
		el.duplicate(defined, "module ", d.Name, d.Pos)
		var m *module
		if len(d.Params) > 0 {
			m = &module{fn: el.newFunctor(d.Pos, d.Params, d.Sig, d.Body, sc, prefix+d.Name+".")}
		} else {
			m = el.evalMod(sc, d.Body, prefix+d.Name+".")
			if d.Sig != nil {
				m = el.match(m, el.evalSig(sc, d.Sig), d.Pos, fmt.Sprintf("Module %q", d.Name), "", true)
			}
		}
		sc.env.mods[d.Name], exports.mods[d.Name] = m, m
	case *ModTypeDecl:
		el.duplicate(defined, "module type ", d.Name, d.Pos)
		s := el.evalSig(sc, d.Sig)
		sc.env.sigs[d.Name], exports.sigs[d.Name] = s, s
	case *OpenDecl:
		m := el.evalMod(sc, d.Mod, prefix)
		if m.env == nil {
			el.errorf(d.Pos, "", "Cannot open a parametric module")
			return
		}
		sc.env.merge(m.env)
		exports.merge(m.env)
	case *ImportDecl:
		if sc.file == nil {
			el.errorf(d.Pos, "", "imports are not allowed here")
			return
		}
		sc.env.merge(el.elabFile(sc.file, d.Path, d.Pos))
	case *LocalDecl:
		el.elabDecl(sc, newModEnv(), d.Decl, prefix, top, defined)
	case *UnsupportedDecl:
		el.errorf(d.Pos, "", "%s are not supported yet", d.What)
	default:
		panic(fmt.Sprintf("frontend: elaborate: unknown declaration %T", d))
	}
}

// modPath resolves a module path in sc.
func (el *elaborator) modPath(sc *mscope, path []string, pos Pos) *modEnv {
	return (&renamer{el: el, sc: sc}).modPath(nil, path, pos)
}

func (el *elaborator) lookupModule(sc *mscope, path []string, pos Pos) *module {
	m, ok := sc.lookupMod(path[0])
	for i := 1; ok && i < len(path); i++ {
		if m.env == nil {
			el.errorf(pos, "", "Module %q is a parametric module and has no members", strings.Join(path[:i], "."))
			return nil
		}
		m, ok = m.env.mods[path[i]]
	}
	if path[0] == "intrinsics" && (!ok || m.env != nil && m.env.builtin == "intrinsics") {
		// Futhark's module of primitive operations, which fcc's
		// numeric modules stand for; its members (the accumulator
		// functions) are used only by qualified names.
		el.errorf(pos, "use the numeric modules (i32, f64, ...) instead", "The 'intrinsics' module may not be used in module expressions.")
		return nil
	}
	if !ok {
		el.errorf(pos, "check the spelling, or define or import it before this use", "Unknown module %q", strings.Join(path, "."))
		return nil
	}
	return m
}

// evalMod elaborates a module expression; prefix names its definitions.
func (el *elaborator) evalMod(sc *mscope, me ModExp, prefix string) *module {
	empty := &module{env: newModEnv()}
	switch me := me.(type) {
	case *MEVar:
		if m := el.lookupModule(sc, me.Path, me.Pos); m != nil {
			return m
		}
		return empty
	case *MEStruct:
		inner := sc.child(newModEnv())
		exports := newModEnv()
		el.elabDecls(inner, exports, me.Decls, prefix, false)
		return &module{env: exports}
	case *MEApply:
		f := el.evalMod(sc, me.Fn, prefix)
		if f.fn == nil {
			el.errorf(me.Pos, "only a parametric module `module f (p: mt) = ...` can be applied", "Cannot apply non-parametric module")
			return empty
		}
		arg := el.evalMod(sc, me.Arg, prefix)
		return el.apply(f.fn, arg, prefix, me.Arg.modPos())
	case *MEAscript:
		m := el.evalMod(sc, me.Mod, prefix)
		return el.match(m, el.evalSig(sc, me.Sig), me.Pos, "Module", "", true)
	case *MELambda:
		return &module{fn: el.newFunctor(me.Pos, []ModParam{me.Param}, me.Result, me.Body, sc, prefix)}
	case *MEImport:
		if sc.file == nil {
			el.errorf(me.Pos, "", "imports are not allowed here")
			return empty
		}
		return &module{env: el.elabFile(sc.file, me.Path, me.Pos)}
	}
	panic(fmt.Sprintf("frontend: elaborate: unknown module expression %T", me))
}

// apply applies a functor to its next argument: the argument is matched
// against the parameter's module type and bound to the parameter; when
// no parameters remain, the body is elaborated.
func (el *elaborator) apply(f *functor, arg *module, prefix string, pos Pos) *module {
	p := f.params[0]
	psig := el.evalSig(f.closure, p.Sig)
	bound := el.match(arg, psig, pos, fmt.Sprintf("The argument for parameter %q", p.Name), "", false)
	env := newModEnv()
	env.mods[p.Name] = bound
	closure := f.closure.child(env)
	if len(f.params) > 1 {
		return &module{fn: &functor{params: f.params[1:], result: f.result, body: f.body, closure: closure, site: f.site}}
	}
	f.site.applied = true
	el.applying++
	res := el.evalMod(closure, f.body, prefix)
	el.applying--
	if f.result != nil {
		res = el.match(res, el.evalSig(closure, f.result), pos, "The result of the parametric module", "", true)
	}
	return res
}

// newFunctor defines a functor and checks its body once, with its
// parameters abstract; prefix names the definitions of that check. A
// functor defined in the body of another being applied is not checked
// again: it was checked with the enclosing functor's body.
func (el *elaborator) newFunctor(pos Pos, params []ModParam, result ModTypeExp, body ModExp, sc *mscope, prefix string) *functor {
	f := &functor{params: params, result: result, body: body, closure: sc, site: &functorSite{pos: pos}}
	el.functors = append(el.functors, f)
	if el.applying == 0 {
		el.checkFunctorBody(f, prefix)
	}
	return f
}

// checkUnapplied checks what can be checked of a functor that is never
// applied (its body is elaborated only at applications): that a body
// written as a structure defines every name its result's module type
// specifies, as Futhark reports even for a functor never applied.
func (el *elaborator) checkUnapplied() {
	for _, f := range el.functors {
		st, ok := f.body.(*MEStruct)
		if f.site.applied || f.site.checked || f.result == nil || !ok {
			continue
		}
		defined := map[string]bool{}
		known := true
		for _, d := range st.Decls {
			switch d := d.(type) {
			case *ValDecl:
				defined["val:"+d.Name] = true
			case *TypeDecl:
				defined["type:"+d.Name] = true
			case *ModDecl:
				defined["module:"+d.Name] = true
			case *OpenDecl, *ImportDecl:
				known = false // names this check cannot see
			}
		}
		if !known {
			continue
		}
		s := el.evalSig(f.closure, f.result)
		for _, it := range s.items {
			if key := specKey(it.spec); key != "" && !defined[key] {
				kind, name, _ := strings.Cut(key, ":")
				el.errorf(f.site.pos, fmt.Sprintf("the module type specifies it at %s", it.spec.specPos()),
					"The result of the parametric module does not define %s %q that its module type specifies", map[string]string{"val": "value", "type": "type", "module": "module"}[kind], name)
			}
		}
	}
}
