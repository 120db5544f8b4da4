package rewrite

import (
	"github.com/fcclang/fcc/soac"
)

// Fusion into histograms. A hist reads its inputs one element at a time
// through its bucket lambda, exactly like a screma's map lambda, so a map
// producing an input, or a replicate, fuses into the bucket lambda the
// same way: the bin indices and values are then computed where they are
// used, inside the histogram kernel, instead of being written to memory
// by a kernel of their own and read back (hist (+) 0 k (map f xs)
// (replicate n 1) is one pass over xs, as in Futhark).

// FuseHistMap fuses a map-only screma producing inputs of a hist, with
// the same width, into the hist's bucket lambda. The producer's arrays
// must have no other use (the producer is dropped), and nothing between
// the two may use them.
var FuseHistMap = &Rule{
	Name: "fuse-hist-map",
	Doc:  "map producer → hist bucket lambda",
	Match: func(c *Ctx, s *soac.Stm) any {
		he, ok := s.Exp.(*soac.HistExp)
		if !ok {
			return nil
		}
		bare := *he
		bare.Inputs = nil
		if ps := mapProducer(c, s, he.W, he.Inputs, &bare, nil); ps != nil {
			return ps
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		ps := m.(*soac.Stm)
		ne := *s.Exp.(*soac.HistExp)
		ne.Inputs, ne.Bucket = composeProducer(ps, ne.Inputs, ne.Bucket)
		return &Replacement{Stms: []*soac.Stm{{Pat: s.Pat, Exp: &ne, Pos: s.Pos}}, Drop: []*soac.Stm{ps}}
	},
}

// mapProducer returns the statement before s, in the current body, of a
// map-only screma of width w producing some of inputs (the arrays s's
// lambda reads one element at a time) that can fuse into s: s and nothing
// between the two uses its arrays other than as one input each (bare is
// s's expression without its inputs), two assertions keep their order,
// and extra, when not nil, accepts it.
func mapProducer(c *Ctx, s *soac.Stm, w soac.SubExp, inputs []soac.VName, bare soac.Exp, extra func(*soac.ScremaExp) bool) *soac.Stm {
	count := map[soac.VName]int{}
	for _, x := range inputs {
		count[x]++
	}
	free := soac.FreeInExp(bare)
	for _, in := range inputs {
		i := c.DefLocal(in)
		if i < 0 || i >= c.Pos() {
			continue
		}
		ps := c.Stms()[i]
		pe, ok := ps.Exp.(*soac.ScremaExp)
		if !ok || len(pe.Scans)+len(pe.Reds) > 0 || !soac.SameSubExp(pe.W, w) {
			continue
		}
		if hasEffect(ps.Exp) && hasEffect(s.Exp) {
			continue // keep the order of two assertions
		}
		names := patNames(ps)
		if c.UsedIn(names, i+1, c.Pos()) {
			continue
		}
		// Every array of the producer is read by s alone, once.
		only := true
		for n := range names {
			only = only && !free[n] && c.Uses(n) == 1 && count[n] == 1
		}
		if only && (extra == nil || extra(pe)) {
			return ps
		}
	}
	return nil
}

// composeProducer composes the map lambda of the producer ps into lam,
// a lambda that reads inputs one element each: lam's parameters bound to
// the producer's arrays become the producer lambda's results for the
// same element. It returns the new inputs and lambda.
func composeProducer(ps *soac.Stm, inputs []soac.VName, lam *soac.Lambda) ([]soac.VName, *soac.Lambda) {
	pe := ps.Exp.(*soac.ScremaExp)
	out := map[soac.VName]int{}
	for k, p := range ps.Pat {
		out[p.Name] = k
	}
	sub := map[soac.VName]soac.SubExp{}
	ins := append([]soac.VName(nil), pe.Inputs...)
	params := append([]soac.Param(nil), pe.Map.Params...)
	for k, in := range inputs {
		if r, ok := out[in]; ok {
			sub[lam.Params[k].Name] = pe.Map.Body.Result[r]
			continue
		}
		ins = append(ins, in)
		params = append(params, lam.Params[k])
	}
	cp := soac.NewCopier(sub, nil)
	body := cp.Body(lam.Body)
	return ins, &soac.Lambda{
		Params:  params,
		Body:    &soac.Body{Stms: append(append([]*soac.Stm(nil), pe.Map.Body.Stms...), body.Stms...), Result: body.Result},
		RetType: cp.Types(lam.RetType),
	}
}

// FuseHistReplicate fuses a replicate read by a hist into its bucket
// lambda, as FuseReplicate does for scremas: every element of
// replicate (w, d...) x is x (or replicate (d...) x). The hist keeps at
// least one input (its width is then still that of an array it reads).
var FuseHistReplicate = &Rule{
	Name: "fuse-hist-replicate",
	Doc:  "hist over replicate w x → the bucket lambda uses x",
	Match: func(c *Ctx, s *soac.Stm) any {
		he, ok := s.Exp.(*soac.HistExp)
		if !ok || len(he.Inputs) < 2 {
			return nil
		}
		for k, in := range he.Inputs {
			d := c.Def(in)
			if d == nil {
				continue
			}
			r, ok := d.Exp.(*soac.ReplicateExp)
			if ok && len(r.Shape) > 0 && soac.SameSubExp(r.Shape[0], he.W) {
				return [2]any{k, r}
			}
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		he := s.Exp.(*soac.HistExp)
		k := m.([2]any)[0].(int)
		r := m.([2]any)[1].(*soac.ReplicateExp)
		q := he.Bucket.Params[k]
		var body *soac.Body
		if len(r.Shape) == 1 {
			body = soac.NewCopier(map[soac.VName]soac.SubExp{q.Name: r.X}, nil).Body(he.Bucket.Body)
		} else {
			st := &soac.Stm{Pat: []soac.Param{q}, Exp: &soac.ReplicateExp{Shape: r.Shape[1:], X: r.X}, Pos: s.Pos}
			body = &soac.Body{Stms: append([]*soac.Stm{st}, he.Bucket.Body.Stms...), Result: he.Bucket.Body.Result}
		}
		ne := *he
		ne.Inputs = append(append([]soac.VName(nil), he.Inputs[:k]...), he.Inputs[k+1:]...)
		params := append(append([]soac.Param(nil), he.Bucket.Params[:k]...), he.Bucket.Params[k+1:]...)
		ne.Bucket = &soac.Lambda{Params: params, Body: body, RetType: he.Bucket.RetType}
		return &Replacement{Stms: []*soac.Stm{{Pat: s.Pat, Exp: &ne, Pos: s.Pos}}}
	},
}
