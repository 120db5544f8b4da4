package soac

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
)

// RuntimeError is a failure while running a program: an index out of
// bounds, a failed assertion, a size mismatch, a division by zero.
type RuntimeError struct {
	Pos Pos
	Msg string
}

func (e *RuntimeError) Error() string { return fmt.Sprintf("%s: %s", e.Pos, e.Msg) }

// Interpreter executes the IR directly; it is the reference semantics that
// every pass and the compiled code are tested against.
type Interpreter struct {
	prog *Program
	// Names are unique in a program and functions are not recursive, so a
	// single environment serves every activation without shadowing.
	env map[VName]Value
}

// NewInterpreter prepares to run prog.
func NewInterpreter(prog *Program) *Interpreter {
	return &Interpreter{prog: prog, env: make(map[VName]Value)}
}

// RunEntry runs the entry point with the given external name.
func (in *Interpreter) RunEntry(name string, args []Value) ([]Value, error) {
	f := in.prog.Entry(name)
	if f == nil {
		return nil, fmt.Errorf("no entry point %q", name)
	}
	if len(args) != len(f.Params) {
		return nil, fmt.Errorf("entry point %q takes %d arguments, got %d", name, len(f.Params), len(args))
	}
	return in.call(f, args, f.Pos)
}

func (in *Interpreter) call(f *FunDef, args []Value, pos Pos) ([]Value, error) {
	for i, p := range f.Params {
		if err := in.bindParam(p, args[i], pos); err != nil {
			return nil, err
		}
	}
	return in.body(f.Body)
}

// bindParam binds a parameter, checking the argument's shape against the
// parameter's declared size variables (binding those not yet bound).
func (in *Interpreter) bindParam(p Param, v Value, pos Pos) error {
	shape := shapeOf(v)
	if len(shape) != len(p.Type.Shape) {
		return &RuntimeError{pos, fmt.Sprintf("%s: expected rank %d, got rank %d", p.Name, len(p.Type.Shape), len(shape))}
	}
	for i, d := range p.Type.Shape {
		switch d := d.(type) {
		case Var:
			if bound, ok := in.env[d.Name]; ok {
				if bound.Prim.Int() != shape[i] {
					return &RuntimeError{pos, fmt.Sprintf("size mismatch for %s: dimension %d is %d, expected %d", p.Name, i, shape[i], bound.Prim.Int())}
				}
			} else {
				in.env[d.Name] = PrimVal(IntValue(values.I64, shape[i]))
			}
		case Const:
			if d.Value.Int() != shape[i] {
				return &RuntimeError{pos, fmt.Sprintf("size mismatch for %s: dimension %d is %d, expected %d", p.Name, i, shape[i], d.Value.Int())}
			}
		}
	}
	in.env[p.Name] = v
	return nil
}

func (in *Interpreter) subExp(se SubExp) Value {
	switch se := se.(type) {
	case Const:
		return PrimVal(se.Value)
	case Var:
		v, ok := in.env[se.Name]
		if !ok {
			panic(fmt.Sprintf("soac: interpreter: unbound variable %s", se.Name))
		}
		return v
	}
	panic(fmt.Sprintf("soac: interpreter: bad operand %T", se))
}

func (in *Interpreter) prim(se SubExp) PrimValue { return in.subExp(se).Prim }

func (in *Interpreter) size(se SubExp) int64 { return in.prim(se).Int() }

func (in *Interpreter) body(b *Body) ([]Value, error) {
	for _, s := range b.Stms {
		vs, err := in.exp(s.Exp, s.Pos)
		if err != nil {
			return nil, err
		}
		if len(vs) != len(s.Pat) {
			panic(fmt.Sprintf("soac: interpreter: %s: pattern of %d names bound to %d values", s.Pos, len(s.Pat), len(vs)))
		}
		for i, p := range s.Pat {
			in.env[p.Name] = vs[i]
		}
	}
	res := make([]Value, len(b.Result))
	for i, se := range b.Result {
		res[i] = in.subExp(se)
	}
	return res, nil
}

func (in *Interpreter) lambda(l *Lambda, args []Value) ([]Value, error) {
	for i, p := range l.Params {
		in.env[p.Name] = args[i]
	}
	return in.body(l.Body)
}

func one(v Value) []Value { return []Value{v} }

func (in *Interpreter) exp(e Exp, pos Pos) ([]Value, error) {
	switch e := e.(type) {
	case *SubExpExp:
		return one(in.subExp(e.X)), nil
	case *BinOpExp:
		r, err := EvalBinOp(e.Op, e.T, in.prim(e.X), in.prim(e.Y))
		if err != nil {
			return nil, &RuntimeError{pos, err.Error()}
		}
		return one(PrimVal(r)), nil
	case *CmpOpExp:
		return one(PrimVal(BoolValue(EvalCmpOp(e.Op, e.T, in.prim(e.X), in.prim(e.Y))))), nil
	case *UnOpExp:
		r, err := EvalUnOp(e.Op, e.T, in.prim(e.X))
		if err != nil {
			return nil, &RuntimeError{pos, err.Error()}
		}
		return one(PrimVal(r)), nil
	case *ConvOpExp:
		return one(PrimVal(Convert(in.prim(e.X), e.To))), nil
	case *IndexExp:
		return in.index(e, pos)
	case *IotaExp:
		n := in.size(e.N)
		if n < 0 {
			return nil, &RuntimeError{pos, fmt.Sprintf("iota: negative size %d", n)}
		}
		start, step := in.prim(e.Start), in.prim(e.Step)
		out := values.NewArray(e.T, []int64{n})
		x := Convert(start, e.T)
		st := Convert(step, e.T)
		for i := int64(0); i < n; i++ {
			setElem(out, i, x)
			x, _ = EvalBinOp(Add, e.T, x, st)
		}
		return one(ArrVal(out)), nil
	case *ReplicateExp:
		return in.replicate(e, pos)
	case *ArrayLitExp:
		rowShape := make([]int64, len(e.RowType.Shape))
		for i, d := range e.RowType.Shape {
			rowShape[i] = in.size(d)
		}
		b := newArrayBuilder(e.RowType.Elem, int64(len(e.Elems)), rowShape)
		for i, el := range e.Elems {
			if err := b.set(int64(i), in.subExp(el)); err != nil {
				return nil, &RuntimeError{pos, err.Error()}
			}
		}
		return one(ArrVal(b.arr)), nil
	case *CopyExp:
		return one(copyValue(in.env[e.Arr])), nil
	case *IfExp:
		if in.prim(e.Cond).Bool() {
			return in.body(e.Then)
		}
		return in.body(e.Else)
	case *LoopExp:
		return in.loop(e)
	case *ApplyExp:
		f := in.prog.Fun(e.Fun)
		if f == nil {
			panic(fmt.Sprintf("soac: interpreter: %s: unknown function %s", pos, e.Fun))
		}
		args := make([]Value, len(e.Args))
		for i, a := range e.Args {
			args[i] = in.subExp(a)
		}
		return in.call(f, args, e.Pos)
	case *AssertExp:
		if !in.prim(e.Cond).Bool() {
			return nil, &RuntimeError{e.Pos, e.Msg}
		}
		return one(PrimVal(BoolValue(true))), nil
	case *ScremaExp:
		return in.screma(e, pos)
	case *SegMapExp:
		return in.segMap(e, pos)
	case *SegRedExp:
		return in.segRed(e, pos)
	}
	panic(fmt.Sprintf("soac: interpreter: %s: unhandled expression %T", pos, e))
}

func (in *Interpreter) index(e *IndexExp, pos Pos) ([]Value, error) {
	v := in.env[e.Arr]
	for k, ise := range e.Indices {
		if v.Arr == nil {
			panic(fmt.Sprintf("soac: interpreter: %s: too many indices for %s", pos, e.Arr))
		}
		i := in.prim(ise).Int()
		if i < 0 || i >= rows(v.Arr) {
			return nil, &RuntimeError{e.Pos, fmt.Sprintf("index [%s] out of bounds for array of shape %s", indexString(in, e.Indices[:k+1]), shapeString(shapeOf(in.env[e.Arr])))}
		}
		v = row(v.Arr, i)
	}
	return one(v), nil
}

func indexString(in *Interpreter, idx []SubExp) string {
	s := ""
	for i, se := range idx {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(in.prim(se).Int())
	}
	return s
}

func shapeString(shape []int64) string {
	s := ""
	for _, d := range shape {
		s += fmt.Sprintf("[%d]", d)
	}
	return s
}

func (in *Interpreter) replicate(e *ReplicateExp, pos Pos) ([]Value, error) {
	x := in.subExp(e.X)
	shape := make([]int64, len(e.Shape))
	n := int64(1)
	for i, d := range e.Shape {
		shape[i] = in.size(d)
		if shape[i] < 0 {
			return nil, &RuntimeError{pos, fmt.Sprintf("replicate: negative size %d", shape[i])}
		}
		n *= shape[i]
	}
	var elem PrimType
	var inner []int64
	if x.Arr != nil {
		elem, inner = x.Arr.Type, x.Arr.Shape
	} else {
		elem = x.Prim.T
	}
	b := newArrayBuilder(elem, n, inner)
	for i := int64(0); i < n; i++ {
		_ = b.set(i, x)
	}
	out := b.arr
	out.Shape = append(shape, inner...)
	return one(ArrVal(out)), nil
}

func (in *Interpreter) loop(e *LoopExp) ([]Value, error) {
	merge := make([]Value, len(e.Init))
	for i, se := range e.Init {
		merge[i] = in.subExp(se)
	}
	bind := func() {
		for i, p := range e.Params {
			in.env[p.Name] = merge[i]
		}
	}
	switch f := e.Form.(type) {
	case ForLoop:
		n := Convert(in.prim(f.Bound), values.I64).Int()
		for i := int64(0); i < n; i++ {
			bind()
			in.env[f.Index] = PrimVal(IntValue(f.T, i))
			res, err := in.body(e.Body)
			if err != nil {
				return nil, err
			}
			merge = res
		}
	case WhileLoop:
		for {
			bind()
			if !in.env[f.Cond].Prim.Bool() {
				break
			}
			res, err := in.body(e.Body)
			if err != nil {
				return nil, err
			}
			merge = res
		}
	}
	return merge, nil
}

// resultBuilders allocates one builder per mapped-out result; the row shape
// is known only once the first element has been computed, so builders are
// created lazily.
type resultBuilders struct {
	types []Type
	outer int64
	bs    []*arrayBuilder
}

func (r *resultBuilders) set(in *Interpreter, i int64, vs []Value) error {
	if r.bs == nil {
		r.bs = make([]*arrayBuilder, len(vs))
		for k, v := range vs {
			elem := r.types[k].Elem
			r.bs[k] = newArrayBuilder(elem, r.outer, shapeOf(v))
		}
	}
	for k, v := range vs {
		if err := r.bs[k].set(i, v); err != nil {
			return err
		}
	}
	return nil
}

// finish returns the arrays; for zero iterations the row shape comes from
// the declared types.
func (r *resultBuilders) finish(in *Interpreter) []Value {
	out := make([]Value, len(r.types))
	for k, t := range r.types {
		if r.bs == nil {
			shape := []int64{r.outer}
			for _, d := range t.Shape {
				shape = append(shape, in.sizeOrZero(d))
			}
			out[k] = ArrVal(values.NewArray(t.Elem, shape))
			continue
		}
		out[k] = ArrVal(r.bs[k].arr)
	}
	return out
}

// sizeOrZero evaluates a size that may refer to names bound only inside a
// lambda that never ran; those dimensions are empty-array dimensions.
func (in *Interpreter) sizeOrZero(se SubExp) int64 {
	if v, ok := se.(Var); ok {
		if _, bound := in.env[v.Name]; !bound {
			return 0
		}
	}
	return in.size(se)
}

func (in *Interpreter) screma(e *ScremaExp, pos Pos) ([]Value, error) {
	w := in.size(e.W)
	inputs := make([]Value, len(e.Inputs))
	for i, name := range e.Inputs {
		inputs[i] = in.env[name]
		if inputs[i].Arr == nil || rows(inputs[i].Arr) != w {
			return nil, &RuntimeError{pos, fmt.Sprintf("size mismatch: input %s has shape %s, expected outer size %d", name, shapeString(shapeOf(inputs[i])), w)}
		}
	}
	nScan, nRed := 0, 0
	for _, s := range e.Scans {
		nScan += len(s.Neutral)
	}
	for _, r := range e.Reds {
		nRed += len(r.Neutral)
	}
	scanAcc := make([]Value, 0, nScan)
	for _, s := range e.Scans {
		for _, ne := range s.Neutral {
			scanAcc = append(scanAcc, in.subExp(ne))
		}
	}
	redAcc := make([]Value, 0, nRed)
	for _, r := range e.Reds {
		for _, ne := range r.Neutral {
			redAcc = append(redAcc, in.subExp(ne))
		}
	}
	scanOut := &resultBuilders{types: e.Map.RetType[:nScan], outer: w}
	mapOut := &resultBuilders{types: e.Map.RetType[nScan+nRed:], outer: w}
	args := make([]Value, len(inputs))
	for i := int64(0); i < w; i++ {
		for k, inp := range inputs {
			args[k] = row(inp.Arr, i)
		}
		res, err := in.lambda(e.Map, args)
		if err != nil {
			return nil, err
		}
		off := 0
		for _, s := range e.Scans {
			k := len(s.Neutral)
			acc, err := in.lambda(s.Op, append(append([]Value(nil), scanAcc[off:off+k]...), res[off:off+k]...))
			if err != nil {
				return nil, err
			}
			copy(scanAcc[off:], acc)
			off += k
		}
		if nScan > 0 {
			if err := scanOut.set(in, i, scanAcc); err != nil {
				return nil, &RuntimeError{pos, err.Error()}
			}
		}
		if err := in.reduceStep(e.Reds, redAcc, res[nScan:nScan+nRed]); err != nil {
			return nil, err
		}
		if err := mapOut.set(in, i, res[nScan+nRed:]); err != nil {
			return nil, &RuntimeError{pos, err.Error()}
		}
	}
	out := scanOut.finish(in)
	out = append(out, redAcc...)
	return append(out, mapOut.finish(in)...), nil
}

// reduceStep combines one element into the accumulators of a list of
// reductions, updating acc in place.
func (in *Interpreter) reduceStep(reds []Reduce, acc, xs []Value) error {
	off := 0
	for _, r := range reds {
		k := len(r.Neutral)
		args := append(append([]Value(nil), acc[off:off+k]...), xs[off:off+k]...)
		res, err := in.lambda(r.Op, args)
		if err != nil {
			return err
		}
		copy(acc[off:], res)
		off += k
	}
	return nil
}

// spaceSizes evaluates the dimensions of a segment space.
func (in *Interpreter) spaceSizes(space []SegDim) []int64 {
	ns := make([]int64, len(space))
	for i, d := range space {
		ns[i] = in.size(d.N)
	}
	return ns
}

// forSpace calls f for every point of the space in row-major order, with
// the index variables bound.
func (in *Interpreter) forSpace(space []SegDim, ns []int64, f func(flat int64) error) error {
	total := int64(1)
	for _, n := range ns {
		total *= n
	}
	idx := make([]int64, len(ns))
	for flat := int64(0); flat < total; flat++ {
		rem := flat
		for d := len(ns) - 1; d >= 0; d-- {
			idx[d] = rem % ns[d]
			rem /= ns[d]
		}
		for d, sd := range space {
			in.env[sd.Index] = PrimVal(IntValue(values.I64, idx[d]))
		}
		if err := f(flat); err != nil {
			return err
		}
	}
	return nil
}

func (in *Interpreter) segMap(e *SegMapExp, pos Pos) ([]Value, error) {
	ns := in.spaceSizes(e.Space)
	total := int64(1)
	for _, n := range ns {
		total *= n
	}
	out := &resultBuilders{types: e.Types, outer: total}
	err := in.forSpace(e.Space, ns, func(flat int64) error {
		res, err := in.body(e.Body)
		if err != nil {
			return err
		}
		if err := out.set(in, flat, res); err != nil {
			return &RuntimeError{pos, err.Error()}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return reshapeOuter(out.finish(in), ns), nil
}

// reshapeOuter replaces the single flattened outer dimension of each array
// with the dimensions ns.
func reshapeOuter(vs []Value, ns []int64) []Value {
	for i, v := range vs {
		a := *v.Arr
		a.Shape = append(append([]int64(nil), ns...), a.Shape[1:]...)
		vs[i] = ArrVal(a)
	}
	return vs
}

func (in *Interpreter) segRed(e *SegRedExp, pos Pos) ([]Value, error) {
	ns := in.spaceSizes(e.Space)
	outerNs := ns[:len(ns)-1]
	inner := ns[len(ns)-1]
	segments := int64(1)
	for _, n := range outerNs {
		segments *= n
	}
	nRed := 0
	for _, r := range e.Reds {
		nRed += len(r.Neutral)
	}
	neutral := func() []Value {
		acc := make([]Value, 0, nRed)
		for _, r := range e.Reds {
			for _, ne := range r.Neutral {
				acc = append(acc, in.subExp(ne))
			}
		}
		return acc
	}
	redOut := &resultBuilders{types: e.Types[:nRed], outer: segments}
	mapOut := &resultBuilders{types: e.Types[nRed:], outer: segments * inner}
	var acc []Value
	err := in.forSpace(e.Space, ns, func(flat int64) error {
		if flat%max(inner, 1) == 0 {
			acc = neutral()
		}
		res, err := in.body(e.Body)
		if err != nil {
			return err
		}
		if err := in.reduceStep(e.Reds, acc, res[:nRed]); err != nil {
			return err
		}
		if err := mapOut.set(in, flat, res[nRed:]); err != nil {
			return &RuntimeError{pos, err.Error()}
		}
		if (flat+1)%inner == 0 {
			if err := redOut.set(in, flat/inner, acc); err != nil {
				return &RuntimeError{pos, err.Error()}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var reds []Value
	if inner == 0 {
		// Empty segments reduce to the neutral element.
		for s := int64(0); s < segments; s++ {
			if err := redOut.set(in, s, neutral()); err != nil {
				return nil, &RuntimeError{pos, err.Error()}
			}
		}
	}
	if len(outerNs) == 0 {
		if segments == 1 && redOut.bs != nil {
			for _, b := range redOut.bs {
				reds = append(reds, row(&b.arr, 0))
			}
		} else {
			reds = neutral()
		}
	} else {
		reds = reshapeOuter(redOut.finish(in), outerNs)
	}
	return append(reds, reshapeOuter(mapOut.finish(in), ns)...), nil
}
