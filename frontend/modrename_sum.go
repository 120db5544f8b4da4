package frontend

// Renaming (the module system's name resolution) of sum types,
// constructors and match.

func (r *renamer) sumType(loc *locals, t *TESum) TypeExp {
	n := &TESum{Pos: t.Pos}
	for _, k := range t.Constrs {
		c := TEConstr{Pos: k.Pos, Name: k.Name}
		for _, p := range k.Payload {
			c.Payload = append(c.Payload, r.typ(loc, p))
		}
		n.Constrs = append(n.Constrs, c)
	}
	return n
}

func (r *renamer) sumPat(loc *locals, p Pat, out *locals) (Pat, *locals) {
	switch p := p.(type) {
	case *PConstr:
		n := &PConstr{Pos: p.Pos, Name: p.Name}
		for _, a := range p.Args {
			var q Pat
			q, out = r.pat(loc, a, out)
			n.Args = append(n.Args, q)
		}
		return n, out
	case *PLit:
		return &PLit{Pos: p.Pos, Lit: r.exp(loc, p.Lit), Neg: p.Neg}, out
	}
	panic("frontend: renamer: unknown pattern")
}

func (r *renamer) sumExp(loc *locals, e Exp) Exp {
	switch e := e.(type) {
	case *ConstrExp:
		return &ConstrExp{Pos: e.Pos, Name: e.Name, Args: r.exps(loc, e.Args)}
	case *MatchExp:
		n := &MatchExp{Pos: e.Pos, X: r.exp(loc, e.X)}
		for _, k := range e.Cases {
			p, inner := r.pat(loc, k.Pat, loc)
			n.Cases = append(n.Cases, MatchCase{Pos: k.Pos, Pat: p, Body: r.exp(inner, k.Body)})
		}
		return n
	}
	panic("frontend: renamer: unknown expression")
}
