package tests

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tests/spec"
)

// programs lists the end-to-end test programs: this folder's corpus and
// the README's examples, or the programs of the folder FCC_PROGRAMS.
func programs(t *testing.T) []string {
	var files []string
	patterns := []string{"programs/*.fut", "../examples/*.fut"}
	if dir := os.Getenv("FCC_PROGRAMS"); dir != "" {
		// Another corpus, such as generated difftest programs
		// (difftest/export).
		patterns = []string{filepath.Join(dir, "*.fut")}
	}
	for _, pat := range patterns {
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

// TestPrograms runs every program's test blocks through the interpreter
// and through an executable compiled to OpenCL (on whatever OpenCL device
// the machine has; PoCL in CI). Programs tagged disable are skipped, and
// those tagged no_opencl are only interpreted, as fcc test does.
func TestPrograms(t *testing.T) {
	compiled := canCompile(t)
	for _, file := range programs(t) {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".fut"), func(t *testing.T) {
			t.Parallel()
			s, err := spec.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if s.HasTag("disable") || s.HasTag("notest") {
				t.Skip("tagged disable")
			}
			// The IR after every pass is interpreted too: each pass must
			// preserve the program's meaning, whatever the backend does.
			var stages []stage
			prog, err := compileRecovering(file, func(pass string, p *soac.Program) {
				stages = append(stages, stage{pass, p})
			})
			if e := s.CompileError; e != nil {
				if err == nil {
					t.Fatalf("compiled, but the test block expects the error %q", e.Text)
				}
				if !e.Matches(err.Error()) {
					t.Fatalf("error %q does not match %q", err, e.Text)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if os.Getenv("FCC_BUNDLE") != "" && !s.HasTag("no_opencl") {
				// Only collecting: the machine that runs the bundle
				// interprets and compares.
				buildProgram(t, file, prog)
			}
			dir := filepath.Dir(file)
			internal := stages[0].prog
			interp := func(entry string, input []byte) ([]values.Value, error) {
				return interpret(internal, entry, input)
			}
			for _, st := range stages {
				run := func(entry string, input []byte) ([]values.Value, error) {
					return interpret(st.prog, entry, input)
				}
				for _, b := range s.Blocks {
					for _, entry := range b.Entries {
						for _, c := range b.Cases {
							if c.HasTag("compiled") || c.HasTag("disable") {
								continue
							}
							what := fmt.Sprintf("interpreted after %s, %s, data set %s at line %d", st.pass, entry, c.Name, c.Line)
							runCase(t, what, dir, entry, c, run, interp)
						}
					}
				}
			}
			if !compiled || s.HasTag("no_opencl") {
				return
			}
			exe := buildProgram(t, file, prog)
			run := func(entry string, input []byte) ([]values.Value, error) {
				return runExecutable(exe, entry, input)
			}
			for _, b := range s.Blocks {
				for _, entry := range b.Entries {
					for _, c := range b.Cases {
						if c.HasTag("no_opencl") || c.HasTag("disable") {
							continue
						}
						what := fmt.Sprintf("compiled %s, data set %s at line %d", entry, c.Name, c.Line)
						runCase(t, what, dir, entry, c, run, interp)
					}
				}
			}
		})
	}
}

// stage is the program as it stands after one pass.
type stage struct {
	pass string
	prog *soac.Program
}

type runner func(entry string, input []byte) ([]values.Value, error)

// runCase runs one case with run and checks the result; ref computes auto
// outputs.
func runCase(t *testing.T, what, dir, entry string, c *spec.Case, run, ref runner) {
	t.Helper()
	if c.Input.Kind == spec.InputScript {
		// A FutharkScript input calls entry points of the program: fcc
		// test evaluates it (scripts/test.sh runs the corpus through fcc
		// test, interpreted and compiled).
		return
	}
	input, err := c.InputData(dir)
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	got, err := run(entry, input)
	if c.Expected.Kind == spec.ExpectNothing && errors.Is(err, errOpaqueResult) {
		return
	}
	if c.Expected.Kind == spec.ExpectError {
		if err == nil {
			t.Errorf("%s: succeeded, expected an error matching %q", what, c.Expected.Error.Text)
		} else if !c.Expected.Error.Matches(err.Error()) {
			t.Errorf("%s: error %q does not match %q", what, err, c.Expected.Error.Text)
		}
		return
	}
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	var want []values.Value
	switch c.Expected.Kind {
	case spec.ExpectNothing:
		return
	case spec.ExpectAuto:
		want, err = ref(entry, input)
	default:
		var data []byte
		if data, err = c.ExpectedData(dir); err == nil {
			want, err = spec.ReadExpected(data, got)
		}
	}
	if err != nil {
		t.Errorf("%s: expected output: %v", what, err)
		return
	}
	if m := spec.Compare(want, got); m != nil {
		t.Errorf("%s: %s\nexpected: %s\ngot:      %s", what, m.Msg, m.Expected, m.Actual)
	}
}

// canCompile reports whether executables can be built and run here.
func canCompile(t *testing.T) bool {
	// scripts/test.sh runs the compiled corpus through fcc test itself.
	if os.Getenv("FCC_SKIP_COMPILED_E2E") != "" {
		t.Log("FCC_SKIP_COMPILED_E2E is set: compiled runs skipped")
		return false
	}
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

func interpret(prog *soac.Program, entry string, input []byte) ([]values.Value, error) {
	f := prog.Entry(entry)
	if f == nil {
		return nil, fmt.Errorf("no entry point %q", entry)
	}
	params := make([]values.ArgType, len(f.Params))
	for i, p := range f.Params {
		params[i] = values.ArgType{Elem: p.Type.Elem, Rank: p.Type.Rank()}
	}
	args, err := values.ReadArgs(bufio.NewReader(bytes.NewReader(input)), entry, params)
	if err != nil {
		return nil, err
	}
	vargs := make([]soac.Value, len(args))
	for i, a := range args {
		vargs[i] = soac.FromRuntime(a)
	}
	res, err := soac.NewInterpreter(prog).RunEntry(entry, vargs)
	if err != nil {
		return nil, err
	}
	out := make([]values.Value, len(res))
	for i, r := range res {
		out[i] = r.ToRuntime()
	}
	return out, nil
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
	if os.Getenv("FCC_BUNDLE") != "" {
		bundle.add(name, prog)
		t.Skip("collected into the bundle FCC_BUNDLE")
	}
	exe := filepath.Join(t.TempDir(), "prog")
	if err := pipeline.Build(prog, exe, backend.BuildOptions{}); err != nil {
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

// runExecutable runs a compiled program with binary output (exact); a
// failure's error holds its standard error, and a failing run must print
// nothing on standard output.
func runExecutable(exe, entry string, input []byte) ([]values.Value, error) {
	// FCC_EXE_ARGS passes options such as "-p NVIDIA" to every executable.
	args := append([]string{"-b", "-e", entry}, strings.Fields(os.Getenv("FCC_EXE_ARGS"))...)
	cmd := exec.Command(exe, args...)
	cmd.Stdin = bytes.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if stdout.Len() > 0 {
			return nil, fmt.Errorf("failed (%v) but printed %d bytes to stdout; stderr: %s", err, stdout.Len(), stderr.String())
		}
		return nil, errors.New(strings.TrimSpace(stderr.String()))
	}
	if bytes.Contains(stdout.Bytes(), []byte("#<opaque")) {
		return nil, errOpaqueResult
	}
	return spec.ReadValues(stdout.Bytes())
}

// errOpaqueResult is a run that succeeded with an opaque result (an
// entry point returning an abstract type), which can be printed but not
// read back: only a case that expects no output accepts it, as in fcc test.
var errOpaqueResult = errors.New("the entry point returned an opaque value, which cannot be compared")
