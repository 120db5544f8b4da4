package backend

import (
	"github.com/fcclang/fcc/soac"
)

// This file follows the inplace pass's decisions (package inplace): a
// segmap result computed by an update marked "inplace (A)" is A's memory.
// The work-item updates its own element of A where it lies (karrays.go
// writes the marked update through A's view), and the host binds the
// result to A: no scratch copy of the element, no fresh output, no copy
// into it.

// inPlaceResults maps the results of a segmap that the inplace pass gave
// the memory of a kernel input to that input.
func inPlaceResults(e *soac.SegMapExp) map[int]soac.VName {
	if e.Region != nil {
		return map[int]soac.VName{0: e.Region.Arr} // region.go
	}
	var out map[int]soac.VName
	for j, r := range e.Body.Result {
		v, ok := r.(soac.Var)
		if !ok {
			continue
		}
		for _, s := range e.Body.Stms {
			if len(s.Pat) != 1 || s.Pat[0].Name != v.Name {
				continue
			}
			if u, ok := s.Exp.(*soac.UpdateExp); ok && u.InPlace != "" {
				if out == nil {
					out = map[int]soac.VName{}
				}
				out[j] = u.InPlace
			}
		}
	}
	return out
}

// segMapOutputs declares and allocates a segmap's outputs as outputs
// does, except the results computed in place, which the host binds to
// their inputs and the kernel does not store (their pointers are "").
func (h *hgen) segMapOutputs(c *cgen, s *soac.Stm, e *soac.SegMapExp, shapes [][]string, ka *kernelArgs) ([]string, error) {
	inPlace := inPlaceResults(e)
	if len(inPlace) == 0 {
		return h.outputs(c, s.Pat, e.Types, shapes, ka, "out")
	}
	var pat []soac.Param
	var types []soac.Type
	var shp [][]string
	for i, p := range s.Pat {
		if _, ok := inPlace[i]; !ok {
			pat, types, shp = append(pat, p), append(types, e.Types[i]), append(shp, shapes[i])
		}
	}
	ptrs, err := h.outputs(c, pat, types, shp, ka, "out")
	if err != nil {
		return nil, err
	}
	outs := make([]string, len(s.Pat))
	k := 0
	for i, p := range s.Pat {
		if a, ok := inPlace[i]; ok {
			h.line("%s = %s", h.g.names.id(p.Name), h.g.names.id(a))
			continue
		}
		outs[i] = ptrs[k]
		k++
	}
	return outs, nil
}
