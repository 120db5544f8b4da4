package backend_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestSegRedColumns checks which segmented reductions get the columns
// strategy (segred_columns.go) and under which run-time condition: those
// with a commutative operator that read an array at [segment, element],
// taken when the segment dimension is the array's contiguous one (the
// columns of a row-major matrix; the rows of one are read so too, and
// the condition declines them at run time). The results of the strategy
// are checked by tests/programs/segred_columns.fut.
func TestSegRedColumns(t *testing.T) {
	for _, c := range []struct {
		name, src string
		columns   bool
	}{
		{"columns", "entry main [n][h] (a: [n][h]f32) : [h]f32 = map f32.sum (transpose a)", true},
		{"dots", "entry main [n][h] (xs: [n]f32) (w: [n][h]f32) : [h]f32 = map (\\col -> f32.sum (map2 (*) xs col)) (transpose w)", true},
		{"two", "entry main [n][h] (a: [n][h]i64) : ([h]i64, [h]i64) = unzip (map (\\c -> (i64.sum c, i64.maximum c)) (transpose a))", true},
		{"rows", "entry main [n][h] (a: [n][h]f32) : [n]f32 = map f32.sum a", true},
		{"elements", "entry main [n][h] (a: [n][h]f32) (b: [n]f32) : [n]f32 = map (\\i -> f32.sum (map (\\x -> x * b[i]) b)) (iota n)", false},
		{"ordered", "entry main [n][h] (a: [n][h]i32) : [h]i32 = map (\\c -> reduce (\\x y -> x * 2 + y) 0 c) (transpose a)", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			prog, err := pipeline.Compile("prog.fut", c.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			src, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			host := string(src.Host)
			launched := strings.Contains(host, `_columns"`)
			if launched != c.columns {
				t.Fatalf("columns strategy %v, want %v", launched, c.columns)
			}
			if !c.columns {
				return
			}
			// Taken when a read's segment dimension is contiguous and
			// its element dimension is not, segments fitting in half a
			// group, from 2^21 elements; stage 2 combines the groups'
			// values.
			cond := regexp.MustCompile(`if segs >= 1 && segs\*2 <= group && segs\*seglen >= 2097152 && \(+\w+\.Stride\(0\) == 1 && \w+\.Stride\(1\) != 1\)`)
			if !cond.MatchString(host) {
				t.Errorf("no run-time condition of the columns strategy in the host code")
			}
			if !strings.Contains(string(src.OpenCL), "_stage2(") {
				t.Errorf("no stage 2 kernel")
			}
		})
	}
}
