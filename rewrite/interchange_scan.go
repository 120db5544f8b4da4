package rewrite

import "github.com/fcclang/fcc/soac"

// ScanInterchange is the scan counterpart of flattening's rule G5
// (reduce–map interchange). A scan whose operator is a scalar operator
// mapped over its vector parameters, with replicated scalar neutral
// elements, scans every vector position on its own:
//
//	scan (map2 op) (replicate k ne) xss
//	  = transpose (map (scan op ne) (transpose xss))
//
// The backend's parallel scans take scalar operators only; a scan over
// vectors would run with one work-item per segment (backend/segseq.go).
// The map of scans is a segmented scan over the columns, which flattening
// turns into a segscan kernel, and the transpositions are views.
var ScanInterchange = &Rule{
	Name:  "scan-interchange",
	Doc:   "scan (map op) (replicate k ne) xss → transpose (map (scan op ne) (transpose xss))",
	Match: matchScanInterchange,
	Apply: applyScanInterchange,
}

// scanMatch is a scan ScanInterchange applies to.
type scanMatch struct {
	k   soac.SubExp     // the vectors' length
	ops []*soac.Lambda  // the scalar operator of each scan
	nes [][]soac.SubExp // its replicated scalar neutral elements
	ts  []soac.Type     // the types of the inputs, [w][k]t
}

func matchScanInterchange(c *Ctx, s *soac.Stm) any {
	e, ok := s.Exp.(*soac.ScremaExp)
	if !ok || len(e.Scans) == 0 || len(e.Reds) > 0 {
		return nil
	}
	n := 0
	for _, sc := range e.Scans {
		n += len(sc.Neutral)
	}
	// A plain scan: the map is the identity over the inputs, one per
	// scanned value, and there are no mapped-out arrays.
	if len(e.Inputs) != n || len(e.Map.Params) != n || len(e.Map.Body.Stms) > 0 || len(e.Map.Body.Result) != n || len(s.Pat) != n {
		return nil
	}
	m := &scanMatch{}
	for i, p := range e.Map.Params {
		if v, ok := e.Map.Body.Result[i].(soac.Var); !ok || v.Name != p.Name {
			return nil
		}
		t, ok := c.TypeOf(e.Inputs[i])
		if !ok || t.Rank() != 2 {
			return nil
		}
		if m.k == nil {
			m.k = t.Shape[1]
		} else if !soac.SameSubExp(m.k, t.Shape[1]) {
			return nil
		}
		m.ts = append(m.ts, t)
	}
	for _, sc := range e.Scans {
		inner := wholeScrema(sc.Op.Body)
		if inner == nil || len(inner.Scans) > 0 || len(inner.Reds) > 0 || len(inner.Inputs) != len(sc.Op.Params) || !soac.SameSubExp(inner.W, m.k) {
			return nil
		}
		for i, p := range sc.Op.Params {
			if inner.Inputs[i] != p.Name || p.Type.Rank() != 1 {
				return nil
			}
		}
		for _, p := range inner.Map.Params {
			if p.Type.Rank() != 0 {
				return nil
			}
		}
		var nes []soac.SubExp
		for _, ne := range sc.Neutral {
			v, ok := ne.(soac.Var)
			if !ok {
				return nil
			}
			d := c.Def(v.Name)
			if d == nil {
				return nil
			}
			rep, ok := d.Exp.(*soac.ReplicateExp)
			if !ok || len(rep.Shape) != 1 || !soac.SameSubExp(rep.Shape[0], m.k) {
				return nil
			}
			if x, ok := rep.X.(soac.Var); ok {
				if t, ok := c.TypeOf(x.Name); !ok || t.Rank() != 0 {
					return nil
				}
			}
			nes = append(nes, rep.X)
		}
		m.ops = append(m.ops, inner.Map)
		m.nes = append(m.nes, nes)
	}
	return m
}

func applyScanInterchange(c *Ctx, s *soac.Stm, mm any) *Replacement {
	m := mm.(*scanMatch)
	e := s.Exp.(*soac.ScremaExp)
	var stms []*soac.Stm
	var trs []soac.VName     // the transposed inputs, [k][w]t
	var cols []soac.Param    // a column of each, [w]t
	var xs []soac.Param      // an element of each, t
	var scanned []soac.Param // the scanned columns, [w]t
	var outs []soac.Param    // the map's results, [k][w]t
	for i, in := range e.Inputs {
		t := m.ts[i]
		tr := c.Fresh("tr")
		stms = append(stms, &soac.Stm{Pat: []soac.Param{{Name: tr, Type: soac.Type{Elem: t.Elem, Shape: []soac.SubExp{m.k, e.W}}}}, Exp: &soac.RearrangeExp{Perm: []int{1, 0}, Arr: in}, Pos: s.Pos})
		trs = append(trs, tr)
		col := soac.Type{Elem: t.Elem, Shape: []soac.SubExp{e.W}}
		cols = append(cols, soac.Param{Name: c.Fresh("col"), Type: col})
		xs = append(xs, soac.Param{Name: c.Fresh("x"), Type: soac.Prim(t.Elem)})
		scanned = append(scanned, soac.Param{Name: c.Fresh("scanned"), Type: col})
		outs = append(outs, soac.Param{Name: c.Fresh("scans"), Type: soac.Type{Elem: t.Elem, Shape: []soac.SubExp{m.k, e.W}}})
	}
	ident := &soac.Lambda{Body: &soac.Body{}}
	for _, x := range xs {
		ident.Params = append(ident.Params, x)
		ident.Body.Result = append(ident.Body.Result, soac.Var{Name: x.Name})
		ident.RetType = append(ident.RetType, x.Type)
	}
	inner := &soac.ScremaExp{W: e.W, Map: ident}
	for _, p := range cols {
		inner.Inputs = append(inner.Inputs, p.Name)
	}
	for j, op := range m.ops {
		inner.Scans = append(inner.Scans, soac.Scan{Op: op, Neutral: m.nes[j]})
	}
	body := &soac.Body{Stms: []*soac.Stm{{Pat: scanned, Exp: inner, Pos: s.Pos}}}
	var ret []soac.Type
	for _, p := range scanned {
		body.Result = append(body.Result, soac.Var{Name: p.Name})
		ret = append(ret, p.Type)
	}
	outer := &soac.ScremaExp{W: m.k, Inputs: trs, Map: &soac.Lambda{Params: cols, Body: body, RetType: ret}}
	stms = append(stms, &soac.Stm{Pat: outs, Exp: outer, Pos: s.Pos})
	for i, p := range s.Pat {
		stms = append(stms, &soac.Stm{Pat: []soac.Param{p}, Exp: &soac.RearrangeExp{Perm: []int{1, 0}, Arr: outs[i].Name}, Pos: s.Pos})
	}
	return &Replacement{Stms: stms}
}

// wholeScrema returns the screma that is the whole of a lambda body: one
// statement whose results are the body's results, in order.
func wholeScrema(b *soac.Body) *soac.ScremaExp {
	if len(b.Stms) != 1 {
		return nil
	}
	s := b.Stms[0]
	e, ok := s.Exp.(*soac.ScremaExp)
	if !ok || len(s.Pat) != len(b.Result) {
		return nil
	}
	for i, r := range b.Result {
		if v, ok := r.(soac.Var); !ok || v.Name != s.Pat[i].Name {
			return nil
		}
	}
	return e
}
