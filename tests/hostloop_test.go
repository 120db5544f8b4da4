package tests

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// clCalls are the counts an executable prints with FCC_DEBUG_CL=1
// (runtime/exe/clcount.go), per timed run.
type clCalls map[string]int64

var clCallRE = regexp.MustCompile(`(clCreateBuffer|buffers reused|kernel launches|clSetKernelArg|clEnqueueCopyBuffer|reads|writes|clFinish|in place|copied) (\d+)(?: \((\d+) bytes\))?`)

// runCounting runs entry of exe on input (one timed run after the
// warm-up), with the extra options, and returns its OpenCL call counts.
func runCounting(t *testing.T, exe, entry, input string, extra ...string) clCalls {
	t.Helper()
	cmd := exec.Command(exe, append([]string{"-e", entry, "-n", "-r", "1"}, extra...)...)
	cmd.Env = append(os.Environ(), "FCC_DEBUG_CL=1")
	cmd.Stdin = strings.NewReader(input)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %s: %v\n%s", entry, input, err, stderr.String())
	}
	line := ""
	for _, l := range strings.Split(stderr.String(), "\n") {
		if strings.HasPrefix(l, "OpenCL calls per run") {
			line = l
		}
	}
	if line == "" {
		t.Fatalf("%s: no OpenCL call counts on standard error:\n%s", entry, stderr.String())
	}
	n := clCalls{}
	for _, m := range clCallRE.FindAllStringSubmatch(line, -1) {
		n[m[1]], _ = strconv.ParseInt(m[2], 10, 64)
		if m[3] != "" {
			n["copy bytes"], _ = strconv.ParseInt(m[3], 10, 64)
		}
	}
	return n
}

// ones is an n by n matrix of ones, in the text format.
func ones(n int) string {
	row := "[" + strings.TrimSuffix(strings.Repeat("1f32, ", n), ", ") + "]"
	return "[" + strings.TrimSuffix(strings.Repeat(row+", ", n), ", ") + "]"
}

// ramp is an r by c matrix of f32 values from 1 up (positive and not all
// equal, as SRAD's image must be), in the text format.
func ramp(r, c int) string {
	rows := make([]string, r)
	for i := range rows {
		xs := make([]string, c)
		for j := range xs {
			xs[j] = strconv.Itoa(1+(i*c+j)%251) + "f32"
		}
		rows[i] = "[" + strings.Join(xs, ", ") + "]"
	}
	return "[" + strings.Join(rows, ", ") + "]"
}

// TestHostLoopCosts checks what a host loop costs per iteration in OpenCL
// calls (issue 22): run with few and with many iterations, a loop must
// allocate no more buffers, copy no more bytes and read from the device no
// more often, and a scatter or histogram into the array the loop carries
// must update it in place; only a destination that is not row-major is
// copied. Each iteration must launch the kernels it needs and no more
// (a map feeding a scatter is fused into it).
func TestHostLoopCosts(t *testing.T) {
	if !canCompile(t) || os.Getenv("FCC_PREBUILT") != "" {
		t.Skip("needs compiled programs")
	}
	cases := []struct {
		file, entry string
		few, many   string // inputs with few and with many iterations
		steps       int64  // iterations more in many
		inPlace     int64  // consumed arrays updated in place per extra iteration
		copied      int64  // consumed arrays copied, whatever the iterations
		launches    int64  // kernel launches per extra iteration
	}{
		// diag's map reads the array the scatter writes: fused, it would
		// race with the writes, so it stays a kernel of its own.
		{"programs/hostloop_scatter_inplace.fut", "diag", "4i64 1000i64 3i64", "40i64 1000i64 3i64", 36, 1, 0, 2},
		{"programs/hostloop_scatter_inplace.fut", "counts", "2i64 7i64 [1, 2, 3, 4, 5]", "30i64 7i64 [1, 2, 3, 4, 5]", 28, 1, 0, 2},
		// The first iteration copies the transposed view, which is not
		// row-major; the others update that copy in place.
		{"programs/hostloop_scatter_inplace.fut", "transposed", "[[1, 2], [3, 4], [5, 6]] 1i64", "[[1, 2], [3, 4], [5, 6]] 5i64", 4, 1, 1, 2},
		{"programs/hostloop_double_buffer.fut", "main", "3i64 [4, 0, 7, 1, 3]", "50i64 [4, 0, 7, 1, 3]", 47, 0, 0, 1},
		// The maps computing the scatter's indices and values are fused
		// into it: one launch per step.
		{"programs/hostloop_scatter_fused.fut", "stripes", "2i64 100i64 [1, 2, 3, 4, 5, 6, 7]", "20i64 100i64 [1, 2, 3, 4, 5, 6, 7]", 18, 1, 0, 1},
		{"programs/hostloop_scatter_fused.fut", "rotate", "[1, 2, 3, 4, 5] 2i64", "[1, 2, 3, 4, 5] 30i64", 28, 1, 0, 1},
		// The element each step reads is read by the kernel (in row,
		// with the scalar the host computed from it).
		{"programs/hostloop_pivot_read.fut", "diag", "2i64 " + ones(32), "30i64 " + ones(32), 28, 0, 0, 1},
		{"programs/hostloop_pivot_read.fut", "row", "2i64 " + ones(32), "30i64 " + ones(32), 28, 0, 0, 1},
		// The reductions' results only kernels use stay on the device: no
		// read per iteration (the reads check below), in SRAD too, whose
		// two sums are one reduction (fusion): 3 kernels per iteration.
		{"programs/hostloop_reduce_device.fut", "centre", "2i64 [3, 1, 4, 1, 5]", "30i64 [3, 1, 4, 1, 5]", 28, 0, 0, 2},
		{"../bench/apps/srad.fut", "main", "2i32 0.5f32 " + ramp(12, 16), "12i32 0.5f32 " + ramp(12, 16), 10, 0, 0, 3},
	}
	exes := map[string]string{}
	for _, c := range cases {
		exe := exes[c.file]
		if exe == "" {
			prog, err := compileRecovering(c.file, nil)
			if err != nil {
				t.Fatal(err)
			}
			exe = buildProgram(t, c.file, prog)
			exes[c.file] = exe
		}
		few := runCounting(t, exe, c.entry, c.few)
		many := runCounting(t, exe, c.entry, c.many)
		t.Logf("%s %s: few %v, many %v", c.file, c.entry, few, many)
		if many["clCreateBuffer"] != few["clCreateBuffer"] {
			t.Errorf("%s: %d more iterations created %d more buffers", c.entry, c.steps, many["clCreateBuffer"]-few["clCreateBuffer"])
		}
		if got := many["in place"] - few["in place"]; got != c.steps*c.inPlace {
			t.Errorf("%s: %d more iterations updated %d more arrays in place, want %d", c.entry, c.steps, got, c.steps*c.inPlace)
		}
		if few["copied"] != c.copied || many["copied"] != c.copied {
			t.Errorf("%s: copied %d and %d consumed arrays, want %d", c.entry, few["copied"], many["copied"], c.copied)
		}
		if many["reads"] != few["reads"] {
			t.Errorf("%s: %d more iterations read from the device %d more times", c.entry, c.steps, many["reads"]-few["reads"])
		}
		if got := many["kernel launches"] - few["kernel launches"]; got != c.steps*c.launches {
			t.Errorf("%s: %d more iterations launched %d more kernels, want %d", c.entry, c.steps, got, c.steps*c.launches)
		}
		if many["copy bytes"] != few["copy bytes"] {
			t.Errorf("%s: %d more iterations copied %d more bytes", c.entry, c.steps, many["copy bytes"]-few["copy bytes"])
		}
	}
}
