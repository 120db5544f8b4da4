package frontend

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/antlr4-go/antlr/v4"

	"github.com/fcclang/fcc/grammar/parser"
)

// astBuilder converts the ANTLR parse tree into the AST. The grammar has
// already rejected malformed text; what remains are literals out of range
// and similar, reported as diagnostics.
type astBuilder struct {
	file string
	errs Diagnostics
	// inCase is set while a match case's pattern is built: only there
	// may patterns be refutable.
	inCase bool
}

func (b *astBuilder) pos(ctx antlr.ParserRuleContext) Pos {
	t := ctx.GetStart()
	return Pos{File: b.file, Line: t.GetLine(), Col: t.GetColumn() + 1}
}

// sourceText is the program text of ctx as written, spaces included
// (GetText joins the tokens without the whitespace between them).
func sourceText(ctx antlr.ParserRuleContext) string {
	start, stop := ctx.GetStart(), ctx.GetStop()
	if start == nil || stop == nil || stop.GetStop() < start.GetStart() {
		return ctx.GetText()
	}
	return start.GetInputStream().GetTextFromInterval(antlr.NewInterval(start.GetStart(), stop.GetStop()))
}

func (b *astBuilder) tokPos(t antlr.Token) Pos {
	return Pos{File: b.file, Line: t.GetLine(), Col: t.GetColumn() + 1}
}

func (b *astBuilder) errorf(pos Pos, format string, args ...any) {
	b.errs = append(b.errs, &Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

func (b *astBuilder) prog(ctx parser.IProgContext) *Prog {
	p := &Prog{}
	for _, d := range ctx.AllDec() {
		if decl := b.dec(d); decl != nil {
			p.Decls = append(p.Decls, decl)
		}
	}
	return p
}

func (b *astBuilder) dec(ctx parser.IDecContext) Decl {
	switch ctx := ctx.(type) {
	case *parser.AttrDecContext:
		d := b.dec(ctx.Dec())
		if vd, ok := d.(*ValDecl); ok {
			vd.Attrs = append(vd.Attrs, ctx.Attr().AttrInfo().GetText())
		}
		return d
	case *parser.LocalDecContext:
		return &LocalDecl{Pos: b.pos(ctx), Decl: b.dec(ctx.Dec())}
	case *parser.ValDecContext:
		return b.valBind(ctx.ValBind())
	case *parser.TypeDecContext:
		return b.typeBind(ctx.TypeBind())
	case *parser.ModTypeDecContext:
		return &ModTypeDecl{Pos: b.pos(ctx), Name: ctx.GetName().GetText(), Sig: b.modTypeExp(ctx.ModTypeExp())}
	case *parser.ModDecContext:
		return b.modBind(ctx.ModBind())
	case *parser.OpenDecContext:
		return &OpenDecl{Pos: b.pos(ctx), Mod: b.modExp(ctx.ModExp())}
	case *parser.ImportDecContext:
		pos := b.pos(ctx)
		return &ImportDecl{Pos: pos, Path: b.stringPath(pos, ctx.STRING_LIT().GetText())}
	}
	return &UnsupportedDecl{Pos: b.pos(ctx), What: "declarations of this kind"}
}

func (b *astBuilder) valBind(ctx parser.IValBindContext) Decl {
	switch ctx := ctx.(type) {
	case *parser.NamedValBindContext:
		d := &ValDecl{Pos: b.pos(ctx), Entry: ctx.ENTRY() != nil, Name: b.bindingId(ctx.BindingId())}
		for _, tp := range ctx.AllTypeParam() {
			d.TypeParams = append(d.TypeParams, b.typeParam(tp))
		}
		for _, fp := range ctx.AllFunParam() {
			d.Params = append(d.Params, b.innerPat(fp.InnerPat()))
		}
		if ctx.GetRetType() != nil {
			d.RetType = b.typeExp(ctx.GetRetType())
		}
		d.Body = b.exp(ctx.GetBody())
		return d
	case *parser.InfixValBindContext:
		d := &ValDecl{Pos: b.pos(ctx), Entry: ctx.ENTRY() != nil, Name: ctx.BindingBinOp().GetText()}
		d.Params = []Pat{b.innerPat(ctx.GetLhs().InnerPat()), b.innerPat(ctx.GetRhs().InnerPat())}
		if ctx.GetRetType() != nil {
			d.RetType = b.typeExp(ctx.GetRetType())
		}
		d.Body = b.exp(ctx.GetBody())
		return d
	}
	return &UnsupportedDecl{Pos: b.pos(ctx), What: "bindings of this kind"}
}

func (b *astBuilder) bindingId(ctx parser.IBindingIdContext) string {
	if ctx.IDENT() != nil {
		return ctx.IDENT().GetText()
	}
	return ctx.BindingBinOp().GetText()
}

func (b *astBuilder) typeParam(ctx parser.ITypeParamContext) TypeParam {
	switch ctx := ctx.(type) {
	case *parser.SizeTypeParamContext:
		return TypeParam{Pos: b.pos(ctx), Name: ctx.IDENT().GetText(), Size: true}
	case *parser.TypeVarParamContext:
		lift := strings.TrimPrefix(ctx.GetKind().GetText(), "'")
		return TypeParam{Pos: b.pos(ctx), Name: ctx.IDENT().GetText(), Lifted: lift}
	}
	return TypeParam{Pos: b.pos(ctx)}
}

func (b *astBuilder) typeBind(ctx parser.ITypeBindContext) Decl {
	tctx := ctx.(*parser.TypeBindContext)
	d := &TypeDecl{Pos: b.pos(tctx), Name: tctx.GetName().GetText(), Type: b.typeExp(tctx.TypeExp())}
	if tctx.GetLift() != nil {
		d.Lifted = tctx.GetLift().GetText()
	}
	for _, tp := range tctx.AllTypeParam() {
		d.Params = append(d.Params, b.typeParam(tp))
	}
	return d
}

// --- types ---

func (b *astBuilder) typeExp(ctx parser.ITypeExpContext) TypeExp {
	switch ctx := ctx.(type) {
	case *parser.NamedArrowTypeContext:
		ts := ctx.AllTypeExp()
		return &TEArrow{Pos: b.pos(ctx), ParamName: ctx.IDENT().GetText(), Param: b.typeExp(ts[0]), Result: b.typeExp(ts[1])}
	case *parser.ArrowTypeContext:
		return &TEArrow{Pos: b.pos(ctx), Param: b.typeTerm(ctx.TypeTerm()), Result: b.typeExp(ctx.TypeExp())}
	case *parser.ExistentialTypeContext:
		t := &TEExistential{Pos: b.pos(ctx), Type: b.typeExp(ctx.TypeExp())}
		for _, id := range ctx.AllIDENT() {
			t.Sizes = append(t.Sizes, id.GetText())
		}
		return t
	case *parser.TermTypeContext:
		return b.typeTerm(ctx.TypeTerm())
	}
	b.errorf(b.pos(ctx), "unsupported type")
	return &TETuple{Pos: b.pos(ctx)}
}

func (b *astBuilder) typeTerm(ctx parser.ITypeTermContext) TypeExp {
	switch ctx := ctx.(type) {
	case *parser.UniqueTypeContext:
		return &TEUnique{Pos: b.pos(ctx), Type: b.typeTerm(ctx.TypeTerm())}
	case *parser.ApplyTypeContext:
		t := b.typeAtom(ctx.TypeAtom())
		if args := ctx.AllTypeArg(); len(args) > 0 {
			name, ok := t.(*TEName)
			if !ok {
				b.errorf(b.pos(ctx), "only named types can be applied to arguments")
				return t
			}
			for _, a := range args {
				switch a := a.(type) {
				case *parser.SizeTypeArgContext:
					name.Args = append(name.Args, TypeArg{Size: b.sizeExp(a.SizeExp())})
				case *parser.TypeTypeArgContext:
					name.Args = append(name.Args, TypeArg{Type: b.typeAtom(a.TypeAtom())})
				}
			}
		}
		return t
	case *parser.SumTypeContext:
		return b.sumType(ctx)
	}
	b.errorf(b.pos(ctx), "unsupported type")
	return &TETuple{Pos: b.pos(ctx)}
}

func (b *astBuilder) typeAtom(ctx parser.ITypeAtomContext) TypeExp {
	switch ctx := ctx.(type) {
	case *parser.ParenTypeContext:
		return b.typeExp(ctx.TypeExp())
	case *parser.UnitTypeContext:
		return &TETuple{Pos: b.pos(ctx)}
	case *parser.TupleTypeContext:
		t := &TETuple{Pos: b.pos(ctx)}
		for _, e := range ctx.AllTypeExp() {
			t.Elems = append(t.Elems, b.typeExp(e))
		}
		return t
	case *parser.RecordTypeContext:
		t := &TERecord{Pos: b.pos(ctx)}
		for _, f := range ctx.AllFieldType() {
			t.Fields = append(t.Fields, FieldType{Name: f.FieldId().GetText(), Type: b.typeExp(f.TypeExp())})
		}
		return t
	case *parser.ArrayTypeContext:
		return &TEArray{Pos: b.pos(ctx), Dim: b.sizeExp(ctx.SizeExp()), Elem: b.typeTerm(ctx.TypeTerm())}
	case *parser.VarTypeContext:
		return &TEName{Pos: b.pos(ctx), Name: ctx.QualName().GetText()}
	}
	b.errorf(b.pos(ctx), "unsupported type")
	return &TETuple{Pos: b.pos(ctx)}
}

// sizeExp returns nil for the anonymous size `[]`.
func (b *astBuilder) sizeExp(ctx parser.ISizeExpContext) *SizeExp {
	if ctx.Exp() == nil {
		return nil
	}
	e := b.exp(ctx.Exp())
	s := &SizeExp{Pos: e.expPos()}
	switch x := e.(type) {
	case *VarExp:
		if len(x.Qual) == 0 {
			s.Name = x.Name
			return s
		}
	case *IntLit:
		s.Lit = int64(x.Value)
		return s
	}
	s.Exp = e
	return s
}

// --- patterns ---

func (b *astBuilder) pat(ctx parser.IPatContext) Pat {
	switch ctx := ctx.(type) {
	case *parser.AttrPatContext:
		return b.pat(ctx.Pat())
	case *parser.SimplePatContext:
		p := b.innerPat(ctx.InnerPat())
		if ctx.TypeExp() != nil {
			return &PAscript{Pos: b.pos(ctx), Pat: p, Type: b.typeExp(ctx.TypeExp())}
		}
		return p
	case *parser.ConstrPatContext:
		p := &PConstr{Pos: b.pos(ctx), Name: ctx.CONSTRUCTOR().GetText()[1:]}
		for _, a := range ctx.AllInnerPat() {
			p.Args = append(p.Args, b.innerPat(a))
		}
		return p
	}
	b.errorf(b.pos(ctx), "unsupported pattern")
	return &PWild{Pos: b.pos(ctx)}
}

func (b *astBuilder) innerPat(ctx parser.IInnerPatContext) Pat {
	switch ctx := ctx.(type) {
	case *parser.IdPatContext:
		return &PId{Pos: b.pos(ctx), Name: ctx.IDENT().GetText()}
	case *parser.OpIdPatContext:
		return &PId{Pos: b.pos(ctx), Name: ctx.BindingBinOp().GetText()}
	case *parser.WildcardPatContext:
		return &PWild{Pos: b.pos(ctx)}
	case *parser.UnitPatContext:
		return &PTuple{Pos: b.pos(ctx)}
	case *parser.ParenPatContext:
		return b.pat(ctx.Pat())
	case *parser.TuplePatContext:
		p := &PTuple{Pos: b.pos(ctx)}
		for _, e := range ctx.AllPat() {
			p.Elems = append(p.Elems, b.pat(e))
		}
		return p
	case *parser.RecordPatContext:
		p := &PRecord{Pos: b.pos(ctx)}
		for _, f := range ctx.AllFieldPat() {
			name := f.FieldId().GetText()
			var sub Pat = &PId{Pos: b.pos(f), Name: name}
			switch {
			case f.Pat() != nil:
				sub = b.pat(f.Pat())
			case f.TypeExp() != nil:
				sub = &PAscript{Pos: b.pos(f), Pat: sub, Type: b.typeExp(f.TypeExp())}
			}
			p.Fields = append(p.Fields, PatField{Name: name, Pat: sub})
		}
		return p
	case *parser.NullaryConstrPatContext:
		return &PConstr{Pos: b.pos(ctx), Name: ctx.CONSTRUCTOR().GetText()[1:]}
	case *parser.NumLiteralPatContext:
		p := &PLit{Pos: b.pos(ctx), Neg: ctx.MINUS() != nil}
		if t := ctx.INT_LIT(); t != nil {
			p.Lit = b.intLit(b.tokPos(t.GetSymbol()), t.GetText())
		} else {
			t := ctx.FLOAT_LIT()
			p.Lit = b.floatLit(b.tokPos(t.GetSymbol()), t.GetText())
		}
		return b.refutable(p)
	case *parser.OtherLiteralPatContext:
		p := &PLit{Pos: b.pos(ctx)}
		switch {
		case ctx.TRUE() != nil:
			p.Lit = &BoolLit{Pos: p.Pos, Value: true}
		case ctx.FALSE() != nil:
			p.Lit = &BoolLit{Pos: p.Pos, Value: false}
		default:
			text := ctx.GetText()
			s, err := unquote(text[1 : len(text)-1])
			if err != nil || len([]rune(s)) != 1 {
				b.errorf(p.Pos, "invalid character literal %s", text)
			} else {
				p.Lit = &IntLit{Pos: p.Pos, Value: uint64([]rune(s)[0])}
			}
		}
		return b.refutable(p)
	}
	b.errorf(b.pos(ctx), "unsupported pattern")
	return &PWild{Pos: b.pos(ctx)}
}

// --- expressions ---

func (b *astBuilder) exp(ctx parser.IExpContext) Exp {
	switch ctx := ctx.(type) {
	case *parser.AscriptExpContext:
		return &AscriptExp{Pos: b.pos(ctx), X: b.exp(ctx.Exp()), Type: b.typeExp(ctx.TypeExp())}
	case *parser.CoerceExpContext:
		return &CoerceExp{Pos: b.pos(ctx), X: b.exp(ctx.Exp()), Type: b.typeExp(ctx.TypeExp())}
	case *parser.PlainExpContext:
		return b.exp2(ctx.Exp2())
	}
	return &UnsupportedExp{Pos: b.pos(ctx), What: "expressions of this kind"}
}

// splitOp separates a qualified operator token such as M.+ into its
// qualifiers and the operator.
func splitOp(text string) ([]string, string) {
	i := strings.IndexAny(text, "+-*/%=!><|&^")
	if i <= 0 {
		return nil, text
	}
	return strings.Split(strings.TrimSuffix(text[:i], "."), "."), text[i:]
}

func (b *astBuilder) exp2(ctx parser.IExp2Context) Exp {
	switch ctx := ctx.(type) {
	case *parser.ApplyExpContext:
		atoms := ctx.AllAtom()
		fn := b.atom(atoms[0])
		if c, ok := fn.(*ConstrExp); ok {
			for _, a := range atoms[1:] {
				c.Args = append(c.Args, b.atom(a))
			}
			return c
		}
		if len(atoms) == 1 {
			return fn
		}
		app := &ApplyExp{Pos: b.pos(ctx), Fn: fn}
		for _, a := range atoms[1:] {
			app.Args = append(app.Args, b.atom(a))
		}
		return app
	case *parser.NegateExpContext:
		x := b.exp2(ctx.Exp2())
		return &NegateExp{Pos: b.pos(ctx), X: x}
	case *parser.NotExpContext:
		return &NotExp{Pos: b.pos(ctx), X: b.exp2(ctx.Exp2())}
	case *parser.BinOpExpContext:
		qual, op := splitOp(ctx.GetOp().GetText())
		return &BinOpExp{Pos: b.tokPos(ctx.GetOp()), Op: op, Qual: qual, L: b.exp2(ctx.Exp2(0)), R: b.exp2(ctx.Exp2(1))}
	case *parser.BacktickExpContext:
		names := strings.Split(ctx.QualName().GetText(), ".")
		return &BinOpExp{Pos: b.pos(ctx.QualName()), Op: names[len(names)-1], Qual: names[:len(names)-1], Backtick: true, L: b.exp2(ctx.Exp2(0)), R: b.exp2(ctx.Exp2(1))}
	case *parser.UpdateExpContext:
		first := updStep{pos: b.pos(ctx.Lbracket()), index: ctx.DimIndices()}
		return b.withExp(b.pos(ctx), ctx.Exp2(0), b.updSteps([]updStep{first}, ctx.AllUpdateStep()), b.exp2(ctx.Exp2(1)))
	case *parser.RecordUpdateExpContext:
		first := updStep{pos: b.pos(ctx.FieldId()), field: ctx.FieldId().GetText()}
		return b.withExp(b.pos(ctx), ctx.Exp2(0), b.updSteps([]updStep{first}, ctx.AllUpdateStep()), b.exp2(ctx.Exp2(1)))
	case *parser.RangeExpContext:
		return b.rangeExp(ctx)
	case *parser.IfExpContext:
		es := ctx.AllExp()
		return &IfExp{Pos: b.pos(ctx), Cond: b.exp(es[0]), Then: b.exp(es[1]), Else: b.exp(es[2])}
	case *parser.LetExpContext:
		return b.letBinding(ctx.LetBinding())
	case *parser.LoopExpContext:
		return b.loop(ctx)
	case *parser.MatchExpContext:
		return b.match(ctx)
	case *parser.LambdaExpContext:
		l := &LambdaExp{Pos: b.pos(ctx), Body: b.exp(ctx.Exp())}
		for _, p := range ctx.AllFunParam() {
			l.Params = append(l.Params, b.innerPat(p.InnerPat()))
		}
		if ctx.TypeTerm() != nil {
			l.RetType = b.typeTerm(ctx.TypeTerm())
		}
		return l
	case *parser.AssertExpContext:
		atoms := ctx.AllAtom()
		return &AssertExp{Pos: b.pos(ctx), Cond: b.atom(atoms[0]), X: b.atom(atoms[1]), Text: sourceText(atoms[0])}
	case *parser.AttrExpContext:
		return &AttrExp{Pos: b.pos(ctx), Attr: ctx.Attr().AttrInfo().GetText(), X: b.exp(ctx.Exp())}
	}
	return &UnsupportedExp{Pos: b.pos(ctx), What: "expressions of this kind"}
}

func (b *astBuilder) letBinding(ctx parser.ILetBindingContext) Exp {
	switch ctx := ctx.(type) {
	case *parser.LetPatContext:
		l := &LetExp{Pos: b.pos(ctx), Pat: b.pat(ctx.Pat()), Value: b.exp(ctx.Exp()), Body: b.letBody(ctx.LetBody())}
		for _, id := range ctx.AllIDENT() {
			l.Sizes = append(l.Sizes, id.GetText())
		}
		return l
	case *parser.LetFunContext:
		f := &LetFunExp{Pos: b.pos(ctx), Name: ctx.IDENT().GetText(), Value: b.exp(ctx.Exp()), Body: b.letBody(ctx.LetBody())}
		if tps, ok := ctx.LocalFunTypeParams().(*parser.LocalFunTypeParamsContext); ok && tps != nil {
			if id := tps.IDENT(); id != nil {
				f.TypeParams = append(f.TypeParams, TypeParam{Pos: b.tokPos(id.GetSymbol()), Name: id.GetText(), Size: true})
			}
			for _, tp := range tps.AllTypeParam() {
				f.TypeParams = append(f.TypeParams, b.typeParam(tp))
			}
		}
		for _, p := range ctx.AllFunParam() {
			f.Params = append(f.Params, b.innerPat(p.InnerPat()))
		}
		if ctx.TypeExp() != nil {
			f.RetType = b.typeExp(ctx.TypeExp())
		}
		return f
	case *parser.LetWithContext:
		return b.letWith(ctx)
	}
	return &UnsupportedExp{Pos: b.pos(ctx), What: "let bindings of this kind"}
}

// updStep is one step of an in-place update's path: a field (`.x`) or an
// index (`[i, j:k]`). An index is kept as its parse tree, so that each
// copy of it the desugaring needs is a fresh AST (the checker keys its
// tables by node).
type updStep struct {
	pos   Pos
	field string                    // a field, or
	index parser.IDimIndicesContext // an index
}

func (b *astBuilder) updSteps(steps []updStep, ctxs []parser.IUpdateStepContext) []updStep {
	for _, st := range ctxs {
		switch st := st.(type) {
		case *parser.FieldStepContext:
			steps = append(steps, updStep{pos: b.pos(st.FieldId()), field: st.FieldId().GetText()})
		case *parser.IndexStepContext:
			steps = append(steps, updStep{pos: b.tokPos(st.INDEX_LBRACKET().GetSymbol()), index: st.DimIndices()})
		}
	}
	return steps
}

// updGroups splits a path into the runs that one update handles: fields
// in a row (`r with x.y = v`), or indices in a row, where `[i][j]` is
// `[i, j]` as long as the indices before are not slices.
func updGroups(steps []updStep) [][]updStep {
	var out [][]updStep
	for i, st := range steps {
		if i > 0 {
			last := out[len(out)-1]
			prev := last[len(last)-1]
			if (st.index == nil) == (prev.index == nil) && (st.index == nil || plainIndices(last)) {
				out[len(out)-1] = append(last, st)
				continue
			}
		}
		out = append(out, []updStep{st})
	}
	return out
}

// plainIndices says whether a run of index steps has no slices.
func plainIndices(g []updStep) bool {
	for _, st := range g {
		for _, d := range st.index.AllDimIndex() {
			if len(d.(*parser.DimIndexContext).AllCOLON()) > 0 {
				return false
			}
		}
	}
	return true
}

// groupIndices is a fresh AST of a run of index steps' indices.
func (b *astBuilder) groupIndices(g []updStep) []Slice {
	var out []Slice
	for _, st := range g {
		out = append(out, b.dimIndices(st.index)...)
	}
	return out
}

// withExp is `base with path = v`. A path of one run is an UpdateExp or
// a RecordUpdateExp as written; a longer one is desugared by updatePath.
// The base is then needed more than once, so anything but a variable is
// bound first, to a name no program can write (its source text), which
// is also what a message about consuming it shows.
func (b *astBuilder) withExp(pos Pos, baseCtx parser.IExp2Context, steps []updStep, v Exp) Exp {
	groups := updGroups(steps)
	x := b.exp2(baseCtx)
	if len(groups) == 1 {
		return b.updatePath(pos, func() Exp { return x }, groups, v, false)
	}
	inner := x
	for {
		p, ok := inner.(*ParenExp)
		if !ok {
			break
		}
		inner = p.X
	}
	if xv, ok := inner.(*VarExp); ok && len(xv.Qual) == 0 {
		return b.updatePath(pos, func() Exp { return &VarExp{Pos: xv.Pos, Name: xv.Name} }, groups, v, false)
	}
	tmp, xpos := sourceText(baseCtx), x.expPos()
	body := b.updatePath(pos, func() Exp { return &VarExp{Pos: xpos, Name: tmp} }, groups, v, false)
	return &LetExp{Pos: pos, Pat: &PId{Pos: xpos, Name: tmp}, Value: x, Body: body}
}

// letWith is `let a path = v in body`, which is `let a = a with path = v
// in body`; `let a[i] = v` stays a LetWithExp.
func (b *astBuilder) letWith(ctx *parser.LetWithContext) Exp {
	pos, name := b.pos(ctx), ctx.IDENT().GetText()
	npos := b.tokPos(ctx.IDENT().GetSymbol())
	groups := updGroups(b.updSteps(nil, ctx.AllUpdateStep()))
	v, body := b.exp(ctx.Exp()), b.letBody(ctx.LetBody())
	if len(groups) == 1 && groups[0][0].index != nil {
		return &LetWithExp{Pos: pos, Name: name, Indices: b.groupIndices(groups[0]), Value: v, Body: body}
	}
	upd := b.updatePath(pos, func() Exp { return &VarExp{Pos: npos, Name: name} }, groups, v, false)
	return &LetExp{Pos: pos, Pat: &PId{Pos: npos, Name: name}, Value: upd, Body: body}
}

// updatePath desugars `base with path = v`, the path split into runs,
// into the updates the checker knows, nested as deep as the path goes:
//
//	base with x.y rest = v   is  base with x.y = (base.x.y with rest = v)
//	base with [i] rest = v   is  base with [i] = (base[i] with rest = v)
//
// base returns a fresh AST of the base each call. Every update is at pos,
// the position of the whole expression (where a consumption error of the
// simple forms points too); the projections and indexings read at their
// steps' positions. Only array updates consume, and an update below an
// index would consume base a second time (base[i] aliases base, which
// the outer update consumes), so it updates a copy instead
// (`a with [i].xs[j] = v` is `a with [i] = (a[i] with xs = (copy
// a[i].xs with [j] = v))`; the copy is the prelude's `copy`, so a
// program that defines its own gets that one); fields alone nest
// without one, and so do indices in a row, which are one run.
func (b *astBuilder) updatePath(pos Pos, base func() Exp, groups [][]updStep, v Exp, belowIndex bool) Exp {
	g := groups[0]
	if g[0].index == nil {
		fields := make([]string, len(g))
		for i, st := range g {
			fields[i] = st.field
		}
		value := v
		if len(groups) > 1 {
			proj := func() Exp {
				x := base()
				for _, st := range g {
					x = &ProjectExp{Pos: st.pos, X: x, Field: st.field}
				}
				return x
			}
			value = b.updatePath(pos, proj, groups[1:], v, belowIndex)
		}
		return &RecordUpdateExp{Pos: pos, X: base(), Fields: fields, Value: value}
	}
	x := base()
	if belowIndex {
		x = &ApplyExp{Pos: g[0].pos, Fn: &VarExp{Pos: g[0].pos, Name: "copy"}, Args: []Exp{x}}
	}
	value := v
	if len(groups) > 1 {
		idx := func() Exp { return &IndexExp{Pos: g[0].pos, X: base(), Indices: b.groupIndices(g)} }
		value = b.updatePath(pos, idx, groups[1:], v, true)
	}
	return &UpdateExp{Pos: pos, X: x, Indices: b.groupIndices(g), Value: value}
}

func (b *astBuilder) letBody(ctx parser.ILetBodyContext) Exp {
	switch ctx := ctx.(type) {
	case *parser.InLetBodyContext:
		return b.exp(ctx.Exp())
	case *parser.ChainLetBodyContext:
		return b.letBinding(ctx.LetBinding())
	}
	return &UnsupportedExp{Pos: b.pos(ctx), What: "let bodies of this kind"}
}

func (b *astBuilder) loop(ctx *parser.LoopExpContext) Exp {
	l := &LoopExp{Pos: b.pos(ctx), Pat: b.pat(ctx.Pat()), Body: b.exp(ctx.GetBody())}
	if ctx.GetInit() != nil {
		l.Init = b.exp(ctx.GetInit())
	}
	switch f := ctx.LoopForm().(type) {
	case *parser.ForUpToLoopContext:
		l.ForIndex = f.IDENT().GetText()
		l.ForBound = b.exp(f.Exp())
	case *parser.ForInLoopContext:
		l.ForInPat = b.pat(f.Pat())
		l.ForInArr = b.exp(f.Exp())
	case *parser.WhileLoopContext:
		l.While = b.exp(f.Exp())
	}
	return l
}

func (b *astBuilder) dimIndices(ctx parser.IDimIndicesContext) []Slice {
	var out []Slice
	for _, d := range ctx.AllDimIndex() {
		dc := d.(*parser.DimIndexContext)
		if len(dc.AllCOLON()) == 0 {
			out = append(out, Slice{Index: b.exp2(dc.GetLo())})
			continue
		}
		s := Slice{IsSlice: true}
		if dc.GetLo() != nil {
			s.Start = b.exp2(dc.GetLo())
		}
		if dc.GetHi() != nil {
			s.End = b.exp2(dc.GetHi())
		}
		if dc.GetStride() != nil {
			s.Step = b.exp2(dc.GetStride())
		}
		out = append(out, s)
	}
	return out
}

func (b *astBuilder) atom(ctx parser.IAtomContext) Exp {
	switch ctx := ctx.(type) {
	case *parser.ProjectAtomContext:
		return &ProjectExp{Pos: b.pos(ctx), X: b.atom(ctx.Atom()), Field: ctx.FieldId().GetText()}
	case *parser.IndexAtomContext:
		return &IndexExp{Pos: b.pos(ctx), X: b.atom(ctx.Atom()), Indices: b.dimIndices(ctx.DimIndices())}
	case *parser.LiteralAtomContext:
		return b.literal(ctx.Literal())
	case *parser.VarAtomContext:
		return &VarExp{Pos: b.pos(ctx), Name: ctx.IDENT().GetText()}
	case *parser.UnitAtomContext:
		return &TupleExp{Pos: b.pos(ctx)}
	case *parser.ParenAtomContext:
		return &ParenExp{Pos: b.pos(ctx), X: b.exp(ctx.Exp())}
	case *parser.TupleAtomContext:
		t := &TupleExp{Pos: b.pos(ctx)}
		for _, e := range ctx.AllExp() {
			t.Elems = append(t.Elems, b.exp(e))
		}
		return t
	case *parser.ArrayAtomContext:
		a := &ArrayLitExp{Pos: b.pos(ctx)}
		for _, e := range ctx.AllExp() {
			a.Elems = append(a.Elems, b.exp(e))
		}
		return a
	case *parser.RecordAtomContext:
		r := &RecordExp{Pos: b.pos(ctx)}
		for _, f := range ctx.AllField() {
			switch f := f.(type) {
			case *parser.ExplicitFieldContext:
				r.Fields = append(r.Fields, FieldExp{Name: f.FieldId().GetText(), Exp: b.exp(f.Exp())})
			case *parser.ImplicitFieldContext:
				name := f.IDENT().GetText()
				r.Fields = append(r.Fields, FieldExp{Name: name, Exp: &VarExp{Pos: b.pos(f), Name: name}})
			}
		}
		return r
	case *parser.MinusSectionAtomContext:
		return &OpSectionExp{Pos: b.pos(ctx), Op: "-"}
	case *parser.OpSectionAtomContext:
		return b.section(ctx.SectionOp(), "", nil, nil, b.pos(ctx))
	case *parser.LeftSectionAtomContext:
		left := b.exp2(ctx.Exp2())
		if ctx.SectionOp() == nil {
			return &OpSectionExp{Pos: b.pos(ctx), Op: "-", Left: left}
		}
		return b.section(ctx.SectionOp(), "", left, nil, b.pos(ctx))
	case *parser.RightSectionAtomContext:
		return b.section(ctx.SectionOp(), "", nil, b.exp2(ctx.Exp2()), b.pos(ctx))
	case *parser.ProjectSectionAtomContext:
		s := &ProjectSectionExp{Pos: b.pos(ctx)}
		for _, f := range ctx.AllFieldId() {
			s.Fields = append(s.Fields, f.GetText())
		}
		return s
	case *parser.IndexSectionAtomContext:
		return &IndexSectionExp{Pos: b.pos(ctx), Indices: b.dimIndices(ctx.DimIndices())}
	case *parser.HoleAtomContext:
		return &HoleExp{Pos: b.pos(ctx)}
	case *parser.ConstrAtomContext:
		return &ConstrExp{Pos: b.pos(ctx), Name: ctx.CONSTRUCTOR().GetText()[1:]}
	case *parser.OpenAtomContext:
		return b.openAtom(ctx)
	}
	return &UnsupportedExp{Pos: b.pos(ctx), What: "expressions of this kind"}
}

func (b *astBuilder) section(op parser.ISectionOpContext, _ string, left, right Exp, pos Pos) Exp {
	text := op.GetText()
	if strings.HasPrefix(text, "`") {
		names := strings.Split(strings.Trim(text, "`"), ".")
		return &OpSectionExp{Pos: pos, Op: names[len(names)-1], Qual: names[:len(names)-1], Backtick: true, Left: left, Right: right}
	}
	qual, name := splitOp(text)
	return &OpSectionExp{Pos: pos, Op: name, Qual: qual, Left: left, Right: right}
}

func (b *astBuilder) literal(ctx parser.ILiteralContext) Exp {
	pos := b.pos(ctx)
	text := ctx.GetText()
	lc := ctx.(*parser.LiteralContext)
	switch {
	case lc.TRUE() != nil:
		return &BoolLit{Pos: pos, Value: true}
	case lc.FALSE() != nil:
		return &BoolLit{Pos: pos, Value: false}
	case lc.INT_LIT() != nil:
		return b.intLit(pos, text)
	case lc.FLOAT_LIT() != nil:
		return b.floatLit(pos, text)
	case lc.CHAR_LIT() != nil:
		s, err := unquote(text[1 : len(text)-1])
		if err != nil || len([]rune(s)) != 1 {
			b.errorf(pos, "invalid character literal %s", text)
			return &IntLit{Pos: pos, Suffix: "u8"}
		}
		// A character literal is its code point, an overloaded integer
		// literal as in Futhark (i32 unless the context says otherwise).
		return &IntLit{Pos: pos, Value: uint64([]rune(s)[0])}
	}
	s, err := unquote(text[1 : len(text)-1])
	if err != nil {
		b.errorf(pos, "invalid string literal: %v", err)
	}
	return &StringLit{Pos: pos, Value: s}
}

// unquote decodes the escapes of a character or string literal's body.
func unquote(body string) (string, error) {
	var out strings.Builder
	for i := 0; i < len(body); i++ {
		ch := body[i]
		if ch != '\\' {
			out.WriteByte(ch)
			continue
		}
		i++
		if i >= len(body) {
			return "", fmt.Errorf("unfinished escape")
		}
		switch e := body[i]; e {
		case 'n':
			out.WriteByte('\n')
		case 't':
			out.WriteByte('\t')
		case 'r':
			out.WriteByte('\r')
		case '0':
			out.WriteByte(0)
		case 'a':
			out.WriteByte(7)
		case 'b':
			out.WriteByte(8)
		case 'f':
			out.WriteByte(12)
		case 'v':
			out.WriteByte(11)
		case '\\', '\'', '"':
			out.WriteByte(e)
		case 'x', 'u', 'U':
			n := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
			if i+n >= len(body) {
				return "", fmt.Errorf("short \\%c escape", e)
			}
			v, err := strconv.ParseUint(body[i+1:i+1+n], 16, 32)
			if err != nil {
				return "", fmt.Errorf("bad \\%c escape", e)
			}
			out.WriteRune(rune(v))
			i += n
		default:
			return "", fmt.Errorf("unknown escape \\%c", e)
		}
	}
	return out.String(), nil
}

var intSuffixes = []string{"i8", "i16", "i32", "i64", "u8", "u16", "u32", "u64"}

func (b *astBuilder) intLit(pos Pos, text string) Exp {
	lit := &IntLit{Pos: pos}
	for _, s := range intSuffixes {
		if strings.HasSuffix(text, s) {
			lit.Suffix = s
			text = strings.TrimSuffix(text, s)
			break
		}
	}
	digits := strings.ReplaceAll(text, "_", "")
	var v uint64
	var err error
	switch {
	case strings.HasPrefix(strings.ToLower(digits), "0r"):
		v, err = roman(digits[2:])
	default:
		v, err = strconv.ParseUint(digits, 0, 64)
	}
	if err != nil {
		b.errorf(pos, "integer literal %s does not fit in 64 bits", text)
	}
	lit.Value = v
	return lit
}

func roman(s string) (uint64, error) {
	vals := map[byte]uint64{'I': 1, 'V': 5, 'X': 10, 'L': 50, 'C': 100, 'D': 500, 'M': 1000}
	var total uint64
	for i := 0; i < len(s); i++ {
		v := vals[s[i]]
		if i+1 < len(s) && vals[s[i+1]] > v {
			total -= v
		} else {
			total += v
		}
	}
	return total, nil
}

func (b *astBuilder) floatLit(pos Pos, text string) Exp {
	lit := &FloatLit{Pos: pos}
	for _, s := range []string{"f16", "f32", "f64"} {
		if strings.HasSuffix(text, s) {
			lit.Suffix = s
			text = strings.TrimSuffix(text, s)
			break
		}
	}
	digits := strings.ReplaceAll(text, "_", "")
	v, err := strconv.ParseFloat(digits, 64)
	if err != nil && !math.IsInf(v, 0) {
		b.errorf(pos, "invalid float literal %s", text)
	}
	lit.Value = v
	return lit
}

// rangeExp builds a range. The grammar parses a..b...c as (a..b) ... c;
// an inclusive range on the left of another range operator is that stride
// form, unless it was parenthesised. Otherwise a...c is Futhark's
// inclusive range, which fcc also writes a..c.
func (b *astBuilder) rangeExp(ctx *parser.RangeExpContext) Exp {
	op := ctx.GetOp().GetText()
	r := &RangeExp{Pos: b.pos(ctx), End: b.exp2(ctx.Exp2(1)), EndKind: op}
	if inner, ok := ctx.Exp2(0).(*parser.RangeExpContext); ok && inner.GetOp().GetText() == ".." && op != ".." {
		r.Start, r.Second = b.exp2(inner.Exp2(0)), b.exp2(inner.Exp2(1))
		if op == "..." {
			r.EndKind = ".."
		}
		return r
	}
	if op == "..." {
		// Futhark's inclusive range a...c; a..c is the same range.
		r.EndKind = ".."
	}
	if _, ok := ctx.Exp2(0).(*parser.RangeExpContext); ok {
		b.errorf(b.pos(ctx), "a range cannot be the start of another range")
	}
	r.Start = b.exp2(ctx.Exp2(0))
	return r
}
