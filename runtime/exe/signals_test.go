package exe

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/fcclang/fcc/runtime/values"
)

// helperEnv names the environment variable that makes the test binary act
// as a generated executable (see TestMain): its value selects the program.
const helperEnv = "FCC_EXE_TEST_HELPER"

// TestMain runs Main with one of the test programs when helperEnv is set,
// so that tests can check what a real process does on signals, closed
// pipes and machines without OpenCL.
func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "":
		os.Exit(m.Run())
	case "prog":
		Main(testProgram)
	case "busy":
		Main(busyProgram)
	}
	os.Exit(99)
}

// busyProgram's entry point launches kernels until interrupted, after
// creating the file named by FCC_EXE_TEST_READY.
var busyProgram = &Program{Name: "busy", OpenCL: testKernels, Entries: []EntryPoint{{
	Name: "main", Params: []TypeDesc{f32arr}, Results: []TypeDesc{f32arr},
	Run: func(c *Context, args []any) ([]any, error) {
		in := args[0].(*DeviceArray)
		out, err := c.NewArray(values.F32, in.Shape)
		if err != nil {
			return nil, err
		}
		for i := 0; ; i++ {
			if err := c.Launch("double_f32", []int64{in.Len()}, nil, in, out, in.Len()); err != nil {
				return nil, err
			}
			if err := c.Finish(); err != nil {
				return nil, err
			}
			if i == 0 {
				os.WriteFile(os.Getenv("FCC_EXE_TEST_READY"), nil, 0o644)
			}
		}
	},
}}}

// helper returns a command running the test binary as program prog.
func helper(t *testing.T, prog string, args ...string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, args...)
	cmd.Env = append(os.Environ(), helperEnv+"="+prog)
	return cmd
}

// noCrash fails the test when stderr shows a panic or a stack trace.
func noCrash(t *testing.T, stderr string) {
	t.Helper()
	for _, s := range []string{"panic", "goroutine ", "runtime.", "SIGSEGV"} {
		if strings.Contains(stderr, s) {
			t.Fatalf("stderr shows a crash (%q):\n%s", s, stderr)
		}
	}
}

// exitCode is the exit status of a finished command as a shell reports
// it: 128 plus the signal for a process killed by one.
func exitCode(t *testing.T, err error) int {
	t.Helper()
	if err == nil {
		return 0
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("running helper: %v", err)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ee.ExitCode()
}

type brokenPipeWriter struct{}

func (brokenPipeWriter) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "|1", Err: syscall.EPIPE}
}

// TestClosedStdout: a closed pipe on stdout ends the run quietly with a
// non-zero status, in Run and in a real process (prog < in | head -c1).
func TestClosedStdout(t *testing.T) {
	needOpenCL(t)
	var errb bytes.Buffer
	if code := Run(testProgram, nil, strings.NewReader("[1f32, 2f32]"), brokenPipeWriter{}, &errb); code != brokenPipeStatus || errb.Len() != 0 {
		t.Errorf("Run to a broken pipe: exit %d, stderr %q; want %d and nothing", code, errb.String(), brokenPipeStatus)
	}

	// A real pipe whose reader takes one byte and closes it; the output
	// (a million floats) is far larger than a pipe's buffer.
	var in strings.Builder
	in.WriteString("[")
	for i := 0; i < 1<<20; i++ {
		if i > 0 {
			in.WriteString(", ")
		}
		in.WriteString("1f32")
	}
	in.WriteString("]")
	cmd := helper(t, "prog")
	cmd.Stdin = strings.NewReader(in.String())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout = w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	var one [1]byte
	if _, err := io.ReadFull(r, one[:]); err != nil {
		t.Fatalf("reading the first byte: %v (stderr %q)", err, stderr.String())
	}
	r.Close()
	code := exitCode(t, cmd.Wait())
	if code == 0 {
		t.Errorf("exit status 0 after writing to a closed pipe")
	}
	noCrash(t, stderr.String())
	if stderr.Len() != 0 {
		t.Errorf("stderr not empty: %q", stderr.String())
	}
	t.Logf("exit status %d", code)
}

// TestInterrupt: SIGINT and SIGTERM during a run give status 130 and 143
// and one line on stderr.
func TestInterrupt(t *testing.T) {
	needOpenCL(t)
	for _, tc := range []struct {
		sig  syscall.Signal
		code int
		name string
	}{{syscall.SIGINT, 130, "SIGINT"}, {syscall.SIGTERM, 143, "SIGTERM"}} {
		ready := filepath.Join(t.TempDir(), "ready")
		cmd := helper(t, "busy")
		cmd.Env = append(cmd.Env, "FCC_EXE_TEST_READY="+ready)
		cmd.Stdin = strings.NewReader("[1f32, 2f32, 3f32]")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(60 * time.Second)
		for {
			if _, err := os.Stat(ready); err == nil {
				break
			}
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("helper never got going; stderr %q", stderr.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
		cmd.Process.Signal(tc.sig)
		start := time.Now()
		code := exitCode(t, cmd.Wait())
		took := time.Since(start)
		noCrash(t, stderr.String())
		want := "Error: interrupted by " + tc.name + "\n"
		if code != tc.code || stderr.String() != want || stdout.Len() != 0 {
			t.Errorf("%s: exit %d, stderr %q, stdout %q; want %d, %q and nothing", tc.name, code, stderr.String(), stdout.String(), tc.code, want)
		}
		// It unwound through the device check, not the grace timeout.
		if took >= interruptGrace {
			t.Errorf("%s: took %v to exit", tc.name, took)
		}
	}
}

// TestInterruptReleases: an interrupted run unwinds through Run, which
// closes the OpenCL context, and returns 130.
func TestInterruptReleases(t *testing.T) {
	needOpenCL(t)
	defer resetInterrupt()
	n := 0
	p := &Program{Name: "p", OpenCL: testKernels, Entries: []EntryPoint{{
		Name: "main", Params: []TypeDesc{f32arr}, Results: []TypeDesc{f32arr},
		Run: func(c *Context, args []any) ([]any, error) {
			if liveContexts.Load() != 1 {
				t.Errorf("live contexts during the run: %d", liveContexts.Load())
			}
			for {
				if _, err := c.NewArray(values.F32, []int64{16}); err != nil {
					return nil, err
				}
				if n++; n == 5 {
					interrupt(syscall.SIGINT)
				}
			}
		},
	}}}
	r := runProg(p, "[1f32]")
	if r.code != 130 || r.stderr != "Error: interrupted by SIGINT\n" || r.stdout != "" {
		t.Errorf("got %+v", r)
	}
	if n != 5 || liveContexts.Load() != 0 {
		t.Errorf("%d allocations, %d live contexts after the run", n, liveContexts.Load())
	}
}

// TestOutOfDeviceMemory: an allocation beyond the device's maximum fails
// at once with a clear message, through the Context API and through Run.
func TestOutOfDeviceMemory(t *testing.T) {
	needOpenCL(t)
	c, err := NewContext(testKernels, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	maxAlloc, global := c.Device().MaxMemAllocSize(), c.Device().GlobalMemSize()
	if maxAlloc <= 0 {
		t.Skip("device reports no maximum allocation size")
	}
	for _, alloc := range []func() error{
		func() error { _, err := c.Alloc(maxAlloc + 1); return err },
		func() error { _, err := c.NewArray(values.F32, []int64{maxAlloc/4 + 1}); return err },
		func() error { _, err := c.NewArray(values.F64, []int64{1 << 40, 1 << 20}); return err },
	} {
		start := time.Now()
		err := alloc()
		if err == nil {
			t.Fatal("allocation beyond the device maximum succeeded")
		}
		if !strings.HasPrefix(err.Error(), "out of device memory: allocating ") || !strings.Contains(err.Error(), " bytes for ") ||
			!strings.Contains(err.Error(), "(device has "+itoa(global)+" bytes)") {
			t.Errorf("error %q", err)
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("refusal took %v", d)
		}
		t.Log(err)
	}
	// The context is still usable.
	if b, err := c.Alloc(64); err != nil {
		t.Fatalf("small allocation after the failures: %v", err)
	} else {
		c.Release(b)
	}

	huge := &Program{Name: "huge", OpenCL: testKernels, Entries: []EntryPoint{{
		Name: "main", Results: []TypeDesc{f32arr},
		Run: func(c *Context, args []any) ([]any, error) {
			a, err := c.NewArray(values.F32, []int64{c.Device().MaxMemAllocSize()})
			if err != nil {
				return nil, err
			}
			return []any{a}, nil
		},
	}}}
	r := runProg(huge, "")
	expectError(t, r, 1, "Error: out of device memory: allocating "+itoa(4*maxAlloc)+" bytes for an array of type ["+itoa(maxAlloc)+"]f32 (device has "+itoa(global)+" bytes)")
	noCrash(t, r.stderr)
	if strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr is not one line: %q", r.stderr)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestNoPlatform: with no OpenCL driver visible, the executable says so
// and exits 1, for a run and for --list-devices.
func TestNoPlatform(t *testing.T) {
	empty := t.TempDir()
	for _, args := range [][]string{nil, {"--list-devices"}} {
		cmd := helper(t, "prog", args...)
		env := []string{"OCL_ICD_VENDORS=" + empty}
		for _, e := range cmd.Env {
			if !strings.HasPrefix(e, "OCL_ICD_VENDORS=") && !strings.HasPrefix(e, "OCL_ICD_FILENAMES=") {
				env = append(env, e)
			}
		}
		cmd.Env = env
		cmd.Stdin = strings.NewReader("[1f32]")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		code := exitCode(t, cmd.Run())
		noCrash(t, stderr.String())
		if code != 1 || stdout.Len() != 0 || !strings.HasPrefix(stderr.String(), "Error: no OpenCL platform found") || strings.Count(stderr.String(), "\n") != 1 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q", args, code, stdout.String(), stderr.String())
		}
		t.Logf("%q: %s", args, strings.TrimSpace(stderr.String()))
	}
}
