package exe

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fcclang/fcc/runtime/values"
)

// serverProgram has transparent entry points, a consuming one, a failing
// one, and opaque parameters and results (a tuple and a record).
var serverProgram = &Program{
	Name:   "prog",
	OpenCL: testKernels,
	Entries: []EntryPoint{
		testProgram.Entries[0], // main: []f32 -> []f32
		testProgram.Entries[1], // sum: []f32 -> f32
		testProgram.Entries[2], // scale: f32 []f32 -> []f32 i64 f32
		testProgram.Entries[3], // not: []bool bool f16 -> []bool bool f16
		testProgram.Entries[4], // id2: *[][]i32 -> *[][]i32
		testProgram.Entries[5], // fail
		{Name: "tuple_param", Params: []TypeDesc{{Elem: values.F32}, f32arr}, Results: []TypeDesc{f32arr, {Elem: values.I64}, {Elem: values.F32}}, Run: entryScale,
			ParamValues: []ExtValue{{Opaque: "(f32, []f32)", N: 2}}, ResultValues: []ExtValue{{N: 1}, {N: 1}, {N: 1}}},
		{Name: "record_result", Params: []TypeDesc{{Elem: values.F32}, f32arr}, Results: []TypeDesc{f32arr, {Elem: values.I64}, {Elem: values.F32}}, Run: entryScale,
			ParamValues: []ExtValue{{N: 1}, {N: 1}}, ResultValues: []ExtValue{{Opaque: "{a: []f32, n: i64}", N: 2}, {N: 1}}},
	},
	Params: testProgram.Params,
}

var runtimeLine = regexp.MustCompile(`(?m)^runtime: \d+$`)

// serveSession runs the server on the commands (one per line) and
// returns each command's response (the lines before its "%%% OK"), with
// call times replaced by "runtime: T" and dir by "DIR".
func serveSession(t *testing.T, c *Context, p *Program, dir string, cmds ...string) []string {
	t.Helper()
	var out bytes.Buffer
	in := strings.Join(cmds, "\n") + "\n"
	if err := Serve(p, c, strings.NewReader(in), &out); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	text := runtimeLine.ReplaceAllString(out.String(), "runtime: T")
	text = strings.ReplaceAll(text, dir, "DIR")
	parts := strings.Split(text, "%%% OK\n")
	if parts[0] != "" || parts[len(parts)-1] != "" {
		t.Fatalf("output does not start with %%%%%% OK and end with one:\n%s", text)
	}
	parts = parts[1 : len(parts)-1]
	if len(parts) != len(cmds) {
		t.Fatalf("%d commands, %d responses:\n%s", len(cmds), len(parts), text)
	}
	return parts
}

func newTestContext(t *testing.T) *Context {
	t.Helper()
	needOpenCL(t)
	c, err := NewContext(testKernels, DefaultOptions(), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// writeData writes values in the binary data format to a file in dir.
func writeData(t *testing.T, dir, name string, vs ...values.Value) string {
	t.Helper()
	var b bytes.Buffer
	for _, v := range vs {
		if err := values.WriteBinary(&b, v); err != nil {
			t.Fatal(err)
		}
	}
	f := filepath.Join(dir, name)
	if err := os.WriteFile(f, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return f
}

// readData reads every value of a data file as text, one per line.
func readData(t *testing.T, f string) string {
	t.Helper()
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	rd := values.NewReader(bytes.NewReader(b))
	var s strings.Builder
	for {
		v, err := rd.Read()
		if err != nil {
			if err.Error() != "EOF" {
				t.Fatalf("%s: %v", f, err)
			}
			return s.String()
		}
		values.WriteText(&s, v)
		s.WriteByte('\n')
	}
}

// TestServerCommands drives each command, and its errors, through one
// session: the server must report every mistake and go on.
func TestServerCommands(t *testing.T) {
	c := newTestContext(t)
	dir := t.TempDir()
	xs := writeData(t, dir, "xs", values.Value{Type: values.F32, Shape: []int64{3}, Data: []float32{1, 2, 3}})
	two := writeData(t, dir, "two", values.Scalar(float32(2)))
	m := writeData(t, dir, "m", values.Value{Type: values.I32, Shape: []int64{2, 2}, Data: []int32{1, 2, 3, 4}})
	bad := filepath.Join(dir, "bad")
	os.WriteFile(bad, []byte("[1f32, 2f32"), 0o644)
	text := filepath.Join(dir, "text")
	os.WriteFile(text, []byte("[true, false] true 1.5f16"), 0o644)
	out := filepath.Join(dir, "out")
	out2 := filepath.Join(dir, "out2")
	tests := []struct{ cmd, want string }{
		{"entry_points", "main\nsum\nscale\nnot\nid2\nfail\ntuple_param\nrecord_result\n"},
		{"types", "(f32, []f32)\n*[][]i32\n"}, // replaced below
		{"inputs scale", "f32\n[]f32\n"},
		{"outputs scale", "[]f32\ni64\nf32\n"},
		{"inputs id2", "*[][]i32\n"},
		{"outputs id2", "*[][]i32\n"},
		{"inputs tuple_param", "(f32, []f32)\n"},
		{"outputs record_result", "{a: []f32, n: i64}\nf32\n"},
		{"inputs nope", "%%% FAILURE\nUnknown entry point: nope (entry_points lists them)\n"},
		{"restore " + xs + " xs []f32", ""},
		{"restore " + two + " a f32", ""},
		{"restore " + xs + " xs []f32", "%%% FAILURE\nVariable already exists: xs\n"},
		{"restore " + xs + " ys []i32", "%%% FAILURE\nrestore ys: variable ys of type []i32 in DIR/xs: byte 0: binary value: expected element type i32 but found [3]f32\n"},
		{"restore " + xs + " ys f32", "%%% FAILURE\nrestore ys: variable ys of type f32 in DIR/xs: byte 0: binary value: expected a value of rank 0 but found [3]f32\n"},
		{"restore " + xs, "%%% FAILURE\nrestore: DIR/xs holds more than the 0 value(s) asked for\n"},
		{"restore " + xs + " ys", "%%% FAILURE\nmalformed command: restore needs a type after variable ys\n"},
		{"restore " + xs + " ys []f32 zs []f32", "%%% FAILURE\nrestore zs: DIR/xs ended after 1 value(s), before variable zs of type []f32\n"},
		{"restore " + dir + "/missing ys []f32", "%%% FAILURE\ncannot open DIR/missing: open DIR/missing: no such file or directory\n"},
		{"restore " + bad + " ys []f32", "%%% FAILURE\nrestore ys: variable ys of type []f32 in DIR/bad: line 1, column 12 (byte 11): unexpected end of input, expected ',' or ']' after array element\n"},
		{"restore " + xs + " ys frob", "%%% FAILURE\nrestore ys: unknown type frob (the types command lists them)\n"},
		{"restore " + text + " bs []bool b bool h f16", ""},
		{"call not nbs nb nh bs b h", "runtime: T\n"},
		{"store " + out + " nbs nb nh", ""},
		{"call main ys xs", "runtime: T\n"},
		{"call main ys xs", "%%% FAILURE\nVariable already exists: ys\n"},
		{"call scale q q q a xs", "%%% FAILURE\nvariable q is named twice in one command\n"},
		{"restore " + xs + " q []f32 q []f32", "%%% FAILURE\nvariable q is named twice in one command\n"},
		{"call main zs", "%%% FAILURE\nentry point main has 1 output(s) and 1 input(s): call main needs 2 variable names, got 1\n"},
		{"call main zs a", "%%% FAILURE\ninput 1 of entry point main (variable a) has type f32, expected []f32\n"},
		{"call main zs nothere", "%%% FAILURE\nUnknown variable: nothere\n"},
		{"call nope zs xs", "%%% FAILURE\nUnknown entry point: nope (entry_points lists them)\n"},
		{"call scale r n s a ys", "runtime: T\n"},
		{"store " + out2 + " r n s", ""},
		{"call fail r2", "runtime: T\n%%% FAILURE\nprog.fut:3:5-10: index 7 out of bounds for array of shape [3]\n"}, // replaced below
		{"call fail r2", "runtime: T\n%%% FAILURE\nprog.fut:3:5-10: index 7 out of bounds for array of shape [3]\n"},
		{"type r2", "%%% FAILURE\nUnknown variable: r2\n"},
		{"type n", "i64\n"},
		{"kind i64", "primitive\n"},
		{"kind [][]i32", "array\n"},
		{"kind (f32, []f32)", "%%% FAILURE\nmalformed command: \"kind (f32, []f32)\"; usage: kind TYPE\n"},
		{`kind "(f32, []f32)"`, "record\n"},
		{`kind "{a: []f32, n: i64}"`, "record\n"},
		{"kind bogus", "%%% FAILURE\nunknown type bogus (the types command lists them)\n"},
		{"rank [][]i32", "2\n"},
		{"elemtype [][]i32", "i32\n"},
		{"rank i32", "%%% FAILURE\ntype i32 is not an array type\n"},
		{"shape xs", "3\n"},
		{"shape a", "%%% FAILURE\nvariable a has type f32, which is not an array type\n"},
		{"index e xs 1", ""},
		{"index e xs 3", "%%% FAILURE\nvariable e already exists: e\n"}, // replaced below
		{"index e2 xs 3", "%%% FAILURE\nindex [3] out of bounds for variable xs of shape [3]\n"},
		{"index e2 xs 1 2", "%%% FAILURE\nvariable xs has rank 1: 1 indices are needed, got 2\n"},
		{"new_array arr []f32 2 e a", ""},
		{"new_array arr2 []f32 3 e a", "%%% FAILURE\nnew_array arr2: shape [3] holds 3 elements, got 2 variables\n"},
		{"new_array arr2 []f32 2 e n", "%%% FAILURE\nnew_array arr2: element 2, variable n, has type i64, expected f32\n"},
		{`new tp "(f32, []f32)" a arr`, ""},
		{`new tp2 "(f32, []f32)" arr a`, "%%% FAILURE\nnew tp2: field 0, variable arr, has type []f32, expected f32\n"},
		{`new tp2 "(f32, []f32)" a`, "%%% FAILURE\nnew tp2: type (f32, []f32) has 2 fields, got 1 variables\n"},
		{`fields "(f32, []f32)"`, "0 f32\n1 []f32\n"},
		{`fields "{a: []f32, n: i64}"`, "a []f32\nn i64\n"},
		{"fields []f32", "%%% FAILURE\ntype []f32 is not a record or tuple\n"},
		{"call tuple_param t1 t2 t3 tp", "runtime: T\n"},
		{"call tuple_param t4 t5 t6 xs", "%%% FAILURE\ninput 1 of entry point tuple_param (variable xs) has type []f32, expected (f32, []f32)\n"},
		{"call record_result rec s2 a arr", "runtime: T\n"},
		{"type rec", "{a: []f32, n: i64}\n"},
		{"project ra rec a", ""},
		{"project rn rec n", ""},
		{"project rx rec x", "%%% FAILURE\ntype {a: []f32, n: i64} has no field x\n"},
		{"project rx xs a", "%%% FAILURE\nvariable xs has type []f32, which is not a record or tuple\n"},
		{"store " + out + " ra rn t1 rec", ""},
		{"restore " + out + " ra2 []f32 rn2 i64 t12 []f32 rec2 {a:[]f32,n:i64}", "%%% FAILURE\nrestore rec2: unknown type {a:[]f32,n:i64} (the types command lists them)\n"},
		{`restore ` + out + ` ra2 []f32 rn2 i64 t12 []f32 rec2 "{a: []f32, n: i64}"`, ""},
		{"rename rec2 rec3", ""},
		{"rename rec3 rec", "%%% FAILURE\nVariable already exists: rec\n"},
		{"rename gone x", "%%% FAILURE\nUnknown variable: gone\n"},
		{"restore " + m + " m [][]i32", ""},
		{"call id2 m2 m", "runtime: T\n"},
		{"call id2 m3 m", "%%% FAILURE\nvariable m was consumed by an entry point and may only be freed\n"},
		{"store " + out2 + " m", "%%% FAILURE\nvariable m was consumed by an entry point and may only be freed\n"},
		{"free m", ""},
		{"free m", "%%% FAILURE\nUnknown variable: m\n"},
		{"free m2 nope", "%%% FAILURE\nUnknown variable: nope\n"},
		{"free m2", ""},
		{"set_tuning_param main.group_size_1 64", ""},
		{"set_tuning_param nope 64", "%%% FAILURE\nunknown tuning parameter: nope\n"},
		{"set_tuning_param main.group_size_1 lots", "%%% FAILURE\ntuning parameter main.group_size_1: \"lots\" is not a non-negative integer\n"},
		{"tuning_params main", "main.group_size_1 group_size\nmain.suff_outer_par_0 threshold\n"},
		{"tuning_param_class main.suff_outer_par_0", "threshold\n"},
		{"attributes main", ""},
		{"pause_profiling", ""},
		{"unpause_profiling", ""},
		{"clear", ""},
		{"frobnicate x", "%%% FAILURE\nUnknown command: frobnicate\n"},
		{"zip a b c", "%%% FAILURE\nunknown type b (the types command lists them)\n"},
		{"", "%%% FAILURE\nempty command\n"},
		{`store "` + out, "%%% FAILURE\nmalformed command: the quoted word starting at column 7 has no closing quote\n"},
		{`free "a"b`, "%%% FAILURE\nmalformed command: a space must follow the quoted word ending at column 8\n"},
		{`free a"b"`, "%%% FAILURE\nmalformed command: quote inside the word starting at column 6\n"},
		{"rename a", "%%% FAILURE\nmalformed command: \"rename a\"; usage: rename OLD NEW\n"},
		{"call", "%%% FAILURE\nmalformed command: \"call\"; usage: call ENTRY OUT... IN...\n"},
	}
	// Fix the expectations that are easier to state here.
	for i := range tests {
		switch tests[i].cmd {
		case "types":
			tests[i].want = "(f32, []f32)\n[][]i32\n[]bool\n[]f32\nbool\nf16\nf32\ni32\ni64\n{a: []f32, n: i64}\n"
		case "call fail r2":
			tests[i].want = "%%% FAILURE\nprog.fut:3:5-10: index 7 out of bounds for array of shape [3]\n"
		case "index e xs 3":
			tests[i].want = "%%% FAILURE\nVariable already exists: e\n"
		}
	}
	cmds := make([]string, len(tests))
	for i, tc := range tests {
		cmds[i] = tc.cmd
	}
	got := serveSession(t, c, serverProgram, dir, cmds...)
	for i, tc := range tests {
		if got[i] != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.cmd, got[i], tc.want)
		}
	}
	if s := readData(t, out2); s != "[4.0f32, 8.0f32, 12.0f32]\n3i64\n2.0f32\n" {
		t.Errorf("stored scale results: %q", s)
	}
	if s := readData(t, out); s != "[4.0f32, 4.0f32]\n2i64\n[4.0f32, 4.0f32]\n[4.0f32, 4.0f32]\n2i64\n" {
		t.Errorf("stored record results: %q", s)
	}
	if cur, _ := c.MemoryUsage(); cur != 0 {
		t.Errorf("%d bytes of device memory still in use after the session", cur)
	}
}

// TestServerStoreOpaque checks store of bool and f16 values written by
// an entry point (the binary format's own type names).
func TestServerBoolF16(t *testing.T) {
	c := newTestContext(t)
	dir := t.TempDir()
	text := filepath.Join(dir, "text")
	os.WriteFile(text, []byte("[true, false] true 1.5f16"), 0o644)
	out := filepath.Join(dir, "out")
	got := serveSession(t, c, serverProgram, dir,
		"restore "+text+" bs []bool b bool h f16",
		"call not nbs nb nh bs b h",
		"store "+out+" nbs nb nh")
	if got[1] != "runtime: T\n" || got[2] != "" {
		t.Fatalf("responses %q", got)
	}
	if s := readData(t, out); s != "[false, true]\nfalse\n1.5f16\n" {
		t.Errorf("stored: %q", s)
	}
}

// TestServerNoLeak makes many calls, each result freed, in ten rounds,
// and checks after each round that nothing grows: the device memory in
// use and its peak (the runtime's accounting), the allocation list, the
// server's tables, and the Go heap. FCC_SERVER_CALLS sets the number of
// calls (scripts/test.sh makes a million); the commands are made round
// by round, so that their text does not fill the memory measured.
func TestServerNoLeak(t *testing.T) {
	c := newTestContext(t)
	dir := t.TempDir()
	xs := writeData(t, dir, "xs", values.Value{Type: values.F32, Shape: []int64{1000}, Data: make([]float32, 1000)})
	n := 5000
	if v, err := strconv.Atoi(os.Getenv("FCC_SERVER_CALLS")); err == nil && v > 0 {
		n = v
	}
	const rounds = 10
	perRound := max(n/rounds/2, 1) // two calls per iteration
	s := newServer(serverProgram, c, io.Discard)
	setup := "restore " + xs + " xs []f32\nrestore " + writeData(t, dir, "s", values.Scalar(float32(2))) + " s0 f32\n"
	var round strings.Builder
	for i := 0; i < perRound; i++ {
		round.WriteString("call main ys xs\ncall scale a b d s0 ys\nfree ys\nfree a b d\n")
	}
	cmds := round.String()
	var heap0 uint64
	start := time.Now()
	for r := 0; r <= rounds; r++ {
		in := cmds
		if r == 0 {
			in = setup // round 0 only sets up, so that round 1's figures are the baseline
		}
		var out bytes.Buffer
		s.out = bufio.NewWriter(&out)
		if err := s.serve(strings.NewReader(in)); err != nil {
			t.Fatal(err)
		}
		if i := strings.Index(out.String(), "FAILURE"); i >= 0 {
			t.Fatalf("round %d: a command failed: %.500s", r, out.String()[i:])
		}
		if r == 0 {
			continue
		}
		cur, peak := c.MemoryUsage()
		// At most xs, ys and scale's array result are held at once.
		if cur != 4000 || peak > 3*4000 {
			t.Fatalf("after %d calls: %d bytes of device memory in use (want 4000: xs only), peak %d (want at most %d)", 2*perRound*r, cur, peak, 3*4000)
		}
		if len(c.allocs) > 2048 || len(s.vars) != 2 || len(s.refs) != 1 || len(c.launches)+len(c.launchOverflow) != 0 {
			t.Fatalf("after %d calls: %d allocations listed, %d variables, %d buffers counted, %d launches recorded", 2*perRound*r, len(c.allocs), len(s.vars), len(s.refs), len(c.launches)+len(c.launchOverflow))
		}
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if r == 1 {
			heap0 = ms.HeapAlloc
		} else if ms.HeapAlloc > heap0+8<<20 {
			t.Fatalf("after %d calls the Go heap holds %d bytes, %d after %d calls", 2*perRound*r, ms.HeapAlloc, heap0, 2*perRound)
		}
	}
	t.Logf("%d calls in %v", 2*perRound*rounds, time.Since(start))
	s.releaseAll()
	if cur, _ := c.MemoryUsage(); cur != 0 {
		t.Errorf("%d bytes in use after the session", cur)
	}
}

// TestServerExecutable runs --server through Run, as a client does.
func TestServerExecutable(t *testing.T) {
	needOpenCL(t)
	dir := t.TempDir()
	xs := writeData(t, dir, "xs", values.Value{Type: values.F32, Shape: []int64{2}, Data: []float32{1, 2}})
	out := filepath.Join(dir, "out")
	r := runProg(serverProgram, fmt.Sprintf("restore %s xs []f32\ncall sum s xs\nstore %s s\n", xs, out), "--server")
	want := "%%% OK\n%%% OK\nruntime: T\n%%% OK\n%%% OK\n"
	if got := runtimeLine.ReplaceAllString(r.stdout, "runtime: T"); r.code != 0 || got != want || r.stderr != "" {
		t.Fatalf("--server: %+v", r)
	}
	if s := readData(t, out); s != "3.0f32\n" {
		t.Errorf("stored %q", s)
	}
	// A context that cannot be made ends the process before "%%% OK".
	r = runProg(serverProgram, "", "--server", "--param", "nope=1")
	if r.code != 1 || r.stdout != "" || !strings.Contains(r.stderr, `unknown tuning parameter "nope"`) {
		t.Fatalf("--server with a bad parameter: %+v", r)
	}
}

func TestSplitWords(t *testing.T) {
	for _, tc := range []struct {
		line string
		want []string
		err  string
	}{
		{"a b  c", []string{"a", "b", "c"}, ""},
		{`  new v "{a: i32}" x `, []string{"new", "v", "{a: i32}", "x"}, ""},
		{`""`, []string{""}, ""},
		{"", nil, ""},
		{`a "b`, nil, "no closing quote"},
		{`a "b"c`, nil, "a space must follow"},
		{`a b"c"`, nil, "quote inside"},
	} {
		got, err := splitWords(tc.line)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("splitWords(%q) error %v, want %q", tc.line, err, tc.err)
			}
			continue
		}
		if err != nil || fmt.Sprint(got) != fmt.Sprint(tc.want) || len(got) != len(tc.want) {
			t.Errorf("splitWords(%q) = %q, %v; want %q", tc.line, got, err, tc.want)
		}
	}
}

func TestParseTypeName(t *testing.T) {
	for _, tc := range []struct {
		in, out, comps, err string
	}{
		{in: "i32", out: "i32", comps: "[i32]"},
		{in: "[][]f32", out: "[][]f32", comps: "[[][]f32]"},
		{in: "[3][n]f32", out: "[][]f32", comps: "[[][]f32]"},
		{in: "(f32, []f32)", out: "(f32, []f32)", comps: "[f32 []f32]"},
		{in: "{a: []f32, n: i64}", out: "{a: []f32, n: i64}", comps: "[[]f32 i64]"},
		{in: "[](i32, {x: f32, y: []bool})", out: "[](i32, {x: f32, y: []bool})", comps: "[[]i32 []f32 [][]bool]"},
		{in: "((i32))", out: "i32", comps: "[i32]"},
		{in: "#a | #b i32 []f32 | #c f32 i32", out: "#a | #b i32 []f32 | #c f32 i32", comps: "[u8 i32 []f32 f32]"},
		{in: "#x (#a | #b f32) {v: [2]i64}", out: "#x (#a | #b f32) {v: []i64}", comps: "[u8 u8 f32 []i64]"},
		{in: "[](#a f32 | #b f32 f32, bool)", out: "[](#a f32 | #b f32 f32, bool)", comps: "[[]u8 []f32 []f32 []bool]"},
		{in: "#a | #a", err: "constructor #a appears twice"},
		{in: "#a #b", err: "must be in parentheses"},
		{in: "#", err: "expected a constructor name"},
		{in: "#a | i32", err: "expected #constructor"},
		{in: "i33", err: `unknown type "i33"`},
		{in: "(i32, ", err: "the type ends early"},
		{in: "(i32 f32)", err: "expected , or )"},
		{in: "{a i32}", err: "expected : after field a"},
		{in: "()", err: "the empty tuple"},
		{in: "[i32", err: "expected ]"},
		{in: "i32 x", err: `unexpected "x"`},
	} {
		e, err := parseTypeName(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("parseTypeName(%q) error %v, want %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseTypeName(%q): %v", tc.in, err)
			continue
		}
		if e.String() != tc.out || fmt.Sprint(e.components()) != tc.comps {
			t.Errorf("parseTypeName(%q) = %s %v, want %s %s", tc.in, e, e.components(), tc.out, tc.comps)
		}
	}
}

// FuzzServerCommand feeds arbitrary command lines to a server without a
// device context: parsing and checking must report, never panic, and
// always answer with exactly one "%%% OK".
func FuzzServerCommand(f *testing.F) {
	for _, s := range []string{"call main a b", `new v "{a: i32}" x`, "restore f x []f32", "free a a", `kind "(i32, [][]f32)"`, "fields \"{a: (i32, f32)}\"", "index a b 1 2",
		`variants "#a | #b (#c f32) [2]i32"`, `construct v "(f32, []f32)" a`, `zip z "[](i32, f32)" a b`, "set a b 0", "unzip a b c", "destruct a b", "variant a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n") {
			return
		}
		// Commands that reach the device or the file system are not
		// fuzzed: the parse and the checks before them are.
		if w, _ := splitWords(line); len(w) > 0 {
			switch w[0] {
			case "call", "restore", "store", "clear", "report", "index", "new_array", "set_tuning_param":
				return
			}
		}
		var out bytes.Buffer
		s := newServer(serverProgram, nil, &out)
		if err := s.serve(strings.NewReader(line + "\n")); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(out.String(), "%%% OK\n"); n != 2 {
			t.Fatalf("%q: %d OKs in %q", line, n, out.String())
		}
	})
}

// shapeType is a sum type as the frontend names it: constructors in name
// order, laid out as a u8 tag and the slots f32, []f32, f32 (circle and
// rect share the first f32 slot).
const shapeType = "#circle f32 | #poly []f32 | #rect f32 f32"

func entryIdentity(c *Context, args []any) ([]any, error) { return args, nil }

// sumProgram has a sum-typed and an array-of-tuples-typed entry point,
// both returning their argument.
var sumProgram = &Program{
	Name:   "sums",
	OpenCL: testKernels,
	Entries: []EntryPoint{
		{Name: "shape_id", Params: []TypeDesc{{Elem: values.U8}, {Elem: values.F32}, f32arr, {Elem: values.F32}},
			Results: []TypeDesc{{Elem: values.U8}, {Elem: values.F32}, f32arr, {Elem: values.F32}}, Run: entryIdentity,
			ParamValues: []ExtValue{{Opaque: shapeType, N: 4}}, ResultValues: []ExtValue{{Opaque: shapeType, N: 4}}},
		{Name: "pairs_id", Params: []TypeDesc{{Elem: values.I32, Rank: 1}, f32arr},
			Results: []TypeDesc{{Elem: values.I32, Rank: 1}, f32arr}, Run: entryIdentity,
			ParamValues: []ExtValue{{Opaque: "[](i32, f32)", N: 2}}, ResultValues: []ExtValue{{Opaque: "[](i32, f32)", N: 2}}},
	},
}

// TestServerSumsAndRecordArrays drives the sum commands (variants,
// construct, destruct, variant), the array-of-records commands (zip,
// unzip, index, shape, new_array) and set, with their errors, through one session.
func TestServerSumsAndRecordArrays(t *testing.T) {
	c := newTestContext(t)
	dir := t.TempDir()
	xs := writeData(t, dir, "xs", values.Value{Type: values.F32, Shape: []int64{3}, Data: []float32{1, 2, 3}})
	is := writeData(t, dir, "is", values.Value{Type: values.I32, Shape: []int64{3}, Data: []int32{7, 8, 9}})
	ab := writeData(t, dir, "ab", values.Scalar(float32(2)), values.Scalar(float32(5)), values.Scalar(int32(-1)))
	out := filepath.Join(dir, "out")
	out2 := filepath.Join(dir, "out2")
	out3 := filepath.Join(dir, "out3")
	out4 := filepath.Join(dir, "out4")
	q := `"` + shapeType + `"`
	tests := []struct{ cmd, want string }{
		{"types", "#circle f32 | #poly []f32 | #rect f32 f32\n(i32, f32)\n[](i32, f32)\n[]f32\n[]i32\nf32\ni32\n"},
		{"kind " + q, "sum\n"},
		{`kind "[](i32, f32)"`, "array\n"},
		{`rank "[](i32, f32)"`, "1\n"},
		{`elemtype "[](i32, f32)"`, "(i32, f32)\n"},
		{"variants " + q, "circle\n- f32\npoly\n- []f32\nrect\n- f32\n- f32\n"},
		{"variants f32", "%%% FAILURE\ntype f32 is not a sum type\n"},
		{`variants "#a | #b"`, "%%% FAILURE\nunknown type #a | #b (the types command lists them)\n"},
		{"restore " + ab + " a f32 b f32 n i32", ""},
		{"restore " + xs + " xs []f32", ""},
		{"restore " + is + " is []i32", ""},
		{"construct r " + q + " rect a b", ""},
		{"variant r", "rect\n"},
		{"type r", shapeType + "\n"},
		{"construct r2 " + q + " rect a", "%%% FAILURE\nconstruct r2: variant rect of type " + shapeType + " holds 2 values, got 1 variables\n"},
		{"construct r2 " + q + " square a", "%%% FAILURE\nconstruct r2: type " + shapeType + " has no variant square (variants lists them)\n"},
		{"construct r2 " + q + " circle n", "%%% FAILURE\nconstruct r2: value 1 of variant circle, variable n, has type i32, expected f32\n"},
		{"construct r2 " + q + " circle gone", "%%% FAILURE\nUnknown variable: gone\n"},
		{"construct r " + q + " circle a", "%%% FAILURE\nVariable already exists: r\n"},
		{"construct r2 f32 circle a", "%%% FAILURE\ntype f32 is not a sum type\n"},
		{"construct p " + q + " #poly xs", ""},
		{"call shape_id p2 p", "runtime: T\n"},
		{"variant p2", "poly\n"},
		{"destruct p2 ys", ""},
		{"type ys", "[]f32\n"},
		{"call shape_id r2 r", "runtime: T\n"},
		{"destruct r2 x y", ""},
		{"destruct r2 x2", "%%% FAILURE\ndestruct r2: it holds variant rect, with 2 values, got 1 variables\n"},
		{"destruct r2 x y", "%%% FAILURE\nVariable already exists: x\n"},
		{"destruct xs x2", "%%% FAILURE\nvariable xs has type []f32, which is not a sum type\n"},
		{"variant xs", "%%% FAILURE\nvariable xs has type []f32, which is not a sum type\n"},
		{"store " + out + " x y ys r", ""},
		{"free r", ""},
		{"variant r", "%%% FAILURE\nUnknown variable: r\n"},
		{`zip z "[](i32, f32)" is xs`, ""},
		{`zip z2 "[](i32, f32)" xs is`, "%%% FAILURE\nzip z2: field 0, variable xs, has type []f32, expected []i32\n"},
		{`zip z2 "[](i32, f32)" is`, "%%% FAILURE\nzip z2: the elements of type [](i32, f32) have 2 fields, got 1 variables\n"},
		{`zip z2 "(i32, f32)" is xs`, "%%% FAILURE\ntype (i32, f32) is not an array type\n"},
		{`zip z2 "[]f32" xs`, "%%% FAILURE\ntype []f32 is not an array of records or tuples\n"},
		{"shape z", "3\n"},
		{"call pairs_id z2 z", "runtime: T\n"},
		{"index e z2 1", ""},
		{"type e", "(i32, f32)\n"},
		{"index e2 z2 3", "%%% FAILURE\nindex [3] out of bounds for variable z2 of shape [3]\n"},
		{"project e0 e 0", ""},
		{`new e3 "(i32, f32)" n a`, ""},
		{"set z2 e3 0", ""},
		{"set z2 e3 5", "%%% FAILURE\nindex [5] out of bounds for variable z2 of shape [3]\n"},
		{"set z2 n 0", "%%% FAILURE\nset z2: variable n has type i32, expected (i32, f32)\n"},
		{"set xs a 2", ""},
		{"set xs a", "%%% FAILURE\nvariable xs has rank 1: 1 indices are needed, got 0\n"},
		{"set n a 0", "%%% FAILURE\nvariable n has type i32, which is not an array type\n"},
		{"unzip z2 u1 u2", ""},
		{"unzip z2 u3", "%%% FAILURE\nunzip z2: its elements have 2 fields, got 1 variables\n"},
		{"unzip xs u3", "%%% FAILURE\nvariable xs has type []f32, which is not an array of records or tuples\n"},
		{"type u2", "[]f32\n"},
		{`new_array pa "[](i32, f32)" 2 e3 e`, ""},
		{`new_array pa2 "[](i32, f32)" 1 n`, "%%% FAILURE\nnew_array pa2: element 1, variable n, has type i32, expected (i32, f32)\n"},
		{"unzip pa w1 w2", ""},
		{"store " + out4 + " w1 w2", ""},
		// z shares is and xs with z2 (pairs_id returns its argument) and
		// with the variables: set copied z2's arrays first, so z's
		// elements are the original ones but for xs[2], set in xs itself
		// after z was zipped (z and xs share xs's array).
		{"unzip z v1 v2", ""},
		{"store " + out2 + " u1 u2 e0", ""},
		{"store " + out3 + " v1 v2 xs", ""},
	}
	cmds := make([]string, len(tests))
	for i, tc := range tests {
		cmds[i] = tc.cmd
	}
	got := serveSession(t, c, sumProgram, dir, cmds...)
	for i, tc := range tests {
		if got[i] != tc.want {
			t.Errorf("%s:\n got %q\nwant %q", tc.cmd, got[i], tc.want)
		}
	}
	// store writes a sum value as its components: tag 2 (rect), then
	// the slots: rect's first f32, the unused []f32 (empty), rect's
	// second f32.
	if s := readData(t, out); s != "2.0f32\n5.0f32\n[1.0f32, 2.0f32, 3.0f32]\n2u8\n2.0f32\nempty([0]f32)\n5.0f32\n" {
		t.Errorf("stored destructed and sum values: %q", s)
	}
	if s := readData(t, out2); s != "[-1i32, 8i32, 9i32]\n[2.0f32, 2.0f32, 3.0f32]\n8i32\n" {
		t.Errorf("stored unzipped arrays: %q", s)
	}
	if s := readData(t, out3); s != "[7i32, 8i32, 9i32]\n[1.0f32, 2.0f32, 3.0f32]\n[1.0f32, 2.0f32, 2.0f32]\n" {
		t.Errorf("stored arrays after set: %q", s)
	}
	if s := readData(t, out4); s != "[-1i32, 8i32]\n[2.0f32, 2.0f32]\n" {
		t.Errorf("stored new_array of tuples: %q", s)
	}
	if cur, _ := c.MemoryUsage(); cur != 0 {
		t.Errorf("%d bytes of device memory still in use after the session", cur)
	}
}

// TestServerReport checks report's JSON (Futhark's profiling report):
// with -P each call's kernel launches are events, named by kernel, their
// provenance the entry point; a call while profiling is paused adds
// none; a report forgets the events it printed.
func TestServerReport(t *testing.T) {
	needOpenCL(t)
	opts := DefaultOptions()
	opts.Profile = true
	c, err := NewContext(testKernels, opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	// twice launches double_f32 twice in one call: two events.
	prog := *serverProgram
	prog.Entries = append([]EntryPoint{{Name: "twice", Params: []TypeDesc{f32arr}, Results: []TypeDesc{f32arr},
		Run: func(c *Context, args []any) ([]any, error) {
			r, err := entryDouble(c, args)
			if err != nil {
				return nil, err
			}
			return entryDouble(c, r)
		}}}, serverProgram.Entries...)
	dir := t.TempDir()
	xs := writeData(t, dir, "xs", values.Value{Type: values.F32, Shape: []int64{3}, Data: []float32{1, 2, 3}})
	got := serveSession(t, c, &prog, dir,
		"restore "+xs+" xs []f32",
		"call main ys xs",
		"call twice s ys",
		"pause_profiling",
		"call main ys2 xs",
		"unpause_profiling",
		"call main ys3 xs",
		"report",
		"report",
		"clear",
		"report")
	type report struct {
		Events []struct {
			Name, Provenance string
			Duration         float64
			Details          map[string]int
		}
		Memory map[string]int64
	}
	parse := func(text string) report {
		t.Helper()
		var r report
		if strings.Count(text, "\n") != 1 {
			t.Fatalf("report is not one line: %q", text)
		}
		if err := json.Unmarshal([]byte(text), &r); err != nil {
			t.Fatalf("report %q: %v", text, err)
		}
		return r
	}
	// One event per launch, in launch order; the call made while
	// profiling was paused has none.
	r := parse(got[7])
	var seen []string
	for _, e := range r.Events {
		seen = append(seen, fmt.Sprintf("%s/%s/%d", e.Provenance, e.Name, e.Details["launches"]))
		if e.Duration < 0 {
			t.Errorf("event %+v has a negative duration", e)
		}
	}
	if s := strings.Join(seen, " "); s != "main/double_f32/1 twice/double_f32/1 twice/double_f32/1 main/double_f32/1" {
		t.Errorf("events %s (from %s)", s, got[7])
	}
	if r.Memory["device"] < 3*4 {
		t.Errorf("memory %v, want the peak device memory (at least 12 bytes)", r.Memory)
	}
	for _, i := range []int{8, 10} {
		if r := parse(got[i]); len(r.Events) != 0 {
			t.Errorf("report %d: events %+v, want none", i, r.Events)
		}
	}
	if !strings.Contains(got[8], `"events":[]`) {
		t.Errorf("an empty report's events are not []: %s", got[8])
	}
	// -P's summary is computed from the same launches (after clear),
	// reported or not, the paused call's left out.
	serveSession(t, c, &prog, dir,
		"restore "+xs+" xs []f32",
		"call twice a xs",
		"report",
		"call main b xs",
		"pause_profiling",
		"call main d xs",
		"unpause_profiling")
	var prof bytes.Buffer
	c.WriteProfile(&prof)
	if want := regexp.MustCompile(`(?m)^double_f32 +3 `); !want.MatchString(prof.String()) {
		t.Errorf("-P summary does not count 3 launches of double_f32:\n%s", prof.String())
	}
}

// TestServerInitFailure checks the protocol's rule that a server whose
// initialisation fails ends, without its "%%% OK" greeting, with the
// message on stderr.
func TestServerInitFailure(t *testing.T) {
	needOpenCL(t)
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--server", "--tuning", filepath.Join(dir, "missing.tuning")}, "reading tuning file"},
		{[]string{"--server", "--load-opencl", filepath.Join(dir, "missing.cl")}, "--load-opencl"},
	} {
		r := runProg(serverProgram, "entry_points\n", tc.args...)
		expectError(t, r, 1, tc.msg)
	}
}
