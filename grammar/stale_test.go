package grammar

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGeneratedParserUpToDate regenerates the parser from Futhark.g4 into a
// temporary directory and fails if it differs from the committed
// grammar/parser. It needs npx/npm (and network for the first npm ci);
// set FCC_SKIP_GRAMMAR_STALE=1 to skip it.
func TestGeneratedParserUpToDate(t *testing.T) {
	if os.Getenv("FCC_SKIP_GRAMMAR_STALE") != "" {
		t.Skip("FCC_SKIP_GRAMMAR_STALE is set")
	}
	if _, err := exec.LookPath("npx"); err != nil {
		t.Skip("npx not on PATH: cannot check that grammar/parser is up to date with Futhark.g4")
	}
	if testing.Short() {
		t.Skip("-short: skipping parser regeneration")
	}
	out := filepath.Join(t.TempDir(), "parser")
	cmd := exec.Command("sh", "gen.sh", out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("regenerating the parser failed: %v\n%s", err, stderr.String())
	}
	fresh, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range fresh {
		name := e.Name()
		seen[name] = true
		want, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join("parser", name))
		if err != nil {
			t.Errorf("grammar/parser/%s is missing: run go generate ./grammar/...", name)
			continue
		}
		if !bytes.Equal(got, want) {
			t.Errorf("grammar/parser/%s is stale: run go generate ./grammar/...", name)
		}
	}
	committed, err := os.ReadDir("parser")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range committed {
		if !seen[e.Name()] {
			t.Errorf("grammar/parser/%s is not generated from Futhark.g4 any more: remove it", e.Name())
		}
	}
}
