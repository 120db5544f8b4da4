package backend

import (
	"bytes"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/flatten"
	"github.com/fcclang/fcc/flatten/testprogs"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/segconv"
	"github.com/fcclang/fcc/soac"
)

// skipWithoutTools skips end-to-end tests on machines that cannot build
// or run executables.
func skipWithoutTools(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go toolchain on PATH")
	}
	if out, err := exec.Command("clinfo", "-l").Output(); err != nil || !strings.Contains(string(out), "Platform") {
		t.Skip("no OpenCL platform (clinfo -l lists none)")
	}
}

// compile flattens and builds a program into an executable.
func compile(t *testing.T, p *soac.Program) string {
	t.Helper()
	flat, err := flatten.Flatten(p)
	if err != nil {
		t.Fatal(err)
	}
	// The backend compiles Seg-ops: the SOACs flattening leaves at host
	// level become Seg-ops first, as in the pipeline.
	if flat, err = segconv.Convert(flat); err != nil {
		t.Fatal(err)
	}
	src, err := Generate(flat)
	if err != nil {
		t.Fatal(err)
	}
	exePath := filepath.Join(t.TempDir(), "prog")
	if err := Build(src, exePath, BuildOptions{}); err != nil {
		t.Fatal(err)
	}
	return exePath
}

func textOf(t *testing.T, vs []values.Value) string {
	var b bytes.Buffer
	for _, v := range vs {
		if err := values.WriteText(&b, v); err != nil {
			t.Fatal(err)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// TestEndToEnd builds each test program and compares the executable's
// output with the interpreter's on random inputs.
func TestEndToEnd(t *testing.T) {
	skipWithoutTools(t)
	for _, c := range testprogs.All() {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			prog := compile(t, c.Prog)
			r := rand.New(rand.NewSource(2))
			for range 4 {
				args := c.Input(r)
				in := make([]soac.Value, len(args))
				for i, a := range args {
					in[i] = soac.FromRuntime(a)
				}
				res, err := soac.NewInterpreter(c.Prog).RunEntry("main", in)
				if err != nil {
					t.Fatal(err)
				}
				want := make([]values.Value, len(res))
				for i, v := range res {
					want[i] = v.ToRuntime()
				}
				// The device's own versions (the cpu versions on PoCL),
				// then the GPU versions, which a CPU device runs only
				// when told to.
				for _, flags := range [][]string{nil, {"--param", "cpu_versions=0"}} {
					cmd := exec.Command(prog, flags...)
					cmd.Stdin = strings.NewReader(textOf(t, args))
					var stderr bytes.Buffer
					cmd.Stderr = &stderr
					got, err := cmd.Output()
					if err != nil {
						t.Fatalf("%v %v: %s", flags, err, stderr.String())
					}
					if string(got) != textOf(t, want) {
						t.Fatalf("%v: output differs from the interpreter's:\n got %s\nwant %s", flags, got, textOf(t, want))
					}
				}
			}
		})
	}
}

// TestSizeMismatch checks that the host rejects arguments whose shared
// size variable disagrees, naming the parameter.
func TestSizeMismatch(t *testing.T) {
	skipWithoutTools(t)
	t.Parallel()
	prog := compile(t, testprogs.Dot().Prog)
	cmd := exec.Command(prog)
	cmd.Stdin = strings.NewReader("[1, 2, 3] [1, 2]")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err == nil || len(out) != 0 {
		t.Fatalf("mismatched sizes: err %v, output %q", err, out)
	}
	if !strings.Contains(stderr.String(), "size mismatch for parameter ys") {
		t.Errorf("error does not name the parameter: %s", stderr.String())
	}
}

// TestTopLevelScanCompiles checks that a scan flattening leaves at the
// top level compiles (as the segscan the segconv pass makes of it),
// naming no unsupported construct.
func TestTopLevelScanCompiles(t *testing.T) {
	c := testprogs.SumDoubled()
	s := c.Prog.Funs[0].Body.Stms[0].Exp.(*soac.ScremaExp)
	scan := *s
	scan.Scans, scan.Reds = []soac.Scan{{Op: s.Reds[0].Op, Neutral: s.Reds[0].Neutral}}, nil
	pat := c.Prog.Funs[0].Body.Stms[0].Pat
	w := scan.W
	pat = []soac.Param{{Name: pat[0].Name, Type: pat[0].Type.ArrayOf(w)}}
	p := &soac.Program{Funs: []*soac.FunDef{{Name: "main", EntryName: "main", Params: c.Prog.Funs[0].Params, RetType: []soac.Type{pat[0].Type},
		Body: &soac.Body{Stms: []*soac.Stm{{Pat: pat, Exp: &scan, Pos: soac.Pos{File: "a.fut", Line: 3, Col: 4}}}, Result: []soac.SubExp{soac.Var{Name: pat[0].Name}}}}}}
	p, err := segconv.Convert(p)
	if err != nil {
		t.Fatal(err)
	}
	src, err := Generate(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(src.OpenCL, "__kernel void segscan_") {
		t.Errorf("no segscan kernel in\n%s", src)
	}
}

func TestMain(m *testing.M) { os.Exit(m.Run()) }
