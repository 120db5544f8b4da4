package literate

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/color/palette"
	"image/draw"
	"image/gif"
	"image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// toImage converts a two-dimensional array to an image, as :img reads it:
// i32/u32 as ARGB pixels, f32/f64 as grey levels from 0 to 1, u8 as grey
// levels from 0 to 255, bool as black and white.
func toImage(v values.Value) (*image.NRGBA, error) {
	if len(v.Shape) != 2 {
		return nil, fmt.Errorf("an image must be a two-dimensional array, not %s", describe(v))
	}
	h, w := int(v.Shape[0]), int(v.Shape[1])
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	grey := func(i int, g float64) {
		c := uint8(math.Round(255 * math.Min(1, math.Max(0, g))))
		if math.IsNaN(g) {
			c = 0
		}
		img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = c, c, c, 255
	}
	argb := func(i int, p uint32) {
		img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2] = uint8(p>>16), uint8(p>>8), uint8(p)
		// Futhark's images ignore the alpha byte: pixels are opaque.
		img.Pix[4*i+3] = 255
	}
	switch d := v.Data.(type) {
	case []int32:
		for i, p := range d {
			argb(i, uint32(p))
		}
	case []uint32:
		for i, p := range d {
			argb(i, p)
		}
	case []float32:
		for i, g := range d {
			grey(i, float64(g))
		}
	case []float64:
		for i, g := range d {
			grey(i, g)
		}
	case []uint8:
		for i, g := range d {
			grey(i, float64(g)/255)
		}
	case []bool:
		for i, b := range d {
			grey(i, map[bool]float64{false: 0, true: 1}[b])
		}
	default:
		return nil, fmt.Errorf("an image is [][]i32, [][]u32, [][]f32, [][]f64, [][]u8 or [][]bool, not %s", describe(v))
	}
	return img, nil
}

func describe(v values.Value) string {
	return strings.Repeat("[]", len(v.Shape)) + v.Type.String()
}

func primOf(v Value, what string) (values.Value, error) {
	if v.Prim == nil {
		return values.Value{}, fmt.Errorf("%s must be an array, not %s", what, v.kind())
	}
	return *v.Prim, nil
}

func (v Value) kind() string {
	switch {
	case v.Prim != nil:
		return describe(*v.Prim)
	case v.Opaque != "":
		return "an opaque value of type " + v.Opaque
	case v.IsTuple():
		return "a tuple"
	}
	return "a record"
}

func writeImage(path string, v Value) error {
	p, err := primOf(v, "the value of :img")
	if err != nil {
		return err
	}
	img, err := toImage(p)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// floats returns a one-dimensional numeric array's elements as float64.
func floats(v Value, what string) ([]float64, error) {
	p, err := primOf(v, what)
	if err != nil {
		return nil, err
	}
	if len(p.Shape) != 1 {
		return nil, fmt.Errorf("%s must be a one-dimensional array, not %s", what, describe(p))
	}
	n := int(p.Shape[0])
	out := make([]float64, n)
	switch d := p.Data.(type) {
	case []int8:
		for i, x := range d {
			out[i] = float64(x)
		}
	case []int16:
		for i, x := range d {
			out[i] = float64(x)
		}
	case []int32:
		for i, x := range d {
			out[i] = float64(x)
		}
	case []int64:
		for i, x := range d {
			out[i] = float64(x)
		}
	case []uint8:
		for i, x := range d {
			out[i] = float64(x)
		}
	case []uint16:
		if p.Type == values.F16 {
			for i, x := range d {
				out[i] = float64(values.F16ToFloat32(x))
			}
		} else {
			for i, x := range d {
				out[i] = float64(x)
			}
		}
	case []uint32:
		for i, x := range d {
			out[i] = float64(x)
		}
	case []uint64:
		for i, x := range d {
			out[i] = float64(x)
		}
	case []float32:
		for i, x := range d {
			out[i] = float64(x)
		}
	case []float64:
		copy(out, d)
	default:
		return nil, fmt.Errorf("%s must be numeric, not %s", what, describe(p))
	}
	return out, nil
}

// series is one named list of columns of data.
type series struct {
	Name    string
	Columns [][]float64
}

// seriesOf reads :plot2d's and :gnuplot's argument: a tuple of
// one-dimensional arrays (one unnamed series), or a record whose fields
// are such tuples.
func seriesOf(v Value, directive string) ([]series, error) {
	tuple := func(v Value, name string) (series, error) {
		if !v.IsTuple() {
			return series{}, fmt.Errorf("%s: %s must be a tuple of one-dimensional arrays, not %s", directive, name, v.kind())
		}
		s := series{Name: name}
		for _, f := range v.Fields {
			col, err := floats(f.Value, directive+": "+name)
			if err != nil {
				return series{}, err
			}
			if len(s.Columns) > 0 && len(col) != len(s.Columns[0]) {
				return series{}, fmt.Errorf("%s: the arrays of %s have different lengths (%d and %d)", directive, name, len(s.Columns[0]), len(col))
			}
			s.Columns = append(s.Columns, col)
		}
		return s, nil
	}
	if v.IsTuple() {
		s, err := tuple(v, "the value")
		return []series{s}, err
	}
	if v.Prim != nil || v.Opaque != "" || len(v.Fields) == 0 {
		return nil, fmt.Errorf("%s needs a tuple of arrays or a record of such tuples, not %s", directive, v.kind())
	}
	var out []series
	for _, f := range v.Fields {
		s, err := tuple(f.Value, "field "+f.Name)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// gnuplot runs the directive's script with each series in a data file
// whose name is in a gnuplot variable named after the field.
func gnuplot(path string, d *Directive, v Value, lookPath func(string) (string, error)) error {
	prog, err := lookPath("gnuplot")
	if err != nil {
		return fmt.Errorf(":gnuplot needs the program gnuplot, which is not installed (on Debian: apt-get install gnuplot-nox); :plot2d draws plots without it")
	}
	ss, err := seriesOf(v, ":gnuplot")
	if err != nil {
		return err
	}
	if len(ss) == 1 && ss[0].Name == "the value" {
		return fmt.Errorf(":gnuplot needs a record whose fields name its data files, not a tuple")
	}
	tmp, err := os.MkdirTemp("", "fcc-gnuplot-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	var script strings.Builder
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	fmt.Fprintf(&script, "set term png size 800,600\nset output %s\n", strconv.Quote(abs))
	for i, s := range ss {
		file := filepath.Join(tmp, fmt.Sprintf("data%d", i))
		var b strings.Builder
		for r := range s.Columns[0] {
			for c, col := range s.Columns {
				if c > 0 {
					b.WriteByte(' ')
				}
				b.WriteString(strconv.FormatFloat(col[r], 'g', -1, 64))
			}
			b.WriteByte('\n')
		}
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			return err
		}
		fmt.Fprintf(&script, "%s = %s\n", strings.TrimPrefix(s.Name, "field "), strconv.Quote(file))
	}
	script.WriteString(strings.Join(d.Script, "\n") + "\n")
	cmd := exec.Command(prog)
	cmd.Stdin = strings.NewReader(script.String())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("gnuplot failed: %v\n%s", err, strings.TrimSpace(stderr.String()))
	}
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("the gnuplot script wrote no image (does it change 'set output'?)")
	}
	return nil
}

// frames reads :video's value: a three-dimensional array whose elements
// are images.
func frames(v Value) ([]*image.NRGBA, error) {
	p, err := primOf(v, "the value of :video")
	if err != nil {
		return nil, fmt.Errorf("%w (the form (step, state, frames) is not supported yet: give the frames as a three-dimensional array)", err)
	}
	if len(p.Shape) != 3 {
		return nil, fmt.Errorf(":video needs a three-dimensional array of frames, not %s", describe(p))
	}
	n, per := int(p.Shape[0]), int(p.Shape[1]*p.Shape[2])
	if n == 0 {
		return nil, fmt.Errorf(":video needs at least one frame")
	}
	var out []*image.NRGBA
	for i := 0; i < n; i++ {
		frame := values.Value{Type: p.Type, Shape: p.Shape[1:], Data: sliceData(p.Data, i*per, (i+1)*per)}
		img, err := toImage(frame)
		if err != nil {
			return nil, err
		}
		out = append(out, img)
	}
	return out, nil
}

func sliceData(data any, lo, hi int) any {
	switch d := data.(type) {
	case []int32:
		return d[lo:hi]
	case []uint32:
		return d[lo:hi]
	case []float32:
		return d[lo:hi]
	case []float64:
		return d[lo:hi]
	case []uint8:
		return d[lo:hi]
	case []bool:
		return d[lo:hi]
	}
	return data
}

func intParam(d *Directive, key string, def, lo, hi int) (int, error) {
	p, ok := d.Param(key)
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(p.Value)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("line %d: %s: must be a whole number from %d to %d, not %q", p.Line, key, lo, hi, p.Value)
	}
	return n, nil
}

// video writes the frames as an animated GIF (drawn here) or a WebM video
// (encoded by ffmpeg from PNG frames).
func video(path, format string, d *Directive, v Value, lookPath func(string) (string, error)) error {
	fps, err := intParam(d, "fps", 30, 1, 1000)
	if err != nil {
		return err
	}
	repeat := true
	if p, ok := d.Param("repeat"); ok {
		switch p.Value {
		case "true":
		case "false":
			repeat = false
		default:
			return fmt.Errorf("line %d: repeat: must be true or false, not %q", p.Line, p.Value)
		}
	}
	var ffmpeg string
	if format == "webm" {
		// Look before computing the frames, which may be expensive.
		if ffmpeg, err = lookPath("ffmpeg"); err != nil {
			return fmt.Errorf(":video in webm format needs the program ffmpeg, which is not installed (on Debian: apt-get install ffmpeg); format: gif needs nothing")
		}
	}
	imgs, err := frames(v)
	if err != nil {
		return err
	}
	if format == "gif" {
		anim := &gif.GIF{LoopCount: 0}
		if !repeat {
			anim.LoopCount = -1
		}
		delay := max(1, int(math.Round(100/float64(fps))))
		for _, img := range imgs {
			pal := image.NewPaletted(img.Bounds(), palette.Plan9)
			draw.FloydSteinberg.Draw(pal, img.Bounds(), img, image.Point{})
			anim.Image = append(anim.Image, pal)
			anim.Delay = append(anim.Delay, delay)
		}
		var buf bytes.Buffer
		if err := gif.EncodeAll(&buf, anim); err != nil {
			return err
		}
		return os.WriteFile(path, buf.Bytes(), 0o644)
	}
	tmp, err := os.MkdirTemp("", "fcc-video-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	for i, img := range imgs {
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(tmp, fmt.Sprintf("%06d.png", i)), buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	cmd := exec.Command(ffmpeg, "-y", "-loglevel", "error", "-framerate", strconv.Itoa(fps),
		"-i", filepath.Join(tmp, "%06d.png"), "-c:v", "libvpx-vp9", "-pix_fmt", "yuva420p", path)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("ffmpeg failed: %v\n%s", err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// audio writes :audio's samples: a WAV file written here, or another codec
// converted from it by ffmpeg.
func audio(path, codec string, d *Directive, v Value, lookPath func(string) (string, error)) error {
	rate, err := intParam(d, "sampling_frequency", 44100, 1, 10_000_000)
	if err != nil {
		return err
	}
	if strings.ContainsAny(codec, "/\\ ") || codec == "" {
		return fmt.Errorf(":audio's codec %q is not a codec name", codec)
	}
	p, err := primOf(v, "the value of :audio")
	if err != nil {
		return err
	}
	wav, err := encodeWAV(p, rate)
	if err != nil {
		return err
	}
	if codec == "wav" {
		return os.WriteFile(path, wav, 0o644)
	}
	ffmpeg, err := lookPath("ffmpeg")
	if err != nil {
		return fmt.Errorf(":audio with codec %s needs the program ffmpeg, which is not installed (on Debian: apt-get install ffmpeg); codec: wav needs nothing", codec)
	}
	cmd := exec.Command(ffmpeg, "-y", "-loglevel", "error", "-f", "wav", "-i", "-", path)
	cmd.Stdin = bytes.NewReader(wav)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("ffmpeg failed: %v\n%s", err, strings.TrimSpace(stderr.String()))
	}
	return nil
}

// encodeWAV encodes one channel ([]t) or several ([channels][]t) of PCM
// samples as a WAV file. Unsigned samples are centred on zero as WAV
// wants (it stores only 8-bit samples unsigned); floats are stored as
// IEEE floats.
func encodeWAV(p values.Value, rate int) ([]byte, error) {
	var channels, n int
	switch len(p.Shape) {
	case 1:
		channels, n = 1, int(p.Shape[0])
	case 2:
		channels, n = int(p.Shape[0]), int(p.Shape[1])
	default:
		return nil, fmt.Errorf(":audio needs a one- or two-dimensional array of samples, not %s", describe(p))
	}
	if channels < 1 || channels > 64 {
		return nil, fmt.Errorf(":audio: %d channels (the outer dimension of a two-dimensional array is the channels)", channels)
	}
	var bits, format int
	var sample func(i int, b []byte)
	switch d := p.Data.(type) {
	case []int8:
		bits, format = 8, 1
		sample = func(i int, b []byte) { b[0] = uint8(int(d[i]) + 128) }
	case []uint8:
		bits, format = 8, 1
		sample = func(i int, b []byte) { b[0] = d[i] }
	case []int16:
		bits, format = 16, 1
		sample = func(i int, b []byte) { binary.LittleEndian.PutUint16(b, uint16(d[i])) }
	case []uint16:
		if p.Type == values.F16 {
			return nil, fmt.Errorf(":audio takes i8, u8, i16, u16, i32, u32, f32 or f64 samples, not f16")
		}
		bits, format = 16, 1
		sample = func(i int, b []byte) { binary.LittleEndian.PutUint16(b, d[i]^0x8000) }
	case []int32:
		bits, format = 32, 1
		sample = func(i int, b []byte) { binary.LittleEndian.PutUint32(b, uint32(d[i])) }
	case []uint32:
		bits, format = 32, 1
		sample = func(i int, b []byte) { binary.LittleEndian.PutUint32(b, d[i]^0x80000000) }
	case []float32:
		bits, format = 32, 3
		sample = func(i int, b []byte) { binary.LittleEndian.PutUint32(b, math.Float32bits(d[i])) }
	case []float64:
		bits, format = 64, 3
		sample = func(i int, b []byte) { binary.LittleEndian.PutUint64(b, math.Float64bits(d[i])) }
	default:
		return nil, fmt.Errorf(":audio takes i8, u8, i16, u16, i32, u32, f32 or f64 samples, not %s", describe(p))
	}
	bytesPer := bits / 8
	dataLen := n * channels * bytesPer
	if int64(dataLen) > math.MaxUint32-64 {
		return nil, fmt.Errorf(":audio: %d samples do not fit in a WAV file", n*channels)
	}
	var buf bytes.Buffer
	buf.Grow(44 + dataLen)
	le := func(x any) { binary.Write(&buf, binary.LittleEndian, x) }
	buf.WriteString("RIFF")
	le(uint32(36 + dataLen))
	buf.WriteString("WAVEfmt ")
	le(uint32(16))
	le(uint16(format))
	le(uint16(channels))
	le(uint32(rate))
	le(uint32(rate * channels * bytesPer))
	le(uint16(channels * bytesPer))
	le(uint16(bits))
	buf.WriteString("data")
	le(uint32(dataLen))
	b := make([]byte, bytesPer)
	for i := 0; i < n; i++ {
		for c := 0; c < channels; c++ {
			sample(c*n+i, b)
			buf.Write(b)
		}
	}
	return buf.Bytes(), nil
}
