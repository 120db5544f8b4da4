package literate

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image/gif"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
)

const program = `-- # Heat
--
-- Some text.

def main (n: i64) = iota n

-- > main 3i64

-- > :img grid;
-- file: grid.png

-- A paragraph.
def x = 1

-- > :brief :plot2d curves;
-- size: (200,300)

-- > :covert :video frames;
-- format: gif
-- fps: 10
`

func TestParse(t *testing.T) {
	blocks, err := Parse("p.fut", program)
	if err != nil {
		t.Fatal(err)
	}
	var kinds []BlockKind
	for _, b := range blocks {
		kinds = append(kinds, b.Kind)
	}
	want := []BlockKind{TextBlock, CodeBlock, DirectiveBlock, DirectiveBlock, TextBlock, CodeBlock, DirectiveBlock, DirectiveBlock}
	if len(kinds) != len(want) {
		t.Fatalf("kinds %v, want %v", kinds, want)
	}
	for i := range want {
		if kinds[i] != want[i] {
			t.Fatalf("kinds %v, want %v", kinds, want)
		}
	}
	if got := strings.Join(blocks[0].Lines, "|"); got != "# Heat||Some text." {
		t.Errorf("text %q", got)
	}
	d := blocks[2].Dir
	if d.Name != "" || d.Expr != "main 3i64" || d.Line != 7 {
		t.Errorf("plain directive %+v", d)
	}
	d = blocks[3].Dir
	if p, ok := d.Param("file"); d.Name != "img" || d.Expr != "grid" || !ok || p.Value != "grid.png" || p.Line != 10 {
		t.Errorf("img directive %+v", d)
	}
	d = blocks[6].Dir
	if p, _ := d.Param("size"); !d.Brief || d.Name != "plot2d" || p.Value != "(200,300)" || d.shown() != ":plot2d curves" {
		t.Errorf("brief directive %+v, shown %q", d, d.shown())
	}
	d = blocks[7].Dir
	if !d.Covert || d.Name != "video" || len(d.Params) != 2 {
		t.Errorf("covert directive %+v", d)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct{ src, msg string }{
		{"\n-- > :picture x\n", "p.fut:2: unknown directive :picture"},
		{"\n-- > :img\n", "p.fut:2: the directive has no expression"},
		{"\n-- > :gnuplot x\n", "p.fut:2: :gnuplot needs a script"},
		{"\n-- > :img x;\n-- file grid.png\n", "p.fut:3: a directive parameter is written key: value"},
		{"\n-- > :brief > x\n", "must not start with another >"},
	}
	for _, tc := range tests {
		_, err := Parse("p.fut", tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%q: error %v, want %q", tc.src, err, tc.msg)
		}
	}
	// A "-- >" line that does not follow an empty line is ordinary text.
	blocks, err := Parse("p.fut", "-- text\n-- > not a directive\n")
	if err != nil || len(blocks) != 1 || blocks[0].Kind != TextBlock {
		t.Errorf("got %+v, %v", blocks, err)
	}
}

func arr(t values.PrimType, shape []int64, data any) Value {
	return Value{Prim: &values.Value{Type: t, Shape: shape, Data: data}}
}

func tuple(vs ...Value) Value {
	v := Value{}
	for i, x := range vs {
		v.Fields = append(v.Fields, Field{Name: string(rune('0' + i)), Value: x})
	}
	return v
}

// fakeEval answers expressions from a table.
type fakeEval map[string]Value

func (f fakeEval) Eval(expr string) (Value, error) {
	v, ok := f[expr]
	if !ok {
		return Value{}, errors.New("unknown entry point: " + expr)
	}
	return v, nil
}

func TestRender(t *testing.T) {
	blocks, err := Parse("p.fut", program)
	if err != nil {
		t.Fatal(err)
	}
	xs := arr(values.F64, []int64{3}, []float64{0, 1, 2})
	ev := fakeEval{
		"main 3i64": arr(values.I64, []int64{3}, []int64{0, 1, 2}),
		"grid":      arr(values.U32, []int64{2, 3}, []uint32{0xFF0000, 0x00FF00, 0x0000FF, 0, 0xFFFFFF, 0x808080}),
		"curves":    {Fields: []Field{{"sin", tuple(xs, xs)}, {"cos", tuple(xs, arr(values.F32, []int64{3}, []float32{1, 0, -1}))}}},
		"frames":    arr(values.F32, []int64{2, 4, 4}, make([]float32, 32)),
	}
	dir := t.TempDir()
	md, err := Render(blocks, ev, Options{ImgDir: dir, ImgRef: "p-img", File: "p.fut", LookPath: exec.LookPath})
	if err != nil {
		t.Fatalf("%v\n%s", err, md)
	}
	for _, want := range []string{
		"# Heat\n\nSome text.\n",
		"```futhark\ndef main (n: i64) = iota n\n```\n",
		"```\n> main 3i64\n```\n\n```\n[0i64, 1i64, 2i64]\n```\n",
		"```\n> :img grid;\nfile: grid.png\n```\n\n![](p-img/grid.png)\n",
		"```\n> :plot2d curves\n```\n\n![](p-img/",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	if strings.Contains(md, "frames") {
		t.Errorf(":covert directive shown:\n%s", md)
	}
	f, err := os.Open(filepath.Join(dir, "grid.png"))
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(f)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	if r, g, b, _ := img.At(0, 0).RGBA(); r>>8 != 255 || g != 0 || b != 0 || img.Bounds().Dx() != 3 || img.Bounds().Dy() != 2 {
		t.Errorf("pixel (0,0) = %v %v %v, bounds %v", r, g, b, img.Bounds())
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	var pngs, gifs int
	for _, file := range files {
		data, _ := os.ReadFile(file)
		switch filepath.Ext(file) {
		case ".png":
			if _, err := png.Decode(bytes.NewReader(data)); err != nil {
				t.Errorf("%s: %v", file, err)
			}
			pngs++
		case ".gif":
			g, err := gif.DecodeAll(bytes.NewReader(data))
			if err != nil || len(g.Image) != 2 || g.Delay[0] != 10 {
				t.Errorf("%s: %v", file, err)
			}
			gifs++
		}
	}
	if pngs != 2 || gifs != 1 {
		t.Errorf("files %v", files)
	}
}

func TestRenderErrors(t *testing.T) {
	src := "\n-- > missing 1\n\n-- > :img bad\n\n-- > :plot2d three\n\n-- > :img ok;\n-- file: a/b.png\n"
	blocks, err := Parse("p.fut", src)
	if err != nil {
		t.Fatal(err)
	}
	one := arr(values.F32, []int64{2}, []float32{1, 2})
	ev := fakeEval{"bad": one, "three": tuple(one, one, one), "ok": arr(values.U8, []int64{1, 1}, []uint8{7})}
	md, err := Render(blocks, ev, Options{ImgDir: t.TempDir(), ImgRef: "p-img", File: "p.fut", LookPath: exec.LookPath})
	if err != ErrDirectivesFailed {
		t.Fatalf("error %v", err)
	}
	for _, want := range []string{
		"**FAILED**\n```\np.fut:2: unknown entry point: missing",
		"p.fut:4: an image must be a two-dimensional array, not []f32",
		"p.fut:6: :plot2d: the value must be a pair of arrays (x and y values), not 3 arrays",
		"p.fut:8: line 9: file: \"a/b.png\" must be a plain file name",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	_, err = Render(blocks, ev, Options{ImgDir: t.TempDir(), File: "p.fut", StopOnError: true, LookPath: exec.LookPath})
	if err == nil || !strings.Contains(err.Error(), "p.fut:2: unknown entry point") {
		t.Errorf("StopOnError: %v", err)
	}
}

func TestMissingPrograms(t *testing.T) {
	none := func(string) (string, error) { return "", exec.ErrNotFound }
	rec := Value{Fields: []Field{{"d", tuple(arr(values.I32, []int64{1}, []int32{1}))}}}
	d := &Directive{Name: "gnuplot", Script: []string{"plot d"}}
	if err := gnuplot(filepath.Join(t.TempDir(), "x.png"), d, rec, none); err == nil || !strings.Contains(err.Error(), "apt-get install gnuplot-nox") {
		t.Errorf("gnuplot: %v", err)
	}
	d = &Directive{Name: "video"}
	frames := arr(values.Bool, []int64{1, 1, 1}, []bool{true})
	if err := video(filepath.Join(t.TempDir(), "x.webm"), "webm", d, frames, none); err == nil || !strings.Contains(err.Error(), "needs the program ffmpeg") {
		t.Errorf("video: %v", err)
	}
	d = &Directive{Name: "audio"}
	if err := audio(filepath.Join(t.TempDir(), "x.mp3"), "mp3", d, arr(values.I8, []int64{1}, []int8{1}), none); err == nil || !strings.Contains(err.Error(), "needs the program ffmpeg") {
		t.Errorf("audio: %v", err)
	}
}

func TestGnuplot(t *testing.T) {
	if _, err := exec.LookPath("gnuplot"); err != nil {
		t.Skip("gnuplot is not installed")
	}
	xs := arr(values.I64, []int64{3}, []int64{1, 2, 3})
	rec := Value{Fields: []Field{{"data", tuple(xs, xs)}}}
	d := &Directive{Name: "gnuplot", Script: []string{"plot data using 1:2 with lines"}}
	path := filepath.Join(t.TempDir(), "g.png")
	if err := gnuplot(path, d, rec, exec.LookPath); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Error(err)
	}
}

func TestEncodeWAV(t *testing.T) {
	tests := []struct {
		v                   values.Value
		channels, bits, fmt int
		firstSample         []byte
	}{
		{values.Value{Type: values.I8, Shape: []int64{3}, Data: []int8{-128, 0, 127}}, 1, 8, 1, []byte{0}},
		{values.Value{Type: values.U16, Shape: []int64{2}, Data: []uint16{0, 65535}}, 1, 16, 1, []byte{0x00, 0x80}},
		{values.Value{Type: values.F32, Shape: []int64{2, 2}, Data: []float32{0.5, 0.25, -0.5, -0.25}}, 2, 32, 3, []byte{0, 0, 0, 0x3f}},
	}
	for _, tc := range tests {
		wav, err := encodeWAV(tc.v, 8000)
		if err != nil {
			t.Fatal(err)
		}
		if string(wav[:4]) != "RIFF" || string(wav[8:16]) != "WAVEfmt " {
			t.Fatalf("header %q", wav[:16])
		}
		format := binary.LittleEndian.Uint16(wav[20:])
		channels := binary.LittleEndian.Uint16(wav[22:])
		rate := binary.LittleEndian.Uint32(wav[24:])
		bits := binary.LittleEndian.Uint16(wav[34:])
		size := binary.LittleEndian.Uint32(wav[40:])
		if int(format) != tc.fmt || int(channels) != tc.channels || rate != 8000 || int(bits) != tc.bits || int(size) != len(wav)-44 {
			t.Errorf("%v: format %d channels %d rate %d bits %d size %d", tc.v.Type, format, channels, rate, bits, size)
		}
		if !bytes.Equal(wav[44:44+len(tc.firstSample)], tc.firstSample) {
			t.Errorf("%v: first sample % x, want % x", tc.v.Type, wav[44:44+len(tc.firstSample)], tc.firstSample)
		}
	}
	// Two channels are interleaved: left 0.5, right -0.5, then 0.25, -0.25.
	wav, _ := encodeWAV(tests[2].v, 8000)
	if got := binary.LittleEndian.Uint32(wav[48:]); got != 0xbf000000 {
		t.Errorf("second sample %x, want -0.5 (the right channel)", got)
	}
	if _, err := encodeWAV(values.Value{Type: values.Bool, Shape: []int64{1}, Data: []bool{true}}, 8000); err == nil {
		t.Error("bool samples accepted")
	}
}

func TestValueString(t *testing.T) {
	v := Value{Fields: []Field{{"a", arr(values.I32, nil, []int32{1})}, {"b", tuple(arr(values.Bool, nil, []bool{true}), Value{Opaque: "state"})}}}
	if got := v.String(); got != "{a = 1i32, b = (true, #<opaque state>)}" {
		t.Errorf("got %q", got)
	}
}
