package tiling

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// The pass runs after flatten. Every thread-level SegMap on the host that
// matches a rule (rules.go) is multi-versioned:
//
//	let {tile_par} = mul i64 n m
//	let {tile_ok} = threshold "main.tile_map_3" tile_par
//	let {map_3} = if tile_ok
//	  then { segmap_thread tile2d("main.tile_size_map_3", "main.reg_tile_size_map_3") (...) (renamed copy) }
//	  else { the original segmap }
//
// The tiled version pays for its local memory and barriers only when
// there are enough results to share the tiles (at least a work-group's
// worth, DefaultThreshold); tiny problems keep the plain kernel. The
// threshold is an ordinary tunable threshold; the tile sizes are tunable
// parameters named in the plan, which the backend registers with the
// executable.

// DefaultThreshold is the default of the tiling thresholds: the number
// of results (work-items of the plain kernel) below which the plain
// version runs. 256 is one work-group of the tiled kernel: with fewer
// results most of a tiled work-group would compute nothing.
const DefaultThreshold = 256

// Tile runs the pass; p is not modified.
func Tile(p *soac.Program) (*soac.Program, error) {
	out, _, err := Explain(p)
	return out, err
}

// Explain runs the pass and also says, for every thread-level SegMap on
// the host, whether it was tiled and, if not, why not.
func Explain(p *soac.Program) (*soac.Program, string, error) {
	// No pass validates its output before this one; checking the input
	// first blames invalid IR on the pass that made it.
	if err := soac.Validate(p); err != nil {
		return nil, "", fmt.Errorf("invalid IR before tiling (from an earlier pass): %w", err)
	}
	t := &tiler{names: soac.NewNames(p), types: candidateTypes(p), threshUsed: map[string]bool{}}
	for _, th := range p.Thresholds {
		t.threshUsed[th.Name] = true
	}
	out := &soac.Program{Funs: make([]*soac.FunDef, len(p.Funs))}
	for i, fd := range p.Funs {
		nf := *fd
		t.fun = fd.Name
		nf.Body = t.body(fd.Body)
		out.Funs[i] = &nf
	}
	out.Thresholds = append(append([]soac.Threshold(nil), p.Thresholds...), t.thresholds...)
	if err := soac.Validate(out); err != nil {
		return nil, "", fmt.Errorf("tiling produced invalid IR: %w", err)
	}
	return out, t.log.String(), nil
}

// candidateTypes is the type environment the rules read: an array they
// find no type for is not tiled. Loop parameters are left out, as the
// rules have always done: tiling a loop-carried array (matpow's
// accumulator) would be new generated code, unmeasured on the GPU.
func candidateTypes(p *soac.Program) map[soac.VName]soac.Type {
	types := soac.TypeEnv(p)
	for _, f := range p.Funs {
		soac.VisitStms(f.Body, func(s *soac.Stm) {
			if l, ok := s.Exp.(*soac.LoopExp); ok {
				for _, q := range l.Params {
					delete(types, q.Name)
				}
			}
		})
	}
	return types
}

type tiler struct {
	fun        string
	names      *soac.Names
	types      map[soac.VName]soac.Type
	threshUsed map[string]bool
	thresholds []soac.Threshold
	log        strings.Builder
}

// body rewrites the host statements of b (and of the ifs and loops in
// it); kernels' bodies are not entered.
func (t *tiler) body(b *soac.Body) *soac.Body {
	var stms []*soac.Stm
	changed := false
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *soac.SegMapExp:
			if ns := t.segMap(s, e); ns != nil {
				stms = append(stms, ns...)
				changed = true
				continue
			}
		case *soac.IfExp:
			if tiledVersions(e) {
				// Already versioned by this pass: the plain version
				// stays plain.
				break
			}
			th, el := t.body(e.Then), t.body(e.Else)
			if th != e.Then || el != e.Else {
				ne := *e
				ne.Then, ne.Else = th, el
				stms = append(stms, &soac.Stm{Pat: s.Pat, Exp: &ne, Pos: s.Pos})
				changed = true
				continue
			}
		case *soac.LoopExp:
			if nb := t.body(e.Body); nb != e.Body {
				ne := *e
				ne.Body = nb
				stms = append(stms, &soac.Stm{Pat: s.Pat, Exp: &ne, Pos: s.Pos})
				changed = true
				continue
			}
		}
		stms = append(stms, s)
	}
	if !changed {
		return b
	}
	return &soac.Body{Stms: stms, Result: b.Result}
}

// tiledVersions reports whether e is the if this pass builds, whose then
// branch is a tiled SegMap.
func tiledVersions(e *soac.IfExp) bool {
	if len(e.Then.Stms) != 1 {
		return false
	}
	sm, ok := e.Then.Stms[0].Exp.(*soac.SegMapExp)
	return ok && sm.Tile != nil
}

// segMap returns the statements replacing s when a rule matches, or nil.
func (t *tiler) segMap(s *soac.Stm, e *soac.SegMapExp) []*soac.Stm {
	if e.Tile != nil || e.Level != soac.LevelThread {
		return nil
	}
	what := "checks"
	if len(s.Pat) > 0 {
		what = string(s.Pat[0].Name)
	}
	tiledBody := e
	rank := 0
	var err error
	var pre []*soac.Stm
	via := ""
	switch len(e.Space) {
	case 2:
		if _, err = TwoD(e, t.types); err == nil {
			rank = 2
			break
		}
		// The body as it is does not match; a normalisation may bring
		// it into shape, for the tiled version only.
		for _, n := range normalisations {
			ns, ne, nerr := n.Apply(e, t.types, t.fresh)
			if nerr == nil {
				_, nerr = TwoD(ne, t.types)
			}
			if nerr == errNoCandidate {
				continue
			}
			if nerr != nil {
				err = fmt.Errorf("%v; %s: %v", err, n.Name, nerr)
				continue
			}
			rank, pre, via, err = 2, ns, n.Name, nil
			tiledBody = ne
			break
		}
	case 1:
		if _, err = OneD(e, t.types); err == nil {
			rank = 1
		}
	default:
		err = fmt.Errorf("a %d-D space", len(e.Space))
	}
	if rank == 0 {
		fmt.Fprintf(&t.log, "%s: %s: not tiled: %v\n", t.fun, what, err)
		return nil
	}
	if via != "" {
		fmt.Fprintf(&t.log, "%s: %s: tiled %dd via %s\n", t.fun, what, rank, via)
	} else {
		fmt.Fprintf(&t.log, "%s: %s: tiled %dd\n", t.fun, what, rank)
	}
	base := baseName(what)
	plan := &soac.TilePlan{Rank: rank, BlockSize: t.param("tile_size_" + base), Via: via}
	if rank == 2 {
		plan.RegSize = t.param("reg_tile_size_" + base)
	}
	name := t.param("tile_" + base)
	t.thresholds = append(t.thresholds, soac.Threshold{Name: name, Default: DefaultThreshold})

	// The tiled copy gets fresh names for everything it binds; the
	// original keeps its own in the other branch.
	c := soac.NewScopedCopier(func(n soac.VName) soac.VName { return t.fresh(string(n)) })
	tiled := c.Exp(tiledBody).(*soac.SegMapExp)
	tiled.Tile = plan

	stms := pre
	par := e.Space[0].N
	for _, d := range e.Space[1:] {
		p := soac.Param{Name: t.fresh("tile_par"), Type: soac.Prim(values.I64)}
		stms = append(stms, &soac.Stm{Pat: []soac.Param{p}, Exp: &soac.BinOpExp{Op: soac.Mul, T: values.I64, X: par, Y: d.N}, Pos: s.Pos})
		par = soac.Var{Name: p.Name}
	}
	cond := soac.Param{Name: t.fresh("tile_ok"), Type: soac.Prim(values.Bool)}
	stms = append(stms, &soac.Stm{Pat: []soac.Param{cond}, Exp: &soac.ThresholdExp{Name: name, Parallelism: par}, Pos: s.Pos})
	branch := func(x soac.Exp) *soac.Body {
		pat := make([]soac.Param, len(s.Pat))
		res := make([]soac.SubExp, len(s.Pat))
		for i, p := range s.Pat {
			pat[i] = soac.Param{Name: t.fresh(string(p.Name)), Type: p.Type}
			res[i] = soac.Var{Name: pat[i].Name}
		}
		return &soac.Body{Stms: []*soac.Stm{{Pat: pat, Exp: x, Pos: s.Pos}}, Result: res}
	}
	types := make([]soac.Type, len(s.Pat))
	for i, p := range s.Pat {
		types[i] = p.Type
	}
	stms = append(stms, &soac.Stm{Pat: s.Pat, Exp: &soac.IfExp{Cond: soac.Var{Name: cond.Name}, Then: branch(tiled), Else: branch(e), Types: types}, Pos: s.Pos})
	return stms
}

// param returns a parameter name for this function, unique in the
// program: "FUN.BASE", or "FUN.BASE_N" when that is taken.
func (t *tiler) param(base string) string {
	name := t.fun + "." + base
	for i := 2; t.threshUsed[name]; i++ {
		name = fmt.Sprintf("%s.%s_%d", t.fun, base, i)
	}
	t.threshUsed[name] = true
	return name
}

var numSuffix = regexp.MustCompile(`_[0-9]+$`)

// baseName strips a name's numeric suffix: map_3 becomes map.
func baseName(n string) string {
	if b := numSuffix.ReplaceAllString(n, ""); b != "" {
		return b
	}
	return n
}

// fresh returns a name not used in the program, derived from base.
func (t *tiler) fresh(base string) soac.VName {
	b := baseName(base)
	return t.names.Lowest(func(k int) soac.VName { return soac.VName(fmt.Sprintf("%s_%d", b, k+1)) })
}
