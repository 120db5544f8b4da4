package exe

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestThreshold checks the value a threshold takes (--param over
// --default-threshold over the compiled default) and the -L log line that
// autotuners read.
func TestThreshold(t *testing.T) {
	var log bytes.Buffer
	c := &Context{Opts: DefaultOptions(), params: map[string]int64{"main.a_outer": 10}, log: &log}
	if !c.Threshold("main.a_outer", 10, 99) || c.Threshold("main.a_outer", 9, 1) {
		t.Error("--param value not used")
	}
	if c.Threshold("main.b_outer", 98, 99) || !c.Threshold("main.b_outer", 99, 99) {
		t.Error("default not used")
	}
	c.Opts.DefaultThreshold = 5
	if !c.Threshold("main.b_outer", 5, 99) {
		t.Error("--default-threshold not used")
	}
	if log.Len() != 0 {
		t.Errorf("logged without -L: %q", log.String())
	}
	c.Opts.Log = true
	c.Threshold("main.a_outer", 12, 99)
	c.Threshold("main.b_outer", 4, 99)
	want := "Compared main.a_outer <= 12: true.\nCompared main.b_outer <= 4: false.\n"
	if log.String() != want {
		t.Errorf("log %q, want %q", log.String(), want)
	}
}

// TestGPUThreshold checks a gpu_only threshold: its default holds on a
// GPU, is never on a device running the CPU versions, and a --param value
// holds on both.
func TestGPUThreshold(t *testing.T) {
	for _, c := range []struct {
		name   string
		cpu    int
		params map[string]int64
		par    int64
		want   bool
	}{
		{"gpu default", -1, nil, 32, true},
		{"gpu below default", -1, nil, 31, false},
		{"cpu default is never", 1, nil, 1 << 40, false},
		{"cpu with --param", 1, map[string]int64{"main.suff_intra_par_1": 8}, 8, true},
		{"gpu with --param", -1, map[string]int64{"main.suff_intra_par_1": 64}, 32, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := &Context{Opts: DefaultOptions(), params: c.params, cpuVersions: c.cpu, log: &bytes.Buffer{}}
			if got := ctx.GPUThreshold("main.suff_intra_par_1", c.par, 32); got != c.want {
				t.Errorf("GPUThreshold(par %d) = %t, want %t", c.par, got, c.want)
			}
		})
	}
}

// TestResolveParams checks that --param overrides the tuning file and that
// unknown names are refused.
func TestResolveParams(t *testing.T) {
	p := &Program{Params: []Param{{Name: "a", Class: "threshold"}, {Name: "b", Class: "threshold"}}}
	file := filepath.Join(t.TempDir(), "p.tuning")
	os.WriteFile(file, []byte("a=1\nb=2\n"), 0o644)
	o, err := ParseArgs([]string{"--param", "b=7", "--tuning", file})
	if err != nil {
		t.Fatal(err)
	}
	if err := p.resolveParams(o); err != nil {
		t.Fatal(err)
	}
	if o.Params["a"] != 1 || o.Params["b"] != 7 || len(o.ParamOrder) != 2 {
		t.Errorf("params %v, order %v", o.Params, o.ParamOrder)
	}
	o, _ = ParseArgs([]string{"--param", "c=1"})
	if err := p.resolveParams(o); err == nil || !strings.Contains(err.Error(), `unknown tuning parameter "c"`) {
		t.Errorf("unknown parameter: %v", err)
	}
}

func TestArrayValue(t *testing.T) {
	v, err := ArrayValue(0, []bool(nil), []int64{0, 3})
	if err != nil || v.Data.([]bool) == nil {
		t.Errorf("nil slice: %v %v", v, err)
	}
	if _, err := ArrayValue(0, []bool{true}, []int64{2}); err == nil {
		t.Error("length mismatch accepted")
	}
}
