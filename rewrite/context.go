package rewrite

import (
	"sort"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

const (
	i64     = values.I64
	boolean = values.Bool
)

// Ctx is what a rule sees of the context of the statement it is matched
// against: the body holding it, the statements before it here and in the
// enclosing bodies, and the uses of names.
type Ctx struct {
	e   *engine
	sc  *scope
	pos int
}

// Fun is the name of the function being rewritten.
func (c *Ctx) Fun() string { return c.e.fun.Name }

// Stms are the statements of the current body; the matched one is at Pos.
func (c *Ctx) Stms() []*soac.Stm { return c.sc.stms }

// Pos is the index of the matched statement in Stms.
func (c *Ctx) Pos() int { return c.pos }

// Result is the result of the current body.
func (c *Ctx) Result() []soac.SubExp { return c.sc.result }

// Uses is the number of uses of a name bound in the current body: in its
// statements (nested bodies included), its result and the types around it.
// For names bound further out it counts only the uses in this body.
func (c *Ctx) Uses(n soac.VName) int { return c.sc.uses[n] }

// Fresh returns a name unused in the program.
func (c *Ctx) Fresh(base soac.VName) soac.VName { return c.e.fresh(string(base)) }

// Consumed reports whether a name appears where an array is consumed (an
// in-place update, a scatter or histogram destination, a unique loop
// initialiser or a function argument) anywhere in the function.
func (c *Ctx) Consumed(n soac.VName) bool { return c.e.consumed[n] }

// MayBeConsumed reports whether the array named n may be consumed, under
// this name or another sharing its memory (see consumableNames).
func (c *Ctx) MayBeConsumed(n soac.VName) bool {
	if c.e.consumable == nil {
		c.e.consumable = consumableNames(c.e.fun, c.e.consumed)
	}
	return c.e.consumable[n]
}

// Def returns the statement binding n, if it is in scope before the
// matched statement: earlier in this body or earlier in an enclosing body.
func (c *Ctx) Def(n soac.VName) *soac.Stm {
	sc, limit := c.sc, c.pos
	for sc != nil {
		if s, ok := sc.defs[n]; ok && sc.before(s, limit) {
			return s
		}
		limit = sc.ownerPos
		sc = sc.parent
	}
	return nil
}

// DefLocal returns the index in Stms of the statement binding n, or -1.
func (c *Ctx) DefLocal(n soac.VName) int {
	if s, ok := c.sc.defs[n]; ok {
		return c.sc.pos(s)
	}
	return -1
}

// TypeOf returns the type of a name in scope (bound by a statement, or a
// parameter of a function, lambda or loop around the statement).
func (c *Ctx) TypeOf(n soac.VName) (soac.Type, bool) {
	if s := c.Def(n); s != nil {
		for _, p := range s.Pat {
			if p.Name == n {
				return p.Type, true
			}
		}
	}
	for sc := c.sc; sc != nil; sc = sc.parent {
		for _, p := range sc.params {
			if p.Name == n {
				return p.Type, true
			}
		}
	}
	return soac.Type{}, false
}

// Const returns the value of an operand that is a constant, or a name
// bound to one.
func (c *Ctx) Const(x soac.SubExp) (soac.PrimValue, bool) {
	switch x := x.(type) {
	case soac.Const:
		return x.Value, true
	case soac.Var:
		if s := c.Def(x.Name); s != nil && len(s.Pat) == 1 {
			if e, ok := s.Exp.(*soac.SubExpExp); ok {
				if k, ok := e.X.(soac.Const); ok {
					return k.Value, true
				}
			}
		}
	}
	return soac.PrimValue{}, false
}

// NonNeg reports whether an i64 operand is known to be non-negative: a
// constant, or a size of an array parameter of the function.
func (c *Ctx) NonNeg(x soac.SubExp) bool {
	if v, ok := c.Const(x); ok {
		return v.Int() >= 0
	}
	if v, ok := x.(soac.Var); ok {
		return c.e.nonNeg[v.Name]
	}
	return false
}

// Owner is the statement whose expression holds the current body (nil at
// function level).
func (c *Ctx) Owner() *soac.Stm { return c.sc.owner }

// EnclosingLoops returns the for-loops around the current body, innermost
// first.
func (c *Ctx) EnclosingLoops() []soac.ForLoop {
	var out []soac.ForLoop
	for sc := c.sc; sc != nil; sc = sc.parent {
		if sc.loopIdx != nil {
			out = append(out, *sc.loopIdx)
		}
	}
	return out
}

// UsedIn reports whether any of names is used by the statements
// Stms[from:to] of the current body.
func (c *Ctx) UsedIn(names map[soac.VName]bool, from, to int) bool {
	for _, s := range c.sc.stms[from:to] {
		if c.e.usesAny(s, names) {
			return true
		}
	}
	return false
}

// Key is the canonical text of a statement's expression (see
// canonicalKey).
func (c *Ctx) Key(s *soac.Stm) string { return c.e.key(s) }

// Available returns an earlier statement in scope (in this body or an
// enclosing one) whose expression has the same key as s, or nil.
func (c *Ctx) Available(s *soac.Stm) *soac.Stm {
	sc, limit := c.sc, c.pos
	for sc != nil {
		// the earliest live statement with the same key before limit;
		// stale entries are dropped on the way
		var best *soac.Stm
		same := sc.sameKey(s)
		live := same[:0]
		for _, t := range same {
			if !sc.live(t) {
				continue
			}
			live = append(live, t)
			if len(t.Pat) == len(s.Pat) && sc.before(t, limit) && (best == nil || sc.order[t] < sc.order[best]) {
				best = t
			}
		}
		sc.byKey[c.e.key(s)] = live
		if best != nil {
			return best
		}
		limit = sc.ownerPos
		sc = sc.parent
	}
	return nil
}

// usesAny reports whether a statement uses any of the names.
func usesAny(s *soac.Stm, names map[soac.VName]bool) bool {
	return usesAnyOf(soac.FreeInExp(s.Exp), s, names)
}

// usesAny is usesAny with the engine's cache of free names.
func (e *engine) usesAny(s *soac.Stm, names map[soac.VName]bool) bool {
	return usesAnyOf(e.free(s), s, names)
}

func usesAnyOf(free map[soac.VName]bool, s *soac.Stm, names map[soac.VName]bool) bool {
	for n := range free {
		if names[n] {
			return true
		}
	}
	for _, p := range s.Pat {
		for _, d := range p.Type.Shape {
			if v, ok := d.(soac.Var); ok && names[v.Name] {
				return true
			}
		}
	}
	return false
}

// consumedNames returns the names that appear in a consuming position in
// a body: the array of an update, histogram (SOAC or Seg-op) and scatter
// destinations, loop initialisers of unique merge parameters and array
// arguments of function calls (whose parameters may be unique).
func consumedNames(b *soac.Body) map[soac.VName]bool {
	out := map[soac.VName]bool{}
	soac.VisitExps(b, func(e soac.Exp) {
		switch e := e.(type) {
		case *soac.UpdateExp:
			out[e.Arr] = true
		case *soac.HistExp:
			for _, op := range e.Ops {
				for _, d := range op.Dests {
					out[d] = true
				}
			}
		case *soac.SegHistExp:
			// The simplify passes after flatten see the histograms as
			// Seg-ops, which update their destinations in place too.
			for _, op := range e.Ops {
				for _, d := range op.Dests {
					out[d] = true
				}
			}
		case *soac.ScatterExp:
			for _, d := range e.Dests {
				out[d.Arr] = true
			}
		case *soac.LoopExp:
			for i, p := range e.Params {
				if v, ok := e.Init[i].(soac.Var); ok && p.Type.Rank() > 0 {
					out[v.Name] = true
				}
			}
		case *soac.ApplyExp:
			for _, a := range e.Args {
				if v, ok := a.(soac.Var); ok {
					out[v.Name] = true
				}
			}
		}
	})
	return out
}

// consumableNames extends the names consumed in a function with those
// whose arrays may be consumed through another name: the parts of an if's
// or a loop's result come from its bodies' results, a loop's merge
// parameters are its body's results in the next iteration, and a view
// (a slice, index, reshape, rearrangement or renaming) shares its array.
// The function's unique results may be consumed by its caller. Two
// statements whose arrays may be consumed must never share one array.
func consumableNames(f *soac.FunDef, consumed map[soac.VName]bool) map[soac.VName]bool {
	sources := map[soac.VName][]soac.VName{}
	from := func(to soac.VName, x soac.SubExp) {
		if v, ok := x.(soac.Var); ok {
			sources[to] = append(sources[to], v.Name)
		}
	}
	soac.VisitStms(f.Body, func(s *soac.Stm) {
		for i, p := range s.Pat {
			if p.Type.Rank() == 0 {
				continue
			}
			switch e := s.Exp.(type) {
			case *soac.SubExpExp:
				from(p.Name, e.X)
			case *soac.IndexExp:
				from(p.Name, soac.Var{Name: e.Arr})
			case *soac.SliceExp:
				from(p.Name, soac.Var{Name: e.Arr})
			case *soac.ReshapeExp:
				from(p.Name, soac.Var{Name: e.Arr})
			case *soac.RearrangeExp:
				from(p.Name, soac.Var{Name: e.Arr})
			case *soac.IfExp:
				from(p.Name, e.Then.Result[i])
				from(p.Name, e.Else.Result[i])
			case *soac.LoopExp:
				from(p.Name, e.Body.Result[i])
			}
		}
		if e, ok := s.Exp.(*soac.LoopExp); ok {
			for i, p := range e.Params {
				if p.Type.Rank() > 0 {
					from(p.Name, e.Body.Result[i])
				}
			}
		}
	})
	out := map[soac.VName]bool{}
	var mark func(n soac.VName)
	mark = func(n soac.VName) {
		if out[n] {
			return
		}
		out[n] = true
		for _, m := range sources[n] {
			mark(m)
		}
	}
	for n := range consumed {
		mark(n)
	}
	for i, r := range f.Body.Result {
		if v, ok := r.(soac.Var); ok && (i >= len(f.RetType) || f.RetType[i].Unique) {
			mark(v.Name)
		}
	}
	return out
}

func sortStrings(s []string) { sort.Strings(s) }
