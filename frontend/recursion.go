package frontend

// Recursive functions (Futhark 0.27: "recursive functions, with various
// restrictions"). A top-level function with parameters may call itself in
// its own body. The restrictions are those Futhark's implementation
// discussion settles on and fcc can compile:
//
//   - the function declares its return type, so that the type of a
//     recursive call is known before the body is checked;
//   - it is first order: no parameter and no result holds a function
//     (Futhark's defunctionaliser cannot handle recursive higher-order
//     functions, which may build a different closure at each level);
//   - each recursive call is at the definition's own types (no
//     polymorphic recursion); size parameters are instantiated afresh at
//     each call, so a call on a slice of a parameter is fine.
//
// Mutual recursion cannot arise: a name is in scope only after its
// definition. A definition that shadows an earlier one of the same name
// (def f x = f x + 1, with an f above) keeps referring to the earlier one,
// as before recursion was allowed.
//
// The internaliser makes every recursive function an IR function
// (calls.go); the OpenCL back end runs it on the host, and refuses it
// inside a kernel (backend/funcs.go).

// provisionalGlobal registers d under its own name while its body is
// checked, typed by its declared parameter and result types (ft), unless a
// definition of that name exists already. It returns a function that
// removes the registration again, for the final global to replace it.
func (c *checker) provisionalGlobal(d *ValDecl, ft Type) func() {
	if len(d.Params) == 0 || c.prelude {
		return func() {}
	}
	if _, exists := c.globals[d.Name]; exists {
		return func() {}
	}
	g := &global{decl: d, typ: ft, recursive: true}
	for _, tp := range d.TypeParams {
		if tp.Size {
			g.sizes = append(g.sizes, tp.Name)
		}
	}
	c.globals[d.Name] = g
	return func() {
		if c.globals[d.Name] == g {
			delete(c.globals, d.Name)
		}
	}
}

// recursiveUse checks a use of the definition being checked inside its own
// body and gives its type: the declared one, with the size parameters and
// the sizes inferred for the parameters instantiated afresh.
func (c *checker) recursiveUse(g *global, e *VarExp) Type {
	d := g.decl
	if d.RetType == nil {
		c.errorf(e.Pos, "declare the result type: def "+d.Name+" ... : t = ...",
			"Recursive function %q must have a declared return type.", d.Name)
	}
	if higherOrder(d, c.zonk(g.typ)) {
		c.errorf(e.Pos, "write the recursion as a loop, or pass the function's results instead",
			"Recursive function %q may not be higher-order: a parameter or its result is a function.", d.Name)
	}
	c.recursiveDefs[d] = true
	t, _ := c.instantiateLocal(&binding{name: d.Name, t: g.typ, sizes: g.sizes, localFun: true}, e.Pos)
	return t
}

// higherOrder reports whether a parameter of d or its result (what is
// left of its type t after its parameters) holds a function.
func higherOrder(d *ValDecl, t Type) bool {
	for range d.Params {
		f, ok := t.(TFun)
		if !ok {
			return false
		}
		if containsFun(f.Param) {
			return true
		}
		t = f.Result
	}
	return containsFun(t)
}
