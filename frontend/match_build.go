package frontend

import "github.com/fcclang/fcc/grammar/parser"

// Building sum types, constructor patterns and match from the parse tree.

func (b *astBuilder) sumType(ctx *parser.SumTypeContext) TypeExp {
	t := &TESum{Pos: b.pos(ctx)}
	for _, cl := range ctx.AllSumClause() {
		cc := cl.(*parser.SumClauseContext)
		c := TEConstr{Pos: b.pos(cc), Name: cc.CONSTRUCTOR().GetText()[1:]}
		for _, a := range cc.AllTypeAtom() {
			c.Payload = append(c.Payload, b.typeAtom(a))
		}
		t.Constrs = append(t.Constrs, c)
	}
	return t
}

// refutable accepts a literal pattern in a match case and reports it
// elsewhere, as Futhark does. (A constructor pattern is irrefutable when
// its type has one constructor, which the checker decides.)
func (b *astBuilder) refutable(p Pat) Pat {
	if !b.inCase {
		b.errorf(p.patPos(), "Refutable pattern not allowed here: refutable patterns (literals, constructors) are only allowed in match cases")
		return &PWild{Pos: p.patPos()}
	}
	return p
}

func (b *astBuilder) match(ctx *parser.MatchExpContext) Exp {
	m := &MatchExp{Pos: b.pos(ctx), X: b.exp(ctx.Exp())}
	for _, cl := range ctx.AllCaseClause() {
		cc := cl.(*parser.CaseClauseContext)
		saved := b.inCase
		b.inCase = true
		p := b.pat(cc.Pat())
		b.inCase = saved
		m.Cases = append(m.Cases, MatchCase{Pos: b.pos(cc), Pat: p, Body: b.exp(cc.Exp())})
	}
	return m
}
