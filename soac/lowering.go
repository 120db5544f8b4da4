package soac

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// Lowering is the lower pass's record of how a Seg-op runs on the OpenCL
// hierarchy: which low-level forms it has (one per kernel version), how
// its points are distributed over work-items, and for a tiled map which
// role each statement of its body plays. The backend compiles the Seg-op
// by these fields alone, so what `fcc dev --print-after=lower` prints is
// what runs. It does not change the Seg-op's meaning. Printed after the
// Seg-op's head as
//
//	lowering {
//	  version "NAME" "FORM" ("FACT", ...) [lanes N] [launch "RULE" PARAMS]
//	  points "RULE" per_item N [from N] [tiny_row N reduction K] [parts [I, ...] ...] why "WHY"
//	  offsets "narrow"
//	  scratch "private" cap N bytes B why "WHY"
//	  eager NAME
//	  tile sides (SIDE, ...) reduction K
//	  variant T R vector V depth D pad P
//	  size NAME [bound BOUND] arrays (A, ...) strategy "STRATEGY"
//	  group widths (W, ...) multiple K barriers B
//	  local NAME TYPE buffers N
//	  speculate (NAME, ...)
//	  narrow (NAME, ...)
//	}
//
// with each line present only when it has something to say.
type Lowering struct {
	// Versions are the Seg-op's low-level forms, one per kernel version
	// the host chooses among (by sizes, or by the device's type for the
	// "cpu" version); a segmap has one, named "".
	Versions []LoweredVersion
	// Points, for an untiled segmap, says how many points a work-item
	// computes and why; nil for the other Seg-ops.
	Points *PointsPlan
	// Tile, for a tiled segmap, gives the roles of its body's
	// statements; nil otherwise.
	Tile *TileRoles
	// TileVariants, for a 2-D tiled segmap, are the shapes of the kernels
	// compiled for it, by decreasing T and then R (the host chooses among
	// them by the tile-size parameters and the problem's size).
	TileVariants []TileVariant
	// Sizes are the sizes the Seg-op's body computes and sizes arrays of
	// its own with, and how they are allocated (dynsize.go).
	Sizes []DynSize
	// NarrowOffsets, for an untiled segmap, makes the kernel's element
	// offsets fcc_ix, 32 bits wide in the build the runtime launches on
	// buffers under 2 GiB, rather than long.
	NarrowOffsets bool
	// Group, for a segmap_group, is how its work-group runs the body;
	// nil for the other Seg-ops.
	Group *GroupPlan
	// Scratch, for an untiled segmap of one point per work-item whose
	// body makes arrays of its own, says where those arrays may live
	// besides global scratch memory; nil where only there.
	Scratch *ScratchPlan
	// Narrow, for a Seg-op that is a kernel, are the i64 scalars of its
	// space and body, results of statements and index variables, that
	// the kernel holds and computes in 32 bits (printed "narrow (x, y)"),
	// in the order they are bound: the prove pass's range analysis
	// shows that every value they take fits (prove.Narrow).
	Narrow []VName
	// Eager are the short-circuit ifs of the Seg-op's body (named by
	// their result) that the backend evaluates eagerly: `c || x` as
	// c | x, x computed whatever c is, its failures reported only where
	// c would have let it run (rewrite/lower/eager.go says when and why).
	Eager []VName
}

// ScratchPlan is where a segmap's per-work-item arrays (the backend's
// scratch buffers, one array per work-item each) may live. Rule
// ScratchPrivate: the kernel gets a second version with each such array
// in the work-item's private memory, Cap elements, which the host
// launches when every array of the launch holds at most Cap elements
// (its sizes are known at the launch); otherwise the arrays live in
// global memory, interleaved across work-items. A kernel whose arrays
// would take more than Bytes bytes of private memory at Cap elements
// each gets no private version. Why says why.
type ScratchPlan struct {
	Rule  string
	Cap   int
	Bytes int
	Why   string
}

// ScratchPrivate is the scratch rule of a private-memory version.
const ScratchPrivate = "private"

// GroupPlan is the lowering of a segmap_group (the intra-group version,
// flatten/intra.go): one work-group per point of its space, of
// max(Size) work-items rounded up to a multiple of Multiple, where
// Widths are the spaces of the Seg-ops in its body (each the product of
// its dimensions, printed joined by *) and Size some of them, those the
// lowering chose for Why (rewrite/lower/group.go: where the body's time
// goes); a width above the group size is covered by work-items taking
// several points. Local are the arrays of the body that live in local memory,
// one buffer each, or two for a loop's array merge parameter (double
// buffering); the other arrays are the kernel's inputs. Barriers is how
// many barrier sites the body's code holds at most (the backend leaves
// out one before an operation that nothing touching local memory
// separates from the last barrier), besides those of the tree
// reductions and scans (two around each inner Seg-op, three for each
// loop array parameter: around the copy of its initial value and after
// each iteration's copy).
type GroupPlan struct {
	Widths   [][]SubExp
	Size     [][]SubExp
	Why      string
	Multiple int
	Local    []LocalArray
	Barriers int
	// Fused are the scatters (named by their first result) whose
	// work-items compute the points of the segmap before them, which
	// makes all their inputs, and write them at once (printed "fused
	// x"): the segmap's results have no local arrays, and no barrier
	// separates the two (rewrite/lower/groupfuse.go says when).
	Fused []VName
	// Fills are the replicates that are only the initial value of a
	// loop's array parameter (printed "fill x"): the loop fills the
	// parameter's buffer with the value, and they have no local array.
	Fills []VName
	// Speculate are the scalar ifs of the body (named by their first
	// result) whose branches the kernel runs both of, picking the
	// results by the condition (printed "speculate (x, y)"): branches of
	// a few operations that cannot fail and reads of local arrays at
	// proved indices (rewrite/lower/group.go says when), so that a
	// warp's work-items take no divergent paths and issue the reads
	// together.
	Speculate []VName
}

// LocalArray is an array of a segmap_group's body in local memory:
// Buffers buffers of its type, or, where Into is set, none of its own:
// it is the result of a loop iteration for Into, a merge parameter of
// that loop (of two buffers), and its Seg-op writes it straight into the
// parameter's spare buffer, which the iteration's end then swaps in
// (printed "into p" for "buffers n"), rather than the whole array being
// copied there every iteration.
type LocalArray struct {
	Name    VName
	Type    Type
	Buffers int
	Into    VName
}

// GroupMultiple is the multiple a segmap_group's work-group size is
// rounded up to: NVIDIA's warp, so that no warp is left partly idle
// (AMD's wavefront of 64 is a multiple of it, and PoCL does not care).
const GroupMultiple = 32

// TileVariant is one kernel of a 2-D tiled segmap: a work-group of T x T
// work-items computes a block of TR x TR results, R x R per work-item;
// the reduction advances Depth elements at a time, each row array's slab
// of Depth x TR elements staged in local memory (double buffered, rows
// padded by Pad elements against bank conflicts) and read Vector
// elements at a time.
type TileVariant struct {
	T, R, Vector, Depth, Pad int
}

// LoweredVersion is one version of a lowered Seg-op.
type LoweredVersion struct {
	Name string
	// Form is the version's low-level form, as Lift prints it.
	Form string
	// Facts are what the form says of the kernel, read off its patterns
	// (the Fact constants), in a fixed order.
	Facts []Fact
	// Lanes, when above 0, is the accumulators each work-item of the
	// version keeps (its vector width): lane u folds elements u, u+Lanes,
	// … of the work-item's chunk, so that their operations overlap. 0
	// where the version has no such choice.
	Lanes int
	// Launch names the formula by which the host derives the version's
	// launch (work-groups and work-items) from the run-time sizes and the
	// device: one of the Launch constants, each computed by runtime/exe.
	// "" where the kernel's generator launches one work-item per point
	// or element in work-groups of the default size.
	Launch string
	// LaunchParams are the constants of the formula that the lowering
	// chose: exactly those launchParams names for Launch are above 0.
	LaunchParams
}

// LaunchParams are the constants of a version's launch formula, printed
// after it by name (`launch "seg-groups" per_unit 8 min_group 32
// team_max 1024`). The host passes them to the formula, which combines
// them with the run-time sizes and the device; 0 where the formula has
// no such constant.
type LaunchParams struct {
	// MinChunk, for a launch that cuts the elements into contiguous
	// chunks, one per work-item, is the fewest elements worth a
	// work-item of their own.
	MinChunk int
	// PerUnit is how many work-groups (GPU launches) or work-items (cpu
	// launches) the launch gives each compute unit of the device when it
	// fills the device.
	PerUnit int
	// MinGroup is the smallest work-group size with which several
	// work-groups combine one segment's results; smaller groups reduce
	// each segment alone.
	MinGroup int
	// TeamMax is the longest segment a segmented reduction's team
	// version reduces; longer ones go to its groups version.
	TeamMax int
	// Chunk is the elements a work-item of a scan scans per tile.
	Chunk int
	// MinPerItem is the fewest elements a work-item of a segmented
	// reduction's groups or team reduces.
	MinPerItem int
	// MaxGroups is the most work-groups that share one segment.
	MaxGroups int
	// MaxTeam is the most work-items of a team.
	MaxTeam int
	// LocalBudget is the most bytes of local memory a scan's tile takes
	// (and at most half the device's).
	LocalBudget int
}

// launchParams says which LaunchParams each known launch takes, by their
// printed names.
var launchParams = map[string][]string{
	"":                nil,
	LaunchFlatGroups:  {"per_unit", "min_group"},
	LaunchSegGroups:   {"per_unit", "min_group", "team_max", "min_per_item", "max_groups"},
	LaunchTeam:        {"min_per_item", "max_team"},
	LaunchScanTiles:   {"per_unit", "chunk", "local_budget"},
	LaunchCPUSplit:    {"min_chunk", "per_unit"},
	LaunchCPUChunks:   {"min_chunk", "per_unit"},
	LaunchHistGroups:  {"per_unit"},
	LaunchSeqChunks:   {"per_unit"},
	LaunchSpreadItems: {"min_group"},
}

// fields are the parameters by their printed names, in printing order.
func (lp *LaunchParams) fields() []struct {
	name string
	v    *int
} {
	return []struct {
		name string
		v    *int
	}{
		{"min_chunk", &lp.MinChunk},
		{"per_unit", &lp.PerUnit},
		{"min_group", &lp.MinGroup},
		{"team_max", &lp.TeamMax},
		{"chunk", &lp.Chunk},
		{"min_per_item", &lp.MinPerItem},
		{"max_groups", &lp.MaxGroups},
		{"max_team", &lp.MaxTeam},
		{"local_budget", &lp.LocalBudget},
	}
}

// The launch formulas of LoweredVersion.Launch, each a method of
// runtime/exe's Context.
const (
	// LaunchFlatGroups: a flat reduction's work-groups, PerUnit per
	// compute unit and at most one per group of elements, one where
	// groups are smaller than MinGroup (FlatReduceGroups).
	LaunchFlatGroups = "flat-groups"
	// LaunchSegGroups: the work-groups per segment of a segmented
	// reduction, 0 sending segments of up to TeamMax elements to the
	// team version (SegRedGroups).
	LaunchSegGroups = "seg-groups"
	// LaunchTeam: the work-items that reduce one segment together, a
	// power of two up to MaxTeam, each reading at least MinPerItem
	// elements (SegRedTeam).
	LaunchTeam = "team"
	// LaunchScanTiles: a single-pass scan's work-group size, from its
	// tile of Chunk elements per work-item in local memory, and PerUnit
	// groups per compute unit (ScanGroupSize, ReduceNumGroups).
	LaunchScanTiles = "scan-tiles"
	// LaunchCPUSplit: a cpu reduction's PerUnit work-items per core fold
	// whole segments or chunks of at least MinChunk elements of one
	// (CPUSplit).
	LaunchCPUSplit = "cpu-split"
	// LaunchCPUChunks: a cpu scan's work-items, PerUnit per core, each
	// scanning a chunk of at least MinChunk elements (CPUItems).
	LaunchCPUChunks = "cpu-chunks"
	// LaunchHistGroups: the work-groups of a histogram's local version,
	// each with its sub-histogram, PerUnit per compute unit and at most
	// one per group of elements (ReduceNumGroups).
	LaunchHistGroups = "hist-groups"
	// LaunchSeqChunks: a flat reduction with array values cut into as
	// many chunks as PerUnit work-groups per compute unit have
	// work-items (ReduceNumGroups).
	LaunchSeqChunks = "seq-chunks"
	// LaunchSpreadItems: a map of one point per work-item in work-groups
	// of the default size, smaller (a multiple of MinGroup, at least
	// MinGroup) where its points are too few to give every compute unit
	// a group of that size, so that the groups spread over all of them
	// (SpreadGroup).
	LaunchSpreadItems = "spread-items"
)

// A Fact is a property of a low-level form that decides a kernel.
type Fact string

// The facts a lowered form can have.
const (
	// OnePerItem: map-global, one work-item per point, nothing shared.
	OnePerItem Fact = "one-per-item"
	// ItemsAlone: work-items fold alone (map-global, nothing shared by a
	// work-group).
	ItemsAlone Fact = "items-alone"
	// Strided: work-items take interleaved elements (reorder-stride), so
	// partial results may be combined in any order.
	Strided Fact = "strided"
	// GroupCombines: a work-group combines its items' partial results in
	// local memory (reduce-local).
	GroupCombines Fact = "group-combines"
	// LooksBack: work-groups take their carries from the groups before
	// them (propagate-lookback): a single-pass scan.
	LooksBack Fact = "looks-back"
	// PassCarries: chunks take their carries from a pass of their own
	// over the chunks' totals (propagate-global): a three-phase scan.
	PassCarries Fact = "pass-carries"
	// GlobalBins: a histogram's bins are updated in global memory.
	GlobalBins Fact = "global-bins"
	// LocalBins: a work-group's bins live in local memory.
	LocalBins Fact = "local-bins"
)

// Has reports whether the version's form has fact f.
func (v *LoweredVersion) Has(f Fact) bool {
	for _, x := range v.Facts {
		if x == f {
			return true
		}
	}
	return false
}

// Version returns the version called name, or nil.
func (l *Lowering) Version(name string) *LoweredVersion {
	if l == nil {
		return nil
	}
	for i := range l.Versions {
		if l.Versions[i].Name == name {
			return &l.Versions[i]
		}
	}
	return nil
}

// PointsPlan is how an untiled segmap's points are spread over
// work-items: PerItem of them at a time, strided by the launch size
// (work-item g of G computes g, g+G, g+2G, ...), or one work-item per
// point when PerItem is 1.
type PointsPlan struct {
	// Rule names the lowering rule that chose the plan.
	Rule string
	// PerItem is the points a work-item computes per step of its loop.
	PerItem int
	// StridedFrom, where PerItem > 1, is the fewest points for which
	// the host launches a PerItem-th as many work-items as points; for
	// fewer it launches one per point (whose loop then runs once).
	StridedFrom int
	// TinyRow, for a body that reduces one row per point, is the longest
	// row whose loop is interchanged with the points (each step of the
	// loop loads an element of each point's row); longer rows are
	// computed one point per work-item. 0 for other bodies.
	TinyRow int
	// Reduction, for a body that reduces one row per point (TinyRow > 0),
	// is the position of the row's reduction among the body's
	// statements: those before it and after it are straight-line code.
	Reduction int
	// Parts, for a map of one point per work-item whose results fall into
	// independent parts (no loop or SOAC serves two), are those parts, by
	// the results' positions. Where the points are too few to fill the
	// device (runtime/exe's SplitParts), each point gets one work-item
	// per part, which computes only what that part's results need, so
	// that the parts' work runs side by side rather than one after the
	// other in one work-item; otherwise one work-item computes all of a
	// point. nil: always the latter.
	Parts [][]int
	// Why is the rule's reason, in words.
	Why string
}

// The rules of PointsPlan.
const (
	// RuleOnePerItem: one work-item per point.
	RuleOnePerItem = "one-per-item"
	// RuleStreaming: a body that does little besides loading computes
	// several points per work-item, their loads in flight together.
	RuleStreaming = "streaming"
	// RuleRows: a body that reduces one row per point.
	RuleRows = "rows"
	// RuleGroupItems: a segmap in a segmap_group's body: work-item ltid
	// of the group computes points ltid, ltid+G, ... (G the group size).
	RuleGroupItems = "group-items"
	// RuleOnePerGroup: a segmap_group, one work-group per point.
	RuleOnePerGroup = "one-per-group"
)

// TileRoles is the tiling match of a tiled segmap's body, by position:
// its first len(Sides) statements are rows of invariant arrays, statement
// k indexed by the space index of dimension Sides[k] (0: the outer, the
// result's rows; 1: the inner, its columns), and statement Reduction is
// the reduction over them. A 1-D tiled body has no Sides: the statements
// before Reduction are per-work-item code, the reduction reads arrays
// invariant to the space, and the statements after it are its epilogue.
type TileRoles struct {
	Sides     []int
	Reduction int
}

func (l *Lowering) print(pr *printer) {
	pr.line("lowering {")
	pr.indent++
	for _, v := range l.Versions {
		facts := make([]string, len(v.Facts))
		for i, f := range v.Facts {
			facts[i] = fmt.Sprintf("%q", string(f))
		}
		lanes := ""
		if v.Lanes > 0 {
			lanes = fmt.Sprintf(" lanes %d", v.Lanes)
		}
		if v.Launch != "" {
			lanes += fmt.Sprintf(" launch %q", v.Launch)
			for _, f := range v.LaunchParams.fields() {
				if *f.v > 0 {
					lanes += fmt.Sprintf(" %s %d", f.name, *f.v)
				}
			}
		}
		pr.line("version %q %q (%s)%s", v.Name, v.Form, strings.Join(facts, ", "), lanes)
	}
	if p := l.Points; p != nil {
		rows := ""
		if p.StridedFrom > 0 {
			rows = fmt.Sprintf(" from %d", p.StridedFrom)
		}
		if p.TinyRow > 0 {
			rows += fmt.Sprintf(" tiny_row %d reduction %d", p.TinyRow, p.Reduction)
		}
		if len(p.Parts) > 0 {
			rows += " parts"
			for _, part := range p.Parts {
				is := make([]string, len(part))
				for k, i := range part {
					is[k] = fmt.Sprint(i)
				}
				rows += " [" + strings.Join(is, ", ") + "]"
			}
		}
		pr.line("points %q per_item %d%s why %q", p.Rule, p.PerItem, rows, p.Why)
	}
	if t := l.Tile; t != nil {
		sides := make([]string, len(t.Sides))
		for i, s := range t.Sides {
			sides[i] = fmt.Sprint(s)
		}
		pr.line("tile sides (%s) reduction %d", strings.Join(sides, ", "), t.Reduction)
	}
	for _, v := range l.TileVariants {
		pr.line("variant %d %d vector %d depth %d pad %d", v.T, v.R, v.Vector, v.Depth, v.Pad)
	}
	if l.NarrowOffsets {
		pr.line("offsets \"narrow\"")
	}
	if sp := l.Scratch; sp != nil {
		pr.line("scratch %q cap %d bytes %d why %q", sp.Rule, sp.Cap, sp.Bytes, sp.Why)
	}
	for _, x := range l.Eager {
		pr.line("eager %s", x)
	}
	for _, d := range l.Sizes {
		d.print(pr)
	}
	if g := l.Group; g != nil {
		widths := func(ws [][]SubExp) string {
			out := make([]string, len(ws))
			for i, w := range ws {
				ds := make([]string, len(w))
				for k, d := range w {
					ds[k] = subExp(d)
				}
				out[i] = strings.Join(ds, " * ")
			}
			return strings.Join(out, ", ")
		}
		pr.line("group widths (%s) size (%s) multiple %d barriers %d why %q", widths(g.Widths), widths(g.Size), g.Multiple, g.Barriers, g.Why)
		for _, a := range g.Local {
			if a.Into != "" {
				pr.line("local %s %s into %s", a.Name, a.Type, a.Into)
				continue
			}
			pr.line("local %s %s buffers %d", a.Name, a.Type, a.Buffers)
		}
		for _, x := range g.Fused {
			pr.line("fused %s", x)
		}
		for _, x := range g.Fills {
			pr.line("fill %s", x)
		}
		if len(g.Speculate) > 0 {
			pr.line("speculate (%s)", joinNames(g.Speculate))
		}
	}
	if len(l.Narrow) > 0 {
		pr.line("narrow (%s)", joinNames(l.Narrow))
	}
	pr.indent--
	pr.line("}")
}

// joinNames is names joined by commas.
func joinNames(names []VName) string {
	ns := make([]string, len(names))
	for i, x := range names {
		ns[i] = string(x)
	}
	return strings.Join(ns, ", ")
}

// lowering parses a lowering block when one comes next; nil otherwise.
func (p *parser) lowering() *Lowering {
	if !p.is("lowering") {
		return nil
	}
	p.next()
	p.expect("{")
	l := &Lowering{}
	for !p.is("}") {
		switch {
		case p.is("version"):
			p.next()
			v := LoweredVersion{Name: p.str(), Form: p.str()}
			p.list("(", ")", func() { v.Facts = append(v.Facts, Fact(p.str())) })
			if p.is("lanes") {
				p.next()
				v.Lanes = p.smallInt()
			}
			if p.is("launch") {
				p.next()
				v.Launch = p.str()
				for _, f := range v.LaunchParams.fields() {
					if p.is(f.name) {
						p.next()
						*f.v = p.smallInt()
					}
				}
			}
			l.Versions = append(l.Versions, v)
		case p.is("points"):
			p.next()
			pts := &PointsPlan{Rule: p.str()}
			p.expect("per_item")
			pts.PerItem = p.smallInt()
			if p.is("from") {
				p.next()
				pts.StridedFrom = p.smallInt()
			}
			if p.is("tiny_row") {
				p.next()
				pts.TinyRow = p.smallInt()
				p.expect("reduction")
				pts.Reduction = p.smallInt()
			}
			if p.is("parts") {
				p.next()
				for p.is("[") {
					var part []int
					p.list("[", "]", func() { part = append(part, p.smallInt()) })
					pts.Parts = append(pts.Parts, part)
				}
			}
			p.expect("why")
			pts.Why = p.str()
			l.Points = pts
		case p.is("tile"):
			p.next()
			t := &TileRoles{}
			p.expect("sides")
			p.list("(", ")", func() { t.Sides = append(t.Sides, p.smallInt()) })
			p.expect("reduction")
			t.Reduction = p.smallInt()
			l.Tile = t
		case p.is("variant"):
			p.next()
			v := TileVariant{T: p.smallInt(), R: p.smallInt()}
			p.expect("vector")
			v.Vector = p.smallInt()
			p.expect("depth")
			v.Depth = p.smallInt()
			p.expect("pad")
			v.Pad = p.smallInt()
			l.TileVariants = append(l.TileVariants, v)
		case p.is("offsets"):
			p.next()
			if o := p.str(); o != "narrow" {
				p.fail("unknown offsets %q in a lowering", o)
			}
			l.NarrowOffsets = true
		case p.is("scratch"):
			p.next()
			sp := &ScratchPlan{Rule: p.str()}
			p.expect("cap")
			sp.Cap = p.smallInt()
			p.expect("bytes")
			sp.Bytes = p.smallInt()
			p.expect("why")
			sp.Why = p.str()
			l.Scratch = sp
		case p.is("eager"):
			p.next()
			l.Eager = append(l.Eager, p.name())
		case p.is("size"):
			p.next()
			l.Sizes = append(l.Sizes, p.dynSize())
		case p.is("group"):
			p.next()
			p.expect("widths")
			g := &GroupPlan{}
			widths := func() (ws [][]SubExp) {
				p.list("(", ")", func() {
					w := []SubExp{p.subExp()}
					for p.is("*") {
						p.next()
						w = append(w, p.subExp())
					}
					ws = append(ws, w)
				})
				return ws
			}
			g.Widths = widths()
			p.expect("size")
			g.Size = widths()
			p.expect("multiple")
			g.Multiple = p.smallInt()
			p.expect("barriers")
			g.Barriers = p.smallInt()
			p.expect("why")
			g.Why = p.str()
			l.Group = g
		case p.is("local"):
			p.next()
			if l.Group == nil {
				p.fail("a local array before the group line in a lowering")
			}
			a := LocalArray{Name: p.name(), Type: p.typ()}
			if p.is("into") {
				p.next()
				a.Into = p.name()
			} else {
				p.expect("buffers")
				a.Buffers = p.smallInt()
			}
			l.Group.Local = append(l.Group.Local, a)
		case p.is("fused"):
			p.next()
			if l.Group == nil {
				p.fail("a fused scatter before the group line in a lowering")
			}
			l.Group.Fused = append(l.Group.Fused, p.name())
		case p.is("fill"):
			p.next()
			if l.Group == nil {
				p.fail("a fill before the group line in a lowering")
			}
			l.Group.Fills = append(l.Group.Fills, p.name())
		case p.is("narrow"):
			p.next()
			p.list("(", ")", func() { l.Narrow = append(l.Narrow, p.name()) })
		case p.is("speculate"):
			p.next()
			if l.Group == nil {
				p.fail("speculated ifs before the group line in a lowering")
			}
			p.list("(", ")", func() { l.Group.Speculate = append(l.Group.Speculate, p.name()) })
		default:
			p.fail("expected version, points, tile, variant, offsets, scratch, size, group, local, fused, fill, narrow, speculate, eager or '}' in a lowering, found %s", p.tok)
		}
	}
	p.next()
	return l
}

// partitions reports whether parts, two or more and none empty, hold
// each of 0..n-1 exactly once.
func partitions(parts [][]int, n int) bool {
	if len(parts) < 2 {
		return false
	}
	seen := make([]bool, n)
	count := 0
	for _, part := range parts {
		if len(part) == 0 {
			return false
		}
		for _, i := range part {
			if i < 0 || i >= n || seen[i] {
				return false
			}
			seen[i] = true
			count++
		}
	}
	return count == n
}

// smallInt parses a non-negative integer that fits an int32.
func (p *parser) smallInt() int {
	n := p.intLit()
	if n < 0 || n > 1<<31-1 {
		p.fail("bad count %d", n)
	}
	return int(n)
}

// StraightLine reports whether a body is straight-line code: scalar
// statements, indexing and ifs of straight-line branches, no loops and no
// SOACs.
func StraightLine(b *Body) bool {
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *SubExpExp, *BinOpExp, *CmpOpExp, *UnOpExp, *ConvOpExp,
			*IndexExp, *CallPrimExp, *AssertExp:
		case *IfExp:
			if !StraightLine(e.Then) || !StraightLine(e.Else) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// ShortCircuit returns the branch of e that computes x when e is the if
// that `c || x` or `c && x` becomes (frontend/internalise_exp.go): one
// boolean result, the other branch true (||, the then branch) or false
// (&&, the else branch) with no statements; or is true for ||. It
// returns nil where e is no such if.
func ShortCircuit(e *IfExp) (x *Body, or bool) {
	if len(e.Types) != 1 || e.Types[0].Rank() > 0 || e.Types[0].Elem != values.Bool {
		return nil, false
	}
	constant := func(b *Body, v bool) bool {
		if len(b.Stms) > 0 || len(b.Result) != 1 {
			return false
		}
		c, ok := b.Result[0].(Const)
		return ok && c.Value.T == values.Bool && c.Value.Bool() == v
	}
	switch {
	case constant(e.Then, true):
		return e.Else, true
	case constant(e.Else, false):
		return e.Then, false
	}
	return nil, false
}

// Speculable reports whether every statement of b computes a scalar
// from scalars or by reading one element of an array, so that the body
// may run where its value goes unused: reads out of bounds read
// nothing and its failures can be made conditional (the backend's
// eager ifs, Lowering.Eager).
func Speculable(b *Body) bool {
	for _, s := range b.Stms {
		for _, p := range s.Pat {
			if p.Type.Rank() > 0 {
				return false
			}
		}
		switch s.Exp.(type) {
		case *SubExpExp, *BinOpExp, *CmpOpExp, *UnOpExp, *ConvOpExp, *IndexExp:
		default:
			return false
		}
	}
	return true
}

// checkEager says what is wrong with a lowering's eager ifs: each must
// be a short-circuit if of e's bodies whose other branch is speculable.
func checkEager(e Exp, eager []VName) string {
	if len(eager) == 0 {
		return ""
	}
	ok := map[VName]bool{}
	for _, b := range ExpBodies(e) {
		VisitStms(b, func(s *Stm) {
			if ie, isIf := s.Exp.(*IfExp); isIf && len(s.Pat) == 1 {
				if x, _ := ShortCircuit(ie); x != nil && Speculable(x) {
					ok[s.Pat[0].Name] = true
				}
			}
		})
	}
	for _, x := range eager {
		if !ok[x] {
			return fmt.Sprintf("eager %s, which binds no short-circuit if of the Seg-op's body with a speculable branch", x)
		}
	}
	return ""
}

// CPUVersion names the version of a Seg-op that the host runs on a device
// of type CPU (exe.Context.CPUVersions), and its others on any other.
const CPUVersion = "cpu"

// LoweringOf returns the lowering recorded in a Seg-op expression (nil
// before the lower pass), and whether e is a Seg-op at all.
func LoweringOf(e Exp) (*Lowering, bool) {
	switch e := e.(type) {
	case *SegMapExp:
		return e.Lowering, true
	case *SegRedExp:
		return e.Lowering, true
	case *SegScanExp:
		return e.Lowering, true
	case *SegHistExp:
		return e.Lowering, true
	}
	return nil, false
}

// SetLowering records l in the Seg-op expression e; it reports whether e
// is a Seg-op.
func SetLowering(e Exp, l *Lowering) bool {
	switch e := e.(type) {
	case *SegMapExp:
		e.Lowering = l
	case *SegRedExp:
		e.Lowering = l
	case *SegScanExp:
		e.Lowering = l
	case *SegHistExp:
		e.Lowering = l
	default:
		return false
	}
	return true
}

// checkLowering says what is wrong with the lowering recorded in e, or ""
// when e is no Seg-op or its lowering fits it: a Seg-op has one; an
// untiled one has versions; an untiled segmap, and only it, a points plan
// whose row reduction (for the rows rule) is a screma of its body; a tiled
// segmap, and only it, roles whose rows and reduction are statements of
// its body, and kernel variants exactly when it is tiled in 2-D.
func checkLowering(e Exp) string {
	l, seg := LoweringOf(e)
	switch {
	case !seg:
		return ""
	case l == nil:
		return "a Seg-op without its lowering after the lower pass"
	}
	m, isMap := e.(*SegMapExp)
	tiled := isMap && m.Tile != nil
	switch {
	case !tiled && len(l.Versions) == 0:
		return "a lowering without versions"
	case (isMap && !tiled) != (l.Points != nil):
		return "a points plan where there is no untiled segmap, or none where there is"
	case tiled != (l.Tile != nil):
		return "tile roles where there is no tiled segmap, or none where there is"
	case (isMap && m.Level == LevelGroup) != (l.Group != nil):
		return "a group plan where there is no segmap_group, or none where there is"
	case (tiled && m.Tile.Rank == 2) != (len(l.TileVariants) > 0):
		return "tile variants where there is no 2-D tiled segmap, or none where there is"
	}
	if len(l.Narrow) > 0 {
		bound := BoundInExp(e)
		for _, x := range l.Narrow {
			if !bound[x] {
				return fmt.Sprintf("narrow %s, which the Seg-op does not bind", x)
			}
		}
	}
	for _, v := range l.Versions {
		takes, known := launchParams[v.Launch]
		if !known {
			return fmt.Sprintf("version %q with the unknown launch %q", v.Name, v.Launch)
		}
		for _, f := range v.LaunchParams.fields() {
			if slices.Contains(takes, f.name) != (*f.v > 0) {
				return fmt.Sprintf("version %q whose launch %q has a %s where it takes none, or none where it takes one", v.Name, v.Launch, f.name)
			}
		}
	}
	if l.NarrowOffsets && (!isMap || tiled) {
		return "narrow offsets where there is no untiled segmap"
	}
	if sp := l.Scratch; sp != nil {
		switch {
		case l.Points == nil || l.Points.Rule != RuleOnePerItem:
			return "a scratch plan where there is no segmap of one point per work-item"
		case sp.Rule != ScratchPrivate:
			return fmt.Sprintf("the unknown scratch rule %q", sp.Rule)
		case sp.Cap < 1 || sp.Bytes < sp.Cap:
			return "a private scratch plan of fewer than one element, or fewer bytes than elements"
		}
	}
	if p := l.Points; p != nil {
		if p.PerItem < 1 {
			return "a points plan of fewer than one point per work-item"
		}
		if (p.PerItem > 1) != (p.StridedFrom > 0) {
			return "a points plan of several points per work-item without the fewest points it takes them from, or one with"
		}
		// A group's plans (a segmap_group and the segmaps its work-items
		// share) have group forms, map-workgroup and map-local, whose
		// work-items are not alone.
		groupRule := p.Rule == RuleOnePerGroup || p.Rule == RuleGroupItems
		if v := l.Version(""); !groupRule && (v == nil || v.Has(Strided) != (p.PerItem > 1) || !v.Has(ItemsAlone)) {
			return "a points plan whose map's form does not say it: work-items alone, strided exactly when they take several points"
		}
		if p.Rule == RuleStreaming && !StraightLine(m.Body) {
			return "a streaming points plan for a body that is not straight-line code"
		}
		if len(p.Parts) > 0 && !partitions(p.Parts, len(m.Body.Result)) {
			return "a points plan whose parts are not a partition of the map's results into two or more"
		}
		if len(p.Parts) > 0 && p.Rule != RuleOnePerItem {
			return "parts in a points plan of several points per work-item"
		}
		if p.TinyRow > 0 && !isScremaAt(m.Body, p.Reduction) {
			return fmt.Sprintf("a rows plan whose reduction, statement %d, is not a screma of the body", p.Reduction)
		}
	}
	if g := l.Group; g != nil {
		if len(g.Widths) == 0 || g.Multiple < 1 {
			return "a group plan without widths or with a multiple below 1"
		}
		for _, w := range g.Widths {
			if len(w) == 0 {
				return "a group plan with an empty width"
			}
		}
		if len(g.Size) == 0 {
			return "a group plan without a size"
		}
		for _, z := range g.Size {
			if !slices.ContainsFunc(g.Widths, func(w []SubExp) bool { return slices.EqualFunc(w, z, SameSubExp) }) {
				return "a group plan whose size is none of its widths"
			}
		}
		bound := BoundInBody(m.Body)
		double := map[VName]bool{}
		for _, a := range g.Local {
			double[a.Name] = a.Buffers == 2
		}
		for _, a := range g.Local {
			if a.Into != "" {
				if !double[a.Into] {
					return fmt.Sprintf("local array %s into %s, which is not a local array of two buffers", a.Name, a.Into)
				}
			} else if a.Buffers < 1 || a.Buffers > 2 || a.Type.Rank() == 0 {
				return fmt.Sprintf("local array %s of %d buffers or not an array", a.Name, a.Buffers)
			}
			if !bound[a.Name] {
				return fmt.Sprintf("local array %s, which the segmap_group's body does not bind", a.Name)
			}
		}
		scatters, replicates := map[VName]bool{}, map[VName]bool{}
		VisitStms(m.Body, func(s *Stm) {
			switch s.Exp.(type) {
			case *ScatterExp:
				scatters[s.Pat[0].Name] = true
			case *ReplicateExp:
				replicates[s.Pat[0].Name] = true
			}
		})
		for _, x := range g.Fills {
			if !replicates[x] {
				return fmt.Sprintf("fill %s, which no replicate of the segmap_group's body binds", x)
			}
		}
		for _, x := range g.Fused {
			if !scatters[x] {
				return fmt.Sprintf("fused %s, which no scatter of the segmap_group's body binds", x)
			}
		}
		ifs := map[VName]bool{}
		VisitStms(m.Body, func(s *Stm) {
			if _, ok := s.Exp.(*IfExp); ok && len(s.Pat) > 0 {
				ifs[s.Pat[0].Name] = true
			}
		})
		for _, x := range g.Speculate {
			if !ifs[x] {
				return fmt.Sprintf("speculate %s, which no if of the segmap_group's body binds", x)
			}
		}
	}
	if t := l.Tile; t != nil {
		if !isScremaAt(m.Body, t.Reduction) {
			return fmt.Sprintf("tile roles whose reduction, statement %d, is not a screma of the body", t.Reduction)
		}
		for k, side := range t.Sides {
			if _, ok := m.Body.Stms[k].Exp.(*IndexExp); !ok || side < 0 || side >= len(m.Space) || k >= t.Reduction {
				return fmt.Sprintf("tile roles whose row %d is not a row of the body indexed by a space dimension", k)
			}
		}
	}
	if msg := checkEager(e, l.Eager); msg != "" {
		return msg
	}
	for _, d := range l.Sizes {
		if msg := checkPrePass(e, d); msg != "" {
			return msg
		}
	}
	return ""
}

// checkPrePass checks a size record's pre-pass: only a pre-pass has a
// slice or a max body, only for a Seg-op the backend runs one for (e,
// PrePassOp); with a bound and a slice each of whose names is the first
// bound by a statement of the body's top level, which the backend runs
// in the pre-pass kernel, or with a max body over the names known before
// the body.
func checkPrePass(e Exp, d DynSize) string {
	if d.Strategy != DynPrePass {
		if len(d.Slice) > 0 || d.Max != nil {
			return fmt.Sprintf("size %s with a pre-pass slice but strategy %q", d.Size, d.Strategy)
		}
		return ""
	}
	space, body, ok := PrePassOp(e)
	if !ok || (d.Bound == nil) == (d.Max == nil) {
		return fmt.Sprintf("size %s with a pre-pass where there is no untiled segmap or segred, or without a bound or with two", d.Size)
	}
	if d.Max != nil {
		// The pre-pass kernel knows the Seg-op's free names and its
		// space's indices only.
		known := FreeInExp(e)
		for _, sd := range space {
			known[sd.Index] = true
		}
		if len(d.Slice) > 0 || len(d.Max.Result) != 1 {
			return fmt.Sprintf("size %s whose pre-pass has a slice as well as a max body, or not one result", d.Size)
		}
		for n := range FreeInBody(d.Max) {
			if !known[n] {
				return fmt.Sprintf("size %s whose pre-pass uses %s, which is not known before the Seg-op's body", d.Size, n)
			}
		}
		return ""
	}
	first := map[VName]bool{}
	for _, s := range body.Stms {
		if len(s.Pat) > 0 {
			first[s.Pat[0].Name] = true
		}
	}
	for _, n := range d.Slice {
		if !first[n] {
			return fmt.Sprintf("size %s whose pre-pass slice names %s, which no statement of the body binds first", d.Size, n)
		}
	}
	return ""
}

func isScremaAt(b *Body, k int) bool {
	if k < 0 || k >= len(b.Stms) {
		return false
	}
	_, ok := b.Stms[k].Exp.(*ScremaExp)
	return ok
}
