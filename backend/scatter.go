package backend

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file generates scatter, which flattening leaves at host level: one
// work-item an element, writing into the array the scatter consumes.

// scatter generates one work-item per input element, writing into the
// destinations (see consume); writes outside a destination are ignored, and when
// several elements write the same place one of them wins (the language
// leaves which unspecified; the interpreter takes the last).
func (h *hgen) scatter(s *soac.Stm, e *soac.ScatterExp) error {
	i := soac.VName("fcc_i_" + string(s.Pat[0].Name))
	h.g.types[i] = soac.Prim(values.I64)
	body := e.Lambda.RowBody(i, e.Inputs)
	// The reads of row i < W of each input: in bounds when W is the
	// input's outer size (the prove pass sees no such read).
	for k := range e.Lambda.Params {
		if t := h.g.types[e.Inputs[k]]; t.Rank() > 0 && soac.SameSubExp(e.W, t.Shape[0]) {
			body.Stms[k].Exp.(*soac.IndexExp).InBounds = []bool{true}
		}
	}
	body.Stms = computedInputs(body.Stms, len(e.Lambda.Params), e.Inputs, h.g.scalarDefs())
	c := h.g.newCgen()
	name := "scatter_" + h.g.names.id(s.Pat[0].Name)[2:]
	free := soac.FreeInBody(body)
	delete(free, i)
	for _, d := range e.Dests {
		free[d.Arr] = true
	}
	ka, prologue, err := c.inputs(sortedNames(free))
	if err != nil {
		return err
	}
	w, err := h.operand(e.W)
	if err != nil {
		return err
	}
	ka.decls = append(ka.decls, "long fcc_w")
	ka.host = append(ka.host, "int64("+w+")")
	h.line("// %s", name)
	if err := h.predeclare(s.Pat); err != nil {
		return err
	}
	outs := make([]string, len(e.Dests))
	for k, d := range e.Dests {
		id := h.g.names.id(s.Pat[k].Name)
		h.line("%s, err = %s", id, h.consume(d.Arr, soac.FreeInBody(body)[d.Arr], free))
		h.check(s.Pos.String(), "scatter destination")
		st, err := cStorage(h.g.types[d.Arr].Elem)
		if err != nil {
			return err
		}
		outs[k] = "scatter_out" + fmt.Sprint(k)
		ka.decls = append(ka.decls, fmt.Sprintf("__global %s *%s", st, outs[k]))
		ka.host = append(ka.host, id)
	}
	c.kernelHead(name, ka.decls, prologue)
	c.line("long gtid = get_global_id(0);")
	c.line("if (gtid >= fcc_w) return;")
	idx := h.g.names.id(i)
	c.line("long %s = gtid;", idx)
	c.vars[i] = kval{scalar: idx}
	res, err := c.body(body)
	if err != nil {
		return err
	}
	off := 0
	for k, d := range e.Dests {
		v := c.vars[d.Arr].view
		var conds []string
		flat := "0"
		for j := 0; j < d.Rank; j++ {
			x := res[off+j]
			conds = append(conds, fmt.Sprintf("%s >= 0 && %s < %s", x, x, v.dims[j]))
			flat = fmt.Sprintf("(%s) * %s + %s", flat, v.dims[j], x)
		}
		c.line("if (%s) {", strings.Join(conds, " && "))
		c.indent++
		t := h.g.types[d.Arr]
		rowT := soac.Type{Elem: t.Elem, Shape: t.Shape[d.Rank:]}
		if err := c.storeResult(outs[k], rowT, flat, res[off+d.Rank], e.Lambda.Body.Result[off+d.Rank]); err != nil {
			return err
		}
		c.indent--
		c.line("}")
		off += d.Rank + 1
	}
	c.kernelEnd()
	h.g.kernels = append(h.g.kernels, c.b.String())
	return h.launch1D(c, name, "int64("+w+")", ka)
}

// computedInputs replaces, in the first n statements of a scatter's row
// body (the reads of its inputs' elements), the reads of inputs whose
// elements are known without memory: an iota's element is start + i *
// step in the iota's type (the work-item's index is the element: a
// scatter over the indices of a tabulate, blocked NW's writes of its
// blocks), a one-dimensional replicate's is its scalar (`scatter dest is
// (replicate k v)`, the usual way to set k places to one value, BFS's
// costs of a level). The host then need not make the array (hostComputed)
// for the kernel to read back from global memory.
func computedInputs(stms []*soac.Stm, n int, inputs []soac.VName, defs map[soac.VName]soac.Exp) []*soac.Stm {
	var out []*soac.Stm
	for k, s := range stms {
		ix, isIndex := s.Exp.(*soac.IndexExp)
		if k >= n || !isIndex || len(ix.Indices) != 1 {
			out = append(out, s)
			continue
		}
		switch d := defs[inputs[min(k, len(inputs)-1)]].(type) {
		case *soac.IotaExp:
			t := d.T
			x := ix.Indices[0]
			bind := func(base string, e soac.Exp) soac.SubExp {
				v := soac.VName(fmt.Sprintf("fcc_%s_%s", base, s.Pat[0].Name))
				out = append(out, &soac.Stm{Pat: []soac.Param{{Name: v, Type: soac.Prim(t)}}, Exp: e, Pos: s.Pos})
				return soac.Var{Name: v}
			}
			if t != values.I64 {
				x = bind("iconv", &soac.ConvOpExp{From: values.I64, To: t, X: x})
			}
			x = bind("istep", &soac.BinOpExp{Op: soac.Mul, T: t, X: x, Y: d.Step})
			out = append(out, &soac.Stm{Pat: s.Pat, Exp: &soac.BinOpExp{Op: soac.Add, T: t, X: d.Start, Y: x}, Pos: s.Pos})
		case *soac.ReplicateExp:
			if len(d.Shape) != 1 || s.Pat[0].Type.Rank() != 0 {
				out = append(out, s)
				continue
			}
			out = append(out, &soac.Stm{Pat: s.Pat, Exp: &soac.SubExpExp{X: d.X}, Pos: s.Pos})
		default:
			out = append(out, s)
		}
	}
	return out
}

// hostComputed reports whether statement s, followed in its host body by
// stms and results res, is an iota or a one-dimensional replicate of a
// scalar that only scatters of that body read (as inputs, whose elements
// they compute: computedInputs), so that the host need not make it.
func hostComputed(s *soac.Stm, stms []*soac.Stm, res []soac.SubExp) bool {
	if len(s.Pat) != 1 {
		return false
	}
	switch d := s.Exp.(type) {
	case *soac.IotaExp:
	case *soac.ReplicateExp:
		if len(d.Shape) != 1 || s.Pat[0].Type.Rank() != 1 {
			return false
		}
	default:
		return false
	}
	name := s.Pat[0].Name
	for _, r := range res {
		if v, ok := r.(soac.Var); ok && v.Name == name {
			return false
		}
	}
	for _, t := range stms {
		e := t.Exp
		if sc, ok := e.(*soac.ScatterExp); ok {
			cp := *sc
			cp.Inputs = slices.DeleteFunc(slices.Clone(sc.Inputs), func(x soac.VName) bool { return x == name })
			e = &cp
		}
		if soac.FreeInExp(e)[name] {
			return false
		}
	}
	return true
}
