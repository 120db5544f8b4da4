package exe

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// typeExpr is a parsed external type name, as the frontend writes the
// names of opaque types (tuples and records, with anonymous sizes): the
// server needs its structure for the fields, project and new commands and
// to know the primitive components of an opaque value.
type typeExpr struct {
	prim   values.PrimType
	rank   int         // array dimensions around elem (0: not an array)
	elem   *typeExpr   // the element type of an array whose elements are not primitive
	fields []typeField // a tuple's or record's fields; nil for a primitive or array
	tuple  bool
}

// typeField is one field of a tuple (named 0, 1, ...) or a record.
type typeField struct {
	name string
	t    *typeExpr
}

// transparent reports whether t is a primitive type or an array of one.
func (t *typeExpr) transparent() bool { return t.elem == nil && t.fields == nil }

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
// array per component.
func (t *typeExpr) components() []TypeDesc {
	switch {
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

// parseTypeName parses an external type name: a primitive type, arrays
// ([] or [n] before the element type), tuples "(t1, t2)" and records
// "{a: t1, b: t2}".
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
