package frontend

import (
	_ "embed"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/fcclang/fcc/grammar"
	"github.com/fcclang/fcc/soac"
)

// ParseProgram parses source text into the AST.
func ParseProgram(filename, src string) (*Prog, error) {
	if d := checkNesting(filename, src); d != nil {
		ds := Diagnostics{d}
		ds.attachLines(src)
		return nil, ds
	}
	tree, synErrs := grammar.Parse(filename, src)
	if len(synErrs) > 0 {
		ds := make(Diagnostics, len(synErrs))
		for i, e := range synErrs {
			ds[i] = &Diagnostic{Pos: Pos{File: e.File, Line: e.Line, Col: e.Col}, Msg: e.Msg}
		}
		ds.attachLines(src)
		return nil, ds
	}
	b := &astBuilder{file: filename}
	prog := b.prog(tree)
	if len(b.errs) > 0 {
		b.errs.attachLines(src)
		return nil, b.errs
	}
	return prog, nil
}

// Compile parses, checks and internalises a program to the SOAC IR. Errors
// are Diagnostics that point at the source. src is the text of the main
// file; the files it imports are read relative to filename's directory.
func Compile(filename, src string) (*soac.Program, error) {
	dir, key := splitMain(filename)
	loader := overlayLoader{key: key, src: src, rest: DirLoader(filepath.FromSlash(dirOrDot(dir)))}
	return CompileProgram(loader, dir, key)
}

// CompileFile compiles the program whose main file is filename, reading
// it and its imports from the file system.
func CompileFile(filename string) (*soac.Program, error) {
	dir, key := splitMain(filename)
	return CompileProgram(DirLoader(filepath.FromSlash(dirOrDot(dir))), dir, key)
}

// splitMain splits the main file's path, cleaned so that its messages
// name it as path.Clean does ("a//b.fut" is "a/b.fut"), into its folder
// and its name.
func splitMain(filename string) (dir, key string) {
	return path.Split(path.Clean(filepath.ToSlash(filename)))
}

func dirOrDot(dir string) string {
	if dir == "" {
		return "."
	}
	return dir
}

// CompileProgram compiles the program whose main file the loader reads as
// main; dir is the loader's root as diagnostics name it ("" or "." for
// none).
func CompileProgram(loader Loader, dir, main string) (*soac.Program, error) {
	// The root folder "/" keeps its slash: "/x.fut" is shown as such.
	if dir != "/" {
		dir = strings.TrimSuffix(dir, "/")
	}
	im := newImporter(loader, dir)
	flat, err := eliminate(im, main)
	if err != nil {
		return nil, err
	}
	chk, err := checkFlat(flat)
	if err != nil {
		return nil, err
	}
	ir, ierr := safeInternalise(chk)
	if ierr != nil {
		ds := Diagnostics{ierr}
		ds.attachSources(flat.sources)
		ds.showSourceNames(flat.display)
		return nil, ds
	}
	// A program with no entry point is valid, as in Futhark: fcc check
	// checks it and a library of it has no functions.
	return ir, nil
}

// checkFlat is the checking stage: it type-checks the prelude, then the
// declarations of the module-free program that module elimination made,
// and returns what internalisation needs (see Checked).
func checkFlat(flat *flatProgram) (*Checked, error) {
	c := newChecker()
	pre, err := ParseProgram("prelude/prelude.fut", preludeSrc)
	if err != nil {
		return nil, err
	}
	c.prelude = true
	c.checkProg(pre)
	c.prelude = false
	if len(c.errs) > 0 {
		c.errs.attachLines(preludeSrc)
		return nil, c.errs
	}
	// Positions of the errors found in functor bodies checked at their
	// definition: an application's copy of the body fails there again,
	// which is not reported twice.
	bodyErrs := map[Pos]bool{}
	prog := &Prog{}
	for _, d := range flat.prog.Decls {
		n := len(c.errs)
		c.checkProg(&Prog{Decls: []Decl{d}})
		if vd, ok := d.(*ValDecl); ok && len(c.errs) > n {
			if sc, ok := flat.specChecks[vd]; ok {
				// The error is in a definition the elaborator made to
				// compare a module with its module type: report it where
				// the module is ascribed or applied.
				what := sc.what
				if g, ok := c.globals[sc.val]; ok && sc.val != "" {
					what = fmt.Sprintf("%s, but its type is %s", what, c.show(g.typ))
				}
				for _, e := range c.errs[n:] {
					e.Pos, e.Msg, e.Line = sc.at, what+": "+e.Msg, ""
				}
			}
		}
		if flat.checkOnly[d] {
			for _, e := range c.errs[n:] {
				bodyErrs[e.Pos] = true
			}
			continue
		}
		prog.Decls = append(prog.Decls, d)
		kept := c.errs[:n]
		for _, e := range c.errs[n:] {
			if !bodyErrs[e.Pos] {
				kept = append(kept, e)
			}
		}
		c.errs = kept
	}
	if len(c.errs) > 0 {
		c.errs.attachSources(flat.sources)
		c.errs.showSourceNames(flat.display)
		return nil, c.errs
	}
	res := c.result(prog)
	res.display = flat.display
	return res, nil
}

// overlayLoader serves the main file's text as given and reads the rest.
type overlayLoader struct {
	key, src string
	rest     Loader
}

func (l overlayLoader) ReadFile(name string) ([]byte, error) {
	if name == l.key {
		return []byte(l.src), nil
	}
	return l.rest.ReadFile(name)
}

// safeInternalise internalises, turning a diagnostic raised during
// internalisation (a limitation found only when the program is
// monomorphised, such as an irregular array) into an error.
func safeInternalise(chk *Checked) (ir *soac.Program, err *Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			d, ok := r.(*Diagnostic)
			if !ok {
				panic(r)
			}
			err = d
		}
	}()
	return internalise(chk), nil
}

//go:embed prelude/prelude.fut
var preludeSrc string

// maxNesting bounds how deeply brackets may nest, so that pathological
// input cannot exhaust the stack of the parser or the checker.
const maxNesting = 500

// checkNesting reports brackets nested deeper than maxNesting (comments
// and string literals are skipped).
func checkNesting(filename, src string) *Diagnostic {
	depth, line, col := 0, 1, 0
	for i := 0; i < len(src); i++ {
		ch := src[i]
		col++
		switch {
		case ch == '\n':
			line, col = line+1, 0
		case ch == '-' && i+1 < len(src) && src[i+1] == '-':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			i--
		case ch == '"':
			for i++; i < len(src) && src[i] != '"' && src[i] != '\n'; i++ {
				col++
				if src[i] == '\\' {
					i++
					col++
				}
			}
			col++
		case ch == '(' || ch == '[' || ch == '{':
			depth++
			if depth > maxNesting {
				return &Diagnostic{Pos: Pos{File: filename, Line: line, Col: col}, Msg: fmt.Sprintf("brackets nested more than %d deep", maxNesting), Hint: "split the expression with let bindings"}
			}
		case ch == ')' || ch == ']' || ch == '}':
			depth--
		}
	}
	return nil
}
