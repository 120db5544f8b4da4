package segconv

import (
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// Iotas sunk into kernels (issue 22). A host iota whose only uses are as
// an input of sequential SOACs in the bodies of kernels (LU's panels:
// tabulate b inside a map over the columns, whose iota b the optimiser
// hoisted out of the map and flattening left in the host loop) is
// computed by a kernel launch of its own, every iteration of the loop
// around it, and read back from memory by the kernels. Moved into the
// kernels' bodies it is never stored: the backend computes the elements
// of an iota that a body only reads one at a time (soac.ElemOnly). A host
// check that its size is not negative stays, with the message the host's
// iota would give, so that a negative size fails as before.

// sinkIotas returns stms with the iotas that only kernels read element
// by element moved into them.
func (c *converter) sinkIotas(stms []*soac.Stm, result []soac.SubExp) []*soac.Stm {
	out := make([]*soac.Stm, 0, len(stms))
	for i, s := range stms {
		e, ok := s.Exp.(*soac.IotaExp)
		if !ok || len(s.Pat) != 1 || !iotaSinkable(s.Pat[0].Name, stms[i+1:], result) {
			out = append(out, s)
			continue
		}
		out = append(out, c.sizeCheck(e, s.Pos)...)
		names := map[soac.VName]bool{s.Pat[0].Name: true}
		for j := i + 1; j < len(stms); j++ {
			stms[j] = c.sinkInto(stms[j], names, []*soac.Stm{s})
		}
	}
	return out
}

// iotaSinkable reports whether x is used by some of stms, and by each
// only as an input of sequential SOACs at the top level of the bodies of
// untiled kernels (directly or in the branches of ifs), not by results.
func iotaSinkable(x soac.VName, stms []*soac.Stm, result []soac.SubExp) bool {
	if mentions(x, result) {
		return false
	}
	used := false
	for _, t := range stms {
		if !soac.FreeInExp(t.Exp)[x] && !inShapes(x, t.Pat) {
			continue
		}
		if inShapes(x, t.Pat) || !kernelUse(x, t.Exp) || !elemOnlyIn(x, t.Exp) {
			return false
		}
		used = true
	}
	return used
}

// elemOnlyIn reports whether the bodies of the kernels in e (or in the
// branches of an if e) that use x use it element by element only.
func elemOnlyIn(x soac.VName, e soac.Exp) bool {
	var b *soac.Body
	switch e := e.(type) {
	case *soac.SegMapExp:
		b = e.Body
	case *soac.SegRedExp:
		b = e.Body
	case *soac.SegScanExp:
		b = e.Body
	case *soac.IfExp:
		for _, br := range []*soac.Body{e.Then, e.Else} {
			for _, t := range br.Stms {
				if soac.FreeInExp(t.Exp)[x] && !elemOnlyIn(x, t.Exp) {
					return false
				}
			}
		}
		return true
	default:
		return false
	}
	return soac.ElemOnly(x, b.Stms, b.Result)
}

// sizeCheck returns the host assertion that iota e's size is not
// negative, unless it is a constant.
func (c *converter) sizeCheck(e *soac.IotaExp, pos soac.Pos) []*soac.Stm {
	if k, ok := e.N.(soac.Const); ok && k.Value.Int() >= 0 {
		return nil
	}
	boolT := soac.Prim(values.Bool)
	ok := soac.Param{Name: c.fresh("fcc_size_ok"), Type: boolT}
	chk := soac.Param{Name: c.fresh("fcc_size_chk"), Type: boolT}
	return []*soac.Stm{
		{Pat: []soac.Param{ok}, Exp: &soac.CmpOpExp{Op: soac.Le, T: values.I64, X: soac.I64(0), Y: e.N}, Pos: pos},
		{Pat: []soac.Param{chk}, Exp: &soac.AssertExp{Cond: soac.Var{Name: ok.Name}, Msg: "iota: negative size %d", Args: []soac.SubExp{e.N}, Pos: pos}, Pos: pos},
	}
}
