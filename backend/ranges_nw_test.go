package backend_test

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

// TestNWBlockedNoBoundsChecks compiles the blocked Needleman-Wunsch
// application and checks that the inner loop of its intra-group kernel
// (the 2B-1 = 63 anti-diagonals of a block) has no failure sites: each
// index is proved in bounds from the branch conditions around it
// (`j < 1 || j > B`, `i == 0`, `j == 0`) and affine arithmetic
// (`(i - 1) * B + j - 1` in the block's B * B cells).
func TestNWBlockedNoBoundsChecks(t *testing.T) {
	prog, err := pipeline.CompileFile(filepath.Join("..", "bench", "apps", "nw_blocked.fut"), nil)
	if err != nil {
		t.Fatal(err)
	}
	src, err := backend.Generate(prog)
	if err != nil {
		t.Fatal(err)
	}
	// The step's index is long, or int where it is narrowed.
	loop := regexp.MustCompile(`for \((?:long|int) (it_\d+) = 0; it_\d+ < (?:\(long\))?\(\(long\)63L\); it_\d+\+\+\) \{`)
	found := 0
	for _, k := range strings.Split(src.OpenCL, "__kernel void ")[1:] {
		name, _, _ := strings.Cut(k, "(")
		if !strings.HasPrefix(name, "segmap_group") {
			continue
		}
		m := loop.FindStringIndex(k)
		if m == nil {
			continue
		}
		found++
		body := block(k[m[1]-1:])
		if !strings.Contains(body, "__local") && !strings.Contains(body, "fcc_local") {
			t.Errorf("%s: the loop does not work in local memory:\n%s", name, body)
		}
		if n := strings.Count(body, "atomic_cmpxchg"); n > 0 {
			t.Errorf("%s: %d failure sites in the anti-diagonal loop:\n%s", name, n, body)
		}
	}
	if found == 0 {
		t.Fatalf("no intra-group kernel with the 63-step anti-diagonal loop in\n%s", src.OpenCL)
	}
}

// block returns the text from the opening brace s starts with to the
// matching closing brace.
func block(s string) string {
	depth := 0
	for i, r := range s {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return s[:i+1]
			}
		}
	}
	return s
}
