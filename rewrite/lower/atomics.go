package lower

import (
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// Atomic returns the OpenCL atomic function that performs a histogram
// operator's update of a bin of type elem, or "" when the operator needs a
// per-bin lock: integer add, min and max of 32 or 64 bits and f32 add (by
// compare-and-swap). The 64-bit ones need cl_khr_int64_base_atomics.
func Atomic(op soac.HistOp, elem soac.PrimType) string {
	b, ok := op.Op.BinOp()
	if !ok || b.T != elem {
		return ""
	}
	switch {
	case elem == values.F32 && b.Op == soac.Add:
		return "fcc_atomic_fadd"
	case elem == values.I32 || elem == values.U32:
		switch b.Op {
		case soac.Add:
			return "atomic_add"
		case soac.Min:
			return "atomic_min"
		case soac.Max:
			return "atomic_max"
		}
	case elem == values.I64 || elem == values.U64:
		switch b.Op {
		case soac.Add:
			return "atom_add"
		case soac.Min:
			return "atom_min"
		case soac.Max:
			return "atom_max"
		}
	}
	return ""
}

// localBinsOK is the guard of a histogram's local version: each operator
// updates one scalar value of 32 bits with an atomic that also exists for
// local memory (a work-group's sub-histograms are updated with local
// atomics, and 64-bit local atomics are not in OpenCL 1.2).
func localBinsOK(e *soac.SegHistExp) bool {
	off := 0
	for _, op := range e.Ops {
		nv := len(op.Neutral)
		if nv != 1 {
			return false
		}
		t := e.Types[off+1]
		off += 1 + nv
		if t.Rank() != 0 || t.Elem.Size() != 4 || Atomic(op, t.Elem) == "" {
			return false
		}
	}
	return true
}
