// Command gencode compiles Futhark programs with fcc's pipeline and writes
// the generated OpenCL and host Go of each to a folder, so that two
// versions of the compiler can be compared byte for byte (diff -r).
//
//	go run ./tools/gencode -o /tmp/gen-before tests/programs/*.fut examples/*.fut bench/programs/*.fut
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
)

func main() {
	out := flag.String("o", "", "folder to write NAME.cl and NAME.go.txt into")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "gencode: -o is required")
		os.Exit(2)
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, path := range flag.Args() {
		name := strings.ReplaceAll(strings.TrimSuffix(path, ".fut"), "/", "__")
		kernels, host, err := generate(path)
		if err != nil {
			// Programs the compiler rejects are recorded too: a change
			// must not make one fail differently.
			kernels, host = "", []byte("error: "+err.Error()+"\n")
		}
		write(filepath.Join(*out, name+".cl"), []byte(kernels))
		write(filepath.Join(*out, name+".go.txt"), host)
	}
}

func generate(path string) (kernels string, host []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	prog, err := pipeline.CompileFile(path, nil)
	if err != nil {
		return "", nil, err
	}
	src, err := backend.Generate(prog)
	if err != nil {
		return "", nil, err
	}
	return src.OpenCL, src.Host, nil
}

func write(path string, data []byte) {
	if err := os.WriteFile(path, data, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
