package backend

import (
	"maps"

	"github.com/fcclang/fcc/soac"
)

// freshArrays are the host arrays of p known to be manifest (row-major
// from the start of their buffer) whenever a kernel reads them: a
// Seg-op's results of a scalar per point, which the host allocates
// (c.NewArray), except a segmap's results computed in place in an input
// (inplace.go); not those of an array per point, which a segmap lays out
// with the point innermost (pointsInner) and others may too; reshapes
// and renamings of such arrays (exe.Context.Reshape keeps the layout or
// makes a manifest copy); an if's results where both branches give such
// arrays; and a loop's parameters and results where the initial values
// and every iteration's results are such arrays. A kernel reads a fresh
// array at offset 0 with row-major strides over its dimensions, so it
// takes neither its offset nor its strides (inputs): SRAD's maps read
// three arrays each, all fresh.
//
// Anything else is not: entry and function parameters (a library's
// caller may pass views), slices, rearrangements, the destinations of
// scatters and histograms (written in place where the run time allows),
// function results, and the merge parameters of loops with a stencil
// version (stencil.go binds them itself).
func freshArrays(p *soac.Program) map[soac.VName]bool {
	fresh := map[soac.VName]bool{}
	for _, f := range p.Funs {
		if f.Body != nil {
			freshIn(f.Body, fresh)
		}
	}
	return fresh
}

// freshIn adds to fresh the arrays bound at the top level of b (and of
// its loops' and ifs' bodies) that are fresh, given those of fresh.
func freshIn(b *soac.Body, fresh map[soac.VName]bool) {
	isFresh := func(se soac.SubExp, in map[soac.VName]bool) bool {
		v, ok := se.(soac.Var)
		return ok && in[v.Name]
	}
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *soac.SegMapExp:
			inPlace := inPlaceResults(e)
			for i, p := range s.Pat {
				if _, ok := inPlace[i]; !ok && p.Type.Rank() > 0 && i < len(e.Types) && e.Types[i].Rank() == 0 {
					fresh[p.Name] = true
				}
			}
		case *soac.SegRedExp:
			scalarResults(s, e.Types, fresh)
		case *soac.SegScanExp:
			scalarResults(s, e.Types, fresh)
		case *soac.ReshapeExp:
			if fresh[e.Arr] {
				for _, p := range s.Pat {
					fresh[p.Name] = true
				}
			}
		case *soac.SubExpExp:
			if isFresh(e.X, fresh) {
				for _, p := range s.Pat {
					fresh[p.Name] = true
				}
			}
		case *soac.IfExp:
			freshIn(e.Then, fresh)
			freshIn(e.Else, fresh)
			for i, p := range s.Pat {
				if i < len(e.Then.Result) && i < len(e.Else.Result) && isFresh(e.Then.Result[i], fresh) && isFresh(e.Else.Result[i], fresh) {
					fresh[p.Name] = true
				}
			}
		case *soac.LoopExp:
			freshLoop(s, e, fresh, isFresh)
		}
	}
}

// scalarResults marks fresh the array results of s whose values per
// point (types) are scalars.
func scalarResults(s *soac.Stm, types []soac.Type, fresh map[soac.VName]bool) {
	for i, p := range s.Pat {
		if p.Type.Rank() > 0 && i < len(types) && types[i].Rank() == 0 {
			fresh[p.Name] = true
		}
	}
}

// freshLoop adds the fresh parameters and results of loop e (bound by s)
// and the fresh arrays of its body: the greatest fixed point, starting
// from the parameters whose initial values are fresh and dropping those
// whose next values are not, until none drops.
func freshLoop(s *soac.Stm, e *soac.LoopExp, fresh map[soac.VName]bool, isFresh func(soac.SubExp, map[soac.VName]bool) bool) {
	cand := make([]bool, len(e.Params))
	for i, p := range e.Params {
		cand[i] = e.Stencil == nil && p.Type.Rank() > 0 && isFresh(e.Init[i], fresh)
	}
	for {
		in := maps.Clone(fresh)
		for i, p := range e.Params {
			if cand[i] {
				in[p.Name] = true
			}
		}
		freshIn(e.Body, in)
		changed := false
		for i := range e.Params {
			if cand[i] && (i >= len(e.Body.Result) || !isFresh(e.Body.Result[i], in)) {
				cand[i] = false
				changed = true
			}
		}
		if !changed {
			maps.Copy(fresh, in)
			break
		}
	}
	for i, p := range s.Pat {
		if i < len(cand) && cand[i] {
			fresh[p.Name] = true
		}
	}
}
