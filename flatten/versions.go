package flatten

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file is multi-versioning, the seed's closing idea as Futhark's
// incremental flattening does it. Where the body of a map nest holds
// parallelism that the rules would exploit at the price of more kernels or
// intermediate arrays (a segmented reduction or scan, a distribution, an
// interchanged loop), two versions are generated:
//
//   - outer: the context manifested around the whole body (G1), one
//     segmap whose work-items run the inner parallelism sequentially;
//   - inner: the body flattened further by the rules;
//
// and an if on the host chooses between them at run time:
//
//	let {suff} = threshold "main.segred_out_outer" (n)
//	let {out} = if suff then {outer version} else {inner version}
//
// The outer version is taken when the outer parallelism (the product of
// the context's sizes) is at least the threshold: then it fills the
// device on its own, and running the inner parallelism sequentially saves
// the extra kernels, the intermediate arrays and the synchronisation. The
// inner version, itself possibly versioned again deeper down, is taken
// otherwise. Perfect map nests are not versioned: flattening them costs
// nothing; nor are nests that are perfect but for scalar code recomputed
// at every point (oneKernel in g4_distribute.go).
//
// A segmented reduction is the exception to "outer parallelism decides":
// its inner version reads every row coalesced (a team of work-items per
// short row, see backend/segred.go), while the outer version has each
// work-item walk its own row, which reads memory with a stride of a row
// between neighbouring work-items. So the outer version is taken only for
// rows of at most shortSegment elements, where the two read alike:
//
//	let {suff} = threshold "main.segred_out_outer" (n) && m <= 16
//
// (on an H100, summing the rows of 10^5 x 1000 f32 took 248 us with the
// outer version and 180 us with the inner one.)
//
// Each threshold is registered in Program.Thresholds with the default
// DefaultThreshold, and named after the function, the kind of the inner
// version and the result it computes, "FUN.KIND_RESULT_outer" (or
// "FUN.KIND_RESULT_N_outer" when a name repeats), so that tuning files stay readable and
// stable across compilations of the same program. The number, when
// there is one, counts the thresholds of that name from the outermost:
// nested versions of one result (main.dist_asss_outer around
// main.dist_asss_2_outer) share the result's name.

// DefaultThreshold is the default value of every threshold: 32768
// work-items, 2^15. It is the parallelism at which one kernel keeps a
// GPU's cores busy without help from inner parallelism: a few thousand
// work-items per multiprocessor or compute unit on current devices (an
// H100 has 132 multiprocessors of up to 2048 resident work-items, and
// latency hiding needs a fair fraction of that occupancy), and it is the
// default of Futhark's own thresholds and of the executables'
// --default-threshold, so that programs behave alike.
const DefaultThreshold = 32768

// versionKind names the inner version after what it flattens to.
func versionKind(groups []*group) string {
	if len(groups) == 1 {
		switch groups[0].kind {
		case kRed, kG5:
			return "segred"
		case kScan:
			return "segscan"
		case kHist:
			return "seghist"
		case kLoop:
			return "loop"
		case kMap:
			return "segmap"
		case kRearrange:
			return "rearrange"
		}
	}
	return "dist"
}

// versions binds targets to the results of body in context n by an if
// that chooses between the outer version (G1 around body) and the inner
// one that dist builds.
func (f *flattener) versions(n *nest, body *soac.Body, targets []soac.Param, kind string, segWidth soac.SubExp, small []soac.SubExp, dist func([]soac.Param) []*soac.Stm) []*soac.Stm {
	outer := make([]soac.Param, len(targets))
	inner := make([]soac.Param, len(targets))
	types := make([]soac.Type, len(targets))
	outerRes := make([]soac.SubExp, len(targets))
	innerRes := make([]soac.SubExp, len(targets))
	for i, t := range targets {
		outer[i] = f.freshParam(t.Name, t.Type)
		inner[i] = f.freshParam(t.Name, t.Type)
		types[i] = t.Type
		outerRes[i] = soac.Var{Name: outer[i].Name}
		innerRes[i] = soac.Var{Name: inner[i].Name}
	}
	// Named before the inner version is built, so that the outermost
	// threshold of a nest gets the plain name.
	name := f.threshold(kind, targets[0].Name)
	thenB := &soac.Body{Stms: []*soac.Stm{f.manifest(n, body, outer)}, Result: outerRes}
	var elseB *soac.Body
	st, plan := f.intraVersion(n, body, inner, false)
	if st != nil {
		small = nil // the intra version runs small work in parallel
	}
	if st == nil {
		elseB = &soac.Body{Stms: dist(inner), Result: innerRes}
	} else {
		// The intra-group version between the two (intra.go); the
		// inner version gets fresh names for its results.
		flat := make([]soac.Param, len(targets))
		flatRes := make([]soac.SubExp, len(targets))
		for i, t := range targets {
			flat[i] = f.freshParam(t.Name, t.Type)
			flatRes[i] = soac.Var{Name: flat[i].Name}
		}
		stms, intra := f.intraPredicate(plan, n.pos)
		distB := &soac.Body{Stms: dist(flat), Result: flatRes}
		intraB := &soac.Body{Stms: []*soac.Stm{st}, Result: innerRes}
		stms = append(stms, &soac.Stm{Pat: inner, Exp: &soac.IfExp{Cond: soac.Var{Name: intra}, Then: intraB, Else: distB, Types: types}, Pos: n.pos})
		elseB = &soac.Body{Stms: stms, Result: innerRes}
	}

	par, stms := f.parallelism(n)
	if len(small) > 0 {
		stms, par = f.smallWork(n, par, small, stms)
	}
	cond := f.freshParam("suff_outer_par", soac.Prim(values.Bool))
	stms = append(stms, &soac.Stm{Pat: []soac.Param{cond}, Exp: &soac.ThresholdExp{Name: name, Parallelism: par}, Pos: n.pos})
	if segWidth != nil {
		short := f.freshParam("short_segments", soac.Prim(values.Bool))
		both := f.freshParam("suff_outer_par", soac.Prim(values.Bool))
		stms = append(stms,
			&soac.Stm{Pat: []soac.Param{short}, Exp: &soac.CmpOpExp{Op: soac.Le, T: values.I64, X: segWidth, Y: soac.I64(shortSegment)}, Pos: n.pos},
			&soac.Stm{Pat: []soac.Param{both}, Exp: &soac.BinOpExp{Op: soac.LogAnd, T: values.Bool, X: soac.Var{Name: cond.Name}, Y: soac.Var{Name: short.Name}}, Pos: n.pos})
		cond = both
	}
	stms = append(stms, &soac.Stm{Pat: targets, Exp: &soac.IfExp{Cond: soac.Var{Name: cond.Name}, Then: thenB, Else: elseB, Types: types}, Pos: n.pos})
	return stms
}

// smallWork appends to stms the host statements that count a nest of
// small work as one of enough parallelism for its outer version, and
// returns them with the parallelism the threshold is to compare: par,
// plus DefaultThreshold when each of the inner widths is at most smallRow
// and the nest's work with each, par times the width, at most smallWork.
// Such a nest fills no device in either version, so its time is the
// launches': the inner version is a kernel per inner SOAC and one per
// group of scalar code between them (back-propagation's output layer,
// one unit of 17 inputs, was a segmented reduction and a segmap of 5 us
// each on an H200), the outer version one kernel whose work-items each
// loop over at most smallRow elements. Through the threshold, the choice
// stays the tuner's: a threshold set to 0 or to the largest value still
// takes the outer or the inner version everywhere.
func (f *flattener) smallWork(n *nest, par soac.SubExp, widths []soac.SubExp, stms []*soac.Stm) ([]*soac.Stm, soac.SubExp) {
	bool1 := soac.Prim(values.Bool)
	var all soac.SubExp
	for _, w := range widths {
		narrow := f.freshParam("narrow", bool1)
		work := f.freshParam("inner_work", soac.Prim(values.I64))
		little := f.freshParam("little_work", bool1)
		both := f.freshParam("small_work", bool1)
		stms = append(stms,
			&soac.Stm{Pat: []soac.Param{narrow}, Exp: &soac.CmpOpExp{Op: soac.Le, T: values.I64, X: w, Y: soac.I64(smallRow)}, Pos: n.pos},
			&soac.Stm{Pat: []soac.Param{work}, Exp: &soac.BinOpExp{Op: soac.Mul, T: values.I64, X: par, Y: w}, Pos: n.pos},
			&soac.Stm{Pat: []soac.Param{little}, Exp: &soac.CmpOpExp{Op: soac.Le, T: values.I64, X: soac.Var{Name: work.Name}, Y: soac.I64(smallWork)}, Pos: n.pos},
			&soac.Stm{Pat: []soac.Param{both}, Exp: &soac.BinOpExp{Op: soac.LogAnd, T: values.Bool, X: soac.Var{Name: narrow.Name}, Y: soac.Var{Name: little.Name}}, Pos: n.pos})
		if all == nil {
			all = soac.Var{Name: both.Name}
			continue
		}
		r := f.freshParam("small_work", bool1)
		stms = append(stms, &soac.Stm{Pat: []soac.Param{r}, Exp: &soac.BinOpExp{Op: soac.LogAnd, T: values.Bool, X: all, Y: soac.Var{Name: both.Name}}, Pos: n.pos})
		all = soac.Var{Name: r.Name}
	}
	i64 := soac.Prim(values.I64)
	small := f.freshParam("small", i64)
	boost := f.freshParam("small_boost", i64)
	eff := f.freshParam("outer_par", i64)
	stms = append(stms,
		&soac.Stm{Pat: []soac.Param{small}, Exp: &soac.ConvOpExp{From: values.Bool, To: values.I64, X: all}, Pos: n.pos},
		&soac.Stm{Pat: []soac.Param{boost}, Exp: &soac.BinOpExp{Op: soac.Mul, T: values.I64, X: soac.Var{Name: small.Name}, Y: soac.I64(DefaultThreshold)}, Pos: n.pos},
		&soac.Stm{Pat: []soac.Param{eff}, Exp: &soac.BinOpExp{Op: soac.Add, T: values.I64, X: par, Y: soac.Var{Name: boost.Name}}, Pos: n.pos})
	return stms, soac.Var{Name: eff.Name}
}

// smallRow and smallWork bound the nests whose outer version is taken
// for their small work (see smallWork): rows a work-item loops over in
// about the time of a launch, and work that fills no device.
const (
	smallRow  = 64
	smallWork = 4096
)

// shortSegment is the longest row for which the outer version of a
// segmented reduction may be taken (see above).
const shortSegment = 16

// parallelism returns the number of points in n's space, with the host
// statements that compute it.
func (f *flattener) parallelism(n *nest) (soac.SubExp, []*soac.Stm) {
	par := n.dims[0].N
	var stms []*soac.Stm
	for _, d := range n.dims[1:] {
		p := f.freshParam("outer_par", soac.Prim(values.I64))
		stms = append(stms, &soac.Stm{Pat: []soac.Param{p}, Exp: &soac.BinOpExp{Op: soac.Mul, T: values.I64, X: par, Y: d.N}, Pos: n.pos})
		par = soac.Var{Name: p.Name}
	}
	return par, stms
}

// threshold registers a new threshold and returns its name.
func (f *flattener) threshold(kind string, result soac.VName) string {
	base := fmt.Sprintf("%s.%s_%s", f.fun, kind, baseName(string(result)))
	name := base + "_outer"
	for i := 2; f.threshUsed[name]; i++ {
		name = fmt.Sprintf("%s_%d_outer", base, i)
	}
	f.threshUsed[name] = true
	f.thresholds = append(f.thresholds, soac.Threshold{Name: name, Default: DefaultThreshold})
	return name
}
