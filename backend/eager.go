package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// Eager short-circuits (soac.Lowering.Eager, rewrite/lower/eager.go).
//
// An eager `c || x` computes x whatever c is and combines the two with
// a bitwise or; x's reads are speculative: an index out of bounds reads
// nothing (the value is 0), proved indices included, since the prove
// pass may have proved them from c. x's failures are reported only
// where c would have let x run: fail conjoins the guards of the eager
// ifs it is inside. A loop holding an eager if reports its failures
// after it (deferredFails): a report inside the loop is a store to the
// error buffer on a branch that depends on what the iteration read,
// which the OpenCL compiler does not move loads across, so the
// iterations' reads would wait for one another after all.

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

// holdsEagerIf reports whether b, at any depth, binds an eager if.
func (c *cgen) holdsEagerIf(b *soac.Body) bool {
	found := false
	soac.VisitStms(b, func(s *soac.Stm) {
		if _, ok := s.Exp.(*soac.IfExp); ok && len(s.Pat) == 1 && c.g.eagerIf(s.Pat[0].Name) {
			found = true
		}
	})
	return found
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

// deferredFails holds a loop's first failure until the loop ends: code
// (a C int, 0 while none) and the failure's arguments, in C variables
// declared before the loop where the marker line stands.
type deferredFails struct {
	code   string
	args   []string
	marker string
	used   bool
}

// deferFails starts deferring the failures of the loop about to be
// generated; the caller ends it with endDeferFails after the loop.
func (c *cgen) deferFails() (outer, d *deferredFails) {
	d = &deferredFails{code: c.fresh("fcc_ecode")}
	d.marker = "/*fcc:defer:" + d.code + "*/"
	c.line("%s", d.marker)
	outer, c.pend = c.pend, d
	return outer, d
}

// endDeferFails declares d's variables before the loop and reports its
// failure, if any, where the loop ended: to the enclosing loop's
// deferred failure, or to the error buffer.
func (c *cgen) endDeferFails(outer, d *deferredFails) {
	c.pend = outer
	decls := ""
	if d.used {
		ind := strings.Repeat("  ", c.indent)
		decls = fmt.Sprintf("%sint %s = 0;\n", ind, d.code)
		for _, a := range d.args {
			decls += fmt.Sprintf("%slong %s = 0;\n", ind, a)
		}
		c.report(d.code+" != 0", d.code, d.args)
	}
	src := c.b.String()
	line := strings.Repeat("  ", c.indent) + d.marker + "\n"
	c.b.Reset()
	c.b.WriteString(strings.Replace(src, line, decls, 1))
}

// record keeps a failure in d when cond holds and d holds none yet,
// without a branch: the C compiler selects.
func (d *deferredFails) record(c *cgen, cond, code string, args []string) {
	for len(d.args) < len(args) {
		d.args = append(d.args, c.fresh("fcc_earg"))
	}
	d.used = true
	f := c.fresh("fcc_efail")
	c.line("bool %s = %s == 0 && (%s);", f, d.code, cond)
	for i, a := range args {
		c.line("%s = %s ? (long)(%s) : %s;", d.args[i], f, a, d.args[i])
	}
	c.line("%s = %s ? %s : %s;", d.code, f, code, d.code)
}
