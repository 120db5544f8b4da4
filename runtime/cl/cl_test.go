package cl

import (
	"errors"
	"math"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// testDevice returns the first device of the first platform, or skips the
// test on a machine without OpenCL.
func testDevice(t *testing.T) (*Platform, *Device) {
	t.Helper()
	ps, err := GetPlatforms()
	if err != nil || len(ps) == 0 {
		t.Skipf("no OpenCL platform (err=%v)", err)
	}
	// FCC_TEST_PLATFORM (a substring of a platform name) picks the platform
	// to test, e.g. "NVIDIA" on a machine that also has PoCL.
	want := os.Getenv("FCC_TEST_PLATFORM")
	for _, p := range ps {
		if !strings.Contains(p.Name(), want) {
			continue
		}
		ds, err := p.GetDevices(DeviceTypeAll)
		if err == nil && len(ds) > 0 {
			return p, ds[0]
		}
	}
	t.Skip("no OpenCL device")
	return nil, nil
}

type env struct {
	dev   *Device
	ctx   *Context
	queue *CommandQueue
}

func newEnv(t *testing.T) *env {
	_, d := testDevice(t)
	ctx, err := CreateContext([]*Device{d})
	if err != nil {
		t.Fatal(err)
	}
	q, err := ctx.CreateCommandQueue(d, CommandQueueProfilingEnable)
	if err != nil {
		ctx.Release()
		t.Fatal(err)
	}
	t.Cleanup(func() { q.Release(); ctx.Release() })
	return &env{d, ctx, q}
}

func TestListPlatformsAndDevices(t *testing.T) {
	testDevice(t)
	ps, _ := GetPlatforms()
	for _, p := range ps {
		if p.Name() == "" || p.Version() == "" {
			t.Errorf("platform with empty name %q or version %q", p.Name(), p.Version())
		}
		t.Logf("platform %q vendor %q version %q profile %q", p.Name(), p.Vendor(), p.Version(), p.Profile())
		ds, err := p.GetDevices(DeviceTypeAll)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range ds {
			t.Logf("  device %q type %v version %q driver %q CUs %d maxWG %d items %v global %d local %d maxAlloc %d avail %v",
				d.Name(), d.Type(), d.Version(), d.DriverVersion(), d.MaxComputeUnits(), d.MaxWorkGroupSize(), d.MaxWorkItemSizes(),
				d.GlobalMemSize(), d.LocalMemSize(), d.MaxMemAllocSize(), d.Available())
			if d.Name() == "" || d.MaxWorkGroupSize() <= 0 || d.GlobalMemSize() <= 0 || len(d.MaxWorkItemSizes()) == 0 || d.Platform() != p {
				t.Errorf("implausible device info for %q", d.Name())
			}
			if d.Type() == 0 || d.Type().String() == "Unknown" {
				t.Errorf("device type %v", d.Type())
			}
		}
	}
}

const vecAddSrc = `
__kernel void vadd(__global const float *a, __global const float *b, __global float *c, int n) {
  int i = get_global_id(0);
  if (i < n) c[i] = a[i] + b[i];
}
__kernel void lsum(__global const int *in, __global int *out, __local int *tmp) {
  int l = get_local_id(0);
  tmp[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) {
    int s = 0;
    for (int j = 0; j < get_local_size(0); j++) s += tmp[j];
    out[get_group_id(0)] = s;
  }
}
__kernel void scale(__global double *x, double a, long b, uchar c) {
  x[get_global_id(0)] = x[get_global_id(0)] * a + (double)b + (double)c;
}
`

func floatBytes(f []float32) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&f[0])), len(f)*4)
}

func buildVecAdd(t *testing.T, e *env) *Program {
	p, err := e.ctx.CreateProgramWithSource([]string{vecAddSrc})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(p.Release)
	if err := p.BuildProgram(nil, ""); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestVectorAdd(t *testing.T) {
	e := newEnv(t)
	p := buildVecAdd(t, e)
	k, err := p.CreateKernel("vadd")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	const n = 1000
	a, b := make([]float32, n), make([]float32, n)
	for i := range a {
		a[i], b[i] = float32(i), float32(2*i)+0.5
	}
	ba, err := e.ctx.CreateBuffer(MemReadOnly, floatBytes(a))
	if err != nil {
		t.Fatal(err)
	}
	defer ba.Release()
	bb, err := e.ctx.CreateEmptyBuffer(MemReadOnly, n*4)
	if err != nil {
		t.Fatal(err)
	}
	defer bb.Release()
	if _, err := e.queue.EnqueueWriteBuffer(bb, true, 0, unsafe.Pointer(&b[0]), n*4, nil); err != nil {
		t.Fatal(err)
	}
	bc, err := e.ctx.CreateEmptyBuffer(MemWriteOnly, n*4)
	if err != nil {
		t.Fatal(err)
	}
	defer bc.Release()
	if bc.Size() != n*4 {
		t.Fatalf("Size %d", bc.Size())
	}
	if err := k.SetArgs(ba, bb, bc, int32(n)); err != nil {
		t.Fatal(err)
	}
	if n, err := k.NumArgs(); err != nil || n != 4 {
		t.Fatalf("NumArgs = %d, %v", n, err)
	}
	wg, err := k.WorkGroupSize(e.dev)
	if err != nil || wg <= 0 {
		t.Fatalf("WorkGroupSize = %d, %v", wg, err)
	}
	if m, err := k.PreferredWorkGroupSizeMultiple(e.dev); err != nil || m <= 0 {
		t.Fatalf("PreferredWorkGroupSizeMultiple = %d, %v", m, err)
	}
	ev, err := e.queue.EnqueueNDRangeKernel(k, nil, []int{1024}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := make([]float32, n)
	rev, err := e.queue.EnqueueReadBuffer(bc, true, 0, unsafe.Pointer(&c[0]), n*4, []*Event{ev})
	if err != nil {
		t.Fatal(err)
	}
	rev.Release()
	for i := range c {
		if c[i] != a[i]+b[i] {
			t.Fatalf("c[%d] = %v, want %v", i, c[i], a[i]+b[i])
		}
	}
	// Profiling times of a completed kernel are ordered.
	if err := ev.Wait(); err != nil {
		t.Fatal(err)
	}
	q, s, st, en, err := ev.Times()
	if err != nil {
		t.Fatal(err)
	}
	if !(q <= s && s <= st && st <= en) || en == 0 {
		t.Fatalf("profiling times out of order: %d %d %d %d", q, s, st, en)
	}
	ev.Release()
	ev.Release() // harmless
}

func TestLocalMemoryAndScalarArgs(t *testing.T) {
	e := newEnv(t)
	p := buildVecAdd(t, e)
	k, err := p.CreateKernel("lsum")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	in := make([]int32, 64)
	for i := range in {
		in[i] = int32(i)
	}
	bin, err := e.ctx.CreateBuffer(MemReadOnly, unsafe.Slice((*byte)(unsafe.Pointer(&in[0])), 256))
	if err != nil {
		t.Fatal(err)
	}
	defer bin.Release()
	bout, err := e.ctx.CreateEmptyBuffer(MemReadWrite, 16)
	if err != nil {
		t.Fatal(err)
	}
	defer bout.Release()
	if err := k.SetArgs(bin, bout, LocalBuffer(16*4)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.queue.EnqueueNDRangeKernel(k, nil, []int{64}, []int{16}, nil); err != nil {
		t.Fatal(err)
	}
	out := make([]int32, 4)
	if err := e.queue.EnqueueReadBufferBytes(bout, 0, unsafe.Slice((*byte)(unsafe.Pointer(&out[0])), 16)); err != nil {
		t.Fatal(err)
	}
	for g := range out {
		want := int32(0)
		for j := 0; j < 16; j++ {
			want += int32(16*g + j)
		}
		if out[g] != want {
			t.Errorf("group %d: %d, want %d", g, out[g], want)
		}
	}

	ks, err := p.CreateKernel("scale")
	if err != nil {
		t.Fatal(err)
	}
	defer ks.Release()
	x := []float64{1, 2, 3, 4}
	bx, err := e.ctx.CreateBuffer(MemReadWrite, unsafe.Slice((*byte)(unsafe.Pointer(&x[0])), 32))
	if err != nil {
		t.Fatal(err)
	}
	defer bx.Release()
	if err := ks.SetArgs(bx, float64(2.5), int64(-3), uint8(7)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.queue.EnqueueNDRangeKernel(ks, nil, []int{4}, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := e.queue.Finish(); err != nil {
		t.Fatal(err)
	}
	got := make([]float64, 4)
	if err := e.queue.EnqueueReadBufferBytes(bx, 0, unsafe.Slice((*byte)(unsafe.Pointer(&got[0])), 32)); err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if want := x[i]*2.5 - 3 + 7; got[i] != want {
			t.Errorf("scale[%d] = %v, want %v", i, got[i], want)
		}
	}
	if err := ks.SetArg(0, 5); err == nil || !strings.Contains(err.Error(), "unsupported type int") {
		t.Errorf("SetArg(int) error = %v", err)
	}
	if err := ks.SetArg(9, int32(1)); err == nil || !errors.Is(err, ErrOther(-49)) {
		t.Errorf("SetArg(bad index) error = %v", err)
	}
}

func TestBuildError(t *testing.T) {
	e := newEnv(t)
	p, err := e.ctx.CreateProgramWithSource([]string{"__kernel void broken(__global int *x) { x[0] = undeclared_thing; }\n"})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	err = p.BuildProgram([]*Device{e.dev}, "")
	var be *BuildError
	if !errors.As(err, &be) {
		t.Fatalf("BuildProgram error %v (%T), want *BuildError", err, err)
	}
	if !strings.Contains(be.Log, "undeclared_thing") || !strings.Contains(err.Error(), "undeclared_thing") {
		t.Errorf("build log does not mention the error:\n%s", be.Log)
	}
	if !errors.Is(err, ErrBuildProgramFailure) {
		t.Errorf("error %v is not CL_BUILD_PROGRAM_FAILURE", err)
	}
	if !strings.Contains(err.Error(), "CL_BUILD_PROGRAM_FAILURE (-11)") {
		t.Errorf("error text %q", err.Error())
	}
}

func TestKernelNameError(t *testing.T) {
	e := newEnv(t)
	p := buildVecAdd(t, e)
	_, err := p.CreateKernel("nope")
	if err == nil || !errors.Is(err, ErrInvalidKernelName) {
		t.Fatalf("CreateKernel(nope) = %v", err)
	}
	if code, ok := CodeOf(err); !ok || code != -46 {
		t.Fatalf("CodeOf = %d, %v", code, ok)
	}
}

func TestFillAndCopy(t *testing.T) {
	e := newEnv(t)
	a, err := e.ctx.CreateEmptyBuffer(MemReadWrite, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Release()
	b, err := e.ctx.CreateEmptyBuffer(MemReadWrite, 64)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Release()
	pat := uint32(0xdeadbeef)
	ev, err := e.queue.EnqueueFillBuffer(a, unsafe.Pointer(&pat), 4, 0, 64, nil)
	if err != nil {
		t.Fatal(err)
	}
	zero := uint8(0)
	ev2, err := e.queue.EnqueueFillBuffer(b, unsafe.Pointer(&zero), 1, 0, 64, nil)
	if err != nil {
		t.Fatal(err)
	}
	cev, err := e.queue.EnqueueCopyBuffer(a, b, 8, 16, 32, []*Event{ev, ev2})
	if err != nil {
		t.Fatal(err)
	}
	if err := WaitForEvents([]*Event{cev}); err != nil {
		t.Fatal(err)
	}
	got := make([]uint32, 16)
	if err := e.queue.EnqueueReadBufferBytes(b, 0, unsafe.Slice((*byte)(unsafe.Pointer(&got[0])), 64)); err != nil {
		t.Fatal(err)
	}
	for i, v := range got {
		want := uint32(0)
		if i >= 4 && i < 12 {
			want = pat
		}
		if v != want {
			t.Errorf("word %d = %#x, want %#x", i, v, want)
		}
	}
	if _, err := e.queue.EnqueueCopyBuffer(a, b, 40, 0, 32, nil); err == nil {
		t.Error("out-of-range copy accepted")
	}
	if _, err := e.ctx.CreateEmptyBuffer(MemReadWrite, 0); !errors.Is(err, ErrInvalidBufferSize) {
		t.Errorf("zero-size buffer: %v", err)
	}
}

func TestErrorNames(t *testing.T) {
	for code, want := range map[int]string{
		-5:     "CL_OUT_OF_RESOURCES (-5)",
		-54:    "CL_INVALID_WORK_GROUP_SIZE (-54)",
		-1001:  "CL_PLATFORM_NOT_FOUND_KHR (-1001)",
		-72:    "CL_MAX_SIZE_RESTRICTION_EXCEEDED (-72)",
		-12345: "CL_UNKNOWN_ERROR (-12345)",
	} {
		if got := ErrOther(code).Error(); got != want {
			t.Errorf("ErrOther(%d) = %q, want %q", code, got, want)
		}
	}
	// Every code from 0 to -19 and -30 to -72 has a name.
	for c := 0; c >= -72; c-- {
		if c < -19 && c > -30 {
			continue
		}
		if CodeName(c) == "CL_UNKNOWN_ERROR" {
			t.Errorf("code %d has no name", c)
		}
	}
	err := error(&Error{Func: "clFinish", Code: -36})
	if err.Error() != "clFinish: CL_INVALID_COMMAND_QUEUE (-36)" || !errors.Is(err, ErrInvalidCommandQueue) {
		t.Errorf("Error = %q", err.Error())
	}
}

// TestSetArgScalar sets one argument of each width through SetArgScalar and
// SetArg and reads back what the kernel saw; values whose bits matter
// (negative integers, -0 and NaN floats) included.
func TestSetArgScalar(t *testing.T) {
	e := newEnv(t)
	p, err := e.ctx.CreateProgramWithSource([]string{`
__kernel void put(__global ulong *out, char a, short b, int c, long d, float f, double g) {
  out[0] = (ulong)(long)a; out[1] = (ulong)(long)b; out[2] = (ulong)(long)c; out[3] = (ulong)d;
  out[4] = as_uint(f); out[5] = as_ulong(g);
}
`})
	if err != nil {
		t.Fatal(err)
	}
	defer p.Release()
	if err := p.BuildProgram([]*Device{e.dev}, ""); err != nil {
		t.Skipf("no double support? %v", err)
	}
	k, err := p.CreateKernel("put")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Release()
	out, err := e.ctx.CreateBuffer(MemReadWrite, make([]byte, 48))
	if err != nil {
		t.Fatal(err)
	}
	defer out.Release()
	negZero := float32(math.Copysign(0, -1))
	tests := []struct {
		args []any
		want [6]uint64
	}{
		{[]any{int8(-2), int16(-300), int32(-70000), int64(-1 << 40), negZero, math.Inf(-1)},
			[6]uint64{^uint64(1), ^uint64(299), ^uint64(69999), ^uint64(1<<40 - 1), 0x80000000, math.Float64bits(math.Inf(-1))}},
		{[]any{int8(127), int16(32767), int32(1), int64(0), float32(math.NaN()), 2.5},
			[6]uint64{127, 32767, 1, 0, uint64(math.Float32bits(float32(math.NaN()))), math.Float64bits(2.5)}},
	}
	for i, tc := range tests {
		for _, direct := range []bool{false, true} {
			if err := k.SetArgMem(0, out); err != nil {
				t.Fatal(err)
			}
			for j, a := range tc.args {
				var err error
				if direct {
					// SetArgScalar with the sizes and bits SetArg derives.
					switch v := a.(type) {
					case int8:
						err = k.SetArgScalar(j+1, 1, uint64(v))
					case int16:
						err = k.SetArgScalar(j+1, 2, uint64(v))
					case int32:
						err = k.SetArgScalar(j+1, 4, uint64(v))
					case int64:
						err = k.SetArgScalar(j+1, 8, uint64(v))
					case float32:
						err = k.SetArgScalar(j+1, 4, uint64(math.Float32bits(v)))
					case float64:
						err = k.SetArgScalar(j+1, 8, math.Float64bits(v))
					}
				} else {
					err = k.SetArg(j+1, a)
				}
				if err != nil {
					t.Fatal(err)
				}
			}
			if err := e.queue.EnqueueKernel(k, []int{1}, []int{1}); err != nil {
				t.Fatal(err)
			}
			var got [6]uint64
			if err := e.queue.EnqueueReadBufferBytes(out, 0, unsafe.Slice((*byte)(unsafe.Pointer(&got[0])), 48)); err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("case %d (SetArgScalar %v): kernel saw %#x, want %#x", i, direct, got, tc.want)
			}
		}
	}
	if err := k.SetArgScalar(1, 3, 0); err == nil || !strings.Contains(err.Error(), "scalar of 3 bytes") {
		t.Errorf("SetArgScalar(size 3) error = %v", err)
	}
	if err := k.SetArgMem(0, nil); err == nil || !strings.Contains(err.Error(), "nil or released") {
		t.Errorf("SetArgMem(nil) error = %v", err)
	}
	if err := k.SetArgLocal(0, -1); err == nil || !strings.Contains(err.Error(), "negative local memory") {
		t.Errorf("SetArgLocal(-1) error = %v", err)
	}
	if err := k.SetArgScalar(9, 4, 0); err == nil || !errors.Is(err, ErrOther(-49)) {
		t.Errorf("SetArgScalar(bad index) error = %v", err)
	}
	// Setting arguments and enqueueing allocate nothing: a host loop pays
	// them on every launch.
	gs, ls := []int{1}, []int{1}
	if n := testing.AllocsPerRun(100, func() {
		_ = k.SetArgMem(0, out)
		_ = k.SetArgScalar(3, 4, 7)
		_ = k.SetArgMem(0, out)
		_ = e.queue.EnqueueKernel(k, gs, ls)
	}); n != 0 {
		t.Errorf("SetArg* and EnqueueKernel allocate %v times per launch, want 0", n)
	}
	if err := e.queue.Finish(); err != nil {
		t.Fatal(err)
	}
}
