package lower

import (
	"fmt"

	"github.com/fcclang/fcc/prove"
	"github.com/fcclang/fcc/rewrite/lift"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tiling"
)

// Run is the lowering pass as a step of the pipeline: it records in each
// Seg-op of a copy of p its soac.Lowering (its versions' low-level forms
// and what they say, how a segmap's points are spread over work-items,
// the roles of a tiled map's statements), which the backend compiles by.
func Run(p *soac.Program) (*soac.Program, error) {
	out := soac.CopyProgram(p)
	types := tiling.TypeEnv(out)
	facts := soac.SizeFacts(out)
	err := each(out, func(s *soac.Stm, l *SegOp) error {
		rec, err := Record(s, l, types)
		if err != nil {
			return err
		}
		// The arrays whose size the kernel computes, and their bounds.
		rec.Sizes = soac.KernelDynSizes(s.Exp, facts)
		if p := rec.Points; p != nil && len(p.Parts) > 0 && len(rec.Sizes) > 0 {
			// A pre-pass computes the sizes of one work-item per point.
			p.Parts = nil
			p.Why = planPoints(s.Exp.(*soac.SegMapExp)).Why
		}
		soac.SetLowering(s.Exp, rec)
		return nil
	})
	if err != nil {
		return nil, err
	}
	// Host loops of stencil maps: their blocked versions (stencil.go).
	if err := recordStencils(out); err != nil {
		return nil, err
	}
	for _, f := range out.Funs {
		if err := recordGroups(f.Body, facts); err != nil {
			return nil, fmt.Errorf("%s: %v", f.Name, err)
		}
	}
	// The i64 scalars of kernels that fit 32 bits.
	narrow := prove.Narrow(out, nil)
	for _, f := range out.Funs {
		recordNarrow(f.Body, narrow)
	}
	return out, nil
}

// recordNarrow records in each kernel of host body b, a Seg-op outside
// any other, the names of narrow it binds (soac.Lowering.Narrow): the
// i64 scalars that fit 32 bits, which the kernel computes in int. A
// 64-bit multiply, compare or division costs NVIDIA's GPUs several
// 32-bit instructions (Needleman-Wunsch's block did all of its index
// arithmetic in 64 bits, every step).
func recordNarrow(b *soac.Body, narrow map[soac.VName]bool) {
	for _, s := range b.Stms {
		if l, seg := soac.LoweringOf(s.Exp); seg {
			if l != nil {
				l.Narrow = narrowIn(s.Exp, narrow)
			}
			continue
		}
		for _, sub := range soac.ExpBodies(s.Exp) {
			recordNarrow(sub, narrow)
		}
	}
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
		if parts := independentParts(m, plan); parts != nil {
			plan.Parts = parts
			plan.Why += partsWhy(parts)
		}
		rec.Points = &plan
		rec.NarrowOffsets = narrowOffsets(m)
		rec.Scratch = scratchPlan(m, plan)
	}
	rec.Eager = eagerIfs(s.Exp)
	for _, v := range l.Versions {
		form := v.Final()
		lv := soac.LoweredVersion{Name: v.Name, Form: lift.Print(form), Facts: facts(form)}
		if r, ok := s.Exp.(*soac.SegRedExp); ok && v.Name == CPU {
			lv.Lanes = cpuLanes(r.Reds)
		}
		lv.Launch, lv.LaunchParams = launchOf(s.Exp, &lv)
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

// cpuItemsPerUnit is how many work-items a cpu version gives each compute
// unit: a few more than one, so that a unit slowed by other work on the
// machine does not hold up the others for long.
const cpuItemsPerUnit = 4

// groupsPerUnit is how many work-groups a GPU launch that fills the
// device gives each compute unit: enough that each unit holds several at
// once and hides one group's loads behind another's (--default-num-groups
// overrides the product at run time).
const groupsPerUnit = 8

// minCombinedGroup is the smallest work-group size with which several
// work-groups reduce one segment together, the last to finish combining
// the others' results (backend/segred.go, singlePassFinish). PoCL 3.1
// hangs or returns garbage when groups of 2 to 16 work-items do this (a
// sum of 5 elements with --default-group-size 2 never ended), while one
// group per segment is right with any size; so a smaller group reduces
// each segment alone: slower, but groups that small are slow on every
// device anyway.
const minCombinedGroup = 32

// teamMax is the longest segment a segmented reduction's team version
// reduces (a few work-items per segment, exe.Context.SegRedTeam): a
// whole work-group per segment would leave most of its work-items idle
// and spend more on its tree than on the loads.
const teamMax = 1024

// segMinPerItem is the fewest elements each work-item of a segment's
// work-groups reduces: splitting a segment over more groups than that
// leaves work-items with too little to fold to pay for the second pass.
const segMinPerItem = 4

// segMaxGroups is the most work-groups that share one segment (one huge
// segment is split over at most this many; their partial results are
// combined by one work-group).
const segMaxGroups = 1024

// teamMaxItems and teamMinPerItem shape a team: a power of two of at
// most teamMaxItems work-items per segment, consecutive work-items
// reading consecutive elements (coalesced, a 32-byte sector per team and
// load at least), each reading at least teamMinPerItem elements, so that
// combining the team's values (by its first work-item) stays cheap.
// Segments shorter than 2·teamMinPerItem get one work-item each.
const (
	teamMaxItems   = 32
	teamMinPerItem = 8
)

// scanLocalBudget is the most local memory a look-back scan's tile and
// its group's totals take (and at most half the device's): small enough
// that several work-groups stay resident per compute unit.
const scanLocalBudget = 32 << 10

// scanChunk is the elements a work-item of a look-back scan scans per
// tile, for a scan whose values (and flag, when segmented) take bytes
// bytes of local memory an element: 16 for values of 5 bytes or fewer,
// halved until a work-item's part of the tile takes at most 80 bytes, so
// that a tile of 256 work-items takes 16-20 KiB of local memory and
// several work-groups stay resident per compute unit.
func scanChunk(bytes int) int {
	chunk := 16
	for chunk > 1 && chunk*bytes > 80 {
		chunk /= 2
	}
	return chunk
}

// ScanTileBytes is the bytes of local memory a scan's tile takes per
// element: its scanned values', and a flag's byte when it is segmented.
func ScanTileBytes(e *soac.SegScanExp) int {
	bytes := 0
	for _, t := range e.Types[:soac.ReduceValues(soac.ScanReduces(e.Scans))] {
		bytes += t.Elem.Size()
	}
	if len(e.Space) > 1 {
		bytes++
	}
	return bytes
}

// launchRules decide a version's launch formula (soac.LoweredVersion.Launch)
// and its constants from its Seg-op and its form, the first whose guard
// holds; a version no rule matches is launched by its generator, one
// work-item per point.
var launchRules = []struct {
	launch string
	guard  func(e soac.Exp, v *soac.LoweredVersion) bool
	params func(e soac.Exp) soac.LaunchParams
}{
	// A flat reduction's groups share its one segment: as many as fill
	// the device.
	{soac.LaunchFlatGroups, func(e soac.Exp, v *soac.LoweredVersion) bool {
		r, ok := e.(*soac.SegRedExp)
		return ok && len(r.Space) == 1 && v.Has(soac.GroupCombines)
	}, func(soac.Exp) soac.LaunchParams {
		return soac.LaunchParams{PerUnit: groupsPerUnit, MinGroup: minCombinedGroup}
	}},
	// A segmented reduction's groups: several per segment when there are
	// few long segments, none (the team version) for short ones.
	{soac.LaunchSegGroups, func(e soac.Exp, v *soac.LoweredVersion) bool {
		r, ok := e.(*soac.SegRedExp)
		return ok && len(r.Space) > 1 && v.Has(soac.GroupCombines)
	}, func(soac.Exp) soac.LaunchParams {
		return soac.LaunchParams{PerUnit: groupsPerUnit, MinGroup: minCombinedGroup, TeamMax: teamMax,
			MinPerItem: segMinPerItem, MaxGroups: segMaxGroups}
	}},
	{soac.LaunchTeam, func(e soac.Exp, v *soac.LoweredVersion) bool {
		_, ok := e.(*soac.SegRedExp)
		return ok && v.Name == "team"
	}, func(soac.Exp) soac.LaunchParams {
		return soac.LaunchParams{MinPerItem: teamMinPerItem, MaxTeam: teamMaxItems}
	}},
	// A look-back scan's group size is bounded by its tile in local
	// memory.
	{soac.LaunchScanTiles, func(e soac.Exp, v *soac.LoweredVersion) bool {
		_, ok := e.(*soac.SegScanExp)
		return ok && v.Has(soac.LooksBack)
	}, func(e soac.Exp) soac.LaunchParams {
		return soac.LaunchParams{PerUnit: groupsPerUnit, Chunk: scanChunk(ScanTileBytes(e.(*soac.SegScanExp))), LocalBudget: scanLocalBudget}
	}},
	{soac.LaunchCPUSplit, func(e soac.Exp, v *soac.LoweredVersion) bool {
		_, ok := e.(*soac.SegRedExp)
		return ok && v.Name == CPU && v.Has(soac.ItemsAlone)
	}, cpuLaunch},
	{soac.LaunchCPUChunks, func(e soac.Exp, v *soac.LoweredVersion) bool {
		_, ok := e.(*soac.SegScanExp)
		return ok && v.Name == CPU && v.Has(soac.PassCarries)
	}, cpuLaunch},
	// A histogram's local version: a sub-histogram per work-group, as
	// many groups as fill the device.
	{soac.LaunchHistGroups, func(e soac.Exp, v *soac.LoweredVersion) bool {
		_, ok := e.(*soac.SegHistExp)
		return ok && v.Has(soac.LocalBins)
	}, gpuFill},
	// A flat reduction with array values: its chunks, one per work-item,
	// as many as fill the device.
	{soac.LaunchSeqChunks, func(e soac.Exp, v *soac.LoweredVersion) bool {
		r, ok := e.(*soac.SegRedExp)
		return ok && len(r.Space) == 1 && arrayValues(r.Types[:soac.ReduceValues(r.Reds)])
	}, gpuFill},
	// A map of one point per work-item: its groups spread over all
	// compute units when its points are few. LU's panels (2048 points,
	// each a forward substitution of ~530 dependent steps) ran on 8 of
	// an H200's 132 compute units in groups of 256.
	{soac.LaunchSpreadItems, func(e soac.Exp, v *soac.LoweredVersion) bool {
		m, ok := e.(*soac.SegMapExp)
		return ok && m.Level == soac.LevelThread && m.Tile == nil && v.Has(soac.OnePerItem) && v.Has(soac.ItemsAlone) && !v.Has(soac.Strided)
	}, func(soac.Exp) soac.LaunchParams { return soac.LaunchParams{MinGroup: spreadMinGroup} }},
}

// spreadMinGroup is the smallest work-group a map of one point per
// work-item is spread in (launch "spread-items"): a warp of NVIDIA's
// GPUs, so that no group leaves part of its SIMD unit idle there.
const spreadMinGroup = 32

func cpuLaunch(soac.Exp) soac.LaunchParams {
	return soac.LaunchParams{MinChunk: cpuMinChunk, PerUnit: cpuItemsPerUnit}
}

func gpuFill(soac.Exp) soac.LaunchParams { return soac.LaunchParams{PerUnit: groupsPerUnit} }

// launchOf is the launch formula of version v of the Seg-op e and its
// constants (launchRules).
func launchOf(e soac.Exp, v *soac.LoweredVersion) (string, soac.LaunchParams) {
	for _, r := range launchRules {
		if r.guard(e, v) {
			if r.params == nil {
				return r.launch, soac.LaunchParams{}
			}
			return r.launch, r.params(e)
		}
	}
	return "", soac.LaunchParams{}
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
