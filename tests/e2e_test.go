package tests

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/flatten"
	"github.com/fcclang/fcc/frontend"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// programs lists the end-to-end test programs: this folder's corpus and
// the README's examples.
func programs(t *testing.T) []string {
	var files []string
	for _, pat := range []string{"programs/*.fut", "../examples/*.fut"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) == 0 {
		t.Fatal("no test programs found")
	}
	return files
}

// TestPrograms runs every program's test block through the interpreter and
// through an executable compiled to OpenCL (on whatever OpenCL device the
// machine has; PoCL in CI).
func TestPrograms(t *testing.T) {
	compiled := canCompile(t)
	for _, file := range programs(t) {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".fut"), func(t *testing.T) {
			t.Parallel()
			srcBytes, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			src := string(srcBytes)
			spec, err := ParseSpec(src)
			if err != nil {
				t.Fatalf("%s: %v", file, err)
			}
			prog, err := frontend.Compile(file, src)
			if spec.CompileError != nil {
				if err == nil {
					t.Fatalf("compiled, but the test block expects the error %q", spec.CompileError)
				}
				if !spec.CompileError.MatchString(err.Error()) {
					t.Fatalf("error %q does not match %q", err, spec.CompileError)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, entry := range spec.Entries {
				for _, c := range spec.Cases {
					out, err := interpret(prog, entry, c.Input)
					checkResult(t, fmt.Sprintf("interpreted %s, input at line %d", entry, c.Line), c, out, err)
				}
			}
			if !compiled {
				return
			}
			exe := buildProgram(t, file, prog)
			for _, entry := range spec.Entries {
				for _, c := range spec.Cases {
					out, err := runExecutable(exe, entry, c.Input)
					checkResult(t, fmt.Sprintf("compiled %s, input at line %d", entry, c.Line), c, out, err)
				}
			}
		})
	}
}

// canCompile reports whether executables can be built and run here.
func canCompile(t *testing.T) bool {
	if os.Getenv("FCC_PREBUILT") != "" {
		return true
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Log("no Go toolchain: compiled runs skipped")
		return false
	}
	if _, err := os.Stat("/etc/OpenCL/vendors"); err != nil && os.Getenv("FCC_FORCE_OPENCL") == "" {
		t.Log("no OpenCL ICD registered: compiled runs skipped")
		return false
	}
	return true
}

func interpret(prog *soac.Program, entry, input string) (string, error) {
	f := prog.Entry(entry)
	if f == nil {
		return "", fmt.Errorf("no entry point %q", entry)
	}
	params := make([]values.ArgType, len(f.Params))
	for i, p := range f.Params {
		params[i] = values.ArgType{Elem: p.Type.Elem, Rank: p.Type.Rank()}
	}
	args, err := values.ReadArgs(strings.NewReader(input), entry, params)
	if err != nil {
		return "", err
	}
	vargs := make([]soac.Value, len(args))
	for i, a := range args {
		vargs[i] = soac.FromRuntime(a)
	}
	res, err := soac.NewInterpreter(prog).RunEntry(entry, vargs)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	for _, r := range res {
		if err := values.WriteText(&b, r.ToRuntime()); err != nil {
			return "", err
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

// buildProgram compiles a program to an executable. With FCC_PREBUILT set
// to a folder, it takes the executable of that name from there instead, so
// the suite can run on a machine with a GPU but no Go toolchain; with
// FCC_SAVE_EXES set, it copies each executable it builds into that folder.
func buildProgram(t *testing.T, file string, prog *soac.Program) string {
	name := strings.TrimSuffix(filepath.Base(file), ".fut")
	if dir := os.Getenv("FCC_PREBUILT"); dir != "" {
		return filepath.Join(dir, name)
	}
	flat, err := flatten.Flatten(prog)
	if err != nil {
		t.Fatalf("flatten: %v", err)
	}
	kernels, err := backend.GenerateOpenCL(flat)
	if err != nil {
		t.Fatalf("OpenCL generation: %v", err)
	}
	host, err := backend.GenerateHost(flat, kernels)
	if err != nil {
		t.Fatalf("host generation: %v", err)
	}
	exe := filepath.Join(t.TempDir(), "prog")
	if err := backend.Build(kernels, host, exe, backend.BuildOptions{}); err != nil {
		t.Fatalf("build: %v", err)
	}
	if dir := os.Getenv("FCC_SAVE_EXES"); dir != "" {
		data, err := os.ReadFile(exe)
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name), data, 0o755)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	return exe
}

// runExecutable runs a compiled program; a failure's error holds its
// standard error, and a failing run must print nothing on standard output.
func runExecutable(exe, entry, input string) (string, error) {
	// FCC_EXE_ARGS passes options such as "-p NVIDIA" to every executable.
	args := append([]string{"-e", entry}, strings.Fields(os.Getenv("FCC_EXE_ARGS"))...)
	cmd := exec.Command(exe, args...)
	cmd.Stdin = strings.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if stdout.Len() > 0 {
			return "", fmt.Errorf("failed (%v) but printed to stdout: %q; stderr: %s", err, stdout.String(), stderr.String())
		}
		return "", fmt.Errorf("%v: %s", err, stderr.String())
	}
	return stdout.String(), nil
}

func checkResult(t *testing.T, what string, c Case, out string, err error) {
	t.Helper()
	if c.Error != nil {
		if err == nil {
			t.Errorf("%s: succeeded with %q, expected an error matching %q", what, out, c.Error)
		} else if !c.Error.MatchString(err.Error()) {
			t.Errorf("%s: error %q does not match %q", what, err, c.Error)
		}
		return
	}
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	if msg := compareValues(c.Output, out); msg != "" {
		t.Errorf("%s: %s\nexpected: %s\ngot:      %s", what, msg, strings.TrimSpace(c.Output), strings.TrimSpace(out))
	}
}

func readAll(text string) ([]values.Value, error) {
	r := values.NewReader(strings.NewReader(text))
	var vs []values.Value
	for {
		v, err := r.Read()
		if err == io.EOF {
			return vs, nil
		}
		if err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
}

// compareValues compares expected and actual values; floats may differ
// by a small relative tolerance, as in futhark test.
func compareValues(expected, actual string) string {
	want, err := readAll(expected)
	if err != nil {
		return "bad expected output: " + err.Error()
	}
	got, err := readAll(actual)
	if err != nil {
		return "unreadable output: " + err.Error()
	}
	if len(want) != len(got) {
		return fmt.Sprintf("expected %d values, got %d", len(want), len(got))
	}
	for i := range want {
		w, g := want[i], got[i]
		if w.TypeString() != g.TypeString() {
			return fmt.Sprintf("value %d: expected %s, got %s", i, w.TypeString(), g.TypeString())
		}
		wv, gv := soac.FromRuntime(w), soac.FromRuntime(g)
		n := int64(1)
		for _, d := range w.Shape {
			n *= d
		}
		for k := int64(0); k < n; k++ {
			a, b := wv.FlatElem(k), gv.FlatElem(k)
			if !closeEnough(a, b) {
				return fmt.Sprintf("value %d differs at flat index %d: expected %s, got %s", i, k, a, b)
			}
		}
	}
	return ""
}

func closeEnough(a, b soac.PrimValue) bool {
	if !a.T.IsFloat() {
		return a.Bits == b.Bits
	}
	x, y := a.Float(), b.Float()
	if math.IsNaN(x) || math.IsNaN(y) {
		return math.IsNaN(x) && math.IsNaN(y)
	}
	if x == y {
		return true
	}
	return math.Abs(x-y) <= 1e-5*math.Max(math.Abs(x), math.Abs(y))+1e-6
}
