package frontend

import (
	_ "embed"

	"github.com/fcclang/fcc/grammar"
	"github.com/fcclang/fcc/soac"
)

// ParseProgram parses source text into the AST.
func ParseProgram(filename, src string) (*Prog, error) {
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
// are Diagnostics that point at the source.
func Compile(filename, src string) (*soac.Program, error) {
	prog, err := ParseProgram(filename, src)
	if err != nil {
		return nil, err
	}
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
	c.checkProg(prog)
	if len(c.errs) > 0 {
		c.errs.attachLines(src)
		return nil, c.errs
	}
	ir, ierr := safeInternalise(c, prog)
	if ierr != nil {
		ds := Diagnostics{ierr}
		ds.attachLines(src)
		return nil, ds
	}
	if len(ir.Funs) == 0 {
		ds := Diagnostics{{Pos: Pos{File: filename, Line: 1, Col: 1}, Msg: "the program has no entry point", Hint: "declare one with `entry name ... = ...`, or define `main`"}}
		return nil, ds
	}
	return ir, nil
}

// safeInternalise internalises, turning a diagnostic raised during
// internalisation (a limitation found only when the program is
// monomorphised, such as an irregular array) into an error.
func safeInternalise(c *checker, prog *Prog) (ir *soac.Program, err *Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			d, ok := r.(*Diagnostic)
			if !ok {
				panic(r)
			}
			err = d
		}
	}()
	return internalise(c, prog), nil
}

//go:embed prelude/prelude.fut
var preludeSrc string
