package backend

import (
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	fccruntime "github.com/fcclang/fcc/runtime"
)

// BuildOptions controls Build.
type BuildOptions struct {
	// KeepDir keeps the temporary build directory and reports it on
	// standard error, for debugging generated code.
	KeepDir bool
}

// Build compiles generated code (Generate) into the executable out.
// It writes a temporary module holding the host code and a copy of fcc's
// runtime (embedded in fcc, so this works after go install too) and runs
// go build in it, offline. The OpenCL source is already embedded in the
// host code; the OpenCL is written next to it for inspection only.
func Build(src *Sources, out string, opts BuildOptions) error {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return fmt.Errorf("fcc build needs the Go toolchain (go) on PATH")
	}
	absOut, err := filepath.Abs(out)
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "fcc-build-")
	if err != nil {
		return err
	}
	if opts.KeepDir {
		fmt.Fprintf(os.Stderr, "fcc: build directory %s\n", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	files := map[string][]byte{
		"go.mod":       []byte("module fccprog\n\ngo 1.24\n\nrequire github.com/fcclang/fcc v0.0.0\n\nreplace github.com/fcclang/fcc => ./fccrt\n"),
		"main.go":      src.Host,
		"kernels.cl":   []byte(src.OpenCL),
		"fccrt/go.mod": []byte("module github.com/fcclang/fcc\n\ngo 1.24\n"),
	}
	for name, data := range files {
		if err := writeFile(filepath.Join(dir, name), data); err != nil {
			return err
		}
	}
	if err := copyRuntime(filepath.Join(dir, "fccrt", "runtime")); err != nil {
		return err
	}
	cmd := exec.Command(goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", absOut, ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "CGO_ENABLED=1")
	if outp, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go build of the generated program failed: %v\n%s", err, outp)
	}
	return nil
}

func writeFile(name string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, data, 0o644)
}

// copyRuntime writes the embedded runtime sources under dst, leaving out
// tests and test data, which executables do not need.
func copyRuntime(dst string) error {
	files, err := runtimeFiles()
	if err != nil {
		return err
	}
	for p, data := range files {
		if err := writeFile(filepath.Join(dst, filepath.FromSlash(p)), data); err != nil {
			return err
		}
	}
	return nil
}

// runtimeFiles returns the embedded runtime sources that executables and
// libraries need, by slash-separated path: no tests or test data.
func runtimeFiles() (map[string][]byte, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(fccruntime.Source, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" {
				return fs.SkipDir
			}
			return nil
		}
		ext := path.Ext(p)
		if strings.HasSuffix(p, "_test.go") || (ext != ".go" && ext != ".h" && ext != ".c") {
			return nil
		}
		data, err := fs.ReadFile(fccruntime.Source, p)
		if err != nil {
			return err
		}
		files[p] = data
		return nil
	})
	return files, err
}
