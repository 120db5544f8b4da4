package lower

import (
	"fmt"

	"github.com/fcclang/fcc/rewrite/lift"
)

// A step applies a Lift rule at a path relative to where its script is run.
// An optional step is one whose refusal shapes the result instead of
// stopping the derivation (its guard decides, as a reorder's does for a
// non-commutative operator); a step with ifDone runs only when the
// optional step of that rule earlier in the script was done.
type step struct {
	rule     string
	path     string
	params   lift.Params
	optional bool
	ifDone   string
}

// The symbolic sizes of the scripts.
var (
	perItem   = lift.Var("c") // elements each work-item combines
	groupSize = lift.Var("l") // work-items per work-group
	groups    = lift.Var("g") // work-groups (per segment)
	teamSize  = lift.Var("m") // work-items per segment in the team version
	teams     = lift.Var("k") // segments per work-group in the team version
	items     = lift.Var("t") // work-items (per segment) in the cpu version
)

// reduceOntoGroups runs on a composition reduce(⊕, z) ∘ map(f) over c·l·g
// elements. Each work-group combines c·l of them, each of its work-items c;
// when ⊕ is commutative the reorder lets work-item i of group p take
// elements p·l+i, p·l+i+g·l, … (reorder-stride(g·l): every step of every
// work-item reads one contiguous window of memory), otherwise each takes a
// contiguous chunk and partial results keep their order. The items'
// partial results go to local memory, the group combines them
// (reduce-local), and the groups' results are combined by one work-item
// (reduce-seq), the last group to finish or a second kernel.
var reduceOntoGroups = script([]step{
	{rule: "reduce-part-red", path: "0", params: lift.Params{"factor": perItem.Mul(groupSize)}},
	{rule: "part-red-reorder", path: "1", optional: true},
	{rule: "part-red-split", path: "1", params: lift.Params{"n": perItem.Mul(groupSize)}},
	{rule: "part-red-reduce", path: "2.0"},
	// Within a group: c elements per work-item.
	{rule: "reduce-part-red", path: "2.0", params: lift.Params{"factor": perItem}},
	{rule: "part-red-split", path: "2.0.1", params: lift.Params{"n": perItem}},
	{rule: "part-red-reduce", path: "2.0.2.0"},
	{rule: "reorder-map", path: "4", ifDone: "part-red-reorder"},
}, bodyIntoItems("reduce"), []step{
	{rule: "map-workgroup", path: "2", params: lift.Params{"dim": lift.Const(0)}},
	{rule: "map-local", path: "2.0.2", params: lift.Params{"dim": lift.Const(0)}},
	{rule: "to-local", path: "2.0.2"},
	{rule: "reduce-local", path: "2.0.0"},
	{rule: "reduce-seq", path: "0"},
	{rule: "reorder-stride", path: "4", params: lift.Params{"s": groups.Mul(groupSize)}, ifDone: "part-red-reorder"},
})

// bodyIntoItems runs on a composition
// F ∘ join ∘ map(G ∘ join ∘ map(fold(⊕, z)) ∘ split(c)) ∘ split(c·l) ∘ map(f)
// (fold is reduce or scan; F and G what combines the work-groups' and
// the work-items' results): it moves the body map(f) into the groups' map
// and then into the work-items' folds, which become sequential:
// map(fold-seq(λ(acc, x). acc ⊕ f(x), z)).
func bodyIntoItems(fold string) []step {
	return []step{
		{rule: "split-join", path: "4", params: lift.Params{"n": perItem.Mul(groupSize)}},
		{rule: "cancel-split-join", path: "3"},
		{rule: "fuse-map-map", path: "2"},
		{rule: "split-join", path: "2.0.4", params: lift.Params{"n": perItem}},
		{rule: "cancel-split-join", path: "2.0.3"},
		{rule: "fuse-map-map", path: "2.0.2"},
		{rule: "map-seq", path: "2.0.2.0.1"},
		{rule: fold + "-seq", path: "2.0.2.0.0"},
		{rule: "fuse-" + fold + "-seq-map-seq", path: "2.0.2.0.0"},
	}
}

// script joins the parts of a script.
func script(parts ...[]step) []step {
	var out []step
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// reduceInTeam runs on a composition reduce(⊕, z) ∘ map(f) over c·m
// elements: one segment, which a team of m work-items combines, strided
// over the segment when ⊕ is commutative. The team's partial results go
// to local memory and its first work-item combines them in order.
var reduceInTeam = []step{
	{rule: "reduce-part-red", path: "0", params: lift.Params{"factor": perItem}},
	{rule: "part-red-reorder", path: "1", optional: true},
	{rule: "part-red-split", path: "1", params: lift.Params{"n": perItem}},
	{rule: "part-red-reduce", path: "2.0"},
	{rule: "reorder-map", path: "4", ifDone: "part-red-reorder"},
	{rule: "split-join", path: "4", params: lift.Params{"n": perItem}},
	{rule: "cancel-split-join", path: "3"},
	{rule: "fuse-map-map", path: "2"},
	{rule: "map-seq", path: "2.0.1"},
	{rule: "reduce-seq", path: "2.0.0"},
	{rule: "fuse-reduce-seq-map-seq", path: "2.0.0"},
}

// teamsOntoGroups runs on map(C) over segments, C the result of
// reduceInTeam: k segments per work-group, a team of m work-items each
// (map-local of dimension 1 over the segments, of dimension 0 over a
// team's items).
var teamsOntoGroups = []step{
	{rule: "split-join", path: "", params: lift.Params{"n": teams}},
	{rule: "map-workgroup", path: "1", params: lift.Params{"dim": lift.Const(0)}},
	{rule: "map-local", path: "1.0", params: lift.Params{"dim": lift.Const(1)}},
	{rule: "map-local", path: "1.0.0.2", params: lift.Params{"dim": lift.Const(0)}},
	{rule: "to-local", path: "1.0.0.2"},
	{rule: "reduce-seq", path: "1.0.0.0"},
	{rule: "reorder-stride", path: "1.0.0.4", params: lift.Params{"s": teamSize}, ifDone: "part-red-reorder"},
}

// segmentsOntoGroups runs on map(C) over segments, C the result of
// reduceOntoGroups: each segment has its own g work-groups (dimension 1
// of the groups' space is the segment).
var segmentsOntoGroups = []step{
	{rule: "map-workgroup", path: "", params: lift.Params{"dim": lift.Const(1)}},
}

// scanOntoGroups runs on a composition scan(⊕, z) ∘ map(f) over c·l·g
// elements: each work-group scans a tile of c·l consecutive elements, each
// of its work-items c of them sequentially; the work-group scans its
// items' totals for their carries (propagate-local) and takes its own
// carry from the tiles before it (propagate-lookback). Elements are only
// ever combined left to right: no commutativity is needed.
var scanOntoGroups = script([]step{
	{rule: "scan-split", path: "0", params: lift.Params{"n": perItem.Mul(groupSize)}},
	{rule: "scan-split", path: "2.0", params: lift.Params{"n": perItem}},
}, bodyIntoItems("scan"), []step{
	{rule: "map-workgroup", path: "2", params: lift.Params{"dim": lift.Const(0)}},
	{rule: "map-local", path: "2.0.2", params: lift.Params{"dim": lift.Const(0)}},
	{rule: "propagate-local", path: "2.0.1"},
	{rule: "propagate-lookback", path: "1"},
})

// scanOntoItems runs on a composition scan(⊕, z) ∘ map(f) over c·t
// elements: each of t work-items scans c consecutive elements
// sequentially, from the carry that a pass of its own folds from the
// totals of the chunks before (propagate-global): a CPU's three-phase
// scan, with neither local memory nor work-groups that wait on each
// other. Elements are only ever combined left to right.
var scanOntoItems = []step{
	{rule: "scan-split", path: "0", params: lift.Params{"n": perItem}},
	{rule: "split-join", path: "4", params: lift.Params{"n": perItem}},
	{rule: "cancel-split-join", path: "3"},
	{rule: "fuse-map-map", path: "2"},
	{rule: "map-seq", path: "2.0.1"},
	{rule: "scan-seq", path: "2.0.0"},
	{rule: "fuse-scan-seq-map-seq", path: "2.0.0"},
	{rule: "map-global", path: "2", params: lift.Params{"dim": lift.Const(0)}},
	{rule: "propagate-global", path: "1"},
}

// histOntoItems runs on hist(⊕, z, B) ∘ map(f): one work-item per point,
// each updating the bins in global memory (by atomics or a lock per bin,
// in any order: the operator is commutative, as the language requires).
var histOntoItems = []step{
	{rule: "map-global", path: "1", params: lift.Params{"dim": lift.Const(0)}},
	{rule: "hist-global", path: "0"},
}

// histOntoGroups runs on hist(⊕, z, B) ∘ map(f) over c·l·g points: each
// work-group keeps a histogram in local memory, its work-items c points
// each, interleaved over the whole input as a reduction's are; a second
// kernel merges the groups' histograms bin by bin.
var histOntoGroups = []step{
	{rule: "hist-reorder", path: "0"},
	{rule: "hist-split", path: "0", params: lift.Params{"n": perItem.Mul(groupSize)}},
	{rule: "reorder-map", path: "3"},
	{rule: "split-join", path: "3", params: lift.Params{"n": perItem.Mul(groupSize)}},
	{rule: "cancel-split-join", path: "2"},
	{rule: "fuse-map-map", path: "1"},
	{rule: "split-join", path: "1.0.1", params: lift.Params{"n": perItem}},
	{rule: "map-workgroup", path: "1", params: lift.Params{"dim": lift.Const(0)}},
	{rule: "map-local", path: "1.0.2", params: lift.Params{"dim": lift.Const(0)}},
	{rule: "map-seq", path: "1.0.2.0"},
	{rule: "hist-local", path: "1.0.0"},
	{rule: "merge-global", path: "0"},
	{rule: "reorder-stride", path: "3", params: lift.Params{"s": groups.Mul(groupSize)}},
}

// segmentsOntoItems runs on map(C) over segments, C the result of
// histOntoItems: the segments' points are work-items too.
var segmentsOntoItems = []step{
	{rule: "map-global", path: "", params: lift.Params{"dim": lift.Const(1)}},
}

// chunksOntoItems runs on reduce(⊕, z) ∘ map(f) over c·t elements: each of
// t work-items reduces c consecutive elements, and one work-item the t
// partial results, in order (the ICFP paper's Fig. 10 derivation of asum,
// steps (1) to (8), then its lowering). It serves reductions whose values
// are arrays, which live in a work-item's scratch memory, and every
// reduction's cpu version: on a CPU, work-items that fold contiguous
// chunks alone need neither barriers nor local memory, which PoCL runs as
// loops over the work-items, and a sequential fold is what a core does
// fastest.
var chunksOntoItems = []step{
	{rule: "reduce-part-red", path: "0", params: lift.Params{"factor": perItem}},
	{rule: "part-red-split", path: "1", params: lift.Params{"n": perItem}},
	{rule: "split-join", path: "4", params: lift.Params{"n": perItem}},
	{rule: "cancel-split-join", path: "3"},
	{rule: "fuse-map-map", path: "2"},
	{rule: "map-seq", path: "2.0.1"},
	{rule: "part-red-reduce", path: "2.0.0"},
	{rule: "reduce-seq", path: "2.0.0"},
	{rule: "fuse-reduce-seq-map-seq", path: "2.0.0"},
	{rule: "map-global", path: "2", params: lift.Params{"dim": lift.Const(0)}},
	{rule: "reduce-seq", path: "0"},
}

// segmentsOntoItemsSeq runs on map(reduce(⊕, z) ∘ map(f)) or
// map(scan(⊕, z) ∘ map(f)) over segments (fold is reduce or scan): one
// work-item per segment, which folds it sequentially (for values that are
// arrays).
func segmentsOntoItemsSeq(fold string) []step {
	return []step{
		{rule: "map-global", path: "", params: lift.Params{"dim": lift.Const(0)}},
		{rule: "map-seq", path: "0.1"},
		{rule: fold + "-seq", path: "0.0"},
		{rule: "fuse-" + fold + "-seq-map-seq", path: "0.0"},
	}
}

// mapOntoItems maps a Seg-op's points onto work-items: one per point.
var mapOntoItems = []step{
	{rule: "map-global", path: "", params: lift.Params{"dim": lift.Const(0)}},
}

// stridedOntoItems maps a Seg-op's n = k·t points onto t work-items, k
// each: work-item g computes points g, g+t, g+2t, … in turn (map-stride
// hands them out strided and puts the results back in order), so that
// at each of its k steps consecutive work-items read consecutive
// addresses.
func stridedOntoItems(k int) []step {
	return []step{
		{rule: "map-stride", path: "", params: lift.Params{"s": items}},
		{rule: "split-join", path: "1", params: lift.Params{"n": lift.Const(int64(k))}},
		{rule: "map-global", path: "2", params: lift.Params{"dim": lift.Const(0)}},
		{rule: "map-seq", path: "2.0"},
	}
}

// run applies the steps of script, their paths relative to prefix, to d.
// done records the optional steps that were done, across the scripts of
// one derivation.
func run(d *lift.Derivation, prefix string, script []step, done map[string]bool) error {
	for _, st := range script {
		if st.ifDone != "" && !done[st.ifDone] {
			continue
		}
		p, err := lift.ParsePath(join(prefix, st.path))
		if err != nil {
			return err
		}
		if st.optional {
			ok, err := d.Try(st.rule, p, st.params)
			if err != nil {
				return err
			}
			done[st.rule] = ok
			continue
		}
		if err := d.Apply(st.rule, p, st.params); err != nil {
			return fmt.Errorf("%s: %v", d.Name, err)
		}
	}
	return nil
}

// join joins two paths.
func join(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "." + b
}
