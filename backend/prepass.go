package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file runs the pre-pass the lower pass records for a size a
// segmap's body computes with no bound known before the launch
// (soac.DynPrePass): a kernel running only the statements the size's
// bound depends on writes each work-item's bound, the host takes the
// largest, allocates the real kernel's arrays per work-item at it, and
// the real kernel checks each work-item's size against its own bound as
// it does for a bound known before the launch (karrays.go).
//
// The host reads the bounds back and takes their maximum itself rather
// than reducing them on the device: it needs the value on the host before
// it can allocate anyway, so a device reduction would still end in a
// read and a wait, and costs a second kernel launch; the read is 8 bytes
// per work-item, small beside the arrays it sizes.

// prePassSize is a size whose arrays are allocated at the maximum that
// a pre-pass computed: its bound over names of the kernel body, and the
// name of the host's maximum.
type prePassSize struct {
	bound soac.SizeBound
	host  soac.VName
	// max: the size is bound inside an inner SOAC or loop (a max body
	// computed it); the real kernels take host as an argument
	// (h.g.preArgs) and check against it.
	max bool
}

// prePass emits the pre-pass of Seg-op s (a segmap or a segred), if its
// lowering records any, and records the host maxima it binds in
// h.g.preSizes for the real kernels' scratch allocation, and in
// h.g.preArgs those that the real kernels take as arguments.
func (h *hgen) prePass(s *soac.Stm) error {
	h.g.preArgs = nil
	lw, err := loweringOf(s)
	if err != nil {
		return err
	}
	space, body, ok := soac.PrePassOp(s.Exp)
	var pres []soac.DynSize
	need := map[soac.VName]bool{}
	for _, d := range lw.Sizes {
		if d.Strategy != soac.DynPrePass {
			continue
		}
		if (d.Bound == nil && d.Max == nil) || !ok {
			return fmt.Errorf("internal error: the Seg-op at %s has a pre-pass for size %s without a bound, or is neither an untiled segmap nor a segred", s.Pos, d.Size)
		}
		pres = append(pres, d)
		for _, n := range d.Slice {
			need[n] = true
		}
	}
	if len(pres) == 0 {
		return nil
	}
	k, err := h.newSegKernel(segFree(s.Exp), space)
	if err != nil {
		return err
	}
	c, ka, dims := k.c, k.ka, k.dims
	// A failed check substitutes the value the real kernel substitutes,
	// so each work-item's bound is the one the real kernel computes, and
	// the real kernel reports the failure.
	c.quiet = true
	hostDims := append([]string(nil), ka.host[len(ka.host)-len(dims):]...)
	total := "(" + strings.Join(hostDims, " * ") + ")"
	name := h.kernelName("presize_", s.Pat)
	h.line("// %s: the bounds of sizes computed in the kernel", name)
	maxes := make([]string, len(pres))
	bufs := make([]string, len(pres))
	if h.g.preSizes == nil {
		h.g.preSizes = map[soac.VName]prePassSize{}
	}
	for i, d := range pres {
		// A name of no IR variable ('#' is in none), numbered so that
		// no two pre-passes declare the same Go variable.
		h.g.preCount++
		host := soac.VName(fmt.Sprintf("%s#premax%d", d.Size, h.g.preCount))
		maxes[i] = h.g.names.id(host)
		h.line("var %s int64", maxes[i])
		// Read by the real kernel's launch unless that kernel never reads
		// the bound (kargs.go drops such arguments).
		h.line("_ = %s", maxes[i])
		if d.Max != nil {
			// The kernel has no bound of its own: it checks the size
			// against the host's maximum (preArgs).
			h.g.preSizes[d.Size] = prePassSize{bound: soac.SizeBound{Leaf: soac.Var{Name: host}}, host: host, max: true}
			continue
		}
		h.g.preSizes[d.Size] = prePassSize{bound: *d.Bound, host: host}
	}
	h.line("{")
	h.indent++
	for i := range pres {
		bufs[i] = h.fresh("presizes")
		h.line("%s, err := c.NewArray(%s, []int64{%s})", bufs[i], elemConst(values.I64), total)
		h.check(h.pos, "allocating the sizes of a pre-pass")
		ka.decls = append(ka.decls, fmt.Sprintf("__global long *fcc_pre%d", i))
		ka.host = append(ka.host, bufs[i])
	}
	k.head(name)
	points := strings.Join(dims, " * ")
	c.line("long gtid = get_global_id(0);")
	c.line("if (gtid >= %s) return;", points)
	c.decodeSpace(space, dims, "gtid")
	for _, st := range body.Stms {
		if len(st.Pat) > 0 && need[st.Pat[0].Name] {
			if err := c.stm(st); err != nil {
				return err
			}
		}
	}
	for i, d := range pres {
		if d.Max != nil {
			// Each max body in a block of its own: they bind the
			// same names of the body.
			c.line("{")
			c.indent++
			res, err := c.body(d.Max)
			if err != nil {
				return err
			}
			c.line("fcc_pre%d[gtid] = max((long)%s, 0L);", i, res[0])
			c.indent--
			c.line("}")
			continue
		}
		x, err := c.boundExpr(*d.Bound)
		if err != nil {
			return err
		}
		c.line("fcc_pre%d[gtid] = %s;", i, x)
	}
	k.end()
	if err := h.launch1D(c, name, total, ka); err != nil {
		return err
	}
	for i, d := range pres {
		if d.Max != nil {
			h.g.preArgs = append(h.g.preArgs, h.g.preSizes[d.Size].host)
		}
		h.line("%s, err = c.MaxSize(%s)", maxes[i], bufs[i])
		h.check(h.pos, "reading the sizes of a pre-pass")
		h.line("c.ReleaseArray(%s)", bufs[i])
	}
	h.indent--
	h.line("}")
	return nil
}
