package backend

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// This file generates the arrays a kernel body creates for itself: the
// results of iota, replicate, copy, concat, array literals, in-place
// updates, sequential maps and scans, and the arrays carried by ifs and
// loops inside a work-item.
//
// Every such array lives in a scratch buffer of the kernel: the host
// allocates, for each array-creating statement, one buffer holding an
// array of the statement's size for every work-item launched, so the
// array's size must be known on the host (invariant to the kernel). The
// layout is interleaved: element j of work-item g is at g + j*G, where G
// is the number of work-items, so that neighbouring work-items touch
// neighbouring addresses (coalesced accesses on GPUs). Views (kview) carry
// strides, so the rest of the kernel code reads these arrays like any
// other.
//
// A statement inside a sequential loop reuses its buffer in every
// iteration; the values that outlive an iteration are the loop's merge
// parameters, which get two buffers each (double buffering): an iteration
// that does not update its parameter in place copies its result into the
// spare buffer, and the two are swapped.

// scratchMarker stands for the scratch buffer parameters in a kernel's
// signature until the body has been generated (kernelEnd fills it in).
const scratchMarker = "/*fcc:scratch*/"

// scratchBuf is one scratch buffer of a kernel: an array of shape dims
// per work-item, each dimension an upper bound over operands known on
// the host (the dimension itself unless the kernel computes it).
type scratchBuf struct {
	param string
	elem  soac.PrimType
	dims  []soac.SizeBound
}

// hostKnown reports whether a size operand can be computed on the host:
// a constant or a free scalar of the kernel.
func (c *cgen) hostKnown(se soac.SubExp) bool {
	v, ok := se.(soac.Var)
	return !ok || c.hostNames[v.Name]
}

// newArray allocates a per-work-item scratch array of the given shape and
// returns its view.
func (c *cgen) newArray(elem soac.PrimType, shape []soac.SubExp, pos soac.Pos) (*kview, error) {
	v, err := c.arrayView(elem, shape, pos)
	if err != nil {
		return nil, err
	}
	c.addScratch(v)
	return v, nil
}

// addScratch allocates the scratch buffer of a view made by arrayView.
func (c *cgen) addScratch(v *kview) {
	c.scratch = append(c.scratch, v.scratch)
	v.scratch = scratchBuf{}
}

// sizeBound returns an upper bound, over operands known on the host, of
// a size the kernel computes (see soac.SizeFacts).
func (c *cgen) sizeBound(d soac.SubExp) (soac.SizeBound, bool) {
	if c.g.sizeFacts == nil {
		c.g.sizeFacts = soac.SizeFacts(c.g.prog)
	}
	return soac.ResolveBound(d, c.g.sizeFacts, func(n soac.VName) bool { return c.hostNames[n] })
}

// boundExpr is the C expression of a size bound, at least 0 as the
// host's allocation takes it.
func (c *cgen) boundExpr(b soac.SizeBound) (string, error) {
	if b.Op == "" {
		x, err := c.operand(b.Leaf)
		return "max((long)" + x + ", 0L)", err
	}
	args := make([]string, len(b.Args))
	for i, a := range b.Args {
		x, err := c.boundExpr(a)
		if err != nil {
			return "", err
		}
		args[i] = x
	}
	if b.Op == "add" {
		return "(" + strings.Join(args, " + ") + ")", nil
	}
	x := args[0]
	for _, a := range args[1:] {
		x = fmt.Sprintf("%s(%s, %s)", b.Op, x, a)
	}
	return x, nil
}

// dynamicDim is the C expression of dimension d, which the kernel
// computes, of an array the work-item allocates at d's bound: the size
// clamped to the bound; and the bound the host allocates at (the same
// one, or the maximum of a pre-pass, prepass.go). With guard, the work-item fails if the size is
// above the bound (which a correct bound never is, but a failed check
// earlier in the work-item may leave); without, d need not have its
// value yet (an if's existential size, set by its branches).
func (c *cgen) dynamicDim(d soac.SubExp, pos soac.Pos, guard bool) (string, soac.SizeBound, error) {
	x, b, _, err := c.dynamicDimCap(d, pos, guard)
	return x, b, err
}

// dynamicDimCap is dynamicDim, also returning the C name of the bound.
func (c *cgen) dynamicDimCap(d soac.SubExp, pos soac.Pos, guard bool) (string, soac.SizeBound, string, error) {
	b, ok := c.sizeBound(d)
	host := b
	if v, isVar := d.(soac.Var); !ok && isVar {
		// A pre-pass computed the largest bound (prepass.go): the host
		// allocates at it, the work-item checks against its own.
		if ps, pre := c.g.preSizes[v.Name]; pre {
			b, host, ok = ps.bound, soac.SizeBound{Leaf: soac.Var{Name: ps.host}}, true
		}
	}
	if !ok {
		return "", b, "", unsupported(fmt.Sprintf("an array inside a kernel whose size (%s) is computed in the kernel", subExpText(d)), pos)
	}
	x, err := c.operand(d)
	if err != nil {
		return "", b, "", err
	}
	bc, err := c.boundExpr(b)
	if err != nil {
		return "", b, "", err
	}
	bid := c.fresh("bound")
	c.line("long %s = %s;", bid, bc)
	if guard {
		c.fail(fmt.Sprintf("(long)%s > %s", x, bid), fmt.Sprintf("%s: size %%d of an array in a kernel exceeds its bound %%d", soac.EscapeFormat(pos.String())), x, bid)
	}
	return fmt.Sprintf("min((long)%s, %s)", x, bid), host, bid, nil
}

// arrayView returns the view a per-work-item scratch array of the given
// shape would have, without allocating its buffer (addScratch does).
// Its buffer's name is reserved: a later array gets another. A dimension
// the kernel computes is allocated at its bound (dynamicDim).
func (c *cgen) arrayView(elem soac.PrimType, shape []soac.SubExp, pos soac.Pos) (*kview, error) {
	return c.boundedView(elem, shape, pos, true)
}

// boundedView is arrayView, guarding the dimensions the kernel computes
// when guard is set (see dynamicDim).
func (c *cgen) boundedView(elem soac.PrimType, shape []soac.SubExp, pos soac.Pos, guard bool) (*kview, error) {
	dims := make([]string, len(shape))
	bounds := make([]soac.SizeBound, len(shape))
	caps := make([]string, len(shape))
	for k, d := range shape {
		if !c.hostKnown(d) {
			x, b, bid, err := c.dynamicDimCap(d, pos, guard)
			if err != nil {
				return nil, err
			}
			caps[k] = bid
			// Bounds are taken at least 0, as sizes are.
			dims[k], bounds[k] = x, soac.SizeBound{Op: "max", Args: []soac.SizeBound{b, {Leaf: soac.I64(0)}}}
			continue
		}
		x, err := c.operand(d)
		if err != nil {
			return nil, err
		}
		dims[k] = "(long)" + x
		bounds[k] = soac.SizeBound{Leaf: d}
	}
	if _, err := cStorage(elem); err != nil {
		return nil, err
	}
	param := fmt.Sprintf("fcc_scratch%d", c.scratchIDs)
	c.scratchIDs++
	strides := rowMajor(dims)
	for k := range strides {
		strides[k] = "(" + strides[k] + ") * fcc_ssz"
	}
	return &kview{ptr: param, off: "fcc_sid", dims: dims, strides: strides, elem: elem, owned: true,
		scratch: scratchBuf{param: param, elem: elem, dims: bounds}, caps: caps}, nil
}

// scratchDecls are the kernel parameters of the scratch buffers.
func (c *cgen) scratchDecls() string {
	var b strings.Builder
	for _, s := range c.scratch {
		fmt.Fprintf(&b, ",\n    __global %s *%s", mustStorage(s.elem), s.param)
	}
	return b.String()
}

// scratchAlloc emits the host code allocating the scratch buffers of c's
// kernel for a launch of global work-items (a Go expression), adds them
// to the launch arguments, and returns the Go names to release after the
// launch.
func (h *hgen) scratchAlloc(c *cgen, ka *kernelArgs, global string) ([]string, error) {
	var names []string
	for _, s := range c.scratch {
		n := h.fresh("scratch")
		size := []string{global}
		for _, d := range s.dims {
			x, err := h.boundExpr(d)
			if err != nil {
				return nil, err
			}
			size = append(size, x)
		}
		h.line("%s, err := c.NewArray(%s, []int64{%s})", n, elemConst(s.elem), strings.Join(size, ", "))
		h.check("", "allocating kernel scratch memory")
		ka.host = append(ka.host, n)
		names = append(names, n)
	}
	return names, nil
}

// boundExpr is the Go expression (int64) of a scratch dimension's bound:
// the dimension itself when the host knows it, otherwise its bound, at
// least 0.
func (h *hgen) boundExpr(b soac.SizeBound) (string, error) {
	if b.Op == "" {
		x, err := h.operand(b.Leaf)
		return "int64(" + x + ")", err
	}
	args := make([]string, len(b.Args))
	for i, a := range b.Args {
		x, err := h.boundExpr(a)
		if err != nil {
			return "", err
		}
		args[i] = "max(" + x + ", 0)"
	}
	if b.Op == "add" {
		return "(" + strings.Join(args, " + ") + ")", nil
	}
	return b.Op + "(" + strings.Join(args, ", ") + ")", nil
}

// privateVersion is a kernel's version with its scratch arrays in
// private memory (soac.ScratchPlan): kernel name, each array at most
// limit elements.
type privateVersion struct {
	name  string
	limit int
}

// addPrivateVersion appends to the finished kernel named name (c.b holds
// its source, kernelEnd done) its private-scratch version, named priv:
// the same body without the scratch parameters, each scratch array
// declared in private memory at limit elements, and fcc_sid, fcc_ssz and
// fcc_scratch_as (the prelude's) redefined around it to address one
// work-item's arrays there. It records the version for launchKernel.
func (c *cgen) addPrivateVersion(name, priv string, limit int) error {
	src := c.b.String()
	head := "__kernel void " + name + "("
	decls := c.scratchDecls()
	open := strings.Index(src, "\n{\n")
	if len(c.scratch) == 0 || strings.Count(src, head) != 1 || !strings.Contains(src, decls) || open < 0 {
		return fmt.Errorf("internal error: no scratch parameters to take out of the kernel %s", name)
	}
	var arrays strings.Builder
	for _, s := range c.scratch {
		fmt.Fprintf(&arrays, "  %s %s[%d];\n", mustStorage(s.elem), s.param, limit)
	}
	body := src[:open+3] + arrays.String() + src[open+3:]
	body = strings.Replace(strings.Replace(body, head, "__kernel void "+priv+"(", 1), decls, "", 1)
	const undef = "#undef fcc_sid\n#undef fcc_ssz\n#undef fcc_scratch_as\n"
	c.b.WriteString(undef + "#define fcc_sid 0\n#define fcc_ssz 1\n#define fcc_scratch_as __private\n")
	c.b.WriteString(body)
	c.b.WriteString(undef + "#define fcc_sid fcc_gid\n#define fcc_ssz fcc_gsize\n#define fcc_scratch_as __global\n\n")
	c.privScratch = &privateVersion{name: priv, limit: limit}
	return nil
}

// privateBytes is the private memory c's scratch arrays take at limit
// elements each.
func (c *cgen) privateBytes(limit int) int {
	n := 0
	for _, s := range c.scratch {
		n += limit * s.elem.Size()
	}
	return n
}

// launchKernel emits the launch of c's kernel name over global
// work-items in groups of local (Go expressions), with its scratch
// buffers; or, where c has a private-scratch version and every scratch
// array fits it, the launch of that version, without them.
func (h *hgen) launchKernel(c *cgen, ka *kernelArgs, name, global, local string) error {
	h.line("{")
	h.indent++
	g := global
	if len(c.scratch) > 0 {
		g = h.fresh("global")
		h.line("%s := %s", g, global)
	}
	if pv := c.privScratch; pv != nil && len(c.scratch) > 0 {
		var fits []string
		for _, s := range c.scratch {
			dims := []string{fmt.Sprint(pv.limit)}
			for _, d := range s.dims {
				x, err := h.boundExpr(d)
				if err != nil {
					return err
				}
				dims = append(dims, x)
			}
			fits = append(fits, "fccFitsPrivate("+strings.Join(dims, ", ")+")")
		}
		h.line("if c.PrivateScratch() && %s {", strings.Join(fits, " && "))
		h.line("\tif err := c.LaunchArgs(%q, []int64{%s}, []int64{%s}, %s); err != nil {", pv.name, g, local, h.g.launchArgList(pv.name, ka.host))
		h.line("\t\treturn nil, err")
		h.line("\t}")
		h.line("} else {")
		h.indent++
		if err := h.launchScratch(c, ka, name, g, local); err != nil {
			return err
		}
		h.indent--
		h.line("}")
	} else if err := h.launchScratch(c, ka, name, g, local); err != nil {
		return err
	}
	h.indent--
	h.line("}")
	return nil
}

// launchScratch emits the launch of c's kernel name over global
// work-items in groups of local, with its scratch buffers allocated
// before and released after.
func (h *hgen) launchScratch(c *cgen, ka *kernelArgs, name, g, local string) error {
	rel, err := h.scratchAlloc(c, ka, g)
	if err != nil {
		return err
	}
	h.line("if err := c.LaunchArgs(%q, []int64{%s}, []int64{%s}, %s); err != nil {", name, g, local, h.g.launchArgList(name, ka.host))
	h.line("\treturn nil, err")
	h.line("}")
	for _, r := range rel {
		h.line("c.ReleaseArray(%s)", r)
	}
	return nil
}

// viewOff is the C expression of the offset of element idx of a view.
func viewOff(v *kview, idx []string) string {
	off := v.off
	for k, i := range idx {
		off = fmt.Sprintf("%s + %s * %s", off, i, v.strides[k])
	}
	return off
}

// loopNest emits nested loops over dims and calls f with the index
// variables inside them.
func (c *cgen) loopNest(dims []string, f func(idx []string) error) error {
	idx := make([]string, len(dims))
	for k, d := range dims {
		idx[k] = c.fresh("j")
		c.line("for (long %s = 0; %s < %s; %s++) {", idx[k], idx[k], d, idx[k])
		c.indent++
	}
	if err := f(idx); err != nil {
		return err
	}
	for range dims {
		c.indent--
		c.line("}")
	}
	return nil
}

// copyView copies src into dst, which have the same shape.
func (c *cgen) copyView(dst, src *kview) error {
	return c.loopNest(src.dims, func(idx []string) error {
		c.line("%s", store(dst.ptr, dst.elem, viewOff(dst, idx), load(src, viewOff(src, idx))))
		return nil
	})
}

// sameView reports whether two views are statically the same array.
func sameView(a, b *kview) bool {
	if a.ptr != b.ptr || a.off != b.off || len(a.dims) != len(b.dims) {
		return false
	}
	for k := range a.dims {
		if a.dims[k] != b.dims[k] || a.strides[k] != b.strides[k] {
			return false
		}
	}
	return true
}

// arrayOperand is the view of an array operand.
func (c *cgen) arrayOperand(se soac.SubExp) (*kview, error) {
	v, ok := se.(soac.Var)
	if !ok || c.vars[v.Name].view == nil {
		return nil, fmt.Errorf("operand %s is not an array", subExpText(se))
	}
	return c.vars[v.Name].view, nil
}

// bindView binds the single name of a pattern to a view.
func (c *cgen) bindView(s *soac.Stm, v *kview) {
	c.vars[s.Pat[0].Name] = kval{view: v}
}

// sliceView applies a slice to a view, checking it as the interpreter
// does: fixed indices in bounds, and every index a range denotes in
// bounds.
func (c *cgen) sliceView(v *kview, sl []soac.DimIndex, pos soac.Pos) (*kview, error) {
	off := c.ix(v.off)
	var dims, strides, conds, args, text []string
	var dynamic []int // the dims whose count the kernel computes
	for k, d := range sl {
		if d.Fix != nil {
			i, err := c.operand(d.Fix)
			if err != nil {
				return nil, err
			}
			off = fmt.Sprintf("%s + %s * %s", off, c.ix(i), c.ix(v.strides[k]))
			conds = append(conds, fmt.Sprintf("(long)%s < 0 || (long)%s >= %s", i, i, v.dims[k]))
			args = append(args, "(long)"+i)
			text = append(text, "%d")
			continue
		}
		start, err := c.operand(d.Start)
		if err != nil {
			return nil, err
		}
		n, err := c.operand(d.N)
		if err != nil {
			return nil, err
		}
		stride, err := c.operand(d.Stride)
		if err != nil {
			return nil, err
		}
		st, nn, sd := "(long)"+start, "(long)"+n, "(long)"+stride
		off = fmt.Sprintf("%s + %s * %s", off, c.ix(start), c.ix(v.strides[k]))
		if !c.hostKnown(d.N) {
			dynamic = append(dynamic, len(dims))
		}
		dims = append(dims, nn)
		strides = append(strides, fmt.Sprintf("%s * %s", sd, v.strides[k]))
		last := fmt.Sprintf("(%s + (%s - 1) * %s)", st, nn, sd)
		conds = append(conds, fmt.Sprintf("%s < 0 || (%s > 0 && (%s < 0 || %s >= %s || %s < 0 || %s >= %s))", nn, nn, st, st, v.dims[k], last, last, v.dims[k]))
		if c1, ok := d.Stride.(soac.Const); ok && c1.Value.Int() == 1 {
			text = append(text, "%d:%d")
			args = append(args, st, st+" + "+nn)
		} else {
			text = append(text, "%d:%d:%d")
			args = append(args, st, st+" + "+nn+" * "+sd, sd)
		}
	}
	dims = append(dims, v.dims[len(sl):]...)
	strides = append(strides, v.strides[len(sl):]...)
	if len(conds) > 0 {
		cond := "(" + strings.Join(conds, ") || (") + ")"
		shape := strings.Repeat("[%d]", len(v.dims))
		c.fail(cond, fmt.Sprintf("%s: Index [%s] out of bounds for array of shape %s.", soac.EscapeFormat(pos.String()), strings.Join(text, ", "), shape), append(args, v.dims...)...)
		off = fmt.Sprintf("((%s) ? %s : %s)", cond, c.ix(v.off), off)
		// A failed slice whose count the kernel computes is empty: arrays
		// of that count are allocated at a bound that only a checked
		// slice respects (see dynamicDim).
		for _, k := range dynamic {
			dims[k] = fmt.Sprintf("((%s) ? 0L : %s)", cond, dims[k])
		}
	}
	id := c.fresh("slice_off")
	c.line("%s %s = %s;", c.ixType(), id, off)
	return &kview{ptr: v.ptr, off: id, dims: dims, strides: strides, elem: v.elem, owned: v.owned}, nil
}

// iotaElem is element i of an iota of type t, wrapping as the
// interpreter's arithmetic does.
func iotaElem(t soac.PrimType, start, step, i string) string {
	ct, _ := cType(t)
	if t.IsFloat() {
		return fmt.Sprintf("((%s)(%s + (%s)%s * %s))", ct, start, ct, i, step)
	}
	ut := unsignedOf(t)
	return fmt.Sprintf("((%s)((%s)%s + (%s)%s * (%s)%s))", ct, ut, start, ut, i, ut, step)
}

// arrayStm generates the array operations of a kernel body; it reports
// false for other expressions.
func (c *cgen) arrayStm(s *soac.Stm) (bool, error) {
	switch e := s.Exp.(type) {
	case *soac.SliceExp:
		v := c.vars[e.Arr].view
		r, err := c.sliceView(v, e.Slice, e.Pos)
		if err != nil {
			return true, err
		}
		if s.Pat[0].Type.Rank() == 0 {
			return true, c.bindScalar(s.Pat[0], load(r, r.off))
		}
		c.bindView(s, r)
		return true, nil
	case *soac.RearrangeExp:
		v := c.vars[e.Arr].view
		r := &kview{ptr: v.ptr, off: v.off, elem: v.elem, owned: v.owned}
		for _, k := range e.Perm {
			r.dims = append(r.dims, v.dims[k])
			r.strides = append(r.strides, v.strides[k])
		}
		c.bindView(s, r)
		return true, nil
	case *soac.ReshapeExp:
		v := c.vars[e.Arr].view
		var r *kview
		if c.group != nil && v.off == "0" && slices.Equal(v.strides, rowMajor(v.dims)) {
			// In a segmap_group, a reshape of a whole local array is a
			// view of its buffer: a copy would give every work-item an
			// array of its own.
			dims := make([]string, len(e.Shape))
			for k, d := range e.Shape {
				x, err := c.operand(d)
				if err != nil {
					return true, err
				}
				dims[k] = "(long)" + x
			}
			r = &kview{ptr: v.ptr, off: "0", dims: dims, strides: rowMajor(dims), elem: v.elem, owned: v.owned}
		} else if len(v.dims) == 1 && len(e.Shape) == 1 {
			// A vector coerced to its own length (the check below) is
			// the same elements at the same stride: a view, where a
			// copy would give every work-item an array of its own.
			x, err := c.operand(e.Shape[0])
			if err != nil {
				return true, err
			}
			r = &kview{ptr: v.ptr, off: v.off, dims: []string{"(long)" + x}, strides: v.strides, elem: v.elem, owned: v.owned}
		} else {
			var err error
			if r, err = c.newArray(v.elem, e.Shape, e.Pos); err != nil {
				return true, err
			}
		}
		oldN, newN := "1", "1"
		if len(v.dims) > 0 {
			oldN = strings.Join(v.dims, " * ")
		}
		if len(r.dims) > 0 {
			newN = strings.Join(r.dims, " * ")
		}
		from, to := strings.Repeat("[%d]", len(v.dims)), strings.Repeat("[%d]", len(r.dims))
		c.fail(fmt.Sprintf("(%s) != (%s)", oldN, newN), fmt.Sprintf("%s: cannot reshape array of shape %s to shape %s", soac.EscapeFormat(e.Pos.String()), from, to), append(append([]string{}, v.dims...), r.dims...)...)
		if r.ptr != v.ptr {
			// Copy element by element in row-major order.
			c.line("for (long fj = 0; fj < min(%s, %s); fj++) {", oldN, newN)
			c.indent++
			src, dst := c.decodeFlat(v, "fj"), c.decodeFlat(r, "fj")
			c.line("%s", store(r.ptr, r.elem, dst, load(v, src)))
			c.indent--
			c.line("}")
		}
		c.bindView(s, r)
		return true, nil
	case *soac.CopyExp:
		v := c.vars[e.Arr].view
		r, err := c.newArray(v.elem, s.Pat[0].Type.Shape, s.Pos)
		if err != nil {
			return true, err
		}
		if err := c.copyView(r, v); err != nil {
			return true, err
		}
		c.bindView(s, r)
		return true, nil
	case *soac.IotaExp:
		if c.elemIotas[s.Pat[0].Name] {
			// Read only through iotaElem: no storage. A load through this
			// view would not compile.
			n, err := c.operand(e.N)
			if err != nil {
				return true, err
			}
			c.vars[s.Pat[0].Name] = kval{view: &kview{ptr: "no_storage", off: "0", dims: []string{n}, strides: []string{"1"}, elem: e.T}}
			return true, nil
		}
		r, err := c.newArray(e.T, []soac.SubExp{e.N}, s.Pos)
		if err != nil {
			return true, err
		}
		start, err := c.operand(e.Start)
		if err != nil {
			return true, err
		}
		step, err := c.operand(e.Step)
		if err != nil {
			return true, err
		}
		err = c.loopNest(r.dims, func(idx []string) error {
			c.line("%s", store(r.ptr, r.elem, viewOff(r, idx), iotaElem(e.T, start, step, idx[0])))
			return nil
		})
		c.bindView(s, r)
		return true, err
	case *soac.ReplicateExp:
		t := s.Pat[0].Type
		r, err := c.newArray(t.Elem, t.Shape, s.Pos)
		if err != nil {
			return true, err
		}
		if xv, ok := e.X.(soac.Var); ok && c.vars[xv.Name].view != nil {
			src := c.vars[xv.Name].view
			err = c.loopNest(r.dims, func(idx []string) error {
				k := len(e.Shape)
				c.line("%s", store(r.ptr, r.elem, viewOff(r, idx), load(src, viewOff(src, idx[k:]))))
				return nil
			})
		} else {
			x, err2 := c.operand(e.X)
			if err2 != nil {
				return true, err2
			}
			err = c.loopNest(r.dims, func(idx []string) error {
				c.line("%s", store(r.ptr, r.elem, viewOff(r, idx), x))
				return nil
			})
		}
		c.bindView(s, r)
		return true, err
	case *soac.ArrayLitExp:
		t := s.Pat[0].Type
		r, err := c.newArray(t.Elem, t.Shape, s.Pos)
		if err != nil {
			return true, err
		}
		for i, el := range e.Elems {
			row := &kview{ptr: r.ptr, off: fmt.Sprintf("%s + %d * %s", r.off, i, r.strides[0]), dims: r.dims[1:], strides: r.strides[1:], elem: r.elem}
			if e.RowType.Rank() == 0 {
				x, err := c.operand(el)
				if err != nil {
					return true, err
				}
				c.line("%s", store(r.ptr, r.elem, row.off, x))
				continue
			}
			src, err := c.arrayOperand(el)
			if err != nil {
				return true, err
			}
			if err := c.copyView(row, src); err != nil {
				return true, err
			}
		}
		c.bindView(s, r)
		return true, nil
	case *soac.ConcatExp:
		t := s.Pat[0].Type
		r, err := c.newArray(t.Elem, t.Shape, s.Pos)
		if err != nil {
			return true, err
		}
		at := c.fresh("cat")
		c.line("long %s = 0;", at)
		for _, a := range e.Arrs {
			src := c.vars[a].view
			dst := &kview{ptr: r.ptr, off: fmt.Sprintf("%s + %s * %s", r.off, at, r.strides[0]), dims: src.dims, strides: r.strides, elem: r.elem}
			if err := c.copyView(dst, src); err != nil {
				return true, err
			}
			c.line("%s += %s;", at, src.dims[0])
		}
		c.bindView(s, r)
		return true, nil
	case *soac.UpdateExp:
		v := c.vars[e.Arr].view
		if !v.owned && e.InPlace == "" {
			// The array is not the work-item's own (an input of the
			// kernel) and the inplace pass did not give it to the
			// work-item: update a private copy.
			r, err := c.newArray(v.elem, s.Pat[0].Type.Shape, s.Pos)
			if err != nil {
				return true, err
			}
			if err := c.copyView(r, v); err != nil {
				return true, err
			}
			v = r
		}
		dst, err := c.sliceView(v, e.Slice, e.Pos)
		if err != nil {
			return true, err
		}
		if xv, ok := e.Value.(soac.Var); ok && c.vars[xv.Name].view != nil {
			src := c.vars[xv.Name].view
			var conds, args []string
			for k := range dst.dims {
				conds = append(conds, fmt.Sprintf("%s != %s", dst.dims[k], src.dims[k]))
			}
			args = append(args, src.dims...)
			if len(conds) > 0 {
				c.fail(strings.Join(conds, " || "), fmt.Sprintf("%s: update: value of shape %s does not fit the slice", soac.EscapeFormat(e.Pos.String()), strings.Repeat("[%d]", len(src.dims))), args...)
				c.line("if (!(%s)) {", strings.Join(conds, " || "))
				c.indent++
			}
			if err := c.copyView(dst, src); err != nil {
				return true, err
			}
			if len(conds) > 0 {
				c.indent--
				c.line("}")
			}
		} else {
			x, err := c.operand(e.Value)
			if err != nil {
				return true, err
			}
			c.line("%s", store(dst.ptr, dst.elem, dst.off, x))
		}
		c.bindView(s, v)
		return true, nil
	}
	return false, nil
}

// decodeFlat is the offset in view v of its element number flat in
// row-major order.
func (c *cgen) decodeFlat(v *kview, flat string) string {
	if len(v.dims) == 0 {
		return v.off
	}
	if len(v.dims) == 1 {
		// No division: a 64-bit one costs dozens of instructions per
		// element on GPUs.
		return fmt.Sprintf("(%s + (%s) * %s)", v.off, flat, v.strides[0])
	}
	rem := c.fresh("rem")
	c.line("long %s = %s, %s_off = %s;", rem, flat, rem, v.off)
	for k := len(v.dims) - 1; k >= 0; k-- {
		c.line("%s_off += (%s %% %s) * %s; %s /= %s;", rem, rem, v.dims[k], v.strides[k], rem, v.dims[k])
	}
	return rem + "_off"
}

// ifArrays generates an if some of whose results are arrays: each array
// result gets a scratch array, which both branches fill.
func (c *cgen) ifArrays(s *soac.Stm, e *soac.IfExp) error {
	cond, err := c.operand(e.Cond)
	if err != nil {
		return err
	}
	ids := make([]string, len(s.Pat))
	views := make([]*kview, len(s.Pat))
	// The scalars first: an array result's size may be one of them (an
	// existential size), which its view reads once the branch has set it.
	for i, p := range s.Pat {
		if p.Type.Rank() > 0 {
			continue
		}
		ct, err := cType(p.Type.Elem)
		if err != nil {
			return err
		}
		ids[i] = c.g.names.id(p.Name)
		c.line("%s %s;", ct, ids[i])
		c.vars[p.Name] = kval{scalar: ids[i]}
	}
	for i, p := range s.Pat {
		if p.Type.Rank() > 0 {
			if views[i], err = c.boundedView(p.Type.Elem, p.Type.Shape, s.Pos, false); err != nil {
				return err
			}
			c.addScratch(views[i])
		}
	}
	branch := func(b *soac.Body) error {
		c.indent++
		defer func() { c.indent-- }()
		res, err := c.body(b)
		if err != nil {
			return err
		}
		for i, r := range res {
			if views[i] == nil {
				c.line("%s = %s;", ids[i], r)
			}
		}
		for i := range res {
			if views[i] == nil {
				continue
			}
			src, err := c.arrayOperand(b.Result[i])
			if err != nil {
				return err
			}
			if err := c.copyView(views[i], src); err != nil {
				return err
			}
		}
		return nil
	}
	c.line("if (%s) {", cond)
	if err := branch(e.Then); err != nil {
		return err
	}
	c.line("} else {")
	if err := branch(e.Else); err != nil {
		return err
	}
	c.line("}")
	for i, p := range s.Pat {
		if views[i] != nil {
			c.vars[p.Name] = kval{view: views[i]}
		} else {
			c.vars[p.Name] = kval{scalar: ids[i]}
		}
	}
	return nil
}

// loopArrays sets up the double buffers of a loop's array merge
// parameters: each gets two scratch arrays behind two pointer variables,
// the first holding the initial value. It returns the parameters' views
// (which use the first pointer) and the spare pointers. The spare buffer
// is allocated only if an iteration copies into it (see endLoopArrays).
func (c *cgen) loopArrays(e *soac.LoopExp, pos soac.Pos) (map[int]*kview, map[int]string, error) {
	views, spares := map[int]*kview{}, map[int]string{}
	if c.spareViews == nil {
		c.spareViews = map[string]*kview{}
	}
	for i, p := range e.Params {
		if p.Type.Rank() == 0 {
			continue
		}
		if c.group != nil && len(c.group.locals[p.Name]) == 2 {
			v, spare, err := c.groupLoopArray(p, e.Init[i])
			if err != nil {
				return nil, nil, err
			}
			views[i], spares[i] = v, spare
			continue
		}
		// The parameter's layout is that of a fresh array; it gets a
		// buffer of its own only when it cannot adopt its initial
		// value's (an unused scratch buffer costs an array per
		// work-item of device memory).
		a, err := c.arrayView(p.Type.Elem, p.Type.Shape, pos)
		if err != nil {
			return nil, nil, err
		}
		b, err := c.arrayView(p.Type.Elem, p.Type.Shape, pos)
		if err != nil {
			return nil, nil, err
		}
		st := mustStorage(p.Type.Elem)
		id := c.g.names.id(p.Name)
		c.spareViews[id+"_spare"] = b
		b.ptr = spareMarker(id + "_spare")
		init, err := c.arrayOperand(e.Init[i])
		if err != nil {
			return nil, nil, err
		}
		if c.adoptable(e, i, a) {
			// The loop takes the initial value's buffer instead of a copy.
			c.line("fcc_scratch_as %s *%s_buf = %s, *%s_spare = %s;", st, id, init.ptr, id, b.ptr)
			a.ptr = id + "_buf"
			views[i], spares[i] = a, id+"_spare"
			continue
		}
		c.addScratch(a)
		c.line("fcc_scratch_as %s *%s_buf = %s, *%s_spare = %s;", st, id, a.ptr, id, b.ptr)
		a.ptr = id + "_buf"
		if err := c.copyView(a, init); err != nil {
			return nil, nil, err
		}
		views[i], spares[i] = a, id+"_spare"
	}
	return views, spares, nil
}

// adoptable reports whether array merge parameter i of the loop e, about
// to get the fresh buffer fresh, may instead start in its initial value's
// buffer, without a copy: the initial value is a whole scratch array of
// this work-item laid out as fresh, and neither it nor any other array in
// the same buffer is used again — they are all bound in the body that
// holds the loop, before it (so the buffer is made anew each time that
// body runs), and none is used by the loop (but as this initial value), by
// the statements after it or by the body's results. A forward sweep that
// starts from an updated replicate (as tridiagonal solvers do) then
// updates that array in place.
func (c *cgen) adoptable(e *soac.LoopExp, i int, fresh *kview) bool {
	v, ok := e.Init[i].(soac.Var)
	if !ok || len(c.at) == 0 {
		return false
	}
	iv := c.vars[v.Name].view
	if iv == nil || !iv.owned || !strings.HasPrefix(iv.ptr, "fcc_scratch") {
		return false
	}
	if cp := *iv; true {
		cp.ptr = fresh.ptr
		if !sameView(&cp, fresh) {
			return false
		}
	}
	at := c.at[len(c.at)-1]
	before := soac.BoundInBody(&soac.Body{Stms: at.body.Stms[:at.stm]})
	after := map[soac.VName]bool{}
	for _, s := range at.body.Stms[at.stm+1:] {
		for n := range soac.FreeInExp(s.Exp) {
			after[n] = true
		}
	}
	for _, r := range at.body.Result {
		if rv, ok := r.(soac.Var); ok {
			after[rv.Name] = true
		}
	}
	inLoop := soac.FreeInBody(e.Body)
	for n, kv := range c.vars {
		if kv.view == nil || kv.view.ptr != iv.ptr {
			continue
		}
		if !before[n] || after[n] || inLoop[n] {
			return false
		}
		for k, x := range e.Init {
			if xv, ok := x.(soac.Var); ok && xv.Name == n && k != i {
				return false
			}
		}
	}
	return true
}

// spareMarker stands for the buffer of a loop parameter's spare pointer
// until the loop's code is complete (endLoopArrays).
func spareMarker(spare string) string { return "/*fcc:" + spare + "*/" }

// endLoopArrays completes the spare pointers of a loop's array
// parameters: a spare that an iteration copies into (copied) gets its
// scratch buffer; the others, never used, none. The spares are taken in
// the order of their parameters, so that the kernel's scratch parameters
// come in the same order every time the program is compiled.
func (c *cgen) endLoopArrays(spares map[int]string, copied map[int]bool) {
	src := c.b.String()
	for _, i := range slices.Sorted(maps.Keys(spares)) {
		sp := spares[i]
		v := c.spareViews[sp]
		if v == nil {
			continue // a local buffer of a segmap_group (seggroup.go)
		}
		delete(c.spareViews, sp)
		buf := "0"
		if copied[i] {
			buf = v.scratch.param
			c.addScratch(v)
		}
		src = strings.Replace(src, spareMarker(sp), buf, 1)
	}
	c.b.Reset()
	c.b.WriteString(src)
}

// loopCarry begins the end of an iteration for an array parameter:
// unless the body's result res is the parameter's own array (updated in
// place), it is copied into the spare buffer, and it reports that the
// buffers are to be swapped (loopSwap), which the caller does once
// every result is copied: a result may be another parameter's array
// (loop (p, q) = (f q, p)), which a swap would already have replaced.
func (c *cgen) loopCarry(param *kview, spare string, res *kview) (bool, error) {
	if sameView(param, res) {
		return false, nil
	}
	dst := *param
	dst.ptr = spare
	if slices.ContainsFunc(param.caps, func(s string) bool { return s != "" }) {
		// The result may be of another size than the parameter has now
		// (the loop changes it): copy the result's count, which must
		// fit the parameter's buffer, laid out as the parameter's view
		// reads it once the loop has set its sizes (a fresh array's
		// layout over the live sizes).
		cp := *res
		cp.dims = slices.Clone(res.dims)
		inner := false
		for k, bound := range param.caps {
			if bound == "" || res.dims[k] == param.dims[k] {
				continue
			}
			c.fail(fmt.Sprintf("(long)(%s) > %s", res.dims[k], bound), "size %d of an array a loop in a kernel carries exceeds its bound %d", res.dims[k], bound)
			cp.dims[k] = fmt.Sprintf("min((long)(%s), %s)", res.dims[k], bound)
			inner = inner || k > 0
		}
		res = &cp
		if inner {
			dst.strides = rowMajor(cp.dims)
			for k := range dst.strides {
				dst.strides[k] = "(" + dst.strides[k] + ") * fcc_ssz"
			}
		}
	}
	if c.group != nil && c.group.localPtrs[param.ptr] {
		c.groupCopy(&dst, res)
		return true, nil
	}
	if err := c.copyView(&dst, res); err != nil {
		return false, err
	}
	return true, nil
}

// loopSwap swaps the buffers of an array parameter whose result
// loopCarry copied into its spare.
func (c *cgen) loopSwap(param *kview, spare string) {
	space := "fcc_scratch_as"
	if c.group != nil && c.group.localPtrs[param.ptr] {
		space = "__local"
	}
	c.line("{ %s %s *t = %s; %s = %s; %s = t; }", space, mustStorage(param.elem), param.ptr, param.ptr, spare, spare)
}

// declareReductions declares the C variables of a sequential screma's
// reduction results pat, set to the reductions' neutral elements.
func (c *cgen) declareReductions(pat []soac.Param, reds []soac.Reduce) ([]string, error) {
	nes, err := c.neutralOperands(reds)
	if err != nil {
		return nil, err
	}
	ids, err := c.declare(pat)
	if err != nil {
		return nil, err
	}
	for k, x := range nes {
		c.line("%s = %s;", ids[k], x)
	}
	return ids, nil
}

// neutralOperands are the C operands of the reductions' neutral elements,
// in order.
func (c *cgen) neutralOperands(reds []soac.Reduce) ([]string, error) {
	var out []string
	for _, r := range reds {
		for _, ne := range r.Neutral {
			x, err := c.operand(ne)
			if err != nil {
				return nil, err
			}
			out = append(out, x)
		}
	}
	return out, nil
}

// seqScrema runs a screma sequentially in one work-item: scans and
// reductions with scalar operators, and maps producing scalars or arrays.
func (c *cgen) seqScrema(s *soac.Stm, e *soac.ScremaExp) error {
	scans := soac.ScanReduces(e.Scans)
	nScan, nRed := soac.ReduceValues(scans), soac.ReduceValues(e.Reds)
	for i := 0; i < nScan+nRed; i++ {
		if e.Map.RetType[i].Rank() > 0 {
			return c.seqScremaArrays(s, e) // kcoverage.go
		}
	}
	outs := make([]*kview, len(s.Pat))
	for i, p := range s.Pat {
		if i >= nScan && i < nScan+nRed {
			continue
		}
		v, err := c.newArray(p.Type.Elem, p.Type.Shape, s.Pos)
		if err != nil {
			return err
		}
		outs[i] = v
	}
	scanAcc, err := c.neutrals(scans, e.Map.RetType, c.fresh("sacc"))
	if err != nil {
		return err
	}
	redIDs, err := c.declareReductions(s.Pat[nScan:nScan+nRed], e.Reds)
	if err != nil {
		return err
	}
	w, err := c.operand(e.W)
	if err != nil {
		return err
	}
	it := c.fresh("i")
	c.line("for (long %s = 0; %s < (long)%s; %s++) {", it, it, w, it)
	c.indent++
	res, err := c.lambdaAt(e.Map, e.Inputs, it)
	if err != nil {
		return err
	}
	if nScan > 0 {
		if err := c.combine(scans, scanAcc, res[:nScan]); err != nil {
			return err
		}
		for i := 0; i < nScan; i++ {
			c.line("%s", store(outs[i].ptr, outs[i].elem, viewOff(outs[i], []string{it}), scanAcc[i]))
		}
	}
	if nRed > 0 {
		if err := c.combine(e.Reds, redIDs, res[nScan:nScan+nRed]); err != nil {
			return err
		}
	}
	for i := nScan + nRed; i < len(res); i++ {
		o := outs[i]
		row := &kview{ptr: o.ptr, off: viewOff(o, []string{it}), dims: o.dims[1:], strides: o.strides[1:], elem: o.elem}
		if len(row.dims) == 0 {
			c.line("%s", store(o.ptr, o.elem, row.off, res[i]))
			continue
		}
		src, err := c.arrayOperand(e.Map.Body.Result[i])
		if err != nil {
			return err
		}
		if err := c.copyView(row, src); err != nil {
			return err
		}
	}
	c.indent--
	c.line("}")
	for i, p := range s.Pat {
		if outs[i] != nil {
			c.vars[p.Name] = kval{view: outs[i]}
		}
	}
	c.bindDeclared(s.Pat[nScan:nScan+nRed], redIDs)
	return nil
}

// seqHist generates a histogram (reduce_by_index, hist) computed
// sequentially by one work-item. The destinations are consumed: one the
// work-item owns (a scratch array of the kernel) is updated in place;
// another (an input of the kernel, shared by all work-items) is first
// copied into a scratch array of the work-item, as an in-place update of
// it is.
func (c *cgen) seqHist(s *soac.Stm, e *soac.HistExp) error {
	if c.histHasArrays(e) {
		return c.seqHistArrays(s, e) // kcoverage.go
	}
	outs, res, err := c.openSeqHist(s, e)
	if err != nil {
		return err
	}
	r, k := 0, 0 // r: the bucket's results, k: the destinations
	for _, op := range e.Ops {
		n := len(op.Dests)
		if len(res) < r+1+n {
			return fmt.Errorf("%s: histogram bucket returns %d values", s.Pos, len(res))
		}
		for j := 0; j < n; j++ {
			if res[r+1+j] == "" {
				return unsupported("a histogram over arrays inside a kernel", s.Pos)
			}
		}
		bins, err := c.operand(op.Bins)
		if err != nil {
			return err
		}
		idx := c.fresh("bin")
		c.line("long %s = (long)%s;", idx, res[r])
		c.line("if (%s >= 0 && %s < (long)%s) {", idx, idx, bins)
		c.indent++
		acc := make([]string, n)
		for j := 0; j < n; j++ {
			o := outs[k+j]
			ct, err := cType(o.elem)
			if err != nil {
				return err
			}
			acc[j] = c.fresh("hacc")
			c.line("%s %s = %s;", ct, acc[j], load(o, viewOff(o, []string{idx})))
		}
		if err := c.combine([]soac.Reduce{{Op: op.Op, Neutral: op.Neutral}}, acc, res[r+1:r+1+n]); err != nil {
			return err
		}
		for j := 0; j < n; j++ {
			o := outs[k+j]
			c.line("%s", store(o.ptr, o.elem, viewOff(o, []string{idx}), acc[j]))
		}
		c.indent--
		c.line("}")
		r += 1 + n
		k += n
	}
	c.indent--
	c.line("}")
	for i, p := range s.Pat {
		c.vars[p.Name] = kval{view: outs[i]}
	}
	return nil
}

// subExpText writes an operand for messages.
func subExpText(se soac.SubExp) string {
	switch se := se.(type) {
	case soac.Var:
		return string(se.Name)
	case soac.Const:
		return se.Value.String()
	}
	return "?"
}

// openSeqHist starts a sequential histogram in a kernel (seqHist,
// seqHistArrays): it gives the work-item its own copy of every
// destination it does not own, opens the loop over the input and runs
// the bucket function, returning the destinations and the bucket's
// results. The caller closes the loop.
func (c *cgen) openSeqHist(s *soac.Stm, e *soac.HistExp) ([]*kview, []string, error) {
	outs := make([]*kview, 0, len(s.Pat))
	k := 0
	for _, op := range e.Ops {
		for _, d := range op.Dests {
			v := c.vars[d].view
			if v == nil {
				return nil, nil, fmt.Errorf("%s: histogram destination %s is not an array", s.Pos, d)
			}
			if !v.owned {
				r, err := c.newArray(v.elem, s.Pat[k].Type.Shape, s.Pos)
				if err != nil {
					return nil, nil, err
				}
				if err := c.copyView(r, v); err != nil {
					return nil, nil, err
				}
				v = r
			}
			outs = append(outs, v)
			k++
		}
	}
	w, err := c.operand(e.W)
	if err != nil {
		return nil, nil, err
	}
	it := c.fresh("i")
	c.line("for (long %s = 0; %s < (long)%s; %s++) {", it, it, w, it)
	c.indent++
	res, err := c.lambdaAt(e.Bucket, e.Inputs, it)
	if err != nil {
		return nil, nil, err
	}
	return outs, res, nil
}

// launchArgs is a kernel's host arguments as LaunchArgs takes them: each
// through exe.A, which unlike Launch's interfaces boxes no scalar on the
// heap (a host loop launches at every iteration).
func launchArgs(host []string) string {
	args := make([]string, len(host))
	for i, a := range host {
		args[i] = "exe.A(" + a + ")"
	}
	return strings.Join(args, ", ")
}
