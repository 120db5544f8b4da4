package tests

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tests/spec"
)

var update = flag.Bool("update", false, "rewrite the golden files in tests/golden from the compiler's current output")

// goldenDir holds one file per program and pass: <prog>.<pass>.golden.
const goldenDir = "golden"

// TestGolden compares the IR printed after each pass of the pipeline with
// the committed golden files, so that every change to what a pass
// produces is seen in review. A pass that leaves the IR as it was needs
// no file. After an intended change, rewrite them with
//
//	go test ./tests/... -update
func TestGolden(t *testing.T) {
	if *update {
		if err := os.MkdirAll(goldenDir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, file := range programs(t) {
		name := strings.TrimSuffix(filepath.Base(file), ".fut")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			if s, err := spec.ParseFile(file); err == nil && s.CompileError != nil {
				t.Skip("the program is meant to be rejected")
			}
			printed := map[string]string{}
			_, err := compileRecovering(file, func(pass string, p *soac.Program) {
				printed[pass] = soac.Print(p)
			})
			if err != nil && len(printed) == 0 {
				t.Skipf("does not compile (TestPrograms reports it): %v", err)
			}
			prev := ""
			for _, pass := range pipeline.Names() {
				got, ok := printed[pass]
				if !ok {
					t.Logf("pass %s not reached: %v", pass, err)
					continue
				}
				path := filepath.Join(goldenDir, name+"."+pass+".golden")
				unchanged := got == prev
				prev = got
				// A pass that changes nothing needs no file (one that
				// exists is still checked), so that the passes added
				// late in the pipeline have files only where they did
				// something (lowering only where there are Seg-ops).
				if unchanged {
					if _, err := os.Stat(path); os.IsNotExist(err) {
						continue
					}
				}
				checkGolden(t, path, got)
			}
		})
	}
}

// compileRecovering runs the pipeline; a panic in a pass becomes an error,
// so that one program's compiler bug does not stop the other tests.
func compileRecovering(file string, after func(string, *soac.Program)) (prog *soac.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal compiler error: %v", r)
		}
	}()
	return pipeline.CompileFile(file, after)
}

// checkGolden compares got with the golden file at path, or rewrites the
// file with -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		t.Errorf("%s does not exist; create it with go test ./tests/... -update", path)
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the compiler's output (-golden +got; go test ./tests/... -update accepts the change):\n%s",
			path, unifiedDiff(string(want), got, 3))
	}
}

// unifiedDiff returns the differences between a and b line by line, in
// the style of diff -u: hunks headed "@@ -l,n +l,n @@", with context
// lines before and after each change.
func unifiedDiff(a, b string, context int) string {
	x, y := splitLines(a), splitLines(b)
	// lcs[i][j] is the length of the longest common subsequence of x[i:]
	// and y[j:]; IR listings are small enough for the quadratic table.
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type op struct {
		kind byte // ' ', '-', '+'
		line string
		i, j int // line numbers in a and b before this op (0-based)
	}
	var ops []op
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			ops = append(ops, op{' ', x[i], i, j})
			i++
			j++
		case i < len(x) && (j == len(y) || lcs[i+1][j] >= lcs[i][j+1]):
			// Deletions before insertions, as diff -u prints them.
			ops = append(ops, op{'-', x[i], i, j})
			i++
		default:
			ops = append(ops, op{'+', y[j], i, j})
			j++
		}
	}
	var out strings.Builder
	for k := 0; k < len(ops); {
		if ops[k].kind == ' ' {
			k++
			continue
		}
		// A hunk: from context lines before the change to context lines
		// after the last change that is at most 2*context lines away.
		start := max(0, k-context)
		end := k
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*context {
				end = min(len(ops), end+context)
				break
			}
			end = run
		}
		na, nb := 0, 0
		for _, o := range ops[start:end] {
			if o.kind != '+' {
				na++
			}
			if o.kind != '-' {
				nb++
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n", ops[start].i+1, na, ops[start].j+1, nb)
		for _, o := range ops[start:end] {
			fmt.Fprintf(&out, "%c%s\n", o.kind, o.line)
		}
		k = end
	}
	return out.String()
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func TestUnifiedDiff(t *testing.T) {
	tests := []struct {
		name, a, b, want string
	}{
		{"equal", "x\ny\n", "x\ny\n", ""},
		{"changed line", "a\nb\nc\n", "a\nB\nc\n", "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"},
		{"added at end", "a\n", "a\nb\n", "@@ -1,1 +1,2 @@\n a\n+b\n"},
		{"removed at start", "a\nb\n", "b\n", "@@ -1,2 +1,1 @@\n-a\n b\n"},
		{
			"two hunks",
			"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n",
			"1\nX\n3\n4\n5\n6\n7\n8\n9\n10\n11\nY\n",
			"@@ -1,3 +1,3 @@\n 1\n-2\n+X\n 3\n@@ -11,2 +11,2 @@\n 11\n-12\n+Y\n",
		},
	}
	for _, tc := range tests {
		if got := unifiedDiff(tc.a, tc.b, 1); got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}
