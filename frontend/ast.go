package frontend

import "github.com/fcclang/fcc/soac"

// Pos is a source position (file, line, column).
type Pos = soac.Pos

// Prog is a parsed source file.
type Prog struct {
	Decls []Decl
}

// Decl is a top-level declaration.
type Decl interface{ declPos() Pos }

// ValDecl is `def`/`let`/`entry`: a function or a constant.
type ValDecl struct {
	Pos        Pos
	Entry      bool
	Name       string
	TypeParams []TypeParam
	Params     []Pat
	RetType    TypeExp // nil when omitted
	Body       Exp
	// Attrs are the declaration's attributes (#[noinline] gives
	// "noinline").
	Attrs []string
}

// TypeParam is a size parameter `[n]` or a type parameter `'t`, `'~t`, `'^t`.
type TypeParam struct {
	Pos    Pos
	Name   string
	Size   bool   // [n]
	Lifted string // "", "~" or "^"
}

// TypeDecl is `type name params = t`.
type TypeDecl struct {
	Pos    Pos
	Name   string
	Params []TypeParam
	Lifted string
	Type   TypeExp
}

// UnsupportedDecl is a declaration the parser accepts but the front end
// does not implement yet (modules, imports, open); it is rejected with its
// position.
type UnsupportedDecl struct {
	Pos  Pos
	What string
}

func (d *ValDecl) declPos() Pos         { return d.Pos }
func (d *TypeDecl) declPos() Pos        { return d.Pos }
func (d *UnsupportedDecl) declPos() Pos { return d.Pos }

// --- types as written ---

// TypeExp is a type as written in the source.
type TypeExp interface{ typePos() Pos }

// TEName is a named type: a primitive, an abbreviation or a type variable,
// possibly applied to arguments.
type TEName struct {
	Pos  Pos
	Name string
	Args []TypeArg
}

// TypeArg is an argument of a type application: a type or a size.
type TypeArg struct {
	Type TypeExp // nil for a size argument
	Size *SizeExp
}

// TEArray is `[d]t` (D nil for `[]t`).
type TEArray struct {
	Pos  Pos
	Dim  *SizeExp
	Elem TypeExp
}

// SizeExp is a size in a type: a name, a constant or an expression.
type SizeExp struct {
	Pos  Pos
	Name string // a size variable
	Lit  int64  // when Name is empty and Exp is nil
	Exp  Exp    // a size expression such as n+1
}

// TETuple is `(a, b, ...)`.
type TETuple struct {
	Pos   Pos
	Elems []TypeExp
}

// TERecord is `{x: a, y: b}`.
type TERecord struct {
	Pos    Pos
	Fields []FieldType
}

// FieldType is one field of a record type.
type FieldType struct {
	Name string
	Type TypeExp
}

// TEArrow is a function type `a -> b` or `(x: a) -> b`.
type TEArrow struct {
	Pos       Pos
	ParamName string
	Param     TypeExp
	Result    TypeExp
}

// TEUnique is `*t`.
type TEUnique struct {
	Pos  Pos
	Type TypeExp
}

// TEExistential is `?[n][m].t`.
type TEExistential struct {
	Pos   Pos
	Sizes []string
	Type  TypeExp
}

func (t *TEName) typePos() Pos        { return t.Pos }
func (t *TEArray) typePos() Pos       { return t.Pos }
func (t *TETuple) typePos() Pos       { return t.Pos }
func (t *TERecord) typePos() Pos      { return t.Pos }
func (t *TEArrow) typePos() Pos       { return t.Pos }
func (t *TEUnique) typePos() Pos      { return t.Pos }
func (t *TEExistential) typePos() Pos { return t.Pos }

// --- patterns ---

// Pat is a pattern.
type Pat interface{ patPos() Pos }

// PId binds a name.
type PId struct {
	Pos  Pos
	Name string
}

// PWild is `_`.
type PWild struct{ Pos Pos }

// PTuple is `(p, q, ...)`; () is the empty tuple.
type PTuple struct {
	Pos   Pos
	Elems []Pat
}

// PRecord is `{x, y = p}`.
type PRecord struct {
	Pos    Pos
	Fields []PatField
}

// PatField is one field of a record pattern.
type PatField struct {
	Name string
	Pat  Pat
}

// PAscript is `(p: t)`.
type PAscript struct {
	Pos  Pos
	Pat  Pat
	Type TypeExp
}

func (p *PId) patPos() Pos      { return p.Pos }
func (p *PWild) patPos() Pos    { return p.Pos }
func (p *PTuple) patPos() Pos   { return p.Pos }
func (p *PRecord) patPos() Pos  { return p.Pos }
func (p *PAscript) patPos() Pos { return p.Pos }

// --- expressions ---

// Exp is an expression.
type Exp interface{ expPos() Pos }

// IntLit is an integer literal; Suffix is "" or a type name.
type IntLit struct {
	Pos    Pos
	Value  uint64 // magnitude as written (negation is a separate node)
	Suffix string
}

// FloatLit is a float literal.
type FloatLit struct {
	Pos    Pos
	Value  float64
	Suffix string
}

// BoolLit is true or false.
type BoolLit struct {
	Pos   Pos
	Value bool
}

// StringLit is a string literal, a []u8.
type StringLit struct {
	Pos   Pos
	Value string
}

// VarExp is a (possibly qualified) name such as x, f32.sqrt.
type VarExp struct {
	Pos  Pos
	Qual []string // module path, e.g. ["f32"]
	Name string
}

// ApplyExp is function application f a b.
type ApplyExp struct {
	Pos  Pos
	Fn   Exp
	Args []Exp
}

// BinOpExp is an infix operator application, backtick application
// included (Op is then the function's name).
type BinOpExp struct {
	Pos      Pos
	Op       string
	Qual     []string
	Backtick bool
	L, R     Exp
	opv      *VarExp
}

// opVar is the operator as a name (for user-defined operators).
func (e *BinOpExp) opVar() *VarExp {
	if e.opv == nil {
		e.opv = &VarExp{Pos: e.Pos, Qual: e.Qual, Name: e.Op}
	}
	return e.opv
}

// NegateExp is prefix `-e`.
type NegateExp struct {
	Pos Pos
	X   Exp
}

// NotExp is prefix `!e`.
type NotExp struct {
	Pos Pos
	X   Exp
}

// OpSectionExp is `(+)`, `(+ y)` (Right set) or `(x +)` (Left set).
type OpSectionExp struct {
	Pos         Pos
	Op          string
	Qual        []string
	Backtick    bool
	Left, Right Exp
	opv         *VarExp
}

// opVar is the operator as a name (for user-defined operators).
func (e *OpSectionExp) opVar() *VarExp {
	if e.opv == nil {
		e.opv = &VarExp{Pos: e.Pos, Qual: e.Qual, Name: e.Op}
	}
	return e.opv
}

// ProjectSectionExp is `(.x.y)`.
type ProjectSectionExp struct {
	Pos    Pos
	Fields []string
}

// IndexSectionExp is `(.[i])`.
type IndexSectionExp struct {
	Pos     Pos
	Indices []Slice
}

// LambdaExp is `\p q -> e`.
type LambdaExp struct {
	Pos     Pos
	Params  []Pat
	RetType TypeExp
	Body    Exp
}

// TupleExp is `(a, b, ...)`; `()` is the unit value.
type TupleExp struct {
	Pos   Pos
	Elems []Exp
}

// RecordExp is `{x = a, y}`.
type RecordExp struct {
	Pos    Pos
	Fields []FieldExp
}

// FieldExp is one field of a record expression.
type FieldExp struct {
	Name string
	Exp  Exp // VarExp of Name for the `{x}` shorthand
}

// ProjectExp is `e.x` or `e.0`.
type ProjectExp struct {
	Pos   Pos
	X     Exp
	Field string
}

// ArrayLitExp is `[a, b, c]`.
type ArrayLitExp struct {
	Pos   Pos
	Elems []Exp
}

// RangeExp is `a..b`, `a..<b`, `a..>b` or `a..s...b` (Second set).
type RangeExp struct {
	Pos     Pos
	Start   Exp
	Second  Exp
	End     Exp
	EndKind string // "..", "..<", "..>"
}

// Slice is one index or slice `i`, `i:j`, `i:j:s`, `:`.
type Slice struct {
	Index            Exp // set for a plain index
	IsSlice          bool
	Start, End, Step Exp
}

// IndexExp is `a[i, j:k]`.
type IndexExp struct {
	Pos     Pos
	X       Exp
	Indices []Slice
}

// LetExp is `let p = e in body`.
type LetExp struct {
	Pos   Pos
	Sizes []string // let [n] ... binds sizes of the value
	Pat   Pat
	Value Exp
	Body  Exp
}

// LetFunExp is `let f params = e in body`.
type LetFunExp struct {
	Pos        Pos
	Name       string
	TypeParams []TypeParam
	Params     []Pat
	RetType    TypeExp
	Value      Exp
	Body       Exp
}

// LetWithExp is `let a[i] = v in body`.
type LetWithExp struct {
	Pos     Pos
	Name    string
	Indices []Slice
	Value   Exp
	Body    Exp
}

// IfExp is `if c then a else b`.
type IfExp struct {
	Pos              Pos
	Cond, Then, Else Exp
}

// LoopExp is `loop pat = init for i < n do body` and its variants.
type LoopExp struct {
	Pos  Pos
	Pat  Pat
	Init Exp // nil: initialised from the pattern's names
	// Exactly one form is set.
	ForIndex string
	ForBound Exp
	ForInPat Pat
	ForInArr Exp
	While    Exp
	Body     Exp
}

// UpdateExp is `a with [i] = v`.
type UpdateExp struct {
	Pos     Pos
	X       Exp
	Indices []Slice
	Value   Exp
}

// RecordUpdateExp is `r with x.y = v`.
type RecordUpdateExp struct {
	Pos    Pos
	X      Exp
	Fields []string
	Value  Exp
}

// AscriptExp is `e : t`.
type AscriptExp struct {
	Pos  Pos
	X    Exp
	Type TypeExp
}

// CoerceExp is `e :> t`.
type CoerceExp struct {
	Pos  Pos
	X    Exp
	Type TypeExp
}

// AssertExp is `assert c e`.
type AssertExp struct {
	Pos     Pos
	Cond, X Exp
	Text    string // the condition's source text, for the error message
}

// ParenExp keeps parentheses for diagnostics.
type ParenExp struct {
	Pos Pos
	X   Exp
}

// AttrExp is `#[attr] e`.
type AttrExp struct {
	Pos  Pos
	Attr string
	X    Exp
}

// UnsupportedExp is a form the parser accepts that the front end does not
// implement yet (match, constructors, holes); rejected with its position.
type UnsupportedExp struct {
	Pos  Pos
	What string
}

func (e *IntLit) expPos() Pos            { return e.Pos }
func (e *FloatLit) expPos() Pos          { return e.Pos }
func (e *BoolLit) expPos() Pos           { return e.Pos }
func (e *StringLit) expPos() Pos         { return e.Pos }
func (e *VarExp) expPos() Pos            { return e.Pos }
func (e *ApplyExp) expPos() Pos          { return e.Pos }
func (e *BinOpExp) expPos() Pos          { return e.Pos }
func (e *NegateExp) expPos() Pos         { return e.Pos }
func (e *NotExp) expPos() Pos            { return e.Pos }
func (e *OpSectionExp) expPos() Pos      { return e.Pos }
func (e *ProjectSectionExp) expPos() Pos { return e.Pos }
func (e *IndexSectionExp) expPos() Pos   { return e.Pos }
func (e *LambdaExp) expPos() Pos         { return e.Pos }
func (e *TupleExp) expPos() Pos          { return e.Pos }
func (e *RecordExp) expPos() Pos         { return e.Pos }
func (e *ProjectExp) expPos() Pos        { return e.Pos }
func (e *ArrayLitExp) expPos() Pos       { return e.Pos }
func (e *RangeExp) expPos() Pos          { return e.Pos }
func (e *IndexExp) expPos() Pos          { return e.Pos }
func (e *LetExp) expPos() Pos            { return e.Pos }
func (e *LetFunExp) expPos() Pos         { return e.Pos }
func (e *LetWithExp) expPos() Pos        { return e.Pos }
func (e *IfExp) expPos() Pos             { return e.Pos }
func (e *LoopExp) expPos() Pos           { return e.Pos }
func (e *UpdateExp) expPos() Pos         { return e.Pos }
func (e *RecordUpdateExp) expPos() Pos   { return e.Pos }
func (e *AscriptExp) expPos() Pos        { return e.Pos }
func (e *CoerceExp) expPos() Pos         { return e.Pos }
func (e *AssertExp) expPos() Pos         { return e.Pos }
func (e *ParenExp) expPos() Pos          { return e.Pos }
func (e *AttrExp) expPos() Pos           { return e.Pos }
func (e *UnsupportedExp) expPos() Pos    { return e.Pos }
