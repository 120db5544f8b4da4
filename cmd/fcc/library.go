package main

import (
	"bytes"
	"path/filepath"
	"strings"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tests/spec"
)

// buildLibrary is fcc build --library: it writes the Go package for the
// compiled program prog (from the file path) into the folder out. The
// package name is pkg, or made from the folder's name; the module path is
// module, or the package name.
func buildLibrary(prog *soac.Program, path, out, module, pkg string) error {
	if pkg == "" {
		pkg = backend.PackageNameFor(filepath.Base(out))
	}
	opts := backend.LibraryOptions{
		Package: pkg,
		Module:  module,
		Source:  filepath.Base(path),
		Example: libraryExample(prog, path),
	}
	return backend.WriteLibrary(prog, out, opts)
}

// libraryExample picks the call the generated package's Example makes:
// the first data set of the program's test blocks that succeeds, on an
// entry point of the program, with input given as values (not random or
// from a script), and, when the block states it, the expected output. It
// returns nil when there is none; the Example then calls the first entry
// point on zero values and is only compiled. Unreadable test blocks are
// not an error here: fcc test reports them.
func libraryExample(prog *soac.Program, path string) *backend.LibraryExample {
	s, err := spec.ParseFile(path)
	if err != nil || s.CompileError != nil {
		return nil
	}
	dir := filepath.Dir(path)
	for _, b := range s.Blocks {
		for _, entry := range b.Entries {
			f := prog.Entry(entry)
			if f == nil {
				continue
			}
			for _, c := range b.Cases {
				if c.Input.Kind != spec.InputValues || c.Expected.Kind == spec.ExpectError || c.HasTag("disable") {
					continue
				}
				input, err := c.InputData(dir)
				if err != nil {
					continue
				}
				params := make([]values.ArgType, len(f.Params))
				for i, p := range f.Params {
					params[i] = values.ArgType{Elem: p.Type.Elem, Rank: p.Type.Rank()}
				}
				args, err := values.ReadArgs(bytes.NewReader(input), entry, params)
				if err != nil {
					continue
				}
				ex := &backend.LibraryExample{Entry: entry, Args: args}
				if c.Expected.Kind == spec.ExpectValues {
					want, err := c.ExpectedData(dir)
					if err == nil {
						like := make([]values.Value, len(f.RetType))
						for i, t := range f.RetType {
							like[i] = values.Value{Type: t.Elem, Shape: make([]int64, t.Rank())}
						}
						if vs, err := spec.ReadExpected(want, like); err == nil && typesMatch(vs, like) {
							ex.Expected = vs
						}
					}
				}
				return ex
			}
		}
	}
	return nil
}

// typesMatch reports whether vs have the element types and ranks of like.
func typesMatch(vs, like []values.Value) bool {
	if len(vs) != len(like) {
		return false
	}
	for i := range vs {
		if vs[i].Type != like[i].Type || len(vs[i].Shape) != len(like[i].Shape) {
			return false
		}
	}
	return true
}

// defaultOutput is fcc build's default output: the program's path without
// .fut (with .bin added when the name does not end in .fut).
func defaultOutput(path string) string {
	out := strings.TrimSuffix(path, filepath.Ext(path))
	if out == path {
		out = path + ".bin"
	}
	return out
}
