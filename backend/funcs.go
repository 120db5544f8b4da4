package backend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// Functions of the program called inside kernels (the internaliser keeps a
// function rather than inline it where inlining would blow up the code)
// become OpenCL C functions, each generated once, before the first kernel
// that calls it. They take the kernel's error buffer, so that their
// run-time checks report as the kernel's own do, then their scalar
// parameters, then a pointer per result.

// kfunName is the OpenCL function of an IR function.
func kfunName(name string) string { return "fcc_fn_" + name }

// call generates a call of a function inside a kernel.
func (c *cgen) call(s *soac.Stm, e *soac.ApplyExp) error {
	f := c.g.prog.Fun(e.Fun)
	if f == nil {
		panic(fmt.Sprintf("backend: %s: call of unknown function %s", s.Pos, e.Fun))
	}
	if c.g.recursive == nil {
		c.g.recursive = soac.RecursiveFuns(c.g.prog)
	}
	if c.g.recursive[e.Fun] {
		// OpenCL C has no recursion; Futhark runs it on the host only
		// too, or flattens it.
		return unsupported(fmt.Sprintf("a call of the recursive function %s inside a kernel (a map, reduce or other parallel construct); recursion runs on the host only", sourceName(f.Name)), s.Pos)
	}
	if !scalarPat(s) {
		return unsupported("function call with array results inside a kernel", s.Pos)
	}
	if err := c.g.kfun(f); err != nil {
		return err
	}
	args := []string{"fcc_err"}
	for _, a := range e.Args {
		x, err := c.operand(a)
		if err != nil {
			return unsupported("function call with array arguments inside a kernel", s.Pos)
		}
		args = append(args, x)
	}
	ids, err := c.declare(s.Pat)
	if err != nil {
		return err
	}
	for _, id := range ids {
		args = append(args, "&"+id)
	}
	c.line("%s(%s);", kfunName(f.Name), strings.Join(args, ", "))
	c.bindDeclared(s.Pat, ids)
	return nil
}

// sourceName is the source name of an IR function the frontend made:
// its name without the numeric suffix that makes it unique.
func sourceName(name string) string {
	i := strings.LastIndexByte(name, '_')
	if i <= 0 || strings.Trim(name[i+1:], "0123456789") != "" || i == len(name)-1 {
		return name
	}
	return name[:i]
}

// kfun generates the OpenCL function of f, once.
func (g *gen) kfun(f *soac.FunDef) error {
	if g.kfuns == nil {
		g.kfuns = map[string]bool{}
	}
	if g.kfuns[f.Name] {
		return nil
	}
	c := g.newCgen()
	decls := []string{"__global long *fcc_err"}
	for _, p := range f.Params {
		if p.Type.Rank() > 0 {
			return unsupported("function with array parameters called inside a kernel", f.Pos)
		}
		ct, err := cType(p.Type.Elem)
		if err != nil {
			return err
		}
		id := g.names.id(p.Name)
		decls = append(decls, ct+" "+id)
		c.vars[p.Name] = kval{scalar: id}
	}
	for i, t := range f.RetType {
		if t.Rank() > 0 {
			return unsupported("function with array results called inside a kernel", f.Pos)
		}
		ct, err := cType(t.Elem)
		if err != nil {
			return err
		}
		decls = append(decls, fmt.Sprintf("%s *fcc_out%d", ct, i))
	}
	c.indent = 1
	res, err := c.body(f.Body)
	if err != nil {
		return err
	}
	if len(c.scratch) > 0 {
		return unsupported("function with arrays of its own called inside a kernel", f.Pos)
	}
	for i, r := range res {
		c.line("*fcc_out%d = %s;", i, r)
	}
	// Mark it made only now: its callees come before it in the program.
	g.kfuns[f.Name] = true
	g.kernels = append(g.kernels, fmt.Sprintf("// %s is %s at %s.\nstatic void %s(%s)\n{\n%s}\n\n",
		kfunName(f.Name), f.Name, f.Pos, kfunName(f.Name), strings.Join(decls, ", "), c.b.String()))
	return nil
}
