package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file generates the host code of array operations outside kernels.
// Arrays on the device are views (exe.DeviceArray with an offset and
// strides): slices, rearranges and reshapes of manifest arrays cost
// nothing, and the others call the runtime's helpers, which launch the
// generic copy and iota kernels that genericKernels emits.

// elemConst is the Go expression naming a primitive type in generated
// code.
func elemConst(t soac.PrimType) string {
	if t == values.Bool {
		return "values.Bool"
	}
	return "values." + strings.ToUpper(t.String())
}

// shapeExprs are the Go expressions of sizes.
func (h *hgen) shapeExprs(ses []soac.SubExp) ([]string, error) {
	out := make([]string, len(ses))
	for i, se := range ses {
		x, err := h.operand(se)
		if err != nil {
			return nil, err
		}
		out[i] = "int64(" + x + ")"
	}
	return out, nil
}

// bindArray declares the single array of a pattern from a Go call that
// returns (*exe.DeviceArray, error).
func (h *hgen) bindArray(s *soac.Stm, call, what string) error {
	id := h.g.names.id(s.Pat[0].Name)
	h.line("%s, err := %s", id, call)
	h.check("", "%s", what)
	h.line("_ = %s", id)
	return nil
}

func (h *hgen) sliceDims(sl []soac.DimIndex) (string, error) {
	parts := make([]string, len(sl))
	for i, d := range sl {
		if d.Fix != nil {
			x, err := h.operand(d.Fix)
			if err != nil {
				return "", err
			}
			parts[i] = fmt.Sprintf("{Fix: true, Start: int64(%s)}", x)
			continue
		}
		xs, err := h.operands(d.Start, d.N, d.Stride)
		if err != nil {
			return "", err
		}
		parts[i] = fmt.Sprintf("{Start: int64(%s), N: int64(%s), Stride: int64(%s)}", xs[0], xs[1], xs[2])
	}
	return "[]exe.DimIndex{" + strings.Join(parts, ", ") + "}", nil
}

// arrayStm generates the host code of an array operation, reporting false
// for expressions that are not array operations.
func (h *hgen) arrayStm(s *soac.Stm) (bool, error) {
	pos := s.Pos.String()
	switch e := s.Exp.(type) {
	case *soac.SliceExp:
		dims, err := h.sliceDims(e.Slice)
		if err != nil {
			return true, err
		}
		arr := h.g.names.id(e.Arr)
		if s.Pat[0].Type.Rank() == 0 {
			// Every dimension fixed: a scalar read.
			v := h.fresh("v")
			h.line("%s, err := exe.Slice(%s, %s, %s)", v, arr, dims, goQuote(pos))
			h.check("", "slice")
			return true, h.readElem(s, v, nil)
		}
		return true, h.bindArray(s, fmt.Sprintf("exe.Slice(%s, %s, %s)", arr, dims, goQuote(pos)), "slice")
	case *soac.IndexExp:
		t := h.g.types[e.Arr]
		if len(e.Indices) == t.Rank() {
			return false, nil
		}
		sl := make([]soac.DimIndex, len(e.Indices))
		for i, x := range e.Indices {
			sl[i] = soac.DimIndex{Fix: x}
		}
		dims, err := h.sliceDims(sl)
		if err != nil {
			return true, err
		}
		return true, h.bindArray(s, fmt.Sprintf("exe.Slice(%s, %s, %s)", h.g.names.id(e.Arr), dims, goQuote(e.Pos.String())), "index")
	case *soac.UpdateExp:
		dims, err := h.sliceDims(e.Slice)
		if err != nil {
			return true, err
		}
		arr := h.g.names.id(e.Arr)
		v := h.fresh("dst")
		h.line("%s, err := exe.Slice(%s, %s, %s)", v, arr, dims, goQuote(e.Pos.String()))
		h.check("", "update")
		x, err := h.operand(e.Value)
		if err != nil {
			return true, err
		}
		if h.g.typeOf(e.Value).Rank() == 0 {
			h.line("if err := c.WriteElem(%s, %s); err != nil {", v, x)
		} else {
			h.line("if !fccSameShape(%s.Shape, %s.Shape) {", v, x)
			h.line("\treturn nil, fmt.Errorf(\"%%s: update: value of shape %%s does not fit the slice [%%s] of shape %%s\", %s, fccShape(%s.Shape), fccSliceText(%s), fccShape(%s.Shape))", goQuote(e.Pos.String()), x, dims, v)
			h.line("}")
			h.line("if err := c.CopyInto(%s, %s); err != nil {", v, x)
		}
		h.line("\treturn nil, err")
		h.line("}")
		id := h.g.names.id(s.Pat[0].Name)
		h.line("%s := %s", id, arr)
		h.line("_ = %s", id)
		return true, nil
	case *soac.RearrangeExp:
		perm := make([]string, len(e.Perm))
		for i, k := range e.Perm {
			perm[i] = fmt.Sprint(k)
		}
		id := h.g.names.id(s.Pat[0].Name)
		h.line("%s := exe.Rearrange(%s, []int{%s})", id, h.g.names.id(e.Arr), strings.Join(perm, ", "))
		h.line("_ = %s", id)
		return true, nil
	case *soac.ReshapeExp:
		shape, err := h.shapeExprs(e.Shape)
		if err != nil {
			return true, err
		}
		return true, h.bindArray(s, fmt.Sprintf("c.Reshape(%s, []int64{%s}, %s)", h.g.names.id(e.Arr), strings.Join(shape, ", "), goQuote(e.Pos.String())), "reshape")
	case *soac.ConcatExp:
		arrs := make([]string, len(e.Arrs))
		for i, a := range e.Arrs {
			arrs[i] = h.g.names.id(a)
		}
		w, err := h.operand(e.W)
		if err != nil {
			return true, err
		}
		return true, h.bindArray(s, fmt.Sprintf("c.Concat([]*exe.DeviceArray{%s}, int64(%s), %s)", strings.Join(arrs, ", "), w, goQuote(e.Pos.String())), "concat")
	case *soac.CopyExp:
		return true, h.bindArray(s, fmt.Sprintf("c.CopyArray(%s)", h.g.names.id(e.Arr)), "copy")
	case *soac.IotaExp:
		xs, err := h.operands(e.N, e.Start, e.Step)
		if err != nil {
			return true, err
		}
		h.g.needIota[e.T] = true
		return true, h.bindArray(s, fmt.Sprintf("c.Iota(%s, int64(%s), %s, %s)", elemConst(e.T), xs[0], xs[1], xs[2]), pos+": iota")
	case *soac.ReplicateExp:
		shape, err := h.shapeExprs(e.Shape)
		if err != nil {
			return true, err
		}
		x, err := h.operand(e.X)
		if err != nil {
			return true, err
		}
		xt := h.g.typeOf(e.X)
		if xt.Rank() == 0 {
			return true, h.bindArray(s, fmt.Sprintf("c.ReplicateScalar(%s, []int64{%s}, %s)", elemConst(xt.Elem), strings.Join(shape, ", "), x), pos+": replicate")
		}
		return true, h.bindArray(s, fmt.Sprintf("c.Replicate([]int64{%s}, %s)", strings.Join(shape, ", "), x), pos+": replicate")
	case *soac.ArrayLitExp:
		return true, h.arrayLit(s, e)
	}
	return false, nil
}

// readElem binds the scalar pattern of s to the element of view v at the
// given (checked) indices, after making sure no kernel has failed.
func (h *hgen) readElem(s *soac.Stm, v string, idx []string) error {
	h.checkKernels()
	t := s.Pat[0].Type.Elem
	gt, err := goPrim(t)
	if err != nil {
		return err
	}
	x := h.fresh("x")
	args := v
	if len(idx) > 0 {
		args += ", " + strings.Join(idx, ", ")
	}
	h.line("%s, err := c.ReadElem(%s)", x, args)
	h.check(s.Pos.String(), "reading an element")
	return h.bind(s, fmt.Sprintf("%s.(%s)", x, gt), nil)
}

// checkKernels emits the check of the kernels' error buffer. The check
// is a non-blocking read that the next synchronisation completes and
// reports (exe.Context.DeferKernelErrorCheck): every caller is followed
// by a blocking read of device data (which reports the failure before
// the data is used) or is the end of a function (the run's final Finish
// reports it), so no round trip to the device is added.
func (h *hgen) checkKernels() {
	h.line("if err := c.DeferKernelErrorCheck(fccErrors); err != nil {")
	h.line("\treturn nil, err")
	h.line("}")
}

// arrayLit builds an array literal: scalars are gathered on the host and
// uploaded, rows are copied on the device.
func (h *hgen) arrayLit(s *soac.Stm, e *soac.ArrayLitExp) error {
	id := h.g.names.id(s.Pat[0].Name)
	elems, err := h.operands(e.Elems...)
	if err != nil {
		return err
	}
	if e.RowType.Rank() == 0 {
		gt, err := goPrim(e.RowType.Elem)
		if err != nil {
			return err
		}
		data := fmt.Sprintf("[]%s{%s}", gt, strings.Join(elems, ", "))
		if e.RowType.Elem == values.F16 {
			for i := range elems {
				elems[i] = "uint16(" + elems[i] + ")"
			}
			data = fmt.Sprintf("[]uint16{%s}", strings.Join(elems, ", "))
		}
		h.line("%s, err := c.FromHost(values.Value{Type: %s, Shape: []int64{%d}, Data: %s})", id, elemConst(e.RowType.Elem), len(elems), data)
		h.check(s.Pos.String(), "array literal")
		h.line("_ = %s", id)
		return nil
	}
	shape, err := h.shapeExprs(e.RowType.Shape)
	if err != nil {
		return err
	}
	h.line("%s, err := c.NewArray(%s, []int64{%d, %s})", id, elemConst(e.RowType.Elem), len(elems), strings.Join(shape, ", "))
	h.check(s.Pos.String(), "array literal")
	for i, x := range elems {
		r := h.fresh("row")
		h.line("%s, err := exe.Slice(%s, []exe.DimIndex{{Fix: true, Start: %d}}, %s)", r, id, i, goQuote(s.Pos.String()))
		h.check("", "array literal")
		h.line("if !fccSameShape(%s.Shape, %s.Shape) {", r, x)
		h.line("\treturn nil, fmt.Errorf(\"%%s: irregular array literal: row of shape %%s where %%s was expected\", %s, fccShape(%s.Shape), fccShape(%s.Shape))", goQuote(s.Pos.String()), x, r)
		h.line("}")
		h.line("if err := c.CopyInto(%s, %s); err != nil {", r, x)
		h.line("\treturn nil, err")
		h.line("}")
	}
	h.line("_ = %s", id)
	return nil
}

// typeOf is the type of an operand.
func (g *gen) typeOf(se soac.SubExp) soac.Type {
	switch se := se.(type) {
	case soac.Const:
		return soac.Prim(se.Value.T)
	case soac.Var:
		t, ok := g.types[se.Name]
		if !ok {
			panic(fmt.Sprintf("backend: no type for %s", se.Name))
		}
		return t
	}
	panic(fmt.Sprintf("backend: bad operand %T", se))
}

// genericKernels emits the copy kernels for every element type and rank
// of the program's arrays and the iota kernels it needs. A copy kernel
// writes one element per work-item, from one strided view into another.
func (g *gen) genericKernels() string {
	maxRank := map[soac.PrimType]int{}
	for _, t := range g.types {
		if t.Rank() > maxRank[t.Elem] {
			maxRank[t.Elem] = t.Rank()
		}
	}
	var b strings.Builder
	for t := values.Bool; t <= values.F64; t++ {
		st, err := cStorage(t)
		if err != nil {
			st = "ushort" // f16 is copied as its bits
		}
		for r := 1; r <= maxRank[t]; r++ {
			var params, dst, src []string
			params = append(params, fmt.Sprintf("__global %s *dst", st), "long doff")
			for k := 0; k < r; k++ {
				params = append(params, fmt.Sprintf("long ds%d", k))
			}
			params = append(params, fmt.Sprintf("__global const %s *src", st), "long soff")
			for k := 0; k < r; k++ {
				params = append(params, fmt.Sprintf("long ss%d", k))
			}
			for k := 0; k < r; k++ {
				params = append(params, fmt.Sprintf("long n%d", k))
			}
			params = append(params, "long total")
			fmt.Fprintf(&b, "__kernel void %s(%s)\n{\n", copyKernelName(t, r), strings.Join(params, ", "))
			b.WriteString("  long gid = get_global_id(0);\n  if (gid >= total) return;\n  long rem = gid;\n")
			dst, src = []string{"doff"}, []string{"soff"}
			for k := r - 1; k >= 0; k-- {
				fmt.Fprintf(&b, "  long i%d = rem %% n%d; rem /= n%d;\n", k, k, k)
				dst = append(dst, fmt.Sprintf("i%d * ds%d", k, k))
				src = append(src, fmt.Sprintf("i%d * ss%d", k, k))
			}
			fmt.Fprintf(&b, "  dst[%s] = src[%s];\n}\n\n", strings.Join(dst, " + "), strings.Join(src, " + "))
		}
		if maxRank[t] >= 2 {
			b.WriteString(transposeKernel(t, st))
		}
	}
	for t := values.Bool; t <= values.F64; t++ {
		if !g.needIota[t] {
			continue
		}
		ct, _ := cType(t)
		ut := unsignedOf(t)
		fmt.Fprintf(&b, "__kernel void %s(__global %s *dst, long n, %s start, %s step)\n{\n", iotaKernelName(t), ct, ct, ct)
		fmt.Fprintf(&b, "  long gid = get_global_id(0);\n  if (gid >= n) return;\n")
		// Unsigned arithmetic wraps, as the interpreter's does.
		fmt.Fprintf(&b, "  dst[gid] = (%s)((%s)start + (%s)gid * (%s)step);\n}\n\n", ct, ut, ut, ut)
	}
	return b.String()
}

// transposeKernel is the tiled copy of a two-dimensional view into
// another (exe.TransposeKernel), for views whose source is contiguous
// along the outer dimension and destination along the inner one (a
// transposition): a work-group of 32x8 work-items reads a 32x32 tile
// coalesced along the source's contiguous dimension into local memory
// (padded against bank conflicts) and writes it coalesced along the
// destination's. Whole tiles (all but the edges) take no bounds tests, and
// addresses advance by precomputed steps: the index arithmetic otherwise
// costs as much as the memory traffic (74% of the copy bandwidth on an
// H100 before).
func transposeKernel(t soac.PrimType, st string) string {
	return fmt.Sprintf(`__kernel void fcc_transpose_%s(__global %s *dst, long doff, long ds0, long ds1, __global const %s *src, long soff, long ss0, long ss1, long n0, long n1)
{
  __local %s tile[32][33];
  const int lx = get_local_id(0), ly = get_local_id(1);
  const long i0 = get_group_id(0) * 32, j0 = get_group_id(1) * 32;
  const bool full = i0 + 32 <= n0 && j0 + 32 <= n1;
  const long s0 = soff + (i0 + lx) * ss0 + (j0 + ly) * ss1, sstep = 8 * ss1;
  if (full) {
    #pragma unroll
    for (int u = 0; u < 4; u++)
      tile[ly + 8 * u][lx] = src[s0 + u * sstep];
  } else {
    for (int u = 0; u < 4; u++)
      if (i0 + lx < n0 && j0 + ly + 8 * u < n1)
        tile[ly + 8 * u][lx] = src[s0 + u * sstep];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  const long d0 = doff + (i0 + ly) * ds0 + (j0 + lx) * ds1, dstep = 8 * ds0;
  if (full) {
    #pragma unroll
    for (int u = 0; u < 4; u++)
      dst[d0 + u * dstep] = tile[lx][ly + 8 * u];
  } else {
    for (int u = 0; u < 4; u++)
      if (i0 + ly + 8 * u < n0 && j0 + lx < n1)
        dst[d0 + u * dstep] = tile[lx][ly + 8 * u];
  }
}

`, t, st, st, st)
}

// copyKernelName and iotaKernelName are the names the runtime uses for
// the generic kernels (exe.CopyKernel, exe.IotaKernel); the compiler does
// not link the runtime, which needs OpenCL.
func copyKernelName(t soac.PrimType, rank int) string { return fmt.Sprintf("fcc_copy_%s_%d", t, rank) }

func iotaKernelName(t soac.PrimType) string { return "fcc_iota_" + t.String() }

// goArrayPrelude holds the helpers of the generated array code.
const goArrayPrelude = `
func fccSameShape(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func fccShape(shape []int64) string {
	s := ""
	for _, d := range shape {
		s += fmt.Sprintf("[%d]", d)
	}
	return s
}

func fccSliceText(sl []exe.DimIndex) string {
	s := make([]string, len(sl))
	for k, d := range sl {
		switch {
		case d.Fix:
			s[k] = fmt.Sprint(d.Start)
		case d.Stride == 1:
			s[k] = fmt.Sprintf("%d:%d", d.Start, d.Start+d.N)
		default:
			s[k] = fmt.Sprintf("%d:%d:%d", d.Start, d.Start+d.N*d.Stride, d.Stride)
		}
	}
	return strings.Join(s, ", ")
}

// fccIndexText writes the indices up to the first one out of bounds, as
// the interpreter's message does.
func fccIndexText(shape []int64, idx ...int64) string {
	s := make([]string, 0, len(idx))
	for k, i := range idx {
		s = append(s, fmt.Sprint(i))
		if i < 0 || i >= shape[k] {
			break
		}
	}
	return strings.Join(s, ", ")
}

var (
	_ = fccIndexText
	_ = fccSameShape
	_ = fccShape
	_ = fccSliceText
)
`
