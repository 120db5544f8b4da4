package tests

import (
	"fmt"
	"os"
	"sync"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/soac"
)

// programBundle collects the compiled programs when FCC_BUNDLE names a
// file: instead of building and running one executable per program, the
// suite builds one executable holding them all (backend.BuildBundle) after
// the tests, to be run on a GPU machine with FCC_PREBUILT set to a folder
// of links to it, one per program name (tests/gpu-corpus.sh).
type programBundle struct {
	mu    sync.Mutex
	progs []backend.BundledProgram
}

var bundle programBundle

func (b *programBundle) add(name string, p *soac.Program) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.progs = append(b.progs, backend.BundledProgram{Name: name, Prog: p})
}

func TestMain(m *testing.M) {
	code := m.Run()
	if out := os.Getenv("FCC_BUNDLE"); out != "" && code == 0 && len(bundle.progs) > 0 {
		if err := backend.BuildBundle(bundle.progs, out); err != nil {
			fmt.Fprintln(os.Stderr, "bundle:", err)
			code = 1
		} else {
			fmt.Fprintf(os.Stderr, "bundle: %d programs in %s\n", len(bundle.progs), out)
		}
	}
	os.Exit(code)
}
