// Package errors is fcc's error-class suite: one table that covers every
// class of error a user can meet, from a syntax error to a machine with no
// OpenCL driver, in each tool where the class applies: fcc check and
// fcc build (compile errors), fcc run (the interpreter) and the compiled
// executable. For every case it checks the message, the source location
// (file:line:col), the exit status (1, as Futhark's executables) and that
// standard output stays empty.
//
// fcc itself is built once per test binary, and so is the executable of
// testdata/runtime.fut, which holds one entry point per run-time error.
// Executable cases are skipped without a Go toolchain or an OpenCL
// driver, or with FCC_SKIP_COMPILED_E2E set.
package errors

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fcclang/fcc/runtime/values"
)

// Where a case runs.
const (
	check = "fcc check"
	build = "fcc build"
	run   = "fcc run"
	exe   = "executable" // testdata/runtime.fut, compiled
)

// errCase is one error class in one tool.
type errCase struct {
	class string
	tool  string
	file  string   // program under testdata (fcc tools)
	args  []string // extra arguments (-e ENTRY, options)
	stdin []byte
	env   []string // extra environment
	// want are substrings of stderr; loc, when set, is a regular
	// expression stderr must match (the source location).
	want []string
	loc  string
}

var (
	setupOnce sync.Once
	setupErr  error
	fccBin    string // the fcc binary
	exeBin    string // testdata/runtime.fut compiled ("" when not built)
	exeSkip   string // why the executable cases are skipped
	workDir   string
)

// setup builds fcc and, where OpenCL and Go are available, the
// executable of testdata/runtime.fut, once for all cases.
func setup(t *testing.T) {
	t.Helper()
	setupOnce.Do(func() {
		workDir, setupErr = os.MkdirTemp("", "fcc-errors-")
		if setupErr != nil {
			return
		}
		fccBin = filepath.Join(workDir, "fcc")
		out, err := exec.Command("go", "build", "-o", fccBin, "github.com/fcclang/fcc/cmd/fcc").CombinedOutput()
		if err != nil {
			setupErr = fmt.Errorf("building fcc: %v\n%s", err, out)
			return
		}
		switch {
		case os.Getenv("FCC_SKIP_COMPILED_E2E") != "":
			exeSkip = "FCC_SKIP_COMPILED_E2E is set"
		case !hasOpenCL():
			exeSkip = "no OpenCL ICD registered"
		default:
			exeBin = filepath.Join(workDir, "runtime")
			r := runCmd(fccBin, []string{"build", "testdata/runtime.fut", "-o", exeBin}, nil, nil)
			if r.code != 0 {
				setupErr = fmt.Errorf("fcc build testdata/runtime.fut: exit %d\n%s", r.code, r.stderr)
			}
		}
	})
	if setupErr != nil {
		t.Fatal(setupErr)
	}
}

func hasOpenCL() bool {
	if os.Getenv("FCC_FORCE_OPENCL") != "" {
		return true
	}
	_, err := os.Stat("/etc/OpenCL/vendors")
	return err == nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	if workDir != "" {
		os.RemoveAll(workDir)
	}
	os.Exit(code)
}

type result struct {
	code           int
	stdout, stderr string
	timedOut       bool
}

// runCmd runs bin with args, stdin and extra environment env, with a
// time limit: no error class may hang.
func runCmd(bin string, args []string, stdin []byte, env []string) result {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = bytes.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String(), timedOut: ctx.Err() != nil}
	if err != nil {
		r.code = -1
		if ee, ok := err.(*exec.ExitError); ok {
			r.code = ee.ExitCode()
		}
	}
	return r
}

// binary encodes vs in the binary data format.
func binary(t *testing.T, vs ...values.Value) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, v := range vs {
		if err := values.WriteBinary(&b, v); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// withoutICD is the environment of a machine without any OpenCL driver:
// the ICD loader finds no vendor files in an empty folder.
func withoutICD(t *testing.T) []string {
	dir := filepath.Join(workDir, "no-icd")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return []string{"OCL_ICD_VENDORS=" + dir, "OCL_ICD_FILENAMES="}
}

// both makes a case for the interpreter and one for the executable,
// which must agree on the message and the location.
func both(c errCase) []errCase {
	r, e := c, c
	r.tool, r.file = run, "runtime.fut"
	e.tool = exe
	return []errCase{r, e}
}

func cases(t *testing.T) []errCase {
	i32 := func(x int32) values.Value { return values.Scalar(x) }
	f32s := values.Value{Type: values.F32, Shape: []int64{2}, Data: []float32{1, 2}}
	f64s := values.Value{Type: values.F64, Shape: []int64{1}, Data: []float64{1}}
	f32m := values.Value{Type: values.F32, Shape: []int64{1, 1}, Data: []float32{1}}
	good := binary(t, i32(1), f32s)
	badVersion := append([]byte(nil), good...)
	badVersion[1] = 7 // the version byte of the first value
	args := []string{"-e", "args"}

	var cs []errCase
	// Compile errors: in fcc check, fcc build and fcc run alike.
	for _, c := range []errCase{
		{class: "syntax error", file: "syntax.fut", want: []string{"error: unexpected end of file"}, loc: `syntax\.fut:4:1: error:`},
		{class: "type error", file: "type.fut", want: []string{`right operand of "+" has type f32`}, loc: `type\.fut:3:7: error:`},
		{class: "static size mismatch", file: "size.fut", want: []string{`Sizes "3" and "4" do not match`}, loc: `size\.fut:3:15: error:`},
		{class: "use after consume", file: "consumed.fut", want: []string{`Using variable "xs", but this was consumed at 3:12`}, loc: `consumed\.fut:4:6: error:`},
		{class: "consuming non-unique", file: "nonunique.fut", want: []string{`Consuming "xs", which is not consumable`}, loc: `nonunique\.fut:3:3: error:`},
		{class: "non-exhaustive match", file: "nonexhaustive.fut", want: []string{"Unmatched cases in match expression:", "#tri"}, loc: `nonexhaustive\.fut:4:3: error:`},
		{class: "ambiguous size (coercion)", file: "ambiguous.fut", want: []string{"Ambiguous size", "arising from anonymous size in size coercion"}, loc: `ambiguous\.fut:4:41: error:`},
		{class: "causality (if branches)", file: "causality.fut", want: []string{"Causality check: an anonymous size needed for the type of the then branch"}, loc: `causality\.fut:6:13: error:`},
		{class: "polymorphic entry point", file: "polyentry.fut", want: []string{"Entry point functions may not be polymorphic: main has type"}, loc: `polyentry\.fut:2:1: error:`},
		{class: "static size mismatch of a slice", file: "slicesize.fut", want: []string{`Sizes "n" and "n - 1" do not match`}, loc: `slicesize\.fut:3:15: error:`},
		{class: "size unused in a let pattern", file: "letsize.fut", want: []string{"Size [n] unused in pattern."}, loc: `letsize\.fut:3:3: error:`},
		{class: "consumption in a while condition", file: "whilecond.fut", want: []string{`Consuming "xs", which is not consumable: the condition of a while loop`}, loc: `whilecond\.fut:3:30: error:`},
		{class: "loop returns a row of what it iterates over", file: "forinrow.fut", want: []string{`Return value for consuming loop parameter "acc" aliases "xss"`}, loc: `forinrow\.fut:5:5: error:`},
		{class: "unique result captured by a lambda", file: "uniquecapture.fut", want: []string{`Unique-typed return value of the lambda is aliased to "x", which is not consumable`}, loc: `uniquecapture\.fut:3:33: error:`},
		{class: "operator section consuming its operand", file: "consumingsection.fut", want: []string{"Operator sections may not supply an argument for a consuming parameter."}, loc: `consumingsection\.fut:4:36: error:`},
		{class: "tuple component consumed by a later one", file: "tupleheld.fut", want: []string{`Using variable "xs", but this was consumed at 3:17`}, loc: `tupleheld\.fut:3:4: error:`},
		{class: "consumed tuple shares a component with another argument", file: "consumedpart.fut", want: []string{`Argument is consumed, but aliases "p", which argument 2 of g also uses`}, loc: `consumedpart\.fut:6:43: error:`},
		{class: "anonymous size in a type abbreviation's function", file: "anonabbr.fut", want: []string{"Type abbreviation contains an anonymous size not used constructively as an array size."}, loc: `anonabbr\.fut:2:11: error:`},
		{class: "consumption in a matched function", file: "matchconsume.fut", want: []string{"Matched expression of higher-order type i32 -> *[]i32 contains consumption"}, loc: `matchconsume\.fut:4:41: error:`},
		{class: "result that may be a top-level array consumed", file: "globalresult.fut", want: []string{`Consuming "tl", which is not consumable`}, loc: `globalresult\.fut:6:31: error:`},
		{class: "unique sum whose payload shares an array", file: "uniquepayload.fut", want: []string{`A unique-typed component of the return value is aliased to some other component (both may be "xs")`}, loc: `uniquepayload\.fut:4:35: error:`},
		{class: "payloads of one constructor sharing an array", file: "sharedpayload.fut", want: []string{`Using the result of applying "f", but this was consumed at 9:20`}, loc: `sharedpayload\.fut:9:36: error:`},
		{class: "sizes of if branches paired differently", file: "ifsizes.fut", want: []string{`Cannot apply "zip" to "ys" (argument 2): Sizes`, "the branches have sizes 3 and 2", "the branches have sizes 2 and 3"}, loc: `ifsizes\.fut:5:13: error:`},
		{class: "unique sum consumed twice", file: "sumconsumed.fut", want: []string{`Using variable "x", but this was consumed at 10:19`}, loc: `sumconsumed\.fut:11:19: error:`},
		{class: "recursion without a return type", file: "recursion.fut", want: []string{`Recursive function "count" must have a declared return type.`}, loc: `recursion\.fut:3:29: error:`},
		{class: "constructor pattern arity", file: "patarity.fut", want: []string{"Pattern #pair cannot match a value of type #none | #pair i32 i32: the pattern has 1 constructor arguments, but the type provides 2"}, loc: `patarity\.fut:5:8: error:`},
	} {
		for _, tool := range []string{check, build, run} {
			c.tool = tool
			c.stdin = []byte("[1,2,3] [1,2,3,4]")
			cs = append(cs, c)
		}
	}
	// Run-time errors of the program: same message and location
	// interpreted and compiled.
	for _, c := range []errCase{
		{class: "index out of bounds", args: []string{"-e", "index"}, stdin: []byte("[1,2,3] 5i64"),
			want: []string{"Index [5] out of bounds for array of shape [3]."}, loc: `runtime\.fut:4:3: `},
		{class: "index out of bounds in a kernel", args: []string{"-e", "kindex"}, stdin: []byte("[1,2] [0i64,7i64]"),
			want: []string{"Index [7] out of bounds for array of shape [2]."}, loc: `runtime\.fut:7:14: `},
		{class: "runaway recursion", args: []string{"-e", "deep"}, stdin: []byte("1000000i64"),
			want: []string{"stack overflow: more than 100000 nested calls of recursive functions"}, loc: `runtime\.fut:45:53: `},
		{class: "failed assert", args: []string{"-e", "assertion"}, stdin: []byte("-1"),
			want: []string{"assertion is false"}, loc: `runtime\.fut:10:3: `},
		{class: "failed assert in a kernel", args: []string{"-e", "kassertion"}, stdin: []byte("[1,-2]"),
			want: []string{"assertion is false"}, loc: `runtime\.fut:31:14: `},
		{class: "division by zero", args: []string{"-e", "divide"}, stdin: []byte("1 0"),
			want: []string{"division by zero"}, loc: `runtime\.fut:13:5: division by zero`},
		{class: "division by zero in a kernel", args: []string{"-e", "kdivide"}, stdin: []byte("[1,2] 0"),
			want: []string{"division by zero"}, loc: `runtime\.fut:16:16: division by zero`},
		{class: "size mismatch (coercion)", args: []string{"-e", "coerce"}, stdin: []byte("[1,2] 3i64"),
			want: []string{"size mismatch", "[m]i32"}, loc: `runtime\.fut:19:3: `},
		{class: "size mismatch in a kernel", args: []string{"-e", "kcoerce"}, stdin: []byte("[[1,2],[3,4]] 3i64"),
			want: []string{"size mismatch", "[k]i32"}, loc: `runtime\.fut:34:14: `},
		{class: "size mismatch (unflatten)", args: []string{"-e", "unflat"}, stdin: []byte("2i64 2i64 [1,2,3]"),
			want: []string{"size mismatch", "[n*m]i32"}, loc: `runtime\.fut:22:14: `},
		{class: "hole reached", args: []string{"-e", "hole"}, stdin: []byte("-1"),
			want: []string{"Reached hole of type: i32"}, loc: `runtime\.fut:40:24: `},
		{class: "hole reached in a kernel", args: []string{"-e", "khole"}, stdin: []byte("[1,-1]"),
			want: []string{"Reached hole of type: i32"}, loc: `runtime\.fut:43:35: `},
	} {
		cs = append(cs, both(c)...)
	}
	// Out of memory: the interpreter refuses what the machine cannot
	// hold, the executable what the device cannot.
	cs = append(cs,
		errCase{class: "out of memory", tool: run, file: "runtime.fut", args: []string{"-e", "huge"}, stdin: []byte("1f32"),
			want: []string{"replicate: out of memory: allocating 4398046511104 bytes for an array of type [1099511627776]f32"}, loc: `runtime\.fut:25:3: `},
		errCase{class: "out of device memory", tool: exe, args: []string{"-e", "huge"}, stdin: []byte("1f32"),
			want: []string{"out of device memory: allocating 4398046511104 bytes for an array of type [1099511627776]f32"}, loc: `runtime\.fut:25:3: `},
		errCase{class: "out of memory (map result)", tool: run, file: "runtime.fut", args: []string{"-e", "hugemap"}, stdin: []byte("1048576i64"),
			want: []string{"out of memory: allocating 4398046511104 bytes for an array of type [1048576][1048576]f32"}, loc: `runtime\.fut:37:3: `},
		errCase{class: "out of device memory (map result)", tool: exe, args: []string{"-e", "hugemap"}, stdin: []byte("1048576i64"),
			want: []string{"out of device memory: allocating 4398046511104 bytes for an array of type [1048576][1048576]f32"}, loc: `runtime\.fut:37:3: `},
	)
	// Input errors: the message names the argument and the position in
	// the input.
	for _, c := range []errCase{
		{class: "malformed text input", stdin: []byte("1 [1f32, 2f32"),
			want: []string{"entry point argument 2 (of type []f32)", "unexpected end of input"}, loc: `line 1, column 14 \(byte 13\)`},
		{class: "malformed text element", stdin: []byte("1\n[1f32, xyz]"),
			want: []string{"entry point argument 2 (of type []f32)", "found 'xyz'"}, loc: `line 2, column 8 \(byte 9\)`},
		{class: "malformed binary input (truncated)", stdin: good[:20],
			want: []string{"entry point argument 2 (of type []f32)", "binary value: truncated"}, loc: `byte 18: `},
		{class: "malformed binary input (version)", stdin: badVersion,
			want: []string{"entry point argument 1 (of type i32)", "binary value: unsupported version 7"}, loc: `byte 1: `},
		{class: "mistyped text input", stdin: []byte("1.0f32 [1f32]"),
			want: []string{"entry point argument 1 (of type i32)", "expected a value of type i32 but found f32"}, loc: `line 1, column 1 \(byte 0\)`},
		{class: "wrong rank (text)", stdin: []byte("1 [[1f32]]"),
			want: []string{"entry point argument 2 (of type []f32)", "expected a value of rank 1 but found an array of rank 2"}, loc: `line 1, column 5 \(byte 4\)`},
		{class: "mistyped binary input", stdin: binary(t, i32(1), f64s),
			want: []string{"entry point argument 2 (of type []f32)", "expected element type f32 but found [1]f64"}, loc: `byte 11: `},
		{class: "wrong rank (binary)", stdin: binary(t, i32(1), f32m),
			want: []string{"entry point argument 2 (of type []f32)", "expected a value of rank 1 but found [1][1]f32"}, loc: `byte 11: `},
		{class: "too few arguments", stdin: []byte("1"),
			want: []string{"entry point args expects 2 argument(s) (i32, []f32), but the input ended after 1 value(s)"}},
		{class: "too many arguments", stdin: []byte("1 [1f32]\n  7"),
			want: []string{"entry point args expects 2 argument(s) (i32, []f32), but the input holds more values"}, loc: `line 2, column 3 \(byte 11\)`},
		{class: "too many arguments (binary)", stdin: append(good, good...),
			want: []string{"but the input holds more values"}, loc: `from byte 34`},
	} {
		c.args = args
		cs = append(cs, both(c)...)
	}
	// Command-line and set-up errors.
	cs = append(cs, both(errCase{class: "unknown entry point", args: []string{"-e", "nope"}, stdin: []byte("1"),
		want: []string{`no entry point "nope"`, "args"}})...)
	cs = append(cs, errCase{class: "recursion inside a kernel", tool: build, file: "reckernel.fut",
		want: []string{"a call of the recursive function fact inside a kernel"}, loc: `reckernel\.fut:5:24`})
	cs = append(cs,
		errCase{class: "kernel build failure (--load-opencl)", tool: exe, args: []string{"-e", "divide", "--load-opencl", "testdata/broken.cl"}, stdin: []byte("1 1"),
			want: []string{"OpenCL build failed", "undeclared_thing"}},
		errCase{class: "kernel build failure (--build-option)", tool: exe, args: []string{"-e", "divide", "--build-option", "-fno-such-option"}, stdin: []byte("1 1"),
			want: []string{"OpenCL build failed", "-fno-such-option"}},
		errCase{class: "no OpenCL platform", tool: exe, args: []string{"-e", "divide"}, stdin: []byte("1 1"), env: withoutICD(t),
			want: []string{"no OpenCL platform found"}},
	)
	return cs
}

func TestErrorClasses(t *testing.T) {
	setup(t)
	for _, c := range cases(t) {
		name := c.class + " in " + c.tool
		t.Run(name, func(t *testing.T) {
			var r result
			switch c.tool {
			case exe:
				if exeBin == "" {
					t.Skip(exeSkip)
				}
				// Without fcc's binary cache, PoCL builds only the
				// kernels a run launches, not all of them.
				env := append([]string{"FCC_NO_CACHE=1"}, c.env...)
				r = runCmd(exeBin, c.args, c.stdin, env)
			case build:
				r = runCmd(fccBin, append([]string{"build", filepath.Join("testdata", c.file), "-o", filepath.Join(workDir, "out")}, c.args...), c.stdin, c.env)
			default:
				verb := strings.TrimPrefix(c.tool, "fcc ")
				r = runCmd(fccBin, append([]string{verb, filepath.Join("testdata", c.file)}, c.args...), c.stdin, c.env)
			}
			if r.timedOut {
				t.Fatalf("timed out; stderr:\n%s", r.stderr)
			}
			if r.code != 1 {
				t.Errorf("exit status %d, want 1", r.code)
			}
			if r.stdout != "" {
				t.Errorf("standard output is not empty: %q", r.stdout)
			}
			for _, w := range c.want {
				if !strings.Contains(r.stderr, w) {
					t.Errorf("stderr does not contain %q", w)
				}
			}
			if c.loc != "" && !regexp.MustCompile(c.loc).MatchString(r.stderr) {
				t.Errorf("stderr does not match the location %q", c.loc)
			}
			if c.tool == exe || c.file == "runtime.fut" {
				// A run-time error is reported on an "Error:" line
				// (a build log may follow a kernel build failure);
				// compile errors are "file:line:col: error: ...".
				if !strings.Contains(r.stderr, "Error: ") {
					t.Errorf("stderr has no \"Error: \" line")
				}
			}
			for _, crash := range []string{"panic", "goroutine ", "SIGSEGV", "fatal error"} {
				if strings.Contains(r.stderr, crash) {
					t.Errorf("stderr shows a crash (%q)", crash)
				}
			}
			if t.Failed() {
				t.Logf("stderr:\n%s", r.stderr)
			}
		})
	}
}
