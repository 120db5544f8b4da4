package exe

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/cl"
	"github.com/fcclang/fcc/runtime/values"
)

func TestParseArgs(t *testing.T) {
	def := DefaultOptions()
	tests := []struct {
		args []string
		want func(o *Options)
		err  string
	}{
		{args: nil, want: func(o *Options) {}},
		{args: []string{"-e", "foo"}, want: func(o *Options) { o.EntryPoint = "foo" }},
		{args: []string{"-efoo"}, want: func(o *Options) { o.EntryPoint = "foo" }},
		{args: []string{"--entry-point=foo"}, want: func(o *Options) { o.EntryPoint = "foo" }},
		{args: []string{"--entry-point", "foo"}, want: func(o *Options) { o.EntryPoint = "foo" }},
		{args: []string{"-t", "/tmp/x", "-r", "10"}, want: func(o *Options) { o.RuntimeFile = "/tmp/x"; o.Runs = 10; o.RunsGiven = true }},
		{args: []string{"--runs=3", "--write-runtime-to", "f"}, want: func(o *Options) { o.RuntimeFile = "f"; o.Runs = 3; o.RunsGiven = true }},
		{args: []string{"-bDP"}, want: func(o *Options) { o.BinaryOutput = true; o.Debug = true; o.Profile = true }},
		{args: []string{"-b", "-D", "-P", "-L", "-n"}, want: func(o *Options) {
			o.BinaryOutput, o.Debug, o.Profile, o.Log, o.NoPrintResult = true, true, true, true, true
		}},
		{args: []string{"--binary-output", "--debugging", "--profile", "--log", "--no-print-result"}, want: func(o *Options) {
			o.BinaryOutput, o.Debug, o.Profile, o.Log, o.NoPrintResult = true, true, true, true, true
		}},
		{args: []string{"-bt", "f"}, want: func(o *Options) { o.BinaryOutput = true; o.RuntimeFile = "f" }},
		{args: []string{"-d", "NVIDIA", "-p", "CUDA"}, want: func(o *Options) { o.Device = "NVIDIA"; o.Platform = "CUDA" }},
		{args: []string{"--device=#1", "--platform", "Portable"}, want: func(o *Options) { o.Device = "#1"; o.Platform = "Portable" }},
		{args: []string{"--list-devices"}, want: func(o *Options) { o.ListDevices = true }},
		{args: []string{"--dump-opencl", "k.cl"}, want: func(o *Options) { o.DumpOpenCL = "k.cl" }},
		{args: []string{"--load-opencl=k.cl"}, want: func(o *Options) { o.LoadOpenCL = "k.cl" }},
		{args: []string{"--build-option", "-cl-fast-relaxed-math", "--build-option=-DX=1"}, want: func(o *Options) { o.BuildOptions = []string{"-cl-fast-relaxed-math", "-DX=1"} }},
		{args: []string{"--default-group-size", "128", "--default-num-groups=64", "--default-tile-size", "8", "--default-reg-tile-size", "2", "--default-threshold=1000"},
			want: func(o *Options) {
				o.DefaultGroupSize, o.DefaultNumGroups, o.DefaultTileSize, o.DefaultRegTileSize, o.DefaultThreshold = 128, 64, 8, 2, 1000
			}},
		{args: []string{"--param", "main.t1=5", "--param=main.g=32"}, want: func(o *Options) {
			o.Params = map[string]int64{"main.t1": 5, "main.g": 32}
			o.ParamOrder = []string{"main.t1", "main.g"}
		}},
		{args: []string{"--tuning", "x.tuning", "--print-params", "--cache-file", "c"}, want: func(o *Options) { o.TuningFile = "x.tuning"; o.PrintParams = true; o.CacheFile = "c" }},
		{args: []string{"-h"}, want: func(o *Options) { o.Help = true }},
		{args: []string{"--help"}, want: func(o *Options) { o.Help = true }},
		{args: []string{"-e", "a", "--"}, want: func(o *Options) { o.EntryPoint = "a" }},
		{args: []string{"--bogus"}, err: "unknown option --bogus"},
		{args: []string{"-x"}, err: "unknown option -x"},
		{args: []string{"-e"}, err: "option -e requires an argument"},
		{args: []string{"--runs"}, err: "option --runs requires an argument"},
		{args: []string{"-r", "0"}, err: "not a positive integer"},
		{args: []string{"-r", "many"}, err: "not a positive integer"},
		{args: []string{"--default-group-size=-4"}, err: "not an integer >= 1"},
		{args: []string{"--param", "noequals"}, err: "NAME=INT"},
		{args: []string{"--param", "a=b"}, err: "NAME=INT"},
		{args: []string{"--binary-output=yes"}, err: "takes no argument"},
		{args: []string{"input.txt"}, err: "unexpected argument"},
	}
	for _, tc := range tests {
		o, err := ParseArgs(tc.args)
		if tc.err != "" {
			var ue *UsageError
			if err == nil || !strings.Contains(err.Error(), tc.err) || !errors.As(err, &ue) {
				t.Errorf("ParseArgs(%q) error = %v, want usage error containing %q", tc.args, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseArgs(%q): %v", tc.args, err)
			continue
		}
		want := *def
		want.Params = map[string]int64{}
		tc.want(&want)
		if !reflect.DeepEqual(*o, want) {
			t.Errorf("ParseArgs(%q) =\n %+v\nwant\n %+v", tc.args, *o, want)
		}
	}
}

func TestTypeDesc(t *testing.T) {
	for td, want := range map[TypeDesc]string{
		{Elem: values.F32, Rank: 2}:               "[][]f32",
		{Elem: values.I32, Rank: 1, Unique: true}: "*[]i32",
		{Elem: values.Bool}:                       "bool",
	} {
		if td.String() != want {
			t.Errorf("%#v.String() = %q, want %q", td, td.String(), want)
		}
	}
}

func TestParseTuning(t *testing.T) {
	m, order, err := parseTuning(strings.NewReader("a.b=3\n\n  c = 42 \n"), "f")
	if err != nil || !reflect.DeepEqual(m, map[string]int64{"a.b": 3, "c": 42}) || !reflect.DeepEqual(order, []string{"a.b", "c"}) {
		t.Fatalf("parseTuning = %v %v %v", m, order, err)
	}
	if _, _, err := parseTuning(strings.NewReader("ok=1\nbad line\n"), "f"); err == nil || !strings.Contains(err.Error(), "f:2") {
		t.Fatalf("bad tuning file error = %v", err)
	}
}

const testKernels = `
__kernel void double_f32(__global const float *in, __global float *out, long n) {
  long i = get_global_id(0);
  if (i < n) out[i] = 2.0f * in[i];
}
__kernel void scale_f32(float a, __global const float *in, __global float *out, long n) {
  long i = get_global_id(0);
  if (i < n) out[i] = a * in[i];
}
__kernel void sum_f32(__global const float *in, __global float *out, long n, __local float *tmp) {
  // One work-group: each item sums a strided part, then item 0 adds up.
  int l = get_local_id(0), g = get_local_size(0);
  float s = 0.0f;
  for (long i = l; i < n; i += g) s += in[i];
  tmp[l] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (l == 0) {
    float t = 0.0f;
    for (int j = 0; j < g; j++) t += tmp[j];
    out[0] = t;
  }
}
__kernel void negate_bool(__global const uchar *in, __global uchar *out, long n) {
  long i = get_global_id(0);
  if (i < n) out[i] = !in[i];
}
`

func roundUp(n, m int64) int64 { return (n + m - 1) / m * m }

// entryDouble doubles an f32 array.
func entryDouble(c *Context, args []any) ([]any, error) {
	in := args[0].(*DeviceArray)
	out, err := c.NewArray(values.F32, in.Shape)
	if err != nil {
		return nil, err
	}
	n := in.Len()
	g, err := c.KernelGroupSize("double_f32")
	if err != nil {
		return nil, err
	}
	if err := c.Launch("double_f32", []int64{roundUp(n, g)}, []int64{g}, in, out, n); err != nil {
		return nil, err
	}
	return []any{out}, nil
}

// entrySum sums an f32 array into a scalar, read back on the host.
func entrySum(c *Context, args []any) ([]any, error) {
	in := args[0].(*DeviceArray)
	res, err := c.Alloc(4)
	if err != nil {
		return nil, err
	}
	defer c.Release(res)
	g := min(c.DefaultGroupSize(), 64)
	if err := c.Launch("sum_f32", []int64{g}, []int64{g}, in, res, in.Len(), Local(4*g)); err != nil {
		return nil, err
	}
	s, err := c.ReadScalar(res, values.F32, 0)
	if err != nil {
		return nil, err
	}
	return []any{s}, nil
}

// entryScale takes a scalar and an array and returns an array and the
// length, plus the scalar back.
func entryScale(c *Context, args []any) ([]any, error) {
	a, in := args[0].(float32), args[1].(*DeviceArray)
	out, err := c.NewArray(values.F32, in.Shape)
	if err != nil {
		return nil, err
	}
	if err := c.Launch("scale_f32", []int64{in.Len()}, nil, a, in, out, in.Len()); err != nil {
		return nil, err
	}
	return []any{out, in.Len(), a}, nil
}

func entryNot(c *Context, args []any) ([]any, error) {
	in := args[0].(*DeviceArray)
	out, err := c.NewArray(values.Bool, in.Shape)
	if err != nil {
		return nil, err
	}
	if err := c.Launch("negate_bool", []int64{in.Len()}, nil, in, out, in.Len()); err != nil {
		return nil, err
	}
	return []any{out, !args[1].(bool), args[2].(F16)}, nil
}

func entryIdentity2D(c *Context, args []any) ([]any, error) {
	return []any{args[0]}, nil // an aliased result: released once
}

func entryFail(c *Context, args []any) ([]any, error) {
	return nil, fmt.Errorf("prog.fut:3:5-10: index %d out of bounds for array of shape [%d]", 7, 3)
}

var f32arr = TypeDesc{Elem: values.F32, Rank: 1}

var testProgram = &Program{
	Name:   "prog",
	OpenCL: testKernels,
	Entries: []EntryPoint{
		{Name: "main", Params: []TypeDesc{f32arr}, Results: []TypeDesc{f32arr}, Run: entryDouble},
		{Name: "sum", Params: []TypeDesc{f32arr}, Results: []TypeDesc{{Elem: values.F32}}, Run: entrySum},
		{Name: "scale", Params: []TypeDesc{{Elem: values.F32}, f32arr}, Results: []TypeDesc{f32arr, {Elem: values.I64}, {Elem: values.F32}}, Run: entryScale},
		{Name: "not", Params: []TypeDesc{{Elem: values.Bool, Rank: 1}, {Elem: values.Bool}, {Elem: values.F16}}, Results: []TypeDesc{{Elem: values.Bool, Rank: 1}, {Elem: values.Bool}, {Elem: values.F16}}, Run: entryNot},
		{Name: "id2", Params: []TypeDesc{{Elem: values.I32, Rank: 2, Unique: true}}, Results: []TypeDesc{{Elem: values.I32, Rank: 2, Unique: true}}, Run: entryIdentity2D},
		{Name: "fail", Params: nil, Results: []TypeDesc{{Elem: values.I32}}, Run: entryFail},
	},
	Params: []Param{{Name: "main.group_size_1", Class: "group_size"}, {Name: "main.suff_outer_par_0", Class: "threshold"}},
}

type result struct {
	code           int
	stdout, stderr string
}

func runProg(p *Program, stdin string, args ...string) result {
	var out, errb bytes.Buffer
	code := Run(p, args, strings.NewReader(stdin), &out, &errb)
	return result{code, out.String(), errb.String()}
}

// needOpenCL skips a test on a machine without an OpenCL device.
func needOpenCL(t *testing.T) {
	t.Helper()
	devs, err := ListDevices()
	if err != nil || len(devs) == 0 {
		t.Skipf("no OpenCL device (err=%v)", err)
	}
}

func expectError(t *testing.T, r result, code int, substrs ...string) {
	t.Helper()
	if r.code != code || r.stdout != "" || !strings.HasPrefix(r.stderr, "Error: ") {
		t.Fatalf("want exit %d, empty stdout and an Error: on stderr; got exit %d\nstdout: %q\nstderr: %q", code, r.code, r.stdout, r.stderr)
	}
	for _, s := range substrs {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("stderr %q does not contain %q", r.stderr, s)
		}
	}
}

// Tests that need no device: they fail or finish before device setup.

func TestHelp(t *testing.T) {
	r := runProg(testProgram, "", "--help")
	if r.code != 0 || !strings.Contains(r.stdout, "Usage: prog") || !strings.Contains(r.stdout, "--write-runtime-to FILE") || r.stderr != "" {
		t.Fatalf("help: %+v", r)
	}
}

func TestBadUsage(t *testing.T) {
	expectError(t, runProg(testProgram, "", "--frobnicate"), 2, "unknown option --frobnicate", "--help")
	expectError(t, runProg(testProgram, "", "-r"), 2, "requires an argument")
}

func TestDumpOpenCL(t *testing.T) {
	f := filepath.Join(t.TempDir(), "k.cl")
	r := runProg(testProgram, "", "--dump-opencl", f)
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("dump: %+v", r)
	}
	if b, err := os.ReadFile(f); err != nil || string(b) != testKernels {
		t.Fatalf("dumped source differs (%v)", err)
	}
}

func TestPrintParams(t *testing.T) {
	r := runProg(testProgram, "", "--print-params")
	if r.code != 0 || r.stdout != "main.group_size_1 (group_size)\nmain.suff_outer_par_0 (threshold)\n" {
		t.Fatalf("print-params: %+v", r)
	}
	expectError(t, runProg(testProgram, "[1f32]", "--param", "nope=3"), 1, `unknown tuning parameter "nope"`)
}

func TestUnknownEntryPoint(t *testing.T) {
	expectError(t, runProg(testProgram, "[1f32]", "-e", "nope"), 1, `no entry point "nope"`, "main, sum, scale, not, id2, fail")
}

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		entry, in string
		want      []string
	}{
		{"main", "", []string{"expects 1 argument(s) ([]f32)", "ended after 0 value(s)"}},
		{"scale", "2f32", []string{"expects 2 argument(s) (f32, []f32)", "ended after 1 value(s)"}},
		{"main", "[[1i32, 2i32]]", []string{"entry point argument 1 (of type []f32)", "rank"}},
		{"scale", "1f32 [1i32, 2i32]", []string{"entry point argument 2 (of type []f32)", "(byte 6)", "i32"}},
		{"main", "[1f32, 2f32] 3f32", []string{"input holds more values"}},
		{"main", "[1f32, 2f32] ]", []string{"trailing data"}},
		{"main", "[1f32, 2f32", []string{"entry point argument 1", "end of input"}},
	} {
		t.Run(tc.in, func(t *testing.T) {
			expectError(t, runProg(testProgram, tc.in, "-e", tc.entry), 1, tc.want...)
		})
	}
}

// End-to-end tests on the OpenCL device.

func TestRunText(t *testing.T) {
	needOpenCL(t)
	r := runProg(testProgram, "[1.0, 2.5, -3.0]")
	if r.code != 0 || r.stdout != "[2.0f32, 5.0f32, -6.0f32]\n" {
		t.Fatalf("main: %+v", r)
	}
	r = runProg(testProgram, "-- a comment\n[1f32, 2f32, 3f32, 4f32, 5f32]\n", "-e", "sum")
	if r.code != 0 || r.stdout != "15.0f32\n" {
		t.Fatalf("sum: %+v", r)
	}
	r = runProg(testProgram, "2 [1, 2, 3]", "--entry-point=scale")
	if r.code != 0 || r.stdout != "[2.0f32, 4.0f32, 6.0f32]\n3i64\n2.0f32\n" {
		t.Fatalf("scale: %+v", r)
	}
	r = runProg(testProgram, "[true, false] false 1.5f16", "-e", "not")
	if r.code != 0 || r.stdout != "[false, true]\ntrue\n1.5f16\n" {
		t.Fatalf("not: %+v", r)
	}
	r = runProg(testProgram, "[[1, 2], [3, 4]]", "-e", "id2")
	if r.code != 0 || r.stdout != "[[1i32, 2i32], [3i32, 4i32]]\n" {
		t.Fatalf("id2: %+v", r)
	}
	// Empty arrays: zero-byte buffers and skipped zero-size launches.
	r = runProg(testProgram, "empty([0]f32)", "-D")
	if r.code != 0 || r.stdout != "empty([0]f32)\n" || !strings.Contains(r.stderr, "Skipping kernel double_f32") {
		t.Fatalf("empty: %+v", r)
	}
	r = runProg(testProgram, "empty([0]f32)", "-e", "sum")
	if r.code != 0 || r.stdout != "0.0f32\n" {
		t.Fatalf("empty sum: %+v", r)
	}
}

func TestRunBinary(t *testing.T) {
	needOpenCL(t)
	var in bytes.Buffer
	n := 1000
	data := make([]float32, n)
	for i := range data {
		data[i] = float32(i) / 4
	}
	if err := values.WriteBinary(&in, values.Value{Type: values.F32, Shape: []int64{int64(n)}, Data: data}); err != nil {
		t.Fatal(err)
	}
	// Binary in, binary out.
	r := runProg(testProgram, in.String(), "-b")
	if r.code != 0 {
		t.Fatalf("binary: %+v", r)
	}
	rd := values.NewReader(strings.NewReader(r.stdout))
	v, err := rd.Read()
	if err != nil {
		t.Fatal(err)
	}
	got := v.Data.([]float32)
	for i := range got {
		if got[i] != 2*data[i] {
			t.Fatalf("element %d = %v, want %v", i, got[i], 2*data[i])
		}
	}
	if r.stdout[0] != 'b' {
		t.Errorf("binary output does not start with 'b'")
	}
	// Binary and text mixed in the input.
	r = runProg(testProgram, "3f32 "+in.String(), "-e", "scale", "-b")
	if r.code != 0 {
		t.Fatalf("mixed: %+v", r)
	}
	rd = values.NewReader(strings.NewReader(r.stdout))
	var outs []values.Value
	for {
		v, err := rd.Read()
		if err != nil {
			break
		}
		outs = append(outs, v)
	}
	if len(outs) != 3 || outs[0].Data.([]float32)[5] != 3*data[5] || outs[1].Data.([]int64)[0] != int64(n) {
		t.Fatalf("mixed outputs: %v", outs)
	}
}

func TestRunsAndTiming(t *testing.T) {
	needOpenCL(t)
	f := filepath.Join(t.TempDir(), "runtime")
	r := runProg(testProgram, "[1f32, 2f32]", "-r", "3", "-t", f)
	if r.code != 0 || r.stdout != "[2.0f32, 4.0f32]\n" {
		t.Fatalf("-r 3: %+v", r)
	}
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 3 {
		t.Fatalf("runtime file has %d lines: %q", len(lines), b)
	}
	for _, l := range lines {
		var us int64
		if _, err := fmt.Sscanf(l, "%d", &us); err != nil || us < 0 {
			t.Fatalf("bad runtime line %q", l)
		}
	}
	// Without -r: one run, one line.
	r = runProg(testProgram, "[1f32]", "-t", f)
	if b, _ := os.ReadFile(f); r.code != 0 || strings.Count(string(b), "\n") != 1 {
		t.Fatalf("-t without -r: %+v, file %q", r, b)
	}
	r = runProg(testProgram, "[1f32]", "-n")
	if r.code != 0 || r.stdout != "" {
		t.Fatalf("-n: %+v", r)
	}
}

func TestDebugProfileAndDevices(t *testing.T) {
	needOpenCL(t)
	r := runProg(testProgram, "[1f32, 2f32]", "-D", "-P")
	if r.code != 0 || r.stdout != "[2.0f32, 4.0f32]\n" {
		t.Fatalf("-D -P: %+v", r)
	}
	for _, s := range []string{"Using device:", "Launching kernel double_f32 with global work size", "double_f32", "Runs"} {
		if !strings.Contains(r.stderr, s) {
			t.Errorf("stderr lacks %q:\n%s", s, r.stderr)
		}
	}
	r = runProg(testProgram, "", "--list-devices")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "Platform #0: ") || !strings.Contains(r.stdout, "Device #0: ") {
		t.Fatalf("--list-devices: %+v", r)
	}
	devs, _ := ListDevices()
	name := devs[0].Device.Name()
	r = runProg(testProgram, "[1f32]", "-d", name[:3], "-p", devs[0].Platform.Name()[:3])
	if r.code != 0 || r.stdout != "[2.0f32]\n" {
		t.Fatalf("-d: %+v", r)
	}
	r = runProg(testProgram, "[1f32]", "-d", "#0")
	if r.code != 0 {
		t.Fatalf("-d #0: %+v", r)
	}
	expectError(t, runProg(testProgram, "[1f32]", "-d", "NoSuchDevice"), 1, `no OpenCL device whose name contains "NoSuchDevice"`)
	expectError(t, runProg(testProgram, "[1f32]", "-d", "#99"), 1, "#99")
}

func TestErrors(t *testing.T) {
	needOpenCL(t)
	expectError(t, runProg(testProgram, "", "-e", "fail"), 1, "prog.fut:3:5-10: index 7 out of bounds")
	// A broken kernel source: the build log names the problem.
	f := filepath.Join(t.TempDir(), "bad.cl")
	os.WriteFile(f, []byte("__kernel void double_f32(__global float *x) { x[0] = not_declared; }\n"), 0o644)
	expectError(t, runProg(testProgram, "[1f32]", "--load-opencl", f), 1, "OpenCL build failed", "not_declared")
	// --load-opencl with a good source is used instead of the embedded one.
	os.WriteFile(f, []byte(strings.Replace(testKernels, "2.0f * in[i]", "3.0f * in[i]", 1)), 0o644)
	if r := runProg(testProgram, "[1f32]", "--load-opencl", f); r.code != 0 || r.stdout != "[3.0f32]\n" {
		t.Fatalf("--load-opencl: %+v", r)
	}
	// A build option reaches the compiler.
	p := *testProgram
	p.OpenCL = "#ifndef FACTOR\n#error FACTOR not defined\n#endif\n" + strings.Replace(testKernels, "2.0f * in[i]", "FACTOR * in[i]", 1)
	if r := runProg(&p, "[1f32]", "--build-option", "-DFACTOR=5.0f"); r.code != 0 || r.stdout != "[5.0f32]\n" {
		t.Fatalf("--build-option: %+v", r)
	}
	expectError(t, runProg(&p, "[1f32]"), 1, "FACTOR not defined")
}

func TestContextAPI(t *testing.T) {
	needOpenCL(t)
	opts := DefaultOptions()
	opts.DefaultGroupSize = 1 << 30
	opts.Params["x"] = 7
	c, err := NewContext(testKernels, opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if g := c.DefaultGroupSize(); g != int64(c.Device().MaxWorkGroupSize()) {
		t.Errorf("DefaultGroupSize = %d, want the device maximum %d", g, c.Device().MaxWorkGroupSize())
	}
	if c.Param("x", 1) != 7 || c.Param("y", 3) != 3 || c.DefaultThreshold() != 32768 || c.DefaultTileSize() != 16 {
		t.Errorf("params/defaults wrong")
	}
	b, err := c.Alloc(0)
	if err != nil || b.Size != 0 {
		t.Fatalf("Alloc(0) = %v, %v", b, err)
	}
	c.Release(b)
	c.Release(b) // harmless
	// Released buffers are reused for requests that fit.
	b1, _ := c.Alloc(100)
	m1 := b1.Mem
	c.Release(b1)
	if b2, _ := c.Alloc(80); b2.Mem != m1 || b2.Size != 80 {
		t.Errorf("Alloc(80) after releasing 100 bytes did not reuse the buffer")
	} else {
		c.Release(b2)
	}
	if b3, _ := c.Alloc(10); b3.Mem == m1 {
		t.Errorf("Alloc(10) reused a 100-byte buffer")
	} else {
		c.Release(b3)
	}
	if cur, _ := c.MemoryUsage(); cur != 0 {
		t.Errorf("memory in use after release: %d", cur)
	}
	a, err := c.Upload(values.Value{Type: values.I64, Shape: []int64{4}, Data: []int64{10, 20, 30, -40}})
	if err != nil {
		t.Fatal(err)
	}
	if x, err := c.ReadScalar(a.Buf, values.I64, 3); err != nil || x != int64(-40) {
		t.Errorf("ReadScalar = %v, %v", x, err)
	}
	if err := c.WriteScalar(a.Buf, 1, int64(99)); err != nil {
		t.Fatal(err)
	}
	if _, err := c.ReadScalar(a.Buf, values.I64, 4); err == nil {
		t.Error("out-of-range ReadScalar accepted")
	}
	b2, _ := c.NewArray(values.I64, []int64{4})
	if err := c.Copy(b2.Buf, 0, a.Buf, 0, 32); err != nil {
		t.Fatal(err)
	}
	v, err := c.Download(b2)
	if err != nil || !reflect.DeepEqual(v.Data, []int64{10, 99, 30, -40}) {
		t.Errorf("Download = %v, %v", v, err)
	}
	if err := c.Fill(b2.Buf, []byte{0, 0, 0, 0, 0, 0, 0, 0}, 8, 16); err != nil {
		t.Fatal(err)
	}
	if v, _ := c.Download(b2); !reflect.DeepEqual(v.Data, []int64{10, 0, 0, -40}) {
		t.Errorf("after Fill: %v", v)
	}
	// Launch errors name the kernel.
	if err := c.Launch("no_such_kernel", []int64{1}, nil); err == nil || !strings.Contains(err.Error(), "no_such_kernel") || !errors.Is(err, cl.ErrInvalidKernelName) {
		t.Errorf("Launch(no_such_kernel) = %v", err)
	}
	if err := c.Launch("double_f32", []int64{10}, []int64{4}, a, b2, int64(4)); err == nil || !strings.Contains(err.Error(), "not a multiple") {
		t.Errorf("Launch with a bad local size = %v", err)
	}
	if err := c.Launch("double_f32", []int64{4}, nil, a, b2, 4); err == nil || !strings.Contains(err.Error(), "double_f32 argument 2") {
		t.Errorf("Launch with an int argument = %v", err)
	}
	c.ReleaseArray(a)
	c.ReleaseArray(b2)
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
}

func TestPanicIsError(t *testing.T) {
	p := &Program{Name: "p", Entries: []EntryPoint{{Name: "main", Run: func(c *Context, args []any) ([]any, error) {
		var a []int
		_ = a[3]
		return nil, nil
	}}}}
	needOpenCL(t)
	expectError(t, runProg(p, ""), 1, "internal error", "index out of range")
}
