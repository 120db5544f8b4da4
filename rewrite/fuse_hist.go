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
		for _, in := range he.Inputs {
			i := c.DefLocal(in)
			if i < 0 || i >= c.Pos() {
				continue
			}
			ps := c.Stms()[i]
			pe, ok := ps.Exp.(*soac.ScremaExp)
			if !ok || len(pe.Scans)+len(pe.Reds) > 0 || !soac.SameSubExp(pe.W, he.W) {
				continue
			}
			if hasEffect(ps.Exp) && hasEffect(s.Exp) {
				continue // keep the order of two assertions
			}
			names := patNames(ps)
			if histUsesOutsideInputs(he, names) || c.UsedIn(names, i+1, c.Pos()) {
				continue
			}
			// Every array of the producer is read by the hist alone, once.
			inputs := map[soac.VName]int{}
			for _, x := range he.Inputs {
				inputs[x]++
			}
			only := true
			for n := range names {
				only = only && c.Uses(n) == 1 && inputs[n] == 1
			}
			if only {
				return ps
			}
		}
		return nil
	},
	Apply: func(c *Ctx, s *soac.Stm, m any) *Replacement {
		ps := m.(*soac.Stm)
		pe := ps.Exp.(*soac.ScremaExp)
		he := s.Exp.(*soac.HistExp)
		out := map[soac.VName]int{}
		for k, p := range ps.Pat {
			out[p.Name] = k
		}
		// The bucket's parameters bound to producer arrays become the
		// producer lambda's results for the same element.
		sub := map[soac.VName]soac.SubExp{}
		inputs := append([]soac.VName(nil), pe.Inputs...)
		params := append([]soac.Param(nil), pe.Map.Params...)
		for k, in := range he.Inputs {
			if r, ok := out[in]; ok {
				sub[he.Bucket.Params[k].Name] = pe.Map.Body.Result[r]
				continue
			}
			inputs = append(inputs, in)
			params = append(params, he.Bucket.Params[k])
		}
		cp := soac.NewCopier(sub, nil)
		body := cp.Body(he.Bucket.Body)
		ne := *he
		ne.Inputs = inputs
		ne.Bucket = &soac.Lambda{
			Params:  params,
			Body:    &soac.Body{Stms: append(append([]*soac.Stm(nil), pe.Map.Body.Stms...), body.Stms...), Result: body.Result},
			RetType: cp.Types(he.Bucket.RetType),
		}
		return &Replacement{Stms: []*soac.Stm{{Pat: s.Pat, Exp: &ne, Pos: s.Pos}}, Drop: []*soac.Stm{ps}}
	},
}

// histUsesOutsideInputs reports whether a hist uses any of names other
// than as an input array: in its width, bin counts, destinations,
// neutral elements or lambdas.
func histUsesOutsideInputs(he *soac.HistExp, names map[soac.VName]bool) bool {
	bare := *he
	bare.Inputs = nil
	for n := range soac.FreeInExp(&bare) {
		if names[n] {
			return true
		}
	}
	return false
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
