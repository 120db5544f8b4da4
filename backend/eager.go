package backend

import "github.com/fcclang/fcc/soac"

// Eager short-circuits (soac.Lowering.Eager, rewrite/lower/eager.go).
//
// An eager `c || x` computes x whatever c is and combines the two with
// a bitwise or; x's reads are speculative: an index out of bounds reads
// nothing (the value is 0), proved indices included, since the prove
// pass may have proved them from c. x's failures are reported only
// where c would have let x run: fail conjoins the guards of the eager
// ifs it is inside. (Holding a loop's failures in private variables
// until it ends, so that no store to the error buffer stands between
// one iteration's reads and the next's, made BFS's level kernel slower
// on an H200: 50 us against 48, 56 registers; bench/RESULTS.md.)

// eagerIf reports whether the if bound to x is evaluated eagerly: some
// Seg-op's lowering says so. The set is built on first use.
func (g *gen) eagerIf(x soac.VName) bool {
	if g.eager == nil {
		g.eager = map[soac.VName]bool{}
		for _, f := range g.prog.Funs {
			soac.VisitExps(f.Body, func(e soac.Exp) {
				if l, ok := soac.LoweringOf(e); ok && l != nil {
					for _, n := range l.Eager {
						g.eager[n] = true
					}
				}
			})
		}
	}
	return g.eager[x]
}

// eagerIfExp generates an eager short-circuit if bound by s, whose
// branch x computes the right operand (soac.ShortCircuit).
func (c *cgen) eagerIfExp(s *soac.Stm, e *soac.IfExp, x *soac.Body, or bool) error {
	cond, err := c.operand(e.Cond)
	if err != nil {
		return err
	}
	ids, err := c.declare(s.Pat)
	if err != nil {
		return err
	}
	guard, op := "("+cond+")", "&"
	if or {
		guard, op = "!("+cond+")", "|"
	}
	c.line("{")
	c.indent++
	c.guards = append(c.guards, guard)
	c.speculative++
	res, err := c.body(x)
	c.guards = c.guards[:len(c.guards)-1]
	c.speculative--
	if err != nil {
		return err
	}
	c.line("%s = %s %s %s;", ids[0], cond, op, res[0])
	c.indent--
	c.line("}")
	c.bindDeclared(s.Pat, ids)
	return nil
}
