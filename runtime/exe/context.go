package exe

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"
	"unsafe"

	"github.com/fcclang/fcc/runtime/cl"
	"github.com/fcclang/fcc/runtime/values"
)

// Defaults for the tunable sizes, as the Futhark OpenCL runtime uses them.
const (
	defaultGroupSize  = 256
	defaultNumGroups  = 256
	defaultTileSize   = 16
	defaultRegTile    = 4
	defaultThreshold  = 32 * 1024
	defaultDevicePref = cl.DeviceTypeGPU
)

// Context is the run-time state of an executable: the chosen device, its
// OpenCL context and (in-order, profiling) queue, the built program, a cache
// of kernels, and the options from the command line.
type Context struct {
	Opts *Options

	// CallDepth counts the calls of recursive functions under way
	// (backend/host.go bounds it, rather than let a runaway recursion
	// exhaust Go's stack).
	CallDepth int

	platform *cl.Platform
	device   *cl.Device
	ctx      *cl.Context
	queue    *cl.CommandQueue
	program  *cl.Program
	kernels  map[string]*cl.Kernel
	// wide is the program built without FCC_IX32, for launches on
	// buffers of 2 GiB or more (see wideArgs); it is built on first use,
	// which most runs never reach.
	wide        *cl.Program
	wideKernels map[string]*cl.Kernel
	source      string
	buildOpts   string
	missing     map[string]bool // kernels the program lacks (hasKernel)
	params      map[string]int64
	log         io.Writer

	memCur, memPeak int64

	// maxAlloc and globalMem are the device's limits (0: not yet read).
	maxAlloc, globalMem int64

	// live is set while the OpenCL context exists (see liveContexts).
	live bool

	// errBuf is where kernels report run-time errors (see ErrorBuffer).
	errBuf *Buffer
	// smallGroupNoted is set once combinedGroups has logged that small
	// work-groups reduce segments alone.
	smallGroupNoted bool
	// bigGroupNoted is set once DefaultGroupSize has logged that the
	// requested group size exceeds the device's maximum.
	bigGroupNoted bool
	// syncBuf is the zeroed buffer of SyncBuffer.
	syncBuf *Buffer
	// scanStatus is the buffer of ScanStatus; scanTag the tag of the
	// last launch that used it.
	scanStatus *Buffer
	scanTag    uint32
	// errHost (in the host stage, see stage.go) receives non-blocking
	// reads of errBuf;
	// errEv is the pending one, whose failures are formatted with
	// errSites; errDirty is set while a kernel that may fail was launched
	// after the last read (see DeferKernelErrorCheck).
	errHost  []byte
	errEv    *cl.Event
	errSites []KernelError
	errDirty bool

	// launchStates is what Launch keeps per kernel name (see
	// launchState), so that a launch makes one map lookup.
	launchStates map[string]*launchState

	// cannotFail are the kernels that never report a run-time error (see
	// kernelsThatCannotFail).
	cannotFail map[string]bool

	// maxGroup and computeUnits cache device queries that every launch
	// makes (0: not yet read).
	maxGroup, computeUnits, localMem int64

	// cpuVersions caches CPUVersions (devclass.go): 0 not yet read, 1
	// CPU versions, -1 GPU versions.
	cpuVersions int

	// allocs are the buffers allocated since the last ReleaseSince mark
	// (released ones included, until compacted): an entry point's run
	// frees what it allocated and did not return, whatever paths its host
	// code took.
	allocs []*Buffer

	// Released buffers kept for reuse by Alloc, and their total size.
	free      []*cl.MemObject
	freeBytes int64

	// Profiling (-P, see profile.go): events of launched kernels not yet
	// recorded, the launches recorded and not yet taken (at most
	// maxLaunchRecords, the rest folded into launchOverflow), the totals
	// per kernel name of those taken, the entry point that launches are
	// recorded for, and whether recording is paused.
	pending        []pendingEvent
	launches       []launchRecord
	launchOverflow map[launchKey]*kernelProfile
	prof           map[string]*kernelProfile
	provenance     string
	profPaused     bool

	// traceT0 is the start of the run being traced (see trace.go).
	traceT0 time.Time

	// idle is set while the queue is known to be empty: after a blocking
	// transfer or a Finish, until the next command is enqueued (Finish
	// then returns without calling the driver).
	idle bool
	// calls counts the OpenCL calls made (see clcount.go).
	calls CLCalls
	// stage is pinned host memory for small reads (see stage.go).
	stage    *cl.MemObject
	stageMap unsafe.Pointer
}

type pendingEvent struct {
	name string
	ev   *cl.Event
}

type kernelProfile struct {
	runs  int
	total time.Duration
}

// DeviceInfo describes one device for --list-devices and device selection.
type DeviceInfo struct {
	PlatformIndex, DeviceIndex int
	Platform                   *cl.Platform
	Device                     *cl.Device
}

// ListDevices returns every device of every platform, in platform order.
func ListDevices() ([]DeviceInfo, error) {
	ps, err := cl.GetPlatforms()
	if err == nil && len(ps) == 0 {
		err = cl.ErrPlatformNotFoundKHR
	}
	if err != nil {
		return nil, fmt.Errorf("no OpenCL platform found (is an OpenCL driver installed? the ICD loader looks in /etc/OpenCL/vendors, or OCL_ICD_VENDORS): %w", err)
	}
	var out []DeviceInfo
	for pi, p := range ps {
		ds, err := p.GetDevices(cl.DeviceTypeAll)
		if err != nil {
			return nil, fmt.Errorf("listing devices of platform %q: %w", p.Name(), err)
		}
		for di, d := range ds {
			out = append(out, DeviceInfo{pi, di, p, d})
		}
	}
	return out, nil
}

// selectDevice applies Futhark's rules: -p and -d select the first device
// whose platform name and device name contain the given strings ("#k" as
// the device name picks the k-th matching device); with neither, the first
// GPU is taken, or the first device when there is no GPU.
func selectDevice(devs []DeviceInfo, platform, device string) (DeviceInfo, error) {
	var cands []DeviceInfo
	for _, d := range devs {
		if platform != "" && !strings.Contains(d.Platform.Name(), platform) {
			continue
		}
		if device != "" && !strings.HasPrefix(device, "#") && !strings.Contains(d.Device.Name(), device) {
			continue
		}
		cands = append(cands, d)
	}
	if len(cands) == 0 {
		switch {
		case len(devs) == 0:
			return DeviceInfo{}, errors.New("no OpenCL device found")
		case platform != "" && device != "":
			return DeviceInfo{}, fmt.Errorf("no OpenCL device whose name contains %q on a platform whose name contains %q", device, platform)
		case platform != "":
			return DeviceInfo{}, fmt.Errorf("no OpenCL platform whose name contains %q", platform)
		default:
			return DeviceInfo{}, fmt.Errorf("no OpenCL device whose name contains %q", device)
		}
	}
	if strings.HasPrefix(device, "#") {
		var k int
		if _, err := fmt.Sscanf(device, "#%d", &k); err != nil || k < 0 || k >= len(cands) {
			return DeviceInfo{}, fmt.Errorf("device %q: there are %d devices (#0 to #%d)", device, len(cands), len(cands)-1)
		}
		return cands[k], nil
	}
	if platform == "" && device == "" {
		for _, d := range cands {
			if d.Device.Type()&defaultDevicePref != 0 {
				return d, nil
			}
		}
	}
	return cands[0], nil
}

// NewContext selects a device according to opts, creates the OpenCL context
// and queue and builds source (with opts.BuildOptions). Debug output (-D)
// and profiles (-P) go to log. A failed build returns an error holding the
// build log.
func NewContext(source string, opts *Options, log io.Writer) (*Context, error) {
	if opts == nil {
		opts = DefaultOptions()
	}
	if log == nil {
		log = io.Discard
	}
	c := &Context{Opts: opts, kernels: map[string]*cl.Kernel{}, params: map[string]int64{}, log: log, prof: map[string]*kernelProfile{}}
	for k, v := range opts.Params {
		c.params[k] = v
	}
	devs, err := ListDevices()
	if err != nil {
		return nil, err
	}
	sel, err := selectDevice(devs, opts.Platform, opts.Device)
	if err != nil {
		return nil, err
	}
	c.platform, c.device = sel.Platform, sel.Device
	c.Debugf("Using platform: %s\nUsing device: %s\n", c.platform.Name(), c.device.Name())
	if c.ctx, err = cl.CreateContext([]*cl.Device{c.device}); err != nil {
		return nil, fmt.Errorf("creating OpenCL context: %w", err)
	}
	// Counted from here to Close, so that the signal handler gives the
	// run time to unwind and release the context (see handleSignals).
	c.live = true
	liveContexts.Add(1)
	// Kernel times are measured only for -D and -P: a profiling queue
	// costs NVIDIA's driver some 8 us per launch (bench/probe).
	var props cl.CommandQueueProperty
	if opts.Profile || opts.Debug {
		props = cl.CommandQueueProfilingEnable
	}
	if c.queue, err = c.ctx.CreateCommandQueue(c.device, props); err != nil {
		c.Close()
		return nil, fmt.Errorf("creating OpenCL command queue: %w", err)
	}
	c.cannotFail = kernelsThatCannotFail(source)
	c.source = source
	c.buildOpts = strings.Join(append(platformBuildOptions(c.platform.Name()), opts.BuildOptions...), " ")
	if c.program, err = c.buildProgram(narrowIndexOption); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

// narrowIndexOption makes generated kernels compute element offsets in
// 32 bits (their fcc_ix type): a 64-bit multiply or add costs NVIDIA's
// GPUs several integer instructions, and stencils and gathers are bound
// by them (HotSpot's step: 10.0 -> 8.8 ms on an H100). Every offset into
// a buffer of under 2 GiB fits, so Launch takes this program's kernels
// unless an argument is bigger (wideArgs).
const narrowIndexOption = "-DFCC_IX32"

// buildProgram builds the context's source with its build options and
// extra, from the binary cache when it holds the program.
func (c *Context) buildProgram(extra string) (*cl.Program, error) {
	opts := strings.TrimSpace(c.buildOpts + " " + extra)
	start := time.Now()
	if p := c.loadCachedProgram(c.source, opts); p != nil {
		c.Debugf("Loaded OpenCL program from the binary cache in %v\n", time.Since(start))
		return p, nil
	}
	p, err := c.ctx.CreateProgramWithSource([]string{c.source})
	if err != nil {
		return nil, fmt.Errorf("creating OpenCL program: %w", err)
	}
	c.Debugf("Building OpenCL program (%d bytes) with options %q\n", len(c.source), opts)
	if err := p.BuildProgram([]*cl.Device{c.device}, opts); err != nil {
		p.Release()
		var be *cl.BuildError
		if errors.As(err, &be) {
			return nil, fmt.Errorf("OpenCL build failed:\n%s", strings.TrimSpace(be.Log))
		}
		return nil, fmt.Errorf("building OpenCL program: %w", err)
	}
	c.Debugf("Built OpenCL program in %v\n", time.Since(start))
	c.storeCachedProgram(p, c.source, opts)
	return p, nil
}

// Close releases the kernels, program, queue and context.
func (c *Context) Close() {
	for _, k := range c.kernels {
		k.Release()
	}
	c.kernels = map[string]*cl.Kernel{}
	for _, k := range c.wideKernels {
		k.Release()
	}
	c.wideKernels = nil
	if c.wide != nil {
		c.wide.Release()
		c.wide = nil
	}
	for _, p := range c.pending {
		p.ev.Release()
	}
	c.pending = nil
	if c.errEv != nil {
		c.errEv.Release()
		c.errEv = nil
	}
	if c.syncBuf != nil {
		c.syncBuf.Mem.Release()
		c.syncBuf = nil
	}
	if c.scanStatus != nil {
		c.scanStatus.Mem.Release()
		c.scanStatus = nil
	}
	if c.errBuf != nil {
		c.errBuf.Mem.Release()
		c.errBuf = nil
	}
	c.errHost = nil
	c.releaseStage()
	c.releaseKernelCopies()
	c.releaseFree()
	if c.program != nil {
		c.program.Release()
		c.program = nil
	}
	if c.queue != nil {
		c.queue.Release()
		c.queue = nil
	}
	if c.ctx != nil {
		c.ctx.Release()
		c.ctx = nil
	}
	if c.live {
		c.live = false
		liveContexts.Add(-1)
	}
}

// Device is the selected OpenCL device.
func (c *Context) Device() *cl.Device { return c.device }

// Platform is the selected device's platform.
func (c *Context) Platform() *cl.Platform { return c.platform }

// Queue is the command queue all work goes through.
func (c *Context) Queue() *cl.CommandQueue { return c.queue }

// CLContext is the underlying OpenCL context.
func (c *Context) CLContext() *cl.Context { return c.ctx }

// Debugf writes to the log when debugging (-D) is on.
func (c *Context) Debugf(format string, args ...any) {
	if c.Opts.Debug {
		fmt.Fprintf(c.log, format, args...)
	}
}

// Kernel returns the kernel called name, creating it on first use.
func (c *Context) Kernel(name string) (*cl.Kernel, error) {
	if k, ok := c.kernels[name]; ok {
		return k, nil
	}
	k, err := c.program.CreateKernel(name)
	if err != nil {
		return nil, fmt.Errorf("kernel %s: %w", name, err)
	}
	c.kernels[name] = k
	return k, nil
}

// wideKernel is Kernel from the program with 64-bit offsets, building it
// on first use.
func (c *Context) wideKernel(name string) (*cl.Kernel, error) {
	if k, ok := c.wideKernels[name]; ok {
		return k, nil
	}
	if c.wide == nil {
		p, err := c.buildProgram("")
		if err != nil {
			return nil, err
		}
		c.wide, c.wideKernels = p, map[string]*cl.Kernel{}
	}
	k, err := c.wide.CreateKernel(name)
	if err != nil {
		return nil, fmt.Errorf("kernel %s: %w", name, err)
	}
	c.wideKernels[name] = k
	return k, nil
}

// wideBufferBytes is the size from which a buffer needs 64-bit element
// offsets: 2^31 bytes hold fewer than 2^31 elements of any type. Tests
// lower it.
var wideBufferBytes int64 = 1 << 31

// wideArgs reports whether a launch needs 64-bit element offsets: some
// buffer argument holds wideBufferBytes or more.
func wideArgs(args []Arg) bool {
	for _, a := range args {
		if a.buf != nil && a.buf.Size >= wideBufferBytes {
			return true
		}
	}
	return false
}

// hasKernel reports whether the program has kernel name (creating it),
// remembering its absence: a host loop may ask at every iteration.
func (c *Context) hasKernel(name string) bool {
	if c.missing[name] {
		return false
	}
	if _, err := c.Kernel(name); err != nil {
		if c.missing == nil {
			c.missing = map[string]bool{}
		}
		c.missing[name] = true
		return false
	}
	return true
}

// Param returns the value of the tunable parameter name as set by --param
// or the tuning file, or def.
func (c *Context) Param(name string, def int64) int64 {
	if v, ok := c.params[name]; ok {
		return v
	}
	return def
}

// SetParam sets a tunable parameter (as --param would).
func (c *Context) SetParam(name string, v int64) { c.params[name] = v }

func (c *Context) deviceMaxGroup() int64 {
	if c.maxGroup == 0 {
		c.maxGroup = math.MaxInt64
		if m := int64(c.device.MaxWorkGroupSize()); m > 0 {
			c.maxGroup = m
		}
	}
	return c.maxGroup
}

// DefaultGroupSize is --default-group-size (256 if not given), clamped to
// the device's maximum work-group size.
func (c *Context) DefaultGroupSize() int64 {
	g := c.Opts.DefaultGroupSize
	if g <= 0 {
		g = defaultGroupSize
	}
	if m := c.deviceMaxGroup(); g > m {
		if !c.bigGroupNoted {
			c.bigGroupNoted = true
			c.Debugf("Work-groups of %d work-items requested; the device's maximum of %d used instead\n", g, m)
		}
		g = m
	}
	return g
}

// KernelGroupSize is DefaultGroupSize further clamped to the largest
// work-group the kernel can be launched with on this device.
func (c *Context) KernelGroupSize(kernel string) (int64, error) {
	k, err := c.Kernel(kernel)
	if err != nil {
		return 0, err
	}
	g := c.DefaultGroupSize()
	m, err := k.WorkGroupSize(c.device)
	if err != nil {
		return 0, fmt.Errorf("kernel %s: %w", kernel, err)
	}
	if m > 0 && int64(m) < g {
		g = int64(m)
	}
	return g, nil
}

// DefaultNumGroups is --default-num-groups (256 if not given).
func (c *Context) DefaultNumGroups() int64 {
	if c.Opts.DefaultNumGroups > 0 {
		return c.Opts.DefaultNumGroups
	}
	return defaultNumGroups
}

// ComputeUnits is the device's number of compute units (at least 1).
func (c *Context) ComputeUnits() int64 {
	if c.computeUnits == 0 {
		c.computeUnits = 1
		if c.device != nil {
			if n := int64(c.device.MaxComputeUnits()); n > 0 {
				c.computeUnits = n
			}
		}
	}
	return c.computeUnits
}

// Launch holds the constants of a launch formula that the lowering chose
// (soac.LaunchParams, printed in the Seg-op's lowering block): the host
// code passes them, and the formulas below combine them with the run-time
// sizes and the device. Each formula reads the fields its launch takes; a
// field is 0 where the launch has no such constant.
type Launch struct {
	// PerUnit is the work-groups (GPU launches) or work-items (cpu
	// launches) a compute unit gets when a launch fills the device.
	PerUnit int64
	// MinGroup is the smallest work-group with which several
	// work-groups combine one segment.
	MinGroup int64
	// TeamMax is the longest segment the team version reduces.
	TeamMax int64
	// MinPerItem is the fewest elements a work-item reduces in a
	// segmented reduction's groups or team.
	MinPerItem int64
	// MaxGroups is the most work-groups that share a segment.
	MaxGroups int64
	// MaxTeam is the most work-items in a team.
	MaxTeam int64
	// MinChunk is the fewest elements of a cpu version's chunk.
	MinChunk int64
	// Chunk is the elements a scan's work-item scans per tile.
	Chunk int64
	// LocalBudget is the most local memory a scan's tile takes.
	LocalBudget int64
}

// SpreadGroup is the work-group size of a map of n points, one per
// work-item (launch "spread-items"): the default group size, or where n
// points would then leave compute units without a group, the fewest
// work-items (a multiple of l.MinGroup, at least l.MinGroup) that give
// every compute unit one, so that few long-running work-items are spread
// over the whole device rather than crowded on a few of its units.
func (c *Context) SpreadGroup(n int64, l Launch) int64 {
	g := c.DefaultGroupSize()
	step := max(l.MinGroup, 1)
	if g <= step {
		return g
	}
	per := (max(n, 1) + c.ComputeUnits() - 1) / c.ComputeUnits()
	per = (per + step - 1) / step * step
	return min(g, max(per, step))
}

// privateScratchOff is FCC_NO_PRIVATE_SCRATCH=1 in the environment:
// kernels' private-scratch versions (soac.ScratchPlan) are not launched,
// their global-scratch versions always are (to measure what the private
// ones gain).
var privateScratchOff = os.Getenv("FCC_NO_PRIVATE_SCRATCH") != ""

// PrivateScratch reports whether a kernel's private-scratch version may
// be launched (see privateScratchOff).
func (c *Context) PrivateScratch() bool { return !privateScratchOff }

// SplitParts reports whether a map of n points whose results fall into k
// independent parts (soac.PointsPlan.Parts) runs a work-item per part of
// each point: where its n*k work-items are at most a group of the
// default size per compute unit, too few to fill the device, so that the
// parts' work runs side by side; otherwise one work-item computes all
// of a point's parts and reads what they share once.
func (c *Context) SplitParts(n, k int64) bool {
	return k > 1 && n <= c.ComputeUnits()*c.DefaultGroupSize()/k
}

// ReduceNumGroups is the number of work-groups a launch that fills the
// device gives it: --default-num-groups if given, otherwise perUnit per
// compute unit, the number the lowering chose
// (soac.LaunchParams.PerUnit).
func (c *Context) ReduceNumGroups(perUnit int64) int64 {
	if c.Opts.DefaultNumGroups > 0 {
		return c.Opts.DefaultNumGroups
	}
	return c.ComputeUnits() * max(perUnit, 1)
}

// SegRedGroups chooses the strategy of a segmented reduction of segs
// segments of segLen elements each, for work-groups of group work-items:
// 0 means one work-item per segment (segments of up to l.TeamMax
// elements); g >= 1 means g work-groups per segment, each reducing a
// contiguous part of it, whose partial results a second launch combines
// when g > 1 (few large segments). l holds the constants of launch
// "seg-groups".
func (c *Context) SegRedGroups(segs, segLen, group int64, l Launch) int64 {
	return c.combinedGroups(segRedGroups(segs, segLen, group, c.ReduceNumGroups(l.PerUnit), l), group, l.MinGroup)
}

// FlatReduceGroups is the number of work-groups of group work-items that
// reduce a one-dimensional array of n elements together: enough to fill
// the device (ReduceNumGroups(l.PerUnit)), one for few elements or groups
// smaller than l.MinGroup (launch "flat-groups").
func (c *Context) FlatReduceGroups(n, group int64, l Launch) int64 {
	return c.combinedGroups(min(groupsCovering(n, group), max(c.ReduceNumGroups(l.PerUnit), 1)), group, l.MinGroup)
}

// groupsCovering is the number of work-groups of group work-items that
// cover n work-items, at least one.
func groupsCovering(n, group int64) int64 { return max((n+group-1)/max(group, 1), 1) }

// combinedGroups is gps work-groups per segment, or 1 where the group is
// smaller than minGroup (said once in the debug log): the lowering's
// rule that several work-groups combine one segment only from minGroup
// work-items up (rewrite/lower, minCombinedGroup, says why).
func (c *Context) combinedGroups(gps, group, minGroup int64) int64 {
	if gps <= 1 || group >= minGroup {
		return gps
	}
	if !c.smallGroupNoted {
		c.smallGroupNoted = true
		c.Debugf("Work-groups of %d work-items reduce each segment alone (several combine only from %d work-items up)\n", group, minGroup)
	}
	return 1
}

func segRedGroups(segs, segLen, group, fill int64, l Launch) int64 {
	// Segments of up to l.TeamMax elements go to the team kernel (a few
	// work-items per segment, see SegRedTeam).
	if segLen <= l.TeamMax {
		return 0
	}
	if segs <= 0 || segs >= fill {
		return 1
	}
	// Few segments: split each over enough groups to fill the device,
	// but give every work-item at least l.MinPerItem elements and a
	// segment at most l.MaxGroups groups. Rounded down: one work-group
	// more than the device holds at once would run in a second wave of
	// its own (10 segments of 10^7 took 214 us instead of 161 with 1060
	// groups on an H100 that holds 1056).
	per := max(l.MinPerItem, 1) * group
	g := max(fill/segs, 1)
	g = min(g, (segLen+per-1)/per, max(l.MaxGroups, 1))
	return max(g, 1)
}

// ScanGroupSize is the work-group size of a scan whose work-items scan
// l.Chunk consecutive elements of bytes bytes each (all scanned values
// together) per tile (see backend/segscan.go): DefaultGroupSize, made
// smaller where the tile of group*chunk elements and the group's totals
// would not fit in half the device's local memory or l.LocalBudget bytes,
// so that several work-groups stay resident per compute unit.
func (c *Context) ScanGroupSize(bytes int64, l Launch) int64 {
	chunk := max(l.Chunk, 1)
	if c.localMem == 0 {
		c.localMem = 32 << 10
		if c.device != nil {
			if m := c.device.LocalMemSize(); m > 0 {
				c.localMem = m
			}
		}
	}
	budget := min(c.localMem/2, max(l.LocalBudget, 1))
	g := c.DefaultGroupSize()
	for g > 1 && (g*chunk+g*chunk/32+1)*bytes+g*bytes > budget {
		g /= 2
	}
	return g
}

// SegRedTeam is the number of work-items (a power of two up to
// l.MaxTeam that divides group) that reduce one segment of segLen
// elements together in the team kernel of a segmented reduction, each
// reading at least l.MinPerItem elements (launch "team"; the lowering
// says why).
func (c *Context) SegRedTeam(segLen, group int64, l Launch) int64 {
	return segRedTeam(segLen, group, l)
}

func segRedTeam(segLen, group int64, l Launch) int64 {
	w := int64(1)
	for w < l.MaxTeam && w*2*max(l.MinPerItem, 1) <= segLen && group%(w*2) == 0 {
		w *= 2
	}
	return w
}

// DefaultTileSize is --default-tile-size (16 if not given).
func (c *Context) DefaultTileSize() int64 {
	if c.Opts.DefaultTileSize > 0 {
		return c.Opts.DefaultTileSize
	}
	return defaultTileSize
}

// DefaultRegTileSize is --default-reg-tile-size (4 if not given).
func (c *Context) DefaultRegTileSize() int64 {
	if c.Opts.DefaultRegTileSize > 0 {
		return c.Opts.DefaultRegTileSize
	}
	return defaultRegTile
}

// DefaultThreshold is --default-threshold (32768 if not given).
func (c *Context) DefaultThreshold() int64 {
	if c.Opts.DefaultThreshold > 0 {
		return c.Opts.DefaultThreshold
	}
	return defaultThreshold
}

// Alloc allocates a device buffer of bytes bytes (0 is allowed).
func (c *Context) Alloc(bytes int64) (*Buffer, error) {
	if bytes < 0 {
		return nil, fmt.Errorf("allocating a buffer of negative size %d", bytes)
	}
	return c.alloc(bytes, func() string { return "a buffer" })
}

// alloc is Alloc, with what the memory is for (for the error message;
// a function, since host loops allocate every iteration and the text is
// needed only on failure).
func (c *Context) alloc(bytes int64, what func() string) (*Buffer, error) {
	b := new(Buffer)
	if err := c.allocInto(b, bytes, what); err != nil {
		return nil, err
	}
	return b, nil
}

// allocInto is alloc into a Buffer the caller allocated.
func (c *Context) allocInto(b *Buffer, bytes int64, what func() string) error {
	if err := checkInterrupt(); err != nil {
		return err
	}
	// Refuse what the device cannot hold before asking the driver, which
	// may otherwise fail late (at first use) or try to satisfy it.
	maxAlloc, global := c.memLimits()
	if bytes > math.MaxInt || (maxAlloc > 0 && bytes > maxAlloc) {
		return fmt.Errorf("%s: larger than the device's maximum allocation of %d bytes", c.oomText(bytes, what()), maxAlloc)
	}
	if global > 0 && c.memCur+bytes > global {
		return fmt.Errorf("%s: %d bytes are in use already", c.oomText(bytes, what()), c.memCur)
	}
	m := c.takeFree(max(bytes, 1))
	if traceOn {
		c.tracef("alloc %d bytes (cached: %v)", bytes, m != nil)
	}
	if m != nil {
		c.calls.Reused++
	} else {
		c.calls.CreateBuffer++
		var err error
		m, err = c.ctx.CreateEmptyBuffer(cl.MemReadWrite, int(max(bytes, 1)))
		if err != nil && len(c.free) > 0 {
			// Give the cached buffers back to the driver and try again.
			c.releaseFree()
			m, err = c.ctx.CreateEmptyBuffer(cl.MemReadWrite, int(max(bytes, 1)))
		}
		if err != nil {
			return fmt.Errorf("%s: %d bytes in use: %w", c.oomText(bytes, what()), c.memCur, err)
		}
	}
	c.memCur += bytes
	c.memPeak = max(c.memPeak, c.memCur)
	if c.Opts.Debug {
		c.Debugf("Allocated %d bytes (%d in use)\n", bytes, c.memCur)
	}
	*b = Buffer{Mem: m, Size: bytes}
	c.track(b)
	return nil
}

// memLimits returns the device's maximum allocation and global memory
// size, read once.
func (c *Context) memLimits() (maxAlloc, global int64) {
	if c.maxAlloc == 0 {
		c.maxAlloc, c.globalMem = max(c.device.MaxMemAllocSize(), -1), max(c.device.GlobalMemSize(), -1)
	}
	return c.maxAlloc, c.globalMem
}

func (c *Context) globalMemSize() int64 { _, g := c.memLimits(); return g }

// oomText is the start of every out-of-memory message.
func (c *Context) oomText(bytes int64, what string) string {
	_, global := c.memLimits()
	return fmt.Sprintf("out of device memory: allocating %d bytes for %s (device has %d bytes)", bytes, what, global)
}

// isOOM reports whether err carries an OpenCL status code that means the
// device ran out of memory or resources.
func isOOM(err error) bool {
	return errors.Is(err, cl.ErrMemObjectAllocFailure) || errors.Is(err, cl.ErrOutOfResources) || errors.Is(err, cl.ErrOutOfHostMemory)
}

// track records an allocation for ReleaseSince, dropping released entries
// now and then so that a long host loop does not grow the list without
// bound.
func (c *Context) track(b *Buffer) {
	if len(c.allocs) >= 1024 && len(c.allocs) == cap(c.allocs) {
		live := c.allocs[:0]
		for _, x := range c.allocs {
			if x.Mem != nil {
				live = append(live, x)
			}
		}
		c.allocs = live
	}
	c.allocs = append(c.allocs, b)
}

// AllocMark returns a mark for ReleaseSince.
func (c *Context) AllocMark() int {
	// Compaction may have moved entries; marks are only taken between runs,
	// when the list holds nothing of the run to come.
	return len(c.allocs)
}

// ReleaseSince releases every buffer allocated since mark that is still
// held, except those in keep (the arrays a run returns).
func (c *Context) ReleaseSince(mark int, keep ...*DeviceArray) {
	if mark > len(c.allocs) {
		mark = len(c.allocs)
	}
	// Host loops call this every iteration with a few arrays to keep: a
	// scan of keep allocates nothing, where a set would.
	kept := func(b *Buffer) bool {
		for _, a := range keep {
			if a != nil && a.Buf == b {
				return true
			}
		}
		return false
	}
	still := c.allocs[mark:mark]
	for _, b := range c.allocs[mark:] {
		if kept(b) {
			if b.Mem != nil {
				still = append(still, b)
			}
			continue
		}
		c.Release(b)
	}
	n := mark + len(still)
	clear(c.allocs[n:]) // drop the released buffers for the collector
	c.allocs = c.allocs[:n]
}

// Release frees a buffer (keeping its memory for reuse by Alloc). The
// buffer must not be in use by queued commands that are still to run with
// other contents: reuse is safe because the queue is in order. Releasing nil or an already released buffer is
// harmless, so that results aliasing inputs can be released as both.
func (c *Context) Release(b *Buffer) {
	if b == nil || b.Mem == nil {
		return
	}
	// Keep the buffer for reuse: allocation (and first touch) on GPUs costs
	// far more than a kernel, and entry points run repeatedly under -r
	// allocate the same sizes every run.
	c.free = append(c.free, b.Mem)
	c.freeBytes += int64(b.Mem.Size())
	b.Mem = nil
	c.memCur -= b.Size
	for c.freeBytes > maxFreeBytes && len(c.free) > 0 {
		c.free[0].Release()
		c.freeBytes -= int64(c.free[0].Size())
		c.free = c.free[1:]
	}
}

// maxFreeBytes bounds the memory kept in the free list.
const maxFreeBytes = 4 << 30

// takeFree removes and returns the smallest cached buffer of at least
// bytes and at most twice that (so small requests do not pin big
// buffers), or nil.
func (c *Context) takeFree(bytes int64) *cl.MemObject {
	best := -1
	for i, m := range c.free {
		sz := int64(m.Size())
		if sz >= bytes && sz <= 2*bytes && (best < 0 || sz < int64(c.free[best].Size())) {
			best = i
		}
	}
	if best < 0 {
		return nil
	}
	m := c.free[best]
	c.free = append(c.free[:best], c.free[best+1:]...)
	c.freeBytes -= int64(m.Size())
	return m
}

// releaseFree returns every cached buffer to the driver.
func (c *Context) releaseFree() {
	for _, m := range c.free {
		m.Release()
	}
	c.free, c.freeBytes = nil, 0
}

// ReleaseArray frees an array's buffer (nil is harmless).
func (c *Context) ReleaseArray(a *DeviceArray) {
	if a != nil {
		c.Release(a.Buf)
	}
}

// MemoryUsage reports the bytes currently allocated and the peak so far.
func (c *Context) MemoryUsage() (current, peak int64) { return c.memCur, c.memPeak }

// errTooLarge is arrayBytes's error for a size beyond int64.
var errTooLarge = errors.New("too large")

// arrayBytes computes the byte size of an array, refusing negative or
// overflowing shapes.
func arrayBytes(elem values.PrimType, shape []int64) (int64, error) {
	n := int64(elem.Size())
	for _, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("negative dimension in shape %s", sizeList(shape))
		}
		if d == 0 {
			n = 0 // no elements, whatever the other dimensions
		}
	}
	for _, d := range shape {
		if d != 0 && n > math.MaxInt64/d {
			return 0, fmt.Errorf("array of shape %s is %w", sizeList(shape), errTooLarge)
		}
		n *= d
	}
	return n, nil
}

// NewArray allocates an uninitialised device array.
func (c *Context) NewArray(elem values.PrimType, shape []int64) (*DeviceArray, error) {
	what := func() string { return "an array of type " + shapeText(shape) + elem.String() }
	n, err := arrayBytes(elem, shape)
	if errors.Is(err, errTooLarge) {
		return nil, fmt.Errorf("out of device memory: allocating more than %d bytes for %s (device has %d bytes)", int64(math.MaxInt64), what(), c.globalMemSize())
	}
	if err != nil {
		return nil, err
	}
	blk := new(arrayBlock)
	if err := c.allocInto(&blk.buf, n, what); err != nil {
		return nil, err
	}
	var sh []int64
	if len(shape) <= len(blk.shape) {
		sh = blk.shape[:len(shape):len(shape)] // capacity len: an append copies
	} else {
		sh = make([]int64, len(shape))
	}
	copy(sh, shape)
	blk.arr = DeviceArray{Buf: &blk.buf, Elem: elem, Shape: sh}
	return &blk.arr, nil
}

// arrayBlock is a new array, its buffer and its shape (up to rank 3) in
// one allocation instead of three: host loops make an array every
// iteration.
type arrayBlock struct {
	arr   DeviceArray
	buf   Buffer
	shape [3]int64
}

// dataBytes views the data slice of a value as bytes, without copying.
// Go's bool is one byte holding 0 or 1, the layout the kernels use.
func dataBytes(data any) ([]byte, error) {
	view := func(p unsafe.Pointer, n, size int) []byte {
		if n == 0 {
			return nil
		}
		return unsafe.Slice((*byte)(p), n*size)
	}
	switch d := data.(type) {
	case []bool:
		return view(unsafe.Pointer(unsafe.SliceData(d)), len(d), 1), nil
	case []int8:
		return view(unsafe.Pointer(unsafe.SliceData(d)), len(d), 1), nil
	case []int16:
		return view(unsafe.Pointer(unsafe.SliceData(d)), len(d), 2), nil
	case []int32:
		return view(unsafe.Pointer(unsafe.SliceData(d)), len(d), 4), nil
	case []int64:
		return view(unsafe.Pointer(unsafe.SliceData(d)), len(d), 8), nil
	case []uint8:
		return d, nil
	case []uint16:
		return view(unsafe.Pointer(unsafe.SliceData(d)), len(d), 2), nil
	case []uint32:
		return view(unsafe.Pointer(unsafe.SliceData(d)), len(d), 4), nil
	case []uint64:
		return view(unsafe.Pointer(unsafe.SliceData(d)), len(d), 8), nil
	case []float32:
		return view(unsafe.Pointer(unsafe.SliceData(d)), len(d), 4), nil
	case []float64:
		return view(unsafe.Pointer(unsafe.SliceData(d)), len(d), 8), nil
	}
	return nil, fmt.Errorf("unsupported value data %T", data)
}

// Upload copies a value (scalar or array) to a new device array.
func (c *Context) Upload(v values.Value) (*DeviceArray, error) {
	if err := v.Validate(); err != nil {
		return nil, err
	}
	a, err := c.NewArray(v.Type, v.Shape)
	if err != nil {
		return nil, err
	}
	src, err := dataBytes(v.Data)
	if err != nil {
		c.ReleaseArray(a)
		return nil, err
	}
	if int64(len(src)) != a.Buf.Size {
		c.ReleaseArray(a)
		return nil, fmt.Errorf("value of type %s holds %d bytes, want %d", v.TypeString(), len(src), a.Buf.Size)
	}
	c.calls.Write++
	if err := c.queue.EnqueueWriteBufferBytes(a.Buf.Mem, 0, src); err != nil {
		c.ReleaseArray(a)
		if isOOM(err) {
			return nil, fmt.Errorf("%s: %w", c.oomText(a.Buf.Size, "an array of type "+v.TypeString()), err)
		}
		return nil, fmt.Errorf("copying %d bytes to the device: %w", len(src), err)
	}
	return a, nil
}

// Download copies a device array to the host.
func (c *Context) Download(a *DeviceArray) (values.Value, error) {
	if err := checkInterrupt(); err != nil {
		return values.Value{}, err
	}
	if a == nil || a.Buf == nil || a.Buf.Mem == nil {
		return values.Value{}, errors.New("downloading a released or nil array")
	}
	if !a.Manifest() {
		m, err := c.Manifest(a)
		if err != nil {
			return values.Value{}, err
		}
		defer func() {
			if m.Buf != a.Buf {
				c.ReleaseArray(m)
			}
		}()
		a = m
	}
	n, err := arrayBytes(a.Elem, a.Shape)
	if err != nil {
		return values.Value{}, err
	}
	if n > a.Buf.Size {
		return values.Value{}, fmt.Errorf("array of type %s needs %d bytes but its buffer has %d", a.TypeString(), n, a.Buf.Size)
	}
	v := values.NewArray(a.Elem, a.Shape)
	if a.Elem == values.Bool {
		// Read bytes and normalise, since a kernel may store any non-zero
		// byte as true and a Go bool must be exactly 0 or 1.
		raw := make([]byte, n)
		c.calls.Read++
		if err := c.queue.EnqueueReadBufferBytes(a.Buf.Mem, 0, raw); err != nil {
			return values.Value{}, fmt.Errorf("copying %d bytes from the device: %w", n, err)
		}
		// The blocking read completed any pending read of the error
		// buffer: a kernel's failure wins over its results.
		if err := c.takeKernelError(); err != nil {
			return values.Value{}, err
		}
		bs := v.Data.([]bool)
		for i, b := range raw {
			bs[i] = b != 0
		}
		return v, nil
	}
	dst, err := dataBytes(v.Data)
	if err != nil {
		return values.Value{}, err
	}
	c.calls.Read++
	if err := c.queue.EnqueueReadBufferBytes(a.Buf.Mem, 0, dst); err != nil {
		return values.Value{}, fmt.Errorf("copying %d bytes from the device: %w", n, err)
	}
	if err := c.takeKernelError(); err != nil {
		return values.Value{}, err
	}
	return v, nil
}

// ReadScalar reads element index of a buffer holding elements of type elem
// (a host-side read of one value, e.g. a loop condition or a size). It
// returns bool, int8..int64, uint8..uint64, F16, float32 or float64.
func (c *Context) ReadScalar(buf *Buffer, elem values.PrimType, index int64) (any, error) {
	if err := checkInterrupt(); err != nil {
		return nil, err
	}
	size := int64(elem.Size())
	if buf == nil || buf.Mem == nil || index < 0 || (index+1)*size > buf.Size {
		return nil, fmt.Errorf("reading %s element %d outside buffer", elem, index)
	}
	c.tracef("read scalar")
	raw, err := c.readStaged(buf, index*size, size)
	if err != nil {
		return nil, fmt.Errorf("reading a %s from the device: %w", elem, err)
	}
	c.tracef("read scalar done")
	// The blocking read completed any pending read of the error buffer
	// (see DeferKernelErrorCheck): a failure wins over the value.
	if err := c.takeKernelError(); err != nil {
		return nil, err
	}
	return scalarFromBytes(elem, raw), nil
}

// WriteScalar writes a Go scalar (as ReadScalar returns them) to element
// index of buf, whose elements are of the scalar's type.
func (c *Context) WriteScalar(buf *Buffer, index int64, x any) error {
	b, err := scalarBytes(x)
	if err != nil {
		return err
	}
	size := int64(len(b))
	if buf == nil || buf.Mem == nil || index < 0 || (index+1)*size > buf.Size {
		return fmt.Errorf("writing element %d outside buffer", index)
	}
	c.calls.Write++
	if err := c.queue.EnqueueWriteBufferBytes(buf.Mem, int(index*size), b); err != nil {
		return fmt.Errorf("writing a scalar to the device: %w", err)
	}
	return nil
}

// Copy copies bytes bytes between device buffers; 0 bytes is a no-op.
func (c *Context) Copy(dst *Buffer, dstOffset int64, src *Buffer, srcOffset int64, bytes int64) error {
	if err := checkInterrupt(); err != nil {
		return err
	}
	if bytes == 0 {
		return nil
	}
	if dst == nil || src == nil || dst.Mem == nil || src.Mem == nil {
		return errors.New("copy between released or nil buffers")
	}
	c.idle = false
	c.calls.Copy++
	c.calls.CopyBytes += bytes
	ev, err := c.queue.EnqueueCopyBuffer(src.Mem, dst.Mem, int(srcOffset), int(dstOffset), int(bytes), nil)
	if err != nil {
		return fmt.Errorf("copying %d bytes on the device: %w", bytes, err)
	}
	ev.Release()
	return nil
}

// Fill sets bytes bytes of buf at offset to repetitions of pattern (1, 2, 4,
// ... 128 bytes long; offset and bytes multiples of its length).
func (c *Context) Fill(buf *Buffer, pattern []byte, offset, bytes int64) error {
	if bytes == 0 {
		return nil
	}
	if buf == nil || buf.Mem == nil || len(pattern) == 0 {
		return errors.New("fill of a released or nil buffer, or with an empty pattern")
	}
	c.idle = false
	ev, err := c.queue.EnqueueFillBuffer(buf.Mem, unsafe.Pointer(&pattern[0]), len(pattern), int(offset), int(bytes), nil)
	if err != nil {
		return fmt.Errorf("filling %d bytes on the device: %w", bytes, err)
	}
	ev.Release()
	return nil
}

// scalarBytes returns the bytes of a Go scalar as a kernel or buffer
// expects them (bool as one byte, F16 as its bits).
func scalarBytes(x any) ([]byte, error) {
	var b []byte
	put := func(v uint64, n int) {
		b = make([]byte, n)
		for i := 0; i < n; i++ {
			b[i] = byte(v >> (8 * i))
		}
	}
	switch v := x.(type) {
	case bool:
		if v {
			put(1, 1)
		} else {
			put(0, 1)
		}
	case int8:
		put(uint64(v), 1)
	case int16:
		put(uint64(v), 2)
	case int32:
		put(uint64(v), 4)
	case int64:
		put(uint64(v), 8)
	case uint8:
		put(uint64(v), 1)
	case uint16:
		put(uint64(v), 2)
	case uint32:
		put(uint64(v), 4)
	case uint64:
		put(v, 8)
	case F16:
		put(uint64(v), 2)
	case float32:
		put(uint64(math.Float32bits(v)), 4)
	case float64:
		put(math.Float64bits(v), 8)
	default:
		return nil, fmt.Errorf("unsupported scalar type %T", x)
	}
	return b, nil
}

// scalarFromBytes decodes a little-endian scalar (OpenCL devices fcc
// targets are little-endian, like their hosts).
func scalarFromBytes(elem values.PrimType, b []byte) any {
	var u uint64
	for i := len(b) - 1; i >= 0; i-- {
		u = u<<8 | uint64(b[i])
	}
	switch elem {
	case values.Bool:
		return u != 0
	case values.I8:
		return int8(u)
	case values.I16:
		return int16(u)
	case values.I32:
		return int32(u)
	case values.I64:
		return int64(u)
	case values.U8:
		return uint8(u)
	case values.U16:
		return uint16(u)
	case values.U32:
		return uint32(u)
	case values.U64:
		return u
	case values.F16:
		return F16(u)
	case values.F32:
		return math.Float32frombits(uint32(u))
	case values.F64:
		return math.Float64frombits(u)
	}
	return nil
}

// launchState is what Launch keeps for one kernel name: its kernel
// objects, resolved once, for the program and for the wide program, and
// the arguments last set on each. Launch sets only the arguments that
// changed, since every clSetKernelArg is a call through cgo into the
// driver, and repeated runs launch the same kernels with the same buffers
// (the free list hands them back). A host loop whose arrays alternate
// between two buffers (double buffering, the free list's doing) would
// change its buffer arguments at every launch: there Launch makes a second
// kernel object of the kernel, and each alternation finds its buffers
// already set on one of the two.
type launchState struct {
	narrow, wide []launchSlot
	cannotFail   bool
	// launches counts the launches (up to maxKernelCopies), so that a
	// second object is made only for a kernel launched repeatedly.
	launches int
}

// launchSlot is one kernel object and the arguments last set on it.
type launchSlot struct {
	k    *cl.Kernel
	last []kernelArgVal
}

// maxKernelCopies is the most kernel objects Launch keeps per kernel and
// program: two serve double buffering. FCC_KERNEL_COPIES=1 keeps one, to
// measure what the second saves (bench/probe/launch_floor.c times both
// ways of launching).
var maxKernelCopies = kernelCopies(os.Getenv("FCC_KERNEL_COPIES"))

// kernelCopies is maxKernelCopies for the value of FCC_KERNEL_COPIES: 1
// or 2, 2 for anything else.
func kernelCopies(env string) int {
	if env == "1" {
		return 1
	}
	return 2
}

// slot picks the kernel object of st to launch with vals: the one on
// which the fewest arguments change, or a new one where buffer arguments
// would change on every object and the kernel was launched at least
// twice before (a kernel launched once per run keeps one object).
func (c *Context) slot(kernel string, st *launchState, wide bool, args []Arg) (*launchSlot, error) {
	slots := &st.narrow
	if wide {
		slots = &st.wide
	}
	best, bestDiff, bufferDiff := 0, len(args)+1, false
	for i := range *slots {
		s := &(*slots)[i]
		if len(s.last) != len(args) {
			s.last = make([]kernelArgVal, len(args))
		}
		diff, buf := 0, false
		for j, a := range args {
			if s.last[j] != a.val {
				diff++
				buf = buf || a.val.kind == argMem
			}
		}
		if diff < bestDiff {
			best, bestDiff, bufferDiff = i, diff, buf
		}
	}
	if bufferDiff && len(*slots) < maxKernelCopies && st.launches >= maxKernelCopies {
		p := c.program
		if wide {
			p = c.wide
		}
		k, err := p.CreateKernel(kernel)
		if err != nil {
			return nil, fmt.Errorf("kernel %s: %w", kernel, err)
		}
		*slots = append(*slots, launchSlot{k: k, last: make([]kernelArgVal, len(args))})
		best = len(*slots) - 1
	}
	st.launches = min(st.launches+1, maxKernelCopies)
	return &(*slots)[best], nil
}

// releaseKernelCopies releases the kernel objects Launch made beyond the
// first of each kernel (which c.kernels and c.wideKernels hold).
func (c *Context) releaseKernelCopies() {
	for _, st := range c.launchStates {
		for _, slots := range [][]launchSlot{st.narrow, st.wide} {
			for i := 1; i < len(slots); i++ {
				slots[i].k.Release()
			}
		}
	}
	c.launchStates = nil
}

// argKind is the kind of a kernelArgVal; its zero value marks an argument
// not yet set.
type argKind uint8

const (
	argUnset argKind = iota
	argScalar
	argMem
	argLocal
)

// kernelArgVal is a Launch argument as cl.Kernel's setters take it. It is
// comparable, so that Launch can tell an unchanged argument, and holds no
// interface, so that keeping it allocates nothing. Scalars compare by
// their bits: -0 differs from +0, and a NaN equals itself.
type kernelArgVal struct {
	kind argKind
	size uint8  // scalars: bytes
	bits uint64 // scalars: the value's bits; local memory: bytes
	mem  *cl.MemObject
}

// Arg is a kernel argument of LaunchArgs, made by A.
type Arg struct {
	val kernelArgVal
	// buf is the buffer of a *Buffer or *DeviceArray argument (for the
	// choice of the wide program and the error buffer's bookkeeping).
	buf *Buffer
	// err is why the argument cannot be passed (a released buffer),
	// reported by the launch.
	err error
}

// ArgType is the Go types of kernel arguments: buffers, arrays, local
// memory sizes and scalars (bool is passed as a uchar, F16 as a ushort).
type ArgType interface {
	*Buffer | *DeviceArray | Local | bool | F16 | int8 | int16 | int32 | int64 | uint8 | uint16 | uint32 | uint64 | float32 | float64
}

var (
	errReleasedBuffer = errors.New("nil or released buffer")
	errReleasedArray  = errors.New("nil or released array")
)

// A is v as a kernel argument of LaunchArgs. Unlike Launch's arguments
// (interfaces, which box every scalar on the heap), it allocates nothing:
// the generated host code of a loop launches at every iteration.
func A[T ArgType](v T) Arg {
	// The type is told from the zero value, whose conversion to an
	// interface allocates nothing; v itself is read through its bits.
	var zero T
	switch any(zero).(type) {
	case *Buffer:
		b := any(v).(*Buffer)
		if b == nil || b.Mem == nil {
			return Arg{err: errReleasedBuffer}
		}
		return Arg{val: kernelArgVal{kind: argMem, mem: b.Mem}, buf: b}
	case *DeviceArray:
		a := any(v).(*DeviceArray)
		if a == nil || a.Buf == nil || a.Buf.Mem == nil {
			return Arg{err: errReleasedArray}
		}
		return Arg{val: kernelArgVal{kind: argMem, mem: a.Buf.Mem}, buf: a.Buf}
	case Local:
		// A negative size is cl.Kernel.SetArgLocal's error.
		return Arg{val: kernelArgVal{kind: argLocal, bits: uint64(*(*Local)(unsafe.Pointer(&v)))}}
	}
	// A scalar: its bits as the kernel reads them (a bool's byte is 0 or
	// 1, a float's are IEEE's, a signed integer's two's complement).
	p, size := unsafe.Pointer(&v), unsafe.Sizeof(v)
	var bits uint64
	switch size {
	case 1:
		bits = uint64(*(*uint8)(p))
	case 2:
		bits = uint64(*(*uint16)(p))
	case 4:
		bits = uint64(*(*uint32)(p))
	default:
		bits = *(*uint64)(p)
	}
	return Arg{val: kernelArgVal{kind: argScalar, size: uint8(size), bits: bits}}
}

// kernelArg converts a Launch argument to an Arg.
func kernelArg(a any) Arg {
	switch v := a.(type) {
	case *Buffer:
		return A(v)
	case *DeviceArray:
		return A(v)
	case Local:
		return A(v)
	case bool:
		return A(v)
	case F16:
		return A(v)
	case int8:
		return A(v)
	case int16:
		return A(v)
	case int32:
		return A(v)
	case int64:
		return A(v)
	case uint8:
		return A(v)
	case uint16:
		return A(v)
	case uint32:
		return A(v)
	case uint64:
		return A(v)
	case float32:
		return A(v)
	case float64:
		return A(v)
	}
	return Arg{err: fmt.Errorf("unsupported argument type %T", a)}
}

// set sets argument index of k to v.
func (v kernelArgVal) set(k *cl.Kernel, index int) error {
	switch v.kind {
	case argMem:
		return k.SetArgMem(index, v.mem)
	case argLocal:
		return k.SetArgLocal(index, int(v.bits))
	}
	return k.SetArgScalar(index, int(v.size), v.bits)
}

// sizeList is fmt's %v of a size list ("[1024 256]"), written without
// fmt so that the list does not escape: Launch's callers then keep their
// size literals on the stack.
func sizeList(s []int64) string {
	b := make([]byte, 0, 8*len(s)+2)
	b = append(b, '[')
	for i, v := range s {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, v, 10)
	}
	return string(append(b, ']'))
}

// Launch runs kernel over global work-items (1 to 3 dimensions) in
// work-groups of local (nil: the driver chooses). Arguments may be *Buffer,
// *DeviceArray, Local, or Go scalars (bool is passed as a uchar, F16 as a
// ushort). A launch with an empty global size does nothing. The launch is
// asynchronous; errors the device reports later surface at Finish or the
// next transfer.
//
// Launch boxes its scalar arguments; the generated host code calls
// LaunchArgs instead.
func (c *Context) Launch(kernel string, global, local []int64, args ...any) error {
	// The arguments as Args, in an array on the stack for the usual
	// counts (a bigger one costs its zeroing at every launch).
	var argsArr [16]Arg
	as := argsArr[:0]
	if len(args) > len(argsArr) {
		as = make([]Arg, 0, len(args))
	}
	for _, a := range args {
		as = append(as, kernelArg(a))
	}
	return c.LaunchArgs(kernel, global, local, as...)
}

// LaunchArgs is Launch with its arguments made by A. It is on the host
// path of every iteration of a host loop: without -D and -P it allocates
// nothing (TestLaunchAllocs), makes one map lookup and calls
// clSetKernelArg only for the arguments that changed.
func (c *Context) LaunchArgs(kernel string, global, local []int64, args ...Arg) error {
	if countCLOn {
		start := time.Now()
		defer func() { c.calls.LaunchHost += time.Since(start) }()
	}
	for _, g := range global {
		if g == 0 {
			if c.Opts.Debug {
				c.Debugf("Skipping kernel %s with empty global size %s\n", kernel, sizeList(global))
			}
			return nil
		}
	}
	if local != nil && len(local) != len(global) {
		return fmt.Errorf("kernel %s: global size %s and local size %s differ in rank", kernel, sizeList(global), sizeList(local))
	}
	// The sizes live in arrays on the stack (up to OpenCL's 3 dimensions;
	// more is an error that EnqueueKernel reports).
	var gsa, lsa [3]int
	gs, ls := gsa[:0], []int(nil)
	if len(global) > len(gsa) {
		gs = make([]int, 0, len(global))
	}
	for _, g := range global {
		if g < 0 {
			return fmt.Errorf("kernel %s: negative global size %s", kernel, sizeList(global))
		}
		gs = append(gs, int(g))
	}
	if local != nil {
		ls = lsa[:0]
		if len(local) > len(lsa) {
			ls = make([]int, 0, len(local))
		}
		for i, l := range local {
			if l <= 0 || global[i]%l != 0 {
				return fmt.Errorf("kernel %s: global size %s is not a multiple of local size %s", kernel, sizeList(global), sizeList(local))
			}
			ls = append(ls, int(l))
		}
	}
	if err := checkInterrupt(); err != nil {
		return err
	}
	st := c.launchStates[kernel]
	if st == nil {
		k, err := c.Kernel(kernel)
		if err != nil {
			return err
		}
		st = &launchState{narrow: []launchSlot{{k: k}}, cannotFail: c.cannotFail[kernel]}
		if c.launchStates == nil {
			c.launchStates = map[string]*launchState{}
		}
		c.launchStates[kernel] = st
	}
	wide := wideArgs(args)
	if wide && len(st.wide) == 0 {
		wk, err := c.wideKernel(kernel)
		if err != nil {
			return err
		}
		st.wide = []launchSlot{{k: wk}}
	}
	var localMem int64
	for i, a := range args {
		if a.err != nil {
			return fmt.Errorf("kernel %s argument %d: %w", kernel, i, a.err)
		}
		if a.val.kind == argLocal {
			localMem += int64(a.val.bits)
		}
		if a.buf != nil && a.buf == c.errBuf && !st.cannotFail {
			c.errDirty = true
		}
	}
	s, err := c.slot(kernel, st, wide, args)
	if err != nil {
		return err
	}
	k := s.k
	for i, a := range args {
		ka := a.val
		if s.last[i] == ka {
			continue
		}
		c.calls.SetArg++
		if err := ka.set(k, i); err != nil {
			s.last[i] = kernelArgVal{}
			return fmt.Errorf("kernel %s: %w", kernel, err)
		}
		s.last[i] = ka
	}
	if c.Opts.Debug {
		c.Debugf("Launching kernel %s with global work size %s and local work size %s; local memory: %d bytes.\n", kernel, sizeList(global), sizeList(local), localMem)
	}
	if traceOn {
		c.tracef("launch %s %s %s", kernel, sizeList(global), sizeList(local))
	}
	c.idle = false
	c.calls.Launch++
	if !c.Opts.Debug && !c.Opts.Profile {
		err := c.queue.EnqueueKernel(k, gs, ls)
		if traceOn {
			c.tracef("launched")
		}
		if err != nil {
			return c.launchError(kernel, global, local, err)
		}
		return nil
	}
	ev, err := c.queue.EnqueueNDRangeKernel(k, nil, gs, ls, nil)
	if err != nil {
		return c.launchError(kernel, global, local, err)
	}
	if c.Opts.Debug {
		// Synchronise so that a failing kernel is reported as itself and
		// its run time can be logged.
		if err := ev.Wait(); err != nil {
			ev.Release()
			return fmt.Errorf("kernel %s: %w", kernel, err)
		}
		if d, err := ev.Duration(); err == nil {
			c.Debugf("Kernel %s runtime: %dus\n", kernel, d/1000)
		}
	}
	if c.Opts.Profile {
		c.pending = append(c.pending, pendingEvent{kernel, ev})
	} else {
		ev.Release()
	}
	return nil
}

// launchError is the error of a failed clEnqueueNDRangeKernel.
func (c *Context) launchError(kernel string, global, local []int64, err error) error {
	if errors.Is(err, cl.ErrMemObjectAllocFailure) {
		return fmt.Errorf("%s: kernel %s: %w", c.oomText(c.memCur, "the arrays in use"), kernel, err)
	}
	return fmt.Errorf("kernel %s (global %s, local %s): %w", kernel, sizeList(global), sizeList(local), err)
}

// Finish waits for all queued work, records the launches when
// profiling, and reports a kernel failure that a pending read of the
// error buffer found (see DeferKernelErrorCheck).
func (c *Context) Finish() error {
	c.tracef("finish")
	defer c.tracef("finish done")
	if c.idle {
		c.tracef("queue idle")
	} else {
		c.calls.Finish++
		if err := c.queue.Finish(); err != nil {
			if errors.Is(err, cl.ErrMemObjectAllocFailure) {
				// Drivers that allocate at first use fail here.
				return fmt.Errorf("%s: waiting for the device: %w", c.oomText(c.memCur, "the arrays in use"), err)
			}
			return fmt.Errorf("waiting for the device: %w", err)
		}
	}
	c.idle = true
	// The queue is empty, so a pending read of the error buffer is done.
	kerr := c.takeKernelError()
	if err := checkInterrupt(); err != nil {
		return err
	}
	c.recordLaunches()
	return kerr
}

// platformBuildOptions are the build options that tell the generated
// kernels which platform-specific code they may use: on NVIDIA's platform,
// inline PTX for the warp shuffles of scans (see clPrelude in the backend).
func platformBuildOptions(platform string) []string {
	if strings.Contains(platform, "NVIDIA") {
		return []string{"-DFCC_NVIDIA_PTX"}
	}
	return nil
}
