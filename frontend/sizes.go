package frontend

import (
	"fmt"
	"sort"
	"strings"
)

// Static size checking.
//
// A dimension of an array type is one of
//   - a named size (Dim.Name): a size parameter [n] of the definition being
//     checked (rigid: c.sizeNames), an implicit size parameter for a `[]`
//     in a parameter type (also rigid), or another name in scope (a `let
//     [n]`, a term parameter used as a size), which the checker does not
//     compare;
//   - a constant (Dim.Known), rigid;
//   - a size variable (Dim.Var) being inferred: the size of map's result
//     is the size of its input, and so on; it unifies with anything;
//   - a sum (Dim.Add), the size of a concatenation;
//   - a difference or product (Dim.Op): a slice a[i:] of an array of
//     size m has size m-i, flatten's result n*m, as in Futhark;
//   - a rigid unknown size (Dim.Exist), Futhark's existential size: the
//     join of if branches whose sizes differ, the result size of filter
//     and partition, of a function declared to return []t or ?[n].t, of
//     a loop whose body changes it, a `let [n]` size leaving its scope
//     (a fresh one at each use: freshRigid); `let [n]` names are rigid
//     in their body (bindLetSizes);
//   - a size expression as written in a type (Dim.Exp);
//   - unknown (the zero Dim): sizes the checker does not infer (some
//     slices and ranges); it unifies with anything, and the internaliser
//     checks at run time where sizes must agree.
//
// Two rigid sizes that differ do not unify: that is a static error, as in
// Futhark ("Sizes "n" and "?5" do not match", with a note saying where an
// existential size comes from); a coercion e :> t is checked at run time.
// Everything else the checker cannot decide is left to dynamic checks.

func (c *checker) freshDim() Dim {
	c.next++
	return Dim{Var: c.next}
}

// resolveDim follows size variable substitutions and simplifies sums.
func (sub *substitution) resolveDim(d Dim) Dim {
	for d.Var != 0 {
		s, ok := sub.dsubst[d.Var]
		if !ok {
			return d
		}
		d = s
	}
	if d.Add != nil {
		parts := make([]Dim, 0, len(d.Add))
		var k int64
		allConst := true
		for _, p := range d.Add {
			p = sub.resolveDim(p)
			if p.Add != nil {
				parts = append(parts, p.Add...)
			} else {
				parts = append(parts, p)
			}
		}
		for _, p := range parts {
			if !p.Known {
				allConst = false
			}
			k += p.Const
		}
		if allConst {
			return Dim{Const: k, Known: true, Exp: d.Exp}
		}
		return Dim{Add: parts, Exp: d.Exp}
	}
	if d.Op != nil {
		return arithDim(d.Op.Op, sub.resolveDim(d.Op.L), sub.resolveDim(d.Op.R))
	}
	return d
}

// arithDim is the size l-r or l*r (op '-' or '*'), folded where both are
// constants or one is the operation's identity. An unknown operand makes
// the size unknown: that operand is returned, so that an anonymous size
// stays anonymous.
func arithDim(op byte, l, r Dim) Dim {
	switch {
	case l.isUnknown():
		return l
	case r.isUnknown():
		return r
	case l.Known && r.Known && op == '-':
		return Dim{Const: l.Const - r.Const, Known: true}
	case l.Known && r.Known:
		return Dim{Const: l.Const * r.Const, Known: true}
	case r.Known && r.Const == 0 && op == '-', r.Known && r.Const == 1 && op == '*':
		return l
	case l.Known && l.Const == 1 && op == '*':
		return r
	}
	return Dim{Op: &DimOp{Op: op, L: l, R: r}}
}

// cmpDim is d resolved for comparison: a size expression made of size
// parameters, constants and + is compared as such.
func (c *checker) cmpDim(d Dim) Dim {
	d = c.resolveDim(d)
	if d.Exp != nil && d.Add == nil && d.Op == nil && d.Name == "" && !d.Known {
		if nd, ok := c.expDim(d.Exp); ok {
			return nd
		}
	}
	return d
}

// expDim turns a size expression made of names, constants, +, - and *
// into a dimension the checker can compare.
func (c *checker) expDim(e Exp) (Dim, bool) {
	switch e := e.(type) {
	case *ParenExp:
		return c.expDim(e.X)
	case *IntLit:
		return Dim{Const: int64(e.Value), Known: true}, true
	case *VarExp:
		if len(e.Qual) == 0 && c.sizeNames[e.Name] {
			return Dim{Name: e.Name}, true
		}
	case *BinOpExp:
		if e.Op == "+" && len(e.Qual) == 0 {
			l, ok1 := c.expDim(e.L)
			r, ok2 := c.expDim(e.R)
			if ok1 && ok2 {
				return c.resolveDim(Dim{Add: []Dim{l, r}}), true
			}
		}
		if (e.Op == "-" || e.Op == "*") && len(e.Qual) == 0 {
			l, ok1 := c.expDim(e.L)
			r, ok2 := c.expDim(e.R)
			if ok1 && ok2 {
				return arithDim(e.Op[0], l, r), true
			}
		}
	}
	return Dim{}, false
}

// rigidDim says whether d is a size the checker knows exactly.
func (c *checker) rigidDim(d Dim) bool {
	switch {
	case d.Known, d.Exist != 0, d.Term != "":
		return true
	case d.Name != "":
		return c.sizeNames[d.Name]
	case d.Add != nil:
		for _, p := range d.Add {
			if !c.rigidDim(p) {
				return false
			}
		}
		return true
	case d.Op != nil:
		return c.rigidDim(d.Op.L) && c.rigidDim(d.Op.R)
	}
	return false
}

func dimString(d Dim) string {
	switch {
	case d.Op != nil:
		return opString(d.Op, dimString)
	case d.Add != nil:
		s := make([]string, len(d.Add))
		for i, p := range d.Add {
			// An operand still being inferred prints as ?.
			if s[i] = dimString(p); s[i] == "" {
				s[i] = "?"
			}
		}
		return strings.Join(s, "+")
	case d.Name != "":
		return d.Name
	case d.Term != "":
		return d.Term
	case d.Known:
		return fmt.Sprint(d.Const)
	case d.Exist != 0:
		return fmt.Sprintf("?%d", d.Exist)
	case d.Exp != nil:
		return expString(d.Exp)
	}
	return ""
}

// opString prints l-r or l*r, with a compound operand in parentheses.
func opString(op *DimOp, show func(Dim) string) string {
	part := func(d Dim) string {
		if d.Add != nil || d.Op != nil {
			return "(" + show(d) + ")"
		}
		return show(d)
	}
	return part(op.L) + " " + string(op.Op) + " " + part(op.R)
}

// unifyDim makes two dimensions equal; it fails only when both are rigid
// and differ.
func (c *checker) unifyDim(a, b Dim) bool {
	a, b = c.cmpDim(a), c.cmpDim(b)
	if a.Var != 0 && b.Var != 0 && a.Var == b.Var {
		return true
	}
	// A parameter's size stays the representative of the sizes unified
	// with it, so that it is never bound to an existential size.
	if a.Var != 0 && b.Var != 0 && c.paramVar[a.Var] != "" && c.paramVar[b.Var] == "" {
		a, b = b, a
	}
	if a.Var != 0 && c.paramVar[a.Var] != "" && c.unknowable(b) || b.Var != 0 && c.paramVar[b.Var] != "" && c.unknowable(a) {
		return false
	}
	if a.Var != 0 {
		if !b.isUnknown() && !c.dimMentions(b, a.Var) {
			c.bindDimVar(a.Var, b)
		}
		return true
	}
	if b.Var != 0 {
		if !a.isUnknown() && !c.dimMentions(a, b.Var) {
			c.bindDimVar(b.Var, a)
		}
		return true
	}
	if a.Add != nil && b.Add != nil && !(c.rigidDim(a) && c.rigidDim(b)) {
		if len(a.Add) == len(b.Add) {
			for i := range a.Add {
				c.unifyDim(a.Add[i], b.Add[i])
			}
		}
		return true
	}
	if a.Op != nil && b.Op != nil && a.Op.Op == b.Op.Op && !(c.rigidDim(a) && c.rigidDim(b)) {
		c.unifyDim(a.Op.L, b.Op.L)
		c.unifyDim(a.Op.R, b.Op.R)
		return true
	}
	// A sum of sizes (xs ++ ys) is a size expression: it equals only the
	// same expression, never a constant or a single size, even where its
	// operands are still being inferred, as in Futhark ([d₁+d₂] is not
	// [10]). A sum with an unknown operand stays unknown.
	if c.sumAgainstRigid(a, b) || c.sumAgainstRigid(b, a) {
		return false
	}
	// A name used as a size (a term parameter: (k: i64) : [k]t) stands
	// for one value; an existential size is unknown until its
	// expression returns, so they differ, as in Futhark.
	if a.Exist != 0 && b.Name != "" && b.Add == nil && b.Op == nil || b.Exist != 0 && a.Name != "" && a.Add == nil && a.Op == nil {
		return false
	}
	if !c.rigidDim(a) || !c.rigidDim(b) {
		return true
	}
	return dimKey(a) == dimKey(b)
}

// sumAgainstRigid says whether a is a sum whose operands are all rigid
// sizes or sizes of the definition's parameters (`[]`, size parameters in
// Futhark), and b a rigid size that is not a sum. (The sizes of another
// function's size parameters, n+m for both [n][m] (xs: [n+m]t), are left
// to the check that they can be determined.)
func (c *checker) sumAgainstRigid(a, b Dim) bool {
	if a.Add == nil || b.Add != nil || !c.rigidDim(b) {
		return false
	}
	for _, p := range a.Add {
		p = c.cmpDim(p)
		if !c.rigidDim(p) && !(p.Var != 0 && c.paramVar[p.Var] != "") {
			return false
		}
	}
	return true
}

// bindDimVar binds the size variable v to d. An existential size bound
// to a variable instantiated from a size parameter is named by it in
// causality messages, as when it was unknown (see producedSizes).
func (c *checker) bindDimVar(v int, d Dim) {
	c.dsubst[v] = d
	if d.Ext > 0 && d.Exist == d.Ext {
		if _, ok := c.dimName[v]; ok {
			c.extName(d.Ext, v)
		}
	}
}

func (d Dim) isUnknown() bool {
	return d.Name == "" && !d.Known && d.Exp == nil && d.Var == 0 && d.Exist == 0 && d.Add == nil && d.Term == "" && d.Op == nil
}

// dimKey is a canonical text of a rigid dimension (sums in any order).
func dimKey(d Dim) string {
	if d.Add != nil {
		s := make([]string, len(d.Add))
		for i, p := range d.Add {
			s[i] = dimKey(p)
		}
		sort.Strings(s)
		return strings.Join(s, "+")
	}
	if d.Op != nil {
		// Differences and products compare as written, as Futhark's.
		return opString(d.Op, dimKey)
	}
	return dimString(d)
}

func (c *checker) dimMentions(d Dim, v int) bool {
	d = c.resolveDim(d)
	if d.Var == v {
		return true
	}
	for _, p := range d.Add {
		if c.dimMentions(p, v) {
			return true
		}
	}
	if d.Op != nil {
		return c.dimMentions(d.Op.L, v) || c.dimMentions(d.Op.R, v)
	}
	return false
}

// zonkDims resolves the dimensions of an array type.
func (sub *substitution) zonkDims(ds []Dim) []Dim {
	out := make([]Dim, len(ds))
	for i, d := range ds {
		out[i] = sub.resolveDim(d)
	}
	return out
}

// instDims gives a definition's size parameters (and the size variables
// left in its type) fresh size variables at a use; other sizes, which
// belong to the definition's scope, become unknown.
func (c *checker) instDim(d Dim, m map[string]Dim, vm map[int]Dim) Dim {
	d = c.resolveDim(d)
	switch {
	case d.Var != 0:
		if nd, ok := vm[d.Var]; ok {
			return nd
		}
		nd := c.freshDim()
		vm[d.Var] = nd
		return nd
	case d.Name != "":
		if nd, ok := m[d.Name]; ok {
			return nd
		}
		if c.keepNames {
			return d
		}
		// A size depending on a term parameter: Futhark names it by the
		// argument, so it is not anonymous.
		return c.freshExt()
	case d.Add != nil:
		parts := make([]Dim, len(d.Add))
		for i, p := range d.Add {
			parts[i] = c.instDim(p, m, vm)
			if parts[i].isUnknown() {
				return Dim{}
			}
		}
		return Dim{Add: parts}
	case d.Op != nil:
		return arithDim(d.Op.Op, c.instDim(d.Op.L, m, vm), c.instDim(d.Op.R, m, vm))
	case d.Known:
		return Dim{Const: d.Const, Known: true}
	case d.Exist != 0 && c.instAnon && !c.noAnon:
		// One existential size, however many times the type uses it.
		if nd, ok := vm[-d.Exist]; ok {
			return nd
		}
		vm[-d.Exist] = c.freshRigid(c.instWhy)
		return vm[-d.Exist]
	case d.Exp != nil:
		if nd, ok := c.instExp(d.Exp, m); ok {
			return nd
		}
		if c.keepNames {
			return d
		}
		return c.freshExt()
	}
	// A size computed from a value (Term) may be computed from the
	// definition's own parameters: the checker does not substitute the
	// arguments for them, so it is unknown here too.
	//
	// Unknown, anonymous or existential sizes of a function's result are
	// computed by the function: anonymous to the caller. (Not the `[]`
	// of a local function's parameter, which Futhark makes a size
	// parameter, and which the result may share.)
	//
	// Futhark makes such a size existential (?[k].[k]t): a fresh rigid
	// size at each application, equal to no other size, so using the
	// result where another size is needed is a compile-time error unless
	// the program coerces it with :>.
	if c.instAnon && !c.noAnon && !(c.keepNames && d.isUnknown() && d.Ext == 0) {
		if d.Exist != 0 || d.isUnknown() && d.Ext == 0 {
			return c.freshRigid(c.instWhy)
		}
		// A size computed from the arguments (Term, erasedExt) or an
		// unknown one the checker gave up on (Ext): lenient.
		return c.freshAnon()
	}
	return c.freshExt()
}

// freshRigid is a fresh existential size: rigid (Dim.Exist), so that it
// unifies only with itself and with size variables, and anonymous
// (Dim.Ext, anonExt) for the causality and lifting checks, which look for
// the sizes an expression computes. why says where it comes from, for
// messages.
func (c *checker) freshRigid(why string) Dim {
	d := c.freshAnon()
	d.Exist = d.Ext
	c.existWhy[d.Exist] = why
	return d
}

// instSizesFn is instSizes on a function type: the sizes of its final
// result that the function computes (unknown, existential) become
// anonymous sizes.
// (A constant's sizes are not: the constant is computed once.)
func (c *checker) instSizesFn(t Type, m map[string]Dim, vm map[int]Dim) Type {
	f, ok := t.(TFun)
	if !ok {
		return c.instSizes(t, m, vm)
	}
	p := c.instSizes(f.Param, m, vm)
	if _, more := f.Result.(TFun); more {
		return TFun{Param: p, Result: c.instSizesFn(f.Result, m, vm)}
	}
	c.instAnon = true
	defer func() { c.instAnon = false }()
	return TFun{Param: p, Result: c.instSizes(f.Result, m, vm)}
}

// instExp is a size expression of a definition's type at a use, when it
// is made of the definition's size parameters, constants and +.
func (c *checker) instExp(e Exp, m map[string]Dim) (Dim, bool) {
	switch e := e.(type) {
	case *ParenExp:
		return c.instExp(e.X, m)
	case *IntLit:
		return Dim{Const: int64(e.Value), Known: true}, true
	case *VarExp:
		if d, ok := m[e.Name]; ok && len(e.Qual) == 0 {
			return d, true
		}
	case *BinOpExp:
		if e.Op == "+" && len(e.Qual) == 0 {
			l, ok1 := c.instExp(e.L, m)
			r, ok2 := c.instExp(e.R, m)
			if ok1 && ok2 {
				return Dim{Add: []Dim{l, r}}, true
			}
		}
		if (e.Op == "-" || e.Op == "*") && len(e.Qual) == 0 {
			l, ok1 := c.instExp(e.L, m)
			r, ok2 := c.instExp(e.R, m)
			if ok1 && ok2 {
				return arithDim(e.Op[0], l, r), true
			}
		}
	}
	return Dim{}, false
}

// instSizes replaces the dimensions of a (zonked) type as instDim does.
func (c *checker) instSizes(t Type, m map[string]Dim, vm map[int]Dim) Type {
	switch t := t.(type) {
	case TArray:
		dims := make([]Dim, len(t.Dims))
		for i, d := range t.Dims {
			dims[i] = c.instDim(d, m, vm)
		}
		return TArray{Elem: c.instSizes(t.Elem, m, vm), Dims: dims, Unique: t.Unique}
	case TTuple:
		es := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			es[i] = c.instSizes(e, m, vm)
		}
		return TTuple{Elems: es}
	case TRecord:
		fs := make([]RecordField, len(t.Fields))
		for i, f := range t.Fields {
			fs[i] = RecordField{f.Name, c.instSizes(f.Type, m, vm)}
		}
		return TRecord{Fields: fs}
	case TFun:
		return TFun{Param: c.instSizes(t.Param, m, vm), Result: c.instSizes(t.Result, m, vm)}
	}
	return t
}

// unknownDims makes every dimension of t unknown (loop parameters, whose
// sizes may change from one iteration to the next).
func unknownDims(t Type) Type {
	return mapDims(t, func(ds []Dim) []Dim { return make([]Dim, len(ds)) })
}

// mapDims replaces the dimensions ds of every array in t, also inside
// tuples, records and function types, by f(ds).
func mapDims(t Type, f func(ds []Dim) []Dim) Type {
	switch t := t.(type) {
	case TArray:
		return TArray{Elem: mapDims(t.Elem, f), Dims: f(t.Dims), Unique: t.Unique}
	case TTuple:
		es := make([]Type, len(t.Elems))
		for i, e := range t.Elems {
			es[i] = mapDims(e, f)
		}
		return TTuple{Elems: es}
	case TRecord:
		fs := make([]RecordField, len(t.Fields))
		for i, fd := range t.Fields {
			fs[i] = RecordField{fd.Name, mapDims(fd.Type, f)}
		}
		return TRecord{Fields: fs}
	case TFun:
		return TFun{Param: mapDims(t.Param, f), Result: mapDims(t.Result, f)}
	case TSum:
		return mapSum(t, func(p Type) Type { return mapDims(p, f) })
	}
	return t
}

// joinTypes is the type of a value that is one of two values whose types
// agree except perhaps in sizes (if branches): sizes that differ become
// a fresh rigid size, as Futhark's existential sizes.
func (c *checker) joinTypes(a, b Type) Type {
	return c.joinTypesIn(a, b, map[[2]string]Dim{})
}

// joinTypesIn is joinTypes where made holds the fresh sizes made so far
// for pairs of differing sizes: two arrays whose sizes agree in each
// branch (if b then (xs3, ys3) else (xs2, ys2)) get one size, as in
// Futhark (?[k].([k]t, [k]t)), so that they can be zipped.
func (c *checker) joinTypesIn(a, b Type, made map[[2]string]Dim) Type {
	a, b = c.zonk(a), c.zonk(b)
	switch x := a.(type) {
	case TArray:
		y, ok := b.(TArray)
		if !ok || len(x.Dims) != len(y.Dims) {
			return a
		}
		dims := make([]Dim, len(x.Dims))
		for i := range x.Dims {
			da, db := c.cmpDim(x.Dims[i]), c.cmpDim(y.Dims[i])
			if c.rigidDim(da) && c.rigidDim(db) && dimKey(da) != dimKey(db) {
				key := [2]string{dimKey(da), dimKey(db)}
				if d, ok := made[key]; ok {
					dims[i] = d
					continue
				}
				c.next++
				dims[i] = Dim{Exist: c.next}
				made[key] = dims[i]
				c.existWhy[c.next] = fmt.Sprintf("unknown: the branches have sizes %s and %s", c.showDimShort(da), c.showDimShort(db))
				continue
			}
			c.unifyDim(da, db)
			dims[i] = c.resolveDim(da)
		}
		return TArray{Elem: c.joinTypesIn(x.Elem, y.Elem, made), Dims: dims, Unique: x.Unique && y.Unique}
	case TTuple:
		y, ok := b.(TTuple)
		if !ok || len(x.Elems) != len(y.Elems) {
			return a
		}
		es := make([]Type, len(x.Elems))
		for i := range es {
			es[i] = c.joinTypesIn(x.Elems[i], y.Elems[i], made)
		}
		return TTuple{Elems: es}
	case TRecord:
		y, ok := b.(TRecord)
		if !ok || len(x.Fields) != len(y.Fields) {
			return a
		}
		fs := make([]RecordField, len(x.Fields))
		for i := range fs {
			fs[i] = RecordField{x.Fields[i].Name, c.joinTypesIn(x.Fields[i].Type, y.Fields[i].Type, made)}
		}
		return TRecord{Fields: fs}
	}
	return a
}

// argSize is the size an i64 argument denotes, when the checker knows it
// (a size parameter, a constant, the length of an array): iota n has type
// [n]i64.
func (c *checker) argSize(sc *scope, e Exp) (Dim, bool) {
	switch e := e.(type) {
	case *ParenExp:
		return c.argSize(sc, e.X)
	case *IntLit:
		if e.Suffix == "" || e.Suffix == "i64" {
			return Dim{Const: int64(e.Value), Known: true}, true
		}
	case *VarExp:
		if len(e.Qual) == 0 {
			if b, ok := sc.lookup(e.Name); ok && c.sizeBinding[b] {
				return Dim{Name: e.Name}, true
			}
		}
	case *ApplyExp:
		if v, ok := e.Fn.(*VarExp); ok && len(v.Qual) == 0 && v.Name == "length" && len(e.Args) == 1 && c.isIntrinsic(sc, v) {
			if a, ok := c.resolve(c.types[e.Args[0]]).(TArray); ok {
				return c.resolveDim(a.Dims[0]), true
			}
		}
	}
	return Dim{}, false
}

// isIntrinsic says whether a name refers to the built-in of that name
// (not shadowed by a local or user definition).
func (c *checker) isIntrinsic(sc *scope, v *VarExp) bool {
	if len(v.Qual) > 0 {
		return true
	}
	if _, ok := sc.lookup(v.Name); ok {
		return false
	}
	_, ok := c.globals[v.Name]
	return !ok
}

// sizeMismatchHint is the hint of a size mismatch.
const sizeMismatchHint = "if the sizes really are equal at run time, coerce with `e :> [n]t`"

// nameImplicitSizes settles the sizes written `[]` in d's parameter
// types once its body is checked. A size the body left unconstrained
// becomes an implicit size parameter (d₁, d₂, ...); one the body made
// equal to another parameter's size, a size parameter or a constant is
// that size, as in Futhark (`def f (xs: []i32) (ys: []i32) = zip xs ys`
// takes two arrays of one size). A parameter's size cannot be one the
// body computes. It returns the new implicit size parameters.
func (c *checker) nameImplicitSizes(d *ValDecl) []string {
	var names []string
	fresh := func() Dim {
		c.implicitN++
		name := implicitName(c.implicitN)
		c.implicit[name] = true
		c.sizeNames[name] = true
		names = append(names, name)
		return Dim{Name: name}
	}
	// A size bound in the body (let [n] (ys: [n]t) = xs) names the
	// parameter's size there; the parameter gets an implicit size of its
	// own, one per such name.
	local := map[string]Dim{}
	for _, v := range c.implicitVars {
		r := c.resolveDim(Dim{Var: v})
		switch {
		case r.Var != 0:
			c.dsubst[r.Var] = fresh()
		case r.Term != "":
			c.dsubst[v] = fresh()
		case r.Known, r.Name != "" && (c.implicit[r.Name] || d.hasSizeParam(r.Name) || c.globals[r.Name] != nil):
		case r.Name != "" && r.Add == nil && r.Exp == nil:
			if _, ok := local[r.Name]; !ok {
				local[r.Name] = fresh()
			}
			c.dsubst[v] = local[r.Name]
		default:
			c.errorf(d.Pos, "name the size with a size parameter ([n]) and coerce the value computed in the body to it (e :> [n]t)",
				"a size written [] in a parameter of %s would be %s, which the body computes", d.Name, c.showDim(r))
		}
	}
	c.implicitVars = nil
	return names
}

// hasSizeParam reports whether d declares the size parameter [name].
func (d *ValDecl) hasSizeParam(name string) bool {
	for _, tp := range d.TypeParams {
		if tp.Size && tp.Name == name {
			return true
		}
	}
	return false
}

// implicitName is the name of the k-th implicit size parameter; it is not
// an identifier, so it cannot clash with the program's names.
func implicitName(k int) string {
	sub := []rune("₀₁₂₃₄₅₆₇₈₉")
	var b strings.Builder
	b.WriteString("d")
	for _, ch := range fmt.Sprint(k) {
		b.WriteRune(sub[ch-'0'])
	}
	return b.String()
}

// showDim prints a dimension for a message.
func (c *checker) showDim(d Dim) string {
	d = c.cmpDim(d)
	if d.Exist != 0 {
		return fmt.Sprintf("?%d (%s)", d.Exist, c.existWhy[d.Exist])
	}
	return c.showDimShort(d)
}

// showDimShort prints a dimension as types print it: an existential size
// by its number only (dimNote says where it comes from).
func (c *checker) showDimShort(d Dim) string {
	d = c.cmpDim(d)
	if d.Add != nil {
		parts := make([]string, len(d.Add))
		for i, p := range d.Add {
			parts[i] = c.showDimShort(p)
		}
		return strings.Join(parts, "+")
	}
	if d.Op != nil {
		return opString(d.Op, c.showDimShort)
	}
	if s := dimString(d); s != "" {
		return s
	}
	if s := c.paramVar[d.Var]; d.Var != 0 && s != "" {
		return s
	}
	return "[]"
}

// dimNote says where an existential size comes from, as Futhark's notes
// do ("?5" is an unknown size returned by "filter" at 2:12.); it is
// empty for other sizes.
func (c *checker) dimNote(d Dim) string {
	d = c.cmpDim(d)
	if d.Exist == 0 {
		return ""
	}
	return fmt.Sprintf(" \"?%d\" is %s.", d.Exist, c.existWhy[d.Exist])
}

// tabulateDims is how many leading dimensions of the prelude's tabulate
// functions' results their leading arguments give.
var tabulateDims = map[string]int{"tabulate": 1, "tabulate_2d": 2, "tabulate_3d": 3}

// dependentSize gives the result of iota n and replicate n x the size n,
// that of tabulate_2d n m f the sizes n and m, when the checker knows
// them, and that of unflatten of [n*m]t the sizes n and m; it returns the
// result type.
func (c *checker) dependentSize(sc *scope, e *ApplyExp, res Type) Type {
	v, ok := e.Fn.(*VarExp)
	if !ok || len(v.Qual) > 0 {
		return res
	}
	a, ok := c.resolve(res).(TArray)
	if !ok {
		return res
	}
	if k, ok := tabulateDims[v.Name]; ok {
		g := c.globals[v.Name]
		if _, local := sc.lookup(v.Name); local || g == nil || !g.prelude || len(e.Args) <= k || len(a.Dims) < k {
			return res
		}
		dims := append([]Dim(nil), a.Dims...)
		for i := range k {
			if !c.resolveDim(dims[i]).isUnknown() || c.innerExp(sc, e.Args[i]) {
				continue
			}
			if d, ok := c.argSize(sc, e.Args[i]); ok {
				dims[i] = d
			} else if t, ok := c.termSize(sc, e.Args[i]); ok {
				dims[i] = Dim{Term: t}
			}
		}
		a.Dims = dims
		return a
	}
	if v.Name == "unflatten" && c.isIntrinsic(sc, v) && len(e.Args) == 1 && len(a.Dims) >= 2 {
		// unflatten of [n*m]t is [n][m]t.
		if at, ok := c.resolve(c.types[e.Args[0]]).(TArray); ok {
			if p := c.cmpDim(at.Dims[0]); p.Op != nil && p.Op.Op == '*' {
				c.unifyDim(a.Dims[0], p.Op.L)
				c.unifyDim(a.Dims[1], p.Op.R)
			}
		}
		return res
	}
	if (v.Name != "iota" && v.Name != "replicate") || !c.isIntrinsic(sc, v) {
		return res
	}
	// A size given by a name bound inside the enclosing function (iota n
	// in \n -> iota n, iota (length xs) in \xs -> ...) goes out of scope
	// with it: Futhark makes it existential.
	if r := c.resolveDim(a.Dims[0]); r.Var != 0 && c.innerExp(sc, e.Args[0]) {
		c.dsubst[r.Var] = c.freshAnon()
		return res
	}
	if d, ok := c.argSize(sc, e.Args[0]); ok {
		c.unifyDim(a.Dims[0], d)
	} else if t, ok := c.termSize(sc, e.Args[0]); ok && !c.innerExp(sc, e.Args[0]) {
		c.unifyDim(a.Dims[0], Dim{Term: t})
	}
	return res
}

// termSize is the text of a size given by an expression made of
// ordinary i64 variables bound in the enclosing function, integer
// literals and +, as Futhark compares it: the operands of a sum in a
// canonical order, so that n+1 and 1+n are one size.
func (c *checker) termSize(sc *scope, e Exp) (string, bool) {
	var parts []string
	var walk func(e Exp) bool
	walk = func(e Exp) bool {
		switch e := e.(type) {
		case *ParenExp:
			return walk(e.X)
		case *IntLit:
			if e.Suffix != "" && e.Suffix != "i64" {
				return false
			}
			parts = append(parts, fmt.Sprint(e.Value))
			return true
		case *VarExp:
			if len(e.Qual) > 0 {
				return false
			}
			b, ok := sc.lookup(e.Name)
			if !ok || c.sizeBinding[b] || c.resolve(b.t) != Type(tI64) {
				return false
			}
			parts = append(parts, e.Name)
			return true
		case *BinOpExp:
			return e.Op == "+" && len(e.Qual) == 0 && walk(e.L) && walk(e.R)
		}
		return false
	}
	if !walk(e) {
		return "", false
	}
	// Names first, then constants: n+1.
	sort.Slice(parts, func(i, j int) bool {
		ci, cj := parts[i][0] <= '9', parts[j][0] <= '9'
		if ci != cj {
			return cj
		}
		return parts[i] < parts[j]
	})
	return strings.Join(parts, "+"), true
}

// eraseTermDims makes the sizes of a top-level definition's type that are
// computed from values (Dim.Term) unknown: they may be computed from its
// parameters, which mean nothing at a use.
func eraseTermDims(t Type) Type {
	return mapDims(t, func(ds []Dim) []Dim {
		out := make([]Dim, len(ds))
		for i, d := range ds {
			if dimHasTerm(d) {
				out[i] = Dim{Ext: erasedExt}
			} else {
				out[i] = d
			}
		}
		return out
	})
}

// erasedExt marks a size that eraseTermDims made unknown: it depends on
// the definition's term parameters (iota k in a function of k), so
// Futhark gives it in terms of the arguments at a use. fcc does not
// substitute them; such a size stays unknown, not existential (instDim).
const erasedExt = -1

// dimHasTerm says whether a resolved dimension is or contains a size
// computed from a value.
func dimHasTerm(d Dim) bool {
	if d.Term != "" {
		return true
	}
	for _, p := range d.Add {
		if dimHasTerm(p) {
			return true
		}
	}
	if d.Op != nil {
		return dimHasTerm(d.Op.L) || dimHasTerm(d.Op.R)
	}
	return false
}

// unknowable says whether d is a size that the function's caller cannot
// know: an existential size or one bound by a `let [n]` of the body.
func (c *checker) unknowable(d Dim) bool {
	return d.Exist != 0 || d.Name != "" && c.letRigid[d.Name] > 0
}

// bindLetSizes binds the pattern of `let [n]... pat = e` (e of type vt)
// in sc. The sizes n are fresh and rigid, as in Futhark: while the
// pattern is bound, the value's sizes are unified with size variables
// standing for them (they become whatever the value's sizes are at run
// time); in the body, n equals no other size. It returns the function
// that ends the body's scope.
func (c *checker) bindLetSizes(sc *scope, e *LetExp, vt Type) func() {
	if len(e.Sizes) == 0 {
		c.bindPat(sc, e.Pat, vt)
		return func() {}
	}
	outer := c.letPat
	c.letPat = map[string]Dim{}
	for _, n := range e.Sizes {
		c.letPat[n] = c.freshDim()
	}
	was := map[string]bool{}
	for _, n := range e.Sizes {
		was[n] = c.sizeNames[n]
		c.sizeNames[n] = false
	}
	c.bindPat(sc, e.Pat, vt)
	c.letPat = outer
	c.checkLetSizesUsed(e)
	for _, n := range e.Sizes {
		c.sizeNames[n] = true
		c.letRigid[n]++
	}
	return func() {
		for _, n := range e.Sizes {
			c.sizeNames[n] = was[n]
			c.letRigid[n]--
		}
	}
}

// escapeLetSizes is the type t of the body of a `let [n]` outside it:
// the sizes it binds are unknown there, each a fresh existential size.
func (c *checker) escapeLetSizes(e *LetExp, t Type) Type {
	if len(e.Sizes) == 0 {
		return t
	}
	m := map[string]Dim{}
	for _, n := range e.Sizes {
		m[n] = c.freshRigid(fmt.Sprintf("an unknown size bound by let [%s] at %d:%d and going out of scope", n, e.Pos.Line, e.Pos.Col))
	}
	return renameDims(c.zonk(t), m)
}

// renameDims replaces the sizes named in m in t (also inside sums and
// differences) by their dimensions in m.
func renameDims(t Type, m map[string]Dim) Type {
	if len(m) == 0 {
		return t
	}
	var dim func(d Dim) Dim
	dim = func(d Dim) Dim {
		switch {
		case d.Name != "" && d.Add == nil && d.Op == nil:
			if nd, ok := m[d.Name]; ok {
				return nd
			}
		case d.Add != nil:
			parts := make([]Dim, len(d.Add))
			for i, p := range d.Add {
				parts[i] = dim(p)
			}
			return Dim{Add: parts, Exp: d.Exp}
		case d.Op != nil:
			return Dim{Op: &DimOp{Op: d.Op.Op, L: dim(d.Op.L), R: dim(d.Op.R)}}
		}
		return d
	}
	return mapDims(t, func(ds []Dim) []Dim {
		out := make([]Dim, len(ds))
		for i, d := range ds {
			out[i] = dim(d)
		}
		return out
	})
}

// existentialResult is the type of a function of params whose declared
// result type is ret, where the sizes of existential types ?[n].t in ret
// stay existential (one Dim.Exist per size), whatever sizes the body gave
// them: each use of the function gets fresh rigid sizes for them
// (instDim), as Futhark's.
func (c *checker) existentialResult(params []Type, ret Type) Type {
	made := map[int]Dim{}
	var keep func(t Type) Type
	keep = func(t Type) Type {
		switch t := t.(type) {
		case TArray:
			dims := make([]Dim, len(t.Dims))
			for i, d := range t.Dims {
				dims[i] = d
				if d.Var != 0 && c.existVar[d.Var] {
					if _, ok := made[d.Var]; !ok {
						c.next++
						made[d.Var] = Dim{Exist: c.next}
					}
					dims[i] = made[d.Var]
				}
			}
			return TArray{Elem: keep(t.Elem), Dims: dims, Unique: t.Unique}
		case TTuple:
			es := make([]Type, len(t.Elems))
			for i, e := range t.Elems {
				es[i] = keep(e)
			}
			return TTuple{Elems: es}
		case TRecord:
			fs := make([]RecordField, len(t.Fields))
			for i, f := range t.Fields {
				fs[i] = RecordField{f.Name, keep(f.Type)}
			}
			return TRecord{Fields: fs}
		case TSum:
			return mapSum(t, keep)
		}
		return t
	}
	ft := keep(ret)
	for i := len(params) - 1; i >= 0; i-- {
		ft = TFun{Param: params[i], Result: ft}
	}
	return ft
}
