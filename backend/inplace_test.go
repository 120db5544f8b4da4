package backend_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/soac"
)

// issue22 is issue 22's program: every point updates one row of its own
// 64x64 array per step.
const issue22 = `def main (n: i64) : [n][64][64]i32 =
  map (\b -> loop a = replicate 64 (replicate 64 (i32.i64 b)) for i < 64 do
               let row = map (\j -> a[i, j] + i32.i64 j) (iota 64)
               let a[i] = row
               in a) (iota n)
`

// TestStepCopiesOnlyTheRow fails if a step of issue 22's program copies
// more than the row it writes: in both versions flattening makes (the
// loop inside one kernel, and the loop on the host launching kernels per
// step), no store of the code run per step may sit in two nested loops
// (a store in two loops over 64 moves a whole 64x64 array). The code run
// per step is the whole of a kernel launched in a host loop, and the body
// of a kernel's own loop over the steps.
func TestStepCopiesOnlyTheRow(t *testing.T) {
	prog, err := pipeline.Compile("issue22.fut", issue22, nil)
	if err != nil {
		t.Fatal(err)
	}
	src, err := backend.Generate(prog)
	if err != nil {
		t.Fatal(err)
	}
	perStep := map[string]bool{}
	hostLoopSegOps(prog.Funs[0].Body, false, perStep)
	kernels := kernelSources(src.OpenCL)
	seen := 0
	for name, code := range kernels {
		if !strings.HasPrefix(name, "segmap_") {
			continue
		}
		seen++
		depth, lines := stepStoreDepth(code, perStep[strings.TrimPrefix(name, "segmap_")])
		if depth > 1 {
			t.Errorf("kernel %s copies a whole array per step (a store in %d nested loops):\n%s\n\n%s", name, depth, strings.Join(lines, "\n"), code)
		}
	}
	if len(perStep) == 0 || seen < 3 {
		t.Fatalf("expected a host loop of kernels and a kernel with its own loop; kernels %d, per step %v", seen, perStep)
	}
}

// hostLoopSegOps collects the names of the Seg-ops a host body runs in
// a loop (inLoop: the body is a loop's).
func hostLoopSegOps(b *soac.Body, inLoop bool, out map[string]bool) {
	for _, s := range b.Stms {
		switch e := s.Exp.(type) {
		case *soac.IfExp:
			hostLoopSegOps(e.Then, inLoop, out)
			hostLoopSegOps(e.Else, inLoop, out)
		case *soac.LoopExp:
			hostLoopSegOps(e.Body, true, out)
		case *soac.SegMapExp, *soac.SegRedExp, *soac.SegScanExp, *soac.SegHistExp:
			if inLoop && len(s.Pat) > 0 {
				out[string(s.Pat[0].Name)] = true
			}
		}
	}
}

// kernelSources splits OpenCL source into its kernels, by name.
func kernelSources(cl string) map[string]string {
	out := map[string]string{}
	parts := strings.Split(cl, "__kernel void ")
	for _, p := range parts[1:] {
		name := p[:strings.IndexByte(p, '(')]
		out[name] = p
	}
	return out
}

var storeLine = regexp.MustCompile(`^\s*[A-Za-z_]\w*\[[^;]*\] = [^;]*;$`)

// stepStoreDepth returns the largest number of for-loops that enclose a
// store of the code run per step of kernel code: all of it when
// perStep, else what its loops over steps (for (long it_...)) enclose,
// counted inside them; and the store lines at that depth.
func stepStoreDepth(code string, perStep bool) (int, []string) {
	const (
		other = iota
		loop
		step
	)
	var stack []int
	best := 0
	var at []string
	for _, raw := range strings.Split(code, "\n") {
		ln := strings.TrimSpace(raw)
		if strings.HasPrefix(ln, "}") {
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		}
		if storeLine.MatchString(ln) {
			depth, inStep := 0, perStep
			for _, k := range stack {
				switch k {
				case step:
					inStep, depth = true, 0
				case loop:
					depth++
				}
			}
			if inStep && depth >= best {
				if depth > best {
					at = nil
				}
				best = depth
				at = append(at, fmt.Sprintf("%d: %s", depth, ln))
			}
		}
		if strings.HasSuffix(ln, "{") {
			switch {
			case strings.HasPrefix(ln, "for (long it_"):
				stack = append(stack, step)
			case strings.HasPrefix(ln, "for ("):
				stack = append(stack, loop)
			default:
				stack = append(stack, other)
			}
		}
	}
	return best, at
}
