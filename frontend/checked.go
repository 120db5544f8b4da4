package frontend

// The result of the checking stage, which internalisation reads: what
// checking recorded about the AST (typing), the final substitution that
// resolves the type and size variables in it, and the top-level
// definitions with their types.

// typing is what the checker records about the program for the stages
// after it. The checker fills it in; the internaliser only reads it.
type typing struct {
	// types and patTypes are the types of expressions and patterns
	// (with type variables, which the substitution resolves).
	types    map[Exp]Type
	patTypes map[Pat]Type
	// retTypes holds the declared result types of functions (*ValDecl,
	// *LetFunExp) and lambdas (*LambdaExp) that have one; the internaliser
	// gives their results these sizes (see coerceResult).
	retTypes map[any]Type
	// qualified records projections that are really qualified names
	// (f32.sqrt parses as a projection from f32).
	qualified map[*ProjectExp]*VarExp
	// inst records, for each use of a polymorphic name, the types its
	// quantified variables were instantiated with.
	inst map[*VarExp]map[int]Type
	// globalRef records which top-level definition a name refers to
	// (user definitions shadow the prelude's only after them).
	globalRef map[*VarExp]*ValDecl
	// implicit holds the names of implicit size parameters.
	implicit map[string]bool
	// recursiveDefs holds the functions that call themselves
	// (recursion.go); the internaliser keeps them as IR functions.
	recursiveDefs map[*ValDecl]bool
}

func newTyping() typing {
	return typing{
		types:     map[Exp]Type{},
		patTypes:  map[Pat]Type{},
		retTypes:  map[any]Type{},
		qualified: map[*ProjectExp]*VarExp{},
		inst:      map[*VarExp]map[int]Type{},
		globalRef: map[*VarExp]*ValDecl{},
		implicit:  map[string]bool{},

		recursiveDefs: map[*ValDecl]bool{},
	}
}

// substitution maps the type variables (subst) and size variables
// (dsubst, see sizes.go) resolved by unification to what they stand for.
type substitution struct {
	subst  map[int]Type
	dsubst map[int]Dim
}

// Checked is the result of the checking stage and the input of
// internalisation: the typed program and everything the internaliser
// needs to know about it. Checking fills it in through the checker; the
// internaliser reads only this.
type Checked struct {
	// prog is the typed program to internalise: the module-free
	// declarations, without the functor bodies checked only at their
	// definition.
	prog *Prog
	typing
	// substitution resolves the type and size variables left in typing's
	// types (zonk).
	substitution
	// defs are the top-level definitions, the prelude's included, by name.
	defs map[string]checkedDef
	// display maps the flat names of the module elimination that differ
	// from their source names to those (entry points' opaque type names
	// are the types as written).
	display map[string]string
}

// checkedDef is a top-level definition as checked.
type checkedDef struct {
	decl *ValDecl
	// typ is the function type (curried) or the constant's type.
	typ     Type
	prelude bool
}

// result is what the checker found about prog, once it is checked.
func (c *checker) result(prog *Prog) *Checked {
	defs := make(map[string]checkedDef, len(c.globals))
	for name, g := range c.globals {
		defs[name] = checkedDef{decl: g.decl, typ: g.typ, prelude: g.prelude}
	}
	return &Checked{prog: prog, typing: c.typing, substitution: c.substitution, defs: defs}
}
