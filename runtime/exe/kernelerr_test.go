package exe

import (
	"math"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

const failKernel = `
__kernel void fail_if(__global long *err, long x, __global int *out)
{
  if (get_global_id(0) == 0) {
    out[0] = (int)x;
    if (x > 0 && atomic_cmpxchg((volatile __global int *)err, 0, 1) == 0) {
      err[1] = x;
    }
  }
}
`

// failContext is a context for failKernel, with its error buffer and a
// one-element output array (closed when the test ends).
func failContext(t *testing.T) (*Context, *Buffer, *DeviceArray) {
	t.Helper()
	needOpenCL(t)
	c, err := NewContext(failKernel, DefaultOptions(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	eb, err := c.ErrorBuffer()
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.NewArray(values.I32, []int64{1})
	if err != nil {
		t.Fatal(err)
	}
	return c, eb, out
}

// TestDeferredKernelErrors checks that a failure found by the
// non-blocking read of the error buffer surfaces at the next
// synchronisation (Finish, a blocking read, CheckKernelErrors), once, and
// that re-launching a kernel with changed arguments (which Launch sets
// only when they change) runs with the new ones.
func TestDeferredKernelErrors(t *testing.T) {
	c, eb, out := failContext(t)
	sites := []KernelError{{Msg: "bad value %d"}}
	var err error
	launch := func(x int64) {
		t.Helper()
		if err := c.Launch("fail_if", []int64{1}, nil, eb, x, out); err != nil {
			t.Fatal(err)
		}
	}
	wantErr := func(what string, err error, x string) {
		t.Helper()
		if x == "" && err != nil || x != "" && (err == nil || !strings.Contains(err.Error(), "bad value "+x)) {
			t.Errorf("%s: error %v, want %q", what, err, x)
		}
	}
	wantErr("check without launches", c.CheckKernelErrors(sites), "")
	wantErr("deferred, nothing launched", c.DeferKernelErrorCheck(sites), "")
	wantErr("finish", c.Finish(), "")

	launch(0)
	wantErr("defer", c.DeferKernelErrorCheck(sites), "")
	wantErr("finish after a good kernel", c.Finish(), "")

	launch(5)
	wantErr("defer", c.DeferKernelErrorCheck(sites), "")
	wantErr("finish after a failed kernel", c.Finish(), "5")
	wantErr("second finish", c.Finish(), "")

	launch(6)
	_, err = c.ReadScalarChecked(out.Buf, values.I32, 0, sites)
	wantErr("ReadScalarChecked", err, "6")

	launch(7)
	wantErr("blocking check", c.CheckKernelErrors(sites), "7")
	wantErr("check again", c.CheckKernelErrors(sites), "")

	launch(0)
	x, err := c.ReadScalarChecked(out.Buf, values.I32, 0, sites)
	if err != nil || x != int32(0) {
		t.Errorf("ReadScalarChecked after a good kernel = %v, %v", x, err)
	}
	launch(9)
	wantErr("defer", c.DeferKernelErrorCheck(sites), "")
	_, err = c.Download(out)
	wantErr("download", err, "9")
	wantErr("finish after the download reported it", c.Finish(), "")
}

func TestKernelsThatCannotFail(t *testing.T) {
	src := `
__kernel void pure(__global long *fcc_err, long n, __global float *xs)
{
  xs[get_global_id(0)] = 1.0f;
}

__kernel void checks(__global long *fcc_err, long n)
{
  if (n < 0) {
    if (atomic_cmpxchg((volatile __global int *)fcc_err, 0, 1) == 0) {
      fcc_err[1] = (long)(n);
    }
  }
}

__kernel void fcc_copy_f32(__global float *dst, __global const float *src)
{
}

__kernel __attribute__((reqd_work_group_size(16, 16, 1)))
void tiled(__global long *fcc_err, long n)
{
}
`
	got := kernelsThatCannotFail(src + failKernel)
	want := map[string]bool{"pure": true, "tiled": true}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for k := range want {
		if !got[k] {
			t.Errorf("%s: not found safe; got %v", k, got)
		}
	}
}

// TestScanStatusTags checks that ScanStatus hands every launch a new tag
// on the same buffer, and zeroes the buffer again when the tags wrap
// around or when a larger one is needed.
func TestScanStatusTags(t *testing.T) {
	needOpenCL(t)
	c, err := NewContext(failKernel, DefaultOptions(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	word := func(b *Buffer, i int64) uint64 {
		t.Helper()
		x, err := c.ReadScalar(b, values.U64, i)
		if err != nil {
			t.Fatal(err)
		}
		return x.(uint64)
	}
	b1, tag1, err := c.ScanStatus(10)
	if err != nil {
		t.Fatal(err)
	}
	b2, tag2, err := c.ScanStatus(10)
	if err != nil {
		t.Fatal(err)
	}
	if b1 != b2 || tag1 != 1 || tag2 != 2 {
		t.Fatalf("two launches: buffers %p %p, tags %d %d; want one buffer, tags 1 2", b1, b2, tag1, tag2)
	}
	dirty := []byte{1, 2, 3, 4, 5, 6, 7, 8}
	if err := c.Fill(b1, dirty, 8, 8); err != nil {
		t.Fatal(err)
	}
	c.scanTag = math.MaxUint32
	b3, tag3, err := c.ScanStatus(10)
	if err != nil {
		t.Fatal(err)
	}
	if b3 != b1 || tag3 != 1 || word(b3, 1) != 0 {
		t.Errorf("after the tags wrap: tag %d, word 1 = %#x; want tag 1 and a zeroed buffer", tag3, word(b3, 1))
	}
	big := b1.Size/8 + 1
	b4, tag4, err := c.ScanStatus(big)
	if err != nil {
		t.Fatal(err)
	}
	if b4.Size < 8*big || tag4 != 1 || word(b4, big-1) != 0 {
		t.Errorf("a larger status: %d bytes, tag %d; want %d bytes or more, zeroed, tag 1", b4.Size, tag4, 8*big)
	}
}

// TestQueueIdle checks when Finish may skip the driver: only while
// nothing was enqueued since the last synchronisation, and that scalar
// reads through the pinned stage see each launch's result.
func TestQueueIdle(t *testing.T) {
	c, eb, out := failContext(t)
	wantIdle := func(what string, want bool) {
		t.Helper()
		if c.idle != want {
			t.Errorf("after %s: idle = %v, want %v", what, c.idle, want)
		}
	}
	for _, x := range []int64{-3, -4} {
		if err := c.Launch("fail_if", []int64{1}, nil, eb, x, out); err != nil {
			t.Fatal(err)
		}
		wantIdle("a launch", false)
		got, err := c.ReadScalar(out.Buf, values.I32, 0)
		if err != nil || got != int32(x) {
			t.Errorf("ReadScalar after fail_if(%d) = %v, %v", x, got, err)
		}
		wantIdle("a scalar read", true)
		if err := c.Finish(); err != nil {
			t.Fatal(err)
		}
		wantIdle("Finish", true)
	}
	if err := c.Fill(out.Buf, []byte{0, 0, 0, 0}, 0, 4); err != nil {
		t.Fatal(err)
	}
	wantIdle("a fill", false)
	if err := c.Copy(out.Buf, 0, out.Buf, 0, 0); err != nil {
		t.Fatal(err)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	wantIdle("Finish", true)
	// The kernels launched above may fail: the check reads the error
	// buffer; a second one has nothing to read.
	for _, want := range []bool{false, true} {
		if err := c.Finish(); err != nil {
			t.Fatal(err)
		}
		if err := c.DeferKernelErrorCheck(nil); err != nil {
			t.Fatal(err)
		}
		wantIdle("a check of the error buffer", want)
	}
}
