package frontend

// This file holds the checker's state and its entry points. The checking
// stage is split by concern over several files:
//
//	scope.go     names: top-level definitions, local bindings, scopes, qualified names
//	decls.go     top-level declarations: generalisation, entry points, closedness
//	typeexp.go   type expressions as written, type abbreviations, size names
//	terms.go     expressions (exp1) and their projections, updates, indexing
//	apply.go     variables, applications, lambdas, local functions
//	loops.go     loop expressions
//	patterns.go  binding patterns and their types
//	unify.go     unification, type variables, instantiation, defaulting
//	aliases.go   aliases and consumption of bindings (the uniqueness rules
//	             checked during inference; uniqueness.go, consume.go,
//	             aliastree.go, loopalias.go, components.go hold the rest)
//	sizes.go, sumcheck.go, fields.go, lifting.go, causality.go: sizes,
//	sum types and match, record fields, lifted type parameters, causality
//
// The result of checking is a Checked (checked.go), which the internaliser
// reads.

import "fmt"

// checker infers and checks the types of a program. Its state is grouped
// by the concern that owns it; the groups are embedded, so their fields
// read as c.subst, c.consumed, ....
//
// Polymorphism: a top-level definition's type is generalised over the type
// variables left unresolved after defaulting (and its explicit type
// parameters, which are rigid while its body is checked). Each use of a
// polymorphic name instantiates it afresh and records the instantiation in
// inst, so that the internaliser can monomorphise the body it inlines.
type checker struct {
	nameState           // top-level definitions and type abbreviations (scope.go)
	typing              // what checking records for the stages after it (checked.go)
	unifier             // type variables, their constraints and the substitution (unify.go)
	sizeState           // sizes being inferred and size parameters (sizes.go)
	aliasState          // aliases and consumption, the uniqueness rules (aliases.go, uniqueness.go)
	sums       sumState // sum types and match (sumcheck.go)
	errs       Diagnostics
	// lambdaParams are the parameters of the lambdas of the definition
	// being checked (see checkLambdaParamsKnown).
	lambdaParams []lambdaParam
}

// nameState is what the checker knows of the names of the program beyond
// the local scopes (scope.go).
type nameState struct {
	globals  map[string]*global
	typeAbbr map[string]*TypeDecl
	// failed holds the names of definitions with errors, whose uses are
	// not reported again.
	failed map[string]bool
	// prelude is set while the prelude is checked.
	prelude bool
}

// unifier is the state of unification (unify.go): the type variables made
// so far, their constraints and the substitution that resolves them.
type unifier struct {
	substitution
	next int
	cons map[int]constraint
	// consSince lists the variables whose constraint was set since the
	// last defaultVars: only they can need defaulting (variables are
	// never unbound), which keeps defaulting linear in the program.
	consSince []int
	// occursFailed is set when a unification failed because a type
	// variable occurs in the type it would be bound to.
	occursFailed bool
	// consFailed is set when a unification failed because a constrained
	// type variable (an operand of ==, of +, ...) met a type its
	// constraint does not allow.
	consFailed *consFailure
	// fields are the field constraints of unresolved type variables
	// (fields.go), fieldVars the variables that got them while the
	// current definition was checked, and fieldNote explains the last
	// unification that failed on one.
	fields    map[int][]fieldCons
	fieldVars []int
	fieldNote string
	// indexTypes are the types of index and slice bound expressions,
	// which default to i64 rather than i32.
	indexTypes []Type
	// consPos remembers where a constrained variable arose, for messages.
	consPos map[int]Pos
	// rigid holds the type parameters of the definitions being checked,
	// by name; they unify only with themselves.
	rigid map[int]string
	// lifted records '^ (functions allowed) and '~ type parameters.
	lifted map[int]string
	// liftViolation is set when a type parameter that may not be a
	// function type ('t rather than '^t) was about to become one.
	liftViolation *liftViolation
	// plain marks type variables that may not be instantiated with types
	// with anonymous sizes (intrinsics' plain type parameters), tvName
	// names type variables for messages.
	plain  map[int]bool
	tvName map[int]string
	// noFun marks type variables that stand for a plain type parameter
	// (unified with one): they may not become function types either.
	noFun map[int]bool
	// noFunWhy says where a variable marked noFun by noFunction got the
	// mark, for the message when it is later unified with a function.
	noFunWhy map[int]noFunReason
	// eqVars marks the type variables of operands of == and != (see
	// checkClosedOver).
	eqVars map[int]bool
	// localGen marks the type variables local functions are
	// generalised over: each use instantiates them.
	localGen map[int]bool
	// litVars marks the type variables of unsuffixed literals (see
	// checkOverloadAmbiguous).
	litVars map[int]bool
}

// sizeState is the state of size checking (sizes.go); the substitution of
// size variables is the unifier's.
type sizeState struct {
	// sizeNames are the size parameters of the definition being checked
	// (rigid sizes: two different ones never unify).
	sizeNames map[string]bool
	// sizeBinding marks the bindings of size parameters.
	sizeBinding map[*binding]bool
	// implicitSizes is set while the parameter types of a top-level
	// definition are checked: each `[]` becomes a size variable
	// (implicitVars), inferred from the body as Futhark does, and an
	// implicit size parameter where nothing constrains it.
	implicitSizes bool
	implicitVars  []int
	implicitN     int
	// paramVar marks the size variables of the `[]` in a top-level
	// definition's parameter types, with the name messages give them: a
	// size parameter in Futhark, so it cannot be an existential size the
	// body computes (unifyDim).
	paramVar map[int]string
	// letPat maps the sizes of the `let [n]` whose pattern is being bound
	// to size variables: the value's sizes are unified with those, not
	// with the names, as Futhark does (nonrigidFor).
	letPat map[string]Dim
	// letRigid counts, per name, the `let [n]` bindings in whose body the
	// checker is: such a size is rigid there and no parameter's size.
	letRigid map[string]int
	// existVar marks the size variables of the sizes of existential
	// types ?[n].t: the body of a function declared to return one gives
	// them a size, but the function's type keeps them existential
	// (existentialResult).
	existVar map[int]bool
	// existWhy explains where each rigid unknown size comes from.
	existWhy map[int]string
	// instWhy describes the function being instantiated (its name and
	// where it is used), for the existWhy of the unknown sizes its result
	// gets (instDim).
	instWhy string
	// dimName is the size parameter a size variable was instantiated from.
	dimName map[int]string
	// keepNames makes instDim keep named sizes (instantiateLocal).
	keepNames bool
	// noAnon keeps instDim from marking sizes anonymous (prelude
	// functions whose result sizes Futhark knows; see varExp).
	noAnon bool
	// instAnon makes instDim mark the unknown sizes it creates anonymous
	// (result positions of a function's type; see lifting.go).
	instAnon bool
	// anonExt marks the unknown sizes (Dim.Ext) that are anonymous: not
	// known to the caller of the function that computes them.
	anonExt map[int]bool
	// inSizeExp counts the size expressions being checked (see sizeExp).
	inSizeExp int
	// whileConds are the scopes of the while-loop conditions being
	// checked: a condition is evaluated before every iteration, so it may
	// consume nothing bound outside it (Futhark checks it with nothing
	// consumable).
	whileConds []*scope
}

// aliasState is the state of the uniqueness rules: what values alias and
// what has been consumed (aliases.go, uniqueness.go).
type aliasState struct {
	// loopAliases are what each loop's result may alias (see loop).
	loopAliases map[*LoopExp][]*binding
	// constants are the alias bindings of top-level array constants.
	constants map[string]*binding
	// consumed maps bindings consumed so far (in the current control
	// flow) to the place of consumption.
	consumed map[*binding]Pos
	// depth counts enclosing lambdas and loop bodies: a binding from an
	// outer depth may not be consumed.
	depth int
	// fnDepth is the depth of the innermost enclosing lambda or local
	// function (0 outside them).
	fnDepth int
	// bodyAliases records what let expressions alias (see
	// recordBodyAliases).
	bodyAliases map[Exp][]*binding
	// captures collect the uses of bindings from outside the lambdas
	// and function expressions being checked (uniqueness.go), and
	// closureAliases are what each lambda's closure aliases.
	captures       []*capture
	closureAliases map[Exp][]*binding
	// consumingCalls counts the arguments passed for unique parameters
	// outside lambdas, fresh ones included (a top-level constant of
	// functional type may not make any).
	consumingCalls int
	// pseudo, letScopes, loopScopes and loopConsumes serve the checks of
	// the components of results (aliastree.go, loopalias.go): stand-ins
	// for unnamed values, the scopes of let bodies and loop bodies, and
	// which loop parameters each loop consumes.
	pseudo       map[any]*binding
	letScopes    map[Exp]*scope
	loopScopes   map[*LoopExp]*scope
	loopConsumes map[*LoopExp]map[string]bool
	// branchConsumed holds what the branches of each if consumed: its
	// result aliases none of it (see withoutConsumedIn).
	branchConsumed map[*IfExp]map[*binding]bool
}

// checkError aborts checking of the current declaration; the diagnostic is
// already recorded. One error per declaration keeps one mistake from
// cascading into many.
type checkError struct{}

func newChecker() *checker {
	return &checker{
		nameState: nameState{
			globals:  map[string]*global{},
			typeAbbr: map[string]*TypeDecl{},
			failed:   map[string]bool{},
		},
		typing: newTyping(),
		unifier: unifier{
			substitution: substitution{subst: map[int]Type{}, dsubst: map[int]Dim{}},
			cons:         map[int]constraint{},
			consPos:      map[int]Pos{},
			rigid:        map[int]string{},
			lifted:       map[int]string{},
			plain:        map[int]bool{},
			noFun:        map[int]bool{},
			noFunWhy:     map[int]noFunReason{},
			eqVars:       map[int]bool{},
			localGen:     map[int]bool{},
			litVars:      map[int]bool{},
			tvName:       map[int]string{},
		},
		sizeState: sizeState{
			existWhy:    map[int]string{},
			paramVar:    map[int]string{},
			letRigid:    map[string]int{},
			existVar:    map[int]bool{},
			dimName:     map[int]string{},
			anonExt:     map[int]bool{},
			sizeBinding: map[*binding]bool{},
		},
		aliasState: aliasState{consumed: map[*binding]Pos{}},
	}
}

func (c *checker) errorf(pos Pos, hint, format string, args ...any) {
	c.errs = append(c.errs, &Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...), Hint: hint})
	panic(checkError{})
}

// show prints a type for a message, with resolved variables substituted
// and type parameters under their names.
func (c *checker) show(t Type) string { return typeStringN(c.zonk(t), c.typeNames()) }
