package frontend

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// Sum types in the IR, as Futhark internalises them: a value of a sum type
// is a u8 tag (the constructor's index in name order) followed by payload
// slots. Each constructor's payload, flattened to its primitive
// components, takes slots by type: a component uses the first slot of its
// type (element type and rank) that the constructor has not used yet, so
// constructors share slots and an array of a sum type is one tag array
// and one array per slot. Slots a constructor does not use hold a blank
// value (zero, or an empty array), so that equality can compare all
// components.

// leaf is the IR type of one component, without its sizes.
type leaf struct {
	elem values.PrimType
	rank int
}

// leaves are the components of a value of type t, in order.
func leaves(t Type) []leaf {
	switch t := t.(type) {
	case TPrim:
		return []leaf{{t.T, 0}}
	case TArray:
		var out []leaf
		for _, l := range leaves(t.Elem) {
			out = append(out, leaf{l.elem, l.rank + len(t.Dims)})
		}
		return out
	case TTuple:
		var out []leaf
		for _, e := range t.Elems {
			out = append(out, leaves(e)...)
		}
		return out
	case TRecord:
		var out []leaf
		for _, f := range t.Fields {
			out = append(out, leaves(f.Type)...)
		}
		return out
	case TSum:
		slots, _ := sumLayout(t)
		return append([]leaf{{values.U8, 0}}, slots...)
	}
	return nil
}

// sumLayout gives the payload slots of sum type t and, for each
// constructor, the slot of each of its payload's components.
func sumLayout(t TSum) ([]leaf, [][]int) {
	var slots []leaf
	assign := make([][]int, len(t.Constrs))
	for i, k := range t.Constrs {
		used := map[int]bool{}
		for _, p := range k.Payload {
			for _, l := range leaves(p) {
				s := -1
				for j, sl := range slots {
					if sl == l && !used[j] {
						s = j
						break
					}
				}
				if s < 0 {
					s = len(slots)
					slots = append(slots, l)
				}
				used[s] = true
				assign[i] = append(assign[i], s)
			}
		}
	}
	return slots, assign
}

// sumComponents is the number of IR values of a sum type.
func sumComponents(t TSum) int {
	slots, _ := sumLayout(t)
	return 1 + len(slots)
}

// blank is the value of an unused slot.
func (ic *internaliser) blank(l leaf, pos Pos) soac.SubExp {
	var zero soac.SubExp
	switch {
	case l.elem == values.Bool:
		zero = soac.Const{Value: soac.BoolValue(false)}
	case l.elem.IsFloat():
		zero = soac.Const{Value: soac.FloatValue(l.elem, 0)}
	default:
		zero = soac.Const{Value: soac.IntValue(l.elem, 0)}
	}
	if l.rank == 0 {
		return zero
	}
	shape := make([]soac.SubExp, l.rank)
	for i := range shape {
		shape[i] = soac.I64(0)
	}
	return ic.markBlank(ic.let("blank", soac.Array(l.elem, shape...), &soac.ReplicateExp{Shape: shape, X: zero}, pos), l)
}

// markBlank records that se is the blank value of a slot of type l.
func (ic *internaliser) markBlank(se soac.SubExp, l leaf) soac.SubExp {
	if v, ok := se.(soac.Var); ok {
		if ic.blanks == nil {
			ic.blanks = map[soac.VName]leaf{}
		}
		ic.blanks[v.Name] = l
	}
	return se
}

// shapeBlanks gives the blank slot values among rows, the components of
// the rows of an array literal, the shape of the first row that is not
// blank, so that [#none, #some [1,2,3]] is a regular array as in Futhark.
func (ic *internaliser) shapeBlanks(rows []soac.SubExp, pos Pos) {
	isBlank := func(se soac.SubExp) bool {
		v, ok := se.(soac.Var)
		if !ok {
			return false
		}
		_, ok = ic.blanks[v.Name]
		return ok
	}
	var shape []soac.SubExp
	for _, r := range rows {
		if !isBlank(r) {
			shape = ic.typeOf(r).Shape
			break
		}
	}
	if len(shape) == 0 {
		return
	}
	for i, r := range rows {
		if !isBlank(r) {
			continue
		}
		l := ic.blanks[r.(soac.Var).Name]
		zero := ic.blank(leaf{l.elem, 0}, pos)
		rows[i] = ic.markBlank(ic.let("blank", soac.Array(l.elem, shape...), &soac.ReplicateExp{Shape: shape, X: zero}, pos), l)
	}
}

// sizedBlank is the value of unused slot s of sum type t: a blank array
// with the sizes the type gives the payload component that the slot holds
// for another constructor, where they are known here, so that an array of
// values of t is regular ([#none, #some [1,2,3]]); else an empty one.
func (ic *internaliser) sizedBlank(env *ienv, t TSum, assign [][]int, s int, l leaf, pos Pos) soac.SubExp {
	if l.rank == 0 {
		return ic.blank(l, pos)
	}
	resolve := ic.sizeResolver(env, nil)
	for j, k := range t.Constrs {
		var dims [][]Dim
		for _, p := range k.Payload {
			dims = append(dims, leafDims(p)...)
		}
		for i, sl := range assign[j] {
			if sl != s || i >= len(dims) || len(dims[i]) != l.rank {
				continue
			}
			shape := make([]soac.SubExp, l.rank)
			ok := true
			for d, dim := range dims[i] {
				if shape[d] = resolve(dim); shape[d] == nil {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			zero := ic.blank(leaf{l.elem, 0}, pos)
			return ic.markBlank(ic.let("blank", soac.Array(l.elem, shape...), &soac.ReplicateExp{Shape: shape, X: zero}, pos), l)
		}
	}
	return ic.blank(l, pos)
}

// leafDims are the dimensions of each component of a value of type t (see
// leaves), nil for the components of a nested sum type.
func leafDims(t Type) [][]Dim {
	switch t := t.(type) {
	case TArray:
		var out [][]Dim
		for _, d := range leafDims(t.Elem) {
			out = append(out, append(append([]Dim(nil), t.Dims...), d...))
		}
		return out
	case TTuple:
		var out [][]Dim
		for _, e := range t.Elems {
			out = append(out, leafDims(e)...)
		}
		return out
	case TRecord:
		var out [][]Dim
		for _, f := range t.Fields {
			out = append(out, leafDims(f.Type)...)
		}
		return out
	case TSum:
		return make([][]Dim, len(leaves(t)))
	case TFun:
		return nil
	}
	return [][]Dim{nil}
}

// sumParamTypes are the IR types of an entry parameter of sum type t.
func (ic *internaliser) sumParamTypes(t TSum) []soac.Type {
	var out []soac.Type
	for _, l := range leaves(t) {
		shape := make([]soac.SubExp, l.rank)
		for i := range shape {
			shape[i] = ic.sizeVar("d")
		}
		out = append(out, soac.Type{Elem: l.elem, Shape: shape})
	}
	return out
}

// constrExp internalises #name e1 ... en.
func (ic *internaliser) constrExp(env *ienv, e *ConstrExp) ival {
	t, ok := ic.typeOfExp(e).(TSum)
	if !ok {
		panic(fmt.Sprintf("frontend: internalise: %s: constructor of non-sum type %s", e.Pos, typeString(ic.typeOfExp(e))))
	}
	slots, assign := sumLayout(t)
	tag := t.tag(e.Name)
	out := make([]soac.SubExp, 1+len(slots))
	out[0] = soac.Const{Value: soac.IntValue(values.U8, int64(tag))}
	var comps []soac.SubExp
	var fns []*funVal
	for _, a := range e.Args {
		v := ic.exp(env, a)
		comps = append(comps, v.ses...)
		fns = append(fns, v.funs()...)
	}
	for i, s := range assign[tag] {
		out[1+s] = comps[i]
	}
	for s, l := range slots {
		if out[1+s] == nil {
			out[1+s] = ic.sizedBlank(env, t, assign, s, l, e.Pos)
		}
	}
	res := ival{ses: out}
	if n := funCount(t); n > 0 {
		// Functions never reach the IR: the value holds them statically,
		// in the components of its own constructor, the others nil.
		res.fns = make([]*funVal, n)
		copy(res.fns[sumFunOffset(t, tag):], fns)
	}
	return res
}

// sumFunOffset is the index of the first function component of
// constructor tag of sum type t (see funCount).
func sumFunOffset(t TSum, tag int) int {
	n := 0
	for _, k := range t.Constrs[:tag] {
		for _, p := range k.Payload {
			n += funCount(p)
		}
	}
	return n
}

// staticTag is the constructor v, of sum type t, was built with when its
// function components tell (one of them is set), else -1.
func staticTag(v ival, t TSum) int {
	if len(v.fns) == 0 {
		return -1
	}
	for tag := range t.Constrs {
		off := sumFunOffset(t, tag)
		for _, p := range t.Constrs[tag].Payload {
			for range funCount(p) {
				if v.fns[off] != nil {
					return tag
				}
				off++
			}
		}
	}
	return -1
}

// cannotBe says whether v, of sum type t, is statically known not to be
// built with constructor tag: another constructor's functions are set, or
// tag has functions and they are not.
func cannotBe(v ival, t TSum, tag int) bool {
	if funCount(t) == 0 {
		return false
	}
	if st := staticTag(v, t); st >= 0 {
		return st != tag
	}
	n := 0
	for _, p := range t.Constrs[tag].Payload {
		n += funCount(p)
	}
	return n > 0
}

// payload is the value of each payload of constructor name in v, a value
// of sum type t.
func (ic *internaliser) payload(v ival, t TSum, name string) ([]ival, []Type) {
	_, assign := sumLayout(t)
	tag := t.tag(name)
	k := t.Constrs[tag]
	var out []ival
	i := 0
	foff := sumFunOffset(t, tag)
	for _, p := range k.Payload {
		n := len(leaves(p))
		var ses []soac.SubExp
		for _, s := range assign[tag][i : i+n] {
			ses = append(ses, v.ses[1+s])
		}
		i += n
		part := ival{ses: ses}
		if nf := funCount(p); nf > 0 {
			fs := make([]*funVal, nf)
			if len(v.fns) > 0 {
				copy(fs, v.fns[foff:foff+nf])
			}
			if _, ok := p.(TFun); ok {
				part = ival{fn: fs[0]}
			} else {
				part.fns = fs
			}
			foff += nf
		}
		out = append(out, part)
	}
	return out, k.Payload
}

// patTest is a bool that says whether v, of type t, matches p.
func (ic *internaliser) patTest(p Pat, v ival, t Type, pos Pos) soac.SubExp {
	yes := soac.Const{Value: soac.BoolValue(true)}
	switch p := p.(type) {
	case *PId, *PWild:
		return yes
	case *PAscript:
		return ic.patTest(p.Pat, v, t, pos)
	case *PTuple:
		if len(p.Elems) == 1 {
			return ic.patTest(p.Elems[0], v, t, pos)
		}
		var res soac.SubExp = yes
		for i, q := range p.Elems {
			part, pt := ic.projectVal(v, t, fmt.Sprint(i))
			res = ic.logic(soac.LogAnd, res, ic.patTest(q, part, pt, pos), pos)
		}
		return res
	case *PRecord:
		var res soac.SubExp = yes
		for _, f := range p.Fields {
			part, pt := ic.projectVal(v, t, f.Name)
			res = ic.logic(soac.LogAnd, res, ic.patTest(f.Pat, part, pt, pos), pos)
		}
		return res
	case *PLit:
		pt := ic.primOf(p.Lit)
		lit := ic.litValue(p, pt)
		return ic.let("c", soac.Prim(values.Bool), &soac.CmpOpExp{Op: soac.Eq, T: pt, X: v.ses[0], Y: lit}, pos)
	case *PConstr:
		st := t.(TSum)
		tagNo := st.tag(p.Name)
		if cannotBe(v, st, tagNo) {
			return soac.Const{Value: soac.BoolValue(false)}
		}
		var res soac.SubExp = yes
		if staticTag(v, st) != tagNo {
			tag := soac.Const{Value: soac.IntValue(values.U8, int64(tagNo))}
			res = ic.let("c", soac.Prim(values.Bool), &soac.CmpOpExp{Op: soac.Eq, T: values.U8, X: v.ses[0], Y: tag}, pos)
		}
		parts, pts := ic.payload(v, st, p.Name)
		for i, q := range p.Args {
			res = ic.logic(soac.LogAnd, res, ic.patTest(q, parts[i], pts[i], pos), pos)
		}
		return res
	}
	panic(fmt.Sprintf("frontend: internalise: unsupported pattern %T", p))
}

// litValue is the constant of a literal pattern of type t.
func (ic *internaliser) litValue(p *PLit, t values.PrimType) soac.SubExp {
	switch l := p.Lit.(type) {
	case *BoolLit:
		return soac.Const{Value: soac.BoolValue(l.Value)}
	case *IntLit:
		if t.IsFloat() {
			x := float64(l.Value)
			if p.Neg {
				x = -x
			}
			return soac.Const{Value: soac.FloatValue(t, x)}
		}
		x := int64(l.Value)
		if p.Neg {
			x = -x
		}
		return soac.Const{Value: soac.IntValue(t, x)}
	case *FloatLit:
		x := l.Value
		if p.Neg {
			x = -x
		}
		return soac.Const{Value: soac.FloatValue(t, x)}
	}
	panic("frontend: internalise: bad literal pattern")
}

// bindSumPat binds the names of a constructor pattern.
func (ic *internaliser) bindSumPat(env *ienv, p Pat, v ival) bool {
	switch p := p.(type) {
	case *PLit:
		return true
	case *PConstr:
		st := ic.srcType(ic.chk.patTypes[p]).(TSum)
		parts, _ := ic.payload(v, st, p.Name)
		for i, q := range p.Args {
			ic.bindPat(env, q, parts[i])
		}
		return true
	}
	return false
}

// match internalises a match as a chain of tests and branches, the cases
// tried in order; the last is taken without a test, since the checker
// has found the match exhaustive.
func (ic *internaliser) match(env *ienv, e *MatchExp) ival {
	x := ic.exp(env, e.X)
	t := ic.typeOfExp(e.X)
	// Cases that statically cannot match (those of constructors whose
	// functions the value does not hold) are left out, so that the last
	// case left, taken without a test, is one that can match.
	live := e.Cases
	var conds []soac.SubExp
	if funCount(t) > 0 {
		live = nil
		for _, k := range e.Cases {
			cond := ic.patTest(k.Pat, x, t, k.Pos)
			if c, ok := cond.(soac.Const); ok && !c.Value.Bool() {
				continue
			}
			live = append(live, k)
			conds = append(conds, cond)
		}
		if len(live) == 0 {
			panic(fmt.Sprintf("frontend: internalise: %s: no case of the match can be taken", e.Pos))
		}
	}
	var cases func(i int) ival
	cases = func(i int) ival {
		k := live[i]
		body := func() ival {
			inner := env.child()
			ic.bindPat(inner, k.Pat, x)
			return ic.exp(inner, k.Body)
		}
		if i == len(live)-1 {
			return body()
		}
		var cond soac.SubExp
		if conds != nil {
			cond = conds[i]
		} else {
			cond = ic.patTest(k.Pat, x, t, k.Pos)
		}
		if c, ok := cond.(soac.Const); ok {
			if c.Value.Bool() {
				return body()
			}
			return cases(i + 1)
		}
		return ic.ifThenElse(cond, func() []soac.SubExp { return body().ses }, func() []soac.SubExp { return cases(i + 1).ses }, e.Pos)
	}
	return cases(0)
}
