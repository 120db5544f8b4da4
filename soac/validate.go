package soac

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
)

// ValidationError is a violation of the IR's rules found by Validate. It
// names the function, the position of the offending statement (when there
// is one) and the offending name (when there is one).
type ValidationError struct {
	Fun  string
	Pos  Pos
	Name VName
	Msg  string
}

func (e *ValidationError) Error() string {
	s := "function " + e.Fun
	if e.Pos != (Pos{}) {
		s += ": " + e.Pos.String()
	}
	if e.Name != "" {
		s += ": " + string(e.Name)
	}
	return s + ": " + e.Msg
}

// Validate checks that a program is well formed, and returns the first
// violation found (a *ValidationError). Passes' tests run it on every
// program they produce. It checks:
//
//   - every name is bound once in the program (function and lambda
//     parameters, sizes in function parameter types, patterns, loop
//     parameters and indices, segment-space indices);
//   - every operand and array argument is in scope where it is used, and
//     every size variable in a type is a bound i64;
//   - functions: names unique, entry names unique, no recursion, the body's
//     results match the return types; calls name an existing function with
//     the right number of arguments of the parameters' element types and
//     ranks, and declare its return types;
//   - each statement's pattern matches its expression's types (element
//     type, rank, and dimensions where statically comparable: two
//     constants must be equal; two different variables or a variable and
//     a constant are not compared);
//   - scalar operators: operand types equal the operator's type, and the
//     operator is defined on it; conversions; primitive functions (name,
//     argument types, result type, see callprim.go);
//   - indices and slices: i64 operands, no more than the array's rank;
//     updates: the value has the slice's type; rearrange: a permutation of
//     the rank; reshape: the element count when all sizes are constants;
//     concat: equal element types, ranks and inner dimensions; iota,
//     replicate and array literals;
//   - if: a bool condition, both branches give the declared types; loops:
//     initial values and body results match the merge parameters, the
//     for-loop bound has the index type, a while condition is a bool merge
//     parameter;
//   - screma: inputs are arrays of outer size W, the map lambda takes one
//     row of each and returns the scan inputs, reduction inputs and mapped
//     values; each scan/reduce operator takes 2k parameters and returns k
//     results, all of the neutral elements' types;
//   - hist: the bucket lambda returns, per operator, an i64 index and the
//     operator's k values; destinations are k arrays of Bins rows of the
//     neutral types; scatter: per destination, Rank i64 indices and a
//     value of the destination's type without those dimensions;
//   - Seg-ops: i64 space sizes, the body's results match Types, the
//     reductions' and scans' operators and neutral elements match the
//     first results; a seghist's body returns, per operator, an i64 bin
//     index and the operator's values, and its destinations have the
//     outer dimensions of the space followed by Bins and the neutral
//     elements' shapes;
//   - thresholds: declared names are unique and non-negative, every
//     threshold expression names a declared threshold and takes an i64.
func Validate(p *Program) (err error) {
	v := &validator{prog: p, bound: map[VName]bool{}}
	defer func() {
		if r := recover(); r != nil {
			ve, ok := r.(*ValidationError)
			if !ok {
				panic(r)
			}
			err = ve
		}
	}()
	v.program()
	return nil
}

type validator struct {
	prog  *Program
	fun   string
	pos   Pos
	scope map[VName]Type
	stack []VName
	bound map[VName]bool // every name bound so far in the program

	thresholds map[string]bool // declared threshold names

	// kernel is where the statement being checked runs: on the host, in
	// a thread-level kernel or in a segmap_group's body (segNesting).
	kernel kernelLevel

	// patSizes are the i64 names the pattern of the statement being
	// checked binds: the existential sizes an if's result types may
	// mention (let {n: i64, xs: [n]t} = if ... : {i64, [n]t}).
	patSizes map[VName]bool
}

func (v *validator) fail(name VName, format string, args ...any) {
	panic(&ValidationError{Fun: v.fun, Pos: v.pos, Name: name, Msg: fmt.Sprintf(format, args...)})
}

func (v *validator) program() {
	funs := map[string]*FunDef{}
	entries := map[string]bool{}
	for _, f := range v.prog.Funs {
		v.fun, v.pos = f.Name, f.Pos
		if f.Name == "" {
			v.fail("", "function without a name")
		}
		if funs[f.Name] != nil {
			v.fail("", "function defined twice")
		}
		funs[f.Name] = f
		if f.EntryName != "" {
			if entries[f.EntryName] {
				v.fail("", "entry point %q defined twice", f.EntryName)
			}
			entries[f.EntryName] = true
		}
	}
	v.thresholds = map[string]bool{}
	for _, th := range v.prog.Thresholds {
		if th.Name == "" || v.thresholds[th.Name] {
			v.fail("", "threshold %q declared twice or without a name", th.Name)
		}
		if th.Default < 0 {
			v.fail("", "threshold %q has a negative default %d", th.Name, th.Default)
		}
		v.thresholds[th.Name] = true
	}
	for _, f := range v.prog.Funs {
		v.function(f)
	}
	v.fun, v.pos = "", Pos{}
}

func (v *validator) function(f *FunDef) {
	v.fun, v.pos = f.Name, f.Pos
	v.scope, v.stack = map[VName]Type{}, nil
	for _, p := range f.Params {
		v.bindName(p.Name, p.Type)
	}
	// Sizes in the parameter types that are not parameters themselves are
	// bound by the call.
	for _, p := range f.Params {
		for _, d := range p.Type.Shape {
			if x, ok := d.(Var); ok {
				if _, in := v.scope[x.Name]; !in {
					v.bindName(x.Name, Prim(values.I64))
				}
			}
		}
	}
	for _, p := range f.Params {
		v.typeDims(p.Name, p.Type)
	}
	res := v.body(f.Body)
	v.pos = f.Pos
	v.matchTypes("", "function result", f.RetType, res)
}

// --- scopes ---

func (v *validator) mark() int { return len(v.stack) }

func (v *validator) restore(m int) {
	for _, n := range v.stack[m:] {
		delete(v.scope, n)
	}
	v.stack = v.stack[:m]
}

func (v *validator) bindName(n VName, t Type) {
	if n == "" {
		v.fail("", "empty name")
	}
	if v.bound[n] {
		v.fail(n, "bound more than once")
	}
	v.bound[n] = true
	v.scope[n] = t
	v.stack = append(v.stack, n)
}

// bindParams binds names and then checks their types' sizes, so that a
// pattern may bind a size and an array of that size together.
func (v *validator) bindParams(ps []Param) {
	for _, p := range ps {
		v.bindName(p.Name, p.Type)
	}
	for _, p := range ps {
		v.typeDims(p.Name, p.Type)
	}
}

// typeDims checks that the sizes of a type are i64 constants or names
// bound earlier: in scope, or bound inside the construct whose result the
// type describes (an existential size).
func (v *validator) typeDims(who VName, t Type) { v.typeDimsExt(who, t, nil) }

// typeDimsExt is typeDims where the names in ext (existential sizes bound
// by the statement's pattern) are also allowed.
func (v *validator) typeDimsExt(who VName, t Type, ext map[VName]bool) {
	if int(t.Elem) > int(values.F64) {
		v.fail(who, "bad primitive type %d", t.Elem)
	}
	for _, d := range t.Shape {
		switch d := d.(type) {
		case Var:
			if st, ok := v.scope[d.Name]; ok {
				if st.Rank() != 0 || st.Elem != values.I64 {
					v.fail(who, "size %s in type %s has type %s, not i64", d.Name, t, st)
				}
			} else if !v.bound[d.Name] && !ext[d.Name] {
				v.fail(who, "size %s in type %s is not in scope", d.Name, t)
			}
		case Const:
			if d.Value.T != values.I64 {
				v.fail(who, "size %s in type %s is not i64", d.Value, t)
			}
		default:
			v.fail(who, "bad size in type")
		}
	}
}

// --- operands and types ---

func (v *validator) sub(se SubExp) Type {
	switch se := se.(type) {
	case Var:
		t, ok := v.scope[se.Name]
		if !ok {
			v.fail(se.Name, "not in scope")
		}
		return t
	case Const:
		if int(se.Value.T) > int(values.F64) {
			v.fail("", "constant of bad type %d", se.Value.T)
		}
		return Prim(se.Value.T)
	}
	v.fail("", "bad operand %T", se)
	return Type{}
}

func seName(se SubExp) VName {
	if x, ok := se.(Var); ok {
		return x.Name
	}
	return ""
}

// prim checks that an operand is a scalar of type t.
func (v *validator) prim(se SubExp, t PrimType, what string) {
	if st := v.sub(se); st.Rank() != 0 || st.Elem != t {
		v.fail(seName(se), "%s has type %s, expected %s", what, st, t)
	}
}

func (v *validator) i64(se SubExp, what string) { v.prim(se, values.I64, what) }

func (v *validator) arr(n VName) Type {
	t, ok := v.scope[n]
	if !ok {
		v.fail(n, "not in scope")
	}
	if t.Rank() == 0 {
		v.fail(n, "has scalar type %s, expected an array", t)
	}
	return t
}

// dimsDiffer reports whether two sizes are known to differ.
func dimsDiffer(a, b SubExp) bool {
	ca, ok1 := a.(Const)
	cb, ok2 := b.(Const)
	return ok1 && ok2 && ca.Value != cb.Value
}

// compatible reports whether a value of type got fits type want: the same
// element type and rank and no dimension known to differ.
func compatible(want, got Type) bool {
	if want.Elem != got.Elem || want.Rank() != got.Rank() {
		return false
	}
	for i := range want.Shape {
		if dimsDiffer(want.Shape[i], got.Shape[i]) {
			return false
		}
	}
	return true
}

func (v *validator) matchTypes(who VName, what string, want, got []Type) {
	if len(want) != len(got) {
		v.fail(who, "%s: %d values where %d are declared", what, len(got), len(want))
	}
	for i := range want {
		if !compatible(want[i], got[i]) {
			v.fail(who, "%s %d has type %s, declared %s", what, i, got[i], want[i])
		}
	}
}

func (v *validator) validPrim(t PrimType) {
	if int(t) > int(values.F64) {
		v.fail("", "bad primitive type %d", t)
	}
}

// --- bodies ---

func (v *validator) body(b *Body) []Type {
	pos := v.pos
	m := v.mark()
	for _, s := range b.Stms {
		v.pos = s.Pos
		var who VName
		if len(s.Pat) > 0 {
			who = s.Pat[0].Name
		}
		v.patSizes = map[VName]bool{}
		for _, p := range s.Pat {
			if p.Type.Rank() == 0 && p.Type.Elem == values.I64 {
				v.patSizes[p.Name] = true
			}
		}
		ts := v.exp(s.Exp, who)
		v.pos = s.Pos
		if len(ts) != len(s.Pat) {
			v.fail(who, "pattern binds %d names, expression gives %d values", len(s.Pat), len(ts))
		}
		for i, p := range s.Pat {
			if !compatible(p.Type, ts[i]) {
				v.fail(p.Name, "declared %s, expression gives %s", p.Type, ts[i])
			}
		}
		v.bindParams(s.Pat)
	}
	res := make([]Type, len(b.Result))
	for i, se := range b.Result {
		res[i] = v.sub(se)
	}
	v.restore(m)
	v.pos = pos
	return res
}

// lambda checks a lambda applied to arguments of the types args and
// returns its result types.
func (v *validator) lambda(who VName, what string, l *Lambda, args []Type) []Type {
	if l == nil || l.Body == nil {
		v.fail(who, "%s: missing lambda", what)
	}
	if len(l.Params) != len(args) {
		v.fail(who, "%s takes %d parameters, expected %d", what, len(l.Params), len(args))
	}
	m := v.mark()
	v.bindParams(l.Params)
	for i, p := range l.Params {
		if !compatible(p.Type, args[i]) {
			v.fail(p.Name, "%s parameter %d has type %s, argument has %s", what, i, p.Type, args[i])
		}
	}
	res := v.body(l.Body)
	for _, t := range l.RetType {
		v.typeDims(who, t)
	}
	v.matchTypes(who, what+" result", l.RetType, res)
	v.restore(m)
	return l.RetType
}

// operator checks a scan or reduction operator with its neutral elements
// and returns their types.
func (v *validator) operator(who VName, what string, op *Lambda, neutral []SubExp) []Type {
	nts := make([]Type, len(neutral))
	for i, ne := range neutral {
		nts[i] = v.sub(ne)
	}
	if len(neutral) == 0 {
		v.fail(who, "%s without neutral elements", what)
	}
	v.lambda(who, what+" operator", op, append(append([]Type(nil), nts...), nts...))
	v.matchTypes(who, what+" operator result", nts, op.RetType)
	return nts
}

// inputs checks the inputs of a SOAC of width w and returns their row
// types.
func (v *validator) inputs(w SubExp, ins []VName) []Type {
	v.i64(w, "width")
	rows := make([]Type, len(ins))
	for i, n := range ins {
		t := v.arr(n)
		if dimsDiffer(t.Shape[0], w) {
			v.fail(n, "input of type %s, expected outer size %s", t, subExp(w))
		}
		rows[i] = t.RowType()
	}
	return rows
}

func (v *validator) space(sp []SegDim) []SubExp {
	dims := make([]SubExp, len(sp))
	for i, d := range sp {
		v.i64(d.N, "segment space size")
		dims[i] = d.N
	}
	for _, d := range sp {
		v.bindName(d.Index, Prim(values.I64))
	}
	return dims
}

func withOuter(dims []SubExp, t Type) Type {
	return Type{Elem: t.Elem, Shape: append(append([]SubExp(nil), dims...), t.Shape...)}
}

func (v *validator) slice(arr VName, t Type, sl []DimIndex) Type {
	if len(sl) > t.Rank() {
		v.fail(arr, "%d indices for an array of type %s", len(sl), t)
	}
	out := Type{Elem: t.Elem}
	for _, d := range sl {
		if d.Fix != nil {
			v.i64(d.Fix, "index")
			continue
		}
		if d.Start == nil || d.N == nil || d.Stride == nil {
			v.fail(arr, "incomplete slice")
		}
		v.i64(d.Start, "slice start")
		v.i64(d.N, "slice length")
		v.i64(d.Stride, "slice stride")
		out.Shape = append(out.Shape, d.N)
	}
	out.Shape = append(out.Shape, t.Shape[len(sl):]...)
	return out
}

func (v *validator) exp(e Exp, who VName) []Type {
	one := func(t Type) []Type { return []Type{t} }
	if inner := v.segNesting(e, who); inner != v.kernel {
		saved := v.kernel
		v.kernel = inner
		defer func() { v.kernel = saved }()
	}
	switch e := e.(type) {
	case *SubExpExp:
		return one(v.sub(e.X))
	case *BinOpExp:
		if e.Op < 0 || int(e.Op) >= len(binOpNames) {
			v.fail(who, "bad binary operator %d", e.Op)
		}
		v.validPrim(e.T)
		if _, err := EvalBinOp(e.Op, e.T, PrimValue{T: e.T, Bits: 1}, PrimValue{T: e.T, Bits: 1}); err != nil {
			v.fail(who, "%v", err)
		}
		v.prim(e.X, e.T, e.Op.String()+" operand")
		v.prim(e.Y, e.T, e.Op.String()+" operand")
		return one(Prim(e.T))
	case *CmpOpExp:
		if e.Op < 0 || int(e.Op) >= len(cmpOpNames) {
			v.fail(who, "bad comparison operator %d", e.Op)
		}
		v.validPrim(e.T)
		v.prim(e.X, e.T, e.Op.String()+" operand")
		v.prim(e.Y, e.T, e.Op.String()+" operand")
		return one(Prim(values.Bool))
	case *UnOpExp:
		if e.Op < 0 || int(e.Op) >= len(unOpNames) {
			v.fail(who, "bad unary operator %d", e.Op)
		}
		v.validPrim(e.T)
		if _, err := EvalUnOp(e.Op, e.T, PrimValue{T: e.T}); err != nil {
			v.fail(who, "%v", err)
		}
		v.prim(e.X, e.T, e.Op.String()+" operand")
		return one(Prim(e.T))
	case *ConvOpExp:
		v.validPrim(e.From)
		v.validPrim(e.To)
		v.prim(e.X, e.From, "conversion operand")
		return one(Prim(e.To))
	case *CallPrimExp:
		if len(e.ArgTypes) != len(e.Args) {
			v.fail(who, "%s: %d arguments, %d argument types", e.Fn, len(e.Args), len(e.ArgTypes))
		}
		for i, a := range e.Args {
			v.validPrim(e.ArgTypes[i])
			v.prim(a, e.ArgTypes[i], fmt.Sprintf("argument %d of %s", i, e.Fn))
		}
		t, err := PrimFunType(e.Fn, e.ArgTypes)
		if err != nil {
			v.fail(who, "%v", err)
		}
		if t != e.T && !(e.Fn == "from_bits" && e.T.IsFloat() && e.T.Size() == t.Size()) {
			v.fail(who, "%s%s gives %s, declared %s", e.Fn, typeList(e.ArgTypes), t, e.T)
		}
		return one(Prim(e.T))
	case *IndexExp:
		t := v.arr(e.Arr)
		if len(e.Indices) > t.Rank() {
			v.fail(e.Arr, "%d indices for an array of type %s", len(e.Indices), t)
		}
		for _, i := range e.Indices {
			v.i64(i, "index")
		}
		if e.InBounds != nil && len(e.InBounds) != len(e.Indices) {
			v.fail(e.Arr, "%d in-bounds marks for %d indices", len(e.InBounds), len(e.Indices))
		}
		return one(Type{Elem: t.Elem, Shape: t.Shape[len(e.Indices):]})
	case *SliceExp:
		return one(v.slice(e.Arr, v.arr(e.Arr), e.Slice))
	case *UpdateExp:
		t := v.arr(e.Arr)
		st := v.slice(e.Arr, t, e.Slice)
		if vt := v.sub(e.Value); !compatible(st, vt) {
			v.fail(seName(e.Value), "update value has type %s, the slice of %s has type %s", vt, e.Arr, st)
		}
		if e.InPlace != "" {
			if it := v.arr(e.InPlace); it.Rank() <= t.Rank() {
				v.fail(e.InPlace, "in-place target of type %s has no element of type %s", it, t)
			}
		}
		return one(Type{Elem: t.Elem, Shape: t.Shape})
	case *IotaExp:
		v.i64(e.N, "iota size")
		if !e.T.IsInt() {
			v.fail(who, "iota of non-integer type %s", e.T)
		}
		v.prim(e.Start, e.T, "iota start")
		v.prim(e.Step, e.T, "iota step")
		return one(Array(e.T, e.N))
	case *ReplicateExp:
		for _, d := range e.Shape {
			v.i64(d, "replicate size")
		}
		return one(withOuter(e.Shape, v.sub(e.X)))
	case *ArrayLitExp:
		v.typeDims(who, e.RowType)
		for i, el := range e.Elems {
			if t := v.sub(el); !compatible(e.RowType, t) {
				v.fail(seName(el), "array element %d has type %s, expected %s", i, t, e.RowType)
			}
		}
		return one(e.RowType.ArrayOf(I64(int64(len(e.Elems)))))
	case *CopyExp:
		t := v.arr(e.Arr)
		return one(Type{Elem: t.Elem, Shape: t.Shape})
	case *RearrangeExp:
		t := v.arr(e.Arr)
		if len(e.Perm) != t.Rank() {
			v.fail(e.Arr, "permutation of %d dimensions for an array of type %s", len(e.Perm), t)
		}
		seen := make([]bool, len(e.Perm))
		out := Type{Elem: t.Elem, Shape: make([]SubExp, len(e.Perm))}
		for i, k := range e.Perm {
			if k < 0 || k >= len(e.Perm) || seen[k] {
				v.fail(e.Arr, "%v is not a permutation", e.Perm)
			}
			seen[k] = true
			out.Shape[i] = t.Shape[k]
		}
		return one(out)
	case *ReshapeExp:
		t := v.arr(e.Arr)
		for _, d := range e.Shape {
			v.i64(d, "reshape size")
		}
		if len(e.Shape) == 0 {
			v.fail(e.Arr, "reshape to no dimensions")
		}
		// Element counts are not compared even where both are constants:
		// a size coercion (xs :> [3]t) is a reshape after a run-time check,
		// and once inlining makes both sizes known the reshape may be one
		// that the check will refuse (the program fails at run time, as it
		// must; issue1294 of Futhark's tests and tests/programs/
		// rt_coerce_known_sizes.fut).
		return one(Type{Elem: t.Elem, Shape: e.Shape})
	case *ConcatExp:
		v.i64(e.W, "concat size")
		if len(e.Arrs) == 0 {
			v.fail(who, "concat of no arrays")
		}
		t0 := v.arr(e.Arrs[0])
		for _, n := range e.Arrs[1:] {
			t := v.arr(n)
			if !compatible(t0.RowType(), t.RowType()) {
				v.fail(n, "concat of %s and %s", t0, t)
			}
		}
		return one(t0.RowType().ArrayOf(e.W))
	case *IfExp:
		v.prim(e.Cond, values.Bool, "if condition")
		ext := v.patSizes
		for _, t := range e.Types {
			v.typeDimsExt(who, t, ext)
		}
		v.matchTypes(who, "then branch", e.Types, v.body(e.Then))
		v.matchTypes(who, "else branch", e.Types, v.body(e.Else))
		return e.Types
	case *LoopExp:
		if len(e.Params) != len(e.Init) {
			v.fail(who, "loop with %d merge parameters and %d initial values", len(e.Params), len(e.Init))
		}
		for i, p := range e.Params {
			if t := v.sub(e.Init[i]); !compatible(p.Type, t) {
				v.fail(p.Name, "merge parameter of type %s, initial value has type %s", p.Type, t)
			}
		}
		m := v.mark()
		switch f := e.Form.(type) {
		case ForLoop:
			if !f.T.IsInt() {
				v.fail(f.Index, "loop index of non-integer type %s", f.T)
			}
			v.prim(f.Bound, f.T, "loop bound")
			v.bindName(f.Index, Prim(f.T))
			v.bindParams(e.Params)
		case WhileLoop:
			v.bindParams(e.Params)
			if t, ok := v.scope[f.Cond]; !ok || !isMerge(e.Params, f.Cond) || t.Rank() != 0 || t.Elem != values.Bool {
				v.fail(f.Cond, "while condition must be a bool merge parameter")
			}
		default:
			v.fail(who, "loop without a form")
		}
		ts := make([]Type, len(e.Params))
		for i, p := range e.Params {
			ts[i] = p.Type
		}
		v.matchTypes(who, "loop body result", ts, v.body(e.Body))
		if e.Stencil != nil {
			v.checkStencil(e)
		}
		v.restore(m)
		return ts
	case *ApplyExp:
		f := v.prog.Fun(e.Fun)
		if f == nil {
			v.fail(who, "call of unknown function %s", e.Fun)
		}
		if len(e.Args) != len(f.Params) {
			v.fail(who, "%s takes %d arguments, given %d", e.Fun, len(f.Params), len(e.Args))
		}
		for i, a := range e.Args {
			t, pt := v.sub(a), f.Params[i].Type
			if t.Elem != pt.Elem || t.Rank() != pt.Rank() {
				v.fail(seName(a), "argument %d of %s has type %s, parameter %s has type %s", i, e.Fun, t, f.Params[i].Name, pt)
			}
		}
		if len(e.RetType) != len(f.RetType) {
			v.fail(who, "call of %s declares %d results, it returns %d", e.Fun, len(e.RetType), len(f.RetType))
		}
		for i, t := range e.RetType {
			if t.Elem != f.RetType[i].Elem || t.Rank() != f.RetType[i].Rank() {
				v.fail(who, "call of %s declares result %d as %s, it returns %s", e.Fun, i, t, f.RetType[i])
			}
		}
		return e.RetType
	case *AssertExp:
		v.prim(e.Cond, values.Bool, "assertion")
		for _, a := range e.Args {
			v.prim(a, values.I64, "assertion message operand")
		}
		if n := values.FormatVerbs(e.Msg); n != len(e.Args) {
			v.fail(who, "assertion message %q has %d verbs for %d operands", e.Msg, n, len(e.Args))
		}
		return one(Prim(values.Bool))
	case *ScremaExp:
		rows := v.inputs(e.W, e.Inputs)
		mapRet := v.lambda(who, "map lambda", e.Map, rows)
		var out, redOut []Type
		off := 0
		for _, s := range e.Scans {
			nts := v.operator(who, "scan", s.Op, s.Neutral)
			if off+len(nts) > len(mapRet) {
				v.fail(who, "map lambda returns %d values, too few for its scans and reductions", len(mapRet))
			}
			v.matchTypes(who, "scan input", nts, mapRet[off:off+len(nts)])
			for _, t := range nts {
				out = append(out, t.ArrayOf(e.W))
			}
			off += len(nts)
		}
		for _, r := range e.Reds {
			nts := v.operator(who, "reduce", r.Op, r.Neutral)
			if off+len(nts) > len(mapRet) {
				v.fail(who, "map lambda returns %d values, too few for its scans and reductions", len(mapRet))
			}
			v.matchTypes(who, "reduce input", nts, mapRet[off:off+len(nts)])
			redOut = append(redOut, nts...)
			off += len(nts)
		}
		out = append(out, redOut...)
		for _, t := range mapRet[off:] {
			out = append(out, t.ArrayOf(e.W))
		}
		return out
	case *HistExp:
		rows := v.inputs(e.W, e.Inputs)
		ret := v.lambda(who, "bucket lambda", e.Bucket, rows)
		var out []Type
		off := 0
		for _, op := range e.Ops {
			v.i64(op.Bins, "number of bins")
			nts := v.operator(who, "hist", op.Op, op.Neutral)
			if len(op.Dests) != len(nts) {
				v.fail(who, "hist operator with %d neutral elements and %d destinations", len(nts), len(op.Dests))
			}
			for i, d := range op.Dests {
				t := v.arr(d)
				if dimsDiffer(t.Shape[0], op.Bins) || !compatible(nts[i], t.RowType()) {
					v.fail(d, "hist destination of type %s, expected %s", t, nts[i].ArrayOf(op.Bins))
				}
				out = append(out, Type{Elem: t.Elem, Shape: t.Shape})
			}
			if off+1+len(nts) > len(ret) {
				v.fail(who, "bucket lambda returns %d values, too few for its operators", len(ret))
			}
			if !compatible(Prim(values.I64), ret[off]) {
				v.fail(who, "bucket lambda result %d (a bin index) has type %s, expected i64", off, ret[off])
			}
			v.matchTypes(who, "bucket lambda value", nts, ret[off+1:off+1+len(nts)])
			off += 1 + len(nts)
		}
		if off != len(ret) {
			v.fail(who, "bucket lambda returns %d values, its operators take %d", len(ret), off)
		}
		return out
	case *ScatterExp:
		rows := v.inputs(e.W, e.Inputs)
		ret := v.lambda(who, "scatter lambda", e.Lambda, rows)
		var out []Type
		off := 0
		for _, d := range e.Dests {
			t := v.arr(d.Arr)
			if d.Rank < 1 || d.Rank > t.Rank() {
				v.fail(d.Arr, "scatter of rank %d into an array of type %s", d.Rank, t)
			}
			if off+d.Rank+1 > len(ret) {
				v.fail(who, "scatter lambda returns %d values, too few for its destinations", len(ret))
			}
			for k := 0; k < d.Rank; k++ {
				if !compatible(Prim(values.I64), ret[off+k]) {
					v.fail(who, "scatter lambda result %d (an index) has type %s, expected i64", off+k, ret[off+k])
				}
			}
			vt := Type{Elem: t.Elem, Shape: t.Shape[d.Rank:]}
			if !compatible(vt, ret[off+d.Rank]) {
				v.fail(d.Arr, "scatter value has type %s, expected %s", ret[off+d.Rank], vt)
			}
			off += d.Rank + 1
			out = append(out, Type{Elem: t.Elem, Shape: t.Shape})
		}
		if off != len(ret) {
			v.fail(who, "scatter lambda returns %d values, its destinations take %d", len(ret), off)
		}
		return out
	case *SegMapExp:
		if len(e.Space) == 0 {
			v.fail(who, "segmap with an empty space")
		}
		if t := e.Tile; t != nil {
			switch {
			case e.Level != LevelThread:
				v.fail(who, "tiled segmap at work-group level")
			case t.Rank != len(e.Space) || t.Rank < 1 || t.Rank > 2:
				v.fail(who, "tile%dd plan on a segmap of rank %d", t.Rank, len(e.Space))
			case t.BlockSize == "" || (t.Rank == 2) != (t.RegSize != ""):
				v.fail(who, "tile%dd plan with missing or extra parameter names", t.Rank)
			}
		}
		if r := e.Region; r != nil {
			switch at := v.arr(r.Arr); {
			case e.Level != LevelThread || len(e.Types) != 1 || e.Types[0].Rank() != 0:
				v.fail(who, "region on a segmap other than one of one scalar result per work-item")
			case len(r.From) != len(e.Space) || at.Rank() != len(e.Space):
				v.fail(who, "region of %d bounds over %s for a space of rank %d", len(r.From), at, len(e.Space))
			case at.Elem != e.Types[0].Elem:
				v.fail(who, "region array %s of type %s for a result of type %s", r.Arr, at, e.Types[0])
			}
			for _, f := range r.From {
				v.i64(f, "region bound")
			}
		}
		m := v.mark()
		dims := v.space(e.Space)
		res := v.body(e.Body)
		for _, t := range e.Types {
			v.typeDims(who, t)
		}
		v.matchTypes(who, "segmap body result", e.Types, res)
		v.restore(m)
		out := make([]Type, len(e.Types))
		for i, t := range e.Types {
			out[i] = withOuter(dims, t)
		}
		return out
	case *SegRedExp:
		if len(e.Space) == 0 {
			v.fail(who, "segred with an empty space")
		}
		var nts []Type
		for _, r := range e.Reds {
			nts = append(nts, v.operator(who, "segred", r.Op, r.Neutral)...)
		}
		m := v.mark()
		dims := v.space(e.Space)
		res := v.body(e.Body)
		for _, t := range e.Types {
			v.typeDims(who, t)
		}
		v.matchTypes(who, "segred body result", e.Types, res)
		if len(nts) > len(e.Types) {
			v.fail(who, "segred body gives %d values, its reductions take %d", len(e.Types), len(nts))
		}
		v.matchTypes(who, "segred reduction input", nts, e.Types[:len(nts)])
		v.restore(m)
		var out []Type
		for _, t := range nts {
			out = append(out, withOuter(dims[:len(dims)-1], t))
		}
		for _, t := range e.Types[len(nts):] {
			out = append(out, withOuter(dims, t))
		}
		return out
	case *SegScanExp:
		if len(e.Space) == 0 {
			v.fail(who, "segscan with an empty space")
		}
		var nts []Type
		for _, sc := range e.Scans {
			nts = append(nts, v.operator(who, "segscan", sc.Op, sc.Neutral)...)
		}
		m := v.mark()
		dims := v.space(e.Space)
		res := v.body(e.Body)
		for _, t := range e.Types {
			v.typeDims(who, t)
		}
		v.matchTypes(who, "segscan body result", e.Types, res)
		if len(nts) > len(e.Types) {
			v.fail(who, "segscan body gives %d values, its scans take %d", len(e.Types), len(nts))
		}
		v.matchTypes(who, "segscan scan input", nts, e.Types[:len(nts)])
		v.restore(m)
		out := make([]Type, len(e.Types))
		for i, t := range e.Types {
			out[i] = withOuter(dims, t)
		}
		return out
	case *SegHistExp:
		if len(e.Space) == 0 {
			v.fail(who, "seghist with an empty space")
		}
		var out []Type
		type opTypes struct{ nts []Type }
		ops := make([]opTypes, len(e.Ops))
		for i, op := range e.Ops {
			v.i64(op.Bins, "number of bins")
			ops[i].nts = v.operator(who, "seghist", op.Op, op.Neutral)
			if len(op.Dests) != len(ops[i].nts) {
				v.fail(who, "seghist operator with %d neutral elements and %d destinations", len(ops[i].nts), len(op.Dests))
			}
		}
		m := v.mark()
		dims := v.space(e.Space)
		res := v.body(e.Body)
		for _, t := range e.Types {
			v.typeDims(who, t)
		}
		v.matchTypes(who, "seghist body result", e.Types, res)
		v.restore(m)
		segDims := dims[:len(dims)-1]
		off := 0
		for i, op := range e.Ops {
			nts := ops[i].nts
			for k, d := range op.Dests {
				t := v.arr(d)
				want := withOuter(append(append([]SubExp(nil), segDims...), op.Bins), nts[k])
				if !compatible(want, t) {
					v.fail(d, "seghist destination of type %s, expected %s", t, want)
				}
				out = append(out, Type{Elem: t.Elem, Shape: t.Shape})
			}
			if off+1+len(nts) > len(e.Types) {
				v.fail(who, "seghist body returns %d values, too few for its operators", len(e.Types))
			}
			if !compatible(Prim(values.I64), e.Types[off]) {
				v.fail(who, "seghist body result %d (a bin index) has type %s, expected i64", off, e.Types[off])
			}
			v.matchTypes(who, "seghist body value", nts, e.Types[off+1:off+1+len(nts)])
			off += 1 + len(nts)
		}
		if off != len(e.Types) {
			v.fail(who, "seghist body returns %d values, its operators take %d", len(e.Types), off)
		}
		return out
	case *ThresholdExp:
		if !v.thresholds[e.Name] {
			v.fail(who, "threshold %q is not declared by the program", e.Name)
		}
		v.i64(e.Parallelism, "threshold parallelism")
		return one(Prim(values.Bool))
	case *GroupFitsExp:
		v.i64(e.Group, "group_fits work-items")
		v.i64(e.LocalBytes, "group_fits local memory")
		return one(Prim(values.Bool))
	case nil:
		v.fail(who, "missing expression")
	}
	v.fail(who, "unknown expression %T", e)
	return nil
}

// kernelLevel is where code runs, for the nesting rules of Seg-ops.
type kernelLevel int

const (
	onHost kernelLevel = iota
	inThreadKernel
	inGroupKernel
)

// segNesting checks where Seg-op e may be (a segmap_group at host level;
// in its body, thread-level untiled Seg-ops, over one dimension but for
// segmaps, whose points the group's work-items share) and returns where its body runs; for other expressions it
// returns the current level. Seg-ops nested elsewhere (in an operator of
// a thread-level Seg-op) keep their old meaning: run sequentially.
func (v *validator) segNesting(e Exp, who VName) kernelLevel {
	var lvl SegLevel
	var space []SegDim
	tiled := false
	switch e := e.(type) {
	case *SegMapExp:
		lvl, space, tiled = e.Level, e.Space, e.Tile != nil
	case *SegRedExp:
		lvl, space = e.Level, e.Space
	case *SegScanExp:
		lvl, space = e.Level, e.Space
	case *SegHistExp:
		lvl, space = e.Level, e.Space
	default:
		return v.kernel
	}
	if _, isMap := e.(*SegMapExp); isMap && lvl == LevelGroup {
		if v.kernel != onHost {
			v.fail(who, "a segmap_group inside a kernel")
		}
		return inGroupKernel
	}
	_, isMap := e.(*SegMapExp)
	if v.kernel == inGroupKernel && (lvl != LevelThread || tiled || len(space) != 1 && !isMap) {
		v.fail(who, "a Seg-op in a segmap_group's body that is not thread-level and untiled, or not a segmap and over several dimensions (the group's work-items)")
	}
	return inThreadKernel
}

func isMerge(ps []Param, n VName) bool {
	for _, p := range ps {
		if p.Name == n {
			return true
		}
	}
	return false
}
