package exe

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// typeExpr is a parsed external type name, as the frontend writes the
// names of opaque types (tuples, records and sum types, with anonymous
// sizes): the server needs its structure for the record, sum and array
// commands and to know the primitive components of an opaque value.
type typeExpr struct {
	prim    values.PrimType
	rank    int         // array dimensions around elem (0: not an array)
	elem    *typeExpr   // the element type of an array whose elements are not primitive
	fields  []typeField // a tuple's or record's fields; nil for a primitive or array
	tuple   bool
	constrs []typeConstr // a sum type's constructors, in the frontend's (name) order
}

// typeConstr is one constructor of a sum type: its name without the #,
// and its payload.
type typeConstr struct {
	name    string
	payload []*typeExpr
}

// typeField is one field of a tuple (named 0, 1, ...) or a record.
type typeField struct {
	name string
	t    *typeExpr
}

// transparent reports whether t is a primitive type or an array of one.
func (t *typeExpr) transparent() bool { return t.elem == nil && t.fields == nil && t.constrs == nil }

// record reports whether t is a tuple or record.
func (t *typeExpr) record() bool { return t.fields != nil }

// sum reports whether t is a sum type.
func (t *typeExpr) sum() bool { return t.constrs != nil }

// constr returns the index of the constructor called name (with or
// without its #), or -1.
func (t *typeExpr) constr(name string) int {
	name = strings.TrimPrefix(name, "#")
	for i, c := range t.constrs {
		if c.name == name {
			return i
		}
	}
	return -1
}

// String writes t in Futhark notation without sizes, with ", " between
// fields, as the frontend names opaque types.
func (t *typeExpr) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t *typeExpr) write(b *strings.Builder) {
	for i := 0; i < t.rank; i++ {
		b.WriteString("[]")
	}
	switch {
	case t.elem != nil:
		t.elem.write(b)
	case t.constrs != nil:
		for i, c := range t.constrs {
			if i > 0 {
				b.WriteString(" | ")
			}
			b.WriteString("#" + c.name)
			for _, p := range c.payload {
				b.WriteByte(' ')
				// As the frontend writes payloads: a sum in parentheses.
				if p.rank == 0 && p.constrs != nil && (len(p.constrs) > 1 || len(p.constrs[0].payload) > 0) {
					b.WriteByte('(')
					p.write(b)
					b.WriteByte(')')
				} else {
					p.write(b)
				}
			}
		}
	case t.fields == nil:
		b.WriteString(t.prim.String())
	default:
		open, close := "{", "}"
		if t.tuple {
			open, close = "(", ")"
		}
		b.WriteString(open)
		for i, f := range t.fields {
			if i > 0 {
				b.WriteString(", ")
			}
			if !t.tuple {
				b.WriteString(f.name + ": ")
			}
			f.t.write(b)
		}
		b.WriteString(close)
	}
}

// components are the types of the primitive values (scalars and arrays
// of primitives) that make up a value of type t, in the order the
// frontend lays them out: fields in order, an array of tuples as one
// array per component, a sum type as its u8 tag and its payload slots.
func (t *typeExpr) components() []TypeDesc {
	switch {
	case t.constrs != nil:
		slots, _ := t.sumLayout()
		return append([]TypeDesc{{Elem: values.U8}}, slots...)
	case t.elem != nil:
		cs := t.elem.components()
		for i := range cs {
			cs[i].Rank += t.rank
		}
		return cs
	case t.fields == nil:
		return []TypeDesc{{Elem: t.prim, Rank: t.rank}}
	}
	var cs []TypeDesc
	for _, f := range t.fields {
		cs = append(cs, f.t.components()...)
	}
	return cs
}

// sumLayout is the layout of sum type t, as the frontend's
// (frontend/internalise_sum.go) lays out sum values: the payload slots
// after the tag and, for each constructor, the slot of each component of
// its payload. A component takes the first slot of its type that its
// constructor has not used yet, so that constructors share slots.
func (t *typeExpr) sumLayout() ([]TypeDesc, [][]int) {
	var slots []TypeDesc
	assign := make([][]int, len(t.constrs))
	for i, c := range t.constrs {
		used := map[int]bool{}
		for _, p := range c.payload {
			for _, d := range p.components() {
				s := -1
				for j, sl := range slots {
					if sl == d && !used[j] {
						s = j
						break
					}
				}
				if s < 0 {
					s = len(slots)
					slots = append(slots, d)
				}
				used[s] = true
				assign[i] = append(assign[i], s)
			}
		}
	}
	return slots, assign
}

// parseTypeName parses an external type name: a primitive type, arrays
// ([] or [n] before the element type), tuples "(t1, t2)", records
// "{a: t1, b: t2}" and sum types "#a t1 t2 | #b".
func parseTypeName(s string) (*typeExpr, error) {
	p := &typeParser{s: s}
	t, err := p.typ()
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(p.s) {
		return nil, p.errf("unexpected %q", p.s[p.i:])
	}
	return t, nil
}

type typeParser struct {
	s string
	i int
}

func (p *typeParser) errf(format string, args ...any) error {
	return fmt.Errorf("type %q, at column %d: %s", p.s, p.i+1, fmt.Sprintf(format, args...))
}

func (p *typeParser) space() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *typeParser) eat(c byte) bool {
	p.space()
	if p.i < len(p.s) && p.s[p.i] == c {
		p.i++
		return true
	}
	return false
}

// word reads a name or number.
func (p *typeParser) word() string {
	p.space()
	start := p.i
	for p.i < len(p.s) {
		c := p.s[p.i]
		if !(c == '_' || c == '\'' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			break
		}
		p.i++
	}
	return p.s[start:p.i]
}

func (p *typeParser) typ() (*typeExpr, error) {
	rank := 0
	for p.eat('[') {
		p.word() // a size, which the name may carry; it does not matter here
		if !p.eat(']') {
			return nil, p.errf("expected ]")
		}
		rank++
	}
	var t *typeExpr
	switch {
	case p.peek('#'):
		cs, err := p.constrs()
		if err != nil {
			return nil, err
		}
		t = &typeExpr{constrs: cs}
	case p.eat('('):
		fs, err := p.fields(')', true)
		if err != nil {
			return nil, err
		}
		if len(fs) == 1 {
			t = fs[0].t // parenthesised
		} else {
			t = &typeExpr{fields: fs, tuple: true}
		}
	case p.eat('{'):
		fs, err := p.fields('}', false)
		if err != nil {
			return nil, err
		}
		t = &typeExpr{fields: fs}
	default:
		w := p.word()
		pt, ok := values.ParsePrimType(w)
		if !ok {
			if w == "" && p.i < len(p.s) {
				return nil, p.errf("unexpected %q", p.s[p.i:])
			}
			if w == "" {
				return nil, p.errf("the type ends early")
			}
			return nil, p.errf("unknown type %q", w)
		}
		t = &typeExpr{prim: pt}
	}
	if rank == 0 {
		return t, nil
	}
	if t.transparent() {
		return &typeExpr{prim: t.prim, rank: t.rank + rank}, nil
	}
	return &typeExpr{rank: rank, elem: t}, nil
}

func (p *typeParser) peek(c byte) bool {
	p.space()
	return p.i < len(p.s) && p.s[p.i] == c
}

// constrs reads a sum type's constructors, separated by |. A payload is
// a primitive type, a tuple, a record or a parenthesised type, each
// possibly an array: a sum type in a payload is in parentheses.
func (p *typeParser) constrs() ([]typeConstr, error) {
	var cs []typeConstr
	seen := map[string]bool{}
	for {
		if !p.eat('#') {
			return nil, p.errf("expected #constructor")
		}
		name := p.word()
		if name == "" {
			return nil, p.errf("expected a constructor name after #")
		}
		if seen[name] {
			return nil, p.errf("constructor #%s appears twice", name)
		}
		seen[name] = true
		c := typeConstr{name: name}
		for {
			p.space()
			if p.i == len(p.s) || strings.IndexByte("|,)}", p.s[p.i]) >= 0 {
				break
			}
			if p.s[p.i] == '#' {
				return nil, p.errf("a sum type in a payload must be in parentheses")
			}
			t, err := p.typ()
			if err != nil {
				return nil, err
			}
			if t.rank == 0 && t.constrs != nil && !p.parenthesised() {
				return nil, p.errf("a sum type in a payload must be in parentheses")
			}
			c.payload = append(c.payload, t)
		}
		cs = append(cs, c)
		if !p.eat('|') {
			return cs, nil
		}
	}
}

// parenthesised reports whether the type just read ended with a
// closing parenthesis.
func (p *typeParser) parenthesised() bool { return p.i > 0 && p.s[p.i-1] == ')' }

// fields reads the fields of a tuple or record up to close.
func (p *typeParser) fields(close byte, tuple bool) ([]typeField, error) {
	var fs []typeField
	if p.eat(close) {
		if tuple {
			return nil, p.errf("the empty tuple () has no values")
		}
		return nil, p.errf("the empty record {} has no values")
	}
	for {
		name := strconv.Itoa(len(fs))
		if !tuple {
			name = p.word()
			if name == "" {
				return nil, p.errf("expected a field name")
			}
			if !p.eat(':') {
				return nil, p.errf("expected : after field %s", name)
			}
		}
		t, err := p.typ()
		if err != nil {
			return nil, err
		}
		fs = append(fs, typeField{name: name, t: t})
		if p.eat(close) {
			return fs, nil
		}
		if !p.eat(',') {
			return nil, p.errf("expected , or %c", close)
		}
	}
}
