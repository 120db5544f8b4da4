package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// This file generates the blocked version of a stencil loop, as its
// soac.StencilPlan (recorded by the lower pass) says: a kernel that
// computes plan.Steps steps of the loop per launch, each work-group
// holding a tile of plan.Tile cells in local memory, the host loop that
// launches it while plan.Steps steps remain, and a launch of its _rest
// twin for the steps left over (fewer than plan.Steps, a kernel argument:
// the tile's interior is the same, its valid region shrinks less). A plan
// with a wide version (larger tiles, more steps) gets both, the wide one
// tried first. The plain loop runs all the steps when the plans'
// thresholds or the device's work-group size rule the blocked versions
// out.

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
	shape := make([]string, len(plan.Tile))
	for d := range shape {
		x, err := h.operand(sl.Array.Type.Shape[d])
		if err != nil {
			return "", err
		}
		shape[d] = fmt.Sprintf("int64(%s)", x)
	}
	name := "stencil_" + h.g.names.id(s.Pat[0].Name)[2:]
	start := h.fresh("stStart")
	h.line("%s := int64(0)", start)
	// The wide version first, where the plan has one: the host takes the
	// first version whose threshold holds and whose tile the device's
	// work-groups hold.
	versions := []*soac.StencilPlan{plan}
	names := []string{name}
	if plan.Wide != nil {
		versions = []*soac.StencilPlan{plan.Wide, plan}
		names = []string{name + "_wide", name}
	}
	for i, v := range versions {
		if err := h.stencilVersion(s, sl, v, names[i], shape, bound, start, ids, mark, i == 0); err != nil {
			return "", err
		}
	}
	h.line("}")
	return start, nil
}

// stencilVersion emits one blocked version of a stencil loop as a branch
// of the host's choice (its "if", or "} else if" after the first):
// launches of kernel name (plan.Steps steps each) from step start while
// that many remain, then one of its _rest twin for the steps left over.
// shape are the array's dimensions and bound the loop's, Go expressions.
func (h *hgen) stencilVersion(s *soac.Stm, sl *soac.StencilLoop, plan *soac.StencilPlan, name string, shape []string, bound, start string, ids []string, mark string, first bool) error {
	// Two kernels: K steps per launch, its loop bound a constant (unrolled
	// by the device compiler: HotSpot's K = 2 ran 1.2x slower on an H200
	// with the bound an argument), and the steps left over, fewer than K.
	c, ka, err := h.stencilKernel(name, sl, plan, false)
	if err != nil {
		return err
	}
	cRest, kaRest, err := h.stencilKernel(name+"_rest", sl, plan, true)
	if err != nil {
		return err
	}
	maxCells := ""
	// Two buffers of the tile (stencilKernel).
	tileBytes := 2 * plan.Items() * sl.Array.Type.Elem.Size()
	if plan.MaxCells > 0 {
		maxCells = fmt.Sprintf(" && %s <= %d", strings.Join(shape, "*"), plan.MaxCells)
	}
	// Work-items along the launch's first dimension walk the array's
	// last (contiguous) one.
	global, local := make([]string, len(shape)), make([]string, len(shape))
	for d := range shape {
		side := plan.Tile[d]
		in := plan.Interior(side)
		l := len(shape) - 1 - d
		global[l] = fmt.Sprintf("((%s + %d) / %d) * %d", shape[d], in-1, in, side)
		local[l] = fmt.Sprint(side)
	}
	// launch computes steps steps from start into a fresh array, which
	// becomes the loop's.
	launch := func(c *cgen, ka *kernelArgs, name string, steps ...string) error {
		out := h.fresh("st")
		h.line("%s, err := c.NewArray(%s, []int64{%s})", out, elemConst(sl.Array.Type.Elem), strings.Join(shape, ", "))
		h.line("if err != nil {")
		h.line("\treturn nil, fmt.Errorf(\"%%s: %%w\", %s, err)", goQuote(s.Pos.String()))
		h.line("}")
		ka.host = append(ka.host, shape...)
		ka.host = append(append(append(ka.host, start), steps...), out)
		if err := h.launchKernel(c, ka, name, strings.Join(global, ", "), strings.Join(local, ", ")); err != nil {
			return err
		}
		h.line("%s = %s", ids[0], out)
		h.line("c.ReleaseSince(%s, %s)", mark, ids[0])
		return nil
	}
	th := h.threshold(plan.Threshold)
	// The kernels' own limits too: registers can keep a kernel from the
	// device's largest work-groups.
	cond := fmt.Sprintf("c.%s(%q, %s, %d) && c.GroupFits(%d, %d)%s && c.KernelFits(%q, %d) && c.KernelFits(%q, %d)",
		thresholdFunc(th), th.Name, strings.Join(shape, "*"), th.Default, plan.Items(), tileBytes, maxCells, name, plan.Items(), name+"_rest", plan.Items())
	if first {
		h.line("if %s {", cond)
	} else {
		h.line("} else if %s {", cond)
	}
	h.indent++
	h.line("for ; %s+%d <= int64(%s); %s += %d {", start, plan.Steps, bound, start, plan.Steps)
	h.indent++
	if err := launch(c, ka, name); err != nil {
		return err
	}
	h.indent--
	h.line("}")
	h.line("if %s < int64(%s) {", start, bound)
	h.indent++
	if err := launch(cRest, kaRest, name+"_rest", fmt.Sprintf("int64(%s)-%s", bound, start)); err != nil {
		return err
	}
	h.line("%s = int64(%s)", start, bound)
	h.indent--
	h.line("}")
	h.indent--
	return nil
}

// stencilKernel generates the blocked kernel of a stencil loop. Along
// each dimension d, work-group g's work-item l holds cell
// x_d = g*I_d - R*K + l of the array (I_d the interior, R the radius, K
// the plan's steps): it loads the cell, then each of the launch's steps
// (K, or fcc_steps < K in the rest kernel) computes the cell's next value
// if the cell is still in the valid region (R*(k+1) cells in from every
// edge of the tile at step k, and inside the array: cells outside it are
// never computed nor read, the body's own guards or clamps keep its reads
// inside). The tile has two buffers that the steps read and write in
// turn, so a step needs one barrier (after its writes: the next step's
// reads of the other buffer wait for them, and its writes into the buffer
// this step read wait for this step's reads), and the last step stores
// the interior's cells straight to the output: on an H200 HotSpot's K = 2
// launch took 5 barriers with one buffer and a final pass through local
// memory, 2 with two. The step's scalar statements (the loop index and
// what derives from it, such as the row of another array the step reads)
// are computed in the kernel; the body's scalar statements that read
// neither the array nor the loop index (HotSpot's power map, the
// neighbours' clamped indices) once before the steps, at the cell clamped
// into the array (the cell itself wherever it is computed).
func (h *hgen) stencilKernel(name string, sl *soac.StencilLoop, plan *soac.StencilPlan, rest bool) (*cgen, *kernelArgs, error) {
	m := sl.SegMap()
	rank := len(plan.Tile)
	whole := &soac.Body{Stms: append(append([]*soac.Stm{}, sl.Pre...), sl.Map)}
	freeSet := soac.FreeInBody(whole)
	delete(freeSet, sl.Index)
	c := h.g.newCgen()
	c.narrowOffsets = plan.NarrowOffsets
	ka, prologue, err := c.inputs(sortedNames(freeSet))
	if err != nil {
		return nil, nil, err
	}
	elem := sl.Array.Type.Elem
	st, err := cStorage(elem)
	if err != nil {
		return nil, nil, err
	}
	for d := 0; d < rank; d++ {
		ka.decls = append(ka.decls, fmt.Sprintf("long fcc_n%d", d))
	}
	ka.decls = append(ka.decls, "long fcc_t0")
	steps := fmt.Sprint(plan.Steps)
	if rest {
		ka.decls = append(ka.decls, "long fcc_steps")
		steps = "fcc_steps"
	}
	ka.decls = append(ka.decls, fmt.Sprintf("__global %s *out0", st))
	global := c.vars[sl.Array.Name].view
	if global == nil {
		return nil, nil, fmt.Errorf("internal error: the stencil loop's array %s is no kernel input", sl.Array.Name)
	}
	c.kernelHead(name, ka.decls, prologue)
	halo := plan.Radius * plan.Steps
	items := plan.Items()
	ix := c.ixType()
	c.line("__local %s fcc_tile[%d];", st, 2*items)
	// The tile is row-major; x, l and base are per dimension.
	xs, ls, strides := make([]string, rank), make([]string, rank), make([]string, rank)
	var in, act, interior, flat, base []string
	stride := 1
	for d := rank - 1; d >= 0; d-- {
		strides[d] = fmt.Sprint(stride)
		stride *= plan.Tile[d]
	}
	for d := 0; d < rank; d++ {
		side := plan.Tile[d]
		ls[d], xs[d] = fmt.Sprintf("fcc_l%d", d), fmt.Sprintf("fcc_x%d", d)
		l := rank - 1 - d
		c.line("%s %s = get_local_id(%d);", ix, ls[d], l)
		c.line("%s fcc_base%d = (%s)get_group_id(%d) * %d - %d;", ix, d, ix, l, plan.Interior(side), halo)
		c.line("%s %s = fcc_base%d + %s;", ix, xs[d], d, ls[d])
		in = append(in, fmt.Sprintf("%s >= 0 && %s < (%s)fcc_n%d", xs[d], xs[d], ix, d))
		act = append(act, fmt.Sprintf("%s >= %d * (fcc_k + 1) && %s < %d - %d * (fcc_k + 1)", ls[d], plan.Radius, ls[d], side, plan.Radius))
		interior = append(interior, fmt.Sprintf("%s >= %d && %s < %d", ls[d], halo, ls[d], side-halo))
		flat = append(flat, fmt.Sprintf("%s * %s", ls[d], strides[d]))
		base = append(base, fmt.Sprintf("fcc_base%d * %s", d, strides[d]))
	}
	c.line("%s fcc_l = %s;", ix, strings.Join(flat, " + "))
	c.line("bool fcc_in = %s;", strings.Join(in, " && "))
	// fcc_cur is the buffer the step reads: 0 or items.
	c.line("%s fcc_cur = 0;", ix)
	tile := &kview{ptr: "fcc_tile", off: "(fcc_cur - (" + strings.Join(base, " + ") + "))", dims: global.dims, strides: strides, elem: elem}
	goff := c.ix(global.off)
	for d, x := range xs {
		goff += fmt.Sprintf(" + %s * %s", x, c.ix(global.strides[d]))
	}
	c.line("if (fcc_in) %s", store("fcc_tile", elem, "fcc_l", load(global, goff)))
	c.line("barrier(CLK_LOCAL_MEM_FENCE);")
	// From here on the array is the tile: its reads, at global indices,
	// are offset by the tile's first cell.
	c.vars[sl.Array.Name] = kval{view: tile}
	for d, sd := range m.Space {
		gtid := c.g.names.id(sd.Index)
		c.line("long %s = (long)clamp(%s, (%s)0, (%s)fcc_n%d - 1);", gtid, xs[d], ix, ix, d)
		c.vars[sd.Index] = kval{scalar: gtid}
	}
	inv, vary := stepInvariant(m.Body, sl)
	if _, err := c.body(&soac.Body{Stms: inv}); err != nil {
		return nil, nil, err
	}
	ct, err := cType(elem)
	if err != nil {
		return nil, nil, err
	}
	it, err := cType(sl.Loop.Form.(soac.ForLoop).T)
	if err != nil {
		return nil, nil, err
	}
	c.line("for (int fcc_k = 0; fcc_k < %s; fcc_k++) {", steps)
	c.indent++
	c.line("%s fcc_v;", ct)
	c.line("bool fcc_act = fcc_in && %s;", strings.Join(act, " && "))
	c.line("if (fcc_act) {")
	c.indent++
	idx := c.g.names.id(sl.Index)
	c.line("%s %s = (%s)(fcc_t0 + fcc_k);", it, idx, it)
	c.vars[sl.Index] = kval{scalar: idx}
	if _, err := c.body(&soac.Body{Stms: sl.Pre}); err != nil {
		return nil, nil, err
	}
	res, err := c.body(&soac.Body{Stms: vary, Result: m.Body.Result})
	if err != nil {
		return nil, nil, err
	}
	c.line("fcc_v = %s;", res[0])
	c.indent--
	c.line("}")
	outOff := xs[rank-1]
	if rank == 2 {
		outOff = fmt.Sprintf("%s * (%s)fcc_n1 + %s", xs[0], ix, xs[1])
	}
	// The last step's valid region is the interior in the K-step kernel,
	// and holds it in the rest kernel's.
	last := "fcc_act"
	if rest {
		last += " && " + strings.Join(interior, " && ")
	}
	c.line("if (fcc_k == %s - 1) {", steps)
	c.line("  if (%s) %s", last, store("out0", elem, outOff, "fcc_v"))
	c.line("} else {")
	c.line("  if (fcc_act) %s", store("fcc_tile", elem, fmt.Sprintf("%d - fcc_cur + fcc_l", items), "fcc_v"))
	c.line("  fcc_cur = %d - fcc_cur;", items)
	c.line("  barrier(CLK_LOCAL_MEM_FENCE);")
	c.line("}")
	c.indent--
	c.line("}")
	c.kernelEnd()
	if len(c.scratch) > 0 {
		return nil, nil, fmt.Errorf("internal error: the stencil kernel %s needs scratch memory", name)
	}
	h.g.kernels = append(h.g.kernels, c.b.String())
	return c, ka, nil
}

// stepInvariant splits a stencil step's body into its leading scalar
// statements that read neither the loop-carried array nor the step's
// index (nor what the loop's own statements compute from it), directly
// or through each other, and the rest, in order. Only scalar statements
// move: an array bound in the body may be read whole further on.
func stepInvariant(b *soac.Body, sl *soac.StencilLoop) (inv, vary []*soac.Stm) {
	varying := map[soac.VName]bool{sl.Array.Name: true, sl.Index: true}
	for _, s := range sl.Pre {
		for _, p := range s.Pat {
			varying[p.Name] = true
		}
	}
	for _, s := range b.Stms {
		moves := scalarPat(s)
		if moves {
			for v := range soac.FreeInExp(s.Exp) {
				if varying[v] {
					moves = false
					break
				}
			}
		}
		if moves {
			inv = append(inv, s)
			continue
		}
		for _, p := range s.Pat {
			varying[p.Name] = true
		}
		vary = append(vary, s)
	}
	return inv, vary
}
