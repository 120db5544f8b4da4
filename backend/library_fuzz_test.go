package backend_test

import (
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/fcclang/fcc/backend"
	"github.com/fcclang/fcc/pipeline"
	"github.com/fcclang/fcc/runtime/values"
)

// The source importer type-checks fcc's runtime once per process (some
// seconds).
var (
	srcImporterOnce sync.Once
	srcImporter     types.Importer
	srcFset         = token.NewFileSet()
	srcImportErr    error
)

// loadRuntimeTypes type-checks the runtime packages generated code
// imports.
func loadRuntimeTypes() error {
	srcImporterOnce.Do(func() {
		srcImporter = importer.ForCompiler(srcFset, "source", nil)
		for _, path := range []string{"github.com/fcclang/fcc/runtime/exe", "github.com/fcclang/fcc/runtime/values"} {
			if _, err := srcImporter.Import(path); err != nil {
				srcImportErr = err
			}
		}
	})
	return srcImportErr
}

// moduleImporter imports the generated package under its module path and
// anything else from source.
type moduleImporter struct {
	module string
	pkg    *types.Package
}

func (m moduleImporter) Import(path string) (*types.Package, error) {
	if path == m.module && m.pkg != nil {
		return m.pkg, nil
	}
	return srcImporter.Import(path)
}

// typeCheckLibrary parses and type-checks the generated package and its
// example test.
func typeCheckLibrary(t *testing.T, files map[string][]byte, pkgName, module string) {
	t.Helper()
	if err := loadRuntimeTypes(); err != nil {
		t.Fatal(err)
	}
	parse := func(names ...string) []*ast.File {
		var out []*ast.File
		for _, n := range names {
			f, err := parser.ParseFile(srcFset, n, files[n], parser.ParseComments)
			if err != nil {
				t.Fatalf("%s does not parse: %v\n%s", n, err, files[n])
			}
			out = append(out, f)
		}
		return out
	}
	conf := types.Config{Importer: moduleImporter{module: module}}
	pkg, err := conf.Check(module, srcFset, parse("api.go", "program.go"), nil)
	if err != nil {
		t.Fatalf("the generated package does not type-check: %v\n%s", err, files["api.go"])
	}
	if pkg.Name() != pkgName {
		t.Errorf("package %s, want %s", pkg.Name(), pkgName)
	}
	conf = types.Config{Importer: moduleImporter{module: module, pkg: pkg}}
	if _, err := conf.Check(module+"_test", srcFset, parse("example_test.go"), nil); err != nil {
		t.Fatalf("the generated example does not type-check: %v\n%s", err, files["example_test.go"])
	}
}

// FuzzLibrary generates packages for programs with any entry point and
// parameter names, an example on any float, and any folder name; each
// must parse and type-check.
func FuzzLibrary(f *testing.F) {
	f.Add("f'", "len", "close", "nil", -0.0, "fmt")
	f.Add("f_", "Array", "f_27_", "int64", math.NaN(), "my lib")
	f.Add("main", "xs", "Close", "c", math.Inf(-1), "9\nx\"")
	// Before fuzzing: a fuzz input may take at most 10 seconds.
	if err := loadRuntimeTypes(); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, e1, p1, e2, p2 string, x float64, folder string) {
		if !validIdent(e1) || !validIdent(p1) || !validIdent(e2) || !validIdent(p2) || e1 == e2 {
			t.Skip()
		}
		src := fmt.Sprintf("entry %s (%s: []f64) : []f64 = map (+1) %s\nentry %s (%s: i32) : () = ()\n", e1, p1, p1, e2, p2)
		prog, err := pipeline.Compile("lib.fut", src, nil)
		if err != nil {
			if strings.Contains(err.Error(), "internal") {
				t.Fatalf("%s: %v", src, err)
			}
			t.Skip()
		}
		pkg := backend.PackageNameFor(folder)
		opts := backend.LibraryOptions{Package: pkg, Source: folder + ".fut", Example: &backend.LibraryExample{
			Entry:    e1,
			Args:     []values.Value{{Type: values.F64, Shape: []int64{1}, Data: []float64{x}}},
			Expected: []values.Value{{Type: values.F64, Shape: []int64{1}, Data: []float64{x + 1}}},
		}}
		files, err := backend.LibraryFiles(prog, folder, opts)
		if err != nil {
			t.Fatalf("%s in %q: %v", src, folder, err)
		}
		typeCheckLibrary(t, files, pkg, pkg)
	})
}

// TestLibraryNoEntryPoint checks that a program with no entry point, which
// Futhark accepts, gives a library package that type-checks.
func TestLibraryNoEntryPoint(t *testing.T) {
	for _, src := range []string{
		"def f (x: i32) = x + 1",
		"type t = #a | #b i32\ndef g (v: t) : i32 = match v case #a -> 0 case #b x -> x",
	} {
		prog, err := pipeline.Compile("lib.fut", src, nil)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		files, err := backend.LibraryFiles(prog, "lib", backend.LibraryOptions{Package: "lib", Source: "lib.fut"})
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		typeCheckLibrary(t, files, "lib", "lib")
	}
}
