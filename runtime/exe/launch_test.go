package exe

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/cl"
	"github.com/fcclang/fcc/runtime/values"
)

func TestKernelArg(t *testing.T) {
	mem := &cl.MemObject{}
	buf := &Buffer{Mem: mem}
	scalar := func(size uint8, bits uint64) kernelArgVal {
		return kernelArgVal{kind: argScalar, size: size, bits: bits}
	}
	tests := []struct {
		arg  any
		want kernelArgVal
		err  string
	}{
		{arg: true, want: scalar(1, 1)},
		{arg: false, want: scalar(1, 0)},
		{arg: int8(-1), want: scalar(1, 0xff)},
		{arg: int16(-2), want: scalar(2, 0xfffe)},
		{arg: int32(-3), want: scalar(4, 0xfffffffd)},
		{arg: int64(-4), want: scalar(8, math.MaxUint64-3)},
		{arg: uint8(200), want: scalar(1, 200)},
		{arg: uint16(60000), want: scalar(2, 60000)},
		{arg: uint32(4e9), want: scalar(4, 4e9)},
		{arg: uint64(math.MaxUint64), want: scalar(8, math.MaxUint64)},
		{arg: F16(0x3c00), want: scalar(2, 0x3c00)},
		{arg: float32(1.5), want: scalar(4, uint64(math.Float32bits(1.5)))},
		{arg: float32(math.Copysign(0, -1)), want: scalar(4, 0x80000000)},
		{arg: 2.5, want: scalar(8, math.Float64bits(2.5))},
		{arg: Local(256), want: kernelArgVal{kind: argLocal, bits: 256}},
		{arg: buf, want: kernelArgVal{kind: argMem, mem: mem}},
		{arg: &DeviceArray{Buf: buf}, want: kernelArgVal{kind: argMem, mem: mem}},
		{arg: (*Buffer)(nil), err: "nil or released buffer"},
		{arg: &Buffer{}, err: "nil or released buffer"},
		{arg: &DeviceArray{}, err: "nil or released array"},
		{arg: 5, err: "unsupported argument type int"},
		{arg: "x", err: "unsupported argument type string"},
	}
	for _, tc := range tests {
		got := kernelArg(tc.arg)
		if tc.err != "" {
			if got.err == nil || !strings.Contains(got.err.Error(), tc.err) {
				t.Errorf("kernelArg(%#v) error = %v, want %q", tc.arg, got.err, tc.err)
			}
			continue
		}
		if got.err != nil || got.val != tc.want {
			t.Errorf("kernelArg(%#v) = %+v, %v; want %+v", tc.arg, got.val, got.err, tc.want)
		}
		if wantBuf := tc.want.kind == argMem; (got.buf == buf) != wantBuf {
			t.Errorf("kernelArg(%#v) has buffer %v", tc.arg, got.buf)
		}
	}
}

func TestSizeList(t *testing.T) {
	for _, s := range [][]int64{nil, {}, {1024}, {-3, 0, 7}, {math.MaxInt64, math.MinInt64}} {
		if got, want := sizeList(s), fmt.Sprint(s); got != want {
			t.Errorf("sizeList(%v) = %q, want %q (fmt's %%v)", s, got, want)
		}
	}
}

// needDevice skips a benchmark or test without an OpenCL device.
func needDevice(tb testing.TB) {
	tb.Helper()
	devs, err := ListDevices()
	if err != nil || len(devs) == 0 {
		tb.Skipf("no OpenCL device (err=%v)", err)
	}
}

func newLaunchContext(tb testing.TB) *Context {
	tb.Helper()
	c, err := NewContext(testKernels, DefaultOptions(), nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(c.Close)
	return c
}

// TestLaunchSetsChangedArgs launches scale_f32 with arguments that change
// or not, and checks both how many clSetKernelArg calls Launch made and
// what the kernel computed (a -0 scale after a +0 one must be set).
func TestLaunchSetsChangedArgs(t *testing.T) {
	needDevice(t)
	c := newLaunchContext(t)
	in, err := c.Upload(values.Value{Type: values.F32, Shape: []int64{4}, Data: []float32{1, 2, 3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	outs := [2]*DeviceArray{}
	for i := range outs {
		if outs[i], err = c.NewArray(values.F32, []int64{4}); err != nil {
			t.Fatal(err)
		}
	}
	negZero := float32(math.Copysign(0, -1))
	tests := []struct {
		scale   float32
		out     int
		setArgs int64
	}{
		{2, 0, 4},       // first launch: all four
		{2, 0, 0},       // nothing changed
		{3, 0, 1},       // the scale
		{3, 1, 4},       // another output: a second kernel object, all four
		{0, 1, 1},       // +0
		{negZero, 1, 1}, // -0 is another value
		{negZero, 0, 1}, // the first object has out0 and scale 3
		{negZero, 1, 0}, // alternating outputs: each object has its own
		{negZero, 0, 0},
		{1, 1, 1},
		{2, 0, 1},
	}
	for i, tc := range tests {
		before := c.CLCalls().SetArg
		if err := c.Launch("scale_f32", []int64{4}, nil, tc.scale, in, outs[tc.out], int64(4)); err != nil {
			t.Fatal(err)
		}
		if n := c.CLCalls().SetArg - before; n != tc.setArgs {
			t.Errorf("launch %d: %d clSetKernelArg calls, want %d", i, n, tc.setArgs)
		}
		v, err := c.Download(outs[tc.out])
		if err != nil {
			t.Fatal(err)
		}
		for j, x := range v.Data.([]float32) {
			want := tc.scale * float32(j+1)
			if math.Float32bits(x) != math.Float32bits(want) {
				t.Errorf("launch %d: out[%d] = %v, want %v", i, j, x, want)
			}
		}
	}
	// A failed argument is set again at the next launch.
	if err := c.Launch("scale_f32", []int64{4}, nil, float32(1), in, &Buffer{}, int64(4)); err == nil || !strings.Contains(err.Error(), "scale_f32 argument 2: nil or released buffer") {
		t.Errorf("Launch with a released buffer = %v", err)
	}
	if err := c.Launch("sum_f32", []int64{4}, []int64{4}, in, outs[0], int64(4), Local(-4)); err == nil || !strings.Contains(err.Error(), "negative local memory size -4") {
		t.Errorf("Launch with a negative local size = %v", err)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
}

// TestLaunchAllocs checks that a launch allocates nothing on the host
// (its arguments boxed beforehand, as a caller's values are).
func TestLaunchAllocs(t *testing.T) {
	needDevice(t)
	c := newLaunchContext(t)
	a, err := c.NewArray(values.F32, []int64{1024})
	if err != nil {
		t.Fatal(err)
	}
	b, err := c.NewArray(values.F32, []int64{1024})
	if err != nil {
		t.Fatal(err)
	}
	argSets := [][]any{
		{float32(1), a, b, int64(1024)},
		{float32(2), b, a, int64(1024)},
	}
	// The first launches make the kernel's second object.
	for i := range 4 {
		if err := c.Launch("scale_f32", []int64{1024}, []int64{256}, argSets[i&1]...); err != nil {
			t.Fatal(err)
		}
	}
	before := c.CLCalls().SetArg
	i := 0
	if n := testing.AllocsPerRun(200, func() {
		if err := c.Launch("scale_f32", []int64{1024}, []int64{256}, argSets[i&1]...); err != nil {
			t.Fatal(err)
		}
		i++
	}); n != 0 {
		t.Errorf("Launch allocates %v times per launch, want 0", n)
	}
	if n := c.CLCalls().SetArg - before; n != 0 {
		t.Errorf("launches alternating between two argument sets called clSetKernelArg %d times, want 0", n)
	}
	// LaunchArgs with A's arguments, made at each launch (scalars that
	// change included), as the generated code calls it.
	if n := testing.AllocsPerRun(200, func() {
		i++
		x, m := float32(i), int64(1024+i%2)
		if err := c.LaunchArgs("scale_f32", []int64{1024}, []int64{256}, A(x), A(a), A(b), A(m)); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("LaunchArgs allocates %v times per launch, want 0", n)
	}
	// A host loop's iteration: a new array (one allocation), the launch,
	// and the release of the previous array.
	mark := c.AllocMark()
	xs := a
	n := int64(1024)
	if got := testing.AllocsPerRun(200, func() {
		out, err := c.NewArray(values.F32, []int64{n})
		if err != nil {
			t.Fatal(err)
		}
		if err := c.Launch("scale_f32", []int64{n}, []int64{256}, argSets[0][0], xs, out, argSets[0][3]); err != nil {
			t.Fatal(err)
		}
		c.ReleaseSince(mark, out)
		xs = out
	}); got != 1 {
		t.Errorf("a host loop iteration allocates %v times, want 1 (the array)", got)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
}

// TestNewArrayShape checks that a new array owns its shape, whatever its
// rank (up to 3 it shares the array's allocation).
func TestNewArrayShape(t *testing.T) {
	needDevice(t)
	c := newLaunchContext(t)
	for _, shape := range [][]int64{{}, {5}, {2, 3}, {2, 3, 4}, {2, 1, 3, 2}} {
		in := append([]int64{}, shape...)
		a, err := c.NewArray(values.I32, in)
		if err != nil {
			t.Fatal(err)
		}
		for i := range in {
			in[i] = 99
		}
		if fmt.Sprint(a.Shape) != fmt.Sprint(shape) || a.Shape == nil {
			t.Errorf("NewArray(%v).Shape = %v after the caller's slice changed", shape, a.Shape)
		}
		want := int64(4)
		for _, d := range shape {
			want *= d
		}
		if a.Buf.Size != want {
			t.Errorf("NewArray(%v) holds %d bytes, want %d", shape, a.Buf.Size, want)
		}
		// Appending to one array's shape leaves another's alone.
		b, err := c.NewArray(values.I32, shape)
		if err != nil {
			t.Fatal(err)
		}
		_ = append(a.Shape, 7)
		if fmt.Sprint(b.Shape) != fmt.Sprint(shape) {
			t.Errorf("NewArray(%v): another array's shape became %v", shape, b.Shape)
		}
		c.ReleaseArray(a)
		c.ReleaseArray(b)
	}
}

// reportThreadCPU locks the benchmark to its OS thread and resets the
// timer; the function it returns reports the thread's CPU time per
// operation (cpu-ns/op) since.
func reportThreadCPU(b *testing.B) func() {
	runtime.LockOSThread()
	b.ResetTimer()
	start := threadCPU()
	return func() {
		if d := threadCPU() - start; d > 0 {
			b.ReportMetric(float64(d.Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
		runtime.UnlockOSThread()
	}
}

// BenchmarkLaunch is the host time of one launch whose three arguments
// change (as in a host loop whose arrays alternate).
func BenchmarkLaunch(b *testing.B) {
	needDevice(b)
	c := newLaunchContext(b)
	var bufs [2]*DeviceArray
	for i := range bufs {
		var err error
		if bufs[i], err = c.NewArray(values.F32, []int64{1024}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	defer reportThreadCPU(b)()
	for i := 0; i < b.N; i++ {
		if err := c.Launch("scale_f32", []int64{1024}, []int64{256}, float32(i), bufs[i&1], bufs[(i+1)&1], int64(1024)); err != nil {
			b.Fatal(err)
		}
		if i%1024 == 1023 {
			if err := c.Finish(); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := c.Finish(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkHostLoopIter is one iteration of a host loop as the back end
// generates it (bench/probe/launches.fut): a fresh array, a launch
// (LaunchArgs) that reads the previous one with a scalar that changes,
// and the release of what the iteration no longer needs.
func BenchmarkHostLoopIter(b *testing.B) {
	needDevice(b)
	c := newLaunchContext(b)
	xs, err := c.NewArray(values.F32, []int64{1024})
	if err != nil {
		b.Fatal(err)
	}
	mark := c.AllocMark()
	b.ReportAllocs()
	defer reportThreadCPU(b)()
	for i := 0; i < b.N; i++ {
		out, err := c.NewArray(values.F32, []int64{xs.Shape[0]})
		if err != nil {
			b.Fatal(err)
		}
		n := xs.Shape[0]
		if err := c.LaunchArgs("scale_f32", []int64{n}, []int64{256}, A(float32(i+1)), A(xs), A(out), A(n)); err != nil {
			b.Fatal(err)
		}
		c.ReleaseSince(mark, out)
		xs = out
		if i%1024 == 1023 {
			if err := c.Finish(); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := c.Finish(); err != nil {
		b.Fatal(err)
	}
}

// TestLaunchDoubleBuffered ping-pongs double_f32 between two arrays, on
// the program with 32-bit offsets and on the wide one: the results are
// right, and once each program has its second kernel object the
// launches set no argument.
func TestLaunchDoubleBuffered(t *testing.T) {
	needDevice(t)
	for _, wide := range []bool{false, true} {
		c := newLaunchContext(t)
		if wide {
			old := wideBufferBytes
			wideBufferBytes = 16
			t.Cleanup(func() { wideBufferBytes = old })
		}
		x, err := c.Upload(values.Value{Type: values.F32, Shape: []int64{4}, Data: []float32{1, 2, 3, 4}})
		if err != nil {
			t.Fatal(err)
		}
		y, err := c.NewArray(values.F32, []int64{4})
		if err != nil {
			t.Fatal(err)
		}
		// Set per launch: all 3, the two buffers, all 3 on the new
		// object, then none.
		wantSets := []int64{3, 2, 3, 0, 0, 0, 0}
		bufs := [2]*DeviceArray{x, y}
		for i, want := range wantSets {
			before := c.CLCalls().SetArg
			if err := c.Launch("double_f32", []int64{4}, nil, bufs[i&1], bufs[(i+1)&1], int64(4)); err != nil {
				t.Fatal(err)
			}
			if n := c.CLCalls().SetArg - before; n != want {
				t.Errorf("wide %v, launch %d: %d clSetKernelArg calls, want %d", wide, i, n, want)
			}
		}
		v, err := c.Download(bufs[len(wantSets)&1])
		if err != nil {
			t.Fatal(err)
		}
		scale := float32(int64(1) << len(wantSets))
		for j, got := range v.Data.([]float32) {
			if want := scale * float32(j+1); got != want {
				t.Errorf("wide %v: element %d = %v, want %v", wide, j, got, want)
			}
		}
		if (c.wide != nil) != wide {
			t.Errorf("wide %v: the wide program built: %v", wide, c.wide != nil)
		}
		if st := c.launchStates["double_f32"]; st == nil || len(st.narrow) != map[bool]int{false: 2, true: 1}[wide] || len(st.wide) != map[bool]int{false: 0, true: 2}[wide] {
			t.Errorf("wide %v: kernel objects %+v", wide, st)
		}
	}
}

// TestLaunchOneKernelObject ping-pongs double_f32 as above with
// FCC_KERNEL_COPIES=1's single kernel object: every launch after the
// first sets the two buffers again, and the results are right.
func TestLaunchOneKernelObject(t *testing.T) {
	needDevice(t)
	old := maxKernelCopies
	maxKernelCopies = 1
	t.Cleanup(func() { maxKernelCopies = old })
	c := newLaunchContext(t)
	x, err := c.Upload(values.Value{Type: values.F32, Shape: []int64{4}, Data: []float32{1, 2, 3, 4}})
	if err != nil {
		t.Fatal(err)
	}
	y, err := c.NewArray(values.F32, []int64{4})
	if err != nil {
		t.Fatal(err)
	}
	wantSets := []int64{3, 2, 2, 2, 2}
	bufs := [2]*DeviceArray{x, y}
	for i, want := range wantSets {
		before := c.CLCalls().SetArg
		if err := c.Launch("double_f32", []int64{4}, nil, bufs[i&1], bufs[(i+1)&1], int64(4)); err != nil {
			t.Fatal(err)
		}
		if n := c.CLCalls().SetArg - before; n != want {
			t.Errorf("launch %d: %d clSetKernelArg calls, want %d", i, n, want)
		}
	}
	v, err := c.Download(bufs[len(wantSets)&1])
	if err != nil {
		t.Fatal(err)
	}
	for j, got := range v.Data.([]float32) {
		if want := float32(int64(1)<<len(wantSets)) * float32(j+1); got != want {
			t.Errorf("element %d = %v, want %v", j, got, want)
		}
	}
	if st := c.launchStates["double_f32"]; st == nil || len(st.narrow) != 1 {
		t.Errorf("kernel objects %+v, want one", st)
	}
}

func TestKernelCopies(t *testing.T) {
	for _, c := range []struct {
		env  string
		want int
	}{{"", 2}, {"1", 1}, {"2", 2}, {"x", 2}} {
		if got := kernelCopies(c.env); got != c.want {
			t.Errorf("kernelCopies(%q) = %d, want %d", c.env, got, c.want)
		}
	}
}
