package flatten

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// Options controls kernel extraction.
type Options struct {
	// MultiVersion emits, wherever a nest can be parallelised at its outer
	// levels only or also at inner ones, both versions guarded by a
	// threshold on the outer parallelism (versions.go). Without it the
	// inner parallelism is always exploited, as the seed's rules do.
	MultiVersion bool
}

// Flatten extracts kernels with the default options (multi-versioning
// on). See FlattenWith.
func Flatten(p *soac.Program) (*soac.Program, error) {
	return FlattenWith(p, Options{MultiVersion: true})
}

// FlattenWith extracts kernels from a program by moderate flattening: the
// SOACs of every host-level body (function bodies, and the bodies of
// host-level if and loop expressions) become Seg-ops, by the rules of the
// seed's kernel extraction carried by a map-nest context Σ (nest.go):
//
//   - G1/G3 (g1_manifest.go): manifest the context around an expression as
//     a segmap; used when no other rule applies;
//   - G2 (g2_mapnest.go): a map inside the context extends it;
//   - G4 (g4_distribute.go): distribute the context across the statements
//     of a body, with scalar code grouped so that inner SOACs are the split
//     points, only where the intermediate arrays are regular;
//   - G5 (g5_interchange.go): a reduction with a vectorised operator and a
//     replicated neutral element becomes a segmented reduction over the
//     transposed input;
//   - G6 (g6_rearrange.go): distribute a rearrange by extending its
//     permutation;
//   - G7 (g7_loop.go): interchange a map and a for-loop whose body holds
//     inner parallelism;
//   - segops.go: reduce, scan and hist inside the context (or at the top
//     level) become segred, segscan and seghist over the context's space.
//
// Code inside if branches, loops without inner parallelism, and SOACs whose
// size varies over the context (irregular parallelism) stay sequential in
// the kernel that contains them. Scatter stays a ScatterExp, which the
// backend compiles as a kernel of its own. Functions called from inside a
// lambda run inside kernels and are left as they are.
//
// The input program is not modified. Every threshold the versions compare
// against is added to the result's Thresholds.
func FlattenWith(p *soac.Program, opts Options) (*soac.Program, error) {
	p = inlineKernelCalls(p)
	f := &flattener{
		opts:       opts,
		names:      soac.NewNames(p),
		defs:       definitions(p),
		defStm:     map[soac.VName]*soac.Stm{},
		threshUsed: map[string]bool{},
	}
	for _, th := range p.Thresholds {
		f.threshUsed[th.Name] = true
	}
	for _, fd := range p.Funs {
		soac.VisitStms(fd.Body, func(s *soac.Stm) {
			for _, pat := range s.Pat {
				f.defStm[pat.Name] = s
			}
		})
	}
	inKernel := kernelFunctions(p)
	out := &soac.Program{Funs: make([]*soac.FunDef, len(p.Funs))}
	seen := map[soac.VName]bool{}
	for i, fd := range p.Funs {
		nf := *fd
		if !inKernel[fd.Name] {
			f.fun = fd.Name
			nf.Body = f.hostBody(fd.Body)
		}
		f.uniquify(seen, &nf)
		out.Funs[i] = &nf
	}
	out.Thresholds = append(append([]soac.Threshold(nil), p.Thresholds...), f.thresholds...)
	return out, nil
}

// flattener holds the state of one run.
type flattener struct {
	opts Options
	fun  string // the function being flattened, for threshold names

	// names holds every name in the program, so that new names stay
	// unique.
	names *soac.Names

	// defs maps every name bound by a statement to the statement's
	// expression (names are unique in a program); rule G5 looks up the
	// replicate that made a neutral element.
	defs map[soac.VName]soac.Exp
	// defStm maps every name bound by a statement to the statement, for
	// the index-space producers that kernels recompute (nest.hostGen).
	defStm map[soac.VName]*soac.Stm
	// types holds the types of the names of the function being
	// coalesced (Coalesce).
	types map[soac.VName]soac.Type

	thresholds []soac.Threshold
	threshUsed map[string]bool
}

// fresh returns a name not used anywhere in the program, built from the
// readable part of base.
func (f *flattener) fresh(base string) soac.VName {
	base = baseName(base)
	return f.names.Fresh(func(k int) soac.VName { return soac.VName(fmt.Sprintf("%s_%d", base, k)) })
}

// freshParam returns a parameter of type t with a fresh name built from
// base.
func (f *flattener) freshParam(base soac.VName, t soac.Type) soac.Param {
	return soac.Param{Name: f.fresh(string(base)), Type: t}
}

// baseName strips the numeric suffixes that name sources add ("row_12"
// gives "row"), so that names derived from it stay short.
func baseName(s string) string {
	for {
		i := strings.LastIndexByte(s, '_')
		if i <= 0 {
			return s
		}
		if _, err := strconv.Atoi(s[i+1:]); err != nil {
			return s
		}
		s = s[:i]
	}
}

// suffixed is the readable part of name followed by _suffix, a base for
// fresh names of values derived from name.
func suffixed(name soac.VName, suffix string) soac.VName {
	return soac.VName(baseName(string(name)) + "_" + suffix)
}

func itoa(i int) string { return strconv.Itoa(i) }

// definitions maps every name bound by a statement in p to the
// statement's expression.
func definitions(p *soac.Program) map[soac.VName]soac.Exp {
	defs := map[soac.VName]soac.Exp{}
	for _, fd := range p.Funs {
		soac.VisitStms(fd.Body, func(s *soac.Stm) {
			for _, pat := range s.Pat {
				defs[pat.Name] = s.Exp
			}
		})
	}
	return defs
}

// kernelFunctions returns the functions that are called, directly or
// through other functions, from inside a lambda: they run inside kernels,
// so their SOACs must stay sequential.
func kernelFunctions(p *soac.Program) map[string]bool {
	in := map[string]bool{}
	var mark func(name string)
	mark = func(name string) {
		if in[name] {
			return
		}
		in[name] = true
		if fd := p.Fun(name); fd != nil {
			soac.VisitExps(fd.Body, func(e soac.Exp) {
				if a, ok := e.(*soac.ApplyExp); ok {
					mark(a.Fun)
				}
			})
		}
	}
	for _, fd := range p.Funs {
		soac.VisitExps(fd.Body, func(e soac.Exp) {
			switch e.(type) {
			case *soac.ScremaExp, *soac.HistExp, *soac.ScatterExp:
				for _, b := range soac.ExpBodies(e) {
					soac.VisitExps(b, func(e soac.Exp) {
						if a, ok := e.(*soac.ApplyExp); ok {
							mark(a.Fun)
						}
					})
				}
			}
		})
	}
	return in
}

// hostBody flattens the statements of a host-level body in the empty
// context (rule G3 for whatever no other rule takes).
func (f *flattener) hostBody(b *soac.Body) *soac.Body {
	out := &soac.Body{Result: b.Result}
	out.Stms = f.hostStms(f.normalise(b.Stms), b.Result)
	out.Stms = dropDeadGens(out)
	return out
}

// dropDeadGens removes the host-level index-space producers (iota,
// replicate of a scalar) that nothing uses any more once the kernels
// recompute their elements (nest.hostGen): each would otherwise still
// fill an array in device memory.
func dropDeadGens(b *soac.Body) []*soac.Stm {
	live := map[soac.VName]bool{}
	for _, r := range b.Result {
		if v, ok := r.(soac.Var); ok {
			live[v.Name] = true
		}
	}
	keep := make([]bool, len(b.Stms))
	for i := len(b.Stms) - 1; i >= 0; i-- {
		s := b.Stms[i]
		if indexGen(s) != nil && !live[s.Pat[0].Name] {
			continue
		}
		keep[i] = true
		for x := range soac.FreeInExp(s.Exp) {
			live[x] = true
		}
		for _, p := range s.Pat {
			for _, d := range p.Type.Shape {
				if v, ok := d.(soac.Var); ok {
					live[v.Name] = true
				}
			}
		}
	}
	var out []*soac.Stm
	for i, s := range b.Stms {
		if keep[i] {
			out = append(out, s)
		}
	}
	return out
}

func (f *flattener) hostStm(s *soac.Stm) []*soac.Stm {
	switch e := s.Exp.(type) {
	case *soac.IfExp:
		ne := &soac.IfExp{Cond: e.Cond, Then: f.hostBody(e.Then), Else: f.hostBody(e.Else), Types: e.Types}
		return []*soac.Stm{{Pat: s.Pat, Exp: ne, Pos: s.Pos}}
	case *soac.LoopExp:
		ne := &soac.LoopExp{Params: e.Params, Init: e.Init, Form: e.Form, Body: f.hostBody(e.Body)}
		flat := []*soac.Stm{{Pat: s.Pat, Exp: ne, Pos: s.Pos}}
		if f.opts.MultiVersion {
			if st := f.hostLoopIntra(s, flat); st != nil {
				return st
			}
		}
		return flat
	}
	top := &nest{rows: map[soac.VName]elem{}, pos: s.Pos, fresh: f.fresh}
	k := f.classify(top, nil, s)
	switch k {
	case kMap, kRed, kG5, kScan, kHist:
		return f.emit(top, k, s, s.Pat)
	}
	return []*soac.Stm{s}
}

// stmKind is what the flattener does with one statement inside a
// context: the rule that applies to it on its own, or kSeq when it runs
// sequentially inside a kernel.
type stmKind int

const (
	kSeq       stmKind = iota // sequential: part of a segmap (G1)
	kMap                      // G2: extends the context
	kRed                      // a segred over the context and the reduction
	kG5                       // G5: reduce-map interchange, a segred
	kScan                     // a segscan over the context and the scan
	kHist                     // a seghist over the context and the input
	kRearrange                // G6: a rearrange of the outer array
	kLoop                     // G7: map-loop interchange
)

// classify says which rule places statement s inside context n, where
// local holds the names bound by the body s belongs to.
func (f *flattener) classify(n *nest, local map[soac.VName]bool, s *soac.Stm) stmKind {
	v := variance{n: n, local: local}
	for _, p := range s.Pat {
		if v.irregular(p.Type) {
			return kSeq
		}
	}
	switch e := s.Exp.(type) {
	case *soac.ScremaExp:
		if v.se(e.W) {
			return kSeq // irregular parallelism
		}
		switch {
		case len(e.Scans) > 0 && len(e.Reds) > 0:
			// normalise splits these; a leftover runs sequentially.
			return kSeq
		case len(e.Scans) > 0:
			var ops []*soac.Lambda
			var nes []soac.SubExp
			for _, sc := range e.Scans {
				ops, nes = append(ops, sc.Op), append(nes, sc.Neutral...)
			}
			if !v.ops(ops, nes) {
				return kScan
			}
		case len(e.Reds) > 0:
			if m := f.matchG5(e); m != nil && m.invariant(v) {
				return kG5
			}
			var ops []*soac.Lambda
			var nes []soac.SubExp
			for _, r := range e.Reds {
				ops, nes = append(ops, r.Op), append(nes, r.Neutral...)
			}
			if !v.ops(ops, nes) {
				return kRed
			}
		default:
			return kMap
		}
	case *soac.HistExp:
		if f.histOK(v, e) {
			return kHist
		}
	case *soac.RearrangeExp:
		if _, ok := n.fullRow(e.Arr); ok && len(n.dims) > 0 {
			return kRearrange
		}
	case *soac.LoopExp:
		if len(n.dims) > 0 && f.interchangeable(v, e) {
			return kLoop
		}
	}
	return kSeq
}

// emit applies the rule of kind k to statement s in context n; arrays
// receive s's results over the context's space, one per pattern element.
func (f *flattener) emit(n *nest, k stmKind, s *soac.Stm, arrays []soac.Param) []*soac.Stm {
	one := func(e soac.Exp) []*soac.Stm { return []*soac.Stm{{Pat: arrays, Exp: e, Pos: s.Pos}} }
	switch k {
	case kMap:
		return f.mapNest(n, s, arrays)
	case kRed:
		return one(f.segRed(n, s.Exp.(*soac.ScremaExp), s.Pos))
	case kG5:
		e := s.Exp.(*soac.ScremaExp)
		return one(f.interchangeReduce(n, e, f.matchG5(e), s.Pos))
	case kScan:
		return one(f.segScan(n, s.Exp.(*soac.ScremaExp), s.Pos))
	case kHist:
		if len(n.dims) == 0 {
			if stms := f.flatHist(s, arrays); stms != nil {
				return stms
			}
		}
		return one(f.segHist(n, s.Exp.(*soac.HistExp), s.Pos))
	case kRearrange:
		return one(distributeRearrange(n, s.Exp.(*soac.RearrangeExp)))
	case kLoop:
		return f.interchangeLoop(n, s, arrays)
	}
	panic(fmt.Sprintf("%s: flatten: emit of a sequential statement", s.Pos))
}

// normalise splits the SOACs that the rules take apart into separate
// statements: a screma with both scans and reductions becomes a scanomap
// whose reduction inputs are mapped out, followed by a reduction of them
// (a segscan and a segred, instead of sequential code), and a redomap whose
// operator rule G5 could interchange becomes a map followed by a plain
// reduction. Both are map fission (G4) done ahead of time, so that the
// grouping sees the pieces.
func (f *flattener) normalise(stms []*soac.Stm) []*soac.Stm {
	var out []*soac.Stm
	for _, s := range stms {
		e, ok := s.Exp.(*soac.ScremaExp)
		switch {
		case ok && len(e.Scans) > 0 && len(e.Reds) > 0:
			out = append(out, f.splitReductions(s, e)...)
		case ok && len(e.Scans) == 0 && len(e.Reds) > 0 && !identityMap(e.Map) && f.vectorised(e.Reds) != nil:
			out = append(out, f.splitReductions(s, e)...)
		default:
			out = append(out, s)
		}
	}
	return out
}

// splitReductions takes the reductions out of screma e (bound by s): the
// first statement computes e's scans and map, with the reduction inputs
// mapped out into new arrays, and the second reduces those arrays.
func (f *flattener) splitReductions(s *soac.Stm, e *soac.ScremaExp) []*soac.Stm {
	nScan, nRed := 0, 0
	for _, sc := range e.Scans {
		nScan += len(sc.Neutral)
	}
	for _, r := range e.Reds {
		nRed += len(r.Neutral)
	}
	redIn := make([]soac.Param, nRed)
	redInNames := make([]soac.VName, nRed)
	idParams := make([]soac.Param, nRed)
	idRes := make([]soac.SubExp, nRed)
	for i := range redIn {
		t := e.Map.RetType[nScan+i]
		redIn[i] = f.freshParam(suffixed(s.Pat[nScan+i].Name, "in"), t.ArrayOf(e.W))
		redInNames[i] = redIn[i].Name
		idParams[i] = f.freshParam("x", t)
		idRes[i] = soac.Var{Name: idParams[i].Name}
	}
	pat1 := append(append(append([]soac.Param(nil), s.Pat[:nScan]...), redIn...), s.Pat[nScan+nRed:]...)
	first := &soac.Stm{Pat: pat1, Exp: &soac.ScremaExp{W: e.W, Inputs: e.Inputs, Scans: e.Scans, Map: e.Map}, Pos: s.Pos}
	second := &soac.Stm{Pat: s.Pat[nScan : nScan+nRed], Exp: &soac.ScremaExp{
		W: e.W, Inputs: redInNames, Reds: e.Reds,
		Map: &soac.Lambda{Params: idParams, Body: &soac.Body{Result: idRes}, RetType: append([]soac.Type(nil), e.Map.RetType[nScan:nScan+nRed]...)},
	}, Pos: s.Pos}
	return []*soac.Stm{first, second}
}

// identityMap reports whether a map lambda returns its parameters in
// order: the screma is a plain reduce or scan.
func identityMap(l *soac.Lambda) bool {
	if len(l.Body.Stms) != 0 || len(l.Body.Result) != len(l.Params) {
		return false
	}
	for i, r := range l.Body.Result {
		if v, ok := r.(soac.Var); !ok || v.Name != l.Params[i].Name {
			return false
		}
	}
	return true
}
