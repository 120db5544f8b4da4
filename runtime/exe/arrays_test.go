package exe

import (
	"fmt"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

// TestRepeatedRunsKeepMemoryFlat runs an entry point that allocates
// intermediates it never releases (as host loops may) 100 times through
// Run with -r, and checks that every run starts with the same device
// memory in use: ReleaseSince frees what a run left behind.
func TestRepeatedRunsKeepMemoryFlat(t *testing.T) {
	needOpenCL(t)
	var starts []int64
	leaky := func(c *Context, args []any) ([]any, error) {
		cur, _ := c.MemoryUsage()
		starts = append(starts, cur)
		in := args[0].(*DeviceArray)
		for range 3 {
			if _, err := c.NewArray(values.F32, []int64{1024}); err != nil {
				return nil, err
			}
		}
		return []any{in}, nil
	}
	p := &Program{Name: "leaky", OpenCL: testKernels, Entries: []EntryPoint{
		{Name: "main", Params: []TypeDesc{f32arr}, Results: []TypeDesc{f32arr}, Run: leaky},
	}}
	r := runProg(p, "[1f32, 2f32]", "-r", "100")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if len(starts) != 101 {
		t.Fatalf("%d runs, want 101", len(starts))
	}
	for i, s := range starts {
		if s != starts[0] {
			t.Fatalf("run %d starts with %d bytes in use, run 0 with %d", i, s, starts[0])
		}
	}
}

// TestViews checks slices, rearranges, copies, concat, replicate and
// reshape of device arrays against host computations.
func TestViews(t *testing.T) {
	needOpenCL(t)
	src := "__kernel void fcc_copy_i32_1(__global int *dst, long doff, long ds0, __global const int *src, long soff, long ss0, long n0, long total) {" +
		" long gid = get_global_id(0); if (gid >= total) return; dst[doff + gid * ds0] = src[soff + gid * ss0]; }\n" +
		"__kernel void fcc_copy_i32_2(__global int *dst, long doff, long ds0, long ds1, __global const int *src, long soff, long ss0, long ss1, long n0, long n1, long total) {" +
		" long gid = get_global_id(0); if (gid >= total) return; long i1 = gid % n1, i0 = gid / n1; dst[doff + i0 * ds0 + i1 * ds1] = src[soff + i0 * ss0 + i1 * ss1]; }\n"
	c, err := NewContext(src, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	m, err := c.Upload(values.Value{Type: values.I32, Shape: []int64{2, 3}, Data: []int32{0, 1, 2, 3, 4, 5}})
	if err != nil {
		t.Fatal(err)
	}
	get := func(a *DeviceArray, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		v, err := c.Download(a)
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(v.Shape, v.Data)
	}
	col, err := Slice(m, []DimIndex{{Start: 1, N: 2, Stride: -1}, {Fix: true, Start: 2}}, "p")
	if err != nil {
		t.Fatal(err)
	}
	for _, c2 := range []struct{ got, want string }{
		{get(Rearrange(m, []int{1, 0}), nil), "[3 2] [0 3 1 4 2 5]"},
		{get(col, nil), "[2] [5 2]"},
		{get(c.Reshape(Rearrange(m, []int{1, 0}), []int64{6}, "p")), "[6] [0 3 1 4 2 5]"},
		{get(c.Concat([]*DeviceArray{m, m}, 4, "p")), "[4 3] [0 1 2 3 4 5 0 1 2 3 4 5]"},
		{get(c.Replicate([]int64{2}, col)), "[2 2] [5 2 5 2]"},
		{get(c.ReplicateScalar(values.I32, []int64{3}, int32(7))), "[3] [7 7 7]"},
	} {
		if c2.got != c2.want {
			t.Errorf("got %s, want %s", c2.got, c2.want)
		}
	}
	// A strided copy, as a host loop may make at every iteration,
	// allocates nothing on the host.
	dst, err := c.NewArray(values.I32, []int64{3, 2})
	if err != nil {
		t.Fatal(err)
	}
	tr := Rearrange(m, []int{1, 0})
	if n := testing.AllocsPerRun(50, func() {
		if err := c.CopyInto(dst, tr); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("CopyInto allocates %v times, want 0", n)
	}
	if got := get(dst, nil); got != "[3 2] [0 3 1 4 2 5]" {
		t.Errorf("CopyInto: got %s", got)
	}
	if _, err := Slice(m, []DimIndex{{Start: 1, N: 2, Stride: 1}}, "a.fut:1:2"); err == nil || err.Error() != "a.fut:1:2: Index [1:3] out of bounds for array of shape [2][3]." {
		t.Errorf("slice error: %v", err)
	}
	if _, err := c.Reshape(m, []int64{4}, "a.fut:1:2"); err == nil || err.Error() != "a.fut:1:2: cannot reshape array of shape [2][3] to shape [4]" {
		t.Errorf("reshape error: %v", err)
	}
}

// TestOffsetWidth checks that kernels run from the program built with
// 32-bit element offsets (FCC_IX32) on small buffers, and from the one
// with 64-bit offsets, built on first use, when a buffer argument reaches
// wideBufferBytes.
func TestOffsetWidth(t *testing.T) {
	needOpenCL(t)
	src := "#ifdef FCC_IX32\ntypedef int fcc_ix;\n#else\ntypedef long fcc_ix;\n#endif\n" +
		"__kernel void width(__global long *out) { out[get_global_id(0)] = sizeof(fcc_ix); }\n"
	c, err := NewContext(src, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	width := func(words int64) any {
		t.Helper()
		b, err := c.Alloc(words * 8)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Release(b)
		if err := c.Launch("width", []int64{1}, nil, b); err != nil {
			t.Fatal(err)
		}
		w, err := c.ReadScalar(b, values.I64, 0)
		if err != nil {
			t.Fatal(err)
		}
		return w
	}
	if w := width(1); w != int64(4) {
		t.Errorf("offset width on a small buffer = %v, want 4", w)
	}
	if c.wide != nil {
		t.Errorf("the 64-bit program was built though no launch needed it")
	}
	defer func(old int64) { wideBufferBytes = old }(wideBufferBytes)
	wideBufferBytes = 64
	if w := width(8); w != int64(8) {
		t.Errorf("offset width on a buffer of wideBufferBytes = %v, want 8", w)
	}
	if w := width(1); w != int64(4) {
		t.Errorf("offset width on a small buffer after a wide launch = %v, want 4", w)
	}
}

func TestKernelNames(t *testing.T) {
	for e := values.Bool; e <= values.F64+1; e++ {
		for rank := 1; rank <= 10; rank++ {
			if got, want := CopyKernel(e, rank), fmt.Sprintf("fcc_copy_%s_%d", e, rank); got != want {
				t.Errorf("CopyKernel(%v, %d) = %q, want %q", e, rank, got, want)
			}
		}
		if got, want := TransposeKernel(e), "fcc_transpose_"+e.String(); got != want {
			t.Errorf("TransposeKernel(%v) = %q, want %q", e, got, want)
		}
	}
}

func TestManifest(t *testing.T) {
	tests := []struct {
		a    DeviceArray
		want bool
	}{
		{DeviceArray{Shape: []int64{2, 3}}, true},
		{DeviceArray{Shape: []int64{2, 3}, Offset: 1}, false},
		{DeviceArray{Shape: []int64{2, 3}, Strides: []int64{3, 1}}, true},
		{DeviceArray{Shape: []int64{2, 3}, Strides: []int64{1, 2}}, false}, // transposed
		{DeviceArray{Shape: []int64{1, 3}, Strides: []int64{99, 1}}, true}, // a dimension of 1 has any stride
		{DeviceArray{Shape: []int64{2, 1}, Strides: []int64{1, 7}}, true},
		{DeviceArray{Shape: []int64{3}, Strides: []int64{-1}}, false},
		{DeviceArray{Shape: []int64{2, 2, 2}, Strides: []int64{4, 2, 1}}, true},
		{DeviceArray{Shape: []int64{2, 2, 2}, Strides: []int64{8, 2, 1}}, false},
		{DeviceArray{Shape: []int64{}, Strides: []int64{}}, true},
	}
	for _, tc := range tests {
		if got := tc.a.Manifest(); got != tc.want {
			t.Errorf("Manifest(shape %v, strides %v, offset %d) = %v, want %v", tc.a.Shape, tc.a.Strides, tc.a.Offset, got, tc.want)
		}
	}
}
