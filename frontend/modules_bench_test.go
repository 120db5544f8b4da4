package frontend

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
)

// multiFileProgram makes a program of files files, each a module type,
// a functor and three applications of it, about lines lines in all.
func multiFileProgram(files, lines int) fstest.MapFS {
	fsys := fstest.MapFS{}
	perFile := lines / files
	var main strings.Builder
	for f := 0; f < files; f++ {
		var b strings.Builder
		if f > 0 {
			fmt.Fprintf(&b, "import \"f%d\"\n", f-1)
		}
		fmt.Fprintf(&b, "module type num%d = { type t val add: t -> t -> t val zero: t val from: i32 -> t }\n", f)
		fmt.Fprintf(&b, "module ops%d (N: num%d) = {\n", f, f)
		n := 0
		for l := 0; l < perFile-12; l += 3 {
			fmt.Fprintf(&b, "  def g%d [n] (xs: [n]N.t) (k: i32) : N.t =\n", n)
			fmt.Fprintf(&b, "    let ys = map (\\x -> N.add x (N.from (k + %d))) xs\n", n)
			fmt.Fprintf(&b, "    in reduce N.add N.zero ys\n")
			n++
		}
		b.WriteString("}\n")
		fmt.Fprintf(&b, "module i%d = ops%d { type t = i32 def add (x: i32) (y: i32) = x + y def zero = 0i32 def from (x: i32) = x }\n", f, f)
		fmt.Fprintf(&b, "module f%d = ops%d { type t = f32 def add (x: f32) (y: f32) = x + y def zero = 0f32 def from = f32.i32 }\n", f, f)
		fmt.Fprintf(&b, "module u%d = ops%d { type t = u64 def add (x: u64) (y: u64) = x + y def zero = 0u64 def from = u64.i32 }\n", f, f)
		fsys[fmt.Sprintf("f%d.fut", f)] = &fstest.MapFile{Data: []byte(b.String())}
	}
	fmt.Fprintf(&main, "import \"f%d\"\n", files-1)
	fmt.Fprintf(&main, "entry main (xs: []i32) = i%d.g0 xs 1\n", files-1)
	fsys["main.fut"] = &fstest.MapFile{Data: []byte(main.String())}
	return fsys
}

func countLines(fsys fstest.MapFS) int {
	n := 0
	for _, f := range fsys {
		n += strings.Count(string(f.Data), "\n")
	}
	return n
}

// BenchmarkFrontendMultiFile runs the whole frontend (loading, module
// elimination, checking, internalising) on a 2,000-line program of ten
// files.
func BenchmarkFrontendMultiFile(b *testing.B) {
	fsys := multiFileProgram(10, 2080)
	b.ReportMetric(float64(countLines(fsys)), "lines")
	for i := 0; i < b.N; i++ {
		if _, err := CompileProgram(FSLoader(fsys), "", "main.fut"); err != nil {
			b.Fatal(err)
		}
	}
}

func TestMultiFileProgramCompiles(t *testing.T) {
	fsys := multiFileProgram(3, 120)
	prog, err := CompileProgram(FSLoader(fsys), "", "main.fut")
	if err != nil {
		t.Fatal(err)
	}
	if got := runProg(t, prog, "main", "[1, 2]"); got != "5i32" {
		t.Errorf("got %s, want 5i32", got)
	}
}
