package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// This file generates segmap, the map Seg-op, by its lowered form
// (rewrite/lower): the points each work-item computes and how they are
// strided, or the rows of a reduction it computes in turn (segrows.go).
// Block-tiled segmaps are tiled.go's.

func (h *hgen) segMap(s *soac.Stm, e *soac.SegMapExp) error {
	if e.Tile != nil {
		return h.tiledSegMap(s, e)
	}
	if e.Level == soac.LevelGroup {
		return h.segMapGroup(s, e)
	}
	// The lowering's map-global form, its points spread over work-items
	// as its plan says (rewrite/lower: pointsRules), strided where a
	// work-item takes several.
	v, err := versionWith(s, "", "work-items computing points alone", soac.ItemsAlone)
	if err != nil {
		return err
	}
	lw, err := loweringOf(s)
	if err != nil {
		return err
	}
	plan := lw.Points
	if plan == nil || plan.PerItem < 1 || v.Has(soac.Strided) != (plan.PerItem > 1) {
		return fmt.Errorf("internal error: the segmap at %s has no plan for its points that its form says", s.Pos)
	}
	k, name, hostDims, shapes, err := h.openSegMap(s, e, "segmap_")
	if err != nil {
		return err
	}
	c, ka, dims, prologue := k.c, k.ka, k.dims, k.prologue
	outs, err := h.segMapOutputs(c, s, e, shapes, ka)
	if err != nil {
		return err
	}
	lo, extents, err := h.regionArgs(e, ka, hostDims)
	if err != nil {
		return err
	}
	if lo != nil && (plan.Rule != soac.RuleOnePerItem || len(plan.Parts) > 0) {
		return fmt.Errorf("internal error: the segmap at %s has a region but points rule %q", s.Pos, plan.Rule)
	}
	// A point's array result is written by one work-item, element by
	// element: laid out with the point innermost, neighbouring work-items
	// write neighbouring addresses. The result is that buffer seen
	// through a rearranged view, so consumers see the usual shape.
	for i, p := range s.Pat {
		if r := e.Types[i].Rank(); r > 0 && outs[i] != "" {
			h.pointsInner(h.g.names.id(p.Name), len(e.Space), r)
		}
	}
	c.kernelHead(name, ka.decls, prologue)
	points := strings.Join(dims, " * ")
	c.narrowOffsets = lw.NarrowOffsets
	total := "(" + strings.Join(hostDims, " * ") + ")"
	switch plan.Rule {
	case soac.RuleRows, soac.RuleStreaming:
		items := fmt.Sprintf("fccStridedItems(%s, %d, %d)", total, plan.PerItem, plan.StridedFrom)
		if plan.Rule == soac.RuleRows {
			row, err := rowReduceAt(e, plan.Reduction)
			if err != nil {
				return fmt.Errorf("%s: %v", s.Pos, err)
			}
			if err := c.rowPoints(e, row, dims, points, outs, plan); err != nil {
				return err
			}
			w, err := h.operand(row.red.Exp.(*soac.ScremaExp).W)
			if err != nil {
				return err
			}
			// Rows longer than plan.TinyRow are computed one after
			// another, one work-item per point.
			items = fmt.Sprintf("fccRowItems(%s, int64(%s), %d, %d, %d)", total, w, plan.PerItem, plan.TinyRow, plan.StridedFrom)
		} else {
			if err := c.stridedPoints(e, dims, points, outs, plan.PerItem); err != nil {
				return err
			}
			c.kernelEnd()
			h.g.kernels = append(h.g.kernels, c.b.String())
			return h.stridedOrOne(s, e, name, total, plan, c, ka, outs, lw.NarrowOffsets)
		}
		c.kernelEnd()
		h.g.kernels = append(h.g.kernels, c.b.String())
		return h.launch1D(c, name, items, ka)
	case soac.RuleOnePerItem:
	default:
		return fmt.Errorf("internal error: the segmap at %s has points rule %q, which the backend does not know", s.Pos, plan.Rule)
	}
	if lo != nil {
		if err := c.regionPoint(e, dims, lo); err != nil {
			return err
		}
		c.kernelEnd()
		h.g.kernels = append(h.g.kernels, c.b.String())
		total = "(" + strings.Join(extents, " * ") + ")"
		if v.Launch == soac.LaunchSpreadItems {
			return h.launch1DGroup(c, name, total, fmt.Sprintf("c.SpreadGroup(%s, %s)", total, goLaunch(v.LaunchParams)), ka)
		}
		return h.launch1D(c, name, total, ka)
	}
	parts := plan.Parts
	if len(parts) == 0 {
		parts = [][]int{nil}
		for i := range e.Body.Result {
			parts[0] = append(parts[0], i)
		}
		c.line("long gtid = get_global_id(0);")
		c.line("if (gtid >= %s) return;", points)
	} else {
		// Launched with a work-item per part of each point (the host's
		// choice, exe.SplitParts), work-item g computes part g / points
		// of point g % points; launched with one per point, all of
		// them.
		c.line("if ((%s) == 0) return;", points)
		c.line("const bool fcc_split = get_global_size(0) >= %d * (%s);", len(parts), points)
		c.line("long fcc_part = fcc_split ? get_global_id(0) / (%s) : 0;", points)
		c.line("long gtid = get_global_id(0) - fcc_part * (%s);", points)
		c.line("if (fcc_part >= %d || gtid >= %s) return;", len(parts), points)
		total = fmt.Sprintf("(%s * fccSplitParts(c, %s, %d))", total, total, len(parts))
	}
	c.decodeSpace(e.Space, dims, "gtid")
	if len(parts) > 1 {
		c.line("for (; fcc_part < %d; fcc_part += fcc_split ? %d : 1) {", len(parts), len(parts))
		c.indent++
	}
	for p, part := range parts {
		body := e.Body
		if len(parts) > 1 {
			results := make([]soac.SubExp, len(part))
			for k, i := range part {
				results[k] = e.Body.Result[i]
			}
			body = soac.BodySlice(e.Body, results)
			c.line("if (fcc_part == %d) {", p)
			c.indent++
		}
		res, err := c.body(body)
		if err != nil {
			return err
		}
		if err := c.storePoint(e, outs, part, res, points); err != nil {
			return err
		}
		if len(parts) > 1 {
			c.indent--
			c.line("}")
		}
	}
	if len(parts) > 1 {
		c.indent--
		c.line("}")
	}
	c.kernelEnd()
	if sp := lw.Scratch; sp != nil && len(c.scratch) > 0 && c.privateBytes(sp.Cap) <= sp.Bytes {
		if err := c.addPrivateVersion(name, name+"_p", sp.Cap); err != nil {
			return err
		}
	}
	h.g.kernels = append(h.g.kernels, c.b.String())
	if v.Launch == soac.LaunchSpreadItems {
		return h.launch1DGroup(c, name, total, fmt.Sprintf("c.SpreadGroup(%s, %s)", total, goLaunch(v.LaunchParams)), ka)
	}
	if v.Launch != "" {
		return fmt.Errorf("internal error: the segmap at %s has launch %q, which a map of one point per work-item does not take", s.Pos, v.Launch)
	}
	return h.launch1D(c, name, total, ka)
}

// onePoint emits the body of a kernel whose work-item gtid computes one
// point and stores its results.
func (c *cgen) onePoint(e *soac.SegMapExp, dims []string, points string, outs []string) error {
	c.line("long gtid = get_global_id(0);")
	c.line("if (gtid >= %s) return;", points)
	c.decodeSpace(e.Space, dims, "gtid")
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	all := make([]int, len(res))
	for i := range all {
		all[i] = i
	}
	return c.storePoint(e, outs, all, res, points)
}

// storePoint stores point gtid's results res, those of e's results whose
// indices part lists, in order.
func (c *cgen) storePoint(e *soac.SegMapExp, outs []string, part []int, res []string, points string) error {
	for k, i := range part {
		if outs[i] == "" {
			continue // computed in place (inplace.go)
		}
		if e.Types[i].Rank() > 0 {
			if err := c.storeRowPointsInner(outs[i], e.Types[i], "gtid", "("+points+")", e.Body.Result[i]); err != nil {
				return err
			}
			continue
		}
		if err := c.storeResult(outs[i], e.Types[i], "gtid", res[k], e.Body.Result[i]); err != nil {
			return err
		}
	}
	return nil
}

// stridedOrOne launches a streaming segmap: from plan.StridedFrom points
// up its strided kernel name (strided's, plan.PerItem points a
// work-item), below that name_one, the same body one point a work-item.
// The strided kernel would run those launches too, its loop once, but
// NVIDIA's compiler gives a kernel the registers of its largest path,
// the PerItem points in flight together, and fewer work-groups then fit
// a compute unit: SRAD's 230,000-point stencils (each point's loads one
// latency apart) ran in several waves where one would do.
func (h *hgen) stridedOrOne(s *soac.Stm, e *soac.SegMapExp, name, total string, plan *soac.PointsPlan, strided *cgen, ka *kernelArgs, outs []string, narrow bool) error {
	k, err := h.newSegKernel(segFree(e), e.Space)
	if err != nil {
		return err
	}
	c := k.c
	// The same checks as the strided kernel's, with its codes.
	c.sameSites = true
	c.narrowOffsets = narrow
	for i, out := range outs {
		if out == "" {
			continue
		}
		k.ka.decls = append(k.ka.decls, fmt.Sprintf("__global %s *%s", mustStorage(e.Types[i].Elem), out))
		k.ka.host = append(k.ka.host, h.g.names.id(s.Pat[i].Name))
	}
	k.head(name + "_one")
	if err := c.onePoint(e, k.dims, strings.Join(k.dims, " * "), outs); err != nil {
		return err
	}
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	h.line("if %s >= %d {", total, plan.StridedFrom)
	h.indent++
	if err := h.launch1D(strided, name, fmt.Sprintf("(%s + %d - 1) / %d", total, plan.PerItem, plan.PerItem), ka); err != nil {
		return err
	}
	h.indent--
	h.line("} else {")
	h.indent++
	if err := h.launch1D(c, name+"_one", total, k.ka); err != nil {
		return err
	}
	h.indent--
	h.line("}")
	return nil
}

// stridedPoints emits a streaming segmap's points as map-global does in
// Lift's code generator: work-item g of G computes points g, g+G, g+2G,
// ... It takes k of them at a time, all computed before any
// is stored, so that their loads are in flight together (a store before
// the next point's loads would order them, as the compiler cannot tell
// that the arrays do not overlap), and each of the loads is coalesced
// across the work-group. The body is straight-line (the streaming rule's
// guard), so it also gets a path without the per-point bounds tests, for
// all but the last points, which lets the compiler schedule the points'
// loads together (95% of copy bandwidth instead of 91% for a copy on the
// H100).
func (c *cgen) stridedPoints(e *soac.SegMapExp, dims []string, points string, outs []string, k int) error {
	return c.stridedLoop(points, k, func() error {
		return c.branch(fmt.Sprintf("fcc_base + %d * fcc_gsize < %s", k-1, points),
			func() error { return c.pointsAtOnce(e, dims, points, outs, k, false) },
			func() error { return c.pointsAtOnce(e, dims, points, outs, k, true) })
	})
}

// stridedLoop emits a work-item's loop over its points, k at a time from
// fcc_base, strided by the launch size; emit writes the body.
func (c *cgen) stridedLoop(points string, k int, emit func() error) error {
	c.line("for (long fcc_base = fcc_gid; fcc_base < %s; fcc_base += %d * fcc_gsize) {", points, k)
	c.indent++
	if err := emit(); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	return nil
}

// branch emits if (cond) { then } else { els }.
func (c *cgen) branch(cond string, then, els func() error) error {
	c.line("if (%s) {", cond)
	c.indent++
	if err := then(); err != nil {
		return err
	}
	c.indent--
	c.line("} else {")
	c.indent++
	if err := els(); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	return nil
}

// pointsAtOnce computes the k points from fcc_base on, then stores them;
// guarded tests each point against the space's size.
func (c *cgen) pointsAtOnce(e *soac.SegMapExp, dims []string, points string, outs []string, k int, guarded bool) error {
	vals := make([][]string, k)
	for j := range vals {
		vals[j] = make([]string, len(e.Types))
		for i, t := range e.Types {
			ct, err := cType(t.Elem)
			if err != nil {
				return err
			}
			vals[j][i] = c.fresh("pt")
			c.line("%s %s;", ct, vals[j][i])
		}
	}
	open := func(j int) {
		if guarded {
			c.line("if (%s < %s) {", pointAt(j), points)
		} else {
			c.line("{")
		}
		c.indent++
	}
	for j := 0; j < k; j++ {
		open(j)
		c.line("long gtid = %s;", pointAt(j))
		c.decodeSpace(e.Space, dims, "gtid")
		res, err := c.body(e.Body)
		if err != nil {
			return err
		}
		for i, r := range res {
			c.line("%s = %s;", vals[j][i], r)
		}
		c.indent--
		c.line("}")
	}
	for j := 0; j < k; j++ {
		open(j)
		for i := range e.Types {
			if err := c.storeResult(outs[i], e.Types[i], pointAt(j), vals[j][i], e.Body.Result[i]); err != nil {
				return err
			}
		}
		c.indent--
		c.line("}")
	}
	return nil
}

// pointsInner re-lays the freshly allocated result id (space dimensions
// first, then rank row dimensions, row-major) as a buffer with the row
// dimensions first and the space's innermost, seen through a view of the
// original shape.
func (h *hgen) pointsInner(id string, space, rank int) {
	perm := make([]string, 0, space+rank)
	for k := 0; k < space; k++ {
		perm = append(perm, fmt.Sprint(rank+k))
	}
	for k := 0; k < rank; k++ {
		perm = append(perm, fmt.Sprint(k))
	}
	inv := make([]string, 0, space+rank)
	for k := 0; k < rank; k++ {
		inv = append(inv, fmt.Sprint(space+k))
	}
	for k := 0; k < space; k++ {
		inv = append(inv, fmt.Sprint(k))
	}
	h.line("%s = exe.Rearrange(&exe.DeviceArray{Buf: %s.Buf, Elem: %s.Elem, Shape: exe.Rearrange(%s, []int{%s}).Shape}, []int{%s})",
		id, id, id, id, strings.Join(inv, ", "), strings.Join(perm, ", "))
}

// storeRowPointsInner writes a point's array result (operand se, of type
// t) into out laid out by pointsInner: element lin of the row of point
// flat is at lin * total + flat.
func (c *cgen) storeRowPointsInner(out string, t soac.Type, flat, total string, se soac.SubExp) error {
	v := c.vars[se.(soac.Var).Name].view
	if v == nil {
		return fmt.Errorf("array result %v is not an array", se)
	}
	return c.loopNest(v.dims, func(idx []string) error {
		lin := rowMajorOffset(idx, v.dims)
		c.line("%s", store(out, t.Elem, fmt.Sprintf("(%s) * %s + %s", lin, total, flat), load(v, viewOff(v, idx))))
		return nil
	})
}

// segMapShapes returns the host expressions of the shapes of a segmap's
// results: the space's dimensions hostDims, then each point's result
// shape, which must be known before the kernel runs.
func (h *hgen) segMapShapes(s *soac.Stm, e *soac.SegMapExp, hostDims []string) ([][]string, error) {
	shapes := make([][]string, len(s.Pat))
	inBody := soac.BoundInBody(e.Body)
	for i := range shapes {
		for _, d := range e.Types[i].Shape {
			if v, ok := d.(soac.Var); ok && inBody[v.Name] {
				return nil, unsupported("a kernel result whose size is computed by the kernel", s.Pos)
			}
		}
		inner, err := h.shapeExprs(e.Types[i].Shape)
		if err != nil {
			return nil, err
		}
		shapes[i] = append(append([]string{}, hostDims...), inner...)
	}
	return shapes, nil
}

// openSegMap starts the kernel of segmap e, bound by s, named from prefix:
// the kernel with its space's arguments, its name (announced in the host
// code), the host expressions of the space's dimensions, and the shapes of
// the results over them; the results are predeclared on the host.
func (h *hgen) openSegMap(s *soac.Stm, e *soac.SegMapExp, prefix string) (*segKernel, string, []string, [][]string, error) {
	k, err := h.newSegKernel(segFree(e), e.Space)
	if err != nil {
		return nil, "", nil, nil, err
	}
	name := h.kernelName(prefix, s.Pat)
	h.line("// %s", name)
	if err := h.predeclare(s.Pat); err != nil {
		return nil, "", nil, nil, err
	}
	hostDims := k.ka.host[len(k.ka.host)-len(k.dims):]
	shapes, err := h.segMapShapes(s, e, hostDims)
	if err != nil {
		return nil, "", nil, nil, err
	}
	return k, name, hostDims, shapes, nil
}
