package frontend

import (
	"sort"
	"strings"
)

// Sum types and match: the syntax, the type, and the checks of
// constructors (issue 23).

// TESum is a sum type as written: #a t1 t2 | #b | ...
type TESum struct {
	Pos     Pos
	Constrs []TEConstr
}

// TEConstr is one constructor of a sum type expression.
type TEConstr struct {
	Pos     Pos
	Name    string // without the #
	Payload []TypeExp
}

func (t *TESum) typePos() Pos { return t.Pos }

// TSum is a sum type; Constrs are sorted by name.
type TSum struct{ Constrs []SumConstr }

// SumConstr is one constructor of a sum type and its payload types.
type SumConstr struct {
	Name    string
	Payload []Type
}

func (TSum) isType() {}

// constr finds a constructor of t by name.
func (t TSum) constr(name string) (SumConstr, bool) {
	for _, c := range t.Constrs {
		if c.Name == name {
			return c, true
		}
	}
	return SumConstr{}, false
}

// tag is the index of constructor name in t: its tag value.
func (t TSum) tag(name string) int {
	for i, c := range t.Constrs {
		if c.Name == name {
			return i
		}
	}
	return -1
}

func sortConstrs(cs []SumConstr) {
	sort.Slice(cs, func(i, j int) bool { return cs[i].Name < cs[j].Name })
}

func sumString(t TSum, show func(Type) string) string {
	s := make([]string, len(t.Constrs))
	for i, c := range t.Constrs {
		parts := []string{"#" + c.Name}
		for _, p := range c.Payload {
			ps := show(p)
			if needsParens(p) {
				ps = "(" + ps + ")"
			}
			parts = append(parts, ps)
		}
		s[i] = strings.Join(parts, " ")
	}
	return strings.Join(s, " | ")
}

func needsParens(t Type) bool {
	switch t := t.(type) {
	case TFun:
		return true
	case TSum:
		return len(t.Constrs) > 1 || len(t.Constrs[0].Payload) > 0
	}
	return false
}

// ConstrExp is a constructor applied to its payload: #name e1 e2.
type ConstrExp struct {
	Pos  Pos
	Name string
	Args []Exp
}

// MatchExp is match e case p1 -> e1 case p2 -> e2 ...
type MatchExp struct {
	Pos   Pos
	X     Exp
	Cases []MatchCase
}

// MatchCase is one case of a match.
type MatchCase struct {
	Pos  Pos
	Pat  Pat
	Body Exp
}

func (e *ConstrExp) expPos() Pos { return e.Pos }
func (e *MatchExp) expPos() Pos  { return e.Pos }

// PConstr is a constructor pattern #name p1 p2.
type PConstr struct {
	Pos  Pos
	Name string
	Args []Pat
}

// PLit is a literal pattern: an IntLit (characters included), FloatLit or
// BoolLit, negated when Neg.
type PLit struct {
	Pos Pos
	Lit Exp
	Neg bool
}

func (p *PConstr) patPos() Pos { return p.Pos }
func (p *PLit) patPos() Pos    { return p.Pos }
