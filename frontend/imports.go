package frontend

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Loader reads the source files of a program by slash-separated path
// relative to the directory of the program's main file; paths may start
// with "..". fstest.MapFS satisfies it, so imports can be tested without
// files.
type Loader interface {
	ReadFile(name string) ([]byte, error)
}

// DirLoader reads files relative to a directory of the operating system.
type DirLoader string

// ReadFile reads name relative to the directory.
func (d DirLoader) ReadFile(name string) ([]byte, error) {
	if path.IsAbs(name) {
		return os.ReadFile(filepath.FromSlash(name))
	}
	return os.ReadFile(filepath.Join(string(d), filepath.FromSlash(name)))
}

// fsLoader adapts an fs.FS, whose paths may not start with "..".
type fsLoader struct{ fsys fs.FS }

func (l fsLoader) ReadFile(name string) ([]byte, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
	}
	return fs.ReadFile(l.fsys, name)
}

// FSLoader reads files from fsys.
func FSLoader(fsys fs.FS) Loader { return fsLoader{fsys} }

// sourceFile is one parsed file of a program.
type sourceFile struct {
	key     string // path given to the loader
	display string // path shown in diagnostics
	prog    *Prog
}

// importer loads each file of a program once and detects import cycles.
type importer struct {
	loader Loader
	// dir is prepended to keys to form the names diagnostics show.
	dir     string
	files   map[string]*sourceFile
	sources map[string]string // display name -> text, for diagnostics
	loading []string          // keys of the files being elaborated, outermost first
}

func newImporter(loader Loader, dir string) *importer {
	return &importer{loader: loader, dir: dir, files: map[string]*sourceFile{}, sources: map[string]string{}}
}

// importKey is the loader path that `import "imp"` in the file with key
// from denotes: relative to the importing file (unless absolute), with
// ".fut" added.
func importKey(from, imp string) string {
	if path.IsAbs(imp) {
		return path.Clean(imp) + ".fut"
	}
	return path.Clean(path.Join(path.Dir(from), imp)) + ".fut"
}

func (im *importer) displayName(key string) string {
	if im.dir == "" || im.dir == "." || path.IsAbs(key) {
		return key
	}
	return path.Join(im.dir, key)
}

// parse loads and parses the file key; pos is the import that asked for
// it (zero for the main file).
func (im *importer) parse(key string, pos Pos, imp string) (*sourceFile, error) {
	if f, ok := im.files[key]; ok {
		return f, nil
	}
	display := im.displayName(key)
	data, err := im.loader.ReadFile(key)
	if err != nil {
		if pos.File == "" {
			return nil, Diagnostics{{Pos: Pos{File: display, Line: 1, Col: 1}, Msg: fmt.Sprintf("cannot read %s: %v", display, err)}}
		}
		return nil, &Diagnostic{Pos: pos, Msg: fmt.Sprintf("could not find import %q: no file %s", imp, display),
			Hint: "imports are relative to the importing file and name the file without .fut"}
	}
	src := string(data)
	im.sources[display] = src
	prog, err := ParseProgram(display, src)
	if err != nil {
		return nil, err
	}
	f := &sourceFile{key: key, display: display, prog: prog}
	im.files[key] = f
	return f, nil
}

// enter marks key as being elaborated; an import of a file being
// elaborated is a cycle, reported at the import.
func (im *importer) enter(key string, pos Pos) *Diagnostic {
	for i, k := range im.loading {
		if k == key {
			chain := make([]string, 0, len(im.loading)-i+1)
			for _, c := range im.loading[i:] {
				chain = append(chain, im.displayName(c))
			}
			chain = append(chain, im.displayName(key))
			return &Diagnostic{Pos: pos, Msg: "Import cycle: " + strings.Join(chain, " -> "),
				Hint: "move what both files need into a third file that both import"}
		}
	}
	im.loading = append(im.loading, key)
	return nil
}

func (im *importer) leave() { im.loading = im.loading[:len(im.loading)-1] }

// attachSources fills in each diagnostic's source line from the file it
// names.
func (ds Diagnostics) attachSources(sources map[string]string) {
	for _, d := range ds {
		if src, ok := sources[d.Pos.File]; ok && d.Line == "" {
			Diagnostics{d}.attachLines(src)
		}
	}
}
