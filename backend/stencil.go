package backend

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// This file generates the blocked version of a stencil loop, as its
// soac.StencilPlan (recorded by the lower pass) says: a kernel that
// computes plan.Steps steps of the loop per launch, each work-group
// holding a tile of plan.Tile cells in local memory, and the host loop
// that launches it while plan.Steps steps remain. The plain loop runs
// the steps left over, and all of them when the plan's threshold or the
// device's work-group size rule the blocked version out.

// stencilSteps emits, inside a loop's allocation mark, the blocked steps
// of a stencil loop s: the returned Go variable holds the index of the
// first step the plain loop still has to run. ids are the loop's merge
// variables.
func (h *hgen) stencilSteps(s *soac.Stm, e *soac.LoopExp, ids []string, mark string) (string, error) {
	plan := e.Stencil
	sl, err := soac.StencilShape(e)
	if err != nil {
		return "", fmt.Errorf("%s: internal error: a stencil plan on a loop of the wrong shape: %v", s.Pos, err)
	}
	f := e.Form.(soac.ForLoop)
	bound, err := h.operand(f.Bound)
	if err != nil {
		return "", err
	}
	n, err := h.operand(sl.Array.Type.Shape[0])
	if err != nil {
		return "", err
	}
	name := "stencil_" + h.g.names.id(s.Pat[0].Name)[2:]
	c, ka, err := h.stencilKernel(name, sl, plan)
	if err != nil {
		return "", err
	}
	start := h.fresh("stStart")
	h.line("%s := int64(0)", start)
	h.line("if c.Threshold(%q, int64(%s), %d) && c.GroupFits(%d) {", plan.Threshold, n, stencilDefault(h, plan.Threshold), plan.Tile)
	h.indent++
	h.line("for ; %s+%d <= int64(%s); %s += %d {", start, plan.Steps, bound, start, plan.Steps)
	h.indent++
	out := h.fresh("st")
	h.line("%s, err := c.NewArray(%s, []int64{int64(%s)})", out, elemConst(sl.Array.Type.Elem), n)
	h.line("if err != nil {")
	h.line("\treturn nil, fmt.Errorf(\"%%s: %%w\", %s, err)", goQuote(s.Pos.String()))
	h.line("}")
	ka.host = append(ka.host, fmt.Sprintf("int64(%s)", n), start, out)
	interior := plan.Interior()
	global := fmt.Sprintf("((int64(%s) + %d) / %d) * %d", n, interior-1, interior, plan.Tile)
	if err := h.launchKernel(c, ka, name, global, fmt.Sprint(plan.Tile)); err != nil {
		return "", err
	}
	h.line("%s = %s", ids[0], out)
	h.line("c.ReleaseSince(%s, %s)", mark, ids[0])
	h.indent--
	h.line("}")
	h.indent--
	h.line("}")
	return start, nil
}

// stencilDefault is the declared default of threshold name.
func stencilDefault(h *hgen, name string) int64 {
	for _, th := range h.g.prog.Thresholds {
		if th.Name == name {
			return th.Default
		}
	}
	return 0
}

// stencilKernel generates the blocked kernel of a stencil loop. Work-group
// g's work-item l holds cell x = g*I - R*K + l of the array (I the
// interior, R the radius, K the steps): it loads the cell, then each step
// computes the cell's next value if the cell is still in the valid region
// (R*(k+1) cells in from either edge of the tile at step k, and inside the
// array: cells outside it are never computed nor read, the body's own
// guards or clamps keep its reads inside) and writes it back after a
// barrier; the interior's cells go to the output at the end. The step's
// scalar statements (the loop index and what derives from it, such as
// the row of another array the step reads) are computed in the kernel.
func (h *hgen) stencilKernel(name string, sl *soac.StencilLoop, plan *soac.StencilPlan) (*cgen, *kernelArgs, error) {
	m := sl.SegMap()
	whole := &soac.Body{Stms: append(append([]*soac.Stm{}, sl.Pre...), sl.Map)}
	freeSet := soac.FreeInBody(whole)
	delete(freeSet, sl.Index)
	free := sortedNames(freeSet)
	c := h.g.newCgen()
	ka, prologue, err := c.inputs(free)
	if err != nil {
		return nil, nil, err
	}
	elem := sl.Array.Type.Elem
	st, err := cStorage(elem)
	if err != nil {
		return nil, nil, err
	}
	ka.decls = append(ka.decls, "long fcc_n", "long fcc_t0", fmt.Sprintf("__global %s *out0", st))
	global := c.vars[sl.Array.Name].view
	if global == nil {
		return nil, nil, fmt.Errorf("internal error: the stencil loop's array %s is no kernel input", sl.Array.Name)
	}
	c.kernelHead(name, ka.decls, prologue)
	halo := plan.Radius * plan.Steps
	c.line("__local %s fcc_tile[%d];", st, plan.Tile)
	c.line("long fcc_l = get_local_id(0);")
	c.line("long fcc_base = (long)get_group_id(0) * %d - %d;", plan.Interior(), halo)
	c.line("long fcc_x = fcc_base + fcc_l;")
	c.line("bool fcc_in = fcc_x >= 0 && fcc_x < fcc_n;")
	tile := &kview{ptr: "fcc_tile", off: "(-fcc_base)", dims: global.dims, strides: []string{"1"}, elem: elem}
	c.line("if (fcc_in) %s", store("fcc_tile", elem, "fcc_l", load(global, viewOff(global, []string{"fcc_x"}))))
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	// From here on the array is the tile: its reads, at global indices,
	// are offset by the tile's first cell.
	c.vars[sl.Array.Name] = kval{view: tile}
	ct, err := cType(elem)
	if err != nil {
		return nil, nil, err
	}
	it, err := cType(sl.Loop.Form.(soac.ForLoop).T)
	if err != nil {
		return nil, nil, err
	}
	c.line("for (int fcc_k = 0; fcc_k < %d; fcc_k++) {", plan.Steps)
	c.indent++
	c.line("%s fcc_v;", ct)
	c.line("bool fcc_act = fcc_in && fcc_l >= %d * (fcc_k + 1) && fcc_l < %d - %d * (fcc_k + 1);", plan.Radius, plan.Tile, plan.Radius)
	c.line("if (fcc_act) {")
	c.indent++
	idx := c.g.names.id(sl.Index)
	c.line("%s %s = (%s)(fcc_t0 + fcc_k);", it, idx, it)
	c.vars[sl.Index] = kval{scalar: idx}
	if _, err := c.body(&soac.Body{Stms: sl.Pre}); err != nil {
		return nil, nil, err
	}
	gtid := c.g.names.id(m.Space[0].Index)
	c.line("long %s = fcc_x;", gtid)
	c.vars[m.Space[0].Index] = kval{scalar: gtid}
	res, err := c.body(m.Body)
	if err != nil {
		return nil, nil, err
	}
	c.line("fcc_v = %s;", res[0])
	c.indent--
	c.line("}")
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("if (fcc_act) %s", store("fcc_tile", elem, "fcc_l", "fcc_v"))
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	c.indent--
	c.line("}")
	c.line("if (fcc_in && fcc_l >= %d && fcc_l < %d) %s", halo, plan.Tile-halo, store("out0", elem, "fcc_x", load(tile, "fcc_l")))
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	return c, ka, nil
}
