package script

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	_ "image/gif" // decoders for $loadimg
	_ "image/jpeg"
	_ "image/png"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// loadImage reads a PNG, JPEG or GIF image as a [height][width]u32 array
// of ARGB pixels (Futhark's $loadimg shells out to ImageMagick, which
// reads more formats).
func loadImage(path string) (values.Value, error) {
	f, err := os.Open(path)
	if err != nil {
		return values.Value{}, err
	}
	defer f.Close()
	img, _, err := image.Decode(f)
	if err != nil {
		return values.Value{}, fmt.Errorf("%s: %v (PNG, JPEG and GIF images can be read)", path, err)
	}
	r := img.Bounds()
	h, w := r.Dy(), r.Dx()
	px := make([]uint32, 0, h*w)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			cr, cg, cb, ca := img.At(x, y).RGBA() // 16 bits each, alpha-premultiplied
			if ca != 0 && ca != 0xffff {
				cr, cg, cb = cr*0xffff/ca, cg*0xffff/ca, cb*0xffff/ca
			}
			px = append(px, (ca>>8)<<24|(cr>>8)<<16|(cg>>8)<<8|cb>>8)
		}
	}
	return values.Value{Type: values.U32, Shape: []int64{int64(h), int64(w)}, Data: px}, nil
}

// loadAudio reads audio as a [channels][samples]f64 array of values
// between -1 and 1. A WAVE file of PCM samples (8-, 16-, 24- or 32-bit
// integers, or 32- or 64-bit floats) is read here; any other format (mp3,
// ogg, flac, opus...) is converted to WAVE by ffmpeg first, as Futhark's
// $loadaudio does, where ffmpeg is installed.
func loadAudio(path string) (values.Value, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return values.Value{}, err
	}
	if !isWAV(data) {
		if data, err = ffmpegToWAV(path); err != nil {
			return values.Value{}, fmt.Errorf("%s: %v", path, err)
		}
	}
	v, err := decodeWAV(data)
	if err != nil {
		return values.Value{}, fmt.Errorf("%s: %v", path, err)
	}
	return v, nil
}

func isWAV(data []byte) bool {
	return len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WAVE"
}

// ffmpegToWAV converts an audio file to WAVE with 64-bit float samples.
func ffmpegToWAV(path string) ([]byte, error) {
	ffmpeg, err := exec.LookPath("ffmpeg")
	if err != nil {
		return nil, errors.New("not a WAVE file; other audio formats are read through ffmpeg, which is not installed")
	}
	dir, err := os.MkdirTemp("", "fcc-audio-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "audio.wav")
	cmd := exec.Command(ffmpeg, "-y", "-loglevel", "error", "-i", path, "-c:a", "pcm_f64le", out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("ffmpeg: %v: %s", err, strings.TrimSpace(string(msg)))
	}
	return os.ReadFile(out)
}

func decodeWAV(data []byte) (values.Value, error) {
	if !isWAV(data) {
		return values.Value{}, errors.New("not a WAVE file")
	}
	var format, channels, bits uint16
	var samples []byte
	haveFmt := false
	for p := 12; p+8 <= len(data); {
		id, size := string(data[p:p+4]), int(binary.LittleEndian.Uint32(data[p+4:p+8]))
		body := data[p+8:]
		if size > len(body) {
			return values.Value{}, fmt.Errorf("chunk %q at byte %d is cut short", id, p)
		}
		body = body[:size]
		switch id {
		case "fmt ":
			if size < 16 {
				return values.Value{}, errors.New("fmt chunk too short")
			}
			format = binary.LittleEndian.Uint16(body[0:])
			channels = binary.LittleEndian.Uint16(body[2:])
			bits = binary.LittleEndian.Uint16(body[14:])
			if format == 0xfffe && size >= 26 { // WAVE_FORMAT_EXTENSIBLE: the sub-format's code
				format = binary.LittleEndian.Uint16(body[24:])
			}
			haveFmt = true
		case "data":
			samples = body
		}
		p += 8 + size + size%2
	}
	if !haveFmt || samples == nil {
		return values.Value{}, errors.New("no fmt or data chunk")
	}
	if channels == 0 {
		return values.Value{}, errors.New("no channels")
	}
	var sample func(b []byte) float64
	switch {
	case format == 1 && bits == 8:
		sample = func(b []byte) float64 { return (float64(b[0]) - 128) / 128 }
	case format == 1 && bits == 16:
		sample = func(b []byte) float64 { return float64(int16(binary.LittleEndian.Uint16(b))) / (1 << 15) }
	case format == 1 && bits == 24:
		sample = func(b []byte) float64 {
			return float64(int32(uint32(b[0])<<8|uint32(b[1])<<16|uint32(b[2])<<24)>>8) / (1 << 23)
		}
	case format == 1 && bits == 32:
		sample = func(b []byte) float64 { return float64(int32(binary.LittleEndian.Uint32(b))) / (1 << 31) }
	case format == 3 && bits == 32:
		sample = func(b []byte) float64 { return float64(math.Float32frombits(binary.LittleEndian.Uint32(b))) }
	case format == 3 && bits == 64:
		sample = func(b []byte) float64 { return math.Float64frombits(binary.LittleEndian.Uint64(b)) }
	default:
		return values.Value{}, fmt.Errorf("unsupported sample format %d with %d bits (PCM integers and IEEE floats can be read)", format, bits)
	}
	size := int(bits) / 8
	frame := size * int(channels)
	n := len(samples) / frame
	out := make([]float64, int(channels)*n)
	for i := 0; i < n; i++ {
		for ch := 0; ch < int(channels); ch++ {
			out[ch*n+i] = sample(samples[i*frame+ch*size:])
		}
	}
	return values.Value{Type: values.F64, Shape: []int64{int64(channels), int64(n)}, Data: out}, nil
}
