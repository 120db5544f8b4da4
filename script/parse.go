// Package script implements FutharkScript, the small expression language
// of futhark literate, futhark script and the script inputs of test
// blocks (the Futhark User's Guide, futhark-literate(1)): entry-point
// applications, tuples, records, arrays, literals in Futhark's value
// syntax, let bindings, and builtins such as $loaddata. Parse reads an
// expression; an Evaluator evaluates it against a program running in
// server mode (Futhark's server protocol).
package script

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/fcclang/fcc/runtime/values"
)

// Pos is a place in an expression's text: a line and a column (in
// characters), both from 1.
type Pos struct{ Line, Col int }

func (p Pos) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// Exp is a FutharkScript expression.
type Exp interface{ At() Pos }

type (
	// Literal is a value in Futhark's value syntax (a number, a boolean,
	// or an array of them), kept as written, so that an unsuffixed
	// literal can take the type an entry point's parameter asks for.
	Literal struct {
		Pos  Pos
		Text string
	}
	// StringLit is a string, the argument of a builtin.
	StringLit struct {
		Pos   Pos
		Value string
	}
	// Var is a name alone: a let-bound variable, or an entry point
	// applied to no arguments.
	Var struct {
		Pos  Pos
		Name string
	}
	// Call applies an entry point or (Builtin) a $builtin to arguments.
	Call struct {
		Pos     Pos
		Name    string
		Builtin bool
		Args    []Exp
	}
	// Tuple is (e1, ..., en), n >= 2.
	Tuple struct {
		Pos   Pos
		Elems []Exp
	}
	// Record is {a = e1, ...}; {} is the empty record.
	Record struct {
		Pos    Pos
		Names  []string
		Fields []Exp
	}
	// Array is [e1, ..., en] whose elements are not all literals.
	Array struct {
		Pos   Pos
		Elems []Exp
	}
	// Empty is empty([d1]...[dn]t), an empty array.
	Empty struct {
		Pos   Pos
		Shape []int64
		Elem  values.PrimType
	}
	// Let is let pat = e1 in e2; the pattern binds one name, or a tuple
	// of names.
	Let struct {
		Pos   Pos
		Names []string
		Tuple bool
		Bound Exp
		Body  Exp
	}
)

func (e *Literal) At() Pos   { return e.Pos }
func (e *StringLit) At() Pos { return e.Pos }
func (e *Var) At() Pos       { return e.Pos }
func (e *Call) At() Pos      { return e.Pos }
func (e *Tuple) At() Pos     { return e.Pos }
func (e *Record) At() Pos    { return e.Pos }
func (e *Array) At() Pos     { return e.Pos }
func (e *Empty) At() Pos     { return e.Pos }
func (e *Let) At() Pos       { return e.Pos }

// Error is a parse or evaluation error at a place in the expression.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

func errorf(p Pos, format string, args ...any) error {
	return &Error{Pos: p, Msg: fmt.Sprintf(format, args...)}
}

// token kinds
const (
	tEOF = iota
	tIdent
	tBuiltin // $name
	tString
	tNumber // a numeric or boolean literal
	tPunct  // ( ) [ ] { } , =
)

type token struct {
	kind int
	text string // the text as written (a string's value for tString)
	pos  Pos
	off  int // byte offset of the token's start
	end  int // byte offset after it
}

type lexer struct {
	src       string
	off       int
	line, col int
}

func (l *lexer) pos() Pos { return Pos{l.line, l.col} }

func (l *lexer) advance(n int) {
	for _, r := range l.src[l.off : l.off+n] {
		if r == '\n' {
			l.line, l.col = l.line+1, 1
		} else {
			l.col++
		}
	}
	l.off += n
}

func isIdentStart(c byte) bool { return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isIdentChar(c byte) bool  { return isIdentStart(c) || c >= '0' && c <= '9' || c == '\'' }
func isDigit(c byte) bool      { return c >= '0' && c <= '9' }

// next reads the next token.
func (l *lexer) next() (token, error) {
	for l.off < len(l.src) {
		c := l.src[l.off]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			l.advance(1)
			continue
		}
		if strings.HasPrefix(l.src[l.off:], "--") { // a comment, to the end of the line
			n := strings.IndexByte(l.src[l.off:], '\n')
			if n < 0 {
				n = len(l.src) - l.off
			}
			l.advance(n)
			continue
		}
		break
	}
	t := token{pos: l.pos(), off: l.off}
	if l.off >= len(l.src) {
		t.kind, t.end = tEOF, l.off
		return t, nil
	}
	s := l.src[l.off:]
	c := s[0]
	n := 0
	switch {
	case strings.ContainsRune("()[]{},=", rune(c)):
		t.kind, n = tPunct, 1
	case c == '"':
		var b strings.Builder
		i := 1
		for ; i < len(s) && s[i] != '"'; i++ {
			if s[i] == '\n' {
				return t, errorf(t.pos, "string not closed on its line")
			}
			if s[i] == '\\' && i+1 < len(s) {
				i++
				switch s[i] {
				case 'n':
					b.WriteByte('\n')
				case 't':
					b.WriteByte('\t')
				case '"', '\\':
					b.WriteByte(s[i])
				default:
					return t, errorf(t.pos, "unknown escape \\%c in a string", s[i])
				}
				continue
			}
			b.WriteByte(s[i])
		}
		if i >= len(s) {
			return t, errorf(t.pos, "string not closed")
		}
		t.kind, t.text, n = tString, b.String(), i+1
	case c == '$':
		i := 1
		for i < len(s) && isIdentChar(s[i]) {
			i++
		}
		if i == 1 {
			return t, errorf(t.pos, "expected a builtin's name after $")
		}
		t.kind, n = tBuiltin, i
	case isDigit(c) || (c == '-' || c == '.') && len(s) > 1 && (isDigit(s[1]) || s[1] == '.'):
		n = numberLen(s)
		t.kind = tNumber
		if _, err := values.NewReader(strings.NewReader(s[:n])).Read(); err != nil {
			return t, errorf(t.pos, "malformed literal %s", s[:n])
		}
	case isIdentStart(c):
		i := 1
		for i < len(s) && (isIdentChar(s[i]) || s[i] == '.' && i+1 < len(s) && isIdentStart(s[i+1])) {
			i++
		}
		t.kind, n = tIdent, i
		switch w := s[:i]; {
		case w == "true" || w == "false":
			t.kind = tNumber
		case strings.Contains(w, "."):
			// f32.inf, f64.nan and the like are literals.
			if _, err := values.NewReader(strings.NewReader(w)).Read(); err != nil {
				return t, errorf(t.pos, "qualified names such as %s cannot be used: only entry points of the program can", w)
			}
			t.kind = tNumber
		}
	default:
		r, _ := utf8.DecodeRuneInString(s)
		return t, errorf(t.pos, "unexpected character %q", r)
	}
	if t.kind != tString {
		t.text = s[:n]
	}
	l.advance(n)
	t.end = l.off
	return t, nil
}

// numberLen is the length of the numeric literal at the start of s: a
// sign, digits, letters (hex digits, exponents, suffixes such as i64),
// underscores, points, and a sign right after an exponent's e or p.
func numberLen(s string) int {
	i := 0
	if s[0] == '-' {
		i++
	}
	hex := strings.HasPrefix(s[i:], "0x") || strings.HasPrefix(s[i:], "0X")
	for i < len(s) {
		c := s[i]
		switch {
		case isIdentChar(c) || c == '.':
			i++
		case (c == '-' || c == '+') && i > 0 && (!hex && (s[i-1] == 'e' || s[i-1] == 'E') || hex && (s[i-1] == 'p' || s[i-1] == 'P')):
			i++
		default:
			return i
		}
	}
	return i
}

// Parse parses a FutharkScript expression.
func Parse(src string) (Exp, error) {
	p := &parser{lex: lexer{src: src, line: 1, col: 1}}
	if err := p.advance(); err != nil {
		return nil, err
	}
	e, err := p.exp()
	if err != nil {
		return nil, err
	}
	if p.tok.kind != tEOF {
		return nil, errorf(p.tok.pos, "unexpected %s after the expression", p.describe())
	}
	return e, nil
}

type parser struct {
	lex     lexer
	tok     token
	lastEnd int // where the last list's closing bracket ended
}

func (p *parser) advance() error {
	t, err := p.lex.next()
	if err != nil {
		return err
	}
	p.tok = t
	return nil
}

func (p *parser) describe() string {
	switch p.tok.kind {
	case tEOF:
		return "end of input"
	case tString:
		return fmt.Sprintf("string %q", p.tok.text)
	}
	return fmt.Sprintf("%q", p.tok.text)
}

func (p *parser) is(punct string) bool { return p.tok.kind == tPunct && p.tok.text == punct }

func (p *parser) isWord(w string) bool { return p.tok.kind == tIdent && p.tok.text == w }

func (p *parser) expect(punct, context string) error {
	if !p.is(punct) {
		return errorf(p.tok.pos, "expected %s %s, found %s", punct, context, p.describe())
	}
	return p.advance()
}

var keywords = map[string]bool{"let": true, "in": true, "empty": true}

func (p *parser) exp() (Exp, error) {
	if p.isWord("let") {
		return p.let()
	}
	start := p.tok
	switch {
	case start.kind == tBuiltin || start.kind == tIdent && !keywords[start.text]:
		if err := p.advance(); err != nil {
			return nil, err
		}
		var args []Exp
		for p.startsAtom() {
			a, err := p.atom()
			if err != nil {
				return nil, err
			}
			args = append(args, a)
		}
		if start.kind == tIdent && len(args) == 0 {
			return &Var{Pos: start.pos, Name: start.text}, nil
		}
		return &Call{Pos: start.pos, Name: strings.TrimPrefix(start.text, "$"), Builtin: start.kind == tBuiltin, Args: args}, nil
	}
	return p.atom()
}

// startsAtom reports whether the token can start an argument.
func (p *parser) startsAtom() bool {
	switch p.tok.kind {
	case tNumber, tString:
		return true
	case tIdent:
		return !keywords[p.tok.text] || p.tok.text == "empty"
	case tPunct:
		return p.is("(") || p.is("[") || p.is("{")
	}
	return false
}

func (p *parser) let() (Exp, error) {
	pos := p.tok.pos
	if err := p.advance(); err != nil {
		return nil, err
	}
	l := &Let{Pos: pos}
	name := func() error {
		if p.tok.kind != tIdent || keywords[p.tok.text] {
			return errorf(p.tok.pos, "expected a name in the let pattern, found %s", p.describe())
		}
		l.Names = append(l.Names, p.tok.text)
		return p.advance()
	}
	if p.is("(") {
		l.Tuple = true
		if err := p.advance(); err != nil {
			return nil, err
		}
		for {
			if err := name(); err != nil {
				return nil, err
			}
			if p.is(")") {
				break
			}
			if err := p.expect(",", "or ) in the let pattern"); err != nil {
				return nil, err
			}
		}
		if err := p.advance(); err != nil {
			return nil, err
		}
	} else if err := name(); err != nil {
		return nil, err
	}
	if err := p.expect("=", "after the let pattern"); err != nil {
		return nil, err
	}
	var err error
	if l.Bound, err = p.exp(); err != nil {
		return nil, err
	}
	if !p.isWord("in") {
		return nil, errorf(p.tok.pos, "expected in after let's bound expression, found %s", p.describe())
	}
	if err := p.advance(); err != nil {
		return nil, err
	}
	if l.Body, err = p.exp(); err != nil {
		return nil, err
	}
	return l, nil
}

func (p *parser) atom() (Exp, error) {
	t := p.tok
	switch {
	case t.kind == tNumber:
		return &Literal{Pos: t.pos, Text: t.text}, p.advance()
	case t.kind == tString:
		return &StringLit{Pos: t.pos, Value: t.text}, p.advance()
	case t.kind == tIdent && t.text == "empty":
		return p.empty()
	case t.kind == tIdent && !keywords[t.text]:
		return &Var{Pos: t.pos, Name: t.text}, p.advance()
	case p.is("("):
		if err := p.advance(); err != nil {
			return nil, err
		}
		elems, err := p.list(")", "in the parenthesised expression")
		if err != nil {
			return nil, err
		}
		switch len(elems) {
		case 0:
			return &Record{Pos: t.pos}, nil // (), the unit value
		case 1:
			return elems[0], nil
		}
		return &Tuple{Pos: t.pos, Elems: elems}, nil
	case p.is("["):
		if err := p.advance(); err != nil {
			return nil, err
		}
		elems, err := p.list("]", "in the array")
		if err != nil {
			return nil, err
		}
		if len(elems) == 0 {
			return nil, errorf(t.pos, "an empty array must be written empty([0]t), e.g. empty([0]i32)")
		}
		// An array of literals is one literal, so that its element type
		// can follow the parameter it is passed to, as a literal's does.
		for _, e := range elems {
			if _, ok := e.(*Literal); !ok {
				return &Array{Pos: t.pos, Elems: elems}, nil
			}
		}
		return &Literal{Pos: t.pos, Text: p.lex.src[t.off:p.lastEnd]}, nil
	case p.is("{"):
		return p.record()
	}
	return nil, errorf(t.pos, "expected an expression, found %s", p.describe())
}

// list parses comma-separated expressions up to close (consumed), and
// remembers where close ended (lastEnd).
func (p *parser) list(close, context string) ([]Exp, error) {
	var elems []Exp
	if p.is(close) {
		p.lastEnd = p.tok.end
		return nil, p.advance()
	}
	for {
		e, err := p.exp()
		if err != nil {
			return nil, err
		}
		elems = append(elems, e)
		if p.is(close) {
			p.lastEnd = p.tok.end
			return elems, p.advance()
		}
		if err := p.expect(",", "or "+close+" "+context); err != nil {
			return nil, err
		}
	}
}

func (p *parser) record() (Exp, error) {
	r := &Record{Pos: p.tok.pos}
	if err := p.advance(); err != nil {
		return nil, err
	}
	if p.is("}") {
		return r, p.advance()
	}
	for {
		if p.tok.kind != tIdent || keywords[p.tok.text] {
			return nil, errorf(p.tok.pos, "expected a field name in the record, found %s", p.describe())
		}
		name, at := p.tok.text, p.tok.pos
		for _, n := range r.Names {
			if n == name {
				return nil, errorf(at, "field %s is given twice", name)
			}
		}
		if err := p.advance(); err != nil {
			return nil, err
		}
		if err := p.expect("=", "after field "+name); err != nil {
			return nil, err
		}
		e, err := p.exp()
		if err != nil {
			return nil, err
		}
		r.Names, r.Fields = append(r.Names, name), append(r.Fields, e)
		if p.is("}") {
			return r, p.advance()
		}
		if err := p.expect(",", "or } in the record"); err != nil {
			return nil, err
		}
	}
}

// empty parses empty([d1]...[dn]t).
func (p *parser) empty() (Exp, error) {
	e := &Empty{Pos: p.tok.pos}
	if err := p.advance(); err != nil {
		return nil, err
	}
	if err := p.expect("(", "after empty"); err != nil {
		return nil, err
	}
	for p.is("[") {
		if err := p.advance(); err != nil {
			return nil, err
		}
		var d int64
		if _, err := fmt.Sscan(p.tok.text, &d); err != nil || p.tok.kind != tNumber || d < 0 || fmt.Sprint(d) != p.tok.text {
			return nil, errorf(p.tok.pos, "expected a size (a non-negative integer) in empty's type, found %s", p.describe())
		}
		e.Shape = append(e.Shape, d)
		if err := p.advance(); err != nil {
			return nil, err
		}
		if err := p.expect("]", "after the size"); err != nil {
			return nil, err
		}
	}
	if len(e.Shape) == 0 {
		return nil, errorf(p.tok.pos, "empty's type must be an array type, such as [0]i32")
	}
	zero := false
	for _, d := range e.Shape {
		zero = zero || d == 0
	}
	if !zero {
		return nil, errorf(e.Pos, "empty's type must have a dimension of size 0")
	}
	t, ok := values.ParsePrimType(p.tok.text)
	if p.tok.kind != tIdent || !ok {
		return nil, errorf(p.tok.pos, "expected a primitive type (such as i32, f64 or bool) in empty's type, found %s", p.describe())
	}
	e.Elem = t
	if err := p.advance(); err != nil {
		return nil, err
	}
	return e, p.expect(")", "after empty's type")
}
