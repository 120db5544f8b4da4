package difftest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/tests/spec"
)

// TestGeneratorDeterministic checks that a seed always gives the same
// program and input.
func TestGeneratorDeterministic(t *testing.T) {
	for _, seed := range []int64{0, 1, 42} {
		a, b := NewGenerator(seed).Func("f"), NewGenerator(seed).Func("f")
		if a.Source() != b.Source() || a.InputText() != b.InputText() {
			t.Errorf("seed %d: two different programs:\n%s\n%s", seed, a.Source(), b.Source())
		}
	}
}

// TestRender checks how nodes are written, including the guards that
// keep programs free of undefined behaviour.
func TestRender(t *testing.T) {
	i32 := Type{values.I32, nil}
	x := &Node{Kind: KVar, T: i32, Name: "x"}
	y := &Node{Kind: KVar, T: i32, Name: "y"}
	xs := &Node{Kind: KVar, T: Type{values.I32, []string{"n"}}, Name: "xs"}
	i := &Node{Kind: KVar, T: Type{values.I64, nil}, Name: "i"}
	tests := []struct {
		name string
		n    *Node
		want string
	}{
		{"literal", &Node{Kind: KLit, T: i32, Lit: litInt(values.I32, -3)}, "(-3i32)"},
		{"unsigned all ones", &Node{Kind: KLit, Lit: litInt(values.U8, -1)}, "255u8"},
		{"guarded division", &Node{Kind: KBin, T: i32, Op: "/", Kids: []*Node{x, y}}, "(x / ((y & 7i32) + 1i32))"},
		{"masked shift", &Node{Kind: KBin, T: i32, Op: "<<", Kids: []*Node{x, y}}, "(x << (y & 7i32))"},
		{"min", &Node{Kind: KBin, T: i32, Op: "min", Kids: []*Node{x, y}}, "(i32.min x y)"},
		{"reduce", &Node{Kind: KReduce, T: i32, Op: "max", Kids: []*Node{neutral("max", values.I32), xs}}, "(reduce i32.max i32.lowest xs)"},
		{"guarded index", &Node{Kind: KIndex, T: i32, Kids: []*Node{xs, i}}, "(if n > 0 then xs[i % n] else 0i32)"},
		{"float to int", &Node{Kind: KConv, T: Type{values.U8, nil}, Kids: []*Node{{Kind: KVar, T: Type{values.F32, nil}, Name: "f"}}}, "(u8.f32 (f32.max 0f32 (f32.min 100f32 f)))"},
		{"array loop", &Node{Kind: KLoop, T: xs.T, Params: []string{"acc", "k"}, Kids: []*Node{xs, &Node{Kind: KVar, Name: "n"}, &Node{Kind: KVar, Name: "acc"}}},
			"((loop acc = xs for k < n do acc) :> [n]i32)"},
		{"match", &Node{Kind: KMatch, T: i32, Params: []string{"p", "q"}, Lit: "1i32", Kids: []*Node{
			{Kind: KVar, Name: "b"}, {Kind: KLit, Lit: "true"}, x, {Kind: KVar, T: Type{values.F32, nil}, Name: "f"}, x, y, y, x}},
			"(match ((if b then #a x else if true then #b f else #c) : (#a i32 | #b f32 | #c)) case #a 1i32 -> x case #a p -> x case #b q -> y case #c -> y)"},
	}
	for _, tc := range tests {
		if got := render(tc.n); got != tc.want {
			t.Errorf("%s: got %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestShrink shrinks a function against a fake failure that needs only
// one statement using one parameter, and checks that everything else goes.
func TestShrink(t *testing.T) {
	var f *Func
	for seed := int64(0); ; seed++ {
		f = NewGenerator(seed).Func("f")
		if len(f.Stmts) >= 3 && f.N > 1 {
			break
		}
	}
	target := f.Params[0].Name
	uses := func(c *Func) bool {
		found := false
		for _, s := range c.Stmts {
			var walk func(*Node)
			walk = func(n *Node) {
				if n.Kind == KVar && n.Name == target {
					found = true
				}
				for _, k := range n.Kids {
					walk(k)
				}
			}
			walk(s.E)
		}
		return found && c.N > 0
	}
	fake := &Failure{Kind: KindMismatch, Stage: "optimise"}
	// Make sure the original "fails": keep a statement that uses target.
	f.Stmts = append(f.Stmts, Stmt{"keep", &Node{Kind: KReduce, T: Type{f.Params[0].T.Elem, nil}, Op: "max",
		Kids: []*Node{neutral("max", f.Params[0].T.Elem), {Kind: KVar, T: f.Params[0].T, Name: target}}}})
	f.Results = append(f.Results, "keep")
	check := func(c *Func) *Failure {
		if uses(c) {
			return fake
		}
		return nil
	}
	small, _ := Shrink(f, fake, check, 10000)
	if len(small.Stmts) != 1 || small.N != 1 || small.M != 0 {
		t.Errorf("shrunk to %d statements, n=%d, m=%d:\n%s", len(small.Stmts), small.N, small.M, small.Source())
	}
}

// TestInterpretedBatch runs a deterministic batch through the
// interpreter after every pass. Failures are printed as test programs;
// they are compiler bugs (see testdata/regressions), so the test only
// fails when the tester itself misbehaves: a program the frontend
// rejects for a reason the generator should have avoided.
func TestInterpretedBatch(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 40
	}
	s, err := Run(Config{N: n, Seed: 7, ShrinkBudget: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d passed, %d failed, %d rejected, %d invalid", s.Passed, s.Failed, s.Rejected, s.Invalid)
	for _, r := range s.Failures {
		t.Logf("%s (%d times)", r.Key, r.Count)
	}
	if s.Passed < n/2 {
		t.Errorf("only %d of %d programs passed: the generator makes too many broken programs", s.Passed, n)
	}
	if s.Invalid > n/20 {
		t.Errorf("%d reference runs failed: %v", s.Invalid, s.RejectSamples)
	}
}

// TestCompiledBatch builds one program of 30 entry points and compares
// each with the interpreter, when OpenCL and Go are available.
func TestCompiledBatch(t *testing.T) {
	if testing.Short() || os.Getenv("FCC_SKIP_COMPILED_E2E") != "" {
		t.Skip("compiled runs skipped")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no Go toolchain")
	}
	if _, err := os.Stat("/etc/OpenCL/vendors"); err != nil {
		t.Skip("no OpenCL ICD registered")
	}
	s, err := Run(Config{N: 30, Seed: 11, Compiled: true, BatchSize: 30, ShrinkBudget: -1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("compiled: %d passed, %d failed, %d skipped", s.CompiledPassed, s.CompiledFailed, s.CompiledSkipped)
	for _, r := range s.Failures {
		t.Logf("%s (%d times)", r.Key, r.Count)
	}
}

// TestRegressions checks that the regression programs in
// testdata/regressions are well-formed test programs: a test block that
// spec parses, with an input and an entry point.
func TestRegressions(t *testing.T) {
	files, err := filepath.Glob("testdata/regressions/*.fut")
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".fut"), func(t *testing.T) {
			s, err := spec.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			if !s.HasBlock || len(s.Blocks) == 0 || len(s.Blocks[0].Cases) == 0 {
				t.Fatal("no test case")
			}
		})
	}
}

// TestFailureKey checks that keys ignore positions, numbers, names and
// types, so one bug gives one key.
func TestFailureKey(t *testing.T) {
	a := &Failure{Kind: KindValidate, Stage: "internalise", Msg: "function f100: difftest.fut:2:14: if_21: size ext_19 in type [ext_19][ext_20]i64 is not in scope"}
	b := &Failure{Kind: KindValidate, Stage: "internalise", Msg: "function f7: difftest.fut:3:9: if_5: size ext_4 in type [ext_4]u8 is not in scope"}
	if a.Key() != b.Key() {
		t.Errorf("keys differ:\n%s\n%s", a.Key(), b.Key())
	}
}

// TestBatchCompiles checks that functions compiled together as one
// program (as the compiled check does) do not clash: entry points named
// f16, f32 or f64 once shadowed the modules of those names, so every
// batch holding them fell back to one build per function.
func TestBatchCompiles(t *testing.T) {
	cfg := Config{Seed: 3}
	var fs []*Func
	for i := 0; i < 70; i++ {
		fs = append(fs, cfg.GenerateFunc(i))
	}
	if _, _, err := compileStages(Program(fs)); err != nil {
		t.Fatalf("a batch of %d functions does not compile: %v", len(fs), err)
	}
}

// TestGeneratorMakesMatches checks that generated programs include sum
// types and matches, with and without a literal case.
func TestGeneratorMakesMatches(t *testing.T) {
	g := NewGenerator(3)
	matches, lits := 0, 0
	for i := 0; i < 200; i++ {
		src := g.Func("f").Source()
		if strings.Contains(src, "(match ") {
			matches++
		}
		if strings.Contains(src, "case #a 0") || strings.Contains(src, "case #a 1") || strings.Contains(src, "case #a 2") {
			lits++
		}
	}
	if matches < 20 || lits == 0 {
		t.Errorf("of 200 functions, %d have a match and %d a literal case", matches, lits)
	}
}
