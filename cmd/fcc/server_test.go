package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fcclang/fcc/runtime/values"
)

// serverClient drives an executable's --server mode as a client of
// Futhark's server protocol does.
type serverClient struct {
	t   *testing.T
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

func startServer(t *testing.T, exe string, args ...string) *serverClient {
	t.Helper()
	cmd := exec.Command(exe, append([]string{"--server"}, args...)...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	c := &serverClient{t: t, cmd: cmd, in: in, out: bufio.NewReader(out)}
	t.Cleanup(func() { c.in.Close(); c.cmd.Wait() })
	if lines, failed := c.response(); failed || len(lines) != 0 {
		t.Fatalf("startup: %q", lines)
	}
	return c
}

// response reads lines up to "%%% OK": the output, and whether a
// "%%% FAILURE" came first (the lines are then the message).
func (c *serverClient) response() (lines []string, failed bool) {
	c.t.Helper()
	for {
		l, err := c.out.ReadString('\n')
		if err != nil {
			c.t.Fatalf("reading from the server: %v (after %q)", err, lines)
		}
		l = strings.TrimSuffix(l, "\n")
		switch l {
		case "%%% OK":
			return lines, failed
		case "%%% FAILURE":
			failed, lines = true, nil
		default:
			lines = append(lines, l)
		}
	}
}

// do sends one command and returns its output, failing the test if the
// command fails.
func (c *serverClient) do(cmd string) []string {
	c.t.Helper()
	lines, failed := c.send(cmd)
	if failed {
		c.t.Fatalf("%s: failed: %q", cmd, lines)
	}
	return lines
}

func (c *serverClient) send(cmd string) ([]string, bool) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, cmd+"\n"); err != nil {
		c.t.Fatal(err)
	}
	return c.response()
}

// fails sends a command that must fail with a message containing want.
func (c *serverClient) fails(cmd, want string) {
	c.t.Helper()
	lines, failed := c.send(cmd)
	if msg := strings.Join(lines, "\n"); !failed || !strings.Contains(msg, want) {
		c.t.Errorf("%s: failed=%t %q, want a failure containing %q", cmd, failed, msg, want)
	}
}

// put writes values to a fresh file in the binary data format.
func put(t *testing.T, dir string, vs ...values.Value) string {
	t.Helper()
	f, err := os.CreateTemp(dir, "in")
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for _, v := range vs {
		if err := values.WriteBinary(w, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	return f.Name()
}

// get reads every value of a data file.
func get(t *testing.T, file string) []values.Value {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rd := values.NewReader(bufio.NewReader(f))
	var vs []values.Value
	for {
		v, err := rd.Read()
		if err == io.EOF {
			return vs
		}
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		vs = append(vs, v)
	}
}

func text(vs []values.Value) string {
	var b strings.Builder
	for i, v := range vs {
		if i > 0 {
			b.WriteByte(' ')
		}
		values.WriteText(&b, v)
	}
	return b.String()
}

func f32s(xs ...float32) values.Value {
	return values.Value{Type: values.F32, Shape: []int64{int64(len(xs))}, Data: xs}
}

func i32s(xs ...int32) values.Value {
	return values.Value{Type: values.I32, Shape: []int64{int64(len(xs))}, Data: xs}
}

// TestServerProtocol drives a compiled program's --server through every
// kind of command, its mistakes, opaque values and a large array.
func TestServerProtocol(t *testing.T) {
	exe := buildTestdata(t, "server")
	dir := t.TempDir()
	c := startServer(t, exe)
	out := filepath.Join(dir, "out")

	if got := strings.Join(c.do("entry_points"), " "); got != "double sum stats mean pair set0 get transp sumi" {
		t.Errorf("entry_points: %s", got)
	}
	for cmd, want := range map[string]string{
		"inputs pair":                  "i32 []i32",
		"outputs pair":                 "i32 []i32",
		"inputs set0":                  "*[]i32",
		"outputs set0":                 "*[]i32",
		"inputs mean":                  "{mean: f32, n: i64}",
		"outputs stats":                "{mean: f32, n: i64}",
		"kind f32":                     "primitive",
		"kind [][]f64":                 "array",
		`kind "{mean: f32, n: i64}"`:   "record",
		`fields "{mean: f32, n: i64}"`: "mean f32 n i64",
		"rank [][]f64":                 "2",
		"elemtype [][]f64":             "f64",
	} {
		if got := strings.Join(c.do(cmd), " "); got != want {
			t.Errorf("%s: %q, want %q", cmd, got, want)
		}
	}

	// Values stay on the device between calls; results feed other calls.
	c.do("restore " + put(t, dir, f32s(1, 2, 3, 4)) + " xs []f32")
	c.do("call double ys xs")
	c.do("call double zs ys")
	c.do("call sum s zs")
	c.do("call stats st zs")
	c.do("call mean m st")
	c.do("project n st n")
	c.do("store " + out + " ys zs s m n")
	if got := text(get(t, out)); got != "[2.0f32, 4.0f32, 6.0f32, 8.0f32] [4.0f32, 8.0f32, 12.0f32, 16.0f32] 40.0f32 10.0f32 4i64" {
		t.Errorf("stored %s", got)
	}
	c.do(`new st2 "{mean: f32, n: i64}" s n`)
	c.do("call mean m2 st2")
	c.do("store " + out + " m2 st2")
	if got := text(get(t, out)); got != "40.0f32 40.0f32 4i64" {
		t.Errorf("stored %s", got)
	}
	// An opaque value stored is restored as the same type.
	c.do(`restore ` + out + ` m3 f32 st3 "{mean: f32, n: i64}"`)
	c.do("call mean m4 st3")
	c.do("store " + out + " m4")
	if got := text(get(t, out)); got != "40.0f32" {
		t.Errorf("mean of the restored record: %s", got)
	}

	// A tuple result is several values; a unique parameter is consumed.
	c.do("restore " + put(t, dir, values.Scalar(int32(10)), i32s(1, 2, 3)) + " x i32 is []i32")
	c.do("call pair a b x is")
	c.do("call set0 c b")
	c.fails("call set0 d b", "variable b was consumed")
	c.fails("store "+out+" b", "variable b was consumed")
	c.do("free b")
	c.do("store " + out + " a c is")
	if got := text(get(t, out)); got != "10i32 [42i32, 12i32, 13i32] [1i32, 2i32, 3i32]" {
		t.Errorf("stored %s", got)
	}
	c.do("rename c c2")
	if got := c.do("shape c2"); len(got) != 1 || got[0] != "3" {
		t.Errorf("shape c2: %q", got)
	}
	c.do("index e c2 0")
	if got := c.do("type e"); len(got) != 1 || got[0] != "i32" {
		t.Errorf("type e: %q", got)
	}
	c.do("new_array arr []i32 2 e x")
	c.do("store " + out + " e arr")
	if got := text(get(t, out)); got != "42i32 [42i32, 10i32]" {
		t.Errorf("stored %s", got)
	}

	// Mistakes are reported and the server goes on.
	c.fails("frobnicate", "Unknown command: frobnicate")
	c.fails("call nope r xs", "Unknown entry point: nope")
	c.fails("call sum r nope", "Unknown variable: nope")
	c.fails("call sum r x", "has type i32, expected []f32")
	c.fails("call sum xs xs", "Variable already exists: xs")
	c.fails("call sum r", "needs 2 variable names, got 1")
	c.fails("restore "+out+" q", "needs a type after variable q")
	c.fails("restore "+filepath.Join(dir, "missing")+" q i32", "no such file")
	c.fails("restore "+put(t, dir, f32s(1))+" q []i32", "expected element type i32")
	c.fails("restore "+put(t, dir, f32s(1), f32s(2))+" q []f32", "holds more than the 1 value(s)")
	c.fails("free nope", "Unknown variable: nope")
	c.fails(`free "xs`, "no closing quote")
	c.fails("rename xs ys", "Variable already exists: ys")
	c.fails("project q st nofield", "has no field nofield")
	c.fails("set_tuning_param nope 1", "unknown tuning parameter: nope")
	c.fails("inputs nope", "Unknown entry point: nope")
	// A failing entry point leaves no output variable behind.
	c.fails("call get r is 7", "Unknown variable: 7")
	c.do("restore " + put(t, dir, values.Scalar(int64(7))) + " i i64")
	c.fails("call get r is i", "out of bounds")
	c.fails("type r", "Unknown variable: r")
	c.do("restore " + put(t, dir, values.Scalar(int64(1))) + " one i64")
	c.do("call get r is one")
	c.do("store " + out + " r")
	if got := text(get(t, out)); got != "2i32" {
		t.Errorf("get after a failed call: %s", got)
	}

	// A large array goes through a file and back unchanged.
	n := 1 << 22
	big := make([]float64, n)
	for i := range big {
		big[i] = float64(i%1000) / 7
	}
	c.do("restore " + put(t, dir, values.Value{Type: values.F64, Shape: []int64{1024, int64(n / 1024)}, Data: big}) + " big [][]f64")
	c.do("call transp bt big")
	c.do("call transp btt bt")
	c.do("store " + out + " btt")
	back := get(t, out)
	if len(back) != 1 || !values.Equal(back[0], values.Value{Type: values.F64, Shape: []int64{1024, int64(n / 1024)}, Data: big}) {
		t.Errorf("the large array came back changed")
	}
	c.do("free big bt btt")
	c.do("clear")
	c.do("pause_profiling")
	c.do("unpause_profiling")
	c.do("report")
}

var runtimeRE = regexp.MustCompile(`^runtime: \d+$`)

// TestServerManyCalls makes many calls, freeing their results, through
// the executable and checks that the device memory it reports (-L, at
// exit) does not grow with the number of calls.
func TestServerManyCalls(t *testing.T) {
	exe := buildTestdata(t, "server")
	dir := t.TempDir()
	peak := func(calls int) string {
		var in strings.Builder
		fmt.Fprintf(&in, "restore %s xs []f32\n", put(t, dir, f32s(make([]float32, 1000)...)))
		for i := 0; i < calls; i++ {
			in.WriteString("call double ys xs\ncall sum s ys\nfree ys s\n")
		}
		cmd := exec.Command(exe, "--server", "-L")
		cmd.Stdin = strings.NewReader(in.String())
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		if err := cmd.Run(); err != nil {
			t.Fatalf("%v: %s", err, stderr.String())
		}
		t.Logf("%d calls in %v", 2*calls, time.Since(start))
		if strings.Contains(stdout.String(), "FAILURE") {
			t.Fatalf("a command failed: %.1000s", stdout.String())
		}
		if got := strings.Count(stdout.String(), "runtime: "); got != 2*calls {
			t.Fatalf("%d runtime lines for %d calls", got, 2*calls)
		}
		m := regexp.MustCompile(`Peak device memory usage: (\d+) bytes`).FindStringSubmatch(stderr.String())
		if m == nil {
			t.Fatalf("no peak memory line in the log")
		}
		return m[1]
	}
	if a, b := peak(10), peak(2000); a != b {
		t.Errorf("peak device memory after 20 calls %s bytes, after 4000 calls %s bytes", a, b)
	}
}

// pythonWithNumpy returns a python3 that can import numpy, or "".
func pythonWithNumpy() string {
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(p, "-c", "import numpy").Run() == nil {
			return p
		}
	}
	return ""
}

// TestServerPythonClients runs the unmodified Python clients of Futhark's
// server protocol and data format (futhark_server, futhark_data; see
// /work/shared/clients, or FCC_PYTHON_CLIENTS) against the executable:
// testdata/server_client.py fails on any difference.
func TestServerPythonClients(t *testing.T) {
	py := pythonWithNumpy()
	if py == "" {
		t.Skip("no python3 with numpy (Debian: apt-get install python3-numpy)")
	}
	// The clients are in the shared folder beside the repository (or
	// where FCC_PYTHON_CLIENTS says).
	var clients string
	for _, d := range []string{os.Getenv("FCC_PYTHON_CLIENTS"), "../../shared/clients", "../../../shared/clients", "/work/shared/clients"} {
		if _, err := os.Stat(filepath.Join(d, "futhark-server-python")); d != "" && err == nil {
			clients = d
			break
		}
	}
	if clients == "" {
		t.Skip("the Python clients futhark-server-python and futhark-data-python were not found (set FCC_PYTHON_CLIENTS)")
	}
	abs, _ := filepath.Abs(clients)
	exe := buildTestdata(t, "server")
	cmd := exec.Command(py, "testdata/server_client.py", exe, t.TempDir())
	cmd.Env = append(os.Environ(), "PYTHONPATH="+filepath.Join(abs, "futhark-data-python")+":"+filepath.Join(abs, "futhark-server-python"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	t.Logf("%s", out)
}

// TestServerSumTypes drives a compiled program's sum-typed and
// array-of-tuples entry points through the sum and zip commands: the
// server's layout of a sum value must be the one the compiler gave it.
func TestServerSumTypes(t *testing.T) {
	exe := buildTestdata(t, "server_sums")
	dir := t.TempDir()
	c := startServer(t, exe)
	out := filepath.Join(dir, "out")
	const shape = `"#circle f32 | #poly []f32 | #rect f32 f32"`
	if got := strings.Join(c.do("inputs area"), " "); got != "#circle f32 | #poly []f32 | #rect f32 f32" {
		t.Errorf("inputs area: %q", got)
	}
	if got := strings.Join(c.do("kind "+shape), " "); got != "sum" {
		t.Errorf("kind: %q", got)
	}
	if got := strings.Join(c.do("variants "+shape), "|"); got != "circle|- f32|poly|- []f32|rect|- f32|- f32" {
		t.Errorf("variants: %q", got)
	}
	c.do("restore " + put(t, dir, values.Scalar(float32(3)), values.Scalar(float32(5)), f32s(1, 2, 4)) + " a f32 b f32 xs []f32")
	c.do("construct r " + shape + " rect a b")
	c.do("construct k " + shape + " circle b")
	c.do("construct p " + shape + " poly xs")
	for _, v := range []string{"r", "k", "p"} {
		c.do("call area area_" + v + " " + v)
		c.do("call grow g_" + v + " " + v)
		c.do("call area garea_" + v + " g_" + v)
	}
	c.do("store " + out + " area_r area_k area_p garea_r garea_k garea_p")
	if got := text(get(t, out)); got != "15.0f32 75.0f32 7.0f32 30.0f32 300.0f32 14.0f32" {
		t.Errorf("areas: %s", got)
	}
	if got := strings.Join(c.do("variant g_r"), " "); got != "rect" {
		t.Errorf("variant g_r: %q", got)
	}
	c.do("destruct g_r w h")
	c.do("destruct g_p ys")
	c.do("store " + out + " w h ys")
	if got := text(get(t, out)); got != "6.0f32 5.0f32 [2.0f32, 4.0f32, 8.0f32]" {
		t.Errorf("destructed: %s", got)
	}
	c.fails("destruct g_k w2 h2", "it holds variant circle, with 1 values, got 2 variables")
	c.fails("construct q "+shape+" square a", "has no variant square")
	c.fails("construct q "+shape+" poly a", "has type f32, expected []f32")

	c.do("restore " + put(t, dir, i32s(1, 2, 3), f32s(0.5, 1.5, 2.5)) + " is []i32 fs []f32")
	c.do(`zip ps "[](i32, f32)" is fs`)
	c.do("call swap qs ps")
	if got := strings.Join(c.do("type qs"), " "); got != "[](f32, i32)" {
		t.Errorf("type qs: %q", got)
	}
	c.do("index e qs 2")
	c.do("project e0 e 0")
	c.do("unzip qs q0 q1")
	c.do("store " + out + " q0 q1 e0")
	if got := text(get(t, out)); got != "[0.5f32, 1.5f32, 2.5f32] [1i32, 2i32, 3i32] 2.5f32" {
		t.Errorf("swapped: %s", got)
	}
	c.fails(`zip bad "[](i32, f32)" fs is`, "has type []f32, expected []i32")
}
