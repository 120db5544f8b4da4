package frontend

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// checker infers and checks the types of a program. Each expression's type
// is recorded in types; type variables are resolved through subst.
//
// Polymorphism: a top-level definition's type is generalised over the type
// variables left unresolved after defaulting (and its explicit type
// parameters, which are rigid while its body is checked). Each use of a
// polymorphic name instantiates it afresh and records the instantiation in
// inst, so that the internaliser can monomorphise the body it inlines.
type checker struct {
	next  int
	subst map[int]Type
	cons  map[int]constraint
	sums  sumState // sum types and match (sumcheck.go)
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
	// loopAliases are what each loop's result may alias (see loop).
	loopAliases map[*LoopExp][]*binding
	// constants are the alias bindings of top-level array constants.
	constants map[string]*binding
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
	lifted   map[int]string
	types    map[Exp]Type
	patTypes map[Pat]Type
	globals  map[string]*global
	typeAbbr map[string]*TypeDecl
	// qualified records projections that are really qualified names
	// (f32.sqrt parses as a projection from f32).
	qualified map[*ProjectExp]*VarExp
	// inst records, for each use of a polymorphic name, the types its
	// quantified variables were instantiated with.
	inst map[*VarExp]map[int]Type
	// globalRef records which top-level definition a name refers to
	// (user definitions shadow the prelude's only after them).
	globalRef map[*VarExp]*ValDecl
	// consumed maps bindings consumed so far (in the current control
	// flow) to the place of consumption.
	consumed map[*binding]Pos
	// depth counts enclosing lambdas and loop bodies: a binding from an
	// outer depth may not be consumed.
	depth int
	// sizeNames are the size parameters of the definition being checked
	// (rigid sizes: two different ones never unify).
	sizeNames map[string]bool
	// prelude is set while the prelude is checked.
	prelude bool
	// bodyAliases records what let expressions alias (see
	// recordBodyAliases).
	bodyAliases map[Exp][]*binding
	// failed holds the names of definitions with errors, whose uses are
	// not reported again.
	failed map[string]bool
	errs   Diagnostics
	// dsubst resolves size variables (see sizes.go).
	dsubst map[int]Dim
	// sizeBinding marks the bindings of size parameters.
	sizeBinding map[*binding]bool
	// implicitSizes is set while the parameter types of a top-level
	// definition are checked: each `[]` becomes a size variable
	// (implicitVars), inferred from the body as Futhark does, and an
	// implicit size parameter where nothing constrains it.
	implicitSizes bool
	implicitVars  []int
	implicitN     int
	// implicit holds the names of implicit size parameters.
	implicit map[string]bool
	// existWhy explains where each rigid unknown size comes from.
	existWhy map[int]string
	// dimName is the size parameter a size variable was instantiated from.
	dimName map[int]string
	// liftViolation is set when a type parameter that may not be a
	// function type ('t rather than '^t) was about to become one.
	liftViolation *liftViolation
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
	// lambdaParams are the parameters of the lambdas of the definition
	// being checked (see checkLambdaParamsKnown).
	lambdaParams []lambdaParam
	// localGen marks the type variables local functions are
	// generalised over: each use instantiates them.
	localGen map[int]bool
	// litVars marks the type variables of unsuffixed literals (see
	// checkOverloadAmbiguous).
	litVars map[int]bool
	// fnDepth is the depth of the innermost enclosing lambda or local
	// function (0 outside them).
	fnDepth int
	// retTypes holds the declared result types of functions (*ValDecl,
	// *LetFunExp) and lambdas (*LambdaExp) that have one; the internaliser
	// gives their results these sizes (see coerceResult).
	retTypes map[any]Type
	// captures collect the uses of bindings from outside the lambdas
	// and function expressions being checked (uniqueness.go), and
	// closureAliases are what each lambda's closure aliases.
	captures       []*capture
	closureAliases map[Exp][]*binding
	// consumingCalls counts the arguments passed for unique parameters
	// outside lambdas, fresh ones included (a top-level constant of
	// functional type may not make any).
	consumingCalls int
	// inSizeExp counts the size expressions being checked (see sizeExp).
	inSizeExp int
	// pseudo, letScopes, loopScopes and loopConsumes serve the checks of
	// the components of results (uniqueness.go): stand-ins for unnamed
	// values, the scopes of let bodies and loop bodies, and which loop
	// parameters each loop consumes.
	pseudo       map[any]*binding
	letScopes    map[Exp]*scope
	loopScopes   map[*LoopExp]*scope
	loopConsumes map[*LoopExp]map[string]bool
	// branchConsumed holds what the branches of each if consumed: its
	// result aliases none of it (see withoutConsumedIn).
	branchConsumed map[*IfExp]map[*binding]bool
}

type liftViolation struct {
	t Type
	v int // the type variable
}

// checkLift reports a lifting violation found by the last unification.
func (c *checker) checkLift(pos Pos) {
	if lv := c.liftViolation; lv != nil {
		c.liftViolation = nil
		if why, ok := c.noFunWhy[lv.v]; ok && !c.plain[lv.v] {
			if _, user := c.lifted[lv.v]; !user {
				// A value whose type was unknown where it had to be a
				// non-function type: let f x = ([x], x 2).
				c.errorf(pos, "use the value either as a function or as a plain value, not as both",
					"a value whose type must not be a function type is used as a function (%s) here: at %s its type was required to be non-functional (%s)", c.show(lv.t), why.pos, why.msg)
			}
		}
		if _, user := c.lifted[lv.v]; !user && (c.plain[lv.v] || c.noFun[lv.v]) {
			// A built-in function's parameter, which the user cannot
			// change: map (\x -> \y -> x + y) xs.
			name, ok := c.tvName[lv.v]
			if !ok {
				name = "t"
			}
			c.errorf(pos, "", "the built-in function's type parameter '%s cannot be instantiated with the functional type %s (arrays of functions are not allowed)", name, c.show(lv.t))
		}
		c.errorf(pos, "declare the type parameter as '^t to allow functions",
			"a plain type parameter ('t) cannot be instantiated with the functional type %s", c.show(lv.t))
	}
}

// global is a top-level definition.
type global struct {
	decl    *ValDecl
	typ     Type  // function type (curried) or the constant's type
	quant   []int // quantified type variables
	prelude bool
	// retUnique: the result does not alias the arguments.
	retUnique bool
	// sizes are the size parameters, instantiated afresh at each use.
	sizes []string
	// constants are the top-level constants the result may alias (a
	// function returning a global array): its calls alias them too.
	constants []*binding
	// resFresh says which components of the result are fresh (see
	// inferFresh).
	resFresh []bool
}

// binding is a local name.
type binding struct {
	name  string
	t     Type
	quant []int
	sizes []string
	// consumable bindings may be updated in place.
	consumable bool
	// localFun marks a local function (let f x = ...): each use gets
	// fresh size variables (see instantiateLocal).
	localFun bool
	// aliases are the bindings whose arrays this one may share.
	aliases []*binding
	depth   int
	pos     Pos
	// parts stand for the components of a tuple-typed binding once a
	// pattern takes it apart (let (a, b) = arrs): a aliases arrs's first
	// part only, so consuming a leaves b usable, and arrs itself is used
	// up with any of its parts.
	parts []*binding
	// whole is the binding whose part this is (see parts); param marks
	// a function's parameter, whose parts are not independent (see
	// componentSplit); partAls are the aliases of each component of a
	// tuple or record value, where fcc knows them apart (see
	// componentSplit).
	whole   *binding
	param   bool
	partAls [][]*binding
	// tree and compAls are the aliases of the components of the value
	// (tree, for a tuple or record) or of the component of a value that
	// a pattern bound (compAls), where known (see aliasTree); resFresh
	// is inferFresh's for a local function.
	tree     *aliasTree
	compAls  []*binding
	resFresh []bool
	// result marks the stand-in for the result of an application as a
	// whole (see appTree).
	result bool
	// holdsResult marks a function value made by partially applying a
	// function whose result may alias its arguments (see heldFunction).
	holdsResult bool
}

// scope maps local names to their bindings and type variable names to
// types.
type scope struct {
	vars   map[string]*binding
	tvars  map[string]Type
	parent *scope
	// found caches lookups answered by an enclosing scope (nil: bound
	// nowhere): each let opens a scope, and walking a chain of n lets for
	// every global name (+, a top-level function) would make checking
	// quadratic.
	found map[string]*binding
}

func (s *scope) lookup(name string) (*binding, bool) {
	var b *binding
	for t := s; t != nil; t = t.parent {
		var ok bool
		if b, ok = t.vars[name]; ok {
			break
		}
		if b, ok = t.found[name]; ok {
			break
		}
	}
	if _, own := s.vars[name]; !own {
		if s.found == nil {
			s.found = map[string]*binding{}
		}
		s.found[name] = b
	}
	return b, b != nil
}

func (s *scope) lookupTVar(name string) (Type, bool) {
	for ; s != nil; s = s.parent {
		if t, ok := s.tvars[name]; ok {
			return t, true
		}
	}
	return nil, false
}

func (s *scope) child() *scope {
	return &scope{vars: map[string]*binding{}, tvars: map[string]Type{}, parent: s}
}

func newScope() *scope { return (*scope)(nil).child() }

// checkError aborts checking of the current declaration; the diagnostic is
// already recorded. One error per declaration keeps one mistake from
// cascading into many.
type checkError struct{}

func newChecker() *checker {
	return &checker{
		subst:     map[int]Type{},
		cons:      map[int]constraint{},
		consPos:   map[int]Pos{},
		rigid:     map[int]string{},
		lifted:    map[int]string{},
		types:     map[Exp]Type{},
		patTypes:  map[Pat]Type{},
		retTypes:  map[any]Type{},
		globals:   map[string]*global{},
		typeAbbr:  map[string]*TypeDecl{},
		qualified: map[*ProjectExp]*VarExp{},
		inst:      map[*VarExp]map[int]Type{},
		globalRef: map[*VarExp]*ValDecl{},
		consumed:  map[*binding]Pos{},
		failed:    map[string]bool{},
		dsubst:    map[int]Dim{},
		implicit:  map[string]bool{},
		existWhy:  map[int]string{},
		dimName:   map[int]string{},
		anonExt:   map[int]bool{},
		plain:     map[int]bool{},
		noFun:     map[int]bool{},
		noFunWhy:  map[int]noFunReason{},
		eqVars:    map[int]bool{},
		localGen:  map[int]bool{},
		litVars:   map[int]bool{},
		tvName:    map[int]string{},

		sizeBinding: map[*binding]bool{},
	}
}

func (c *checker) errorf(pos Pos, hint, format string, args ...any) {
	c.errs = append(c.errs, &Diagnostic{Pos: pos, Msg: fmt.Sprintf(format, args...), Hint: hint})
	panic(checkError{})
}

// show prints a type for a message, with resolved variables substituted
// and type parameters under their names.
func (c *checker) show(t Type) string { return typeStringN(c.zonk(t), c.typeNames()) }

func (c *checker) fresh(con constraint, pos Pos) TVar {
	c.next++
	v := TVar{ID: c.next}
	if con != cAny {
		c.cons[v.ID] = con
		c.consPos[v.ID] = pos
		c.consSince = append(c.consSince, v.ID)
	}
	return v
}

// resolve follows substitutions at the top of a type.
func (c *checker) resolve(t Type) Type {
	var chain []int
	for {
		v, ok := t.(TVar)
		if !ok {
			break
		}
		s, ok := c.subst[v.ID]
		if !ok {
			break
		}
		chain = append(chain, v.ID)
		t = s
	}
	// Path compression: unifying the elements of a long array literal
	// chains variables, and following the chain at every step would make
	// checking quadratic.
	if len(chain) > 1 {
		for _, id := range chain[:len(chain)-1] {
			c.subst[id] = t
		}
	}
	return t
}

// zonk substitutes all resolved variables throughout a type.
func (c *checker) zonk(t Type) Type {
	switch t := c.resolve(t).(type) {
	case TArray:
		elem := c.zonk(t.Elem)
		dims := c.zonkDims(t.Dims)
		if a, ok := elem.(TArray); ok {
			return TArray{Elem: a.Elem, Dims: append(dims, a.Dims...), Unique: t.Unique}
		}
		return TArray{Elem: elem, Dims: dims, Unique: t.Unique}
	case TTuple:
		es := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			es[i] = c.zonk(e)
		}
		return TTuple{Elems: es}
	case TRecord:
		fs := make([]RecordField, len(t.Fields))
		for i, f := range t.Fields {
			fs[i] = RecordField{f.Name, c.zonk(f.Type)}
		}
		return TRecord{Fields: fs}
	case TFun:
		return TFun{Param: c.zonk(t.Param), Result: c.zonk(t.Result)}
	case TSum:
		return mapSum(t, c.zonk)
	default:
		return t
	}
}

// substType replaces type variables by m throughout t (which is zonked);
// with anonDims, named sizes become anonymous.
func substType(t Type, m map[int]Type, anonDims bool) Type {
	switch t := t.(type) {
	case TVar:
		if s, ok := m[t.ID]; ok {
			return s
		}
		return t
	case TArray:
		dims := t.Dims
		if anonDims {
			dims = make([]Dim, len(t.Dims))
			for i, d := range t.Dims {
				if d.Known {
					dims[i] = d
				}
			}
		}
		elem := substType(t.Elem, m, anonDims)
		if a, ok := elem.(TArray); ok {
			return TArray{Elem: a.Elem, Dims: append(append([]Dim(nil), dims...), a.Dims...), Unique: t.Unique}
		}
		return TArray{Elem: elem, Dims: dims, Unique: t.Unique}
	case TTuple:
		es := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			es[i] = substType(e, m, anonDims)
		}
		return TTuple{Elems: es}
	case TRecord:
		fs := make([]RecordField, len(t.Fields))
		for i, f := range t.Fields {
			fs[i] = RecordField{f.Name, substType(f.Type, m, anonDims)}
		}
		return TRecord{Fields: fs}
	case TFun:
		return TFun{Param: substType(t.Param, m, anonDims), Result: substType(t.Result, m, anonDims)}
	case TSum:
		return mapSum(t, func(p Type) Type { return substType(p, m, anonDims) })
	}
	return t
}

func (c *checker) occurs(id int, t Type) bool {
	switch t := c.resolve(t).(type) {
	case TVar:
		return t.ID == id
	case TArray:
		return c.occurs(id, t.Elem)
	case TTuple:
		for _, e := range t.Elems {
			if c.occurs(id, e) {
				return true
			}
		}
	case TRecord:
		for _, f := range t.Fields {
			if c.occurs(id, f.Type) {
				return true
			}
		}
	case TFun:
		return c.occurs(id, t.Param) || c.occurs(id, t.Result)
	case TSum:
		for _, k := range t.Constrs {
			for _, p := range k.Payload {
				if c.occurs(id, p) {
					return true
				}
			}
		}
	}
	return false
}

// sizeMismatch is set by unifyOK when two distinct rigid sizes met;
// term says one of them is a size computed from a value (Dim.Term).
type sizeMismatch struct {
	a, b string
	term bool
}

// sizeMismatchError reports at pos that what has sizes that differ. Sizes
// computed from values are worded as Futhark words them.
func (c *checker) sizeMismatchError(pos Pos, what string, sm *sizeMismatch, expected, found Type) {
	if sm.term {
		c.errorf(pos, sizeMismatchHint,
			"%s: expected type %s, but found %s. Sizes \"%s\" and \"%s\" do not match", what, c.show(expected), c.show(found), sm.a, sm.b)
		return
	}
	c.errorf(pos, sizeMismatchHint,
		"%s: sizes \"%s\" and \"%s\" do not match (expected type %s, but found %s)", what, sm.a, sm.b, c.show(expected), c.show(found))
}

// unify makes two types equal or reports, at pos, that what was expected
// differs from what was found.
func (c *checker) unify(expected, found Type, pos Pos, what string) {
	var sm *sizeMismatch
	c.liftViolation = nil
	c.occursFailed = false
	c.consFailed = nil
	c.fieldNote = ""
	c.sums.note = ""
	if !c.unifyS(expected, found, &sm) {
		c.checkLift(pos)
		if sm != nil {
			c.sizeMismatchError(pos, what, sm, expected, found)
		}
		if c.fieldNote != "" {
			c.errorf(pos, "", "%s: expected type %s, but %s", what, c.show(expected), c.fieldNote)
		}
		if strings.HasPrefix(what, "the body of ") {
			// Futhark's wording, which its test blocks match.
			c.errorf(pos, c.unifyHint(expected, found), "Function body does not have expected type: %s is declared to return %s, but its body has type %s%s", strings.TrimPrefix(what, "the body of "), c.show(expected), c.show(found), c.mismatchNotes(expected, found))
		}
		c.errorf(pos, c.unifyHint(expected, found), "%s: expected type %s, but found %s%s", what, c.show(expected), c.show(found), c.mismatchNotes(expected, found))
	}
}

// mismatchNotes explains why expected and found do not unify, where a
// note says more than the two types do.
func (c *checker) mismatchNotes(expected, found Type) string {
	return c.unsharedFields(expected, found) + c.rankNote(expected, found) + c.occursNote() + c.consNote() + c.sums.note
}

// occursNote explains a mismatch where a type variable would have had to
// contain itself (Futhark's "occurs check").
func (c *checker) occursNote() string {
	if !c.occursFailed {
		return ""
	}
	return " (Occurs check: a type would have to contain itself)"
}

// consFailure is a constrained type variable v that could not be bound
// to t.
type consFailure struct {
	v   int
	con constraint
	t   Type
}

// consNote explains a mismatch where a constrained type variable met a
// type its constraint does not allow; a variable compared with == that is
// then applied as a function does not support equality, as Futhark puts
// it.
func (c *checker) consNote() string {
	f := c.consFailed
	if f == nil {
		return ""
	}
	v := c.show(TVar{ID: f.v})
	at := ""
	if p, ok := c.consPos[f.v]; ok && p.Line > 0 {
		at = fmt.Sprintf(" at %d:%d", p.Line, p.Col)
	}
	if f.con == cPrim {
		what := "it cannot be " + c.show(f.t)
		if _, fun := c.zonk(f.t).(TFun); fun {
			what = fmt.Sprintf("the function type %s does not support equality", c.show(f.t))
		}
		return fmt.Sprintf(" (%s is compared with an equality or ordering operator%s, so it must be a primitive type; %s)", v, at, what)
	}
	return fmt.Sprintf(" (%s must be %s due to its use%s, so it cannot be %s)", v, f.con.describe(), at, c.show(f.t))
}

// rankNote explains a mismatch of two array types of different rank.
func (c *checker) rankNote(expected, found Type) string {
	e, ok1 := c.zonk(expected).(TArray)
	f, ok2 := c.zonk(found).(TArray)
	if !ok1 || !ok2 || len(e.Dims) == len(f.Dims) {
		return ""
	}
	return fmt.Sprintf(" (Couldn't match a %d-dimensional array with a %d-dimensional one)", len(e.Dims), len(f.Dims))
}

// unsharedFields explains a mismatch of two record types with different
// fields, as Futhark does: " (the record types do not match: unshared
// fields: c, d.)"; it is empty for other types.
func (c *checker) unsharedFields(a, b Type) string {
	ra, ok1 := c.zonk(a).(TRecord)
	rb, ok2 := c.zonk(b).(TRecord)
	if !ok1 || !ok2 {
		return ""
	}
	in := func(r TRecord, name string) bool {
		_, ok := fieldType(r, name)
		return ok
	}
	var names []string
	for _, f := range ra.Fields {
		if !in(rb, f.Name) {
			names = append(names, f.Name)
		}
	}
	for _, f := range rb.Fields {
		if !in(ra, f.Name) {
			names = append(names, f.Name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	sort.Slice(names, func(i, j int) bool { return fieldLess(names[i], names[j]) })
	return fmt.Sprintf(" (the record types do not match: unshared fields: %s.)", strings.Join(names, ", "))
}

func (c *checker) unifyHint(expected, found Type) string {
	e, f := c.zonk(expected), c.zonk(found)
	if _, ok := e.(TFun); ok {
		if _, ok := f.(TFun); !ok {
			return ""
		}
	}
	if _, ok := f.(TFun); ok {
		if _, ok := e.(TFun); !ok {
			return "is a function applied to too few arguments?"
		}
	}
	ep, eok := e.(TPrim)
	fp, fok := f.(TPrim)
	if eok && fok && ep.T != values.Bool && fp.T != values.Bool {
		return fmt.Sprintf("convert with %s.%s", ep.T, fp.T)
	}
	return ""
}

func (c *checker) unifyOK(a, b Type) bool {
	var sm *sizeMismatch
	return c.unifyS(a, b, &sm)
}

func (c *checker) unifyS(a, b Type, sm **sizeMismatch) bool {
	a, b = c.resolve(a), c.resolve(b)
	if va, ok := a.(TVar); ok {
		if vb, ok := b.(TVar); ok && va.ID == vb.ID {
			return true
		}
		if _, r := c.rigid[va.ID]; !r {
			return c.bind(va, b)
		}
		if vb, ok := b.(TVar); ok {
			if _, r := c.rigid[vb.ID]; !r {
				return c.bind(vb, a)
			}
		}
		return false
	}
	if vb, ok := b.(TVar); ok {
		if _, r := c.rigid[vb.ID]; r {
			return false
		}
		return c.bind(vb, a)
	}
	switch a := a.(type) {
	case TPrim:
		b, ok := b.(TPrim)
		return ok && a.T == b.T
	case TArray:
		b, ok := b.(TArray)
		if !ok {
			return false
		}
		// An array whose element is still a variable may turn out to be
		// an array itself, so compare one dimension at a time (the rows
		// first, so that a size mismatch shows the element types).
		if !c.unifyS(rowOf(a), rowOf(b), sm) {
			return false
		}
		da, db := a.Dims[0], b.Dims[0]
		if !c.unifyDim(da, db) {
			*sm = &sizeMismatch{c.showDim(da), c.showDim(db), dimHasTerm(c.resolveDim(da)) || dimHasTerm(c.resolveDim(db))}
			return false
		}
		return true
	case TTuple:
		b, ok := b.(TTuple)
		if !ok || len(a.Elems) != len(b.Elems) {
			return false
		}
		for i := range a.Elems {
			if !c.unifyS(a.Elems[i], b.Elems[i], sm) {
				return false
			}
		}
		return true
	case TRecord:
		b, ok := b.(TRecord)
		if !ok || len(a.Fields) != len(b.Fields) {
			return false
		}
		for i := range a.Fields {
			if a.Fields[i].Name != b.Fields[i].Name || !c.unifyS(a.Fields[i].Type, b.Fields[i].Type, sm) {
				return false
			}
		}
		return true
	case TFun:
		b, ok := b.(TFun)
		return ok && c.unifyS(a.Param, b.Param, sm) && c.unifyS(a.Result, b.Result, sm)
	case TSum:
		return c.unifySum(a, b, sm)
	}
	return false
}

func (c *checker) bind(v TVar, t Type) bool {
	if c.funless(v.ID) {
		if _, isVar := t.(TVar); !isVar && containsFun(c.zonk(t)) {
			c.liftViolation = &liftViolation{t: t, v: v.ID}
			return false
		}
	}
	if !c.bindConstrs(v, t) {
		return false
	}
	if w, ok := t.(TVar); ok {
		if w.ID == v.ID {
			return true
		}
		if c.eqVars[v.ID] {
			c.eqVars[w.ID] = true
		}
		if c.litVars[v.ID] {
			c.litVars[w.ID] = true
		}
		if c.plain[v.ID] || c.noFun[v.ID] {
			c.noFun[w.ID] = true
			if why, ok := c.noFunWhy[v.ID]; ok {
				if _, has := c.noFunWhy[w.ID]; !has {
					c.noFunWhy[w.ID] = why
				}
			}
		}
		if l, ok := c.lifted[v.ID]; ok && l != "^" {
			if lw, ok := c.lifted[w.ID]; !ok || lw == "^" {
				c.lifted[w.ID] = l
			}
		}
		con, ok := meet(c.cons[v.ID], c.cons[w.ID])
		if !ok || con != cAny && (len(c.fields[v.ID]) > 0 || len(c.fields[w.ID]) > 0) {
			return false
		}
		if _, r := c.rigid[w.ID]; r && con != cAny {
			return false
		}
		if con != cAny {
			c.cons[w.ID] = con
			c.consSince = append(c.consSince, w.ID)
			if _, has := c.consPos[w.ID]; !has {
				c.consPos[w.ID] = c.consPos[v.ID]
			}
		}
		c.subst[v.ID] = w
		return c.bindFields(v, w)
	}
	if c.occurs(v.ID, t) {
		c.occursFailed = true
		return false
	}
	if con := c.cons[v.ID]; con != cAny {
		p, ok := t.(TPrim)
		if !ok || !con.allows(p.T) {
			c.consFailed = &consFailure{v: v.ID, con: con, t: t}
			return false
		}
	}
	c.subst[v.ID] = t
	return c.bindFields(v, t)
}

// funless says whether type variable id may not be instantiated with a
// type that contains a function: a plain type parameter ('t, not '^t),
// an intrinsic's plain one, or a variable unified with one.
func (c *checker) funless(id int) bool {
	if c.plain[id] || c.noFun[id] {
		return true
	}
	l, ok := c.lifted[id]
	return ok && l != "^"
}

// defaultVars gives unresolved constrained variables Futhark's defaults:
// i32 for integers, f64 for floats.
func (c *checker) defaultVars() {
	// An integer used only as an index or slice bound is an i64, as
	// Futhark infers (def main (xs: []i32) a b = xs[a:b] takes i64s).
	for _, t := range c.indexTypes {
		if v, ok := c.resolve(t).(TVar); ok {
			c.subst[v.ID] = tI64
		}
	}
	c.indexTypes = nil
	for _, id := range c.consSince {
		if _, bound := c.subst[id]; bound {
			continue
		}
		switch c.cons[id] {
		case cNumeric, cIntegral, cIntOrBool:
			c.subst[id] = tI32
		case cFloat:
			c.subst[id] = tF64
		}
	}
	c.consSince = c.consSince[:0]
}

// freeVars lists the unresolved type variables of t in order of
// appearance.
func (c *checker) freeVars(t Type, out []int) []int {
	switch t := c.resolve(t).(type) {
	case TVar:
		for _, id := range out {
			if id == t.ID {
				return out
			}
		}
		return append(out, t.ID)
	case TArray:
		return c.freeVars(t.Elem, out)
	case TTuple:
		for _, e := range t.Elems {
			out = c.freeVars(e, out)
		}
	case TRecord:
		for _, f := range t.Fields {
			out = c.freeVars(f.Type, out)
		}
	case TFun:
		return c.freeVars(t.Result, c.freeVars(t.Param, out))
	case TSum:
		for _, k := range t.Constrs {
			for _, p := range k.Payload {
				out = c.freeVars(p, out)
			}
		}
	}
	return out
}

// instantiate gives a polymorphic type fresh type variables, and its size
// parameters fresh size variables.
func (c *checker) instantiate(t Type, quant []int, sizes []string, pos Pos) (Type, map[int]Type) {
	// A monomorphic function's unknown result sizes, which it computes
	// (?[n].[n]t), are anonymous sizes of their own at each use too (the
	// causality check needs them, as for filter's).
	if sizes != nil || len(quant) > 0 || computesSizes(c.zonk(t)) {
		m := map[string]Dim{}
		for _, n := range sizes {
			m[n] = c.freshDim()
			c.dimName[m[n].Var] = n
		}
		t = c.instSizesFn(c.zonk(t), m, map[int]Dim{})
	}
	if len(quant) == 0 {
		return t, nil
	}
	m := map[int]Type{}
	for _, q := range quant {
		v := c.fresh(c.cons[q], pos)
		if l, ok := c.lifted[q]; ok {
			c.lifted[v.ID] = l
		}
		c.inheritName(v.ID, q)
		m[q] = v
	}
	return substType(c.zonk(t), m, false), m
}

// instantiateLocal instantiates the type of a local function at a use:
// its quantified type variables and its size parameters afresh, and the
// sizes inferred in its body (size variables, anonymous sizes) afresh too,
// since Futhark gives a local function's anonymous parameter sizes and
// result sizes a new meaning at each application. Named sizes are names
// of the enclosing scope, which the use shares, and stay.
func (c *checker) instantiateLocal(b *binding, pos Pos) (Type, map[int]Type) {
	m := map[string]Dim{}
	for _, n := range b.sizes {
		m[n] = c.freshDim()
		c.dimName[m[n].Var] = n
	}
	c.keepNames = true
	t := c.instSizesFn(c.zonk(b.t), m, map[int]Dim{})
	c.keepNames = false
	if len(b.quant) == 0 {
		return t, nil
	}
	s := map[int]Type{}
	for _, q := range b.quant {
		v := c.fresh(c.cons[q], pos)
		if l, ok := c.lifted[q]; ok {
			c.lifted[v.ID] = l
		}
		c.inheritName(v.ID, q)
		s[q] = v
	}
	return substType(c.zonk(t), s, false), s
}

// --- declarations ---

func (c *checker) checkProg(p *Prog) {
	for _, d := range p.Decls {
		func() {
			defer func() {
				if r := recover(); r != nil {
					if _, ok := r.(checkError); !ok {
						panic(r)
					}
					c.fields, c.fieldVars = nil, nil
					switch d := d.(type) {
					case *ValDecl:
						c.failed[d.Name] = true
					case *TypeDecl:
						c.failed[d.Name] = true
					}
				}
			}()
			switch d := d.(type) {
			case *ValDecl:
				c.checkValDecl(d)
			case *TypeDecl:
				if old, ok := c.typeAbbr[d.Name]; ok && !c.prelude && old.Pos.File == d.Pos.File {
					c.errorf(d.Pos, "rename one of the definitions", "Duplicate definition of type %q: it is defined more than once", d.Name)
				}
				// Check the definition once with its parameters abstract.
				sc := newScope()
				for _, tp := range d.TypeParams() {
					if tp.Size {
						sc.vars[tp.Name] = &binding{name: tp.Name, t: tI64}
					} else {
						sc.tvars[tp.Name] = c.fresh(cAny, tp.Pos)
					}
				}
				t := c.typeExp(sc, d.Type)
				c.checkTypeDeclSizes(d)
				c.checkTypeDeclLifted(d, t)
				c.typeAbbr[d.Name] = d
			case *UnsupportedDecl:
				c.errorf(d.Pos, "", "%s are not supported yet", d.What)
			}
		}()
	}
}

// TypeParams returns the declaration's parameters.
func (d *TypeDecl) TypeParams() []TypeParam { return d.Params }

// bindTypeParams brings a definition's type and size parameters into
// scope: type parameters as rigid variables, sizes as i64 names.
func (c *checker) bindTypeParams(sc *scope, tps []TypeParam) {
	for _, tp := range tps {
		if tp.Size {
			b := &binding{name: tp.Name, t: tI64, pos: tp.Pos, depth: c.depth}
			sc.vars[tp.Name] = b
			c.sizeNames[tp.Name] = true
			c.sizeBinding[b] = true
			continue
		}
		v := c.fresh(cAny, tp.Pos)
		c.rigid[v.ID] = tp.Name
		// Explicit type parameters: "" (plain 't, no functions), "~" or
		// "^" (functions allowed).
		c.lifted[v.ID] = tp.Lifted
		sc.tvars[tp.Name] = v
	}
}

func (c *checker) checkValDecl(d *ValDecl) {
	if old, dup := c.globals[d.Name]; dup && (!old.prelude || c.prelude) {
		c.errorf(d.Pos, "rename one of the definitions", "Duplicate definition of %q: it is defined more than once", d.Name)
	}
	c.consumed = map[*binding]Pos{}
	c.sums = sumState{}
	c.captures = nil
	c.lambdaParams = nil
	c.consumingCalls = 0
	c.sizeNames = map[string]bool{}
	c.depth = 0
	c.fnDepth = 0
	c.implicitN = 0
	c.implicitVars = nil
	sc := newScope()
	c.bindTypeParams(sc, d.TypeParams)
	params := make([]Type, len(d.Params))
	for i, p := range d.Params {
		c.implicitSizes = true
		func() {
			defer func() { c.implicitSizes = false }()
			params[i] = c.bindParam(sc, p)
		}()
	}
	var ret Type = c.fresh(cAny, d.Pos)
	retUnique := false
	if d.RetType != nil {
		ret = c.typeExp(sc, d.RetType)
		retUnique = isUnique(ret)
		c.retTypes[d] = ret
	}
	ft := ret
	for i := len(params) - 1; i >= 0; i-- {
		ft = TFun{Param: params[i], Result: ft}
	}
	body := c.exp(sc, d.Body)
	c.unify(ret, body, d.Body.expPos(), "the body of "+d.Name)
	if d.RetType != nil {
		c.checkBodyConsumption(sc, d, ret, body)
	}
	if len(d.Params) == 0 && c.consumingCalls > 0 && containsFun(c.zonk(ret)) && !c.prelude {
		// The constant's closure is shared by all its uses: what a
		// partial application in it consumes would be consumed by each.
		c.errorf(d.Body.expPos(), "make it a function of its own parameters, or consume a copy inside a lambda",
			"Top-level constant of higher-order type %s contains consumption, which is not allowed", c.show(ret))
	}
	if isEntry := d.Entry || (d.Name == "main" && !c.prelude); isEntry {
		if ft, ok := c.zonk(ret).(TFun); ok && !containsFun(c.zonk(ft.Param)) {
			c.etaExpand(d, arity(c.zonk(ret)))
			c.checkValDecl(d)
			return
		}
	}
	if len(d.Params) > 0 && !c.prelude {
		c.checkGlobalAliases(sc, d.Body)
	}
	if len(d.Params) == 0 && d.RetType != nil && c.hasUniqueComponent(ret) {
		// Every use of a constant shares its value: none may consume it.
		c.errorf(d.RetType.typePos(), "drop the *", "A top-level constant cannot have a unique type (%s)", c.show(ret))
	}
	bodyTree := c.treeOf(sc, d.Body)
	if d.RetType != nil {
		c.checkReturnComponents(ret, bodyTree, d.Body.expPos())
	}
	resFresh := c.inferFresh(ret, d.RetType != nil, bodyTree)
	// Only a declared unique result is checked: an inferred one is
	// simply not unique where the body aliases a parameter.
	if d.RetType != nil {
		c.checkUniqueResult(sc, d.Name, ret, d.Body)
	}
	c.checkSizeParamsKnown(d, params)
	implicitNames := c.nameImplicitSizes(d)
	if !c.prelude && !d.Entry && d.Name != "main" {
		c.checkOverloadAmbiguous(d, ft)
	}
	c.defaultVars()
	c.checkConstrsResolved()
	c.checkMatches()
	c.checkFieldsResolved()
	g := &global{decl: d, typ: eraseTermDims(c.zonk(ft)), prelude: c.prelude, retUnique: retUnique || d.RetType == nil && !c.aliasesParams(sc, d.Body)}
	if !retUnique {
		for _, b := range c.aliasesOf(sc, d.Body) {
			if c.constants[b.name] == b {
				g.constants = append(g.constants, b)
			}
		}
	}
	g.sizes = implicitNames
	g.resFresh = resFresh
	for _, tp := range d.TypeParams {
		if tp.Size {
			g.sizes = append(g.sizes, tp.Name)
		}
	}
	g.quant = c.freeVars(g.typ, nil)
	if !c.prelude {
		c.checkClosedOver(d, g)
		c.checkLambdaParamsKnown(g)
	}
	c.lambdaParams = nil
	if d.Entry || (d.Name == "main" && !c.prelude) {
		if len(g.quant) > 0 {
			c.errorf(d.Pos, "give the parameters concrete types", "entry point %s is polymorphic (its type is %s); entry points must have concrete types", d.Name, c.show(g.typ))
		}
		c.checkEntryType(d, params, ret)
	}
	c.globals[d.Name] = g
}

// checkClosedOver reports the type variables of a top-level definition's
// type that Futhark does not generalise: one that must support equality
// (def add x y = x == y), since a type parameter does not (one only
// ordered, as by <, stays generalised over the primitive types, a
// loosening of Futhark's default to i32), and, where the
// definition lists type parameters, any not among them (let id 't x = x),
// since explicit type parameters must describe its whole type.
func (c *checker) checkClosedOver(d *ValDecl, g *global) {
	explicit := []string{}
	for _, tp := range d.TypeParams {
		if !tp.Size {
			explicit = append(explicit, "'"+tp.Name)
		}
	}
	for _, q := range g.quant {
		if _, r := c.rigid[q]; r {
			continue
		}
		if c.cons[q] == cPrim && c.eqVars[q] {
			pos, ok := c.consPos[q]
			if !ok {
				pos = d.Pos
			}
			c.errorf(pos, "add a type annotation that names a primitive type, such as (x: i32)",
				"the type %s of the compared values is ambiguous: a type parameter of %s would stand for it, and a type parameter does not support equality", c.show(TVar{q}), d.Name)
		}
		if len(explicit) > 0 {
			c.errorf(d.Pos, "annotate the parameters with the type parameters, such as (x: "+strings.TrimPrefix(explicit[0], "'")+")",
				"the type of %s, %s, has a type %s that is not closed over by its type parameters (%s)", d.Name, c.show(g.typ), c.show(TVar{q}), strings.Join(explicit, " "))
		}
	}
}

// checkOverloadAmbiguous reports a type in a definition's type that only
// built-in operators constrain (def add x y = x + y): nothing says which
// numeric type it is. Where a literal of that type occurs (def inc x = x +
// 1) it gets the literal's default type, i32 or f64, as in Futhark; an
// entry point's types are defaulted too, since it has no callers that
// could fix them.
func (c *checker) checkOverloadAmbiguous(d *ValDecl, ft Type) {
	if len(d.Params) == 0 {
		// A constant (def ap = (+)) is defaulted like a literal, as in
		// Futhark (its hof7): only parameters' types are ambiguous.
		return
	}
	for _, id := range c.freeVars(c.zonk(ft), nil) {
		con := c.cons[id]
		if con == cAny || con == cPrim || c.litVars[id] {
			continue
		}
		if _, r := c.rigid[id]; r {
			continue
		}
		pos, ok := c.consPos[id]
		if !ok {
			pos = d.Pos
		}
		c.errorf(pos, "add a type annotation to disambiguate the type, such as (x: i32)",
			"Type is ambiguous: the type %s in the type of %s could be %s, and nothing in %s says which", c.show(TVar{id}), d.Name, con.describe(), d.Name)
	}
}

// lambdaParam is a parameter of a lambda and its type (see
// checkLambdaParamsKnown).
type lambdaParam struct {
	pat Pat
	t   Type
}

// checkLambdaParamsKnown reports a lambda parameter of a function type
// that the definition leaves partly unknown: (\g -> ...) f where g is
// never applied keeps the type variables of f's instance, which no use of
// the definition can fix (they are not in its type), and a function
// cannot be given a default type as a value can.
func (c *checker) checkLambdaParamsKnown(g *global) {
	quant := map[int]bool{}
	for _, q := range g.quant {
		quant[q] = true
	}
	for _, lp := range c.lambdaParams {
		t := c.zonk(lp.t)
		if !containsFun(t) {
			continue
		}
		for _, id := range c.freeVars(t, nil) {
			if _, r := c.rigid[id]; r || quant[id] || c.localGen[id] {
				continue
			}
			c.errorf(lp.pat.patPos(), "annotate the parameter with its type, or apply it",
				"the type %s of this lambda parameter is ambiguous: %s is not known where the lambda is used", c.show(t), c.show(TVar{id}))
		}
	}
}

// checkSizeParamsKnown reports a size parameter that occurs in no
// parameter's type (only in the result type, or nowhere): its value is
// taken from the arguments when d is called, so it would have none. A
// size parameter that occurs only inside a size expression ([n+m]t,
// [2**k]t) is determined at each call by matching that expression with
// the argument's size, as Futhark unifies size expressions (see
// internaliser.solveSizeExps).
func (c *checker) checkSizeParamsKnown(d *ValDecl, params []Type) {
	known := map[string]bool{}
	for _, p := range params {
		dimNames(c.zonk(p), known)
	}
	for _, tp := range d.TypeParams {
		if tp.Size && !known[tp.Name] {
			c.errorf(tp.Pos, fmt.Sprintf("make it a dimension of a parameter's type ([%s]t), or pass it as an ordinary parameter (%s: i64)", tp.Name, tp.Name),
				"size parameter [%s] of %s is not used in the size of any parameter's dimension, so fcc cannot know its value when %s is called", tp.Name, d.Name, d.Name)
		}
	}
}

// dimNames adds the names that occur in the dimensions of arrays in t,
// as whole dimensions or inside size expressions.
func dimNames(t Type, out map[string]bool) {
	switch t := t.(type) {
	case TArray:
		for _, d := range t.Dims {
			dimNamesOf(d, out)
		}
		dimNames(t.Elem, out)
	case TTuple:
		for _, e := range t.Elems {
			dimNames(e, out)
		}
	case TRecord:
		for _, f := range t.Fields {
			dimNames(f.Type, out)
		}
	}
}

// dimNamesOf adds the names that occur in the dimension d.
func dimNamesOf(d Dim, out map[string]bool) {
	if d.Name != "" {
		out[d.Name] = true
	}
	for _, p := range d.Add {
		dimNamesOf(p, out)
	}
	if d.Exp != nil {
		expNames(d.Exp, out)
	}
}

// expNames adds the unqualified names that a size expression mentions.
func expNames(e Exp, out map[string]bool) {
	for _, n := range expNameList(e, nil) {
		out[n] = true
	}
}

// expNameList appends the unqualified names that a size expression
// mentions, in order of appearance.
func expNameList(e Exp, out []string) []string {
	switch e := e.(type) {
	case *VarExp:
		if len(e.Qual) == 0 {
			out = append(out, e.Name)
		}
	case *ParenExp:
		out = expNameList(e.X, out)
	case *BinOpExp:
		out = expNameList(e.R, expNameList(e.L, out))
	case *ApplyExp:
		out = expNameList(e.Fn, out)
		for _, a := range e.Args {
			out = expNameList(a, out)
		}
	}
	return out
}

// arity is the number of parameters of the function type t whose types
// hold no functions, up to the first that does.
func arity(t Type) int {
	n := 0
	for {
		ft, ok := t.(TFun)
		if !ok || containsFun(ft.Param) {
			return n
		}
		n++
		t = ft.Result
	}
}

// etaExpand gives an entry point whose result is a function (def main =
// f, or def main (m: i64) = map g) n parameters of its own, as Futhark
// does: def main x₁ … xₙ = f x₁ … xₙ. A declared result type a -> b
// gives the new parameter its type a and the entry point its result b.
func (c *checker) etaExpand(d *ValDecl, n int) {
	args := make([]Exp, n)
	for i := range args {
		name := fmt.Sprintf("η%d", i+1)
		var p Pat = &PId{Pos: d.Pos, Name: name}
		if arrow, ok := c.arrowType(d.RetType); ok {
			p = &PAscript{Pos: d.Pos, Pat: p, Type: arrow.Param}
			d.RetType = arrow.Result
			if arrow.ParamName != "" {
				p.(*PAscript).Pat = &PId{Pos: d.Pos, Name: arrow.ParamName}
				name = arrow.ParamName
			}
		}
		d.Params = append(d.Params, p)
		args[i] = &VarExp{Pos: d.Pos, Name: name}
	}
	d.Body = &ApplyExp{Pos: d.Pos, Fn: d.Body, Args: args}
}

// arrowType returns the function type te names, looking through type
// abbreviations without parameters (type^ f = (n: i64) -> [n]i32), so that
// an entry point declared as def main : f = ... gets f's parameter types.
func (c *checker) arrowType(te TypeExp) (*TEArrow, bool) {
	for range 100 { // abbreviations cannot be cyclic; the bound is a guard
		switch t := te.(type) {
		case *TEArrow:
			return t, true
		case *TEName:
			d, ok := c.typeAbbr[t.Name]
			if !ok || len(t.Args) > 0 || len(d.Params) > 0 {
				return nil, false
			}
			te = d.Type
		default:
			return nil, false
		}
	}
	return nil, false
}

// aliasesParams approximates whether a body without a declared return
// type may return one of the parameters' arrays (or a constant's). A
// consumable local of the body that is out of scope here is an array the
// body made afresh (see recordBodyAliases): it does not count.
func (c *checker) aliasesParams(sc *scope, body Exp) bool {
	for _, b := range c.aliasesOf(sc, body) {
		if v, ok := sc.lookup(b.name); ok && v == b || !b.consumable {
			return true
		}
	}
	return false
}

// isUnique says whether a declared result type t promises a value that
// aliases nothing: every array in it is unique. A type parameter does
// not (id returns its argument), whatever it is instantiated with.
func isUnique(t Type) bool {
	switch t := t.(type) {
	case TArray:
		return t.Unique
	case TVar:
		return false
	case TFun:
		// What applying the function returns (a partial application's
		// closure holds its arguments: see aliasesOf).
		return isUnique(t.Result)
	case TTuple:
		for _, e := range t.Elems {
			if !isUnique(e) {
				return false
			}
		}
	case TRecord:
		for _, f := range t.Fields {
			if !isUnique(f.Type) {
				return false
			}
		}
	}
	return true
}

// noFunction rejects function types where Futhark does (results of
// branches, loops and functions, array elements). A type not yet known
// must stay a non-function type: its unresolved variables are marked so
// that a later use as a function (let f x = ([x], x 2)) is reported with
// this place, and a lifted type parameter ('^a), which may stand for a
// function, is rejected here, since nothing later can rule that out.
func (c *checker) noFunction(t Type, pos Pos, msg, hint string) {
	t = c.zonk(t)
	if containsFun(t) {
		c.errorf(pos, hint, "%s (type %s)", msg, c.show(t))
	}
	for _, id := range c.freeVars(t, nil) {
		if c.constrFun(id) {
			c.errorf(pos, hint, "%s (type %s)", msg, c.show(t))
		}
		if c.lifted[id] == "^" {
			if name, ok := c.rigid[id]; ok {
				c.errorf(pos, "declare the type parameter as '"+name+" or '~"+name+" (no functions) if it never stands for a function",
					"%s: its type %s involves the lifted type parameter '^%s, which may be a function type", msg, c.show(t), name)
			}
		}
		if !c.funless(id) {
			c.noFun[id] = true
			c.noFunWhy[id] = noFunReason{pos: pos, msg: msg}
		}
	}
}

// noFunReason records where and why a type variable may not become a
// function type (see noFunction).
type noFunReason struct {
	pos Pos
	msg string
}

func containsFun(t Type) bool {
	switch t := t.(type) {
	case TFun:
		return true
	case TArray:
		return containsFun(t.Elem)
	case TTuple:
		for _, e := range t.Elems {
			if containsFun(e) {
				return true
			}
		}
	case TRecord:
		for _, f := range t.Fields {
			if containsFun(f.Type) {
				return true
			}
		}
	case TSum:
		for _, k := range t.Constrs {
			for _, p := range k.Payload {
				if containsFun(p) {
					return true
				}
			}
		}
	}
	return false
}

// checkEntryType checks the types of an entry point's parameters and
// result. As in Futhark, they may be any types without functions:
// primitives and arrays of primitives are passed as such, other types
// (tuples, records, arrays of them) are opaque (see entryValue). A
// result that is a tuple is several results.
func (c *checker) checkEntryType(d *ValDecl, params []Type, ret Type) {
	for i, p := range params {
		if containsFun(c.zonk(p)) {
			c.errorf(d.Params[i].patPos(), "pass a value that selects the function instead (entry points are called from outside the program)",
				"Entry point functions may not be higher-order: parameter %d of %s has the function type %s", i+1, d.Name, c.show(p))
		}
	}
	if containsFun(c.zonk(ret)) {
		c.errorf(d.Pos, "return the values the function would compute instead",
			"Entry point functions may not be higher-order: the result of %s has the function type %s", d.Name, c.show(ret))
	}
}

// --- types as written ---

func (c *checker) typeExp(sc *scope, te TypeExp) Type {
	switch te := te.(type) {
	case *TEName:
		if len(te.Args) == 0 {
			if t, ok := sc.lookupTVar(te.Name); ok {
				return t
			}
			if p, ok := values.ParsePrimType(te.Name); ok {
				return TPrim{p}
			}
		}
		if d, ok := c.typeAbbr[te.Name]; ok {
			return c.expandAbbr(sc, te, d)
		}
		if c.failed[te.Name] {
			panic(checkError{})
		}
		c.errorf(te.Pos, "", "Unknown type %q", te.Name)
	case *TEArray:
		var d Dim
		if te.Dim == nil && c.implicitSizes {
			d = c.freshDim()
			c.implicitVars = append(c.implicitVars, d.Var)
		}
		if te.Dim != nil {
			switch {
			case te.Dim.Name != "":
				d = c.sizeName(sc, te.Dim.Name, te.Dim.Pos)
			case te.Dim.Exp == nil:
				d = Dim{Const: te.Dim.Lit, Known: true}
			default:
				c.unify(tI64, c.sizeExp(sc, te.Dim.Exp), te.Dim.Pos, "size expression")
				d = Dim{Exp: te.Dim.Exp}
			}
		}
		et := c.typeExp(sc, te.Elem)
		if isAbstractType(c.zonk(et)) && containsFun(c.zonk(et)) {
			c.errorf(te.Pos, "declare the abstract type without ^ if it cannot be a function",
				"Cannot create array with elements of lifted type \"%s\" (might contain function).", c.show(et))
		} else if containsFun(c.zonk(et)) {
			// Futhark's wording, which its test blocks match.
			c.errorf(te.Pos, "pass the functions separately, or store in the array the values they are built from",
				"Cannot create array with elements of lifted type \"%s\": arrays of functions are not allowed", c.show(et))
		}
		// Uniqueness goes outside-in, as in Futhark: an array of unique
		// rows ([](uniq []) where uniq = *[]i32) is not itself unique,
		// only *[]... is.
		a := arrayOf(d, et).(TArray)
		a.Unique = false
		return a
	case *TETuple:
		es := make([]Type, len(te.Elems))
		for i, e := range te.Elems {
			es[i] = c.typeExp(sc, e)
		}
		if len(es) == 1 {
			return es[0]
		}
		return TTuple{Elems: es}
	case *TESum:
		return c.sumTypeExp(sc, te)
	case *TERecord:
		fs := make([]RecordField, len(te.Fields))
		seen := map[string]bool{}
		for i, f := range te.Fields {
			if seen[f.Name] {
				c.errorf(te.Pos, "give each field one type", "Duplicate field %s in the record type", f.Name)
			}
			seen[f.Name] = true
			fs[i] = RecordField{f.Name, c.typeExp(sc, f.Type)}
		}
		sortFields(fs)
		return tupleIfNumbered(fs)
	case *TEArrow:
		if c.implicitSizes {
			c.implicitSizes = false
			defer func() { c.implicitSizes = true }()
		}
		inner := sc
		if te.ParamName != "" {
			inner = sc.child()
			inner.vars[te.ParamName] = &binding{name: te.ParamName, t: tI64}
		}
		return TFun{Param: c.typeExp(sc, te.Param), Result: c.typeExp(inner, te.Result)}
	case *TEUnique:
		t := c.typeExp(sc, te.Type)
		if a, ok := t.(TArray); ok {
			a.Unique = true
			return a
		}
		if tt, ok := t.(TTuple); ok {
			es := make([]Type, len(tt.Elems))
			for i, e := range tt.Elems {
				if a, ok := e.(TArray); ok {
					a.Unique = true
					e = a
				}
				es[i] = e
			}
			return TTuple{Elems: es}
		}
		if r, ok := t.(TRecord); ok {
			return uniqueFields(r)
		}
		return t
	case *TEExistential:
		for _, n := range te.Sizes {
			if !constructiveUse(te.Type, n) {
				// A value of the type must carry the size (functions do
				// not), or it could never be known; Futhark's wording.
				c.errorf(te.Pos, fmt.Sprintf("use %s as the size of an array that is not part of a function type", n),
					"Existential size %q not used as array size (outside function types, where a value would carry it)", n)
			}
		}
		inner := sc.child()
		for _, n := range te.Sizes {
			inner.vars[n] = &binding{name: n, t: tI64}
			// n is existential: one size, whatever it is, wherever
			// it appears in the type.
			inner.tvars["?"+n] = dimType{c.freshDim()}
		}
		return c.typeExp(inner, te.Type)
	}
	c.errorf(te.typePos(), "", "unsupported type")
	return nil
}

// sizeName is the dimension a size name in a type denotes.
func (c *checker) sizeName(sc *scope, name string, pos Pos) Dim {
	if t, ok := sc.lookupTVar("?" + name); ok {
		if d, ok := t.(dimType); ok {
			return d.d
		}
		return Dim{}
	}
	if t, ok := sc.lookupTVar("#" + name); ok {
		// A size argument of a type abbreviation.
		if d, ok := t.(dimType); ok {
			return d.d
		}
	}
	b, ok := sc.lookup(name)
	if !ok {
		if _, g := c.globals[name]; !g {
			c.errorf(pos, "bind it as a size parameter, e.g. def f [n] (xs: [n]i32) = ...", "unknown size %q", name)
		}
		return Dim{Exp: &VarExp{Pos: pos, Name: name}}
	}
	c.unify(tI64, b.t, pos, fmt.Sprintf("size %q", name))
	return Dim{Name: name}
}

// dimType carries a size argument through a type abbreviation's scope.
type dimType struct{ d Dim }

func (dimType) isType() {}

func (c *checker) expandAbbr(sc *scope, te *TEName, d *TypeDecl) Type {
	// Outside parameter types, a size argument written [] is one
	// unknown size wherever the abbreviation uses it: square [] is
	// [k][k] for some k, as in Futhark.
	shareAnon := !c.implicitSizes
	if c.implicitSizes {
		c.implicitSizes = false
		defer func() { c.implicitSizes = true }()
	}
	if len(te.Args) != len(d.Params) {
		c.errorf(te.Pos, "", "type %s takes %d argument(s), but is given %d", d.Name, len(d.Params), len(te.Args))
	}
	inner := newScope()
	// Size expressions of the definition become expressions of the
	// arguments, whose names are bound in the expansion's scope.
	var sizeArgs map[string]Exp
	if hasSizeExp(d.Type) {
		sizeArgs = map[string]Exp{}
	}
	for i, p := range d.Params {
		a := te.Args[i]
		if p.Size {
			if a.Type != nil {
				c.errorf(te.Pos, "write a size argument as [n]", "argument %d of type %s must be a size", i+1, d.Name)
			}
			var dim Dim
			switch {
			case a.Size == nil:
				if shareAnon {
					dim = c.freshDim()
				}
			case a.Size.Name != "":
				dim = c.sizeName(sc, a.Size.Name, a.Size.Pos)
			case a.Size.Exp == nil:
				dim = Dim{Const: a.Size.Lit, Known: true}
			default:
				c.unify(tI64, c.sizeExp(sc, a.Size.Exp), a.Size.Pos, "size expression")
				dim = Dim{Exp: a.Size.Exp}
			}
			inner.tvars["#"+p.Name] = dimType{dim}
			if sizeArgs != nil {
				sizeArgs[p.Name] = c.dimArgExp(sc, inner, dim, te.Pos)
			}
			continue
		}
		if a.Type == nil {
			c.errorf(te.Pos, "", "argument %d of type %s must be a type", i+1, d.Name)
		}
		inner.tvars[p.Name] = c.typeExp(sc, a.Type)
	}
	if sizeArgs != nil {
		return c.typeExp(inner, sizeArgExps(d.Type, sizeArgs))
	}
	return c.typeExp(inner, d.Type)
}

// --- patterns ---

// bindParam binds a function parameter pattern; array parameters of
// unique type are consumable.
func (c *checker) bindParam(sc *scope, p Pat) Type {
	t := c.bindPat(sc, p, nil)
	c.markConsumable(sc, p)
	return t
}

// markConsumable marks the names p binds as parameters, consumable when
// their arrays are unique.
func (c *checker) markConsumable(sc *scope, p Pat) {
	eachSubPat(p, func(q Pat) {
		if id, ok := q.(*PId); ok {
			if b, ok := sc.vars[id.Name]; ok {
				b.consumable = isUniqueArray(c.zonk(b.t)) || c.allArraysUnique(b.t) || c.uniqueSum(b.t)
				b.param = true
			}
		}
	})
}

// eachSubPat calls f with p and every pattern inside it, outermost first.
func eachSubPat(p Pat, f func(Pat)) {
	f(p)
	switch p := p.(type) {
	case *PAscript:
		eachSubPat(p.Pat, f)
	case *PTuple:
		for _, e := range p.Elems {
			eachSubPat(e, f)
		}
	case *PRecord:
		for _, fd := range p.Fields {
			eachSubPat(fd.Pat, f)
		}
	case *PConstr:
		for _, a := range p.Args {
			eachSubPat(a, f)
		}
	}
}

func isUniqueArray(t Type) bool {
	a, ok := t.(TArray)
	return ok && a.Unique
}

// bindPat binds the names of a pattern in sc. When t is nil the pattern's
// type comes from its ascriptions or fresh variables; it is returned.
func (c *checker) bindPat(sc *scope, p Pat, t Type) Type {
	seen := map[string]bool{}
	for _, n := range patNames(p, nil) {
		if seen[n] {
			c.errorf(p.patPos(), "rename one of them", "%q is bound twice in the same pattern", n)
		}
		seen[n] = true
	}
	return c.bindPat1(sc, p, t)
}

func (c *checker) bindPat1(sc *scope, p Pat, t Type) Type {
	switch p := p.(type) {
	case *PId:
		if t == nil {
			t = c.fresh(cAny, p.Pos)
		}
		sc.vars[p.Name] = &binding{name: p.Name, t: t, consumable: true, depth: c.depth, pos: p.Pos}
		c.patTypes[p] = t
		return t
	case *PWild:
		if t == nil {
			t = c.fresh(cAny, p.Pos)
		}
		c.patTypes[p] = t
		return t
	case *PTuple:
		if len(p.Elems) == 1 {
			t = c.bindPat(sc, p.Elems[0], t)
			c.patTypes[p] = t
			return t
		}
		es := make([]Type, len(p.Elems))
		if t != nil {
			for i := range es {
				es[i] = c.fresh(cAny, p.Pos)
			}
			c.unify(TTuple{Elems: es}, t, p.Pos, "tuple pattern")
		}
		for i, e := range p.Elems {
			es[i] = c.bindPat(sc, e, es[i])
		}
		var tt Type = TTuple{Elems: es}
		if len(es) == 0 {
			tt = tUnit
		}
		c.patTypes[p] = tt
		return tt
	case *PAscript:
		at := c.typeExp(sc, p.Type)
		if t != nil {
			c.unify(at, t, p.Pos, "pattern with type ascription")
		}
		c.bindPat(sc, p.Pat, at)
		c.patTypes[p] = at
		return at
	case *PRecord:
		seen := map[string]bool{}
		for _, f := range p.Fields {
			if seen[f.Name] {
				c.errorf(p.Pos, "bind each field once", "Duplicate fields in the record pattern: %s", f.Name)
			}
			seen[f.Name] = true
		}
		var fs []RecordField
		if t != nil {
			rt, ok := c.resolve(t).(TRecord)
			if !ok {
				c.errorf(p.Pos, "", "record pattern, but the value has type %s", c.show(t))
			}
			if len(rt.Fields) != len(p.Fields) {
				c.errorf(p.Pos, "", "record pattern with %d field(s), but the value has type %s", len(p.Fields), c.show(t))
			}
			for _, f := range p.Fields {
				ft, ok := fieldType(rt, f.Name)
				if !ok {
					c.errorf(p.Pos, "", "record pattern field %s, but the value has type %s", f.Name, c.show(t))
				}
				c.bindPat(sc, f.Pat, ft)
			}
			c.patTypes[p] = rt
			return rt
		}
		for _, f := range p.Fields {
			fs = append(fs, RecordField{f.Name, c.bindPat(sc, f.Pat, nil)})
		}
		sortFields(fs)
		rt := TRecord{Fields: fs}
		c.patTypes[p] = rt
		return rt
	case *PConstr:
		return c.constrPat(sc, p, t)
	case *PLit:
		return c.litPat(sc, p, t)
	}
	c.errorf(p.patPos(), "", "unsupported pattern")
	return nil
}

// tupleIfNumbered makes a record whose fields are 0, 1, ..., n-1 (n > 1)
// the tuple it is in Futhark.
func tupleIfNumbered(fs []RecordField) Type {
	if len(fs) > 1 {
		es := make([]Type, len(fs))
		for i, f := range fs {
			if f.Name != fmt.Sprint(i) {
				return TRecord{Fields: fs}
			}
			es[i] = f.Type
		}
		return TTuple{Elems: es}
	}
	return TRecord{Fields: fs}
}

func fieldType(r TRecord, name string) (Type, bool) {
	for _, f := range r.Fields {
		if f.Name == name {
			return f.Type, true
		}
	}
	return nil, false
}

// patNames lists the bindings a pattern introduced in sc.
func patNames(p Pat, out []string) []string {
	switch p := p.(type) {
	case *PId:
		return append(out, p.Name)
	case *PAscript:
		return patNames(p.Pat, out)
	case *PTuple:
		for _, e := range p.Elems {
			out = patNames(e, out)
		}
	case *PRecord:
		for _, f := range p.Fields {
			out = patNames(f.Pat, out)
		}
	case *PConstr:
		for _, a := range p.Args {
			out = patNames(a, out)
		}
	}
	return out
}

// --- uniqueness ---

// componentAliases gives each name of pattern p the aliases of the part
// of v it binds: a tuple or record pattern against a value whose
// components fcc can tell apart (see componentSplit) goes component by
// component; anything else gets whole, v's aliases.
func (c *checker) componentAliases(sc *scope, p Pat, v Exp, whole []*binding, out map[string][]*binding) {
	p = unascribed(p)
	if v != nil {
		if idx := c.patComponents(p, c.types[v]); idx != nil {
			if exps, als := c.componentSplit(sc, v); als != nil {
				for k, q := range idx {
					var x Exp
					if exps != nil {
						x = exps[k]
					}
					if q != nil {
						c.componentAliases(sc, q, x, als[k], out)
					}
				}
				return
			}
		}
	}
	for _, n := range patNames(p, nil) {
		out[n] = whole
	}
}

// use checks that a binding has not been consumed.
func (c *checker) use(b *binding, pos Pos) {
	for _, p := range b.parts {
		if at, ok := c.consumed[p]; ok {
			c.errorf(pos, "copy the array before consuming it, or do not use it afterwards",
				"Using variable %q, but part of it was consumed at %d:%d", b.name, at.Line, at.Col)
		}
	}
	if at, ok := c.consumed[b]; ok {
		c.errorf(pos, "copy the array before consuming it (copy "+b.name+"), or do not use it afterwards",
			"Using variable %q, but this was consumed at %d:%d", b.name, at.Line, at.Col)
	}
	for _, a := range b.aliases {
		at, ok := c.consumed[a]
		if !ok {
			a, at, ok = c.consumedWhole(a)
		}
		if ok {
			// Named after what was consumed, as in Futhark.
			what := fmt.Sprintf("variable %q", a.name)
			if a.result {
				what = a.name
			}
			c.errorf(pos, "copy the array before consuming it",
				"Using %s, but this was consumed at %d:%d (%q, used here, aliases it and was consumed with it)", what, at.Line, at.Col, b.name)
		}
	}
}

// consume marks what e denotes as consumed at pos (in-place updates,
// arguments for unique parameters).
func (c *checker) consume(sc *scope, e Exp, pos Pos) {
	c.consumeAliases(c.aliasesOf(sc, e), e, pos)
}

// consumeAliases marks als, the aliases of e (nil for a component of a
// value), as consumed at pos.
func (c *checker) consumeAliases(als []*binding, e Exp, pos Pos) {
	if c.inSizeExp > 0 && len(als) > 0 {
		c.errorf(pos, "compute the size before the type, without updating anything",
			"Consuming %q, which is not consumable inside a size expression: a size may be evaluated more than once, so it may not consume anything", als[0].name)
	}
	if b := notConsumable(als); b != nil {
		// Named after what makes it not consumable, as in Futhark.
		via := ""
		if v, ok := stripParens(e).(*VarExp); ok && v.Name != b.name {
			via = fmt.Sprintf(" (%q, consumed here, aliases it)", v.Name)
		}
		if c.isFunType(b.t) {
			c.errorf(pos, "update a copy of the function's result (copy ("+b.name+" ...)), or give its result a unique type (-> *[]t)",
				"Consuming %q, which is not consumable: it is a function parameter, and what applying it returns may be an array it holds%s", b.name, via)
		}
		c.errorf(pos, "give the parameter a unique type (*[]t) or update a copy (copy "+b.name+")",
			"Consuming %s, which is not consumable: it is a parameter that is not unique or a top-level constant%s", userName(b.name), via)
	}
	for _, b := range als {
		if b.depth < c.depth {
			c.errorf(pos, "copy it inside the function or loop first",
				"Consuming variable %q, which is not consumable here: it is bound outside the enclosing function or loop body", b.name)
		}
		if at, ok := c.consumed[b]; ok {
			c.errorf(pos, "copy the array for one of the uses", "%q is consumed twice (also at %d:%d)", b.name, at.Line, at.Col)
		}
		c.consumed[b] = pos
		c.consumeWhole(b, pos)
		for _, p := range b.parts {
			if at, ok := c.consumed[p]; ok {
				c.errorf(pos, "copy the array for one of the uses", "%q is consumed, but part of it was consumed already at %d:%d", b.name, at.Line, at.Col)
			}
			c.consumed[p] = pos
		}
	}
}

// notConsumable is the first of als that may not be consumed, preferring
// one that is not consumable of itself (a parameter that is not unique, a
// constant) to a name that merely aliases one; nil when all may be.
func notConsumable(als []*binding) *binding {
	var first *binding
	for _, b := range als {
		if b.consumable {
			continue
		}
		if first == nil {
			first = b
		}
		own := true
		for _, a := range b.aliases {
			own = own && a.consumable
		}
		if own {
			return b
		}
	}
	return first
}

// aliasesOf is the set of bindings the array value of e may share
// memory with (approximated, but never missing an alias).
func (c *checker) aliasesOf(sc *scope, e Exp) []*binding {
	var out []*binding
	add := func(bs []*binding) {
		for _, b := range bs {
			dup := false
			for _, o := range out {
				if o == b {
					dup = true
				}
			}
			if !dup {
				out = append(out, b)
			}
		}
	}
	switch e := e.(type) {
	case *VarExp:
		if len(e.Qual) > 0 {
			return nil
		}
		if b, ok := sc.lookup(e.Name); ok {
			if c.isFunType(b.t) {
				// A closure: what it holds on to.
				return b.aliases
			}
			if !hasArray(c.zonk(b.t)) {
				return nil
			}
			add([]*binding{b})
			add(b.aliases)
		} else if b := c.constantAlias(e.Name); b != nil {
			add([]*binding{b})
		}
	case *ParenExp, *AscriptExp, *CoerceExp, *AttrExp:
		return c.aliasesOf(sc, operandOf(e))
	case *IndexExp:
		if hasArray(c.zonk(c.types[e])) {
			return c.aliasesOf(sc, e.X)
		}
	case *ProjectExp:
		if _, q := c.qualified[e]; q {
			return nil
		}
		if hasArray(c.zonk(c.types[e])) {
			return c.aliasesOf(sc, e.X)
		}
	case *TupleExp:
		for _, x := range e.Elems {
			add(c.aliasesOf(sc, x))
		}
	case *RecordExp:
		for _, f := range e.Fields {
			add(c.aliasesOf(sc, f.Exp))
		}
	case *IfExp:
		add(c.withoutConsumedIn(e, c.aliasesOf(sc, e.Then)))
		add(c.withoutConsumedIn(e, c.aliasesOf(sc, e.Else)))
	case *MatchExp:
		// Names bound by the cases alias the matched value, which a
		// result with arrays may then alias.
		if hasArray(c.zonk(c.types[e])) {
			add(c.aliasesOf(sc, e.X))
		}
		for _, k := range e.Cases {
			add(c.aliasesOf(sc, k.Body))
		}
	case *ConstrExp:
		for _, a := range e.Args {
			add(c.aliasesOf(sc, a))
		}
	case *RecordUpdateExp:
		// The record keeps its other fields, which alias what the
		// record did, except what the new field's value consumed (a
		// record updated through a path, `r with x[i] = v`, is
		// r with x = (r.x with [i] = v), which consumes r).
		for _, b := range append(c.aliasesOf(sc, e.X), c.aliasesOf(sc, e.Value)...) {
			if _, gone := c.consumed[b]; !gone {
				add([]*binding{b})
			}
		}
	case *LetExp, *LetFunExp, *LetWithExp:
		return c.aliasesOfIn(e)
	case *LoopExp:
		if hasArray(c.zonk(c.types[e])) {
			return c.loopAliases[e]
		}
	case *LambdaExp:
		return c.closureAliases[e]
	case *OpSectionExp:
		if e.Backtick && e.Left == nil && e.Right == nil {
			// (op) naming a definition: its value (see opSection).
			return c.aliasesOf(sc, e.opVar())
		}
		if e.Left != nil {
			return c.aliasesOf(sc, e.Left)
		}
		if e.Right != nil {
			return c.aliasesOf(sc, e.Right)
		}
	case *ApplyExp, *BinOpExp:
		fn, args := appParts(e)
		// A partial application holds on to its function and the
		// arguments it was given, except those it consumed.
		partial := c.isFunType(c.types[e])
		if b, ok := e.(*BinOpExp); ok && (b.Op == "|>" || b.Op == "<|") && !partial {
			// The function applied by a pipeline is a value like any
			// other: the result may alias its closure, whatever the
			// uniqueness of its result (as in Futhark).
			add(c.aliasesOf(sc, fn))
		}
		if !partial && !hasArray(c.zonk(c.types[e])) {
			return out
		}
		if !partial && !c.resultMayAlias(sc, fn) {
			return out
		}
		if g := c.globalOf(sc, fn); g != nil {
			add(g.constants)
		}
		if fn != nil {
			// Applying a closure gives a result that may alias it.
			add(c.aliasesOf(sc, fn))
			if b := c.heldFunction(sc, fn, len(args)); b != nil {
				add([]*binding{b})
			}
		}
		// An argument passed for a unique parameter is consumed: the
		// result does not alias it (as in Futhark), nor the components
		// of a tuple passed for a parameter with unique ones.
		consumed := c.uniqueParamsOf(sc, fn)
		ptypes := c.paramTypesOf(sc, fn)
		for i, a := range args {
			if i < len(consumed) && consumed[i] {
				continue
			}
			if i < len(ptypes) {
				if parts := consumedParts(ptypes[i]); parts != nil {
					if _, split := c.componentSplit(sc, a); split != nil {
						for k, als := range split {
							if !parts[k] {
								add(als)
							}
						}
						continue
					}
				}
			}
			add(c.aliasesOf(sc, a))
		}
	}
	return out
}

// constantAlias is the binding that stands for a top-level constant
// holding arrays, as an alias: constants are shared by every use, so
// nothing may consume them (nil for other names).
func (c *checker) constantAlias(name string) *binding {
	g, ok := c.globals[name]
	if !ok || g.prelude {
		return nil
	}
	if _, fun := g.typ.(TFun); fun || !hasArray(c.zonk(g.typ)) {
		return nil
	}
	if c.constants == nil {
		c.constants = map[string]*binding{}
	}
	b, ok := c.constants[name]
	if !ok {
		b = &binding{name: name, t: g.typ, consumable: false}
		c.constants[name] = b
	}
	return b
}

// aliasesOfIn is used for let bodies, whose scope is gone: their aliases
// were recorded when the body was checked.
func (c *checker) aliasesOfIn(e Exp) []*binding { return c.bodyAliases[e] }

func appParts(e Exp) (Exp, []Exp) {
	switch e := e.(type) {
	case *ApplyExp:
		return e.Fn, e.Args
	case *BinOpExp:
		switch e.Op {
		case "|>":
			return e.R, []Exp{e.L}
		case "<|":
			return e.L, []Exp{e.R}
		}
		return nil, []Exp{e.L, e.R}
	}
	return nil, nil
}

// resultMayAlias says whether applying fn may return an argument's array.
func (c *checker) resultMayAlias(sc *scope, fn Exp) bool {
	for {
		if p, ok := fn.(*ParenExp); ok {
			fn = p.X
			continue
		}
		if a, ok := fn.(*ApplyExp); ok {
			fn = a.Fn
			continue
		}
		break
	}
	v, ok := fn.(*VarExp)
	if !ok {
		if p, ok := fn.(*ProjectExp); ok {
			if q := c.qualified[p]; q != nil {
				v = q
			}
		}
	}
	if v == nil {
		return fn != nil
	}
	if len(v.Qual) == 0 {
		if _, ok := sc.lookup(v.Name); ok {
			return true
		}
		if g, ok := c.globals[v.Name]; ok {
			return !g.retUnique
		}
	}
	return viewIntrinsics[qualName(v.Qual, v.Name)]
}

// operandOf is the operand of an expression whose value is its operand's
// (parentheses, a type ascription, a size coercion, an attribute); nil
// for any other expression.
func operandOf(e Exp) Exp {
	switch e := e.(type) {
	case *ParenExp:
		return e.X
	case *AscriptExp:
		return e.X
	case *CoerceExp:
		return e.X
	case *AttrExp:
		return e.X
	}
	return nil
}

// stripParens is e without the parentheses around it.
func stripParens(e Exp) Exp {
	for {
		p, ok := e.(*ParenExp)
		if !ok {
			return e
		}
		e = p.X
	}
}

// appHead is the function an application (of any number of arguments)
// applies, or e itself when it is not an application.
func appHead(e Exp) Exp {
	for {
		a, ok := stripParens(e).(*ApplyExp)
		if !ok {
			return e
		}
		e = a.Fn
	}
}

// globalOf is the top-level definition that fn names (parentheses
// aside); nil for a local or qualified name or any other expression.
func (c *checker) globalOf(sc *scope, fn Exp) *global {
	v, ok := stripParens(fn).(*VarExp)
	if !ok || len(v.Qual) > 0 {
		return nil
	}
	if _, local := sc.lookup(v.Name); local {
		return nil
	}
	return c.globals[v.Name]
}

// uniqueParamsOf says which parameters of the top-level function fn names
// (not a partial application) are unique; nil when fn is anything else.
func (c *checker) uniqueParamsOf(sc *scope, fn Exp) []bool {
	g := c.globalOf(sc, fn)
	if g == nil {
		return nil
	}
	var out []bool
	for t := g.typ; ; {
		f, ok := t.(TFun)
		if !ok {
			return out
		}
		out = append(out, isUniqueArray(f.Param))
		t = f.Result
	}
}

// paramTypesOf is the parameter types of the top-level function fn names,
// as declared; nil when fn is anything else.
func (c *checker) paramTypesOf(sc *scope, fn Exp) []Type {
	g := c.globalOf(sc, fn)
	if g == nil {
		return nil
	}
	var out []Type
	for t := g.typ; ; {
		f, ok := t.(TFun)
		if !ok {
			return out
		}
		out = append(out, f.Param)
		t = f.Result
	}
}

// viewIntrinsics return (views of) their arguments' arrays.
var viewIntrinsics = map[string]bool{
	"zip": true, "zip3": true, "zip4": true, "zip5": true,
	"unzip": true, "unzip3": true, "unzip4": true, "unzip5": true,
	"transpose": true, "flatten": true, "unflatten": true, "rearrange": true,
	"__slice": true, "reshape": true,
}

func hasArray(t Type) bool {
	switch t := t.(type) {
	case TArray:
		return true
	case TTuple:
		for _, e := range t.Elems {
			if hasArray(e) {
				return true
			}
		}
	case TRecord:
		for _, f := range t.Fields {
			if hasArray(f.Type) {
				return true
			}
		}
	case TVar:
		return true
	case TSum:
		for _, k := range t.Constrs {
			for _, p := range k.Payload {
				if hasArray(p) {
					return true
				}
			}
		}
	}
	return false
}

// --- expressions ---

func (c *checker) exp(sc *scope, e Exp) Type {
	t := c.bounded(c.exp1(sc, e, nil), e.expPos())
	c.types[e] = t
	return t
}

// expExpect checks e knowing the type it is expected to have, which lets
// lambdas and sections see the types of their parameters (record fields
// and indexing need them).
func (c *checker) expExpect(sc *scope, e Exp, expected Type) Type {
	t := c.bounded(c.exp1(sc, e, expected), e.expPos())
	c.types[e] = t
	return t
}

// argPass is the pass in which apply checks an argument: 0 for values,
// 1 for applications containing function-like arguments, 2 for lambdas
// and sections.
func argPass(e Exp) int {
	e = stripParens(e)
	if !isFunctionLike(e) {
		return 0
	}
	if _, ok := e.(*ApplyExp); ok {
		return 1
	}
	return 2
}

func isFunctionLike(e Exp) bool {
	switch e := e.(type) {
	case *LambdaExp, *OpSectionExp, *ProjectSectionExp, *IndexSectionExp:
		return true
	case *ParenExp:
		return isFunctionLike(e.X)
	case *ApplyExp:
		// Partial applications such as map (\x -> ...) benefit too.
		for _, a := range e.Args {
			if isFunctionLike(a) {
				return true
			}
		}
	case *BinOpExp:
		return (e.Op == ">->" || e.Op == "<-<") && (isFunctionLike(e.L) || isFunctionLike(e.R))
	}
	return false
}

func (c *checker) exp1(sc *scope, e Exp, expected Type) Type {
	switch e := e.(type) {
	case *IntLit:
		if e.Suffix != "" {
			p, _ := values.ParsePrimType(e.Suffix)
			return TPrim{p}
		}
		v := c.fresh(cNumeric, e.Pos)
		c.litVars[v.ID] = true
		return v
	case *FloatLit:
		if e.Suffix != "" {
			p, _ := values.ParsePrimType(e.Suffix)
			return TPrim{p}
		}
		v := c.fresh(cFloat, e.Pos)
		c.litVars[v.ID] = true
		return v
	case *BoolLit:
		return tBool
	case *StringLit:
		return TArray{Elem: TPrim{values.U8}, Dims: []Dim{{Const: int64(len(e.Value)), Known: true}}}
	case *VarExp:
		return c.varExp(sc, e)
	case *ParenExp:
		if expected != nil {
			return c.expExpect(sc, e.X, expected)
		}
		return c.exp(sc, e.X)
	case *AttrExp:
		if expected != nil {
			return c.expExpect(sc, e.X, expected)
		}
		return c.exp(sc, e.X)
	case *ApplyExp:
		return c.apply(sc, e, expected)
	case *BinOpExp:
		return c.binOp(sc, e, expected)
	case *NegateExp:
		t := c.exp(sc, e.X)
		if !c.unifyOK(c.fresh(cNumeric, e.Pos), t) {
			c.errorf(e.X.expPos(), "", "operand of prefix - must have a numeric type, but has type %s", c.show(t))
		}
		return t
	case *NotExp:
		t := c.exp(sc, e.X)
		if !c.unifyOK(c.fresh(cIntOrBool, e.Pos), t) {
			c.errorf(e.X.expPos(), "", "operand of ! must have type bool or an integral type, but has type %s", c.show(t))
		}
		return t
	case *OpSectionExp:
		return c.opSection(sc, e)
	case *ProjectSectionExp:
		a := c.fresh(cAny, e.Pos)
		if f, ok := c.resolveFun(expected); ok {
			c.unify(f.Param, a, e.Pos, "projection section")
		}
		t := Type(a)
		for _, fld := range e.Fields {
			t = c.project(t, fld, e.Pos)
		}
		return TFun{Param: a, Result: t}
	case *IndexSectionExp:
		a := c.fresh(cAny, e.Pos)
		if f, ok := c.resolveFun(expected); ok {
			c.unify(f.Param, a, e.Pos, "index section")
		}
		return TFun{Param: a, Result: c.indexType(sc, a, e.Indices, e.Pos)}
	case *LambdaExp:
		return c.lambda(sc, e, expected)
	case *TupleExp:
		if len(e.Elems) == 0 {
			return tUnit
		}
		es := make([]Type, len(e.Elems))
		var exps []Type
		if tt, ok := c.resolveMaybe(expected).(TTuple); ok && len(tt.Elems) == len(e.Elems) {
			exps = tt.Elems
		}
		for i, x := range e.Elems {
			if exps != nil {
				es[i] = c.expExpect(sc, x, exps[i])
			} else {
				es[i] = c.exp(sc, x)
			}
		}
		return TTuple{Elems: es}
	case *RecordExp:
		seen := map[string]Pos{}
		fs := make([]RecordField, len(e.Fields))
		for i, f := range e.Fields {
			if first, dup := seen[f.Name]; dup {
				c.errorf(f.Exp.expPos(), "give each field one value", "field %s previously defined at %d:%d", f.Name, first.Line, first.Col)
			}
			seen[f.Name] = f.Exp.expPos()
			fs[i] = RecordField{f.Name, c.exp(sc, f.Exp)}
		}
		sortFields(fs)
		return tupleIfNumbered(fs)
	case *ProjectExp:
		if q := c.asQualified(sc, e); q != nil {
			c.qualified[e] = q
			return c.varExp(sc, q)
		}
		return c.project(c.exp(sc, e.X), e.Field, e.Pos)
	case *ArrayLitExp:
		elem := Type(c.fresh(cAny, e.Pos))
		for _, x := range e.Elems {
			c.unify(elem, c.exp(sc, x), x.expPos(), "array element (all elements must have the type of the first)")
		}
		c.noFunction(elem, e.Pos, "arrays of functions are not allowed: the elements are functional", "arrays may not contain functions")
		return arrayOf(Dim{Const: int64(len(e.Elems)), Known: true}, elem)
	case *RangeExp:
		t := c.fresh(cIntegral, e.Pos)
		c.unify(t, c.exp(sc, e.Start), e.Start.expPos(), "start of range")
		if e.Second != nil {
			c.unify(t, c.exp(sc, e.Second), e.Second.expPos(), "second element of range")
		}
		c.unify(t, c.exp(sc, e.End), e.End.expPos(), "end of range")
		return arrayOf(c.rangeDim(sc, e), t)
	case *IndexExp:
		xt := c.exp(sc, e.X)
		before := c.copyConsumed()
		t := c.indexType(sc, xt, e.Indices, e.Pos)
		c.checkHeldWhile(c.aliasesOf(sc, e.X), before, e.Pos)
		return t
	case *LetExp:
		before := c.copyConsumed()
		vt := c.exp(sc, e.Value)
		c.noConsumptionIn("Let-bound expression", e.Value, vt, before)
		inner := sc.child()
		for _, n := range e.Sizes {
			inner.vars[n] = &binding{name: n, t: tI64, depth: c.depth}
		}
		c.bindPat(inner, e.Pat, vt)
		if a, ok := e.Pat.(*PAscript); ok {
			c.checkUniqueAscription(sc, e.Value, c.patTypes[a], a.Pos)
		}
		byName := map[string][]*binding{}
		c.componentAliases(sc, e.Pat, e.Value, c.aliasesOf(sc, e.Value), byName)
		if id, ok := unascribed(e.Pat).(*PId); ok {
			_, split := c.componentSplit(sc, e.Value)
			inner.vars[id.Name].partAls = split
		}
		for _, n := range patNames(e.Pat, nil) {
			b := inner.vars[n]
			b.aliases = byName[n]
			b.consumable = true
			for _, a := range b.aliases {
				b.consumable = b.consumable && a.consumable
			}
		}
		c.bindTrees(sc, e.Pat, e.Value, inner)
		c.markHoldsResult(sc, e.Pat, e.Value, inner)
		c.setLetScope(e, inner)
		t := c.exp(inner, e.Body)
		c.recordBodyAliases(inner, e)
		return t
	case *LetFunExp:
		inner := sc.child()
		ft := c.localFun(sc, e)
		inner.vars[e.Name] = ft
		c.setLetScope(e, inner)
		t := c.exp(inner, e.Body)
		c.recordBodyAliases(inner, e)
		return t
	case *LetWithExp:
		b, ok := sc.lookup(e.Name)
		if !ok {
			c.errorf(e.Pos, "", "unknown name %q", e.Name)
		}
		c.use(b, e.Pos)
		c.noteUse(b)
		vt := c.indexType(sc, b.t, e.Indices, e.Pos)
		c.unify(vt, c.exp(sc, e.Value), e.Value.expPos(), "value written by the in-place update")
		target := &VarExp{Pos: e.Pos, Name: e.Name}
		c.checkUpdateValue(sc, target, e.Value)
		c.consume(sc, target, e.Pos)
		inner := sc.child()
		nb := &binding{name: e.Name, t: b.t, consumable: true, depth: c.depth, pos: e.Pos}
		inner.vars[e.Name] = nb
		c.setLetScope(e, inner)
		t := c.exp(inner, e.Body)
		c.recordBodyAliases(inner, e)
		return t
	case *UpdateExp:
		t := c.exp(sc, e.X)
		vt := c.indexType(sc, t, e.Indices, e.Pos)
		c.unify(vt, c.exp(sc, e.Value), e.Value.expPos(), "value written by the in-place update")
		c.checkUpdateValue(sc, e.X, e.Value)
		c.consume(sc, e.X, e.Pos)
		return t
	case *RecordUpdateExp:
		t := c.exp(sc, e.X)
		before := c.copyConsumed()
		vt := c.exp(sc, e.Value)
		c.checkPathSharing(sc, e, before)
		return c.updateField(t, e.Fields, vt, e.Pos)
	case *IfExp:
		c.unify(tBool, c.exp(sc, e.Cond), e.Cond.expPos(), "condition of if")
		before := c.copyConsumed()
		saved := c.copyConsumed()
		lo := c.next
		tt := c.exp(sc, e.Then)
		mid := c.next
		afterThen := c.consumed
		c.consumed = saved
		et := c.exp(sc, e.Else)
		for b, p := range afterThen {
			c.consumed[b] = p
		}
		c.noteBranchConsumption(e, before)
		c.branchCausality(e.Then, tt, e.Else, et, lo, mid, c.next)
		c.unify(unknownDims(c.zonk(tt)), unknownDims(c.zonk(et)), e.Else.expPos(), "else branch (must have the type of the then branch)")
		c.noFunction(tt, e.Pos, "a function cannot be returned from branches of an if", "if-expressions may not return functions")
		return c.joinTypes(tt, et)
	case *LoopExp:
		return c.loop(sc, e)
	case *ConstrExp:
		return c.constrExp(sc, e, expected)
	case *MatchExp:
		return c.match(sc, e, expected)
	case *AscriptExp:
		t := c.typeExp(sc, e.Type)
		c.unify(t, c.expExpect(sc, e.X, t), e.X.expPos(), "expression with type ascription")
		c.checkUniqueAscription(sc, e.X, t, e.Pos)
		return t
	case *CoerceExp:
		t := c.typeExp(sc, e.Type)
		xt := c.exp(sc, e.X)
		before := c.coerceShape(xt)
		if !c.unifyOK(anonDims(c.zonk(t)), anonDims(c.zonk(xt))) {
			c.errorf(e.X.expPos(), "", "size coercion: the value of type %s cannot be coerced to %s (only sizes may differ)", c.show(xt), c.show(t))
		}
		c.coerceAmbiguous(before, xt, e.Pos)
		return t
	case *AssertExp:
		c.unify(tBool, c.exp(sc, e.Cond), e.Cond.expPos(), "assertion condition")
		return c.exp(sc, e.X)
	case *UnsupportedExp:
		c.errorf(e.Pos, "", "%s are not supported yet", e.What)
	case *HoleExp:
		if expected != nil {
			return expected
		}
		return c.fresh(0, e.Pos)
	}
	c.errorf(e.expPos(), "", "this kind of expression (%T) is not supported yet", e)
	return nil
}

// joinUnique is the type of a value that is one of two: unique only when
// both are.
func (c *checker) joinUnique(a, b Type) Type {
	za, zb := c.zonk(a), c.zonk(b)
	if x, ok := za.(TArray); ok {
		if y, ok := zb.(TArray); ok && x.Unique != y.Unique {
			x.Unique = false
			return x
		}
	}
	return a
}

func anonDims(t Type) Type { return substType(t, nil, true) }

func (c *checker) copyConsumed() map[*binding]Pos {
	m := make(map[*binding]Pos, len(c.consumed))
	for k, v := range c.consumed {
		m[k] = v
	}
	return m
}

// letBody is the body of a let, local function or let-update expression
// (nil for any other expression).
func letBody(e Exp) Exp {
	switch e := e.(type) {
	case *LetExp:
		return e.Body
	case *LetFunExp:
		return e.Body
	case *LetWithExp:
		return e.Body
	}
	return nil
}

// recordBodyAliases remembers the aliases of a let's value as seen from
// inside its scope, so that the let expression itself aliases them. A
// name the let binds stands for what it aliases; one that aliases
// nothing (a fresh array) is kept although it goes out of scope, as in
// Futhark, so that two parts of the value that are the same array
// (let y = iota n in (y, y)) still alias each other.
func (c *checker) recordBodyAliases(inner *scope, e Exp) {
	var out []*binding
	for _, b := range c.aliasesOf(inner, letBody(e)) {
		if inner.vars[b.name] == b {
			out = append(out, b.aliases...)
			if b.aliases == nil {
				out = append(out, b)
			}
			continue
		}
		out = append(out, b)
	}
	if c.bodyAliases == nil {
		c.bodyAliases = map[Exp][]*binding{}
	}
	c.bodyAliases[e] = out
}

func (c *checker) resolveMaybe(t Type) Type {
	if t == nil {
		return nil
	}
	return c.resolve(t)
}

func (c *checker) resolveFun(t Type) (TFun, bool) {
	f, ok := c.resolveMaybe(t).(TFun)
	return f, ok
}

// project is the type of field f of a value of type t.
func (c *checker) project(t Type, f string, pos Pos) Type {
	if ft, ok := c.fieldOf(t, f); ok {
		return ft
	}
	switch rt := c.resolve(t).(type) {
	case TTuple:
		c.errorf(pos, "", "tuple of type %s has no field %s", c.show(t), f)
	case TRecord:
		c.errorf(pos, "", "record of type %s has no field %s", c.show(t), f)
	case TVar:
		if _, r := c.rigid[rt.ID]; !r {
			return c.projectVar(rt, f, pos)
		}
	}
	c.errorf(pos, "", "cannot access field %s of a value of type %s", f, c.show(t))
	return nil
}

// updateField is the type of a record with the nested field path replaced.
func (c *checker) updateField(t Type, path []string, vt Type, pos Pos) Type {
	if len(path) == 0 {
		c.unify(t, vt, pos, "record update")
		return t
	}
	if v, ok := c.resolve(t).(TVar); ok {
		if _, r := c.rigid[v.ID]; !r {
			c.errorf(pos, "add a type annotation to the record, e.g. (p: {a: i32, b: f32})", "cannot infer the type of the record being updated (field %s)", path[0])
		}
	}
	ft := c.project(t, path[0], pos)
	c.updateField(ft, path[1:], vt, pos)
	return t
}

// indexType is the type of indexing or slicing a value of type t.
func (c *checker) indexType(sc *scope, t Type, idx []Slice, pos Pos) Type {
	a, ok := c.resolve(t).(TArray)
	if v, isVar := c.resolve(t).(TVar); isVar && !ok {
		if _, r := c.rigid[v.ID]; !r {
			// Indexing makes a value whose type is not known yet an
			// array of at least as many dimensions as there are indices,
			// as in Futhark (def main arr = arr[0] + 1).
			dims := make([]Dim, len(idx))
			for i := range dims {
				dims[i] = c.freshDim()
			}
			a, ok = TArray{Elem: c.fresh(cAny, pos), Dims: dims}, true
			c.unify(a, t, pos, "indexed value")
		}
	}
	if !ok {
		c.errorf(pos, "", "cannot index a value of type %s", c.show(t))
	}
	za := c.zonk(a).(TArray)
	if len(idx) > len(za.Dims) {
		if _, isVar := c.resolve(za.Elem).(TVar); !isVar || true {
			c.errorf(pos, "", "%d indices for an array of type %s, which has %d dimension(s)", len(idx), c.show(t), len(za.Dims))
		}
	}
	var dims []Dim
	for i, s := range idx {
		if !s.IsSlice {
			it := c.exp(sc, s.Index)
			c.unify(c.fresh(cIntegral, pos), it, s.Index.expPos(), "array index")
			c.indexTypes = append(c.indexTypes, it)
			if p, ok := c.resolve(it).(TPrim); ok && !p.T.IsSigned() {
				c.errorf(s.Index.expPos(), "convert it, e.g. with i64.u8", "array index of type %s: indices must have a signed integer type", p.T)
			}
			continue
		}
		for _, x := range []Exp{s.Start, s.End, s.Step} {
			if x != nil {
				bt := c.exp(sc, x)
				c.unify(c.fresh(cIntegral, pos), bt, x.expPos(), "slice bound")
				c.indexTypes = append(c.indexTypes, bt)
			}
		}
		dims = append(dims, c.sliceDim(sc, s, za.Dims[i]))
	}
	dims = append(dims, za.Dims[len(idx):]...)
	if len(dims) == 0 {
		return za.Elem
	}
	return TArray{Elem: za.Elem, Dims: dims}
}

func (c *checker) lambda(sc *scope, e *LambdaExp, expected Type) Type {
	params, retType, body := e.Params, e.RetType, e.Body
	inner := sc.child()
	c.depth++
	savedFn := c.fnDepth
	c.fnDepth = c.depth
	defer func() { c.depth--; c.fnDepth = savedFn }()
	ps := make([]Type, len(params))
	exp := expected
	for i, p := range params {
		var pt Type
		if f, ok := c.resolveFun(exp); ok {
			pt = f.Param
			exp = f.Result
		} else {
			exp = nil
		}
		ps[i] = c.bindPat(inner, p, nil)
		if pt != nil {
			c.unifyOK(ps[i], pt)
		}
		c.markConsumable(inner, p)
		c.lambdaParams = append(c.lambdaParams, lambdaParam{p, ps[i]})
	}
	var bt Type
	closure := c.checkClosure(func() { bt = c.exp(inner, body) })
	c.checkGlobalAliases(inner, body)
	if c.closureAliases == nil {
		c.closureAliases = map[Exp][]*binding{}
	}
	c.closureAliases[e] = closure
	t := bt
	if retType != nil {
		rt := c.typeExp(inner, retType)
		c.retTypes[e] = rt
		c.unify(rt, bt, body.expPos(), "lambda body")
		c.checkReturnComponents(rt, c.treeOf(inner, body), body.expPos())
		c.checkUniqueResult(inner, "the lambda", rt, body)
		// The lambda has its declared result type: sizes it names are
		// known to the caller (the internaliser checks the body's sizes
		// against them at run time).
		t = rt
	}
	for i := len(ps) - 1; i >= 0; i-- {
		t = TFun{Param: ps[i], Result: t}
	}
	return t
}

// localFun checks `let f params = e` and returns f's binding; explicit
// type parameters make it polymorphic.
func (c *checker) localFun(sc *scope, e *LetFunExp) *binding {
	start := c.next
	inner := sc.child()
	c.bindTypeParams(inner, e.TypeParams)
	c.depth++
	savedFn := c.fnDepth
	c.fnDepth = c.depth
	ps := make([]Type, len(e.Params))
	for i, p := range e.Params {
		ps[i] = c.bindParam(inner, p)
	}
	var ret Type = c.fresh(cAny, e.Pos)
	if e.RetType != nil {
		ret = c.typeExp(inner, e.RetType)
		c.retTypes[e] = ret
	}
	closure := c.checkClosure(func() {
		c.unify(ret, c.exp(inner, e.Value), e.Value.expPos(), "the body of "+e.Name)
	})
	c.checkGlobalAliases(inner, e.Value)
	valueTree := c.treeOf(inner, e.Value)
	if e.RetType != nil {
		c.checkReturnComponents(ret, valueTree, e.Value.expPos())
		c.checkUniqueResult(inner, e.Name, ret, e.Value)
	}
	resFresh := c.inferFresh(ret, e.RetType != nil, valueTree)
	c.depth--
	c.fnDepth = savedFn
	t := ret
	for i := len(ps) - 1; i >= 0; i-- {
		t = TFun{Param: ps[i], Result: t}
	}
	var quant []int
	for _, tp := range e.TypeParams {
		if !tp.Size {
			tv, _ := inner.lookupTVar(tp.Name)
			quant = append(quant, tv.(TVar).ID)
		}
	}
	quant = append(quant, c.generalisable(sc, t, start)...)
	for _, q := range quant {
		c.localGen[q] = true
	}
	var sizes []string
	for _, tp := range e.TypeParams {
		if tp.Size {
			sizes = append(sizes, tp.Name)
		}
	}
	return &binding{name: e.Name, t: t, quant: quant, sizes: sizes, depth: c.depth, pos: e.Pos, localFun: true, aliases: closure, resFresh: resFresh}
}

// generalisable lists the type variables of a local function's type t
// that let-polymorphism may quantify (Futhark generalises local functions
// with at least one parameter): those created while the function was
// checked (ids above start), still unresolved and unconstrained
// (overloaded literals and operators are not generalised, as in Futhark,
// so `let f x = x + 1` stays monomorphic), and not free in the type of any
// name in scope (such a variable is shared with the enclosing body).
func (c *checker) generalisable(sc *scope, t Type, start int) []int {
	var cands []int
	for _, id := range c.freeVars(t, nil) {
		if id <= start || c.cons[id] != cAny || len(c.fields[id]) > 0 || c.hasConstrs(TVar{ID: id}) {
			continue
		}
		if _, r := c.rigid[id]; r {
			continue
		}
		cands = append(cands, id)
	}
	if len(cands) == 0 {
		return nil
	}
	env := map[int]bool{}
	for s := sc; s != nil; s = s.parent {
		for _, b := range s.vars {
			q := map[int]bool{}
			for _, id := range b.quant {
				q[id] = true
			}
			for _, id := range c.freeVars(b.t, nil) {
				if !q[id] {
					env[id] = true
				}
			}
		}
	}
	var out []int
	for _, id := range cands {
		if !env[id] {
			out = append(out, id)
		}
	}
	return out
}

func (c *checker) varExp(sc *scope, e *VarExp) Type {
	if len(e.Qual) == 0 {
		if b, ok := sc.lookup(e.Name); ok {
			c.use(b, e.Pos)
			c.noteUse(b)
			var t Type
			var m map[int]Type
			if b.localFun {
				t, m = c.instantiateLocal(b, e.Pos)
			} else {
				t, m = c.instantiate(b.t, b.quant, b.sizes, e.Pos)
			}
			if m != nil {
				c.inst[e] = m
			}
			return t
		}
		if g, ok := c.globals[e.Name]; ok {
			c.globalRef[e] = g.decl
			// The prelude writes [] for result sizes that Futhark's
			// prelude gives in terms of the arguments (take: [i]t,
			// tail: [n-1]t, tabulate: [n]a); only filter's and
			// partition's are existential.
			c.noAnon = g.prelude && !existentialPrelude[e.Name]
			t, m := c.instantiate(g.typ, g.quant, g.sizes, e.Pos)
			c.noAnon = false
			if m != nil {
				c.inst[e] = m
			}
			return t
		}
	}
	if in, ok := intrinsics[qualName(e.Qual, e.Name)]; ok {
		return in.typ(c, e.Pos)
	}
	if len(e.Qual) == 0 && c.failed[e.Name] {
		panic(checkError{})
	}
	hint := "check the spelling, or define it before this use"
	if len(e.Qual) > 0 {
		hint = "check the spelling: the module does not define this name"
	}
	c.errorf(e.Pos, hint, "unknown name %q", qualName(e.Qual, e.Name))
	return nil
}

func (c *checker) apply(sc *scope, e *ApplyExp, expected Type) Type {
	fnUses := c.recordFnUses()
	ft := c.exp(sc, e.Fn)
	c.popCapture()
	var afterFn map[*binding]Pos
	if len(fnUses.list) > 0 {
		afterFn = c.copyConsumed()
	}
	params := make([]Type, len(e.Args))
	cur := ft
	for i := range e.Args {
		switch fr := c.resolve(cur).(type) {
		case TFun:
			params[i] = fr.Param
			cur = fr.Result
		case TVar:
			if _, r := c.rigid[fr.ID]; r {
				c.errorf(e.Pos, "", "%s is not a function, but it is applied to an argument", c.show(fr))
			}
			p, r := c.fresh(cAny, e.Pos), c.fresh(cAny, e.Pos)
			c.unify(TFun{Param: p, Result: r}, fr, e.Pos, "application")
			params[i] = p
			cur = r
		default:
			if i == 0 {
				c.errorf(e.Pos, "", "%s is not a function, but it is applied to an argument", c.show(fr))
			}
			c.errorf(e.Args[i].expPos(), "remove the extra argument(s), or add parentheses", "%s is applied to %d argument(s), but takes only %d", fnName(e.Fn), len(e.Args), i)
		}
	}
	// Which parameters are unique is decided by the function's type as
	// declared, before unification with the arguments (or the expected
	// result) instantiates its type variables: copy : a -> a applied to
	// a unique array does not have a unique parameter.
	uniqueParam := make([]bool, len(e.Args))
	declared := make([]Type, len(e.Args))
	for i := range e.Args {
		declared[i] = c.zonk(params[i])
		uniqueParam[i] = isUniqueArray(declared[i])
	}
	if expected != nil {
		c.unifyOK(cur, expected)
	}
	// Arguments that are not functions first, then applications that
	// contain lambdas (full applications such as map (\x -> ...) xs check
	// their own arguments first; partial ones see the expected function
	// type), then lambdas and sections, so that lambdas see the types of
	// the values they will be applied to.
	argTs := make([]Type, len(e.Args))
	lo, hi := make([]int, len(e.Args)), make([]int, len(e.Args))
	for pass := 0; pass < 3; pass++ {
		for i, a := range e.Args {
			if argPass(a) != pass {
				continue
			}
			// The plain type variables of a function-valued parameter
			// are collected before the argument is checked, as checking
			// it against the expected type may instantiate them.
			plainVars := c.plainResultVars(params[i], false, nil)
			lo[i] = c.next
			before := c.copyConsumed()
			if pass > 0 {
				argTs[i] = c.expExpect(sc, a, params[i])
			} else {
				argTs[i] = c.exp(sc, a)
			}
			c.noConsumptionIn("Argument", a, argTs[i], before)
			hi[i] = c.next
			c.unifyArg(params[i], argTs[i], a, i, e.Fn)
			c.checkConsumingArg(sc, declared[i], a, i, e.Fn)
			// A top-level definition, applied or not, declares the
			// anonymous sizes of its result in its type, and Futhark
			// accepts it here as it accepts it without size parameters;
			// the internaliser rejects a map whose results differ in size.
			if c.globalOf(sc, appHead(a)) == nil {
				c.checkSizeLifting(plainVars, a, i, e.Fn, lo[i], hi[i])
			}
		}
	}
	c.checkDependentArgs(sc, e, params, cur, argTs)
	c.causality(e, params, argTs, lo, hi)
	c.causalityFn(sc, e, params, argTs, lo, hi)
	c.checkFnUses(fnUses.list, afterFn, e.Fn.expPos())
	for i, a := range e.Args {
		if uniqueParam[i] {
			c.checkConsumedArgNotFn(sc, e.Fn, a)
			c.checkConsumedArgNotShared(sc, e, uniqueParam, i)
			c.consumingCalls++
			c.consume(sc, a, a.expPos())
		} else if parts := consumedParts(declared[i]); parts != nil {
			c.consumingCalls++
			c.consumeParts(sc, a, parts)
		}
	}
	return c.dependentSize(sc, e, cur)
}

func (c *checker) unifyArg(param, arg Type, a Exp, i int, fn Exp) {
	var sm *sizeMismatch
	c.liftViolation = nil
	c.occursFailed = false
	c.consFailed = nil
	c.fieldNote = ""
	if !c.unifyS(param, arg, &sm) {
		c.checkLift(a.expPos())
		// Futhark's wording, which its test blocks match; like Futhark's,
		// it names the argument where that is a variable.
		argName := fmt.Sprintf("argument %d", i+1)
		if v, ok := stripParens(a).(*VarExp); ok && len(v.Qual) == 0 {
			argName = fmt.Sprintf("%q (argument %d)", v.Name, i+1)
		}
		what := fmt.Sprintf("Cannot apply %q to %s", fnName(fn), argName)
		if fnName(fn) == "the function" {
			what = "Cannot apply the function to " + argName
		}
		if sm != nil {
			c.sizeMismatchError(a.expPos(), what, sm, param, arg)
		}
		if c.fieldNote != "" {
			c.errorf(a.expPos(), "", "%s: %s", what, c.fieldNote)
		}
		c.errorf(a.expPos(), c.unifyHint(param, arg), "%s: expected type %s, but found %s%s", what, c.show(param), c.show(arg), c.mismatchNotes(param, arg))
	}
}

// checkConsumingArg rejects a function argument that consumes one of its
// parameters where the function it is passed to declares that parameter
// non-unique (map (\(r: *[]f64) -> r) a): the callee may apply it to
// arrays that are still in use. Only a function type declared with a
// unique parameter (f: *[]i32 -> *[]i32) admits such an argument.
func (c *checker) checkConsumingArg(sc *scope, declared Type, a Exp, i int, fn Exp) {
	d, ok := declared.(TFun)
	if !ok {
		return
	}
	// Only what the program declares counts: a lambda parameter written
	// (r: *t), or a named function's unique parameter. Uniqueness that
	// inference gave a parameter (from a unique array it is applied to)
	// consumes nothing.
	c.checkFreshResultArg(sc, d, a, i, fn)
	consumes := c.declaredConsumption(sc, a)
	for k := 0; k < len(consumes); k++ {
		if consumes[k] && !isUniqueArray(d.Param) {
			c.errorf(a.expPos(), "drop the * from the parameter's type and consume a copy inside the function",
				"argument %d of %s is a function that consumes its parameter %d, but %s passes it values of type %s, which it may not consume (the function type of %s's parameter %d is not declared consuming)", i+1, fnName(fn), k+1, fnName(fn), c.show(d.Param), fnName(fn), i+1)
		}
		next, isFun := d.Result.(TFun)
		if !isFun {
			return
		}
		d = next
	}
}

// declaredConsumption says which parameters of a function-valued
// expression are declared unique: those of a lambda written (p: *t), or
// those of a named top-level function; nil for anything else.
func (c *checker) declaredConsumption(sc *scope, e Exp) []bool {
	e = stripParens(e)
	if l, ok := e.(*LambdaExp); ok {
		out := make([]bool, len(l.Params))
		for i, p := range l.Params {
			if a, ok := p.(*PAscript); ok {
				_, out[i] = a.Type.(*TEUnique)
			}
		}
		return out
	}
	return c.uniqueParamsOf(sc, e)
}

// fnName names the function of an application for messages.
func fnName(e Exp) string {
	switch e := e.(type) {
	case *VarExp:
		return qualName(e.Qual, e.Name)
	case *ProjectExp:
		return fnName(e.X) + "." + e.Field
	case *ParenExp:
		return fnName(e.X)
	case *ApplyExp:
		return fnName(e.Fn)
	}
	return "the function"
}

func (c *checker) loop(sc *scope, e *LoopExp) Type {
	if e.Init == nil {
		init, ok := patToExp(e.Pat)
		if !ok {
			c.errorf(e.Pos, "write the initial value: loop x = ... for", "a loop without an initial value needs a pattern of names that are in scope")
		}
		e.Init = init
	}
	init := c.exp(sc, e.Init)
	inner := sc.child()
	c.depth++
	defer func() { c.depth-- }()
	pt := c.bindPat(inner, e.Pat, nil)
	// Sizes of the loop state may change from one iteration to the next.
	c.unify(pt, unknownDims(c.zonk(init)), e.Init.expPos(), "initial value of the loop")
	c.unify(unknownDims(c.zonk(pt)), init, e.Init.expPos(), "initial value of the loop")
	c.noFunction(pt, e.Pos, "a function cannot be used as loop variable", "loops may not carry functions")
	c.markAscribedLoopParams(inner, e.Pat)
	params := patNames(e.Pat, nil)
	switch {
	case e.ForBound != nil:
		bt := c.exp(sc, e.ForBound)
		c.unify(c.fresh(cIntegral, e.Pos), bt, e.ForBound.expPos(), "loop bound")
		inner.vars[e.ForIndex] = &binding{name: e.ForIndex, t: bt, depth: c.depth}
	case e.ForInArr != nil:
		at := c.resolve(c.exp(sc, e.ForInArr))
		a, ok := at.(TArray)
		if !ok {
			c.errorf(e.ForInArr.expPos(), "", "for-in loop over a value of type %s, which is not an array", c.show(at))
		}
		c.bindPat(inner, e.ForInPat, rowOf(c.zonk(a).(TArray)))
		for _, n := range patNames(e.ForInPat, nil) {
			inner.vars[n].consumable = false
		}
	}
	// The initial value is consumed before the first iteration: what
	// the condition and the body use from outside the loop is collected
	// to be checked against it (see below).
	free := c.pushCapture(c.depth)
	if e.While != nil {
		c.unify(tBool, c.exp(inner, e.While), e.While.expPos(), "while-loop condition")
	}
	bodyT := c.exp(inner, e.Body)
	c.popCapture()
	c.unify(pt, unknownDims(c.zonk(bodyT)), e.Body.expPos(), "loop body (must have the type of the loop parameter)")
	bodyConsumed := map[string]bool{}
	for _, n := range params {
		if b, ok := inner.vars[n]; ok {
			if _, was := c.consumed[b]; was {
				bodyConsumed[n] = true
			}
		}
	}
	c.checkLoopReturns(e, c.treeOf(inner, e.Body), bodyConsumed)
	c.setLoopScope(e, inner, bodyConsumed)
	// Consuming a loop parameter in the body consumes its part of the
	// initial value, and so does declaring it unique (loop (x: *[]t) =
	// ...), as in Futhark.
	consumed := map[string]bool{}
	for _, n := range params {
		if b, ok := inner.vars[n]; ok {
			if _, was := c.consumed[b]; was {
				consumed[n] = true
				delete(c.consumed, b)
			}
		}
	}
	consumes := false
	if len(consumed) > 0 || declaresUnique(e.Pat) {
		consumes = true
		before := c.copyConsumed()
		c.depth--
		c.consumeLoopInit(sc, e.Pat, e.Init, consumed)
		c.depth++
		c.checkLoopUsesInit(sc, e, free.list, before)
	}
	// After no iterations the loop's result is its initial value: it
	// aliases what the parts of that value which were not consumed alias.
	if c.loopAliases == nil {
		c.loopAliases = map[*LoopExp][]*binding{}
	}
	var als []*binding
	for _, b := range c.aliasesOf(sc, e.Init) {
		if _, gone := c.consumed[b]; !gone || !consumes {
			als = append(als, b)
		}
	}
	// After some iterations it is what the body returned, which may
	// alias arrays from outside the loop (those bound at a lower depth).
	for _, b := range c.aliasesOf(inner, e.Body) {
		if b.depth < c.depth && !slices.Contains(als, b) {
			als = append(als, b)
		}
	}
	c.loopAliases[e] = als
	return pt
}

// consumeLoopInit consumes the parts of a loop's initial value whose
// parameters the body consumed (named in consumed) or that are declared
// unique: component by component where the pattern and the value are
// tuples of one arity, else all of it.
func (c *checker) consumeLoopInit(sc *scope, p Pat, init Exp, consumed map[string]bool) {
	unique := false
	if a, ok := p.(*PAscript); ok {
		_, unique = a.Type.(*TEUnique)
	}
	pt, ok1 := unascribed(p).(*PTuple)
	te, ok2 := stripParens(init).(*TupleExp)
	if unique || !ok1 || !ok2 || len(pt.Elems) != len(te.Elems) {
		c.consume(sc, init, init.expPos())
		return
	}
	for i, q := range pt.Elems {
		if declaresUnique(q) || anyNamed(q, consumed) {
			c.consumeLoopInit(sc, q, te.Elems[i], consumed)
		}
	}
}

// anyNamed says whether pattern p binds one of names.
func anyNamed(p Pat, names map[string]bool) bool {
	for _, n := range patNames(p, nil) {
		if names[n] {
			return true
		}
	}
	return false
}

// unascribed is p without the type ascriptions around it.
func unascribed(p Pat) Pat {
	for {
		a, ok := p.(*PAscript)
		if !ok {
			return p
		}
		p = a.Pat
	}
}

// checkUniqueAscription rejects ascribing a unique array type to a value
// that shares its array with something not consumable (x : *[]i32 where
// the parameter x is not unique), as Futhark does.
func (c *checker) checkUniqueAscription(sc *scope, e Exp, t Type, pos Pos) {
	if t == nil || !isUniqueArray(c.zonk(t)) {
		return
	}
	for _, b := range c.aliasesOf(sc, e) {
		if !b.consumable {
			c.errorf(pos, "ascribe a copy (copy "+b.name+"), or drop the *",
				"the value may alias %q, which is not unique, so it cannot have the unique type %s", b.name, c.show(t))
		}
	}
}

// declaresUnique says whether a pattern has a part ascribed a unique
// type (p: *t).
func declaresUnique(p Pat) bool {
	switch p := p.(type) {
	case *PAscript:
		if _, ok := p.Type.(*TEUnique); ok {
			return true
		}
		return declaresUnique(p.Pat)
	case *PTuple:
		for _, q := range p.Elems {
			if declaresUnique(q) {
				return true
			}
		}
	case *PRecord:
		for _, f := range p.Fields {
			if declaresUnique(f.Pat) {
				return true
			}
		}
	}
	return false
}

// patToExp turns the pattern of a loop without initialiser into the
// expression of its names.
func patToExp(p Pat) (Exp, bool) {
	switch p := p.(type) {
	case *PId:
		return &VarExp{Pos: p.Pos, Name: p.Name}, true
	case *PAscript:
		return patToExp(p.Pat)
	case *PTuple:
		t := &TupleExp{Pos: p.Pos}
		for _, e := range p.Elems {
			x, ok := patToExp(e)
			if !ok {
				return nil, false
			}
			t.Elems = append(t.Elems, x)
		}
		if len(t.Elems) == 1 {
			return t.Elems[0], true
		}
		return t, true
	case *PRecord:
		r := &RecordExp{Pos: p.Pos}
		for _, f := range p.Fields {
			x, ok := patToExp(f.Pat)
			if !ok {
				return nil, false
			}
			r.Fields = append(r.Fields, FieldExp{Name: f.Name, Exp: x})
		}
		return r, true
	}
	return nil, false
}

func qualName(qual []string, name string) string {
	for i := len(qual) - 1; i >= 0; i-- {
		name = qual[i] + "." + name
	}
	return name
}

// asQualified returns the qualified name a projection chain denotes when
// its root is not a variable in scope, such as f32.sqrt; otherwise nil.
func (c *checker) asQualified(sc *scope, e *ProjectExp) *VarExp {
	var path []string
	var x Exp = e
	for {
		switch y := x.(type) {
		case *ProjectExp:
			path = append([]string{y.Field}, path...)
			x = y.X
			continue
		case *VarExp:
			if len(y.Qual) > 0 {
				return nil
			}
			if _, ok := sc.lookup(y.Name); ok {
				return nil
			}
			if _, ok := c.globals[y.Name]; ok {
				return nil
			}
			path = append([]string{y.Name}, path...)
			return &VarExp{Pos: e.Pos, Qual: path[:len(path)-1], Name: path[len(path)-1]}
		}
		return nil
	}
}

var _ = sort.Strings
var _ = strings.Join
