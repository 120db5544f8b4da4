package backend

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// This file runs both branches of the ifs a segmap_group's plan
// speculates (soac.GroupPlan.Speculate, rewrite/lower/group.go): their
// statements, scalar operations that cannot fail and reads of local
// arrays, are generated in line, the then branch's and the else
// branch's, and the results picked by the condition. The reads' indices
// were proved in bounds where their branch runs; elsewhere they may not
// be, so each is clamped into its dimension (speculatedIndex), which
// reads some element of the array, unused.

// speculated reports whether s is an if the plan speculates.
func (c *cgen) speculated(s *soac.Stm) bool {
	return c.group != nil && len(s.Pat) > 0 && c.group.speculate[s.Pat[0].Name]
}

// speculateIf generates speculated if s: both branches, then the
// selection of their results.
func (c *cgen) speculateIf(s *soac.Stm, e *soac.IfExp) error {
	cond, err := c.operand(e.Cond)
	if err != nil {
		return err
	}
	c.group.speculating++
	defer func() { c.group.speculating-- }()
	then, err := c.body(e.Then)
	if err != nil {
		return err
	}
	els, err := c.body(e.Else)
	if err != nil {
		return err
	}
	for i, p := range s.Pat {
		if err := c.bindScalar(p, fmt.Sprintf("(%s ? %s : %s)", cond, then[i], els[i])); err != nil {
			return err
		}
	}
	return nil
}

// speculatedIndex is index i clamped into [0, d): one unsigned minimum, a
// negative index being above any dimension as unsigned, where a clamp
// on both sides takes two instructions (NW's step clamps nine reads; GPU
// batch 2 of helper nwg: 2169 us with two-sided clamps against 1903 for
// the hand-written kernel that clamps with one max). A local array has
// fewer than 2^31 elements; one of none has a buffer of one element
// (seggroup.go), which the index of a dimension of 0, clamped as of 1,
// reads.
func speculatedIndex(i, d string) string {
	return fmt.Sprintf("(int)min((uint)%s, (uint)max(%s, 1) - 1u)", castTo("int", i), castTo("int", d))
}
