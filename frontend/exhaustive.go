package frontend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// Exhaustiveness of match: the values no case matches, found by
// specialising the cases' patterns column by column (Maranget's
// usefulness algorithm), each shown as an example pattern.

// maxWitnesses bounds how many unmatched examples are listed.
const maxWitnesses = 8

// unmatched lists example patterns of values of type t that none of pats
// matches; nil when the match is exhaustive.
func (c *checker) unmatched(t Type, pats []Pat) []string {
	rows := make([][]Pat, len(pats))
	for i, p := range pats {
		rows[i] = []Pat{p}
	}
	var out []string
	for _, w := range c.missing([]Type{t}, rows) {
		out = append(out, w[0])
	}
	return out
}

// plainPat strips what does not affect matching: ascriptions and
// parentheses.
func plainPat(p Pat) Pat {
	for {
		switch q := p.(type) {
		case *PAscript:
			p = q.Pat
		case *PTuple:
			if len(q.Elems) != 1 {
				return p
			}
			p = q.Elems[0]
		default:
			return p
		}
	}
}

func isWild(p Pat) bool {
	switch p.(type) {
	case *PId, *PWild:
		return true
	}
	return false
}

// signature is the constructors of a type with finitely many: each with
// its name as shown, the types of its parts, and how to show a value of
// it from its parts. ok is false for types with unboundedly many values
// at the top (numbers, arrays).
type sigCon struct {
	key   string
	parts []Type
	show  func([]string) string
}

func (c *checker) signature(t Type) ([]sigCon, bool) {
	switch t := c.resolve(t).(type) {
	case TSum:
		var out []sigCon
		for _, k := range t.Constrs {
			name := k.Name
			out = append(out, sigCon{key: "#" + name, parts: k.Payload, show: func(ps []string) string {
				s := "#" + name
				for _, p := range ps {
					if strings.ContainsAny(p, " ") && !strings.HasPrefix(p, "(") && !strings.HasPrefix(p, "{") {
						p = "(" + p + ")"
					}
					s += " " + p
				}
				return s
			}})
		}
		return out, true
	case TPrim:
		if t.T == values.Bool {
			return []sigCon{
				{key: "true", show: func([]string) string { return "true" }},
				{key: "false", show: func([]string) string { return "false" }},
			}, true
		}
	case TTuple:
		return []sigCon{{key: "()", parts: t.Elems, show: func(ps []string) string { return "(" + strings.Join(ps, ", ") + ")" }}}, true
	case TRecord:
		var parts []Type
		for _, f := range t.Fields {
			parts = append(parts, f.Type)
		}
		fs := t.Fields
		return []sigCon{{key: "{}", parts: parts, show: func(ps []string) string {
			s := make([]string, len(ps))
			for i, p := range ps {
				s[i] = fs[i].Name + " = " + p
			}
			return "{" + strings.Join(s, ", ") + "}"
		}}}, true
	}
	return nil, false
}

// headKey is the constructor a pattern's head matches ("" for a
// wildcard, and for a number literal, which the signature does not
// list).
func headKey(p Pat) string {
	switch p := plainPat(p).(type) {
	case *PConstr:
		return "#" + p.Name
	case *PLit:
		if b, ok := p.Lit.(*BoolLit); ok {
			return fmt.Sprint(b.Value)
		}
		return "lit"
	case *PTuple:
		return "()"
	case *PRecord:
		return "{}"
	}
	return ""
}

// subPats are the parts of p for constructor k of type t, n of them.
func subPats(p Pat, k sigCon, t Type, n int) []Pat {
	switch p := plainPat(p).(type) {
	case *PConstr:
		return p.Args
	case *PTuple:
		return p.Elems
	case *PRecord:
		rt := t.(TRecord)
		out := make([]Pat, len(rt.Fields))
		for i, f := range rt.Fields {
			out[i] = &PWild{}
			for _, pf := range p.Fields {
				if pf.Name == f.Name {
					out[i] = pf.Pat
				}
			}
		}
		return out
	}
	out := make([]Pat, n)
	for i := range out {
		out[i] = &PWild{}
	}
	return out
}

// missing returns example rows of values of types that no row of rows
// matches.
func (c *checker) missing(types []Type, rows [][]Pat) [][]string {
	if len(types) == 0 {
		if len(rows) == 0 {
			return [][]string{{}}
		}
		return nil
	}
	t := c.zonk(types[0])
	rest := types[1:]
	sig, finite := c.signature(t)
	if !finite {
		// Only the rows whose head matches anything cover the rest.
		var def [][]Pat
		for _, r := range rows {
			if headKey(r[0]) == "" {
				def = append(def, r[1:])
			}
		}
		var out [][]string
		for _, w := range c.missing(rest, def) {
			out = append(out, append([]string{"_"}, w...))
		}
		return out
	}
	var out [][]string
	for _, k := range sig {
		n := len(k.parts)
		var spec [][]Pat
		for _, r := range rows {
			switch h := headKey(r[0]); h {
			case "", k.key:
				row := append(subPats(r[0], k, t, n), r[1:]...)
				spec = append(spec, row)
			}
		}
		for _, w := range c.missing(append(append([]Type(nil), k.parts...), rest...), spec) {
			out = append(out, append([]string{k.show(w[:n])}, w[n:]...))
			if len(out) >= maxWitnesses {
				return out
			}
		}
	}
	return out
}
