package pipeline

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
)

// TestKernelCalls checks what becomes of kept functions called inside a
// map: a scalar one is an OpenCL C function that the kernel calls; one
// with array parameters is inlined before flattening.
func TestKernelCalls(t *testing.T) {
	src := `#[noinline]
def sq (x: i32) : i32 = x * x

#[noinline]
def total [n] (xs: [n]i32) : i32 = reduce (+) 0 xs

def main (xss: [][]i32) = map (\r -> sq (total r)) xss
`
	prog, err := Compile("t.fut", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	src2, err := backend.Generate(prog)
	if err != nil {
		t.Fatal(err)
	}
	cl := src2.OpenCL
	def := strings.Index(cl, "static void fcc_fn_sq_")
	kern := strings.Index(cl, "__kernel")
	if def < 0 || kern < def || strings.Count(cl, "static void fcc_fn_sq_") != 1 {
		t.Errorf("want sq defined once as an OpenCL function before the kernels:\n%s", cl)
	}
	if strings.Contains(cl, "fcc_fn_total") {
		t.Errorf("total has an array parameter and should have been inlined:\n%s", cl)
	}
	if n := strings.Count(cl[kern:], "fcc_fn_sq_"); n < 1 {
		t.Errorf("sq is never called:\n%s", cl)
	}
}
