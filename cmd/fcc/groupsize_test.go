package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/fcclang/fcc/runtime/values"
)

// runLimited runs exe with args on input and returns its output, failing
// the test if it does not end within limit: a kernel that hangs for some
// group size must fail the test, not block it.
func runLimited(t *testing.T, limit time.Duration, exe, input string, env []string, args ...string) (string, string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Stdin = strings.NewReader(input)
	cmd.Env = append(cmd.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s %s on %.80q did not end within %v (a hang)", exe, strings.Join(args, " "), input, limit)
	}
	return stdout.String(), stderr.String(), err
}

func i32Text(xs []int64) string {
	if len(xs) == 0 {
		return "empty([0]i32)"
	}
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprintf("%di32", x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func rows(r int, f func(int) string, empty string) string {
	if r == 0 {
		return empty
	}
	s := make([]string, r)
	for i := range s {
		s[i] = f(i)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// TestGroupSizes runs one compiled program's kernels (reduce, scan,
// segmented reduce and scan, histogram, map, matrix product) with
// --default-group-size at the edges (1, 2, 3, sizes below, at and above
// a warp of 32, 1024 and beyond the device's maximum) on element counts
// around the group size, with a timeout so that a hang fails the test.
func TestGroupSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a program and runs it some hundreds of times")
	}
	exe := buildTestdata(t, "groupsize")
	// The first run of a kernel with a new work-group size compiles it
	// (PoCL): minutes on a loaded machine.
	const limit = 5 * time.Minute
	// Each group size builds every kernel again on PoCL (seconds each):
	// CI takes sizes on both sides of the edges, FCC_GROUP_SIZES=all
	// every one.
	sizes := []int{1, 2, 20, 33, 1 << 20}
	if os.Getenv("FCC_GROUP_SIZES") == "all" {
		sizes = []int{1, 2, 3, 7, 20, 31, 32, 33, 64, 1024, 1 << 20}
	}
	for _, g := range sizes {
		gs := fmt.Sprint(g)
		// One server per group size: the kernels are built once for it.
		srv := newProgramServer(exe, []string{"--default-group-size", gs}, t.TempDir())
		run := func(entry, in string) (string, error) {
			return serveText(srv, entry, in, limit)
		}
		counts := []int{0, 1, 2, 3, 5, 31, 32, 33, 64, 65, 70, g - 1, g, g + 1, 2*g + 1}
		slices.Sort(counts)
		counts = slices.Compact(counts)
		for _, n := range counts {
			if n < 0 || n > 5000 {
				continue
			}
			xs := make([]int64, n)
			for i := range xs {
				xs[i] = int64(i*7%23 - 5)
			}
			in := i32Text(xs)
			var sum int64
			pre := make([]int64, n)
			hist := make([]int64, 10)
			inc := make([]int64, n)
			for i, x := range xs {
				sum += x
				pre[i] = sum
				hist[((x%10)+10)%10] += x
				inc[i] = x + 1
			}
			// Futhark's % is the floored modulo, so x % 10 is in 0..9.
			cases := []struct{ entry, in, want string }{
				{"sum", in, fmt.Sprintf("%di32", sum)},
				{"prefix", in, i32Text(pre)},
				{"histo", in, i32Text(hist)},
				{"inc", in, i32Text(inc)},
				{"rowsums", rows(3, func(int) string { return in }, ""), i32Text([]int64{sum, sum, sum})},
				{"rowprefix", rows(2, func(int) string { return in }, ""), rows(2, func(int) string { return i32Text(pre) }, "")},
			}
			if n == 0 {
				cases[4] = struct{ entry, in, want string }{"rowsums", "empty([3][0]i32)", "[0i32, 0i32, 0i32]"}
				cases[5] = struct{ entry, in, want string }{"rowprefix", "empty([2][0]i32)", "empty([2][0]i32)"}
			}
			for _, c := range cases {
				out, err := run(c.entry, c.in)
				if err != nil || out != c.want {
					t.Errorf("%s with groups of %d on %d elements: %q (%v), want %s", c.entry, g, n, out, err, c.want)
				}
			}
		}
		// Matrix products of shapes around the tile size.
		for _, n := range []int{1, 3, 16, 17} {
			a := rows(n, func(i int) string {
				r := make([]int64, n)
				for j := range r {
					r[j] = int64(i + j)
				}
				return i32Text(r)
			}, "")
			want := rows(n, func(i int) string {
				r := make([]int64, n)
				for j := range r {
					for k := 0; k < n; k++ {
						r[j] += int64((i + k) * (k + j))
					}
				}
				return i32Text(r)
			}, "")
			out, err := run("matmul", a+" "+a)
			if err != nil || out != want {
				t.Errorf("matmul with groups of %d, %d×%d: %q (%v), want %s", g, n, n, out, err, want)
			}
		}
		srv.Close()
	}
}

// serveText runs entry on values written in the text format through a
// program's server, within limit, and returns the results in the text
// format, separated by spaces.
func serveText(srv *programServer, entry, in string, limit time.Duration) (string, error) {
	var b bytes.Buffer
	r := values.NewReader(strings.NewReader(in))
	for {
		v, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", err
		}
		if err := values.WriteBinary(&b, v); err != nil {
			return "", err
		}
	}
	vs, err := srv.run(entry, b.Bytes(), limit, true)
	if err != nil {
		return "", err
	}
	out := make([]string, len(vs))
	for i, v := range vs {
		var sb strings.Builder
		if err := values.WriteText(&sb, v); err != nil {
			return "", err
		}
		out[i] = strings.TrimSpace(sb.String())
	}
	return strings.Join(out, " "), nil
}

// TestHostileInputs feeds a compiled program shapes that overflow or are
// huge: each is a clear error naming the place in the input, or, for
// arrays without elements, a result, and never an attempt to allocate
// what the shape's other dimensions multiply to.
func TestHostileInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a program")
	}
	exe := buildTestdata(t, "groupsize")
	env := []string{"FCC_MEMORY_LIMIT=1G"}
	for _, tc := range []struct {
		entry, in string
		want      string // stdout, or
		msg       string // part of stderr, with a nonzero exit
	}{
		{entry: "rowsums", in: "empty([0][9223372036854775807]i32)", want: "empty([0]i32)"},
		{entry: "rowprefix", in: "empty([0][9223372036854775807]i32)", want: "empty([0][9223372036854775807]i32)"},
		{entry: "sum", in: "empty([0]i32)", want: "0i32"},
		{entry: "flip", in: "empty([0][9223372036854775807]i32)", want: "empty([9223372036854775807][0]i32)"},
		{entry: "flip", in: "empty([9223372036854775807][0]i32)", want: "empty([0][9223372036854775807]i32)"},
		{entry: "rowsums", in: "empty([9223372036854775807][9223372036854775807]i32)",
			msg: "entry point argument 1 (of type [][]i32): line 1, column 1 (byte 0): the shape [9223372036854775807][9223372036854775807] has more than 2^63 elements"},
		{entry: "sum", in: "\n  empty([4294967296][4294967296]i32)", msg: "line 2, column 3 (byte 3): the shape [4294967296][4294967296] has more than 2^63 elements"},
		{entry: "sum", in: "b\x02\x01 i32\x00\x10\xa5\xd4\xe8\x00\x00\x00",
			msg: "byte 7: binary value: cannot allocate 4000000000000 bytes for a [1000000000000]i32 value: more than the memory limit of 1073741824 bytes"},
		{entry: "sum", in: "b\x02\x01 i32\x00\x00\x00\x00\x00\x00\x00\x80", msg: "byte 7: binary value: negative dimension"},
		// A result of 2^63-1 rows is too large for any device: an error.
		{entry: "rowsums", in: "empty([9223372036854775807][0]i32)", msg: "out of device memory"},
	} {
		out, stderr, err := runLimited(t, 5*time.Minute, exe, tc.in, env, "-e", tc.entry)
		if tc.msg == "" {
			if err != nil || strings.TrimSpace(out) != tc.want {
				t.Errorf("%s on %q: %q (%v, %s), want %s", tc.entry, tc.in, out, err, stderr, tc.want)
			}
			continue
		}
		if err == nil || !strings.Contains(stderr, tc.msg) || strings.Contains(stderr, "goroutine") {
			t.Errorf("%s on %q: exit %v, stderr %q; want an error containing %q", tc.entry, tc.in, err, stderr, tc.msg)
		}
	}
}
