package backend

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file generates segmap_group, the intra-group version
// (flatten/intra.go), by its group plan (soac.GroupPlan, recorded by
// rewrite/lower/group.go): one kernel, one work-group per point of the
// space. Every work-item runs the body's scalar code, loops and ifs
// (they compute the same values, so control flow is uniform and barriers
// are legal); the thread-level Seg-ops of the body share out their points:
//
//   - segmap: work-item ltid computes points ltid, ltid+G, ... into its
//     result array in local memory;
//   - segred: each work-item folds its points (strided for a commutative
//     operator, a contiguous chunk otherwise), then the group combines
//     the work-items' values by a tree in local memory;
//   - segscan: each work-item scans a contiguous chunk into the result in
//     local memory, the chunks' totals are scanned across the group
//     (Hillis and Steele, in local memory), and each chunk adds its
//     carry.
//
// A barrier precedes and follows each inner Seg-op. A loop's array merge
// parameter has two local buffers: its initial value is copied in by the
// whole group, and each iteration's result copied into the spare buffer,
// after which the two are swapped. The body's results are written to the
// output rows of the group's point at the end, by the whole group.

// groupGen is the state of a segmap_group's kernel.
type groupGen struct {
	// locals maps each local array of the plan to its buffers' kernel
	// parameters (two for a loop's merge parameter).
	locals map[soac.VName][]string
	// localPtrs are the C pointers to local buffers the loops declare.
	localPtrs map[string]bool
	// into maps the local arrays that the plan writes into a loop merge
	// parameter's spare buffer to that parameter.
	into map[soac.VName]soac.VName
	// exchange are the local buffers, one per operand position, through
	// which inner reductions and scans combine the work-items' values.
	exchange []string
	// fused are the scatters of the plan that run the segmap making
	// their inputs; fusedMaps maps those inputs to that segmap, whose
	// statement generates nothing (the scatter runs it).
	fused     map[soac.VName]bool
	fusedMaps map[soac.VName]*soac.Stm
	// fills are the replicates of the plan that fill a loop
	// parameter's buffer; fillOf has them once their statement is
	// reached (it generates nothing: the loop fills).
	fills  map[soac.VName]bool
	fillOf map[soac.VName]*soac.ReplicateExp
	// narrow are scalars held in 32 bits besides the lowering's: the
	// parameters of fused scatters bound to narrowed values (narrow.go).
	narrow map[soac.VName]bool
	// speculate are the ifs whose branches both run, by first result;
	// speculating counts the speculated ifs being generated
	// (seggroup_speculate.go).
	speculate   map[soac.VName]bool
	speculating int
}

// segMapGroup generates a segmap_group.
func (h *hgen) segMapGroup(s *soac.Stm, e *soac.SegMapExp) error {
	lw, err := loweringOf(s)
	if err != nil {
		return err
	}
	plan := lw.Group
	if plan == nil {
		return fmt.Errorf("internal error: the segmap_group at %s has no group plan", s.Pos)
	}
	k, name, hostDims, shapes, err := h.openSegMap(s, e, "segmap_group_")
	if err != nil {
		return err
	}
	c, ka, dims, prologue := k.c, k.ka, k.dims, k.prologue
	outs, err := h.outputs(c, s.Pat, e.Types, shapes, ka, "out")
	if err != nil {
		return err
	}
	h.line("{")
	h.indent++
	defer func() {
		h.indent--
		h.line("}")
	}()
	// The group's size: the widest of the plan's widths, rounded up.
	ws := make([]string, len(plan.Size))
	for i, w := range plan.Size {
		ds := make([]string, len(w))
		for k, d := range w {
			x, err := h.operand(d)
			if err != nil {
				return err
			}
			ds[k] = "int64(" + x + ")"
		}
		ws[i] = strings.Join(ds, " * ")
	}
	if g, known := constGroupSize(plan); known {
		h.line("group := int64(%d)", g)
	} else {
		h.line("group := max(%s, 1)", strings.Join(ws, ", "))
		h.line("group = (group + %d) / %d * %d", plan.Multiple-1, plan.Multiple, plan.Multiple)
	}
	// Tunable (fcc autotune, --param), the plan's size by default.
	h.line("if g := c.Param(%q, 0); g > 0 {", groupParamName(h.g.prog, e))
	h.line("	group = (g + %d) / %d * %d", plan.Multiple-1, plan.Multiple, plan.Multiple)
	h.line("}")
	g := &groupGen{locals: map[soac.VName][]string{}, localPtrs: map[string]bool{}, into: map[soac.VName]soac.VName{},
		fused: map[soac.VName]bool{}, fusedMaps: map[soac.VName]*soac.Stm{},
		fills: map[soac.VName]bool{}, fillOf: map[soac.VName]*soac.ReplicateExp{}, narrow: map[soac.VName]bool{}}
	c.group = g
	g.speculate = map[soac.VName]bool{}
	for _, x := range plan.Speculate {
		g.speculate[x] = true
	}
	for _, x := range plan.Fused {
		g.fused[x] = true
	}
	for _, x := range plan.Fills {
		g.fills[x] = true
	}
	for _, a := range plan.Local {
		if a.Into != "" {
			g.into[a.Name] = a.Into
			continue
		}
		bytes := []string{fmt.Sprint(a.Type.Elem.Size())}
		for _, d := range a.Type.Shape {
			x, err := h.operand(d)
			if err != nil {
				return err
			}
			bytes = append(bytes, "int64("+x+")")
		}
		for b := 0; b < a.Buffers; b++ {
			p := fmt.Sprintf("fcc_local%d", len(ka.decls))
			ka.decls = append(ka.decls, fmt.Sprintf("__local %s *%s", mustStorage(a.Type.Elem), p))
			// At least an element: OpenCL refuses a local argument of
			// none (rows of no elements), and a speculated read of an
			// empty array reads element 0 (seggroup_speculate.go).
			ka.host = append(ka.host, fmt.Sprintf("exe.Local(max(%s, %d))", strings.Join(bytes, " * "), a.Type.Elem.Size()))
			g.locals[a.Name] = append(g.locals[a.Name], p)
		}
	}
	for k, size := range exchangeSizes(e.Body) {
		p := fmt.Sprintf("fcc_exchange%d", k)
		// Declared as ulong, not char: NVIDIA's OpenCL aligns a local
		// argument to its element type, and a char buffer read as float
		// faulted (CL_NV_ILLEGAL_MEMORY_ACCESS) on an H200.
		ka.decls = append(ka.decls, fmt.Sprintf("__local ulong *%s", p))
		ka.host = append(ka.host, fmt.Sprintf("exe.Local(group * %d)", size))
		g.exchange = append(g.exchange, p)
	}
	c.kernelHead(name, ka.decls, prologue)
	c.line("long ltid = get_local_id(0), lsize = get_local_size(0);")
	c.line("long gtid = get_group_id(0);")
	c.decodeSpace(e.Space, dims, "gtid")
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	for i, r := range res {
		t := e.Types[i]
		if t.Rank() == 0 {
			c.line("if (ltid == 0) {")
			c.line("  %s", store(outs[i], t.Elem, "gtid", r))
			c.line("}")
			continue
		}
		v := c.vars[e.Body.Result[i].(soac.Var).Name].view
		if v == nil {
			return fmt.Errorf("%s: array result %v is not an array", s.Pos, e.Body.Result[i])
		}
		row := strings.Join(v.dims, " * ")
		dst := &kview{ptr: outs[i], off: fmt.Sprintf("gtid * (%s)", row), dims: v.dims, strides: rowMajor(v.dims), elem: t.Elem}
		c.groupCopy(dst, v)
	}
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	total := "(" + strings.Join(hostDims, " * ") + ")"
	return h.launchKernel(c, ka, name, total+" * group", "group")
}

// groupParams lists the tunable group sizes of the program's
// segmap_groups, for the executable's parameter list, in program order:
// 0 by default, the size the plan chose.
func groupParams(p *soac.Program) []tileParam {
	var out []tileParam
	for _, g := range groupParamList(p) {
		out = append(out, tileParam{g.name, "group_size", 0})
	}
	return out
}

// groupParam is the tunable group size of one segmap_group.
type groupParam struct {
	seg  *soac.SegMapExp
	name string
}

// groupParamList names the tunable group size of each segmap_group of
// p, FUN.group_size_K for the K-th of function FUN, in program order.
func groupParamList(p *soac.Program) []groupParam {
	var out []groupParam
	for _, f := range p.Funs {
		k := 0
		soac.VisitExps(f.Body, func(e soac.Exp) {
			if m, ok := e.(*soac.SegMapExp); ok && m.Level == soac.LevelGroup {
				k++
				out = append(out, groupParam{m, fmt.Sprintf("%s.group_size_%d", f.Name, k)})
			}
		})
	}
	return out
}

// groupParamNames maps each segmap_group of p to its tunable group size.
func groupParamNames(p *soac.Program) map[*soac.SegMapExp]string {
	names := map[*soac.SegMapExp]string{}
	for _, g := range groupParamList(p) {
		names[g.seg] = g.name
	}
	return names
}

// groupParamName is the name of the tunable group size of e.
func groupParamName(p *soac.Program, e *soac.SegMapExp) string {
	return groupParamNames(p)[e]
}

// constGroupSize is the size of the work-group of a plan whose size's
// widths are constants, computed as the host computes it.
func constGroupSize(plan *soac.GroupPlan) (int64, bool) {
	g := int64(1)
	for _, w := range plan.Size {
		v := int64(1)
		for _, d := range w {
			c, ok := d.(soac.Const)
			if !ok || c.Value.T != values.I64 {
				return 0, false
			}
			v *= c.Value.Int()
		}
		g = max(g, v)
	}
	m := int64(plan.Multiple)
	return (g + m - 1) / m * m, true
}

// exchangeSizes are the bytes per work-item of the exchange buffers of a
// group's body: for each operand position, the largest element of the
// inner reductions and scans at that position.
func exchangeSizes(b *soac.Body) []int {
	var sizes []int
	soac.VisitStms(b, func(s *soac.Stm) {
		var ts []soac.Type
		switch e := s.Exp.(type) {
		case *soac.SegRedExp:
			ts = e.Types[:soac.ReduceValues(e.Reds)]
		case *soac.SegScanExp:
			ts = e.Types[:soac.ReduceValues(soac.ScanReduces(e.Scans))]
		}
		for k, t := range ts {
			if k == len(sizes) {
				sizes = append(sizes, 0)
			}
			sizes[k] = max(sizes[k], t.Elem.Size())
		}
	})
	return sizes
}

// localView is the view of a local array of type t in buffer ptr.
func (c *cgen) localView(ptr string, t soac.Type) (*kview, error) {
	dims := make([]string, t.Rank())
	for k, d := range t.Shape {
		x, err := c.operand(d)
		if err != nil {
			return nil, err
		}
		dims[k] = "(long)" + x
	}
	return &kview{ptr: ptr, off: "0", dims: dims, strides: rowMajor(dims), elem: t.Elem, owned: true}, nil
}

// barrier emits a work-group barrier on local memory.
func (c *cgen) barrier() { c.line("barrier(CLK_LOCAL_MEM_FENCE);") }

// groupCopy copies src into dst, elements shared out over the group's
// work-items; the caller adds the barrier that a later read needs.
func (c *cgen) groupCopy(dst, src *kview) {
	total := "(" + strings.Join(src.dims, " * ") + ")"
	if len(src.dims) == 0 {
		total = "1"
	}
	f := c.fresh("f")
	c.line("for (long %s = ltid; %s < %s; %s += lsize) {", f, f, total, f)
	c.indent++
	idx := make([]string, len(src.dims))
	rem := f
	for k := len(src.dims) - 1; k >= 0; k-- {
		if k == 0 {
			idx[k] = rem
			break
		}
		idx[k] = fmt.Sprintf("(%s %% %s)", rem, src.dims[k])
		rem = fmt.Sprintf("(%s / %s)", rem, src.dims[k])
	}
	c.line("%s", store(dst.ptr, dst.elem, viewOff(dst, idx), load(src, viewOff(src, idx))))
	c.indent--
	c.line("}")
}

// groupSegOp generates a thread-level Seg-op of a segmap_group's body.
func (c *cgen) groupSegOp(s *soac.Stm) error {
	if c.fusedMap(s) {
		// The scatter after it runs it.
		for _, p := range s.Pat {
			c.group.fusedMaps[p.Name] = s
		}
		return nil
	}
	if !c.groupSynced() {
		c.barrier()
	}
	var err error
	switch e := s.Exp.(type) {
	case *soac.SegMapExp:
		err = c.groupMap(s, e)
	case *soac.SegRedExp:
		err = c.groupRed(s, e)
	case *soac.SegScanExp:
		err = c.groupScan(s, e)
	case *soac.ScatterExp:
		if c.group.fused[s.Pat[0].Name] {
			err = c.groupFusedScatter(s, e)
		} else {
			err = c.groupScatter(s, e)
		}
	case *soac.ReplicateExp:
		err = c.groupReplicate(s, e)
	case *soac.UpdateExp:
		err = c.groupUpdate(s, e)
	default:
		return unsupported("this Seg-op in a segmap_group", s.Pos)
	}
	if err != nil {
		return err
	}
	c.barrier()
	return nil
}

// resultViews binds the array results of an inner Seg-op to their local
// buffers and returns their views (nil for scalar results).
func (c *cgen) resultViews(s *soac.Stm) ([]*kview, error) {
	views := make([]*kview, len(s.Pat))
	for i, p := range s.Pat {
		if p.Type.Rank() == 0 {
			continue
		}
		if q, ok := c.group.into[p.Name]; ok {
			// The loop's spare buffer of q: the iteration's end swaps it
			// in (loop).
			v, err := c.localView(c.g.names.id(q)+"_spare", p.Type)
			if err != nil {
				return nil, err
			}
			views[i] = v
			c.vars[p.Name] = kval{view: v}
			continue
		}
		bufs := c.group.locals[p.Name]
		if len(bufs) != 1 {
			return nil, fmt.Errorf("internal error: %s: the result %s of a Seg-op in a segmap_group has no local buffer", s.Pos, p.Name)
		}
		v, err := c.localView(bufs[0], p.Type)
		if err != nil {
			return nil, err
		}
		views[i] = v
		c.vars[p.Name] = kval{view: v}
	}
	return views, nil
}

// groupMap generates an inner segmap: work-item ltid computes points
// ltid, ltid+lsize, ... of its space, flattened row-major.
func (c *cgen) groupMap(s *soac.Stm, e *soac.SegMapExp) error {
	dims := make([]string, len(e.Space))
	for k, d := range e.Space {
		x, err := c.operand(d.N)
		if err != nil {
			return err
		}
		dims[k] = "(long)" + x
	}
	views, err := c.resultViews(s)
	if err != nil {
		return err
	}
	i := c.fresh("i")
	if c.narrowSpace(e.Space) {
		c.line("for (int %s = ltid; %s < %s; %s += lsize) {", i, i, strings.Join(dims, " * "), i)
	} else {
		c.line("for (long %s = ltid; %s < %s; %s += lsize) {", i, i, strings.Join(dims, " * "), i)
	}
	c.indent++
	c.decodeSpace(e.Space, dims, i)
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	for k, v := range views {
		if v == nil {
			return unsupported("a scalar result of a segmap", s.Pos)
		}
		c.line("%s", store(v.ptr, v.elem, i, res[k]))
	}
	c.indent--
	c.line("}")
	return nil
}

// exchangeAt is the exchange buffer of operand k, typed for t.
func (c *cgen) exchangeAt(k int, t soac.PrimType) string {
	return fmt.Sprintf("((__local %s *)%s)", mustStorage(t), c.group.exchange[k])
}

// groupRed generates an inner segred: each work-item folds its points,
// and the group combines the work-items' values by a tree.
func (c *cgen) groupRed(s *soac.Stm, e *soac.SegRedExp) error {
	nRed := soac.ReduceValues(e.Reds)
	if nRed != len(e.Types) {
		return unsupported("a reduction with map-out results in a segmap_group", s.Pos)
	}
	w, err := c.operand(e.Space[0].N)
	if err != nil {
		return err
	}
	comm := true
	for _, r := range e.Reds {
		comm = comm && r.Comm
	}
	acc, err := c.groupFold(e.Space[0].Index, w, e.Reds, e.Types, e.Body, comm, nil)
	if err != nil {
		return err
	}
	lmem := make([]string, nRed)
	for k := range lmem {
		lmem[k] = c.exchangeAt(k, e.Types[k].Elem)
	}
	if err := c.groupCombine(e.Reds, e.Types, acc, lmem, comm); err != nil {
		return err
	}
	for k, p := range s.Pat {
		if err := c.bindScalar(p, load(&kview{ptr: lmem[k], elem: e.Types[k].Elem}, "0")); err != nil {
			return err
		}
	}
	return nil
}

// groupScan generates an inner segscan: each work-item scans a
// contiguous chunk into the result, the chunks' totals are scanned
// across the group, and each chunk but the first adds the total before it.
func (c *cgen) groupScan(s *soac.Stm, e *soac.SegScanExp) error {
	reds := soac.ScanReduces(e.Scans)
	nScan := soac.ReduceValues(reds)
	if nScan != len(e.Types) {
		return unsupported("a scan with map-out results in a segmap_group", s.Pos)
	}
	w, err := c.operand(e.Space[0].N)
	if err != nil {
		return err
	}
	views, err := c.resultViews(s)
	if err != nil {
		return err
	}
	// Each point's prefix of the work-item's chunk, stored as it is folded.
	acc, err := c.groupFold(e.Space[0].Index, w, reds, e.Types, e.Body, false, func(i string, acc []string) {
		for k, v := range views {
			c.line("%s", store(v.ptr, v.elem, i, acc[k]))
		}
	})
	if err != nil {
		return err
	}
	// The totals, scanned inclusively across the group.
	ex := make([]string, nScan)
	for k := range ex {
		ex[k] = c.exchangeAt(k, e.Types[k].Elem)
		c.line("%s", store(ex[k], e.Types[k].Elem, "ltid", acc[k]))
	}
	c.barrier()
	c.line("for (long s = 1; s < lsize; s *= 2) {")
	c.indent++
	prev, cur := make([]string, nScan), make([]string, nScan)
	for k := range ex {
		ct, _ := cType(e.Types[k].Elem)
		prev[k], cur[k] = c.fresh("p"), c.fresh("x")
		c.line("%s %s = %s;", ct, cur[k], load(&kview{ptr: ex[k], elem: e.Types[k].Elem}, "ltid"))
		c.line("%s %s = %s;", ct, prev[k], cur[k])
		c.line("if (ltid >= s) %s = %s;", prev[k], load(&kview{ptr: ex[k], elem: e.Types[k].Elem}, "ltid - s"))
	}
	c.barrier()
	c.line("if (ltid >= s) {")
	c.indent++
	if err := c.combine(reds, prev, cur); err != nil {
		return err
	}
	for k := range ex {
		c.line("%s", store(ex[k], e.Types[k].Elem, "ltid", prev[k]))
	}
	c.indent--
	c.line("}")
	c.barrier()
	c.indent--
	c.line("}")
	// Each chunk after the first adds the total of those before it.
	c.line("if (ltid > 0) {")
	c.indent++
	carry := make([]string, nScan)
	for k := range ex {
		ct, _ := cType(e.Types[k].Elem)
		carry[k] = c.fresh("carry")
		c.line("%s %s = %s;", ct, carry[k], load(&kview{ptr: ex[k], elem: e.Types[k].Elem}, "ltid - 1"))
	}
	j := c.fresh("j")
	c.groupLoop(j, "0", w, false)
	xs := make([]string, nScan)
	cs := make([]string, nScan)
	for k, v := range views {
		ct, _ := cType(e.Types[k].Elem)
		xs[k], cs[k] = c.fresh("x"), c.fresh("c")
		c.line("%s %s = %s;", ct, cs[k], carry[k])
		c.line("%s %s = %s;", ct, xs[k], load(v, j))
	}
	if err := c.combine(reds, cs, xs); err != nil {
		return err
	}
	for k, v := range views {
		c.line("%s", store(v.ptr, v.elem, j, cs[k]))
	}
	c.indent--
	c.line("}")
	c.indent--
	c.line("}")
	return nil
}

// groupLoopArray declares the two local buffers of a loop's array merge
// parameter p and copies its initial value init into the first; it
// returns the parameter's view and its spare pointer.
func (c *cgen) groupLoopArray(p soac.Param, init soac.SubExp) (*kview, string, error) {
	bufs := c.group.locals[p.Name]
	var fill *soac.ReplicateExp
	var iv *kview
	var err error
	if x, ok := init.(soac.Var); ok && c.group.fillOf[x.Name] != nil {
		fill = c.group.fillOf[x.Name]
	} else if iv, err = c.arrayOperand(init); err != nil {
		return nil, "", err
	}
	v, err := c.localView(bufs[0], p.Type)
	if err != nil {
		return nil, "", err
	}
	id := c.g.names.id(p.Name)
	c.line("__local %s *%s_buf = %s, *%s_spare = %s;", mustStorage(p.Type.Elem), id, bufs[0], id, bufs[1])
	v.ptr = id + "_buf"
	c.group.localPtrs[v.ptr] = true
	c.group.localPtrs[id+"_spare"] = true
	// Work-items may still read the buffer from an earlier run of the
	// loop.
	if !c.groupSynced() {
		c.barrier()
	}
	if fill != nil {
		x, err := c.operand(fill.X)
		if err != nil {
			return nil, "", err
		}
		f := c.fresh("f")
		c.line("for (long %s = ltid; %s < (%s); %s += lsize) {", f, f, strings.Join(v.dims, " * "), f)
		c.line("  %s", store(v.ptr, v.elem, f, x))
		c.line("}")
	} else {
		c.groupCopy(v, iv)
	}
	c.barrier()
	return v, id + "_spare", nil
}

// groupScatter generates a scatter of a segmap_group's body: the
// work-items share its writes, in place, into its destinations in local
// memory (flatten takes no other).
func (c *cgen) groupScatter(s *soac.Stm, e *soac.ScatterExp) error {
	outs := make([]*kview, len(e.Dests))
	for k, d := range e.Dests {
		v := c.vars[d.Arr].view
		if v == nil || !c.group.isLocal(v) {
			return unsupported("a scatter in a segmap_group into an array not in local memory", s.Pos)
		}
		if len(v.dims) != d.Rank {
			return unsupported("a scatter of rows in a segmap_group", s.Pos)
		}
		outs[k] = v
	}
	return c.scatterLoop(s, e, outs, func(i, w string) string {
		return fmt.Sprintf("for (long %s = ltid; %s < (long)%s; %s += lsize) {", i, i, w, i)
	})
}

// fusedMap reports whether statement s of a group's body is a segmap
// that the fused scatter after it runs: the one that makes its inputs.
func (c *cgen) fusedMap(s *soac.Stm) bool {
	if _, ok := s.Exp.(*soac.SegMapExp); !ok || len(c.group.fused) == 0 {
		return false
	}
	at := c.at[len(c.at)-1]
	if at.stm+1 >= len(at.body.Stms) {
		return false
	}
	next := at.body.Stms[at.stm+1]
	sc, ok := next.Exp.(*soac.ScatterExp)
	return ok && c.group.fused[next.Pat[0].Name] && slices.ContainsFunc(s.Pat, func(p soac.Param) bool { return slices.Contains(sc.Inputs, p.Name) })
}

// groupFusedScatter generates a scatter of the plan's fused ones: each
// work-item computes its points of the segmap that makes the scatter's
// inputs and writes them at once, in place, into the destinations in
// local memory (the lowering proved that no point reads what another
// writes). Writes outside a destination are skipped.
func (c *cgen) groupFusedScatter(s *soac.Stm, e *soac.ScatterExp) error {
	ms := c.group.fusedMaps[e.Inputs[0]]
	if ms == nil {
		return fmt.Errorf("internal error: %s: the fused scatter %s has no segmap before it", s.Pos, s.Pat[0].Name)
	}
	m := ms.Exp.(*soac.SegMapExp)
	outs := make([]*kview, len(e.Dests))
	for k, d := range e.Dests {
		v := c.vars[d.Arr].view
		if v == nil || !c.group.isLocal(v) || len(v.dims) != d.Rank {
			return unsupported("a fused scatter in a segmap_group into an array not in local memory or of rows", s.Pos)
		}
		outs[k] = v
	}
	w, err := c.operand(e.W)
	if err != nil {
		return err
	}
	i := c.fresh("i")
	if c.narrowSpace(m.Space) {
		c.line("for (int %s = ltid; %s < %s; %s += lsize) {", i, i, w, i)
	} else {
		c.line("for (long %s = ltid; %s < (long)%s; %s += lsize) {", i, i, w, i)
	}
	c.indent++
	c.decodeSpace(m.Space, []string{"(long)" + w}, i)
	res, err := c.body(m.Body)
	if err != nil {
		return err
	}
	for k, p := range e.Lambda.Params {
		r := slices.IndexFunc(ms.Pat, func(q soac.Param) bool { return q.Name == e.Inputs[k] })
		if r < 0 {
			return fmt.Errorf("internal error: %s: input %s of the fused scatter is not made by its segmap", s.Pos, e.Inputs[k])
		}
		if v, ok := m.Body.Result[r].(soac.Var); ok && c.narrowed(v.Name) {
			// The lambda's parameter is that value.
			c.group.narrow[p.Name] = true
		}
		if err := c.bindScalar(p, res[r]); err != nil {
			return err
		}
	}
	lres, err := c.body(e.Lambda.Body)
	if err != nil {
		return err
	}
	if err := c.scatterWrites(e, outs, lres); err != nil {
		return err
	}
	c.indent--
	c.line("}")
	for k, p := range s.Pat {
		c.vars[p.Name] = kval{view: outs[k]}
	}
	return nil
}

// isLocal reports whether a view is of an array in local memory.
func (g *groupGen) isLocal(v *kview) bool {
	if g.localPtrs[v.ptr] {
		return true
	}
	for _, bufs := range g.locals {
		for _, b := range bufs {
			if b == v.ptr {
				return true
			}
		}
	}
	return false
}

func isUpdate(s *soac.Stm) bool {
	_, ok := s.Exp.(*soac.UpdateExp)
	return ok
}

// groupReplicate fills the local array of a replicate of a segmap_group's
// body, its elements shared out over the group's work-items.
func (c *cgen) groupReplicate(s *soac.Stm, e *soac.ReplicateExp) error {
	views, err := c.resultViews(s)
	if err != nil {
		return err
	}
	dst := views[0]
	var src *kview
	x := ""
	if v, ok := e.X.(soac.Var); ok && c.vars[v.Name].view != nil {
		src = c.vars[v.Name].view
	} else if x, err = c.operand(e.X); err != nil {
		return err
	}
	total := "(" + strings.Join(dst.dims, " * ") + ")"
	f := c.fresh("f")
	c.line("for (long %s = ltid; %s < %s; %s += lsize) {", f, f, total, f)
	c.indent++
	if src == nil {
		c.line("%s", store(dst.ptr, dst.elem, f, x))
	} else {
		// The element of the replicated array at the innermost indices.
		inner := "(" + strings.Join(src.dims, " * ") + ")"
		idx := make([]string, len(src.dims))
		rem := fmt.Sprintf("(%s %% %s)", f, inner)
		for k := len(src.dims) - 1; k >= 0; k-- {
			if k == 0 {
				idx[k] = rem
				break
			}
			idx[k] = fmt.Sprintf("(%s %% %s)", rem, src.dims[k])
			rem = fmt.Sprintf("(%s / %s)", rem, src.dims[k])
		}
		c.line("%s", store(dst.ptr, dst.elem, f, load(src, viewOff(src, idx))))
	}
	c.indent--
	c.line("}")
	return nil
}

// groupUpdate writes, in place, the value of an update of a segmap_group's
// body into its array in local memory: a row by the group's work-items,
// an element by one of them.
func (c *cgen) groupUpdate(s *soac.Stm, e *soac.UpdateExp) error {
	v := c.vars[e.Arr].view
	if v == nil || !c.group.isLocal(v) {
		return unsupported("an update in a segmap_group of an array not in local memory", s.Pos)
	}
	dst, err := c.sliceView(v, e.Slice, s.Pos)
	if err != nil {
		return err
	}
	if len(dst.dims) == 0 {
		x, err := c.operand(e.Value)
		if err != nil {
			return err
		}
		c.line("if (ltid == 0) {")
		c.line("  %s", store(dst.ptr, dst.elem, dst.off, x))
		c.line("}")
	} else {
		src, err := c.arrayOperand(e.Value)
		if err != nil {
			return err
		}
		c.groupCopy(dst, src)
	}
	c.vars[s.Pat[0].Name] = kval{view: v}
	return nil
}

// groupFold emits the loop in which each work-item of the group folds its
// share of the points 0..w of an inner reduction or scan (strided when
// comm, else a contiguous chunk) into accumulators, which it returns;
// each, where not nil, emits what follows every point's fold.
func (c *cgen) groupFold(index soac.VName, w string, reds []soac.Reduce, types []soac.Type, body *soac.Body, comm bool, each func(i string, acc []string)) ([]string, error) {
	acc, err := c.neutrals(reds, types, c.fresh("acc")+"_")
	if err != nil {
		return nil, err
	}
	i := c.fresh("i")
	c.groupLoop(i, "0", w, comm)
	c.vars[index] = kval{scalar: i}
	res, err := c.body(body)
	if err != nil {
		return nil, err
	}
	if err := c.combine(reds, acc, res); err != nil {
		return nil, err
	}
	if each != nil {
		each(i, acc)
	}
	c.indent--
	c.line("}")
	return acc, nil
}

// groupSynced reports whether the group statement about to be generated
// needs no barrier before it: on every path to it, no work-item has
// touched local memory since a barrier every work-item passed. That
// holds when what precedes it in its body is private code (scalar, local
// memory unread) after a group operation (which ends with a barrier) or
// after the start of the group's body, and, at the top of a loop's
// body, when the loop starts after its array parameters' copies (which
// end with a barrier) and the body ends with a group operation and
// private code. Each step of Needleman-Wunsch's anti-diagonals then
// holds two barriers, not four.
func (c *cgen) groupSynced() bool {
	at := c.at[len(c.at)-1]
	if synced, decided := c.syncedAfter(at.body.Stms[:at.stm]); decided {
		return synced
	}
	if len(c.at) == 1 {
		return true // the group's body: nothing touched local memory yet
	}
	outer := c.at[len(c.at)-2]
	loop, ok := outer.body.Stms[outer.stm].Exp.(*soac.LoopExp)
	if !ok || loop.Body != at.body {
		return false
	}
	copied := false
	for _, p := range loop.Params {
		copied = copied || len(c.group.locals[p.Name]) == 2
	}
	synced, decided := c.syncedAfter(at.body.Stms)
	return copied && decided && synced
}

// syncedAfter walks stms back from their end: it reports synced and
// decided when a group operation comes before private statements only,
// not synced and decided when another statement does, and not decided
// when it reaches their start.
func (c *cgen) syncedAfter(stms []*soac.Stm) (synced, decided bool) {
	for i := len(stms) - 1; i >= 0; i-- {
		switch {
		case c.fusedIn(stms, i), c.fillIn(stms[i]):
			// Generated by the scatter after it, or by the loop it
			// fills.
		case c.groupOp(stms[i]):
			return true, true
		case !c.private(stms[i]):
			return false, true
		}
	}
	return false, false
}

// fusedIn reports whether stms[i] is a segmap that the fused scatter
// stms[i+1] runs.
func (c *cgen) fusedIn(stms []*soac.Stm, i int) bool {
	if i+1 >= len(stms) || !c.group.fused[stms[i+1].Pat[0].Name] {
		return false
	}
	_, ok := stms[i].Exp.(*soac.SegMapExp)
	return ok
}

// fillIn reports whether s is a replicate that fills a loop
// parameter's buffer.
func (c *cgen) fillIn(s *soac.Stm) bool {
	_, ok := s.Exp.(*soac.ReplicateExp)
	return ok && c.group.fills[s.Pat[0].Name]
}

// groupOp reports whether statement s of a group's body is generated by
// groupSegOp, which ends with a barrier.
func (c *cgen) groupOp(s *soac.Stm) bool {
	switch s.Exp.(type) {
	case *soac.SegMapExp, *soac.SegRedExp, *soac.SegScanExp, *soac.ScatterExp, *soac.UpdateExp:
		return true
	case *soac.ReplicateExp:
		_, local := c.group.locals[s.Pat[0].Name]
		return local
	}
	return false
}

// private reports whether statement s of a group's body leaves local
// memory alone: scalar code that reads no array in local memory (an
// array not yet bound counts as local).
func (c *cgen) private(s *soac.Stm) bool {
	if e, ok := s.Exp.(*soac.IndexExp); ok {
		// An element, or a row (a view), of an array elsewhere.
		v := c.vars[e.Arr].view
		return v != nil && !c.group.isLocal(v)
	}
	if !scalarPat(s) {
		return false
	}
	switch e := s.Exp.(type) {
	case *soac.SubExpExp, *soac.BinOpExp, *soac.CmpOpExp, *soac.UnOpExp, *soac.ConvOpExp, *soac.CallPrimExp, *soac.AssertExp:
		return true
	case *soac.IfExp:
		return !slices.ContainsFunc(e.Then.Stms, func(t *soac.Stm) bool { return !c.private(t) }) &&
			!slices.ContainsFunc(e.Else.Stms, func(t *soac.Stm) bool { return !c.private(t) })
	}
	return false
}
