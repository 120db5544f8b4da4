package rewrite

import (
	"slices"

	"github.com/fcclang/fcc/soac"
)

// Fusion (the seed's producer/consumer fusion, on scremas). A screma is
// both a producer (its mapped-out arrays) and a consumer (its inputs);
// fusing a producer into its consumer composes the producer's map lambda
// with the consumer's, so that the intermediate array is never stored.
// Fusion is done only where it duplicates no work and loses no
// parallelism:
//
//   - the fused screma has the width of both (the same operand), so the
//     iteration space is unchanged;
//   - a producer's array consumed by the consumer must have no other use;
//     otherwise the producer is recomputed only when that is trivially
//     cheap (cheapProducer), and kept for the other uses;
//   - only a producer's mapped-out arrays fuse: their elements are known
//     one at a time, while scanned and reduced values need all elements.
//     The producer's and the consumer's scans and reductions are then
//     computed side by side in the fused screma.
//
// The fused screma replaces the consumer and the producer is dropped, so
// nothing that uses the producer's results may sit between the two.

// FuseRules is the fuse rule set.
func FuseRules() RuleSet {
	return RuleSet{
		FuseReplicate,
		FuseIota,   // fuse_iota.go
		FuseConcat, // fuse_concat.go
		FuseHistReplicate,
		FuseHorizontal,
		FuseVertical,
		FuseVerticalShared, // fuse_shared.go
		FuseVerticalCheap,
		FuseHistMap,
		FuseScatterMap,  // fuse_scatter.go
		ScanInterchange, // interchange_scan.go
	}
}

// Fuse applies the fuse rule set to a fixed point.
func Fuse(p *soac.Program) (*soac.Program, *Log, error) {
	return Run(p, FuseRules(), Options{})
}

// producer is a screma statement, earlier in the same body, whose
// mapped-out arrays a consumer reads.
type producer struct {
	pos int
	stm *soac.Stm
	e   *soac.ScremaExp
	// out maps each consumed array of the producer to the index of the
	// lambda result that computes its elements.
	out map[soac.VName]int
}

// producerOf finds a producer of a consumer's inputs: the screma binding
// one of them as a mapped-out array, with the same width.
func producerOf(c *Ctx, ce *soac.ScremaExp, skip func(*producer) bool) *producer {
	for _, in := range ce.Inputs {
		i := c.DefLocal(in)
		if i < 0 || i >= c.Pos() {
			continue
		}
		ps := c.Stms()[i]
		pe, ok := ps.Exp.(*soac.ScremaExp)
		if !ok || !soac.SameSubExp(pe.W, ce.W) {
			continue
		}
		nScan, nRed := scremaLayout(pe)
		p := &producer{pos: i, stm: ps, e: pe, out: map[soac.VName]int{}}
		for k := nScan + nRed; k < len(ps.Pat); k++ {
			p.out[ps.Pat[k].Name] = k
		}
		if _, ok := p.out[in]; !ok {
			continue // a scanned array: its elements are not known per element
		}
		if skip != nil && skip(p) {
			continue
		}
		return p
	}
	return nil
}

// usesOutsideInputs reports whether a consumer uses any of names other
// than as an input array: in a lambda, a neutral element or its width.
func usesOutsideInputs(ce *soac.ScremaExp, names map[soac.VName]bool) bool {
	bare := *ce
	bare.Inputs = nil
	for n := range soac.FreeInExp(&bare) {
		if names[n] {
			return true
		}
	}
	return false
}

// fusable checks what any vertical fusion of p into the consumer s needs.
func fusable(c *Ctx, s *soac.Stm, ce *soac.ScremaExp, p *producer) bool {
	if hasEffect(p.stm.Exp) && hasEffect(s.Exp) {
		return false // keep the order of two assertions
	}
	if usesOutsideInputs(ce, patNames(p.stm)) {
		return false
	}
	// The consumer may read only the producer's mapped-out arrays: a
	// scanned array it also reads would be bound by the fused screma
	// that reads it.
	for _, in := range ce.Inputs {
		if _, ok := p.out[in]; !ok && bindsName(p.stm, in) {
			return false
		}
	}
	return true
}

// bindsName reports whether s's pattern binds n.
func bindsName(s *soac.Stm, n soac.VName) bool {
	for _, q := range s.Pat {
		if q.Name == n {
			return true
		}
	}
	return false
}

// consumedOnly reports whether every array of p that the consumer reads
// has no use besides the consumer.
func consumedOnly(c *Ctx, ce *soac.ScremaExp, p *producer) bool {
	for _, in := range ce.Inputs {
		if _, ok := p.out[in]; ok && c.Uses(in) != 1 {
			return false
		}
	}
	return true
}

// fuseVertical builds the screma computing consumer ce after producer pe
// (whose lambda is pl: the producer's own, or a renamed copy) in one pass.
// extra selects the producer results that stay results of the fused
// screma (for uses elsewhere). The result is the fused statement, whose
// pattern holds the results in screma order.
func fuseVertical(s *soac.Stm, ce *soac.ScremaExp, ps *soac.Stm, pe *soac.ScremaExp, pl *soac.Lambda, out map[soac.VName]int, extra func(int) bool) *soac.Stm {
	// The consumer's parameters bound to producer arrays become the
	// producer lambda's results for the same element.
	sub := map[soac.VName]soac.SubExp{}
	var cInputs []soac.VName
	var cParams []soac.Param
	for k, in := range ce.Inputs {
		if m, ok := out[in]; ok {
			sub[ce.Map.Params[k].Name] = pl.Body.Result[m]
			continue
		}
		cInputs = append(cInputs, in)
		cParams = append(cParams, ce.Map.Params[k])
	}
	cp := soac.NewCopier(sub, nil)
	cBody := cp.Body(ce.Map.Body)
	cRet := cp.Types(ce.Map.RetType)
	stms := append(append([]*soac.Stm(nil), pl.Body.Stms...), cBody.Stms...)

	// Results in screma order: the scans of both, the reductions of
	// both, the producer's arrays still needed elsewhere, the consumer's
	// arrays.
	pScan, pRed := scremaLayout(pe)
	cScan, cRed := scremaLayout(ce)
	var res []soac.SubExp
	var rts []soac.Type
	var pat []soac.Param
	takeP := func(from, to int, keep func(int) bool) {
		for i := from; i < to; i++ {
			if keep == nil || keep(i) {
				res, rts, pat = append(res, pl.Body.Result[i]), append(rts, pl.RetType[i]), append(pat, ps.Pat[i])
			}
		}
	}
	takeC := func(from, to int) {
		res = append(res, cBody.Result[from:to]...)
		rts = append(rts, cRet[from:to]...)
		pat = append(pat, s.Pat[from:to]...)
	}
	takeP(0, pScan, nil)
	takeC(0, cScan)
	takeP(pScan, pScan+pRed, nil)
	takeC(cScan, cScan+cRed)
	takeP(pScan+pRed, len(ps.Pat), extra)
	takeC(cScan+cRed, len(s.Pat))
	ne := &soac.ScremaExp{
		W:      ce.W,
		Inputs: append(append([]soac.VName(nil), pe.Inputs...), cInputs...),
		Scans:  append(append([]soac.Scan(nil), pe.Scans...), ce.Scans...),
		Reds:   append(append([]soac.Reduce(nil), pe.Reds...), ce.Reds...),
		Map: &soac.Lambda{
			Params:  append(append([]soac.Param(nil), pl.Params...), cParams...),
			Body:    &soac.Body{Stms: stms, Result: res},
			RetType: rts,
		},
	}
	if len(ne.Scans) == 0 {
		ne.Scans = nil
	}
	if len(ne.Reds) == 0 {
		ne.Reds = nil
	}
	return &soac.Stm{Pat: pat, Exp: ne, Pos: s.Pos}
}

// FuseVertical fuses a producer screma into the screma consuming its
// mapped-out arrays: map∘map, map into reduce (redomap), map into scan
// (scanomap), and any consumer of the mapped-out array of a redomap or
// scanomap (whose reductions then run side by side).
// The producer's other arrays, used after the consumer, become results of
// the fused screma. The fused screma takes the consumer's place, or the
// producer's when statements in between use the producer's results but
// bind nothing the consumer needs (verticalSite).
var FuseVertical = &Rule{
	Name: "fuse-vertical",
	Doc:  "producer screma → consumer screma (map∘map, redomap, scanomap)",
	Match: func(c *Ctx, s *soac.Stm) any {
		return matchVertical(c, s, func(p *producer) bool {
			return consumedOnly(c, s.Exp.(*soac.ScremaExp), p)
		})
	},
	Apply: applyVertical,
}

// matchVertical finds a producer that the consumer s can fuse with and
// that passes ok, and where the fused screma goes.
func matchVertical(c *Ctx, s *soac.Stm, ok func(*producer) bool) any {
	ce, isScrema := s.Exp.(*soac.ScremaExp)
	if !isScrema {
		return nil
	}
	var at *soac.Stm
	p := producerOf(c, ce, func(p *producer) bool {
		if !fusable(c, s, ce, p) || !ok(p) {
			return true
		}
		at = verticalSite(c, s, p)
		return at == nil
	})
	if p == nil {
		return nil
	}
	return &vertical{p, at}
}

// applyVertical fuses the producer a matchVertical found into the
// consumer s. The producer's mapped-out arrays that have uses besides
// the consumer stay results of the fused screma.
func applyVertical(c *Ctx, s *soac.Stm, m any) *Replacement {
	v := m.(*vertical)
	p := v.p
	ce := s.Exp.(*soac.ScremaExp)
	extra := func(i int) bool {
		n := p.stm.Pat[i].Name
		if _, isMap := p.out[n]; !isMap {
			return false
		}
		if slices.Contains(ce.Inputs, n) {
			return c.Uses(n) > 1 // the consumer counts once
		}
		return c.Uses(n) > 0
	}
	fused := fuseVertical(s, ce, p.stm, p.e, p.e.Map, p.out, extra)
	if v.at == p.stm {
		return &Replacement{Stms: []*soac.Stm{fused}, At: p.stm, Drop: []*soac.Stm{s}}
	}
	return &Replacement{Stms: []*soac.Stm{fused}, Drop: []*soac.Stm{p.stm}}
}

type vertical struct {
	p  *producer
	at *soac.Stm
}

// verticalSite picks where the fusion of producer p into the consumer s
// may put the fused screma: at s when nothing in between uses p's
// results; else at p when s uses nothing bound in between and no
// assertion's order changes; else nowhere (nil).
func verticalSite(c *Ctx, s *soac.Stm, p *producer) *soac.Stm {
	if !c.UsedIn(patNames(p.stm), p.pos+1, c.Pos()) {
		return s
	}
	between := c.Stms()[p.pos+1 : c.Pos()]
	bound := boundBy(between)
	free := soac.FreeInExp(s.Exp)
	addTypeNames(free, paramTypes(s.Pat)...)
	for n := range free {
		if bound[n] {
			return nil
		}
	}
	if hasEffect(s.Exp) {
		for _, d := range between {
			if hasEffect(d.Exp) {
				return nil
			}
		}
	}
	return p.stm
}

// cheapProducer is the cost rule for recomputation: a map-only screma
// over scalars whose lambda is at most maxCheapStms scalar operations that
// cannot fail. Recomputing those per element in each consumer costs less
// than writing the intermediate array and reading it back, which is what
// sharing it would take.
const maxCheapStms = 3

func cheapProducer(c *Ctx, p *producer) bool {
	if len(p.e.Scans)+len(p.e.Reds) > 0 || len(p.e.Map.Body.Stms) > maxCheapStms {
		return false
	}
	for _, q := range p.e.Map.Params {
		if q.Type.Rank() > 0 {
			return false
		}
	}
	for _, st := range p.e.Map.Body.Stms {
		switch st.Exp.(type) {
		case *soac.SubExpExp, *soac.BinOpExp, *soac.CmpOpExp, *soac.UnOpExp, *soac.ConvOpExp:
		default:
			return false
		}
		if canFail(c, st.Exp) {
			return false
		}
	}
	return true
}

// FuseVerticalCheap fuses a copy of a trivially cheap map producer into
// one of its several consumers (see cheapProducer); the producer stays
// for the others, and disappears as dead code once all have their copy.
var FuseVerticalCheap = &Rule{
	Name: "fuse-vertical-cheap",
	Doc:  "recompute a cheap map in a consumer instead of sharing its array",
	Match: func(c *Ctx, s *soac.Stm) any {
		ce, ok := s.Exp.(*soac.ScremaExp)
		if !ok {
			return nil
		}
		p := producerOf(c, ce, func(p *producer) bool {
			return !fusable(c, s, ce, p) || !cheapProducer(c, p) || hasEffect(p.stm.Exp) || horizontalLater(c, s, ce, p)
		})
		if p == nil {
			return nil
		}
		return p
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		p := m.(*producer)
		ce := s.Exp.(*soac.ScremaExp)
		rn := soac.NewCopier(nil, func(n soac.VName) soac.VName { return c.Fresh(n) })
		pl := rn.Lambda(p.e.Map)
		fused := fuseVertical(s, ce, p.stm, p.e, pl, p.out, func(int) bool { return false })
		return &Replacement{Stms: []*soac.Stm{fused}}
	},
}

// horizontalLater reports whether another consumer of p's arrays, later
// in the body, could be merged with the consumer s by horizontal fusion
// (same width, no scans, not depending on s). Then recomputing p is
// premature: once the two consumers are one, p has a single consumer and
// fuses without being recomputed.
func horizontalLater(c *Ctx, s *soac.Stm, ce *soac.ScremaExp, p *producer) bool {
	if len(ce.Scans) > 0 {
		return false
	}
	arrs := map[soac.VName]bool{}
	for _, in := range ce.Inputs {
		if _, ok := p.out[in]; ok {
			arrs[in] = true
		}
	}
	dep := patNames(s)
	for _, d := range c.Stms()[c.Pos()+1:] {
		if usesAny(d, dep) {
			for _, q := range d.Pat {
				dep[q.Name] = true
			}
			continue
		}
		de, ok := d.Exp.(*soac.ScremaExp)
		if !ok || len(de.Scans) > 0 || !soac.SameSubExp(de.W, ce.W) {
			continue
		}
		for _, in := range de.Inputs {
			if arrs[in] {
				return true
			}
		}
	}
	return false
}

// FuseHorizontal merges two scremas of the same width that read a common
// input and do not depend on each other into one screma computing both
// (the common input is then read once). Scans are left alone: a scan is a
// two-pass algorithm and would impose that on the other screma.
var FuseHorizontal = &Rule{
	Name: "fuse-horizontal",
	Doc:  "two independent scremas over the same input and width → one",
	Match: func(c *Ctx, s *soac.Stm) any {
		ce, ok := s.Exp.(*soac.ScremaExp)
		if !ok || len(ce.Scans) > 0 {
			return nil
		}
		cIn := map[soac.VName]bool{}
		for _, in := range ce.Inputs {
			cIn[in] = true
		}
		cFree := soac.FreeInExp(ce)
		addTypeNames(cFree, paramTypes(s.Pat)...)
		stms := c.Stms()
		for i := c.Pos() - 1; i >= 0; i-- {
			ps := stms[i]
			pe, ok := ps.Exp.(*soac.ScremaExp)
			if !ok || len(pe.Scans) > 0 || !soac.SameSubExp(pe.W, ce.W) {
				continue
			}
			if hasEffect(ps.Exp) && hasEffect(s.Exp) {
				continue
			}
			shared := false
			for _, in := range pe.Inputs {
				shared = shared || cIn[in]
			}
			pNames := patNames(ps)
			if !shared || usesAny(s, pNames) || cheapFeeder(c, ps, pe, i) {
				continue
			}
			// Place the fused screma where the consumer is if nothing in
			// between uses the producer, or where the producer is if the
			// consumer needs nothing computed in between.
			if !c.UsedIn(pNames, i+1, c.Pos()) {
				return &horizontal{ps, s, s}
			}
			between := boundBy(stms[i:c.Pos()])
			clash := false
			for n := range cFree {
				clash = clash || between[n]
			}
			if !clash {
				return &horizontal{ps, s, ps}
			}
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		h := m.(*horizontal)
		fused := fuseHorizontal(h.first, h.second)
		drop := h.first
		if h.at == h.first {
			drop = h.second
		}
		return &Replacement{Stms: []*soac.Stm{fused}, At: h.at, Drop: []*soac.Stm{drop}}
	},
}

type horizontal struct{ first, second, at *soac.Stm }

// cheapFeeder reports whether a screma is a cheap map (cheapProducer)
// whose arrays feed a later screma of the same width: it is going to be
// recomputed inside its consumers and vanish, and merging it with
// another screma would instead force its arrays to be stored.
func cheapFeeder(c *Ctx, ps *soac.Stm, pe *soac.ScremaExp, pos int) bool {
	if !cheapProducer(c, &producer{stm: ps, e: pe}) || hasEffect(ps.Exp) {
		return false
	}
	outs := patNames(ps)
	for _, d := range c.Stms()[pos+1:] {
		if de, ok := d.Exp.(*soac.ScremaExp); ok && soac.SameSubExp(de.W, pe.W) {
			for _, in := range de.Inputs {
				if outs[in] {
					return true
				}
			}
		}
	}
	return false
}

// fuseHorizontal builds one screma computing two independent scremas
// without scans; an input common to both is read once.
func fuseHorizontal(a, b *soac.Stm) *soac.Stm {
	ae, be := a.Exp.(*soac.ScremaExp), b.Exp.(*soac.ScremaExp)
	inputs := append([]soac.VName(nil), ae.Inputs...)
	params := append([]soac.Param(nil), ae.Map.Params...)
	sub := map[soac.VName]soac.SubExp{}
	for k, in := range be.Inputs {
		shared := -1
		for i, ain := range ae.Inputs {
			if ain == in {
				shared = i
				break
			}
		}
		if shared >= 0 {
			sub[be.Map.Params[k].Name] = soac.Var{Name: ae.Map.Params[shared].Name}
			continue
		}
		inputs = append(inputs, in)
		params = append(params, be.Map.Params[k])
	}
	cp := soac.NewCopier(sub, nil)
	bBody := cp.Body(be.Map.Body)
	bRet := cp.Types(be.Map.RetType)
	_, aRed := scremaLayout(ae)
	_, bRed := scremaLayout(be)
	var res []soac.SubExp
	var rts []soac.Type
	var pat []soac.Param
	take := func(r []soac.SubExp, t []soac.Type, p []soac.Param, from, to int) {
		res = append(res, r[from:to]...)
		rts = append(rts, t[from:to]...)
		pat = append(pat, p[from:to]...)
	}
	take(ae.Map.Body.Result, ae.Map.RetType, a.Pat, 0, aRed)
	take(bBody.Result, bRet, b.Pat, 0, bRed)
	take(ae.Map.Body.Result, ae.Map.RetType, a.Pat, aRed, len(a.Pat))
	take(bBody.Result, bRet, b.Pat, bRed, len(b.Pat))
	ne := &soac.ScremaExp{
		W:      ae.W,
		Inputs: inputs,
		Reds:   append(append([]soac.Reduce(nil), ae.Reds...), be.Reds...),
		Map: &soac.Lambda{
			Params:  params,
			Body:    &soac.Body{Stms: append(append([]*soac.Stm(nil), ae.Map.Body.Stms...), bBody.Stms...), Result: res},
			RetType: rts,
		},
	}
	if len(ne.Reds) == 0 {
		ne.Reds = nil
	}
	return &soac.Stm{Pat: pat, Exp: ne, Pos: a.Pos}
}

// scremaInputDef finds the first input of screma s whose defining
// expression satisfies ok; it returns that input's position and
// expression as a [2]any, or nil.
func scremaInputDef(c *Ctx, s *soac.Stm, ok func(*soac.ScremaExp, soac.Exp) bool) any {
	ce, isScrema := s.Exp.(*soac.ScremaExp)
	if !isScrema {
		return nil
	}
	for k, in := range ce.Inputs {
		if d := c.Def(in); d != nil && ok(ce, d.Exp) {
			return [2]any{k, d.Exp}
		}
	}
	return nil
}

// FuseReplicate fuses a replicate into a screma that reads it: every
// element of replicate (w, d...) x is replicate (d...) x (or x itself), so
// the lambda gets that directly instead of reading the array. Nothing is
// recomputed, whatever other uses the replicate has.
var FuseReplicate = &Rule{
	Name: "fuse-replicate",
	Doc:  "screma over replicate w x → the lambda uses x",
	Match: func(c *Ctx, s *soac.Stm) any {
		return scremaInputDef(c, s, func(ce *soac.ScremaExp, d soac.Exp) bool {
			r, ok := d.(*soac.ReplicateExp)
			return ok && len(r.Shape) > 0 && soac.SameSubExp(r.Shape[0], ce.W)
		})
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		ce := s.Exp.(*soac.ScremaExp)
		k := m.([2]any)[0].(int)
		r := m.([2]any)[1].(*soac.ReplicateExp)
		q := ce.Map.Params[k]
		var body *soac.Body
		if len(r.Shape) == 1 {
			body = soac.NewCopier(map[soac.VName]soac.SubExp{q.Name: r.X}, nil).Body(ce.Map.Body)
		} else {
			st := &soac.Stm{Pat: []soac.Param{q}, Exp: &soac.ReplicateExp{Shape: r.Shape[1:], X: r.X}, Pos: s.Pos}
			body = &soac.Body{Stms: append([]*soac.Stm{st}, ce.Map.Body.Stms...), Result: ce.Map.Body.Result}
		}
		ne := *ce
		ne.Inputs = append(append([]soac.VName(nil), ce.Inputs[:k]...), ce.Inputs[k+1:]...)
		params := append(append([]soac.Param(nil), ce.Map.Params[:k]...), ce.Map.Params[k+1:]...)
		ne.Map = &soac.Lambda{Params: params, Body: body, RetType: ce.Map.RetType}
		return &Replacement{Stms: []*soac.Stm{{Pat: s.Pat, Exp: &ne, Pos: s.Pos}}}
	},
}
