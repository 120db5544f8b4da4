package backend

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/segconv"
	"github.com/fcclang/fcc/soac"
)

// buildIR builds an executable from IR text that is already flattened.
func buildIR(t *testing.T, text string) (*soac.Program, string) {
	t.Helper()
	p, err := soac.ParseProgram(text)
	if err != nil {
		t.Fatal(err)
	}
	if err := soac.Validate(p); err != nil {
		t.Fatal(err)
	}
	// Top-level SOACs become Seg-ops first, as in the pipeline.
	if p, err = segconv.Convert(p); err != nil {
		t.Fatal(err)
	}
	src, err := Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	exePath := filepath.Join(t.TempDir(), "prog")
	if err := Build(src, exePath, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	return p, exePath
}

// runExe runs an executable on input text and returns stdout, stderr and
// the exit code.
func runExe(t *testing.T, exePath, input string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(exePath, args...)
	cmd.Stdin = strings.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

// interpret runs the interpreter on input text, giving its output text
// or its error.
func interpret(t *testing.T, p *soac.Program, input string, thresholds map[string]int64) (string, error) {
	t.Helper()
	f := p.Entry("main")
	params := make([]values.ArgType, len(f.Params))
	for i, prm := range f.Params {
		params[i] = values.ArgType{Elem: prm.Type.Elem, Rank: prm.Type.Rank()}
	}
	args, err := values.ReadArgs(strings.NewReader(input), "main", params)
	if err != nil {
		t.Fatal(err)
	}
	in := make([]soac.Value, len(args))
	for i, a := range args {
		in[i] = soac.FromRuntime(a)
	}
	ip := soac.NewInterpreter(p)
	for k, v := range thresholds {
		ip.SetThreshold(k, v)
	}
	res, err := ip.RunEntry("main", in)
	if err != nil {
		return "", err
	}
	out := make([]values.Value, len(res))
	for i, v := range res {
		out[i] = v.ToRuntime()
	}
	return textOf(t, out), nil
}

type irCase struct {
	name   string
	prog   string
	inputs []string
	args   []string // executable options
	thresh map[string]int64
}

// TestSegOpsAndArrays builds hand-written flattened programs (segscan,
// seghist, scatter, hist, top-level scans, views, thresholds, kernel
// errors) and compares executables with the interpreter, errors
// included: an error must leave stdout empty, exit with 1 and give the
// interpreter's message.
func TestSegOpsAndArrays(t *testing.T) {
	skipWithoutTools(t)
	cases := []irCase{
		{name: "segscan", prog: segScanIR, inputs: []string{"[[1, 2, 3], [4, 5, 6]]", "empty([2][0]i32)"}},
		{name: "scan", prog: scanIR, inputs: []string{"[3, 0, 2, 0, 1]", "empty([0]i32)"}},
		{name: "seghist", prog: segHistIR, inputs: []string{"[[0i64, 1i64, 0i64], [2i64, -1i64, 3i64]] [[5, 7, 9], [1, 2, 3]] [[0, 0, 0], [10, 0, 0]]"}},
		{name: "hist", prog: histIR, inputs: []string{"[0i64, 2i64, 9i64, 2i64, 1i64] [1f32, 2f32, 3f32, 4f32, 5f32] 3i64"}},
		{name: "scatter", prog: scatterIR, inputs: []string{"[0i64, 2i64, 7i64, -1i64] [1, 2, 3, 4] [0, 0, 0]"}},
		{name: "views", prog: viewsIR, inputs: []string{"[[0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11]]", "[[1, 2], [3, 4]]"}},
		{name: "view errors", prog: viewsIR, inputs: []string{"[[0, 1], [4, 5]]"}},
		{name: "threshold default", prog: thresholdIR, inputs: []string{"[1, 2, 3]"}},
		{name: "threshold param", prog: thresholdIR, inputs: []string{"[1, 2, 3]"}, args: []string{"--param", "suff_outer_par_0=2"}, thresh: map[string]int64{"suff_outer_par_0": 2}},
		{name: "kernel index error", prog: kernelErrIR, inputs: []string{"[1, 2, 3] [0i64, 2i64, 1i64]", "[1, 2, 3] [0i64, 3i64, 1i64]", "[1, 2, 3] [0i64, -1i64, 1i64]"}},
		{name: "kernel division by zero", prog: divIR, inputs: []string{"[1, 2, 3] [1, 2, 3]", "[1, 2, 3] [1, 0, 3]"}},
		{name: "kernel assertion", prog: assertIR, inputs: []string{"[1, 2, 3]", "[1, -2, 3]"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p, exePath := buildIR(t, c.prog)
			for _, in := range c.inputs {
				want, ierr := interpret(t, p, in, c.thresh)
				got, stderr, code := runExe(t, exePath, in, c.args...)
				if ierr != nil {
					msg := ierr.Error()
					if code != 1 || got != "" || !strings.Contains(stderr, msg) {
						t.Errorf("input %s: want exit 1, no output and %q; got exit %d, output %q, stderr %q", in, msg, code, got, stderr)
					}
					continue
				}
				if code != 0 || got != want {
					t.Errorf("input %s: got exit %d, output\n%s\nwant\n%s\nstderr: %s", in, code, got, want, stderr)
				}
			}
		})
	}
}

// TestRepeatedRunsPrintParams checks that -r runs and --print-params lists
// the program's thresholds.
func TestRepeatedRunsPrintParams(t *testing.T) {
	skipWithoutTools(t)
	t.Parallel()
	_, exePath := buildIR(t, thresholdIR)
	out, stderr, code := runExe(t, exePath, "", "--print-params")
	if code != 0 || out != "suff_outer_par_0 (threshold)\n" {
		t.Errorf("--print-params: exit %d, %q, %s", code, out, stderr)
	}
	out, stderr, code = runExe(t, exePath, "[1, 2, 3]", "-r", "20", "-P")
	if code != 0 || !strings.Contains(out, "[2i32, 4i32, 6i32]") || !strings.Contains(stderr, "segmap") {
		t.Errorf("-r 20 -P: exit %d, %q, %s", code, out, stderr)
	}
}

const segScanIR = `entry "main"
fun main (m: [r][c]i32): {[r][c]i32, [r][c]i32} = {
  let {s: [r][c]i32, d: [r][c]i32} = segscan_thread (i < r, j < c) : {i32, i32}
    scan (0i32) \(a: i32, b: i32): {i32} -> {
      let {x: i32} = add i32 a b
      in {x}
    }
  body {
    let {v: i32} = m[i, j]
    let {w: i32} = mul i32 v 2i32
    in {v, w}
  }
  in {s, d}
}
`

// A non-commutative scan (the last non-zero value) left at the top level.
const scanIR = `entry "main"
fun main (xs: [n]i32): {[n]i32} = {
  let {s: [n]i32} = screma n (xs)
    scan (0i32) \(a: i32, b: i32): {i32} -> {
      let {z: bool} = eq i32 b 0i32
      let {x: i32} = if z : {i32}
      then {
        in {a}
      }
      else {
        in {b}
      }
      in {x}
    }
    map \(v: i32): {i32} -> {
      in {v}
    }
  in {s}
}
`

const segHistIR = `entry "main"
fun main (is: [r][c]i64, vs: [r][c]i32, dst: [r][k]i32): {[r][k]i32, [r][k]i32} = {
  let {h: [r][k]i32} = seghist_thread (i < r, j < c) : {i64, i32}
    op k (dst) (0i32) \(a: i32, b: i32): {i32} -> {
      let {x: i32} = max i32 a b
      in {x}
    }
  body {
    let {bin: i64} = is[i, j]
    let {v: i32} = vs[i, j]
    in {bin, v}
  }
  in {h, dst}
}
`

const histIR = `entry "main"
fun main (is: [n]i64, vs: [n]f32, k: i64): {[k]f32, [k]i32} = {
  let {z: [k]f32} = replicate (k) 0f32
  let {zc: [k]i32} = replicate (k) 0i32
  let {h: [k]f32, hc: [k]i32} = hist n (is, vs)
    op k (z, zc) (0f32, 0i32) \(a: f32, ac: i32, b: f32, bc: i32): {f32, i32} -> {
      let {x: f32} = add f32 a b
      let {y: i32} = add i32 ac bc
      in {x, y}
    }
    bucket \(i: i64, v: f32): {i64, f32, i32} -> {
      in {i, v, 1i32}
    }
  in {h, hc}
}
`

const scatterIR = `entry "main"
fun main (is: [n]i64, vs: [n]i32, dst: *[k]i32): {[k]i32} = {
  let {s: [k]i32} = scatter n (is, vs) into (dst/1)
    lambda \(i: i64, v: i32): {i64, i32} -> {
      in {i, v}
    }
  in {s}
}
`

// Views on the host: slices, transposition, reshape, concat, update,
// iota, replicate and an array literal, then a kernel reading a strided
// view.
const viewsIR = `entry "main"
fun main (m: [r][c]i32): {[c][r]i32, [2i64]i32, [n]i32, [w]i32, [r][c]i32, [3i64]i64, [2i64][c]i32, [2i64]i32} = {
  let {t: [c][r]i32} = rearrange (1, 0) m
  let {col: [2i64]i32} = slice m[1i64:+2i64*-1i64, 1i64]
  let {n: i64} = mul i64 r c
  let {f: [n]i32} = reshape (n) t
  let {w: i64} = add i64 n 2i64
  let {cc: [w]i32} = concat w (f, col)
  let {m2: [r][c]i32} = copy m
  let {row: [c]i32} = replicate (c) 7i32
  let {u: [r][c]i32} = update m2[0i64] = row
  let {io: [3i64]i64} = iota i64 3i64 5i64 -2i64
  let {rep: [2i64][c]i32} = replicate (2i64) row
  let {x: i32} = m[0i64, 0i64]
  let {lit: [2i64]i32} = array i32 [x, 9i32]
  let {tt: [c][r]i32} = segmap_thread (a < c, b < r) : {i32}
  body {
    let {y: i32} = t[a, b]
    in {y}
  }
  in {tt, col, f, cc, u, io, rep, lit}
}
`

const thresholdIR = `threshold "suff_outer_par_0" 1000

entry "main"
fun main (xs: [n]i32): {[n]i32, bool} = {
  let {big: bool} = threshold "suff_outer_par_0" n
  let {ys: [n]i32} = segmap_thread (i < n) : {i32}
  body {
    let {x: i32} = xs[i]
    let {y: i32} = mul i32 x 2i32
    in {y}
  }
  in {ys, big}
}
`

const kernelErrIR = `entry "main"
fun main (xs: [n]i32, is: [n]i64): {[n]i32} = {
  let {ys: [n]i32} = segmap_thread (i < n) : {i32}
  body {
    let {j: i64} = is[i]
    let {x: i32} = xs[j]
    in {x}
  }
  in {ys}
}
`

const divIR = `entry "main"
fun main (xs: [n]i32, ds: [n]i32): {i32} = {
  let {s: i32} = segred_thread (i < n) : {i32}
    reduce_comm (0i32) \(a: i32, b: i32): {i32} -> {
      let {c: i32} = add i32 a b
      in {c}
    }
  body {
    let {x: i32} = xs[i]
    let {d: i32} = ds[i]
    let {q: i32} = div i32 x d
    in {q}
  }
  in {s}
}
`

const assertIR = `entry "main"
fun main (xs: [n]i32): {[n]i32} = {
  let {ys: [n]i32} = segmap_thread (i < n) : {i32}
  body {
    let {x: i32} = xs[i]
    let {ok: bool} = le i32 0i32 x
    let {a: bool} = assert ok "values must be non-negative"
    in {x}
  }
  in {ys}
}
`
