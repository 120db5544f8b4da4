package frontend

import (
	"fmt"
	"strings"

	"github.com/fcclang/fcc/soac"
)

// binOpInfo describes a built-in infix operator: which operand types it
// accepts, whether it yields bool, and the IR operation it becomes.
type binOpInfo struct {
	operands constraint
	cmp      bool // yields bool
	logical  bool // operands are bool
	op       soac.BinOp
	cmpOp    soac.CmpOp
	// swap operands (> and >= are < and <= reversed); negate the result (!=).
	swap, negate bool
}

var binOps = map[string]binOpInfo{
	"+":   {operands: cNumeric, op: soac.Add},
	"-":   {operands: cNumeric, op: soac.Sub},
	"*":   {operands: cNumeric, op: soac.Mul},
	"/":   {operands: cNumeric, op: soac.Div},
	"%":   {operands: cNumeric, op: soac.Mod},
	"//":  {operands: cIntegral, op: soac.Quot},
	"%%":  {operands: cIntegral, op: soac.Rem},
	"**":  {operands: cNumeric, op: soac.Pow},
	"&":   {operands: cIntegral, op: soac.And},
	"|":   {operands: cIntegral, op: soac.Or},
	"^":   {operands: cIntegral, op: soac.Xor},
	"<<":  {operands: cIntegral, op: soac.Shl},
	">>":  {operands: cIntegral, op: soac.Shr},
	">>>": {operands: cIntegral, op: soac.LShr},
	"&&":  {logical: true, op: soac.LogAnd},
	"||":  {logical: true, op: soac.LogOr},
	"==":  {operands: cPrim, cmp: true, cmpOp: soac.Eq},
	"!=":  {operands: cPrim, cmp: true, cmpOp: soac.Eq, negate: true},
	"<":   {operands: cPrim, cmp: true, cmpOp: soac.Lt},
	"<=":  {operands: cPrim, cmp: true, cmpOp: soac.Le},
	">":   {operands: cPrim, cmp: true, cmpOp: soac.Lt, swap: true},
	">=":  {operands: cPrim, cmp: true, cmpOp: soac.Le, swap: true},
}

// binOpType returns the type of a built-in operator as a curried function,
// instantiated afresh.
func (c *checker) binOpType(op string, pos Pos) (Type, bool) {
	info, ok := binOps[op]
	if !ok {
		return nil, false
	}
	if info.logical {
		return TFun{tBool, TFun{tBool, tBool}}, true
	}
	t := c.fresh(info.operands, pos)
	if info.cmpOp == soac.Eq {
		c.eqVars[t.ID] = true
	}
	var res Type = t
	if info.cmp {
		res = tBool
	}
	return TFun{t, TFun{t, res}}, true
}

// operatorType is the type of an operator used in an infix position or a
// section: a built-in, or (with backticks) any function name.
func (c *checker) operatorType(sc *scope, op string, qual []string, backtick bool, pos Pos, v *VarExp) Type {
	if !backtick && len(qual) == 0 {
		if t, ok := c.binOpType(op, pos); ok {
			return t
		}
		if op == "|>" || op == "<|" {
			a, b := c.fresh(cAny, pos), c.fresh(cAny, pos)
			if op == "|>" {
				return TFun{a, TFun{TFun{a, b}, b}}
			}
			return TFun{TFun{a, b}, TFun{a, b}}
		}
	}
	return c.varExp(sc, v)
}

// userOperator reports whether op names a definition of the program's
// (a top-level def or a local binding) rather than the built-in
// operator: user definitions shadow the built-ins, as in Futhark.
func (c *checker) userOperator(sc *scope, op string) bool {
	if _, ok := sc.lookup(op); ok {
		return true
	}
	g, ok := c.globals[op]
	return ok && !g.prelude && !c.prelude
}

func (c *checker) binOp(sc *scope, e *BinOpExp, expected Type) Type {
	// A user's definition of a built-in operator is applied as the
	// function it is, as an operator in backticks would be.
	if !e.Backtick && len(e.Qual) == 0 && c.userOperator(sc, e.Op) {
		e.Backtick = true
	}
	switch op := e.Op; {
	case e.Backtick:
	case op == "|>", op == "<|":
		x, f := e.L, e.R
		if e.Op == "<|" {
			x, f = e.R, e.L
		}
		lo := c.next
		xt := c.exp(sc, x)
		hi := c.next
		res := c.fresh(cAny, e.Pos)
		if expected != nil {
			c.unifyOK(res, expected)
		}
		before := c.copyConsumed()
		ft := c.expExpect(sc, f, TFun{Param: xt, Result: res})
		c.noConsumptionIn("Argument", f, ft, before)
		// Whether the parameter is unique is decided before unification
		// with the argument (copy : a -> a does not consume).
		fr, ok := c.resolve(ft).(TFun)
		uniq := ok && isUniqueArray(c.zonk(fr.Param))
		var param Type = xt
		if ok {
			param = fr.Param
		}
		c.unify(TFun{Param: xt, Result: res}, ft, f.expPos(), "function applied with "+e.Op)
		if e.Op == "<|" {
			c.causalityBinOp(e, f, x, ft, param, xt, lo, hi)
		}
		if uniq {
			c.consume(sc, x, x.expPos())
		}
		return res
	}
	if info, ok := binOps[e.Op]; ok && !e.Backtick && len(e.Qual) == 0 {
		return c.builtinBinOp(sc, e, info)
	}
	ft := c.operatorType(sc, e.Op, e.Qual, e.Backtick, e.Pos, e.opVar())
	res := c.fresh(cAny, e.Pos)
	f, ok := c.resolve(ft).(TFun)
	if _, open := c.resolve(ft).(TVar); !ok && open {
		// A parameter whose type is not known yet (x `op` y with op a
		// parameter): using it as an operator makes it a function of
		// two arguments, as in Futhark.
		f = TFun{Param: c.fresh(cAny, e.Pos), Result: TFun{Param: c.fresh(cAny, e.Pos), Result: c.fresh(cAny, e.Pos)}}
		c.unify(f, ft, e.Pos, "used as an operator")
		ok = true
	}
	if !ok {
		c.errorf(e.Pos, "", "%s is not a function and cannot be used as an operator", e.Op)
	}
	var lt, rt Type
	if isFunctionLike(e.L) {
		lt = c.expExpect(sc, e.L, f.Param)
	} else {
		lt = c.exp(sc, e.L)
	}
	c.unify(f.Param, lt, e.L.expPos(), opOperand("left", e.Op))
	lo := c.next
	g, gok := c.resolve(f.Result).(TFun)
	if gok && isFunctionLike(e.R) {
		rt = c.expExpect(sc, e.R, g.Param)
	} else {
		rt = c.exp(sc, e.R)
	}
	hi := c.next
	c.unify(TFun{Param: rt, Result: res}, f.Result, e.R.expPos(), opOperand("right", e.Op))
	if gok {
		if _, fun := c.resolve(lt).(TFun); fun {
			c.causalityBinOp(e, e.L, e.R, lt, g.Param, rt, lo, hi)
		}
	}
	return res
}

func (c *checker) opSection(sc *scope, e *OpSectionExp) Type {
	if !e.Backtick && len(e.Qual) == 0 && c.userOperator(sc, e.Op) {
		e.Backtick = true
	}
	ft := c.operatorType(sc, e.Op, e.Qual, e.Backtick, e.Pos, e.opVar())
	if e.Backtick && e.Left == nil && e.Right == nil {
		// (op) naming a definition is that definition's value, which
		// need not be a function (a parameter named (++)).
		return ft
	}
	a, b, r := c.fresh(cAny, e.Pos), c.fresh(cAny, e.Pos), c.fresh(cAny, e.Pos)
	c.unify(TFun{a, TFun{b, r}}, ft, e.Pos, fmt.Sprintf("operator section (%s)", e.Op))
	switch {
	case e.Left != nil:
		c.unify(a, c.exp(sc, e.Left), e.Left.expPos(), opOperand("left", e.Op))
		c.noConsumingSection(ft, 0, e.Left)
		return TFun{b, r}
	case e.Right != nil:
		c.unify(b, c.exp(sc, e.Right), e.Right.expPos(), opOperand("right", e.Op))
		c.noConsumingSection(ft, 1, e.Right)
		return TFun{a, r}
	}
	return TFun{a, TFun{b, r}}
}

// noConsumingSection rejects an operator section whose operand x is the
// argument for a consuming parameter (parameter k of the operator's type
// ft): the section captures the operand, as a lambda captures a free
// variable, and each application would consume it again.
func (c *checker) noConsumingSection(ft Type, k int, x Exp) {
	f, ok := c.resolveFun(ft)
	for ; ok && k > 0; k-- {
		f, ok = c.resolveFun(f.Result)
	}
	if ok && c.hasUniqueComponent(f.Param) {
		c.errorf(x.expPos(), "use a lambda that takes the array as its parameter, or apply the operator to both operands",
			"Operator sections may not supply an argument for a consuming parameter.")
	}
}

// builtinBinOp checks a built-in operator so that a mistake is reported
// against the operand that has the wrong type.
func (c *checker) builtinBinOp(sc *scope, e *BinOpExp, info binOpInfo) Type {
	var t Type = tBool
	if !info.logical {
		v := c.fresh(info.operands, e.Pos)
		if info.cmpOp == soac.Eq {
			c.eqVars[v.ID] = true
		}
		t = v
	}
	lt := c.exp(sc, e.L)
	if (e.Op == "==" || e.Op == "!=") && (isStructured(c.resolve(lt)) || c.hasConstrs(lt)) && !containsFun(c.zonk(lt)) {
		// Equality on arrays, tuples and records, as in Futhark: the
		// operands have one type, compared component by component.
		if a := abstractIn(c.zonk(lt)); a != "" {
			// An abstract type (of a functor's parameter, or of a
			// module ascribed a module type) is not known to support
			// equality: Futhark rejects == on it unless its module type
			// defines it (type t = i32).
			c.errorf(e.L.expPos(), "compare with an equality the module provides (such as a val eq: t -> t -> bool in its module type), or define the type in the module type",
				"%s has type %s, which does not support equality: the abstract type %s is not known to be an equality type", opOperand("left", e.Op), c.show(lt), a)
			c.exp(sc, e.R)
			return tBool
		}
		rt := c.exp(sc, e.R)
		c.unify(lt, rt, e.R.expPos(), opOperand("right", e.Op))
		return tBool
	}
	c.consFailed = nil
	if !c.unifyOK(t, lt) {
		if (e.Op == "==" || e.Op == "!=") && c.noEquality(lt) {
			// Futhark's wording, which its test blocks match.
			c.errorf(e.L.expPos(), "compare values of a primitive type, or arrays, tuples and records of them",
				"%s has type %s, which does not support equality", opOperand("left", e.Op), c.show(lt))
		}
		c.sumOperand(e.L, e.Op, lt)
		c.errorf(e.L.expPos(), c.operandHint(e.Op, lt), "%s must have %s, but has type %s%s", opOperand("left", e.Op), describeOperand(info), c.show(lt), c.operandNote(t))
	}
	rt := c.exp(sc, e.R)
	c.consFailed = nil
	if !c.unifyOK(t, rt) {
		c.errorf(e.R.expPos(), "both operands of a built-in operator have the same type; convert one, e.g. with f32.i32",
			"%s has type %s, but the left operand has type %s%s", opOperand("right", e.Op), c.show(rt), c.show(lt), c.operandNote(t))
	}
	if info.cmp {
		return tBool
	}
	return t
}

// abstractIn returns the name of an abstract type's opaque record in t (see
// opaque.go), or "" where t has none.
func abstractIn(t Type) string {
	switch t := t.(type) {
	case TArray:
		return abstractIn(t.Elem)
	case TTuple:
		for _, e := range t.Elems {
			if a := abstractIn(e); a != "" {
				return a
			}
		}
	case TRecord:
		if isOpaqueRecord(t) {
			return strings.TrimSuffix(t.Fields[0].Name, opaqueMark)
		}
		for _, f := range t.Fields {
			if a := abstractIn(f.Type); a != "" {
				return a
			}
		}
	case TSum:
		for _, k := range t.Constrs {
			for _, p := range k.Payload {
				if a := abstractIn(p); a != "" {
					return a
				}
			}
		}
	}
	return ""
}

// isStructured reports whether t is an array, tuple, record or sum type.
func isStructured(t Type) bool {
	switch t.(type) {
	case TArray, TTuple, TRecord, TSum:
		return true
	}
	return false
}

// noEquality reports whether t is a type that == and != cannot compare:
// one containing a function, or a type parameter.
func (c *checker) noEquality(t Type) bool {
	t = c.resolve(t)
	if v, ok := t.(TVar); ok {
		_, rigid := c.rigid[v.ID]
		return rigid
	}
	return containsFun(c.zonk(t))
}

// operandNote is consNote for an operand of a built-in operator whose
// operand type is t: it explains a constraint the operand had from an
// earlier use, not the operator's own.
func (c *checker) operandNote(t Type) string {
	if v, ok := t.(TVar); ok && c.consFailed != nil && c.consFailed.v == v.ID {
		return ""
	}
	return c.consNote()
}

// opOperand names an operand of an operator, the operator in quotes as
// Futhark's messages have it: left operand of "+".
func opOperand(side, op string) string {
	return fmt.Sprintf("%s operand of %q", side, op)
}

// operandHint suggests the operator that was likely meant where an
// operand of a built-in operator has a type it does not accept.
func (c *checker) operandHint(op string, t Type) string {
	if p, ok := c.resolve(t).(TPrim); ok && p.T.IsFloat() && op == "^" {
		return "^ is bitwise exclusive or; for a power use **"
	}
	return ""
}

func describeOperand(info binOpInfo) string {
	if info.logical {
		return "type bool"
	}
	return info.operands.describe()
}
