package lower

import (
	"fmt"

	"github.com/fcclang/fcc/soac"
)

// The rules that spread an untiled segmap's points over work-items. Each
// has a guard on the segmap and gives a soac.PointsPlan; the first whose
// guard holds decides, and the last always holds. The measurements that
// chose them are on the H100 (bench/RESULTS.md and
// bench/results/2026-11-23-h100-run15).
var pointsRules = []pointsRule{
	{name: soac.RuleOnePerItem, guard: regionGuard, perItem: 1},
	{name: soac.RuleRows, guard: rowsGuard, perItem: pointsPerItem, tinyRow: tinyRow, stridedFrom: stridedFrom},
	{name: soac.RuleStreaming, guard: streamingGuard, perItem: pointsPerItem, stridedFrom: stridedFrom},
	{name: soac.RuleOnePerItem, guard: func(*soac.SegMapExp) (string, int, bool) {
		return "a body with loops, array results or much arithmetic per load: one point per work-item", 0, true
	}, perItem: 1},
}

// regionGuard accepts a segmap that the inplace pass gave a region
// (soac.SegRegion): its work-items cover the region only and store into
// the array they update, which the backend does one point per work-item.
func regionGuard(e *soac.SegMapExp) (string, int, bool) {
	if e.Region == nil {
		return "", 0, false
	}
	return "a region updated in place: one point of the region per work-item", 0, true
}

// A pointsRule gives the plan {name, perItem, tinyRow, stridedFrom} to a
// segmap its guard accepts; the guard says why, and for the rows rule
// where the row's reduction is.
type pointsRule struct {
	name        string
	guard       func(*soac.SegMapExp) (why string, reduction int, ok bool)
	perItem     int
	tinyRow     int
	stridedFrom int
}

// pointsPerItem is how many points a work-item of a streaming segmap
// computes. One 4-byte load and store per work-item keeps too few bytes
// in flight: on the H100, a copy kernel reached 81% of copy bandwidth
// with one point per work-item and 95% with four (bench/probe/rows.cl),
// and saxpy went from 90% to 98% (RESULTS.md, run 14).
const pointsPerItem = 4

// stridedFrom is the fewest points for which work-items take
// pointsPerItem each: with fewer, a quarter as many work-items would
// leave a GPU's compute units idle, so each point gets a work-item (its
// loop then runs once).
const stridedFrom = 1 << 22

// tinyRow is the longest row whose loop the rows rule interchanges with
// the points. With one point per work-item, the segmented sum of 10^8
// rows of one element took 383 us on the H100, 70% of copy bandwidth.
// Four points per work-item, each with its own row loop, were slower
// (405 us): a point's loop runs before the next point's loads.
// Interchanging the row loop with the points, so that each step of the
// loop loads an element of each of the four rows, took 313 us; with rows
// of 2 elements 213 us against 238, of 4 the same, of 8 7% more
// (probe-segrows.txt). Longer rows are computed one point per work-item.
const tinyRow = 4

// loadShare is the most statements per element read that a streaming
// body may have. Bodies heavy in arithmetic gain nothing from several
// points per work-item, and may lose: Black-Scholes (70 statements for 3
// reads) went from 323 to 398 us with four points per work-item (run 14).
const loadShare = 8

// planPoints applies pointsRules to a segmap.
func planPoints(e *soac.SegMapExp) soac.PointsPlan {
	for _, r := range pointsRules {
		if why, red, ok := r.guard(e); ok {
			return soac.PointsPlan{Rule: r.name, PerItem: r.perItem, StridedFrom: r.stridedFrom, TinyRow: r.tinyRow, Reduction: red, Why: why}
		}
	}
	panic("lower: the last points rule always applies")
}

// streamingGuard accepts a segmap whose results are scalars and whose
// body is straight-line code that does little besides loading (at most
// loadShare statements per element read). Bodies with loops serialise
// their points' loads anyway: the segmented sum of 10^8 rows of one
// element went from 381 to 410 us with four points per work-item.
func streamingGuard(e *soac.SegMapExp) (string, int, bool) {
	if arrayResults(e) || !soac.StraightLine(e.Body) {
		return "", 0, false
	}
	stms, loads := bodyWeight(e.Body)
	if loads == 0 || stms > loadShare*loads {
		return "", 0, false
	}
	return fmt.Sprintf("straight-line body of %d statements for %d loads (at most %d a load): "+
		"%d points per work-item keep their loads in flight together, each load coalesced across the group",
		stms, loads, loadShare, pointsPerItem), 0, true
}

// bodyWeight counts a straight-line body's statements and its reads of
// array elements, both branches of an if included.
func bodyWeight(b *soac.Body) (stms, loads int) {
	for _, s := range b.Stms {
		stms++
		switch x := s.Exp.(type) {
		case *soac.IndexExp:
			if len(s.Pat) == 1 && s.Pat[0].Type.Rank() == 0 {
				loads++
			}
		case *soac.IfExp:
			for _, br := range []*soac.Body{x.Then, x.Else} {
				s, l := bodyWeight(br)
				stms += s
				loads += l
			}
		}
	}
	return stms, loads
}

// rowsGuard accepts a segmap that reduces one row per point (the
// one-work-item-per-segment version of a segmented reduction): scalar
// results, and a body of straight-line statements, one screma whose
// results are all scalar reductions with straight-line functions over
// rows whose length the body does not compute (the points share the row
// loop), and straight-line statements again. It returns the screma's
// position.
func rowsGuard(e *soac.SegMapExp) (string, int, bool) {
	if arrayResults(e) {
		return "", 0, false
	}
	red := -1
	for i, s := range e.Body.Stms {
		sc, ok := s.Exp.(*soac.ScremaExp)
		if !ok {
			continue
		}
		if red >= 0 || len(sc.Scans) > 0 || !scalarPat(s) || !soac.StraightLine(sc.Map.Body) {
			return "", 0, false
		}
		for _, r := range sc.Reds {
			if !soac.StraightLine(r.Op.Body) {
				return "", 0, false
			}
		}
		if w, ok := sc.W.(soac.Var); ok && soac.BoundInBody(e.Body)[w.Name] {
			return "", 0, false
		}
		red = i
	}
	if red < 0 || !soac.StraightLine(&soac.Body{Stms: e.Body.Stms[:red]}) || !soac.StraightLine(&soac.Body{Stms: e.Body.Stms[red+1:]}) {
		return "", 0, false
	}
	return fmt.Sprintf("reduces one row per point: rows of at most %d elements take %d points per work-item with one row loop "+
		"loading an element of each point's row per step; longer rows one point per work-item", tinyRow, pointsPerItem), red, true
}

// narrowOffsets is the rule for a segmap's element offsets
// (soac.Lowering.NarrowOffsets): 32 bits (fcc_ix, int in the build the
// runtime launches on buffers under 2 GiB, where every partial sum of an
// in-bounds offset fits) for a straight-line body, long otherwise.
// HotSpot's step fell from 10.0 to 8.8 ms on an H100 with 32-bit offsets,
// but they made kernels with loops slower (the f32 scan 314 -> 339 us, a
// segmented sum of 10^6 rows 180 -> 260 us, bench run 12), as the OpenCL
// compiler no longer advances their addresses by a stride per iteration.
func narrowOffsets(e *soac.SegMapExp) bool { return soac.StraightLine(e.Body) }

func arrayResults(e *soac.SegMapExp) bool {
	for _, t := range e.Types {
		if t.Rank() > 0 {
			return true
		}
	}
	return false
}

func scalarPat(s *soac.Stm) bool {
	for _, p := range s.Pat {
		if p.Type.Rank() > 0 {
			return false
		}
	}
	return true
}
