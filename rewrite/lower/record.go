package lower

import (
	"fmt"

	"github.com/fcclang/fcc/rewrite/lift"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tiling"
)

// Run is the lowering pass as a step of the pipeline: it records in each
// Seg-op of a copy of p its soac.Lowering (its versions' low-level forms
// and what they say, how a segmap's points are spread over work-items,
// the roles of a tiled map's statements), which the backend compiles by.
func Run(p *soac.Program) (*soac.Program, error) {
	out := *p
	out.Funs = make([]*soac.FunDef, len(p.Funs))
	for i, f := range p.Funs {
		nf := *f
		nf.Body = soac.NewCopier(nil, nil).Body(f.Body)
		out.Funs[i] = &nf
	}
	types := tiling.TypeEnv(&out)
	facts := soac.SizeFacts(&out)
	err := each(&out, func(s *soac.Stm, l *SegOp) error {
		rec, err := Record(s, l, types)
		if err != nil {
			return err
		}
		// The arrays whose size the kernel computes, and their bounds.
		rec.Sizes = soac.KernelDynSizes(s.Exp, facts)
		soac.SetLowering(s.Exp, rec)
		return nil
	})
	if err != nil {
		return nil, err
	}
	for _, f := range out.Funs {
		if err := recordGroups(f.Body, facts); err != nil {
			return nil, fmt.Errorf("%s: %v", f.Name, err)
		}
	}
	return &out, nil
}

// Record is the lowering of the Seg-op bound by s whose derivations are l
// (nil for a tiled map); types gives the types of the arrays a tiled map
// reads (tiling.TypeEnv).
func Record(s *soac.Stm, l *SegOp, types map[soac.VName]soac.Type) (*soac.Lowering, error) {
	rec := &soac.Lowering{}
	if m, ok := s.Exp.(*soac.SegMapExp); ok {
		if m.Tile != nil {
			roles, err := tileRoles(m, types)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", s.Pos, err)
			}
			rec.Tile = roles
			if m.Tile.Rank == 2 {
				rec.TileVariants = tileVariants()
			}
			return rec, nil
		}
		plan := planPoints(m)
		rec.Points = &plan
	}
	for _, v := range l.Versions {
		form := v.Final()
		lv := soac.LoweredVersion{Name: v.Name, Form: lift.Print(form), Facts: facts(form)}
		if r, ok := s.Exp.(*soac.SegRedExp); ok && v.Name == CPU {
			lv.Lanes = cpuLanes(r.Reds)
		}
		lv.Launch, lv.MinChunk = launchOf(s.Exp, &lv)
		rec.Versions = append(rec.Versions, lv)
	}
	return rec, nil
}

// cpuLanesOf is the accumulators a work-item of a reduction's cpu version
// keeps when the operator is commutative: four float additions overlap
// on a core, one per cycle, where one accumulator waits out each one's
// latency.
const cpuLanesOf = 4

// cpuLanes is the lanes of a reduction's cpu version: cpuLanesOf for a
// commutative operator, whose elements may be combined in any order, and
// 1 otherwise (one accumulator keeps the order).
func cpuLanes(reds []soac.Reduce) int {
	if Commutative(reds) {
		return cpuLanesOf
	}
	return 1
}

// cpuMinChunk is the fewest elements worth a work-item of their own in a
// cpu version: below it, starting the work-item costs more than folding
// its chunk.
const cpuMinChunk = 4096

// launchRules decide a version's launch formula (soac.LoweredVersion.Launch)
// from its Seg-op and its form, the first whose guard holds; a version no
// rule matches is launched by its generator, one work-item per point.
var launchRules = []struct {
	launch   string
	minChunk int
	guard    func(e soac.Exp, v *soac.LoweredVersion) bool
}{
	// A flat reduction's groups share its one segment: as many as fill
	// the device.
	{soac.LaunchFlatGroups, 0, func(e soac.Exp, v *soac.LoweredVersion) bool {
		r, ok := e.(*soac.SegRedExp)
		return ok && len(r.Space) == 1 && v.Has(soac.GroupCombines)
	}},
	// A segmented reduction's groups: several per segment when there are
	// few long segments, none (the team version) for short ones.
	{soac.LaunchSegGroups, 0, func(e soac.Exp, v *soac.LoweredVersion) bool {
		r, ok := e.(*soac.SegRedExp)
		return ok && len(r.Space) > 1 && v.Has(soac.GroupCombines)
	}},
	{soac.LaunchTeam, 0, func(e soac.Exp, v *soac.LoweredVersion) bool {
		_, ok := e.(*soac.SegRedExp)
		return ok && v.Name == "team"
	}},
	// A look-back scan's group size is bounded by its tile in local
	// memory.
	{soac.LaunchScanTiles, 0, func(e soac.Exp, v *soac.LoweredVersion) bool {
		_, ok := e.(*soac.SegScanExp)
		return ok && v.Has(soac.LooksBack)
	}},
	{soac.LaunchCPUSplit, cpuMinChunk, func(e soac.Exp, v *soac.LoweredVersion) bool {
		_, ok := e.(*soac.SegRedExp)
		return ok && v.Name == CPU && v.Has(soac.ItemsAlone)
	}},
	{soac.LaunchCPUChunks, cpuMinChunk, func(e soac.Exp, v *soac.LoweredVersion) bool {
		_, ok := e.(*soac.SegScanExp)
		return ok && v.Name == CPU && v.Has(soac.PassCarries)
	}},
}

// launchOf is the launch formula of version v of the Seg-op e and, for
// one that cuts chunks, their least size (launchRules).
func launchOf(e soac.Exp, v *soac.LoweredVersion) (string, int) {
	for _, r := range launchRules {
		if r.guard(e, v) {
			return r.launch, r.minChunk
		}
	}
	return "", 0
}

// factTests read the facts of a low-level form off its patterns, in the
// order they are recorded.
var factTests = []struct {
	fact soac.Fact
	test func(lift.Expr) bool
}{
	{soac.OnePerItem, OnePerItem},
	{soac.ItemsAlone, ItemsAlone},
	{soac.Strided, Strided},
	{soac.GroupCombines, GroupCombines},
	{soac.LooksBack, LooksBack},
	{soac.PassCarries, PassCarries},
	{soac.GlobalBins, GlobalBins},
	{soac.LocalBins, LocalBins},
}

func facts(e lift.Expr) []soac.Fact {
	var out []soac.Fact
	for _, t := range factTests {
		if t.test(e) {
			out = append(out, t.fact)
		}
	}
	return out
}

// tileRoles records the tiling rule's match of a tiled map by position
// (soac.TileRoles), so that the backend takes the body apart without
// matching it again.
func tileRoles(e *soac.SegMapExp, types map[soac.VName]soac.Type) (*soac.TileRoles, error) {
	switch e.Tile.Rank {
	case 2:
		m, err := tiling.TwoD(e, types)
		if err != nil {
			return nil, fmt.Errorf("a tile2d plan on a segmap the 2-D rule does not match: %v", err)
		}
		roles := &soac.TileRoles{Reduction: len(m.Rows)}
		for _, r := range m.Rows {
			roles.Sides = append(roles.Sides, r.Side)
		}
		return roles, nil
	case 1:
		m, err := tiling.OneD(e, types)
		if err != nil {
			return nil, fmt.Errorf("a tile1d plan on a segmap the 1-D rule does not match: %v", err)
		}
		return &soac.TileRoles{Reduction: len(m.Prologue)}, nil
	}
	return nil, fmt.Errorf("tiling plan of rank %d", e.Tile.Rank)
}

// Lowered reports whether every Seg-op of p holds its lowering: whether p
// went through Run.
func Lowered(p *soac.Program) bool {
	done := true
	for _, f := range p.Funs {
		soac.VisitExps(f.Body, func(e soac.Exp) {
			if l, seg := soac.LoweringOf(e); seg && l == nil {
				done = false
			}
		})
	}
	return done
}
