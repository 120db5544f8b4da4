package frontend

import (
	"fmt"
	"maps"
	"sort"
	"strings"
)

// sumState is what the checker keeps about sum types: the "has
// constructor" constraints of type variables whose sum type is not known
// yet (as Futhark infers a constructor's type from its uses), and the
// matches whose exhaustiveness is checked once the definition's types
// are known.
type sumState struct {
	constrs map[int]map[string][]Type
	// pos is where each constrained variable arose.
	pos     map[int]Pos
	matches []*MatchExp
	// inCase counts the match case patterns being checked; outside them
	// constructor patterns must be irrefutable, which is checked once
	// their types are known (outside).
	inCase  int
	outside []*PConstr
	// note explains the last unification that failed on a constructor.
	note string
}

// hasConstrs says whether t is a type variable known to have
// constructors.
func (c *checker) hasConstrs(t Type) bool {
	v, ok := c.resolve(t).(TVar)
	return ok && len(c.sums.constrs[v.ID]) > 0
}

// sumTypeExp checks a sum type expression.
func (c *checker) sumTypeExp(sc *scope, te *TESum) Type {
	var cs []SumConstr
	seen := map[string]bool{}
	for _, k := range te.Constrs {
		if seen[k.Name] {
			c.errorf(k.Pos, "give each constructor one payload", "Duplicate constructor #%s in the sum type", k.Name)
		}
		seen[k.Name] = true
		var ps []Type
		for _, p := range k.Payload {
			ps = append(ps, c.typeExp(sc, p))
		}
		cs = append(cs, SumConstr{Name: k.Name, Payload: ps})
	}
	sortConstrs(cs)
	return TSum{Constrs: cs}
}

// constrExp checks #name e1 ... en: against the expected sum type when it
// is known, else with a "has constructor" constraint.
func (c *checker) constrExp(sc *scope, e *ConstrExp, expected Type) Type {
	if s, ok := c.resolveMaybe(expected).(TSum); ok {
		k, ok := s.constr(e.Name)
		if !ok {
			c.errorf(e.Pos, "", "Constructor #%s is not a constructor of the expected type %s", e.Name, c.show(s))
		}
		if len(k.Payload) != len(e.Args) {
			c.errorf(e.Pos, "", "Constructor #%s of type %s takes %d argument(s), but is given %d", e.Name, c.show(s), len(k.Payload), len(e.Args))
		}
		for i, a := range e.Args {
			c.unify(k.Payload[i], c.expExpect(sc, a, k.Payload[i]), a.expPos(), fmt.Sprintf("argument %d of #%s", i+1, e.Name))
		}
		return s
	}
	args := make([]Type, len(e.Args))
	for i, a := range e.Args {
		args[i] = c.exp(sc, a)
	}
	v := c.constrained(e.Name, args, e.Pos)
	if expected != nil {
		c.unify(expected, v, e.Pos, "constructor #"+e.Name)
	}
	return v
}

// constrFun says whether type variable id has a constructor whose
// payload holds a function: such a sum is functional (see noFunction).
func (c *checker) constrFun(id int) bool {
	for _, ps := range c.sums.constrs[id] {
		for _, p := range ps {
			if containsFun(c.zonk(p)) {
				return true
			}
		}
	}
	return false
}

// uniqueSum says whether t is a sum type whose arrays, in every payload,
// are unique: a parameter of such a type is consumable, and so are the
// payloads a match binds from it (as in Futhark).
func (c *checker) uniqueSum(t Type) bool {
	st, ok := c.zonk(t).(TSum)
	if !ok {
		return false
	}
	var all func(t Type) bool
	all = func(t Type) bool {
		switch t := c.zonk(t).(type) {
		case TArray:
			return t.Unique
		case TTuple:
			for _, e := range t.Elems {
				if !all(e) {
					return false
				}
			}
		case TRecord:
			for _, f := range t.Fields {
				if !all(f.Type) {
					return false
				}
			}
		case TSum:
			for _, k := range t.Constrs {
				for _, p := range k.Payload {
					if !all(p) {
						return false
					}
				}
			}
		case TFun, TVar:
			return false
		}
		return true
	}
	return all(st)
}

// consumingSum says whether a parameter of type t consumes its argument
// as a unique sum (*t): a sum type holding arrays, all unique.
func (c *checker) consumingSum(t Type) bool {
	return c.uniqueSum(t) && hasArray(c.zonk(t))
}

// constrained is a fresh type variable that has constructor name with
// the given payload.
func (c *checker) constrained(name string, payload []Type, pos Pos) TVar {
	v := c.fresh(0, pos)
	if c.sums.constrs == nil {
		c.sums.constrs = map[int]map[string][]Type{}
	}
	c.sums.constrs[v.ID] = map[string][]Type{name: payload}
	if c.sums.pos == nil {
		c.sums.pos = map[int]Pos{}
	}
	c.sums.pos[v.ID] = pos
	return v
}

// bindConstrs checks the constructor constraints of v when v is bound to
// t: a sum type must have each of v's constructors with the same payload,
// another variable takes them over.
func (c *checker) bindConstrs(v TVar, t Type) bool {
	vcs := c.sums.constrs[v.ID]
	if w, ok := t.(TVar); ok {
		wcs := c.sums.constrs[w.ID]
		if len(vcs) > 0 && c.cons[w.ID] != 0 || len(wcs) > 0 && c.cons[v.ID] != 0 {
			return false
		}
		if _, r := c.rigid[w.ID]; r && len(vcs) > 0 {
			return false
		}
		if len(vcs) == 0 {
			return true
		}
		if wcs == nil {
			wcs = map[string][]Type{}
			c.sums.constrs[w.ID] = wcs
			c.sums.pos[w.ID] = c.sums.pos[v.ID]
		}
		for name, ps := range vcs {
			if qs, ok := wcs[name]; ok {
				if len(ps) != len(qs) {
					return false
				}
				for i := range ps {
					if !c.unifyPayload(ps[i], qs[i]) {
						return false
					}
				}
				continue
			}
			wcs[name] = ps
		}
		return true
	}
	if len(vcs) == 0 {
		return true
	}
	s, ok := t.(TSum)
	if !ok {
		c.sums.note = fmt.Sprintf(" (a constructor %s is used, so the type must be a sum type)", constrNames(vcs))
		return false
	}
	for _, name := range sortedKeys(vcs) {
		ps := vcs[name]
		k, ok := s.constr(name)
		if !ok {
			c.sums.note = fmt.Sprintf(" (Unshared constructors: #%s. #%s is not a constructor of %s)", name, name, c.show(s))
			return false
		}
		if len(k.Payload) != len(ps) {
			c.sums.note = fmt.Sprintf(" (constructor #%s of %s takes %d argument(s), but is used with %d)", name, c.show(s), len(k.Payload), len(ps))
			return false
		}
		for i := range ps {
			if !c.unifyPayload(k.Payload[i], ps[i]) {
				c.sums.note = fmt.Sprintf(" (argument %d of constructor #%s has type %s in %s, but %s where it is used)", i+1, name, c.show(k.Payload[i]), c.show(s), c.show(ps[i]))
				return false
			}
		}
	}
	return true
}

func sortedKeys(m map[string][]Type) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

func constrNames(m map[string][]Type) string {
	ks := sortedKeys(m)
	for i := range ks {
		ks[i] = "#" + ks[i]
	}
	return strings.Join(ks, ", ")
}

// unifyPayload unifies the payload types of one constructor as two uses
// see them. Their sizes are not compared: as with the branches of an
// if, two values of a sum type may hold arrays of different sizes.
func (c *checker) unifyPayload(a, b Type) bool {
	return c.unifyOK(unknownDims(c.zonk(a)), unknownDims(c.zonk(b)))
}

// checkConstrsResolved reports a type known only to have some
// constructors at the end of a definition: as in Futhark, the sum type
// must be given somewhere (an annotation, a parameter's type).
func (c *checker) checkConstrsResolved() {
	ids := make([]int, 0, len(c.sums.constrs))
	for id := range c.sums.constrs {
		if _, bound := c.subst[id]; !bound {
			ids = append(ids, id)
		}
	}
	sort.Ints(ids)
	outside := c.sums.outside
	c.sums.outside = nil
	for _, p := range outside {
		if s, ok := c.resolve(c.patTypes[p]).(TSum); ok && len(s.Constrs) > 1 {
			c.errorf(p.Pos, "use a match expression", "Refutable pattern not allowed here: #%s matches only some values of type %s", p.Name, c.show(s))
		}
	}
	for _, id := range ids {
		var cs []SumConstr
		for name, ps := range c.sums.constrs[id] {
			cs = append(cs, SumConstr{Name: name, Payload: ps})
		}
		sortConstrs(cs)
		c.sums.constrs = nil
		c.errorf(c.sums.pos[id], "Add a type annotation to disambiguate the type.", "Type is ambiguous (must be a sum type with constructors: %s).", c.show(TSum{Constrs: cs}))
	}
	c.sums.constrs = nil
}

// unifySum unifies two sum types: the same constructors with the same
// payloads.
func (c *checker) unifySum(a TSum, b Type, sm **sizeMismatch) bool {
	s, ok := b.(TSum)
	if !ok {
		return false
	}
	var unshared []string
	for _, k := range a.Constrs {
		if _, ok := s.constr(k.Name); !ok {
			unshared = append(unshared, "#"+k.Name)
		}
	}
	for _, k := range s.Constrs {
		if _, ok := a.constr(k.Name); !ok {
			unshared = append(unshared, "#"+k.Name)
		}
	}
	if len(unshared) > 0 {
		c.sums.note = fmt.Sprintf(" (Unshared constructors: %s.)", strings.Join(unshared, ", "))
		return false
	}
	for i, k := range a.Constrs {
		l := s.Constrs[i]
		if k.Name != l.Name || len(k.Payload) != len(l.Payload) {
			return false
		}
		for j := range k.Payload {
			if !c.unifyS(k.Payload[j], l.Payload[j], sm) {
				return false
			}
		}
	}
	return true
}

// mapSum applies f to every payload type of t.
func mapSum(t TSum, f func(Type) Type) TSum {
	cs := make([]SumConstr, len(t.Constrs))
	for i, k := range t.Constrs {
		ps := make([]Type, len(k.Payload))
		for j, p := range k.Payload {
			ps[j] = f(p)
		}
		cs[i] = SumConstr{Name: k.Name, Payload: ps}
	}
	return TSum{Constrs: cs}
}

// match checks a match expression: each case's pattern against the
// scrutinee's type, and the bodies against one another.
func (c *checker) match(sc *scope, e *MatchExp, expected Type) Type {
	beforeX := c.copyConsumed()
	xt := c.exp(sc, e.X)
	// The matched value is bound to the patterns' names, as by a let.
	c.noConsumptionIn("Matched expression", e.X, xt, beforeX)
	var res Type
	before := c.copyConsumed()
	var after []map[*binding]Pos
	lo := c.next
	var firstBody Exp
	for i, k := range e.Cases {
		caseLo := c.next
		c.consumed = maps.Clone(before)
		inner := sc.child()
		c.sums.inCase++
		c.bindPat(inner, k.Pat, xt)
		c.sums.inCase--
		als := c.aliasesOf(sc, e.X)
		for _, n := range patNames(k.Pat, nil) {
			b := inner.vars[n]
			b.aliases = als
			for _, a := range als {
				b.consumable = b.consumable && a.consumable
			}
		}
		var bt Type
		if expected != nil {
			bt = c.expExpect(inner, k.Body, expected)
		} else {
			bt = c.exp(inner, k.Body)
		}
		after = append(after, c.consumed)
		if res == nil {
			res, firstBody = bt, k.Body
			continue
		}
		what := fmt.Sprintf("case %d", i+1)
		c.causalBranch(firstBody, res, "the earlier cases", k.Body, bt, what, caseLo, c.next)
		c.causalBranch(k.Body, bt, what, firstBody, res, "the earlier cases", lo, caseLo)
		c.unify(unknownDims(c.zonk(res)), unknownDims(c.zonk(bt)), k.Body.expPos(), "case of match (must have the type of the first case)")
		res = c.joinTypes(res, bt)
	}
	c.consumed = before
	for _, m := range after {
		for b, p := range m {
			c.consumed[b] = p
		}
	}
	c.noFunction(res, e.Pos, "a function cannot be returned from the cases of a match", "match expressions may not return functions")
	c.sums.matches = append(c.sums.matches, e)
	return res
}

// constrPat checks a constructor pattern against the type t of the value.
func (c *checker) constrPat(sc *scope, p *PConstr, t Type) Type {
	if c.sums.inCase == 0 {
		c.sums.outside = append(c.sums.outside, p)
	}
	if t == nil {
		t = c.fresh(0, p.Pos)
	}
	switch s := c.resolve(t).(type) {
	case TSum:
		k, ok := s.constr(p.Name)
		if !ok {
			c.errorf(p.Pos, "", "Constructor #%s is not a constructor of the matched type %s", p.Name, c.show(s))
		}
		if len(k.Payload) != len(p.Args) {
			c.errorf(p.Pos, "", "Pattern #%s cannot match a value of type %s: the pattern has %d constructor arguments, but the type provides %d", p.Name, c.show(s), len(p.Args), len(k.Payload))
		}
		for i, a := range p.Args {
			c.bindPat(sc, a, k.Payload[i])
		}
		c.patTypes[p] = s
		return s
	case TVar:
		args := make([]Type, len(p.Args))
		for i := range args {
			args[i] = c.fresh(0, p.Pos)
		}
		v := c.constrained(p.Name, args, p.Pos)
		if !c.unifyOK(v, s) {
			c.errorf(p.Pos, "", "Constructor pattern #%s with %d argument(s) does not fit the matched type %s", p.Name, len(p.Args), c.show(s))
		}
		for i, a := range p.Args {
			c.bindPat(sc, a, args[i])
		}
		c.patTypes[p] = v
		return v
	default:
		c.errorf(p.Pos, "", "Constructor pattern #%s, but the matched value has type %s, not a sum type", p.Name, c.show(t))
	}
	return nil
}

// litPat checks a literal pattern against the type t of the value.
func (c *checker) litPat(sc *scope, p *PLit, t Type) Type {
	lt := c.exp(sc, p.Lit)
	c.types[p.Lit] = lt
	if p.Neg && !c.unifyOK(c.fresh(cNumeric, p.Pos), lt) {
		c.errorf(p.Pos, "", "negated literal pattern must be numeric")
	}
	if !c.unifyOK(lt, t) {
		c.errorf(p.Pos, "", "literal pattern of type %s, but the matched value has type %s", c.show(lt), c.show(t))
	}
	c.patTypes[p] = lt
	return lt
}

// checkMatches reports the matches of the definition just checked that
// are not exhaustive, with the cases they miss.
func (c *checker) checkMatches() {
	ms := c.sums.matches
	c.sums.matches = nil
	for _, m := range ms {
		t := c.zonk(c.types[m.X])
		var pats []Pat
		for _, k := range m.Cases {
			pats = append(pats, k.Pat)
		}
		if missing := c.unmatched(t, pats); len(missing) > 0 {
			lines := make([]string, len(missing))
			for i, s := range missing {
				lines[i] = "  " + s
			}
			c.errorf(m.Pos, "add the missing cases, or a final case _ -> ...", "Unmatched cases in match expression:\n%s", strings.Join(lines, "\n"))
		}
	}
}

// typeNames names, for messages, the type parameters and the type
// variables known only by their constructors (shown as Futhark shows
// them: #foo i32 | ...).
func (c *checker) typeNames() map[int]string {
	if len(c.sums.constrs) == 0 {
		return c.rigid
	}
	names := make(map[int]string, len(c.rigid)+len(c.sums.constrs))
	for id, n := range c.rigid {
		names[id] = n
	}
	for id, cs := range c.sums.constrs {
		var parts []string
		for _, name := range sortedKeys(cs) {
			s := "#" + name
			for _, p := range cs[name] {
				ps := typeStringN(c.zonk(p), c.rigid)
				if needsParens(c.zonk(p)) {
					ps = "(" + ps + ")"
				}
				s += " " + ps
			}
			parts = append(parts, s)
		}
		names[id] = strings.Join(parts, " | ") + " | ..."
	}
	return names
}

// sumOperand reports an operand of a sum type given to an operator other
// than == and !=, which are all sum types support.
func (c *checker) sumOperand(x Exp, op string, t Type) {
	if _, ok := c.resolve(t).(TSum); ok || c.hasConstrs(t) {
		c.errorf(x.expPos(), "compare sum values with == and != only, or match on them", "%s has a sum type (%s), which %q is not defined for", opOperand("left", op), c.show(t), op)
	}
}

// constrsWithoutArrays says whether t is a type known only by its
// constructors, none of whose payloads can hold an array.
func (c *checker) constrsWithoutArrays(t Type) bool {
	v, ok := c.resolve(t).(TVar)
	if !ok || len(c.sums.constrs[v.ID]) == 0 {
		return false
	}
	for _, ps := range c.sums.constrs[v.ID] {
		for _, p := range ps {
			if holdsArray(c.zonk(p)) {
				return false
			}
		}
	}
	return true
}

// coerceShape is what is known of the type of a coerced value before the
// coercion gives it its shape: t itself, with the constructors and
// payloads known so far of a sum type being inferred.
func (c *checker) coerceShape(t Type) Type {
	t = c.zonk(t)
	v, ok := t.(TVar)
	if !ok {
		return t
	}
	ks := c.sums.constrs[v.ID]
	if len(ks) == 0 {
		return t
	}
	var cs []SumConstr
	for name, ps := range ks {
		zs := make([]Type, len(ps))
		for i, p := range ps {
			zs[i] = c.coerceShape(p)
		}
		cs = append(cs, SumConstr{Name: name, Payload: zs})
	}
	sortConstrs(cs)
	return TSum{Constrs: cs}
}

// coerceAmbiguous reports sizes of a coerced value's type that only the
// coercion's type gave it (the payload of a constructor the value does not
// name, #none :> opt ([]i64)): nothing determines them, as Futhark says.
// before is the value's type as coerceShape gave it, t its type now.
func (c *checker) coerceAmbiguous(before, t Type, pos Pos) {
	var walk func(b, a Type) bool
	walk = func(b, a Type) bool {
		a = c.zonk(a)
		switch b := b.(type) {
		case TVar:
			// Unified later with what it stands for.
			return false
		case TArray:
			if at, ok := a.(TArray); ok {
				return walk(b.Elem, at.Elem)
			}
		case TTuple:
			if at, ok := a.(TTuple); ok && len(at.Elems) == len(b.Elems) {
				for i := range b.Elems {
					if walk(b.Elems[i], at.Elems[i]) {
						return true
					}
				}
			}
		case TRecord:
			if at, ok := a.(TRecord); ok && len(at.Fields) == len(b.Fields) {
				for i := range b.Fields {
					if walk(b.Fields[i].Type, at.Fields[i].Type) {
						return true
					}
				}
			}
		case TSum:
			at, ok := a.(TSum)
			if !ok {
				return false
			}
			for _, k := range at.Constrs {
				bk, ok := b.constr(k.Name)
				if !ok {
					// A constructor the value's type did not have: its
					// payload's sizes come from the coercion alone.
					for _, p := range k.Payload {
						if holdsArray(c.zonk(p)) {
							return true
						}
					}
					continue
				}
				for i := range k.Payload {
					if i < len(bk.Payload) && walk(bk.Payload[i], k.Payload[i]) {
						return true
					}
				}
			}
		}
		return false
	}
	if walk(before, t) {
		c.errorf(pos, "give the value a type with sizes first ((e : t) :> t')",
			"Ambiguous size in %s, the type of the coerced value, arising from anonymous size in size coercion: nothing determines it", c.show(t))
	}
}

// holdsArray says whether a value of type t holds arrays.
func holdsArray(t Type) bool {
	found := false
	mapDims(t, func(ds []Dim) []Dim {
		found = true
		return ds
	})
	return found
}

// branchCausality checks the causality restriction between the branches
// of an if: when one branch is a constructor of a sum type whose other
// constructors it does not know (#none), and the other branch gives one of
// those a payload whose size it computes itself (#some (f x), f returning
// an existential size), the first branch's value would need a size that
// is computed only in the other branch. Futhark rejects this. The then
// branch was checked while the fresh-name counter went from lo to mid,
// the else branch from mid to hi.
func (c *checker) branchCausality(thenE Exp, thenT Type, elseE Exp, elseT Type, lo, mid, hi int) {
	c.causalBranch(thenE, thenT, "the then branch", elseE, elseT, "the else branch", mid, hi)
	c.causalBranch(elseE, elseT, "the else branch", thenE, thenT, "the then branch", lo, mid)
}

// causalBranch reports a constructor of branch b's type, one branch a's
// type (a sum type being inferred) does not know, whose payload has a size
// that b computes (while the fresh-name counter went from blo to bhi).
func (c *checker) causalBranch(aE Exp, a Type, aWhat string, bE Exp, b Type, bWhat string, blo, bhi int) {
	as, ok := c.coerceShape(a).(TSum)
	if !ok {
		return
	}
	if _, isVar := c.zonk(a).(TVar); !isVar {
		return
	}
	bs, ok := c.coerceShape(b).(TSum)
	if !ok {
		return
	}
	for _, k := range bs.Constrs {
		if _, known := as.constr(k.Name); known {
			continue
		}
		for _, p := range k.Payload {
			if d, ok := c.extIn(p, blo, bhi); ok {
				at := bE.expPos()
				c.errorf(aE.expPos(), "bind the value of "+bWhat+" with let first, or ascribe the sum type with its sizes",
					"Causality check: %s needed for the type of %s: %s; but it is computed by %s (at %d:%d) of #%s",
					c.sizeRef(d), aWhat, c.show(a), bWhat, at.Line, at.Col, k.Name)
				return
			}
		}
	}
}

// extIn finds a dimension of t that is an anonymous size created while
// the fresh-name counter went from lo to hi (see freshExt).
func (c *checker) extIn(t Type, lo, hi int) (Dim, bool) {
	var found Dim
	ok := false
	mapDims(c.zonk(t), func(ds []Dim) []Dim {
		for _, d := range ds {
			d = c.resolveDim(d)
			if !ok && d.Ext > lo && d.Ext <= hi {
				found, ok = d, true
			}
		}
		return ds
	})
	return found, ok
}

// computesSizes says whether t is a function type whose final result has
// an unknown size, one the function computes.
func computesSizes(t Type) bool {
	f, ok := t.(TFun)
	if !ok {
		return false
	}
	for {
		r, more := f.Result.(TFun)
		if !more {
			break
		}
		f = r
	}
	found := false
	mapDims(f.Result, func(ds []Dim) []Dim {
		for _, d := range ds {
			if d.isUnknown() && d.Ext == 0 || d.Exist != 0 {
				found = true
			}
		}
		return ds
	})
	return found
}
