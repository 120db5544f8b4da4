package script

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/exe"
	"github.com/fcclang/fcc/runtime/values"
)

// The test program's entry points compute on the host through the
// context's uploads and downloads, so that the evaluator is tested
// against the real server without compiling a program.
func hostEntry(f func(args []values.Value) []values.Value) func(c *exe.Context, args []any) ([]any, error) {
	return func(c *exe.Context, args []any) ([]any, error) {
		in := make([]values.Value, len(args))
		for i, a := range args {
			if d, ok := a.(*exe.DeviceArray); ok {
				v, err := c.Download(d)
				if err != nil {
					return nil, err
				}
				in[i] = v
			} else {
				in[i] = values.Scalar(a)
			}
		}
		var out []any
		for _, v := range f(in) {
			if v.Rank() == 0 {
				out = append(out, reflectScalar(v))
				continue
			}
			d, err := c.Upload(v)
			if err != nil {
				return nil, err
			}
			out = append(out, d)
		}
		return out, nil
	}
}

func reflectScalar(v values.Value) any {
	switch d := v.Data.(type) {
	case []int32:
		return d[0]
	case []int64:
		return d[0]
	case []float32:
		return d[0]
	case []float64:
		return d[0]
	case []bool:
		return d[0]
	}
	panic(fmt.Sprintf("scalar %T", v.Data))
}

var (
	i32    = exe.TypeDesc{Elem: values.I32}
	i64    = exe.TypeDesc{Elem: values.I64}
	f64    = exe.TypeDesc{Elem: values.F64}
	i64arr = exe.TypeDesc{Elem: values.I64, Rank: 1}
	f32arr = exe.TypeDesc{Elem: values.F32, Rank: 1}
	u8arr  = exe.TypeDesc{Elem: values.U8, Rank: 1}
)

var testProgram = &exe.Program{
	Name:   "prog",
	OpenCL: "__kernel void nop(void) {}",
	Entries: []exe.EntryPoint{
		{Name: "add", Params: []exe.TypeDesc{i32, i32}, Results: []exe.TypeDesc{i32}, Run: hostEntry(func(a []values.Value) []values.Value {
			return []values.Value{values.Scalar(a[0].Data.([]int32)[0] + a[1].Data.([]int32)[0])}
		})},
		{Name: "iota", Params: []exe.TypeDesc{i64}, Results: []exe.TypeDesc{i64arr}, Run: hostEntry(func(a []values.Value) []values.Value {
			n := a[0].Data.([]int64)[0]
			xs := make([]int64, n)
			for i := range xs {
				xs[i] = int64(i)
			}
			return []values.Value{{Type: values.I64, Shape: []int64{n}, Data: xs}}
		})},
		{Name: "sum", Params: []exe.TypeDesc{i64arr}, Results: []exe.TypeDesc{i64}, Run: hostEntry(func(a []values.Value) []values.Value {
			s := int64(0)
			for _, x := range a[0].Data.([]int64) {
				s += x
			}
			return []values.Value{values.Scalar(s)}
		})},
		{Name: "len32", Params: []exe.TypeDesc{f32arr}, Results: []exe.TypeDesc{i64}, Run: hostEntry(func(a []values.Value) []values.Value {
			return []values.Value{values.Scalar(a[0].Shape[0])}
		})},
		{Name: "bytesum", Params: []exe.TypeDesc{u8arr}, Results: []exe.TypeDesc{i64}, Run: hostEntry(func(a []values.Value) []values.Value {
			s := int64(0)
			for _, x := range a[0].Data.([]uint8) {
				s += int64(x)
			}
			return []values.Value{values.Scalar(s)}
		})},
		{Name: "divmod", Params: []exe.TypeDesc{i32, i32}, Results: []exe.TypeDesc{i32, i32}, Run: hostEntry(func(a []values.Value) []values.Value {
			x, y := a[0].Data.([]int32)[0], a[1].Data.([]int32)[0]
			return []values.Value{values.Scalar(x / y), values.Scalar(x % y)}
		})},
		// mk makes a record {a: i32, b: []i64}; geta reads its field a.
		{Name: "mk", Params: []exe.TypeDesc{i32, i64}, Results: []exe.TypeDesc{i32, i64arr}, Run: hostEntry(func(a []values.Value) []values.Value {
			n := a[1].Data.([]int64)[0]
			return []values.Value{a[0], {Type: values.I64, Shape: []int64{n}, Data: make([]int64, n)}}
		}), ParamValues: []exe.ExtValue{{N: 1}, {N: 1}}, ResultValues: []exe.ExtValue{{Opaque: "{a: i32, b: []i64}", N: 2}}},
		{Name: "geta", Params: []exe.TypeDesc{i32, i64arr}, Results: []exe.TypeDesc{i32}, Run: hostEntry(func(a []values.Value) []values.Value {
			return []values.Value{a[0]}
		}), ParamValues: []exe.ExtValue{{Opaque: "{a: i32, b: []i64}", N: 2}}, ResultValues: []exe.ExtValue{{N: 1}}},
		{Name: "fst", Params: []exe.TypeDesc{i32, f64}, Results: []exe.TypeDesc{i32}, Run: hostEntry(func(a []values.Value) []values.Value {
			return []values.Value{a[0]}
		}), ParamValues: []exe.ExtValue{{Opaque: "(i32, f64)", N: 2}}, ResultValues: []exe.ExtValue{{N: 1}}},
	},
}

// newTestEvaluator serves testProgram in this process and connects an
// evaluator to it.
func newTestEvaluator(t *testing.T) *Evaluator {
	t.Helper()
	devs, err := exe.ListDevices()
	if err != nil || len(devs) == 0 {
		t.Skipf("no OpenCL device (err=%v)", err)
	}
	c, err := exe.NewContext(testProgram.OpenCL, exe.DefaultOptions(), nil)
	if err != nil {
		t.Fatal(err)
	}
	cmdR, cmdW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- exe.Serve(testProgram, c, cmdR, outW)
		outW.Close()
	}()
	client, err := NewClient(cmdW, outR)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := NewEvaluator(client, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := ev.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
		cmdW.Close()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
		if cur, _ := c.MemoryUsage(); cur != 0 {
			t.Errorf("%d bytes of device memory still in use", cur)
		}
		c.Close()
	})
	return ev
}

func writeFile(t *testing.T, dir, name string, data []byte) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func binaryData(vs ...values.Value) []byte {
	var b bytes.Buffer
	for _, v := range vs {
		values.WriteBinary(&b, v)
	}
	return b.Bytes()
}

func TestEval(t *testing.T) {
	ev := newTestEvaluator(t)
	dir := ev.Dir
	writeFile(t, dir, "two.in", []byte("3i32 4i32"))
	writeFile(t, dir, "xs.in", binaryData(values.Value{Type: values.I64, Shape: []int64{3}, Data: []int64{5, 6, 7}}))
	writeFile(t, dir, "bytes", []byte{1, 2, 250})
	writeFile(t, dir, "img.png", pngImage(t))
	writeFile(t, dir, "a.wav", wav16([]int16{0, 16384, -32768, 8192}, 2))
	for _, tc := range []struct{ src, want string }{
		{"add 1 2", "3i32"},
		{"add (add 1 2) 3", "6i32"},
		{"sum (iota 5)", "10i64"},
		{"sum [1, 2, 3]", "6i64"},
		{"len32 [1, 2, 3]", "3i64"},
		{"len32 empty([0]f32)", "0i64"},
		{"iota 3", "[0i64, 1i64, 2i64]"},
		{"divmod 7 2", "(3i32, 1i32)"},
		{"add (divmod 7 2)", "4i32"},
		{"let (q, r) = divmod 17 5 in add q r", "5i32"},
		{"let x = add 1 1 in add x x", "4i32"},
		{"(add 1 1, 2.5f32, true)", "(2i32, 2.5f32, true)"},
		{"{b = 1, a = [true]}", "{a = [true], b = 1i32}"},
		{"()", "()"},
		{"[add 1 1, add 2 2]", "[2i32, 4i32]"},
		{"[iota 2, iota 2]", "[[0i64, 1i64], [0i64, 1i64]]"},
		{"mk 7 2", "{a = 7i32, b = [0i64, 0i64]}"},
		{"geta (mk 7 2)", "7i32"},
		{"geta {a = 9, b = iota 2}", "9i32"},
		{"fst (4, 2.5)", "4i32"},
		{`add ($loaddata "two.in")`, "7i32"},
		{`let (a, b) = $loaddata "two.in" in add b a`, "7i32"},
		{`sum ($loaddata "xs.in")`, "18i64"},
		{`bytesum ($loadbytes "bytes")`, "253i64"},
		{`sum ($restore "[]i64" "xs.in")`, "18i64"},
		{`$loadimg "img.png"`, "[[4278190335u32, 2164195328u32]]"},
		{`$loadaudio "a.wav"`, "[[0.0f64, -1.0f64], [0.5f64, 0.25f64]]"},
		{`let u = $store "out" (iota 3) in sum ($loaddata "out")`, "3i64"},
	} {
		e, err := Parse(tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		v, err := ev.Eval(e)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		got, err := ev.Text(v)
		if err != nil {
			t.Errorf("%s: Text: %v", tc.src, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%s = %s, want %s", tc.src, got, tc.want)
		}
	}
}

func TestEvalErrors(t *testing.T) {
	ev := newTestEvaluator(t)
	writeFile(t, ev.Dir, "bad.in", []byte("[1, 2"))
	writeFile(t, ev.Dir, "empty.in", nil)
	for _, tc := range []struct{ src, want string }{
		{"nope 1", "1:1: unknown name nope: not a variable nor an entry point of the program (entry points: add, iota, sum"},
		{"add 1", "1:1: entry point add takes 2 argument(s) (i32, i32), but is given 1"},
		{"add 1 2 3", "1:1: entry point add takes 2 argument(s) (i32, i32), but is given 3"},
		{"add 1 2.5", "1:7: argument 2 of add has type f64, but i32 is expected"},
		{"add 1 true", "1:7: argument 2 of add has type bool, but i32 is expected"},
		{"sum [[1]]", "1:5: argument 1 of sum has type [][]i32, but []i64 is expected"},
		{"sum (iota 2, 3)", "1:5: argument 1 of sum is a tuple of 2 values, but a value of type []i64 is expected"},
		{"add (iota 2) 1", "1:6: argument 1 of add has type []i64, but i32 is expected"},
		{"geta (mk 1 1, 2)", "1:6: argument 1 of geta is a tuple of 2 values, but a value of type {a: i32, b: []i64} is expected"},
		{"geta {a = 1}", "1:6: argument 1 of geta is a record with fields a, but a value of type {a: i32, b: []i64} is expected"},
		{"geta {a = 1, c = 2}", "1:6: argument 1 of geta lacks field b"},
		{"geta {a = 1.5, b = iota 1}", "1:6: field a of argument 1 of geta has type f64, but i32 is expected"},
		{"fst (1, 2, 3)", "1:5: argument 1 of fst is a tuple of 3 values"},
		{"[add 1 1, iota 1]", "1:11: element 2 of the array is a [1]i64, but element 1 is a i32"},
		{"[mk 1 1, mk 1 1]", "1:2: the value is of the opaque type {a: i32, b: []i64}"},
		{`"str"`, "1:1: a string can only be the argument of a builtin"},
		{`$loaddata "missing.in"`, "1:1: $loaddata: open "},
		{`$loaddata "bad.in"`, "1:1: $loaddata bad.in: "},
		{`$loaddata "empty.in"`, "1:1: $loaddata: empty.in holds no values"},
		{`$loaddata 1`, `1:11: argument 1 of $loaddata must be a string: $loaddata "file"`},
		{`$loaddata "a" "b"`, `1:1: $loaddata takes 1 argument(s)`},
		{`$loadbytes "missing"`, "1:1: $loadbytes: open "},
		{`$restore "[]i64" "missing"`, "1:1: $restore: cannot open "},
		{`$restore "frob" "bad.in"`, "1:1: $restore: restore "},
		{`$loadimg "bad.in"`, "1:1: $loadimg: "},
		{`$loadaudio "bad.in"`, "1:1: $loadaudio: "},
		{`$frob 1`, "1:1: unknown builtin $frob"},
		{"let (a, b) = add 1 2 in a", "1:1: the pattern (a, b) needs a tuple of 2 values, but the bound expression is a value of type i32"},
		{"let x = 1 in y", "1:14: unknown name y"},
	} {
		e, err := Parse(tc.src)
		if err != nil {
			t.Errorf("%s: %v", tc.src, err)
			continue
		}
		v, err := ev.Eval(e)
		if err == nil {
			_, err = ev.Values(v, e.At())
		}
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.src, err, tc.want)
		}
	}
	// Only the allowed builtins, in a test's script input.
	ev.Builtins = []string{"loaddata", "loadbytes"}
	e, _ := Parse(`$loadimg "x.png"`)
	if _, err := ev.Eval(e); err == nil || !strings.Contains(err.Error(), "builtin $loadimg cannot be used here (only $loaddata, $loadbytes)") {
		t.Errorf("restricted builtin: %v", err)
	}
}

// TestValues checks what a script input gives a test: a tuple's
// components, each transparent.
func TestValues(t *testing.T) {
	ev := newTestEvaluator(t)
	e, _ := Parse("(iota 2, add 1 1)")
	v, err := ev.Eval(e)
	if err != nil {
		t.Fatal(err)
	}
	vs, err := ev.Values(v, e.At())
	if err != nil || len(vs) != 2 || vs[0].String() != "[0i64, 1i64]" || vs[1].String() != "2i32" {
		t.Fatalf("Values = %v, %v", vs, err)
	}
}

func pngImage(t *testing.T) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 1))
	img.Set(0, 0, color.NRGBA{0, 0, 255, 255})
	img.Set(1, 0, color.NRGBA{255, 0, 0, 128})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// wav16 makes a 16-bit PCM WAVE file of interleaved samples.
func wav16(samples []int16, channels int) []byte {
	var data bytes.Buffer
	for _, s := range samples {
		binary.Write(&data, binary.LittleEndian, s)
	}
	var b bytes.Buffer
	b.WriteString("RIFF")
	binary.Write(&b, binary.LittleEndian, uint32(36+data.Len()))
	b.WriteString("WAVEfmt ")
	binary.Write(&b, binary.LittleEndian, uint32(16))
	binary.Write(&b, binary.LittleEndian, uint16(1))
	binary.Write(&b, binary.LittleEndian, uint16(channels))
	binary.Write(&b, binary.LittleEndian, uint32(44100))
	binary.Write(&b, binary.LittleEndian, uint32(44100*2*channels))
	binary.Write(&b, binary.LittleEndian, uint16(2*channels))
	binary.Write(&b, binary.LittleEndian, uint16(16))
	b.WriteString("data")
	binary.Write(&b, binary.LittleEndian, uint32(data.Len()))
	b.Write(data.Bytes())
	return b.Bytes()
}

func TestDecodeWAV(t *testing.T) {
	v, err := decodeWAV(wav16([]int16{16384, -16384, 32767}, 1))
	if err != nil || v.Shape[0] != 1 || v.Shape[1] != 3 || v.Data.([]float64)[1] != -0.5 || math.Abs(v.Data.([]float64)[2]-1) > 1e-4 {
		t.Fatalf("decodeWAV = %v, %v", v, err)
	}
	for _, bad := range [][]byte{nil, []byte("RIFF0000WAVX"), []byte("RIFF\x00\x00\x00\x00WAVEdata\xff\x00\x00\x00")} {
		if _, err := decodeWAV(bad); err == nil {
			t.Errorf("decodeWAV(%q) succeeded", bad)
		}
	}
}

// TestArgs checks a script input's values as an entry point's arguments.
func TestArgs(t *testing.T) {
	ev := newTestEvaluator(t)
	for _, tc := range []struct{ src, entry, want string }{
		{"(iota 2, 3)", "mk", "error: 1:1: argument 1 of mk is a value of type []i64, but i32 is expected"},
		{"(7, 3)", "mk", "7i32 3i64"},
		{"[1, 2]", "sum", "[1i64, 2i64]"},
		{"(1, 2)", "sum", "error: 1:1: argument 1 of sum is a tuple of 2 values, but []i64 is expected"},
		{"1", "add", "error: 1:1: the value is a value of type i32, but entry point add takes 2 argument(s) (i32, i32)"},
		{"divmod 7 2", "add", "3i32 1i32"},
		{"mk 1 1", "geta", "error: 1:1: argument 1 of geta has the opaque type {a: i32, b: []i64}, which a test cannot pass"},
		{"1", "nope", "error: 1:1: no entry point nope"},
	} {
		e, err := Parse(tc.src)
		if err != nil {
			t.Fatal(err)
		}
		v, err := ev.Eval(e)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		vs, err := ev.Args(v, tc.entry, e.At())
		got := ""
		if err != nil {
			got = "error: " + err.Error()
		} else {
			parts := make([]string, len(vs))
			for i, x := range vs {
				parts[i] = x.String()
			}
			got = strings.Join(parts, " ")
		}
		if !strings.HasPrefix(got, tc.want) {
			t.Errorf("Args(%s, %s) = %s, want %s", tc.src, tc.entry, got, tc.want)
		}
	}
}

// TestLoadAudioFFmpeg checks that audio other than WAVE goes through
// ffmpeg (here a stand-in on PATH that writes a known WAVE file where
// ffmpeg is told to), and the message where ffmpeg is missing.
func TestLoadAudioFFmpeg(t *testing.T) {
	dir := t.TempDir()
	song := filepath.Join(dir, "song.mp3")
	writeFile(t, dir, "song.mp3", []byte("ID3 not a wave file"))
	writeFile(t, dir, "known.wav", wav16([]int16{16384, -16384}, 1))

	system := os.Getenv("PATH")
	t.Setenv("PATH", t.TempDir()) // no ffmpeg
	if _, err := loadAudio(song); err == nil || !strings.Contains(err.Error(), "ffmpeg, which is not installed") {
		t.Errorf("without ffmpeg: %v", err)
	}

	bin := t.TempDir()
	log := filepath.Join(dir, "args")
	fake := "#!/bin/sh\necho \"$@\" > '" + log + "'\nfor a; do out=$a; done\ncp '" + filepath.Join(dir, "known.wav") + "' \"$out\"\n"
	if err := os.WriteFile(filepath.Join(bin, "ffmpeg"), []byte(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin+string(os.PathListSeparator)+system) // the stand-in first
	v, err := loadAudio(song)
	if err != nil || len(v.Shape) != 2 || v.Shape[0] != 1 || v.Shape[1] != 2 || v.Data.([]float64)[1] != -0.5 {
		t.Fatalf("through ffmpeg: %v, %v", v, err)
	}
	args, _ := os.ReadFile(log)
	if !strings.Contains(string(args), "-i "+song+" -c:a pcm_f64le ") {
		t.Errorf("ffmpeg called with %q", args)
	}

	// A failing ffmpeg: its message is passed on.
	os.WriteFile(filepath.Join(bin, "ffmpeg"), []byte("#!/bin/sh\necho 'Invalid data found' >&2\nexit 1\n"), 0o755)
	if _, err := loadAudio(song); err == nil || !strings.Contains(err.Error(), "Invalid data found") {
		t.Errorf("failing ffmpeg: %v", err)
	}
}
