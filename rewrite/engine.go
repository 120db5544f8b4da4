package rewrite

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// A Rule is one rewrite, as data: a name, a one-line description, a
// pattern over a statement in its context, a guard and a replacement.
//
// Match looks at the statement (and, through the context, at the
// statements before it, the definitions in scope and the uses of names)
// and returns what it found, or nil when the pattern does not match.
// Guard, when not nil, checks the side condition on that match. Apply
// builds the replacement; it may still return nil to decline. Rules never
// modify the statements they are given: they build new ones.
type Rule struct {
	Name  string
	Doc   string
	Match func(c *Ctx, s *soac.Stm) any
	Guard func(c *Ctx, s *soac.Stm, m any) bool
	Apply func(c *Ctx, s *soac.Stm, m any) *Replacement
}

// RuleSet is a list of rules; at each statement the first rule that
// applies fires.
type RuleSet []*Rule

// Replacement is what a rule does to the body holding the matched
// statement: Stms take the place of At (the matched statement when At is
// nil), the statements in Drop (other statements of the same body, or the
// matched one when At is another) are removed, and every use of the names
// in Subst, in the whole body and its result, is replaced. Subst may only
// name variables bound by the matched or dropped statements.
type Replacement struct {
	Stms  []*soac.Stm
	At    *soac.Stm
	Drop  []*soac.Stm
	Subst map[soac.VName]soac.SubExp
}

// Step is one rule application: the rule, the function, the statements it
// rewrote (printed before) and what replaced them.
type Step struct {
	Rule  string
	Fun   string
	Stm   string
	After string
}

// Log is the derivation of a rewrite run: every rule application in order.
// OutOfFuel says that the run stopped because it used up its fuel before
// reaching a fixed point; the program is still correct, only less
// rewritten.
type Log struct {
	Steps     []Step
	OutOfFuel bool
}

// Count returns how many times the named rule fired.
func (l *Log) Count(rule string) int {
	n := 0
	for _, s := range l.Steps {
		if s.Rule == rule {
			n++
		}
	}
	return n
}

// Append adds the steps of another log (of a later run) to l.
func (l *Log) Append(m *Log) {
	l.Steps = append(l.Steps, m.Steps...)
	l.OutOfFuel = l.OutOfFuel || m.OutOfFuel
}

// String prints the derivation: one paragraph per step.
func (l *Log) String() string {
	var b strings.Builder
	for i, s := range l.Steps {
		fmt.Fprintf(&b, "[%d] %s in %s\n", i+1, s.Rule, s.Fun)
		b.WriteString(indent(s.Stm, "  - "))
		b.WriteString(indent(s.After, "  + "))
	}
	if l.OutOfFuel {
		b.WriteString("(stopped: out of fuel)\n")
	}
	return b.String()
}

func indent(txt, prefix string) string {
	if txt == "" {
		return ""
	}
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimRight(txt, "\n"), "\n") {
		b.WriteString(prefix)
		b.WriteString(line)
		b.WriteString("\n")
	}
	return b.String()
}

// DefaultFuel bounds the number of rule applications in one run, for
// programs of up to DefaultFuel/fuelPerStm statements; larger programs get
// fuelPerStm per statement, so that a long chain of lets is still
// rewritten to its fixed point (a rule application costs the size of what
// it changes, not of the program).
const (
	DefaultFuel = 10000
	fuelPerStm  = 4
)

// Options control a run of the engine.
type Options struct {
	// Fuel is the most rule applications; 0 means DefaultFuel.
	Fuel int
	// Order, when not nil, is called at each statement with the number of
	// rules and returns the order in which to try them. Tests use it to
	// check that the result does not depend on the order.
	Order func(n int) []int
}

// Run applies a rule set to a program bottom-up (inside the bodies of a
// statement before the statement itself) to a fixed point or until the
// fuel runs out. The input program is not modified: rewritten functions,
// bodies and statements are new, unchanged parts are shared.
func Run(p *soac.Program, rules RuleSet, opts Options) (*soac.Program, *Log, error) {
	fuel := opts.Fuel
	if fuel <= 0 {
		stms := 0
		for _, f := range p.Funs {
			soac.VisitStms(f.Body, func(*soac.Stm) { stms++ })
		}
		fuel = max(DefaultFuel, fuelPerStm*stms)
	}
	e := &engine{
		prog:  p,
		rules: rules,
		order: opts.Order,
		fuel:  fuel,
		names: soac.NewNames(p),
		log:   &Log{},
		keys:  map[*soac.Stm]string{},
		frees: map[*soac.Stm]map[soac.VName]bool{},
	}
	// Rules rewrite functions only: everything else of the program (its
	// thresholds) is kept.
	out := &soac.Program{Funs: append([]*soac.FunDef(nil), p.Funs...), Thresholds: p.Thresholds}
	for {
		changed := false
		for i, f := range out.Funs {
			e.fun = f
			e.prepareFun(f)
			ext := map[soac.VName]bool{}
			addTypeNames(ext, f.RetType...)
			root := &scope{ext: ext, params: f.Params}
			nb, ch := e.body(f.Body, root)
			if ch {
				nf := *f
				nf.Body = nb
				out.Funs[i] = &nf
				changed = true
			}
			if e.fuel <= 0 {
				break
			}
		}
		if e.fuel <= 0 {
			e.log.OutOfFuel = true
			break
		}
		if !changed {
			break
		}
	}
	return out, e.log, nil
}

type engine struct {
	prog  *soac.Program
	rules RuleSet
	order func(int) []int
	fuel  int
	names *soac.Names
	log   *Log
	fun   *soac.FunDef
	// per function: names in consuming positions, names known to be
	// non-negative (sizes of the function's parameters)
	consumed map[soac.VName]bool
	nonNeg   map[soac.VName]bool
	keys     map[*soac.Stm]string

	// per function, computed when first asked: see consumableNames
	consumable map[soac.VName]bool
	frees      map[*soac.Stm]map[soac.VName]bool
}

func (e *engine) prepareFun(f *soac.FunDef) {
	e.consumed = consumedNames(f.Body)
	e.consumable = nil
	e.nonNeg = map[soac.VName]bool{}
	for _, p := range f.Params {
		for _, d := range p.Type.Shape {
			if v, ok := d.(soac.Var); ok {
				e.nonNeg[v.Name] = true
			}
		}
	}
}

// fresh returns a name used nowhere in the program.
func (e *engine) fresh(base string) soac.VName {
	if i := strings.LastIndexByte(base, '_'); i > 0 {
		base = base[:i]
	}
	return e.names.Fresh(func(k int) soac.VName { return soac.VName(fmt.Sprintf("%s_r%d", base, k)) })
}

// key is the canonical text of a statement's expression, cached: rules
// never modify statements, so a statement's key never changes.
func (e *engine) key(s *soac.Stm) string {
	k, ok := e.keys[s]
	if !ok {
		k = canonicalKey(s.Exp)
		e.keys[s] = k
	}
	return k
}

// free is the set of names free in a statement's expression, cached like
// key.
func (e *engine) free(s *soac.Stm) map[soac.VName]bool {
	f, ok := e.frees[s]
	if !ok {
		f = soac.FreeInExp(s.Exp)
		e.frees[s] = f
	}
	return f
}

// body rewrites a body; it returns the body itself when nothing changed.
func (e *engine) body(b *soac.Body, sc *scope) (*soac.Body, bool) {
	sc.init(e, append([]*soac.Stm(nil), b.Stms...), b.Result)
	changed := false
	done := map[*soac.Stm]bool{}
	for i := 0; i < len(sc.stms) && e.fuel > 0; {
		s := sc.stms[i]
		if !done[s] {
			if ns, ch := e.nested(s, sc, i); ch {
				sc.replace(i, ns)
				changed = true
				s = ns
			}
			done[s] = true
		}
		c := &Ctx{e: e, sc: sc, pos: i}
		at, ok := e.try(c, s)
		if !ok {
			i++
			continue
		}
		changed = true
		i = at
	}
	if !changed {
		return b, false
	}
	return &soac.Body{Stms: sc.stms, Result: sc.result}, true
}

// try applies the first rule that matches s; it returns the position to
// continue at.
func (e *engine) try(c *Ctx, s *soac.Stm) (int, bool) {
	idx := make([]int, len(e.rules))
	if e.order != nil {
		idx = e.order(len(e.rules))
	} else {
		for i := range idx {
			idx[i] = i
		}
	}
	for _, k := range idx {
		r := e.rules[k]
		m := r.Match(c, s)
		if m == nil {
			continue
		}
		if r.Guard != nil && !r.Guard(c, s, m) {
			continue
		}
		rep := r.Apply(c, s, m)
		if rep == nil {
			continue
		}
		if at, ok := e.apply(c, s, r, rep); ok {
			return at, true
		}
	}
	return 0, false
}

// apply performs a replacement in the current body and logs it.
func (e *engine) apply(c *Ctx, s *soac.Stm, r *Rule, rep *Replacement) (int, bool) {
	sc := c.sc
	for n := range rep.Subst {
		if sc.ext[n] {
			return 0, false // a type outside the body mentions it
		}
	}
	at := rep.At
	if at == nil {
		at = s
	}
	atPos := sc.pos(at)
	if atPos < 0 {
		panic("rewrite: rule " + r.Name + " replaced a statement outside the body")
	}
	// the positions of the statements replaced or dropped, in order
	idx := []int{atPos}
	for _, d := range rep.Drop {
		if i := sc.pos(d); i >= 0 && !slices.Contains(idx, i) {
			idx = append(idx, i)
		}
	}
	slices.Sort(idx)
	var before []string
	for _, i := range idx {
		before = append(before, printStm(sc.stms[i]))
	}
	var after []string
	for _, t := range rep.Stms {
		after = append(after, printStm(t))
	}
	// Splice from the last position back, so that the earlier ones stay
	// valid.
	for k := len(idx) - 1; k >= 0; k-- {
		if i := idx[k]; i == atPos {
			sc.splice(i, i+1, rep.Stms)
		} else {
			sc.splice(i, i+1, nil)
		}
	}
	if len(rep.Subst) > 0 {
		sc.substitute(rep.Subst)
		after = append(after, substString(rep.Subst))
	}
	e.fuel--
	e.log.Steps = append(e.log.Steps, Step{Rule: r.Name, Fun: e.fun.Name, Stm: strings.Join(before, ""), After: strings.Join(after, "")})
	return idx[0], true
}

func substString(m map[soac.VName]soac.SubExp) string {
	var parts []string
	for k, v := range m {
		parts = append(parts, fmt.Sprintf("%s := %s", k, seString(v)))
	}
	sortStrings(parts)
	return "where " + strings.Join(parts, ", ") + "\n"
}

// printStm is the text of one statement as the printer writes it.
func printStm(s *soac.Stm) string {
	txt := soac.PrintBody(&soac.Body{Stms: []*soac.Stm{s}})
	return strings.TrimSuffix(txt, "in {}\n")
}

// nested rewrites the bodies inside a statement.
func (e *engine) nested(s *soac.Stm, sc *scope, pos int) (*soac.Stm, bool) {
	sub := func(b *soac.Body, params []soac.Param, ext map[soac.VName]bool, loop *soac.ForLoop) (*soac.Body, bool) {
		inner := &scope{parent: sc, ownerPos: pos, owner: s, params: params, ext: ext, loopIdx: loop}
		return e.body(b, inner)
	}
	lam := func(l *soac.Lambda) (*soac.Lambda, bool) {
		ext := map[soac.VName]bool{}
		addTypeNames(ext, l.RetType...)
		nb, ch := sub(l.Body, l.Params, ext, nil)
		if !ch {
			return l, false
		}
		return &soac.Lambda{Params: l.Params, Body: nb, RetType: l.RetType}, true
	}
	patExt := func(ts ...soac.Type) map[soac.VName]bool {
		ext := map[soac.VName]bool{}
		addTypeNames(ext, ts...)
		for _, p := range s.Pat {
			addTypeNames(ext, p.Type)
		}
		return ext
	}
	switch x := s.Exp.(type) {
	case *soac.IfExp:
		th, c1 := sub(x.Then, nil, patExt(x.Types...), nil)
		el, c2 := sub(x.Else, nil, patExt(x.Types...), nil)
		if !c1 && !c2 {
			return s, false
		}
		return &soac.Stm{Pat: s.Pat, Exp: &soac.IfExp{Cond: x.Cond, Then: th, Else: el, Types: x.Types}, Pos: s.Pos}, true
	case *soac.LoopExp:
		var loop *soac.ForLoop
		params := append([]soac.Param(nil), x.Params...)
		if f, ok := x.Form.(soac.ForLoop); ok {
			loop = &f
			params = append(params, soac.Param{Name: f.Index, Type: soac.Prim(f.T)})
		}
		ext := patExt(paramTypes(x.Params)...)
		nb, ch := sub(x.Body, params, ext, loop)
		if !ch {
			return s, false
		}
		return &soac.Stm{Pat: s.Pat, Exp: &soac.LoopExp{Params: x.Params, Init: x.Init, Form: x.Form, Body: nb}, Pos: s.Pos}, true
	case *soac.ScremaExp:
		changed := false
		ne := &soac.ScremaExp{W: x.W, Inputs: x.Inputs}
		if x.Scans != nil {
			ne.Scans = make([]soac.Scan, len(x.Scans))
			for i, sc := range x.Scans {
				op, ch := lam(sc.Op)
				changed = changed || ch
				ne.Scans[i] = soac.Scan{Op: op, Neutral: sc.Neutral}
			}
		}
		if x.Reds != nil {
			ne.Reds = make([]soac.Reduce, len(x.Reds))
			for i, r := range x.Reds {
				op, ch := lam(r.Op)
				changed = changed || ch
				ne.Reds[i] = soac.Reduce{Comm: r.Comm, Op: op, Neutral: r.Neutral}
			}
		}
		m, ch := lam(x.Map)
		ne.Map = m
		if !changed && !ch {
			return s, false
		}
		return &soac.Stm{Pat: s.Pat, Exp: ne, Pos: s.Pos}, true
	case *soac.HistExp:
		changed := false
		ne := &soac.HistExp{W: x.W, Inputs: x.Inputs, Ops: make([]soac.HistOp, len(x.Ops))}
		for i, op := range x.Ops {
			l, ch := lam(op.Op)
			changed = changed || ch
			ne.Ops[i] = soac.HistOp{Bins: op.Bins, Dests: op.Dests, Neutral: op.Neutral, Op: l}
		}
		b, ch := lam(x.Bucket)
		if !changed && !ch {
			return s, false
		}
		ne.Bucket = b
		return &soac.Stm{Pat: s.Pat, Exp: ne, Pos: s.Pos}, true
	case *soac.ScatterExp:
		l, ch := lam(x.Lambda)
		if !ch {
			return s, false
		}
		return &soac.Stm{Pat: s.Pat, Exp: &soac.ScatterExp{W: x.W, Inputs: x.Inputs, Lambda: l, Dests: x.Dests}, Pos: s.Pos}, true
	case *soac.SegMapExp:
		nb, ch := sub(x.Body, spaceParams(x.Space), patExt(x.Types...), nil)
		if !ch {
			return s, false
		}
		return &soac.Stm{Pat: s.Pat, Exp: &soac.SegMapExp{Level: x.Level, Space: x.Space, Body: nb, Types: x.Types}, Pos: s.Pos}, true
	case *soac.SegRedExp:
		changed := false
		reds := make([]soac.Reduce, len(x.Reds))
		for i, r := range x.Reds {
			op, ch := lam(r.Op)
			changed = changed || ch
			reds[i] = soac.Reduce{Comm: r.Comm, Op: op, Neutral: r.Neutral}
		}
		nb, ch := sub(x.Body, spaceParams(x.Space), patExt(x.Types...), nil)
		if !changed && !ch {
			return s, false
		}
		return &soac.Stm{Pat: s.Pat, Exp: &soac.SegRedExp{Level: x.Level, Space: x.Space, Reds: reds, Body: nb, Types: x.Types}, Pos: s.Pos}, true
	}
	return s, false
}

func spaceParams(sp []soac.SegDim) []soac.Param {
	ps := make([]soac.Param, len(sp))
	for i, d := range sp {
		ps[i] = soac.Param{Name: d.Index, Type: soac.Prim(i64)}
	}
	return ps
}

func paramTypes(ps []soac.Param) []soac.Type {
	ts := make([]soac.Type, len(ps))
	for i, p := range ps {
		ts[i] = p.Type
	}
	return ts
}

func addTypeNames(m map[soac.VName]bool, ts ...soac.Type) {
	for _, t := range ts {
		for _, d := range t.Shape {
			if v, ok := d.(soac.Var); ok {
				m[v.Name] = true
			}
		}
	}
}
