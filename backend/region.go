package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// This file follows the inplace pass's region decisions (soac.SegRegion):
// a segmap whose result is the array it updates, computed over the region
// of its space where every index g_d >= From[d] only. The host binds the
// result to the array (segMapOutputs) and launches the kernel over the
// region; the kernel adds the region's start to its indices and stores
// each point's result into the array where it lies.

// regionArgs declares the start of segmap e's region in each dimension
// as kernel parameters fcc_lo_d, passed by the host clamped to [0, N_d]
// (so that any From is safe: the points below it keep their element by
// the body's condition, and a start past the end is an empty region).
// hostDims are the host's expressions of the space's sizes. It returns
// the kernel's names of the starts and the host's expressions of the
// region's extents; nil, nil for a segmap without a region.
func (h *hgen) regionArgs(e *soac.SegMapExp, ka *kernelArgs, hostDims []string) (lo, extents []string, err error) {
	if e.Region == nil {
		return nil, nil, nil
	}
	for d, f := range e.Region.From {
		x, err := h.operand(f)
		if err != nil {
			return nil, nil, err
		}
		start := fmt.Sprintf("min(max(int64(%s), 0), %s)", x, hostDims[d])
		lo = append(lo, fmt.Sprintf("fcc_lo_%d", d))
		ka.decls = append(ka.decls, "long "+lo[d])
		ka.host = append(ka.host, start)
		extents = append(extents, fmt.Sprintf("(%s - %s)", hostDims[d], start))
	}
	return lo, extents, nil
}

// regionStore returns the C statement that stores x, the result of the
// point whose indices are the C expressions idx, into the region's array.
func (c *cgen) regionStore(r *soac.SegRegion, idx []string, x string) (string, error) {
	v := c.vars[r.Arr].view
	if v == nil || len(v.strides) != len(idx) {
		return "", fmt.Errorf("internal error: the region's array %s is not an input of its kernel", r.Arr)
	}
	off := c.ix(v.off)
	for d, i := range idx {
		off = fmt.Sprintf("%s + %s * %s", off, c.ix(i), c.ix(v.strides[d]))
	}
	return store(v.ptr, v.elem, off, x), nil
}

// regionPoint emits the body of a plain segmap with a region: work-item
// gtid computes the region's point gtid (dims are the space's sizes, lo
// the region's starts) and stores its result into the array.
func (c *cgen) regionPoint(e *soac.SegMapExp, dims, lo []string) error {
	ext := make([]string, len(dims))
	for d := range dims {
		ext[d] = fmt.Sprintf("(%s - %s)", dims[d], lo[d])
	}
	c.line("long gtid = get_global_id(0);")
	c.line("if (gtid >= %s) return;", strings.Join(ext, " * "))
	c.decodeSpace(e.Space, ext, "gtid")
	idx := make([]string, len(e.Space))
	for d, sd := range e.Space {
		idx[d] = c.g.names.id(sd.Index)
		c.line("%s += %s;", idx[d], lo[d])
	}
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	st, err := c.regionStore(e.Region, idx, res[0])
	if err != nil {
		return err
	}
	c.line("%s", st)
	return nil
}
