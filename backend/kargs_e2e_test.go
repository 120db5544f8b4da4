package backend_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

var identRE = regexp.MustCompile(`[A-Za-z_][A-Za-z0-9_]*`)

var launchRE = regexp.MustCompile(`c\.LaunchArgs\("([A-Za-z0-9_]+)", \[\]int64\{[^}]*\}, \[\]int64\{[^}]*\}((?:, exe\.A\([^\n]*?\))*)\); err != nil`)

// TestLaunchesMatchKernels fails if a generated kernel takes a parameter
// its body never reads, if a launch passes other than as many arguments
// as its kernel takes, or if a program with a check that can fail, or
// without one, does (not) pass the error buffer.
func TestLaunchesMatchKernels(t *testing.T) {
	for _, c := range []struct {
		name, src string
		// errBuf: whether some kernel takes the error buffer.
		errBuf bool
	}{
		{"stencil", `def main [n][m] (xs: [n][m]f32) : [n][m]f32 =
  tabulate_2d n m (\i j -> xs[i, j] + xs[i64.max (i - 1) 0, j])
`, false},
		{"reduction and map", `def main [n] (xs: [n]f32) : [n]f32 =
  let s = f32.sum xs
  in map (\x -> x / s) xs
`, false},
		{"an index that can fail", `def main [n] (xs: [n]f32) (is: [n]i64) : [n]f32 =
  map (\i -> xs[i]) is
`, true},
		{"a loop of maps over a slice", `def main [n] (xs: [n]f32) (k: i32) : []f32 =
  loop ys = xs[1:] for _i < k do map (\y -> y * 0.5 + 1) ys
`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog, err := pipeline.Compile(c.name+".fut", c.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			src, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			// A kernel's parameters end at the first ')' (declarations
			// hold none); its body runs to the next kernel.
			params := map[string][]string{}
			bodies := map[string]string{}
			for _, k := range strings.Split(src.OpenCL, "__kernel void ")[1:] {
				open := strings.IndexByte(k, '(')
				closeP := strings.IndexByte(k, ')')
				name := k[:open]
				for _, p := range strings.Split(k[open+1:closeP], ",") {
					if p = strings.TrimSpace(p); p != "" {
						params[name] = append(params[name], p)
					}
				}
				bodies[name] = k[closeP:]
			}
			host := string(src.Host)
			launches := launchRE.FindAllStringSubmatch(host, -1)
			if len(launches) == 0 {
				t.Fatalf("no launches in\n%s", host)
			}
			errBuf := false
			for _, l := range launches {
				name := l[1]
				ps, ok := params[name]
				if !ok {
					t.Errorf("launch of unknown kernel %s", name)
					continue
				}
				if n := strings.Count(l[2], "exe.A("); n != len(ps) {
					t.Errorf("launch of %s passes %d arguments, the kernel takes %d: %s", name, n, len(ps), l[0])
				}
				named := map[string]bool{}
				for _, id := range identRE.FindAllString(bodies[name], -1) {
					named[id] = true
				}
				for _, p := range ps {
					ids := identRE.FindAllString(p, -1)
					id := ids[len(ids)-1]
					if !named[id] {
						t.Errorf("kernel %s takes %s, which it never reads", name, id)
					}
					if id == "fcc_err" {
						errBuf = true
					}
				}
			}
			if errBuf != c.errBuf {
				t.Errorf("some kernel takes the error buffer: %v, want %v\n%s", errBuf, c.errBuf, src.OpenCL)
			}
		})
	}
}

// TestFreshArrayParams fails if a kernel reading an array that a loop of
// kernels makes (manifest at every iteration) takes its offset or
// strides, or if one reading an array that may be a view (an entry
// parameter, a slice, a loop that starts from one) does not.
func TestFreshArrayParams(t *testing.T) {
	for _, c := range []struct {
		name, src string
		// views: whether a kernel of the loop takes an offset.
		views bool
	}{
		{"loop of maps from a map", `def main [n] (xs: [n]f32) (k: i32) : [n]f32 =
  let ys = map (+ 1) xs
  in loop ys for _i < k do map (\y -> y * 0.5 + ys[0]) ys
`, false},
		{"loop of maps from a slice", `def main [n] (xs: [n]f32) (k: i32) : []f32 =
  loop ys = xs[1:] for _i < k do map (\y -> y * 0.5 + ys[0]) ys
`, true},
		{"loop of maps from a parameter", `def main [n] (xs: [n]f32) (k: i32) : [n]f32 =
  loop ys = xs for _i < k do map (\y -> y * 0.5 + ys[0]) ys
`, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog, err := pipeline.Compile(c.name+".fut", c.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			src, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			// The loop's map reads ys at its point and at 0: the kernels
			// with two reads of their input.
			offset := regexp.MustCompile(`long v_\w+_o[,)]`)
			found := false
			for _, k := range strings.Split(src.OpenCL, "__kernel void ")[1:] {
				head := k[:strings.IndexByte(k, ')')+1]
				if !strings.Contains(k, "* (0.5f)") {
					continue
				}
				found = true
				if got := offset.MatchString(head); got != c.views {
					t.Errorf("kernel takes an offset: %v, want %v:\n%s", got, c.views, head)
				}
			}
			if !found {
				t.Fatalf("no kernel of the loop's map in\n%s", src.OpenCL)
			}
		})
	}
}
