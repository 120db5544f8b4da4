package backend_test

import (
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestEagerShortCircuit checks the code of short-circuits in kernel
// loops that the lowering makes eager: a bitwise or/and of the condition
// and the other operand, whose reads happen whatever the condition is
// (none out of bounds) and whose failures the condition guards; a
// short-circuit outside a loop keeps its branch.
func TestEagerShortCircuit(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		eager     bool
		op, guard string
	}{
		{"a pull level", `def main [n][m] (cost: [n]i32) (start: [n]i32) (degree: [n]i32) (edges: [m]i32) (level: i32) =
  let next = map3 (\c s d -> if c >= 0 then c
                             else if (loop found = false for e < d do found || cost[edges[s + e]] == level)
                                  then level + 1 else -1) cost start degree
  in (next, any id (map2 (!=) next cost))`, true, " | ", "if (!(v_found_"},
		{"and", `def main (xs: []i32) (iss: [][3]i64) : []bool =
  map (\is -> loop ok = true for i < 3 do ok && xs[is[i]] > 0) iss`, true, " & ", "if ((v_ok_"},
		{"outside a loop", `def main (xs: []i32) (is: []i64) : []bool =
  map (\i -> i < 0 || xs[i] > 0) is`, false, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prog, err := pipeline.Compile("t.fut", tc.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			out, err := backend.Generate(prog)
			if err != nil {
				t.Fatal(err)
			}
			// The first kernel that reads through an index it checks.
			var kernel string
			for _, k := range strings.Split(out.OpenCL, "__kernel ")[1:] {
				if strings.Contains(k, "fcc_err[1]") {
					kernel = k
					break
				}
			}
			if kernel == "" {
				t.Fatalf("no kernel that checks an index:\n%s", out.OpenCL)
			}
			// A speculative read: ((i out of bounds) ? 0 : v_xs[...]).
			const spec = ") ? 0 : v_"
			if !tc.eager {
				if strings.Contains(kernel, spec) {
					t.Errorf("a speculative read:\n%s", kernel)
				}
				return
			}
			loop := loopText(kernel)
			if loop == "" {
				t.Fatalf("no loop in\n%s", kernel)
			}
			if !strings.Contains(loop, "v_sc_") || !strings.Contains(loop, tc.op) || !strings.Contains(loop, spec) {
				t.Errorf("no eager %q with speculative reads in the loop:\n%s", tc.op, loop)
			}
			if strings.Count(loop, tc.guard) != strings.Count(loop, "atomic_cmpxchg") {
				t.Errorf("failures not guarded by %q:\n%s", tc.guard, loop)
			}
		})
	}
}

// loopText is the first sequential loop of kernel k, from its for or
// while to its closing brace.
func loopText(k string) string {
	// The counter is int where the loop's index is narrowed (narrow.go).
	i := strings.Index(k, "for (long it_")
	if n := strings.Index(k, "for (int it_"); i < 0 || n >= 0 && n < i {
		i = n
	}
	if w := strings.Index(k, "while ("); i < 0 || w >= 0 && w < i {
		i = w
	}
	if i < 0 {
		return ""
	}
	depth := 0
	for j := i; j < len(k); j++ {
		switch k[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return k[i : j+1]
			}
		}
	}
	return ""
}
