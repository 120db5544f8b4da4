package tiling_test

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tiling"
)

var update = flag.Bool("update", false, "rewrite tiling/testdata/*.golden")

// TestGolden compiles every testdata/*.fut up to simplify-flat (the
// pass's input in the pipeline), runs the pass
// and compares its account of which SegMaps it tiled (and why the others
// were not) with testdata/NAME.golden. The result must also print, parse
// back to the same text and validate, and running the pass again must
// change nothing.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*.fut")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test programs: %v", err)
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".fut")
		t.Run(name, func(t *testing.T) {
			var flat *soac.Program
			if _, err := pipeline.CompileFile(file, func(pass string, p *soac.Program) {
				if pass == "simplify-flat" {
					flat = p
				}
			}); err != nil {
				t.Fatal(err)
			}
			before := soac.Print(flat)
			out, log, err := tiling.Explain(flat)
			if err != nil {
				t.Fatal(err)
			}
			if soac.Print(flat) != before {
				t.Error("the pass modified its input")
			}
			golden := filepath.Join("testdata", name+".golden")
			if *update {
				if err := os.WriteFile(golden, []byte(log), 0o644); err != nil {
					t.Fatal(err)
				}
			} else if want, err := os.ReadFile(golden); err != nil {
				t.Fatal(err)
			} else if string(want) != log {
				t.Errorf("derivation differs (go test ./tiling -update accepts it):\n got:\n%s\nwant:\n%s", log, want)
			}
			text := soac.Print(out)
			q, err := soac.ParseProgram(text)
			if err != nil {
				t.Fatalf("parse: %v\n%s", err, text)
			}
			if got := soac.Print(q); got != text {
				t.Fatalf("round trip differs:\n%s\nwant:\n%s", got, text)
			}
			if err := soac.Validate(q); err != nil {
				t.Fatal(err)
			}
			again, err := tiling.Tile(out)
			if err != nil {
				t.Fatal(err)
			}
			if soac.Print(again) != text {
				t.Error("a second run of the pass changed the program")
			}
		})
	}
}

// TestInvalidInput checks that IR made invalid by an earlier pass is
// reported as such, not as the tiling pass's own output.
func TestInvalidInput(t *testing.T) {
	p, err := soac.ParseProgram(`entry "main"
fun main (x: i32): {i32} = {
  let {y: i32} = add i32 z 1i32
  in {y}
}`)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = tiling.Explain(p)
	if err == nil || !strings.Contains(err.Error(), "before tiling") || !strings.Contains(err.Error(), "z: not in scope") {
		t.Fatalf("got %v, want an invalid-input error naming z", err)
	}
}
