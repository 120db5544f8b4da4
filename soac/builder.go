package soac

import "fmt"

// NameSource hands out program-unique names.
type NameSource struct{ next int }

// New returns a fresh name built from base.
func (ns *NameSource) New(base string) VName {
	ns.next++
	return VName(fmt.Sprintf("%s_%d", base, ns.next))
}

// Count is the number of names handed out so far: a measure of how much
// code has been built.
func (ns *NameSource) Count() int { return ns.next }

// Builder accumulates the statements of a body.
type Builder struct {
	Names *NameSource
	stms  []*Stm
}

// NewBuilder returns a builder drawing names from ns.
func NewBuilder(ns *NameSource) *Builder { return &Builder{Names: ns} }

// Add appends a statement.
func (b *Builder) Add(s *Stm) { b.stms = append(b.stms, s) }

// Let binds the single result of e, of type t, to a fresh name.
func (b *Builder) Let(base string, t Type, e Exp, pos Pos) Var {
	v := b.Names.New(base)
	b.Add(&Stm{Pat: []Param{{Name: v, Type: t}}, Exp: e, Pos: pos})
	return Var{Name: v}
}

// LetN binds the results of e, of types ts, to fresh names.
func (b *Builder) LetN(base string, ts []Type, e Exp, pos Pos) []Var {
	pat := make([]Param, len(ts))
	vs := make([]Var, len(ts))
	for i, t := range ts {
		pat[i] = Param{Name: b.Names.New(base), Type: t}
		vs[i] = Var{Name: pat[i].Name}
	}
	b.Add(&Stm{Pat: pat, Exp: e, Pos: pos})
	return vs
}

// Body finishes the body with the given result.
func (b *Builder) Body(result ...SubExp) *Body {
	body := &Body{Stms: b.stms, Result: result}
	b.stms = nil
	return body
}

// Names is the set of names taken in a program, from which a pass that
// adds bindings to the program takes fresh ones. Each pass spells its
// names its own way (the spelling shows which pass made a name), so a
// pass gives the spelling as a function of a number.
type Names struct {
	used map[VName]bool
	next int
}

// NewNames returns the names bound or used in p, all taken.
func NewNames(p *Program) *Names { return &Names{used: AllNames(p)} }

// Fresh takes and returns the first untaken name spell(k), k counting on
// from the last number Fresh gave (over all spellings, so that the
// numbers in a pass's output follow the order the names were made).
func (ns *Names) Fresh(spell func(k int) VName) VName {
	for {
		ns.next++
		if n := spell(ns.next); !ns.used[n] {
			ns.used[n] = true
			return n
		}
	}
}

// Lowest takes and returns the untaken name spell(k) of the smallest
// k >= 0.
func (ns *Names) Lowest(spell func(k int) VName) VName {
	for k := 0; ; k++ {
		if n := spell(k); !ns.used[n] {
			ns.used[n] = true
			return n
		}
	}
}
