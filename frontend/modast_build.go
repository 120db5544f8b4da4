package frontend

import (
	"strings"

	"github.com/fcclang/fcc/grammar/parser"
)

// Building the module language's AST from the parse tree.

func (b *astBuilder) stringPath(pos Pos, text string) string {
	s, err := unquote(text[1 : len(text)-1])
	if err != nil {
		b.errorf(pos, "invalid import path: %v", err)
	}
	return s
}

func (b *astBuilder) modBind(ctx parser.IModBindContext) Decl {
	c := ctx.(*parser.ModBindContext)
	d := &ModDecl{Pos: b.pos(c), Name: c.GetName().GetText(), Body: b.modExp(c.ModExp())}
	for _, p := range c.AllModParam() {
		d.Params = append(d.Params, b.modParam(p))
	}
	if c.ModTypeExp() != nil {
		d.Sig = b.modTypeExp(c.ModTypeExp())
	}
	return d
}

func (b *astBuilder) modParam(ctx parser.IModParamContext) ModParam {
	c := ctx.(*parser.ModParamContext)
	return ModParam{Pos: b.pos(c), Name: c.IDENT().GetText(), Sig: b.modTypeExp(c.ModTypeExp())}
}

func (b *astBuilder) modExp(ctx parser.IModExpContext) ModExp {
	switch c := ctx.(type) {
	case *parser.AscriptModExpContext:
		return &MEAscript{Pos: b.pos(c), Mod: b.modExp(c.ModExp()), Sig: b.modTypeExp(c.ModTypeExp())}
	case *parser.LambdaModExpContext:
		m := &MELambda{Pos: b.pos(c), Param: b.modParam(c.ModParam()), Body: b.modExp(c.ModExp())}
		if s := c.SimpleModTypeExp(); s != nil {
			m.Result = b.simpleModTypeExp(s)
		}
		return m
	case *parser.ImportModExpContext:
		pos := b.pos(c)
		return &MEImport{Pos: pos, Path: b.stringPath(pos, c.STRING_LIT().GetText())}
	case *parser.ApplyModExpContext:
		atoms := c.AllModExpAtom()
		m := b.modExpAtom(atoms[0])
		for _, a := range atoms[1:] {
			m = &MEApply{Pos: b.pos(c), Fn: m, Arg: b.modExpAtom(a)}
		}
		return m
	case *parser.AtomModExpContext:
		return b.modExpAtom(c.ModExpAtom())
	}
	b.errorf(b.pos(ctx), "unsupported module expression")
	return &MEStruct{Pos: b.pos(ctx)}
}

func (b *astBuilder) modExpAtom(ctx parser.IModExpAtomContext) ModExp {
	switch c := ctx.(type) {
	case *parser.ParenModExpContext:
		return b.modExp(c.ModExp())
	case *parser.VarModExpContext:
		return &MEVar{Pos: b.pos(c), Path: strings.Split(c.QualName().GetText(), ".")}
	case *parser.StructModExpContext:
		m := &MEStruct{Pos: b.pos(c)}
		for _, d := range c.AllDec() {
			if decl := b.dec(d); decl != nil {
				m.Decls = append(m.Decls, decl)
			}
		}
		return m
	}
	b.errorf(b.pos(ctx), "unsupported module expression")
	return &MEStruct{Pos: b.pos(ctx)}
}

func (b *astBuilder) simpleModTypeExp(ctx parser.ISimpleModTypeExpContext) ModTypeExp {
	c := ctx.(*parser.SimpleModTypeExpContext)
	if c.QualName() != nil {
		return &MTVar{Pos: b.pos(c), Path: strings.Split(c.QualName().GetText(), ".")}
	}
	return b.modTypeExp(c.ModTypeExp())
}

func (b *astBuilder) modTypeExp(ctx parser.IModTypeExpContext) ModTypeExp {
	switch c := ctx.(type) {
	case *parser.VarModTypeContext:
		return &MTVar{Pos: b.pos(c), Path: strings.Split(c.QualName().GetText(), ".")}
	case *parser.SpecsModTypeContext:
		m := &MTSpecs{Pos: b.pos(c)}
		for _, s := range c.AllSpec() {
			m.Specs = append(m.Specs, b.spec(s))
		}
		return m
	case *parser.WithModTypeContext:
		w := &MTWith{Pos: b.pos(c.QualName()), Sig: b.modTypeExp(c.ModTypeExp()),
			Path: strings.Split(c.QualName().GetText(), "."), Type: b.typeTerm(c.TypeTerm())}
		for _, tp := range c.AllTypeParam() {
			w.Params = append(w.Params, b.typeParam(tp))
		}
		return w
	case *parser.ParenModTypeContext:
		return b.modTypeExp(c.ModTypeExp())
	case *parser.NamedArrowModTypeContext:
		return &MTArrow{Pos: b.pos(c), Name: c.IDENT().GetText(), Param: b.modTypeExp(c.ModTypeExp(0)), Result: b.modTypeExp(c.ModTypeExp(1))}
	case *parser.ArrowModTypeContext:
		return &MTArrow{Pos: b.pos(c), Param: b.modTypeExp(c.ModTypeExp(0)), Result: b.modTypeExp(c.ModTypeExp(1))}
	}
	b.errorf(b.pos(ctx), "unsupported module type")
	return &MTSpecs{Pos: b.pos(ctx)}
}

func (b *astBuilder) spec(ctx parser.ISpecContext) Spec {
	switch c := ctx.(type) {
	case *parser.AttrSpecContext:
		return b.spec(c.Spec())
	case *parser.ValSpecContext:
		s := &ValSpec{Pos: b.pos(c), Type: b.typeExp(c.TypeExp()), Text: sourceText(c.TypeExp())}
		if c.BindingId() != nil {
			s.Name = b.bindingId(c.BindingId())
		} else {
			s.Name = c.BindingBinOp().GetText()
		}
		for _, tp := range c.AllTypeParam() {
			s.TypeParams = append(s.TypeParams, b.typeParam(tp))
		}
		return s
	case *parser.TypeAbbrSpecContext:
		d := b.typeBind(c.TypeBind()).(*TypeDecl)
		return &TypeSpec{Pos: d.Pos, Name: d.Name, Lifted: d.Lifted, Params: d.Params, Type: d.Type, Text: sourceText(c.TypeBind())}
	case *parser.AbstractTypeSpecContext:
		s := &TypeSpec{Pos: b.pos(c), Name: c.GetName().GetText()}
		if c.GetLift() != nil {
			s.Lifted = c.GetLift().GetText()
		}
		for _, tp := range c.AllTypeParam() {
			s.Params = append(s.Params, b.typeParam(tp))
		}
		return s
	case *parser.ModSpecContext:
		return &ModSpec{Pos: b.pos(c), Name: c.IDENT().GetText(), Sig: b.modTypeExp(c.ModTypeExp())}
	case *parser.IncludeSpecContext:
		return &IncludeSpec{Pos: b.pos(c), Sig: b.modTypeExp(c.ModTypeExp())}
	}
	b.errorf(b.pos(ctx), "unsupported specification")
	return &IncludeSpec{Pos: b.pos(ctx), Sig: &MTSpecs{Pos: b.pos(ctx)}}
}

// openAtom is `M.(e)`: the module path is the projection chain before
// the parenthesis.
func (b *astBuilder) openAtom(c *parser.OpenAtomContext) Exp {
	pos := b.pos(c)
	path := strings.Split(c.Atom().GetText(), ".")
	for _, p := range path {
		if p == "" || !isIdent(p) {
			b.errorf(pos, "a local open M.(e) needs a module name before the dot")
			return &TupleExp{Pos: pos}
		}
	}
	return &OpenExp{Pos: pos, Mod: path, X: b.exp(c.Exp())}
}

func isIdent(s string) bool {
	for i, r := range s {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && (r >= '0' && r <= '9' || r == '\'')) {
			return false
		}
	}
	return s != ""
}
