package flatten

import (
	"flag"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"github.com/fcclang/fcc/flatten/testprogs"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func run(t *testing.T, p *soac.Program, args []values.Value) []values.Value {
	t.Helper()
	in := make([]soac.Value, len(args))
	for i, a := range args {
		in[i] = soac.FromRuntime(a)
	}
	res, err := soac.NewInterpreter(p).RunEntry("main", in)
	if err != nil {
		t.Fatalf("interpreter: %v", err)
	}
	out := make([]values.Value, len(res))
	for i, r := range res {
		out[i] = r.ToRuntime()
	}
	return out
}

// TestFlattenPreservesSemantics runs each program before and after
// flattening on random inputs and compares the results.
func TestFlattenPreservesSemantics(t *testing.T) {
	for _, c := range testprogs.All() {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			flat, err := Flatten(c.Prog)
			if err != nil {
				t.Fatal(err)
			}
			r := rand.New(rand.NewSource(1))
			for range 5 {
				args := c.Input(r)
				want, got := run(t, c.Prog, args), run(t, flat, args)
				if len(want) != len(got) {
					t.Fatalf("%d results, want %d", len(got), len(want))
				}
				for i := range want {
					if !values.Equal(want[i], got[i]) {
						t.Fatalf("result %d differs after flattening:\n got %v\nwant %v", i, got[i], want[i])
					}
				}
			}
		})
	}
}

// TestGolden compares the printed flattened IR with testdata/*.golden;
// go test -update rewrites them.
func TestGolden(t *testing.T) {
	for _, c := range testprogs.All() {
		t.Run(c.Name, func(t *testing.T) {
			flat, err := Flatten(c.Prog)
			if err != nil {
				t.Fatal(err)
			}
			got := soac.Print(flat)
			path := filepath.Join("testdata", c.Name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("flattened IR differs from %s (go test -update rewrites it):\n%s", path, got)
			}
		})
	}
}

// TestShapes checks which Seg-op each program's kernel becomes.
func TestShapes(t *testing.T) {
	kinds := map[string]string{
		"sum_doubled": "segred1", "inc_matrix": "segmap2", "row_sums": "segred2",
		"dot": "segred1", "inner_loop": "segmap1", "int_ops": "segmap1", "seg_redomap": "segred2",
	}
	for _, c := range testprogs.All() {
		flat, err := Flatten(c.Prog)
		if err != nil {
			t.Fatal(err)
		}
		var got string
		switch e := flat.Funs[0].Body.Stms[0].Exp.(type) {
		case *soac.SegMapExp:
			got = "segmap" + string(rune('0'+len(e.Space)))
		case *soac.SegRedExp:
			got = "segred" + string(rune('0'+len(e.Space)))
		default:
			got = "other"
		}
		if got != kinds[c.Name] {
			t.Errorf("%s: first statement is %s, want %s", c.Name, got, kinds[c.Name])
		}
	}
}
