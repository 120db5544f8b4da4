package frontend

// The module language as parsed: module bindings, module expressions,
// module types and their specs. The elaborator (defunctorise.go) removes
// all of these before type checking of the core language.

// ModDecl is `module name params : sig = body`.
type ModDecl struct {
	Pos    Pos
	Name   string
	Params []ModParam
	Sig    ModTypeExp // nil when not ascribed
	Body   ModExp
}

// ModParam is a functor parameter `(name: sig)`.
type ModParam struct {
	Pos  Pos
	Name string
	Sig  ModTypeExp
}

// ModTypeDecl is `module type name = sig`.
type ModTypeDecl struct {
	Pos  Pos
	Name string
	Sig  ModTypeExp
}

// OpenDecl is `open mexp`.
type OpenDecl struct {
	Pos Pos
	Mod ModExp
}

// ImportDecl is `import "path"`.
type ImportDecl struct {
	Pos  Pos
	Path string
}

// LocalDecl is `local dec`: dec's names are not exported.
type LocalDecl struct {
	Pos  Pos
	Decl Decl
}

func (d *ModDecl) declPos() Pos     { return d.Pos }
func (d *ModTypeDecl) declPos() Pos { return d.Pos }
func (d *OpenDecl) declPos() Pos    { return d.Pos }
func (d *ImportDecl) declPos() Pos  { return d.Pos }
func (d *LocalDecl) declPos() Pos   { return d.Pos }

// ModExp is a module expression.
type ModExp interface{ modPos() Pos }

// MEVar is a (qualified) module name.
type MEVar struct {
	Pos  Pos
	Path []string
}

// MEStruct is `{ decs }`.
type MEStruct struct {
	Pos   Pos
	Decls []Decl
}

// MEApply is functor application `F A`.
type MEApply struct {
	Pos     Pos
	Fn, Arg ModExp
}

// MEAscript is `mexp : sig`.
type MEAscript struct {
	Pos Pos
	Mod ModExp
	Sig ModTypeExp
}

// MELambda is an anonymous functor `\(p: sig) : res -> body`.
type MELambda struct {
	Pos    Pos
	Param  ModParam
	Result ModTypeExp // nil when not given
	Body   ModExp
}

// MEImport is `import "path"` as a module expression.
type MEImport struct {
	Pos  Pos
	Path string
}

func (m *MEVar) modPos() Pos     { return m.Pos }
func (m *MEStruct) modPos() Pos  { return m.Pos }
func (m *MEApply) modPos() Pos   { return m.Pos }
func (m *MEAscript) modPos() Pos { return m.Pos }
func (m *MELambda) modPos() Pos  { return m.Pos }
func (m *MEImport) modPos() Pos  { return m.Pos }

// ModTypeExp is a module type expression.
type ModTypeExp interface{ sigPos() Pos }

// MTVar is a (qualified) module type name.
type MTVar struct {
	Pos  Pos
	Path []string
}

// MTSpecs is `{ specs }`.
type MTSpecs struct {
	Pos   Pos
	Specs []Spec
}

// MTWith is `sig with path params = t`.
type MTWith struct {
	Pos    Pos
	Sig    ModTypeExp
	Path   []string
	Params []TypeParam
	Type   TypeExp
}

// MTArrow is a functor type `(name: param) -> result` (Name may be "").
type MTArrow struct {
	Pos           Pos
	Name          string
	Param, Result ModTypeExp
}

func (m *MTVar) sigPos() Pos   { return m.Pos }
func (m *MTSpecs) sigPos() Pos { return m.Pos }
func (m *MTWith) sigPos() Pos  { return m.Pos }
func (m *MTArrow) sigPos() Pos { return m.Pos }

// Spec is one specification of a module type.
type Spec interface{ specPos() Pos }

// ValSpec is `val name params : t`.
type ValSpec struct {
	Pos        Pos
	Name       string
	TypeParams []TypeParam
	Type       TypeExp
	Text       string // the type as written, for messages
}

// TypeSpec is `type name params` (Type nil: abstract) or
// `type name params = t`.
type TypeSpec struct {
	Pos    Pos
	Name   string
	Lifted string
	Params []TypeParam
	Type   TypeExp
	Text   string // the spec as written, for messages
}

// ModSpec is `module name : sig`.
type ModSpec struct {
	Pos  Pos
	Name string
	Sig  ModTypeExp
}

// IncludeSpec is `include sig`.
type IncludeSpec struct {
	Pos Pos
	Sig ModTypeExp
}

func (s *ValSpec) specPos() Pos     { return s.Pos }
func (s *TypeSpec) specPos() Pos    { return s.Pos }
func (s *ModSpec) specPos() Pos     { return s.Pos }
func (s *IncludeSpec) specPos() Pos { return s.Pos }

// OpenExp is the local open `M.(e)`.
type OpenExp struct {
	Pos Pos
	Mod []string
	X   Exp
}

func (e *OpenExp) expPos() Pos { return e.Pos }
