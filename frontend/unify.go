package frontend

// Unification: fresh type variables and their constraints, the
// substitution (resolve, zonk), unification with its diagnostics,
// defaulting of constrained variables, and instantiation of polymorphic
// names at their uses. The substitution itself is a substitution
// (checked.go), which outlives checking as part of its result.

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

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
func (sub *substitution) resolve(t Type) Type {
	var chain []int
	for {
		v, ok := t.(TVar)
		if !ok {
			break
		}
		s, ok := sub.subst[v.ID]
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
			sub.subst[id] = t
		}
	}
	return t
}

// zonk substitutes all resolved variables throughout a type.
func (sub *substitution) zonk(t Type) Type {
	switch t := sub.resolve(t).(type) {
	case TArray:
		elem := sub.zonk(t.Elem)
		dims := sub.zonkDims(t.Dims)
		if a, ok := elem.(TArray); ok {
			return TArray{Elem: a.Elem, Dims: append(dims, a.Dims...), Unique: t.Unique}
		}
		return TArray{Elem: elem, Dims: dims, Unique: t.Unique}
	case TTuple:
		es := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			es[i] = sub.zonk(e)
		}
		return TTuple{Elems: es}
	case TRecord:
		fs := make([]RecordField, len(t.Fields))
		for i, f := range t.Fields {
			fs[i] = RecordField{f.Name, sub.zonk(f.Type)}
		}
		return TRecord{Fields: fs}
	case TFun:
		return TFun{Param: sub.zonk(t.Param), Result: sub.zonk(t.Result)}
	case TSum:
		return mapSum(t, sub.zonk)
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
	// notes say where the existential sizes among a and b come from.
	notes string
}

// sizeMismatchError reports at pos that what has sizes that differ. Sizes
// computed from values are worded as Futhark words them.
func (c *checker) sizeMismatchError(pos Pos, what string, sm *sizeMismatch, expected, found Type) {
	if sm.term {
		c.errorf(pos, sizeMismatchHint,
			"%s: expected type %s, but found %s. Sizes \"%s\" and \"%s\" do not match.%s", what, c.show(expected), c.show(found), sm.a, sm.b, sm.notes)
		return
	}
	notes := sm.notes
	if notes != "" {
		notes = "." + notes
	}
	c.errorf(pos, sizeMismatchHint,
		"%s: Sizes \"%s\" and \"%s\" do not match (expected type %s, but found %s)%s", what, sm.a, sm.b, c.show(expected), c.show(found), notes)
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

// isOpaqueRecord reports whether r is an abstract type's opaque record
// (opaque.go).
func isOpaqueRecord(r TRecord) bool {
	return len(r.Fields) == 1 && strings.HasSuffix(r.Fields[0].Name, opaqueMark)
}

// unsharedFields explains a mismatch of two record types with different
// fields, as Futhark does: " (the record types do not match: unshared
// fields: c, d.)"; it is empty for other types.
func (c *checker) unsharedFields(a, b Type) string {
	ra, ok1 := c.zonk(a).(TRecord)
	rb, ok2 := c.zonk(b).(TRecord)
	if !ok1 || !ok2 || isOpaqueRecord(ra) || isOpaqueRecord(rb) {
		// An abstract type's opaque record prints as the type's name:
		// its field is no part of the program.
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
			*sm = &sizeMismatch{c.showDimShort(da), c.showDimShort(db), dimHasTerm(c.resolveDim(da)) || dimHasTerm(c.resolveDim(db)), c.dimNote(da) + c.dimNote(db)}
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
	c.instWhy = returnedBy(b.name, pos)
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
