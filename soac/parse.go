package soac

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// ParseProgram reads the text form that Print writes:
// Print(ParseProgram(Print(p))) == Print(p) for every program p. Positions
// of statements are not part of the text form; parsed statements carry the
// position of their `let` in the text (File "<ir>"). Errors are
// *ParseError values giving the line and column.
func ParseProgram(text string) (*Program, error) {
	p := &parser{lx: lexer{src: text, line: 1, col: 1}}
	var prog *Program
	err := p.run(func() {
		p.next()
		prog = &Program{}
		for p.is("threshold") {
			p.next()
			th := Threshold{Name: p.str()}
			th.Default = p.intLit()
			if p.is("gpu_only") {
				p.next()
				th.GPUOnly = true
			}
			prog.Thresholds = append(prog.Thresholds, th)
		}
		for p.tok.kind != tEOF {
			prog.Funs = append(prog.Funs, p.fun())
		}
	})
	if err != nil {
		return nil, err
	}
	return prog, nil
}

// ParseBody reads the text form of a body, as PrintBody writes it.
func ParseBody(text string) (*Body, error) {
	p := &parser{lx: lexer{src: text, line: 1, col: 1}}
	var b *Body
	err := p.run(func() {
		p.next()
		b = p.body()
		if p.tok.kind != tEOF {
			p.fail("expected end of input, found %s", p.tok)
		}
	})
	return b, err
}

// ParseError is a syntax error in the text form of the IR.
type ParseError struct {
	Line, Col int
	Msg       string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg) }

// --- lexer ---

type tokKind int

const (
	tEOF tokKind = iota
	tIdent
	tConst  // a typed scalar constant
	tInt    // an untyped integer (permutations, ranks)
	tString // a quoted string
	tPunct
)

type token struct {
	kind      tokKind
	text      string // identifier, punctuation, or the unquoted string
	val       PrimValue
	n         int64
	line, col int
}

func (t token) String() string {
	switch t.kind {
	case tEOF:
		return "end of input"
	case tString:
		return strconv.Quote(t.text)
	}
	return "'" + t.text + "'"
}

type lexer struct {
	src       string
	pos       int
	line, col int
}

func (lx *lexer) peekByte(off int) byte {
	if lx.pos+off < len(lx.src) {
		return lx.src[lx.pos+off]
	}
	return 0
}

func (lx *lexer) advance(n int) {
	for i := 0; i < n && lx.pos < len(lx.src); i++ {
		if lx.src[lx.pos] == '\n' {
			lx.line++
			lx.col = 1
		} else {
			lx.col++
		}
		lx.pos++
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9' || c == '\''
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func (lx *lexer) errAt(line, col int, format string, args ...any) {
	panic(&ParseError{Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

func (lx *lexer) lex() token {
	for {
		for lx.pos < len(lx.src) && strings.IndexByte(" \t\r\n", lx.src[lx.pos]) >= 0 {
			lx.advance(1)
		}
		if lx.peekByte(0) == '-' && lx.peekByte(1) == '-' {
			for lx.pos < len(lx.src) && lx.src[lx.pos] != '\n' {
				lx.advance(1)
			}
			continue
		}
		break
	}
	tok := token{line: lx.line, col: lx.col}
	if lx.pos >= len(lx.src) {
		return tok
	}
	c := lx.src[lx.pos]
	switch {
	case isIdentStart(c):
		start := lx.pos
		for lx.pos < len(lx.src) && isIdentChar(lx.src[lx.pos]) {
			lx.advance(1)
		}
		tok.kind, tok.text = tIdent, lx.src[start:lx.pos]
		if t, ok := values.ParsePrimType(tok.text); ok && t.IsFloat() && lx.peekByte(0) == '.' {
			return lx.special(tok, t, false)
		}
		switch tok.text {
		case "true", "false":
			tok.kind, tok.val = tConst, BoolValue(tok.text == "true")
		}
		return tok
	case isDigit(c) || c == '-' && isDigit(lx.peekByte(1)):
		return lx.number(tok)
	case c == '-' && isIdentStart(lx.peekByte(1)):
		lx.advance(1)
		start := lx.pos
		for lx.pos < len(lx.src) && isIdentChar(lx.src[lx.pos]) {
			lx.advance(1)
		}
		t, ok := values.ParsePrimType(lx.src[start:lx.pos])
		if !ok || !t.IsFloat() || lx.peekByte(0) != '.' {
			lx.errAt(tok.line, tok.col, "malformed constant %q", lx.src[start-1:lx.pos])
		}
		return lx.special(tok, t, true)
	case c == '"':
		start := lx.pos
		lx.advance(1)
		for {
			if lx.pos >= len(lx.src) || lx.src[lx.pos] == '\n' {
				lx.errAt(tok.line, tok.col, "unterminated string")
			}
			if lx.src[lx.pos] == '\\' {
				lx.advance(2)
				continue
			}
			if lx.src[lx.pos] == '"' {
				lx.advance(1)
				break
			}
			lx.advance(1)
		}
		s, err := strconv.Unquote(lx.src[start:lx.pos])
		if err != nil {
			lx.errAt(tok.line, tok.col, "malformed string %s", lx.src[start:lx.pos])
		}
		tok.kind, tok.text = tString, s
		return tok
	case c == '-' && lx.peekByte(1) == '>':
		lx.advance(2)
		tok.kind, tok.text = tPunct, "->"
		return tok
	case strings.IndexByte("{}()[],:=<*\\/+", c) >= 0:
		lx.advance(1)
		tok.kind, tok.text = tPunct, string(c)
		return tok
	}
	lx.errAt(tok.line, tok.col, "unexpected character %q", c)
	return tok
}

// special lexes the rest of f32.nan, f32.nan(0xbits), f32.inf after the
// type name.
func (lx *lexer) special(tok token, t PrimType, neg bool) token {
	lx.advance(1) // '.'
	start := lx.pos
	for lx.pos < len(lx.src) && isIdentChar(lx.src[lx.pos]) {
		lx.advance(1)
	}
	tok.kind = tConst
	switch lx.src[start:lx.pos] {
	case "inf":
		if neg {
			tok.val = FloatValue(t, math.Inf(-1))
		} else {
			tok.val = FloatValue(t, math.Inf(1))
		}
	case "nan":
		if neg {
			lx.errAt(tok.line, tok.col, "malformed constant -%s.nan", t)
		}
		tok.val = FloatValue(t, math.NaN())
		if lx.peekByte(0) == '(' {
			lx.advance(1)
			bstart := lx.pos
			for lx.pos < len(lx.src) && isIdentChar(lx.src[lx.pos]) {
				lx.advance(1)
			}
			bits, err := strconv.ParseUint(lx.src[bstart:lx.pos], 0, 64)
			if err != nil || lx.peekByte(0) != ')' || bits&^widthMask(t) != 0 {
				lx.errAt(tok.line, tok.col, "malformed NaN bits")
			}
			lx.advance(1)
			tok.val = PrimValue{T: t, Bits: bits}
			if f := tok.val.Float(); !math.IsNaN(f) {
				lx.errAt(tok.line, tok.col, "NaN bits %#x are not a NaN", bits)
			}
		}
	default:
		lx.errAt(tok.line, tok.col, "malformed constant %s.%s", t, lx.src[start:lx.pos])
	}
	tok.text = tok.val.String()
	return tok
}

var typeSuffixes = []string{"i16", "i32", "i64", "u16", "u32", "u64", "f16", "f32", "f64", "i8", "u8"}

func (lx *lexer) number(tok token) token {
	start := lx.pos
	if lx.src[lx.pos] == '-' {
		lx.advance(1)
	}
	for lx.pos < len(lx.src) {
		c := lx.src[lx.pos]
		if isIdentChar(c) || c == '.' {
			lx.advance(1)
			continue
		}
		if (c == '+' || c == '-') && (lx.src[lx.pos-1] == 'e' || lx.src[lx.pos-1] == 'E') {
			lx.advance(1)
			continue
		}
		break
	}
	text := lx.src[start:lx.pos]
	tok.text = text
	for _, suf := range typeSuffixes {
		if !strings.HasSuffix(text, suf) {
			continue
		}
		t, _ := values.ParsePrimType(suf)
		num := text[:len(text)-len(suf)]
		v, ok := parseScalar(num, t)
		if !ok {
			lx.errAt(tok.line, tok.col, "malformed %s constant %q", t, text)
		}
		tok.kind, tok.val = tConst, v
		return tok
	}
	n, err := strconv.ParseInt(text, 10, 64)
	if err != nil {
		lx.errAt(tok.line, tok.col, "malformed number %q (constants need a type suffix such as i64)", text)
	}
	tok.kind, tok.n = tInt, n
	return tok
}

// parseScalar parses the digits of a constant of type t (without suffix).
func parseScalar(num string, t PrimType) (PrimValue, bool) {
	switch {
	case t.IsFloat():
		if num == "" || !isDigit(num[len(num)-1]) && num[len(num)-1] != '.' {
			return PrimValue{}, false
		}
		switch t {
		case values.F64:
			f, err := strconv.ParseFloat(num, 64)
			if err != nil {
				return PrimValue{}, false
			}
			return FloatValue(t, f), true
		default:
			// f16 values print exactly as f32 values, so parsing as f32 and
			// then rounding is exact for printed values.
			f, err := strconv.ParseFloat(num, 32)
			if err != nil {
				return PrimValue{}, false
			}
			return FloatValue(t, f), true
		}
	case t.IsSigned():
		x, err := strconv.ParseInt(num, 10, t.Size()*8)
		if err != nil {
			return PrimValue{}, false
		}
		return IntValue(t, x), true
	default:
		if strings.HasPrefix(num, "-") {
			return PrimValue{}, false
		}
		x, err := strconv.ParseUint(num, 10, t.Size()*8)
		if err != nil {
			return PrimValue{}, false
		}
		return PrimValue{T: t, Bits: x}, true
	}
}

// --- parser ---

type parser struct {
	lx   lexer
	tok  token
	peek *token
}

func (p *parser) run(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			pe, ok := r.(*ParseError)
			if !ok {
				panic(r)
			}
			err = pe
		}
	}()
	f()
	return nil
}

func (p *parser) next() {
	if p.peek != nil {
		p.tok, p.peek = *p.peek, nil
		return
	}
	p.tok = p.lx.lex()
}

func (p *parser) lookahead() token {
	if p.peek == nil {
		t := p.lx.lex()
		p.peek = &t
	}
	return *p.peek
}

func (p *parser) fail(format string, args ...any) {
	panic(&ParseError{Line: p.tok.line, Col: p.tok.col, Msg: fmt.Sprintf(format, args...)})
}

func (p *parser) is(punct string) bool {
	return (p.tok.kind == tPunct || p.tok.kind == tIdent) && p.tok.text == punct
}

func (p *parser) expect(text string) {
	if !p.is(text) {
		p.fail("expected '%s', found %s", text, p.tok)
	}
	p.next()
}

func (p *parser) ident() string {
	if p.tok.kind != tIdent {
		p.fail("expected a name, found %s", p.tok)
	}
	s := p.tok.text
	p.next()
	return s
}

func (p *parser) name() VName { return VName(p.ident()) }

func (p *parser) intLit() int64 {
	if p.tok.kind != tInt {
		p.fail("expected an integer, found %s", p.tok)
	}
	n := p.tok.n
	p.next()
	return n
}

func (p *parser) str() string {
	if p.tok.kind != tString {
		p.fail("expected a string, found %s", p.tok)
	}
	s := p.tok.text
	p.next()
	return s
}

func (p *parser) primType() PrimType {
	if p.tok.kind != tIdent {
		p.fail("expected a primitive type, found %s", p.tok)
	}
	t, ok := values.ParsePrimType(p.tok.text)
	if !ok {
		p.fail("expected a primitive type, found %s", p.tok)
	}
	p.next()
	return t
}

// list parses open item {, item} close, allowing the empty list.
func (p *parser) list(open, close string, item func()) {
	p.expect(open)
	if p.is(close) {
		p.next()
		return
	}
	for {
		item()
		if p.is(close) {
			p.next()
			return
		}
		p.expect(",")
	}
}

func (p *parser) fun() *FunDef {
	f := &FunDef{}
	if p.is("entry") {
		p.next()
		f.EntryName = p.str()
	}
	f.Pos = p.pos()
	p.expect("fun")
	f.Name = p.ident()
	f.Params = p.params("(", ")")
	p.expect(":")
	f.RetType = p.types()
	p.expect("=")
	p.expect("{")
	f.Body = p.body()
	p.expect("}")
	return f
}

func (p *parser) pos() Pos { return Pos{File: "<ir>", Line: p.tok.line, Col: p.tok.col} }

func (p *parser) params(open, close string) []Param {
	ps := []Param{}
	p.list(open, close, func() { ps = append(ps, p.param()) })
	return ps
}

func (p *parser) param() Param {
	n := p.name()
	p.expect(":")
	return Param{Name: n, Type: p.typ()}
}

func (p *parser) typ() Type {
	var t Type
	if p.is("*") {
		p.next()
		t.Unique = true
	}
	for p.is("[") {
		p.next()
		t.Shape = append(t.Shape, p.subExp())
		p.expect("]")
	}
	t.Elem = p.primType()
	return t
}

func (p *parser) types() []Type {
	ts := []Type{}
	p.list("{", "}", func() { ts = append(ts, p.typ()) })
	return ts
}

func (p *parser) subExp() SubExp {
	switch p.tok.kind {
	case tConst:
		v := p.tok.val
		p.next()
		return Const{Value: v}
	case tIdent:
		return Var{Name: p.name()}
	}
	p.fail("expected a variable or a constant, found %s", p.tok)
	return nil
}

func (p *parser) subExps(open, close string) []SubExp {
	ses := []SubExp{}
	p.list(open, close, func() { ses = append(ses, p.subExp()) })
	return ses
}

func (p *parser) names(open, close string) []VName {
	ns := []VName{}
	p.list(open, close, func() { ns = append(ns, p.name()) })
	return ns
}

func (p *parser) body() *Body {
	b := &Body{}
	for p.is("let") {
		pos := p.pos()
		p.next()
		pat := p.params("{", "}")
		p.expect("=")
		e := p.exp(pos)
		b.Stms = append(b.Stms, &Stm{Pat: pat, Exp: e, Pos: pos})
	}
	p.expect("in")
	b.Result = p.subExps("{", "}")
	return b
}

func (p *parser) block(kw string) *Body {
	p.expect(kw)
	p.expect("{")
	b := p.body()
	p.expect("}")
	return b
}

func (p *parser) lambda(kw string) *Lambda {
	p.expect(kw)
	return p.lambdaRest()
}

func (p *parser) lambdaRest() *Lambda {
	p.expect("\\")
	l := &Lambda{Params: p.params("(", ")")}
	p.expect(":")
	l.RetType = p.types()
	p.expect("->")
	p.expect("{")
	l.Body = p.body()
	p.expect("}")
	return l
}

func (p *parser) reduce() Reduce {
	r := Reduce{Comm: p.tok.text == "reduce_comm"}
	p.next()
	r.Neutral = p.subExps("(", ")")
	r.Op = p.lambdaRest()
	return r
}

func (p *parser) space() []SegDim {
	sp := []SegDim{}
	p.list("(", ")", func() {
		i := p.name()
		p.expect("<")
		sp = append(sp, SegDim{Index: i, N: p.subExp()})
	})
	return sp
}

func (p *parser) slice() []DimIndex {
	sl := []DimIndex{}
	p.list("[", "]", func() {
		x := p.subExp()
		if !p.is(":") {
			sl = append(sl, DimIndex{Fix: x})
			return
		}
		p.next()
		p.expect("+")
		n := p.subExp()
		p.expect("*")
		sl = append(sl, DimIndex{Start: x, N: n, Stride: p.subExp()})
	})
	return sl
}

func lookup[T ~int](names []string, s string) (T, bool) {
	for i, n := range names {
		if n == s {
			return T(i), true
		}
	}
	return 0, false
}

var (
	cmpOpNames = []string{"eq", "lt", "le"}
	unOpNames  = []string{"neg", "not", "complement", "abs", "signum"}
)

func (p *parser) exp(pos Pos) Exp {
	if p.tok.kind != tIdent {
		return &SubExpExp{X: p.subExp()}
	}
	kw, kwTok := p.tok.text, p.tok
	// A name followed by the end of the statement is an operand, and one
	// followed by '[' is indexed, whatever the name.
	if la := p.lookahead(); la.kind == tEOF || la.kind == tIdent && (la.text == "let" || la.text == "in") || la.kind == tPunct && la.text == "}" {
		return &SubExpExp{X: p.subExp()}
	} else if la.kind == tPunct && la.text == "[" {
		arr := p.name()
		e := &IndexExp{Arr: arr, Indices: p.subExps("[", "]"), Pos: pos}
		if p.tok.kind == tIdent && p.tok.text == "inbounds" {
			p.next()
			e.InBounds = make([]bool, len(e.Indices))
			p.list("(", ")", func() {
				k := p.intLit()
				if k < 0 || k >= int64(len(e.Indices)) {
					p.fail("inbounds: no index %d", k)
				}
				e.InBounds[k] = true
			})
		}
		return e
	}
	if op, ok := lookup[BinOp](binOpNames[:], kw); ok {
		p.next()
		t := p.primType()
		x := p.subExp()
		return &BinOpExp{Op: op, T: t, X: x, Y: p.subExp()}
	}
	if op, ok := lookup[CmpOp](cmpOpNames, kw); ok {
		p.next()
		t := p.primType()
		x := p.subExp()
		return &CmpOpExp{Op: op, T: t, X: x, Y: p.subExp()}
	}
	if op, ok := lookup[UnOp](unOpNames, kw); ok {
		p.next()
		t := p.primType()
		return &UnOpExp{Op: op, T: t, X: p.subExp()}
	}
	p.next()
	switch kw {
	case "convert":
		from := p.primType()
		to := p.primType()
		return &ConvOpExp{From: from, To: to, X: p.subExp()}
	case "iota":
		t := p.primType()
		n := p.subExp()
		start := p.subExp()
		return &IotaExp{T: t, N: n, Start: start, Step: p.subExp()}
	case "replicate":
		shape := p.subExps("(", ")")
		return &ReplicateExp{Shape: shape, X: p.subExp()}
	case "array":
		rt := p.typ()
		return &ArrayLitExp{RowType: rt, Elems: p.subExps("[", "]")}
	case "copy":
		return &CopyExp{Arr: p.name()}
	case "apply":
		fn := p.ident()
		args := p.subExps("(", ")")
		p.expect(":")
		return &ApplyExp{Fun: fn, Args: args, RetType: p.types(), Pos: pos}
	case "assert":
		c := p.subExp()
		msg := p.str()
		var args []SubExp
		if p.is("(") {
			args = p.subExps("(", ")")
		}
		return &AssertExp{Cond: c, Msg: msg, Args: args, Pos: pos}
	case "slice":
		arr := p.name()
		return &SliceExp{Arr: arr, Slice: p.slice(), Pos: pos}
	case "update":
		arr := p.name()
		sl := p.slice()
		p.expect("=")
		e := &UpdateExp{Arr: arr, Slice: sl, Value: p.subExp(), Pos: pos}
		if p.tok.kind == tIdent && p.tok.text == "inplace" {
			p.next()
			p.expect("(")
			e.InPlace = p.name()
			p.expect(")")
		}
		return e
	case "rearrange":
		perm := []int{}
		p.list("(", ")", func() {
			k := p.intLit()
			if k < 0 || k > math.MaxInt32 {
				p.fail("bad permutation index %d", k)
			}
			perm = append(perm, int(k))
		})
		return &RearrangeExp{Perm: perm, Arr: p.name()}
	case "reshape":
		shape := p.subExps("(", ")")
		return &ReshapeExp{Shape: shape, Arr: p.name(), Pos: pos}
	case "concat":
		w := p.subExp()
		return &ConcatExp{W: w, Arrs: p.names("(", ")"), Pos: pos}
	case "callprim":
		e := &CallPrimExp{Fn: p.ident(), ArgTypes: []PrimType{}, Args: []SubExp{}}
		p.list("(", ")", func() {
			e.ArgTypes = append(e.ArgTypes, p.primType())
			e.Args = append(e.Args, p.subExp())
		})
		p.expect(":")
		e.T = p.primType()
		return e
	case "if":
		c := p.subExp()
		p.expect(":")
		ts := p.types()
		then := p.block("then")
		return &IfExp{Cond: c, Types: ts, Then: then, Else: p.block("else")}
	case "loop":
		e := &LoopExp{Params: []Param{}, Init: []SubExp{}}
		p.list("{", "}", func() {
			e.Params = append(e.Params, p.param())
			p.expect("=")
			e.Init = append(e.Init, p.subExp())
		})
		switch {
		case p.is("for"):
			p.next()
			i := p.name()
			p.expect(":")
			t := p.primType()
			p.expect("<")
			e.Form = ForLoop{Index: i, T: t, Bound: p.subExp()}
		case p.is("while"):
			p.next()
			e.Form = WhileLoop{Cond: p.name()}
		default:
			p.fail("expected 'for' or 'while', found %s", p.tok)
		}
		if p.is("stencil") {
			e.Stencil = p.stencilPlan()
		}
		e.Body = p.block("do")
		return e
	case "screma":
		e := &ScremaExp{W: p.subExp(), Inputs: p.names("(", ")")}
		for {
			switch {
			case p.is("scan"):
				p.next()
				ne := p.subExps("(", ")")
				e.Scans = append(e.Scans, Scan{Neutral: ne, Op: p.lambdaRest()})
				continue
			case p.is("reduce"), p.is("reduce_comm"):
				e.Reds = append(e.Reds, p.reduce())
				continue
			}
			break
		}
		e.Map = p.lambda("map")
		return e
	case "hist":
		e := &HistExp{W: p.subExp(), Inputs: p.names("(", ")")}
		for p.is("op") {
			p.next()
			bins := p.subExp()
			dests := p.names("(", ")")
			ne := p.subExps("(", ")")
			e.Ops = append(e.Ops, HistOp{Bins: bins, Dests: dests, Neutral: ne, Op: p.lambdaRest()})
		}
		e.Bucket = p.lambda("bucket")
		return e
	case "scatter":
		e := &ScatterExp{W: p.subExp(), Inputs: p.names("(", ")")}
		p.expect("into")
		p.list("(", ")", func() {
			arr := p.name()
			p.expect("/")
			k := p.intLit()
			if k < 0 || k > math.MaxInt32 {
				p.fail("bad scatter rank %d", k)
			}
			e.Dests = append(e.Dests, ScatterDest{Arr: arr, Rank: int(k)})
		})
		e.Lambda = p.lambda("lambda")
		return e
	case "segmap_thread", "segmap_group":
		e := &SegMapExp{Level: segLevel(kw)}
		switch {
		case p.is("tile1d"):
			p.next()
			p.expect("(")
			e.Tile = &TilePlan{Rank: 1, BlockSize: p.str()}
			p.expect(")")
		case p.is("tile2d"):
			p.next()
			p.expect("(")
			e.Tile = &TilePlan{Rank: 2, BlockSize: p.str()}
			p.expect(",")
			e.Tile.RegSize = p.str()
			if p.is(",") {
				p.next()
				e.Tile.Via = p.str()
			}
			p.expect(")")
		}
		if p.is("region") {
			p.next()
			p.expect("(")
			e.Region = &SegRegion{Arr: p.name()}
			for p.is(",") {
				p.next()
				e.Region.From = append(e.Region.From, p.subExp())
			}
			p.expect(")")
		}
		e.Space = p.space()
		p.expect(":")
		e.Types = p.types()
		e.Lowering = p.lowering()
		e.Body = p.block("body")
		return e
	case "segred_thread", "segred_group":
		e := &SegRedExp{Level: segLevel(kw), Space: p.space()}
		p.expect(":")
		e.Types = p.types()
		e.Lowering = p.lowering()
		for p.is("reduce") || p.is("reduce_comm") {
			e.Reds = append(e.Reds, p.reduce())
		}
		e.Body = p.block("body")
		return e
	case "segscan_thread", "segscan_group":
		e := &SegScanExp{Level: segLevel(kw), Space: p.space()}
		p.expect(":")
		e.Types = p.types()
		e.Lowering = p.lowering()
		for p.is("scan") {
			p.next()
			ne := p.subExps("(", ")")
			e.Scans = append(e.Scans, Scan{Neutral: ne, Op: p.lambdaRest()})
		}
		e.Body = p.block("body")
		return e
	case "seghist_thread", "seghist_group":
		e := &SegHistExp{Level: segLevel(kw), Space: p.space()}
		p.expect(":")
		e.Types = p.types()
		e.Lowering = p.lowering()
		for p.is("op") {
			p.next()
			bins := p.subExp()
			dests := p.names("(", ")")
			ne := p.subExps("(", ")")
			e.Ops = append(e.Ops, HistOp{Bins: bins, Dests: dests, Neutral: ne, Op: p.lambdaRest()})
		}
		e.Body = p.block("body")
		return e
	case "threshold":
		name := p.str()
		return &ThresholdExp{Name: name, Parallelism: p.subExp()}
	case "group_fits":
		g := p.subExp()
		return &GroupFitsExp{Group: g, LocalBytes: p.subExp()}
	}
	panic(&ParseError{Line: kwTok.line, Col: kwTok.col, Msg: fmt.Sprintf("unknown expression %q", kw)})
}

func segLevel(kw string) SegLevel {
	if strings.HasSuffix(kw, "_group") {
		return LevelGroup
	}
	return LevelThread
}
