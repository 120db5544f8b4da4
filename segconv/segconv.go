// Package segconv is the pass that turns the SOACs flattening leaves at
// host level into Seg-ops: a map, reduction or scan (a screma) becomes a
// one-dimensional segmap, segred or segscan, and a hist a seghist, each
// with one thread per element whose body binds the lambda's parameters to
// the element and runs the lambda. Flattening leaves them there when it
// has no nest to extract (a top-level scan or hist, a map it did not
// distribute); the backend compiles Seg-ops only.
//
// A screma with both scans and reductions, which no single Seg-op
// computes, is split into a scan whose map also writes out the values to
// reduce, and a reduction of those arrays. Scatter stays at host level
// (the backend compiles it as it is). soac.NoHostSOACs is the invariant
// that holds
// afterwards, and the validator checks it after this pass and every later
// one. Functions that run inside kernels (soac.KernelFunctions) keep their
// SOACs, which are sequential.
package segconv

import (
	"strconv"

	"github.com/fcclang/fcc/soac"
)

// Convert runs the pass; p is not modified.
func Convert(p *soac.Program) (*soac.Program, error) {
	c := &converter{names: soac.NewNames(p)}
	return soac.MapHostFuns(p, func(fd *soac.FunDef) {
		c.types = hostTypes(fd)
		fd.Body = c.body(fd.Body)
	}), nil
}

type converter struct {
	names *soac.Names              // every name in the program
	types map[soac.VName]soac.Type // the function's names (hostTypes)
}

// body converts the SOACs of a host-level body and of the bodies of its
// ifs and loops, which run on the host too.
func (c *converter) body(b *soac.Body) *soac.Body {
	out := &soac.Body{Result: b.Result, Stms: make([]*soac.Stm, 0, len(b.Stms))}
	for _, s := range b.Stms {
		if e, ok := s.Exp.(*soac.ScremaExp); ok && len(e.Scans) > 0 && len(e.Reds) > 0 {
			scan, red := c.splitScanReduce(s, e)
			out.Stms = append(out.Stms, c.stm(scan), c.stm(red))
			continue
		}
		out.Stms = append(out.Stms, c.stm(s))
	}
	out.Stms = c.keepOnDevice(out.Stms, out.Result) // devred.go
	out.Stms = c.sinkReads(out.Stms, out.Result)
	out.Stms = c.sinkIotas(out.Stms, out.Result) // sinkiota.go
	return out
}

// splitScanReduce splits a screma with both scans and reductions in two:
// a scan whose map also writes out the values to reduce (so that the map
// lambda runs once per element), then a reduction of those arrays.
func (c *converter) splitScanReduce(s *soac.Stm, e *soac.ScremaExp) (scan, red *soac.Stm) {
	nScan, nRed := soac.ReduceValues(soac.ScanReduces(e.Scans)), soac.ReduceValues(e.Reds)
	// The map lambda's results are the scanned values, the values to
	// reduce and the mapped-out ones, in that order: the same lambda with
	// no reductions maps the values to reduce out, after the scans.
	var pat1 []soac.Param
	var redArrs []soac.VName
	ident := &soac.Lambda{Body: &soac.Body{}}
	for i, p := range s.Pat {
		if i < nScan || i >= nScan+nRed {
			pat1 = append(pat1, p)
			continue
		}
		t := e.Map.RetType[i]
		arr := soac.Param{Name: c.fresh("fcc_tored" + strconv.Itoa(i-nScan) + "_" + string(s.Pat[0].Name)), Type: soac.Type{Elem: t.Elem, Shape: append([]soac.SubExp{e.W}, t.Shape...)}}
		pat1 = append(pat1, arr)
		redArrs = append(redArrs, arr.Name)
		x := soac.Param{Name: c.fresh("fcc_redx" + strconv.Itoa(i-nScan) + "_" + string(s.Pat[0].Name)), Type: t}
		ident.Params = append(ident.Params, x)
		ident.Body.Result = append(ident.Body.Result, soac.Var{Name: x.Name})
		ident.RetType = append(ident.RetType, t)
	}
	scan = &soac.Stm{Pat: pat1, Exp: &soac.ScremaExp{W: e.W, Inputs: e.Inputs, Scans: e.Scans, Map: e.Map}, Pos: s.Pos}
	red = &soac.Stm{Pat: s.Pat[nScan : nScan+nRed], Exp: &soac.ScremaExp{W: e.W, Inputs: redArrs, Reds: e.Reds, Map: ident}, Pos: s.Pos}
	return scan, red
}

func (c *converter) stm(s *soac.Stm) *soac.Stm {
	var e soac.Exp
	switch x := s.Exp.(type) {
	case *soac.IfExp:
		ne := *x
		ne.Then, ne.Else = c.body(x.Then), c.body(x.Else)
		e = &ne
	case *soac.LoopExp:
		ne := *x
		ne.Body = c.body(x.Body)
		e = &ne
	case *soac.ScremaExp:
		e = c.screma(s, x)
	case *soac.HistExp:
		i := c.index(s)
		e = &soac.SegHistExp{Level: soac.LevelThread, Space: []soac.SegDim{{Index: i, N: x.W}}, Ops: x.Ops, Body: x.Bucket.RowBody(i, x.Inputs), Types: x.Bucket.RetType}
	}
	if e == nil {
		return s
	}
	ns := *s
	ns.Exp = e
	return &ns
}

// screma returns the Seg-op that computes e, which has scans or
// reductions but not both (body splits those first).
func (c *converter) screma(s *soac.Stm, e *soac.ScremaExp) soac.Exp {
	i := c.index(s)
	space := []soac.SegDim{{Index: i, N: e.W}}
	body := e.Map.RowBody(i, e.Inputs)
	switch {
	case len(e.Scans) > 0:
		return &soac.SegScanExp{Level: soac.LevelThread, Space: space, Scans: e.Scans, Body: body, Types: e.Map.RetType}
	case len(e.Reds) > 0:
		return &soac.SegRedExp{Level: soac.LevelThread, Space: space, Reds: e.Reds, Body: body, Types: e.Map.RetType}
	}
	return &soac.SegMapExp{Level: soac.LevelThread, Space: space, Body: body, Types: e.Map.RetType}
}

// index returns a fresh name for the segment-space index of statement s,
// made from the name it binds.
func (c *converter) index(s *soac.Stm) soac.VName {
	return c.fresh("fcc_i_" + string(s.Pat[0].Name))
}

// fresh returns base, or base with a number, unused in the program.
func (c *converter) fresh(base string) soac.VName {
	return c.names.Lowest(func(k int) soac.VName {
		if k == 0 {
			return soac.VName(base)
		}
		return soac.VName(base + "_" + strconv.Itoa(k))
	})
}
