package segconv

import (
	"github.com/fcclang/fcc/soac"
)

// Reduction results kept on the device (issue 22).
//
// A flat segred returns its reductions to the host as scalars: the host
// waits for the queue to drain and reads each one back. In a host loop
// whose next kernels are the only users of those scalars (SRAD's mean and
// variance, turned into one coefficient every pixel's kernel uses) that
// is a round trip per reduction and iteration, where the kernels could
// read the values from device memory themselves.
//
// keepOnDevice records that decision in the IR: the segred gets an outer
// dimension of one segment, so that its reductions are one-element arrays
// in device memory (the backend's segmented reduction writes them there),
// and the scalars become reads of element 0 of those arrays, which
// sinkReads then moves into the kernels that use them, with the scalar
// arithmetic on them. A result the host needs (a loop condition, a size,
// a function result) keeps its read; the segred is changed only when
// at least one of its results is used by kernels alone.

// keepOnDevice returns stms with the flat segreds whose scalar results
// only kernels use made one-segment segreds, followed by the reads of
// their results.
func (c *converter) keepOnDevice(stms []*soac.Stm, result []soac.SubExp) []*soac.Stm {
	for i := 0; i < len(stms); i++ {
		s := stms[i]
		e, ok := s.Exp.(*soac.SegRedExp)
		if !ok || e.Level != soac.LevelThread || len(e.Space) != 1 || e.Lowering != nil {
			continue
		}
		nRed := soac.ReduceValues(e.Reds)
		scalars := nRed > 0
		for k := 0; k < nRed; k++ {
			scalars = scalars && e.Types[k].Rank() == 0
		}
		if !scalars {
			continue
		}
		repl := c.oneSegment(s, e, nRed)
		cand := append(append(append([]*soac.Stm(nil), stms[:i]...), repl...), stms[i+1:]...)
		// The reads follow the segred (cand[i]) in cand[i+1 : i+1+nRed].
		sunk := false
		for k := 0; k < nRed && !sunk; k++ {
			at := i + 1 + k
			group, names := c.readGroup(cand, at, nil)
			sunk = c.sinkable(names, cand[at+1:], at+1, group, result)
		}
		if !sunk {
			continue
		}
		stms = cand
		i += len(repl) - 1
	}
	return stms
}

// oneSegment returns the statements replacing s, a flat segred: the same
// reduction over a space with an outer dimension of 1, whose results are
// arrays with that dimension first, then the reads of the reductions'
// element 0 and the views of its mapped-out arrays without that dimension,
// bound to s's names.
func (c *converter) oneSegment(s *soac.Stm, e *soac.SegRedExp, nRed int) []*soac.Stm {
	one := soac.SubExp(soac.I64(1))
	seg := soac.SegDim{Index: c.fresh("fcc_seg_" + string(s.Pat[0].Name)), N: one}
	ne := *e
	ne.Space = append([]soac.SegDim{seg}, e.Space...)
	pat := make([]soac.Param, len(s.Pat))
	var after []*soac.Stm
	for k, p := range s.Pat {
		name := c.fresh("fcc_dev_" + string(p.Name))
		pat[k] = soac.Param{Name: name, Type: soac.Type{Elem: p.Type.Elem, Shape: append([]soac.SubExp{one}, p.Type.Shape...)}}
		c.types[name] = pat[k].Type
		var x soac.Exp
		if k < nRed {
			x = &soac.IndexExp{Arr: name, Indices: []soac.SubExp{soac.I64(0)}, Pos: s.Pos}
		} else {
			x = &soac.ReshapeExp{Shape: p.Type.Shape, Arr: name, Pos: s.Pos}
		}
		after = append(after, &soac.Stm{Pat: []soac.Param{p}, Exp: x, Pos: s.Pos})
	}
	// Reductions first, then the views: the reads are what sinkReads
	// looks at, each right after the segred.
	return append([]*soac.Stm{{Pat: pat, Exp: &ne, Pos: s.Pos}}, after...)
}
