package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file holds what the generators of every Seg-op kind share: the
// kernel's arguments for the Seg-op's free names and space, its head and
// end, its outputs and launch. One generator per kind has a file of its
// own: segmap.go (with segrows.go and tiled.go), segred.go and
// segred_cpu.go, segscan.go and segscan_cpu.go, seghist.go, scatter.go,
// and segseq.go for the sequential ones.

// kernelArgs are the parameters a kernel takes for the free names of a
// Seg-op: a buffer and its dimensions for an array, a value for a scalar.
type kernelArgs struct {
	decls []string // C parameter declarations
	host  []string // Go expressions passed to Launch, in the same order
}

// inputs declares the free names of a Seg-op as kernel parameters and
// binds them in the kernel's scope.
func (c *cgen) inputs(free []soac.VName) (*kernelArgs, []string, error) {
	// Every kernel can report run-time errors.
	ka := &kernelArgs{decls: []string{"__global long *fcc_err"}, host: []string{"fccErr"}}
	var prologue []string
	c.hostNames = map[soac.VName]bool{}
	isFree := make(map[soac.VName]bool, len(free))
	for _, n := range free {
		isFree[n] = true
	}
	for _, n := range free {
		c.hostNames[n] = true
		t, ok := c.g.types[n]
		if !ok {
			panic(fmt.Sprintf("backend: no type for free name %s", n))
		}
		id := c.g.names.id(n)
		if t.Rank() > 0 {
			st, err := cStorage(t.Elem)
			if err != nil {
				return nil, nil, err
			}
			// An array is a view: buffer, offset, dimensions and strides;
			// a fresh one (fresh.go) is at offset 0, row-major.
			fresh := c.g.fresh[n]
			ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", st, id))
			ka.host = append(ka.host, id+".Buf")
			off := "0"
			if !fresh {
				off = id + "_o"
				ka.decls = append(ka.decls, "long "+off)
				ka.host = append(ka.host, id+".Offset")
			}
			dims := make([]string, t.Rank())
			strides := make([]string, t.Rank())
			for k := range dims {
				if d, ok := c.typeDim(t.Shape[k], isFree); ok {
					dims[k] = d
					continue
				}
				dims[k] = fmt.Sprintf("%s_d%d", id, k)
				ka.decls = append(ka.decls, "long "+dims[k])
				ka.host = append(ka.host, fmt.Sprintf("%s.Shape[%d]", id, k))
			}
			for k := range dims {
				if fresh {
					strides = rowMajor(dims)
					break
				}
				strides[k] = fmt.Sprintf("%s_s%d", id, k)
				ka.decls = append(ka.decls, "long "+strides[k])
				ka.host = append(ka.host, fmt.Sprintf("%s.Stride(%d)", id, k))
			}
			c.vars[n] = kval{view: &kview{ptr: id, off: off, dims: dims, strides: strides, elem: t.Elem}}
			continue
		}
		ct, err := cType(t.Elem)
		if err != nil {
			return nil, nil, err
		}
		switch {
		case ct == "bool":
			// OpenCL forbids bool parameters; the runtime passes a uchar.
			ka.decls = append(ka.decls, "uchar "+id+"_u")
			prologue = append(prologue, fmt.Sprintf("bool %s = %s_u != 0;", id, id))
		case t.Elem == values.F16:
			// The runtime passes an f16 as its bits.
			ka.decls = append(ka.decls, "ushort "+id+"_h")
			prologue = append(prologue, fmt.Sprintf("float %s = fcc_h2f(%s_h);", id, id))
		default:
			ka.decls = append(ka.decls, ct+" "+id)
		}
		ka.host = append(ka.host, id)
		c.vars[n] = kval{scalar: id}
	}
	return ka, prologue, nil
}

// typeDim is the C expression of an array's dimension d (of its type)
// where the kernel has it without a parameter of its own: a constant, or
// a size the kernel takes anyway (free, an i64). The host allocates
// arrays at their types' sizes, so the two agree.
func (c *cgen) typeDim(d soac.SubExp, free map[soac.VName]bool) (string, bool) {
	switch d := d.(type) {
	case soac.Const:
		if d.Value.T == values.I64 {
			return fmt.Sprintf("%dL", int64(d.Value.Bits)), true
		}
	case soac.Var:
		if t, ok := c.g.types[d.Name]; ok && free[d.Name] && t.Rank() == 0 && t.Elem == values.I64 {
			return c.g.names.id(d.Name), true
		}
	}
	return "", false
}

// segFree is the sorted list of names a Seg-op uses from the host.
func segFree(e soac.Exp) []soac.VName {
	return sortedNames(soac.FreeInExp(e))
}

// decodeSpace emits the computation of the space indices from a flat
// index; dims are C expressions of the sizes.
func (c *cgen) decodeSpace(space []soac.SegDim, dims []string, flat string) {
	rem := c.fresh("rem")
	rt, it := "long", "long"
	if c.narrowSpace(space) {
		// A narrowed space (narrow.go): its
		// divisions in 32 bits.
		rt, it = "int", "int"
		narrowed := make([]string, len(dims))
		for k, d := range dims {
			narrowed[k] = castTo("int", d)
		}
		dims = narrowed
	}
	c.line("%s %s = %s;", rt, rem, flat)
	for d := len(space) - 1; d >= 0; d-- {
		id := c.g.names.id(space[d].Index)
		if d == 0 {
			c.line("%s %s = %s;", it, id, rem)
		} else {
			c.line("%s %s = %s %% %s;", it, id, rem, dims[d])
			c.line("%s = %s / %s;", rem, rem, dims[d])
		}
		c.vars[space[d].Index] = kval{scalar: id}
	}
}

// kernelHead writes the kernel's signature and prologue.
func (c *cgen) kernelHead(name string, decls, prologue []string) {
	c.line("__kernel void %s(%s%s)", name, strings.Join(decls, ",\n    "), scratchMarker)
	c.line("{")
	c.indent++
	c.line("long fcc_gid = get_global_id(0), fcc_gsize = get_global_size(0);")
	for _, p := range prologue {
		c.line("%s", p)
	}
}

// kernelEnd closes the kernel and declares its scratch buffers.
func (c *cgen) kernelEnd() {
	c.indent--
	c.line("}")
	c.line("")
	src := strings.Replace(c.b.String(), scratchMarker, c.scratchDecls(), 1)
	c.b.Reset()
	c.b.WriteString(src)
}

// spaceArgs declares the sizes of a space as kernel parameters space_0,
// …, and passes them, the last arguments so far (the generators take the
// space's host sizes from there). It returns the C expressions the
// kernel's code uses for the sizes: the parameters, except a size the
// kernel has without its parameter (typeDim: a constant, or a size it
// takes anyway), whose parameter the kernel then never reads and its
// launch does not pass (kargs.go) unless a generator names it.
func (h *hgen) spaceArgs(c *cgen, space []soac.SegDim, ka *kernelArgs) ([]string, error) {
	sizes, err := h.spaceSizes(space)
	if err != nil {
		return nil, err
	}
	dims := make([]string, len(space))
	for d, sd := range space {
		param := fmt.Sprintf("space_%d", d)
		dims[d] = param
		if x, ok := c.typeDim(sd.N, c.hostNames); ok {
			dims[d] = x
		}
		ka.decls = append(ka.decls, "long "+param)
		ka.host = append(ka.host, sizes[d])
	}
	return dims, nil
}

// spaceSizes are the sizes of space as Go int64 expressions, for the host
// code of a reduction or scan (its segments and their length).
func (h *hgen) spaceSizes(space []soac.SegDim) ([]string, error) {
	sizes := make([]string, len(space))
	for d, sd := range space {
		x, err := h.operand(sd.N)
		if err != nil {
			return nil, err
		}
		sizes[d] = fmt.Sprintf("int64(%s)", x)
	}
	return sizes, nil
}

// segKernel is a kernel of a Seg-op's generator begun by newSegKernel:
// the code generator, its arguments so far, the prologue that unpacks
// the inputs, and the parameters holding the space's sizes.
type segKernel struct {
	h        *hgen
	c        *cgen
	ka       *kernelArgs
	prologue []string
	dims     []string
}

// newSegKernel begins a kernel the way every Seg-op generator does, GPU
// and cpu versions alike: the free names as inputs, the sizes of space as
// space_0, … (none for a nil space), then the long parameters scalars,
// each passed from the host variable of the same name. The generator
// adds its own arguments after these.
func (h *hgen) newSegKernel(free []soac.VName, space []soac.SegDim, scalars ...string) (*segKernel, error) {
	c := h.g.newCgen()
	ka, prologue, err := c.inputs(free)
	if err != nil {
		return nil, err
	}
	for _, n := range h.g.preArgs {
		id := h.g.names.id(n)
		ka.decls = append(ka.decls, "long "+id)
		ka.host = append(ka.host, id)
		c.vars[n] = kval{scalar: id}
	}
	dims, err := h.spaceArgs(c, space, ka)
	if err != nil {
		return nil, err
	}
	for _, s := range scalars {
		ka.decls = append(ka.decls, "long "+s)
		ka.host = append(ka.host, s)
	}
	return &segKernel{h: h, c: c, ka: ka, prologue: prologue, dims: dims}, nil
}

// head opens the kernel name with the arguments declared so far.
func (k *segKernel) head(name string) {
	k.c.kernelHead(name, k.ka.decls, k.prologue)
}

// end closes the kernel and adds it to the program's kernels.
func (k *segKernel) end() {
	k.c.kernelEnd()
	k.h.g.kernels = append(k.h.g.kernels, k.c.b.String())
}

// outputs declares one output buffer per result and allocates them on the
// host with the given shapes (Go expressions).
func (h *hgen) outputs(c *cgen, pat []soac.Param, types []soac.Type, shapes [][]string, ka *kernelArgs, prefix string) ([]string, error) {
	ptrs := make([]string, len(pat))
	for i, p := range pat {
		st, err := cStorage(types[i].Elem)
		if err != nil {
			return nil, err
		}
		ptrs[i] = fmt.Sprintf("%s%d", prefix, i)
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", st, ptrs[i]))
		id := h.g.names.id(p.Name)
		h.line("%s, err = c.NewArray(%s, []int64{%s})", id, elemConst(types[i].Elem), strings.Join(shapes[i], ", "))
		if h.pos != "" {
			// "f.fut:3:5: out of device memory: allocating ...".
			h.line("if err != nil {")
			h.line("\treturn nil, fmt.Errorf(\"%%s: %%w\", %s, err)", goQuote(h.pos))
			h.line("}")
		} else {
			h.check("", "allocating %s", p.Name)
		}
		ka.host = append(ka.host, id)
	}
	return ptrs, nil
}

// kernelName names the kernel of a segmented operation after its first
// result. A SegMap may bind no result at all: when the optimiser removes
// its unused results but keeps the assertions of its body (a size
// coercion's check, say), the kernel still runs for those checks, and is
// given a fresh name.
func (h *hgen) kernelName(prefix string, pat []soac.Param) string {
	if len(pat) == 0 {
		return prefix + h.g.names.fresh("checks")[2:]
	}
	return prefix + h.g.names.id(pat[0].Name)[2:]
}

// neutrals emits C variables holding the reductions' neutral elements.
func (c *cgen) neutrals(reds []soac.Reduce, types []soac.Type, base string) ([]string, error) {
	nes, err := c.neutralOperands(reds)
	if err != nil {
		return nil, err
	}
	acc := make([]string, len(nes))
	for k, x := range nes {
		ct, err := cType(types[k].Elem)
		if err != nil {
			return nil, err
		}
		acc[k] = fmt.Sprintf("%s%d", base, k)
		c.line("%s %s = %s;", ct, acc[k], x)
	}
	return acc, nil
}

// launch1D emits the launch of c's kernel name with one work-item per
// element of n (a Go expression), in groups of the default size.
func (h *hgen) launch1D(c *cgen, name, n string, ka *kernelArgs) error {
	return h.launch1DGroup(c, name, n, "c.DefaultGroupSize()", ka)
}

// launch1DGroup is launch1D in work-groups of group work-items (a Go
// expression).
func (h *hgen) launch1DGroup(c *cgen, name, n, group string, ka *kernelArgs) error {
	h.line("{")
	h.indent++
	h.line("group := %s", group)
	if err := h.launchKernel(c, ka, name, fmt.Sprintf("fccGroups(%s, group) * group", n), "group"); err != nil {
		return err
	}
	h.indent--
	h.line("}")
	return nil
}

// storeResult writes a point's result (scalar C expression x, or the
// array view of operand se) at flat position flat of out, whose rows have
// type t.
func (c *cgen) storeResult(out string, t soac.Type, flat, x string, se soac.SubExp) error {
	if t.Rank() == 0 {
		c.line("%s", store(out, t.Elem, flat, x))
		return nil
	}
	v := c.vars[se.(soac.Var).Name].view
	if v == nil {
		return fmt.Errorf("array result %v is not an array", se)
	}
	// Nested loops over the row's dimensions, so that neither offset
	// needs a division (a 64-bit one per element costs dozens of
	// instructions on GPUs).
	n := strings.Join(v.dims, " * ")
	return c.loopNest(v.dims, func(idx []string) error {
		lin := rowMajorOffset(idx, v.dims)
		c.line("%s", store(out, t.Elem, fmt.Sprintf("(%s) * (%s) + %s", flat, n, lin), load(v, viewOff(v, idx))))
		return nil
	})
}

// rowMajorOffset is the row-major linear offset of the C index expressions idx
// in an array of dimensions dims.
func rowMajorOffset(idx, dims []string) string {
	lin := idx[0]
	for k := 1; k < len(idx); k++ {
		lin = fmt.Sprintf("(%s) * %s + %s", lin, dims[k], idx[k])
	}
	return lin
}

func mustStorage(t soac.PrimType) string {
	st, err := cStorage(t)
	if err != nil {
		panic(err)
	}
	return st
}
