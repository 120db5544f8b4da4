package soac

import (
	"fmt"
	"io"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
)

// RuntimeError is a failure while running a program: an index out of
// bounds, a failed assertion, a size mismatch, a division by zero.
type RuntimeError struct {
	Pos Pos
	Msg string
}

func (e *RuntimeError) Error() string { return fmt.Sprintf("%s: %s", e.Pos, e.Msg) }

func rtErr(pos Pos, format string, args ...any) error {
	return &RuntimeError{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

// Interpreter executes the IR directly; it is the reference semantics that
// every pass and the compiled code are tested against.
//
// The program is first compiled to closures: every name gets a slot in one
// environment (names are unique in a program and functions are not
// recursive, so a single environment serves every activation without
// shadowing), and every statement becomes a closure over the slots it
// reads and writes, so running a body does no lookups by name and
// allocates nothing per scalar operation.
//
// Semantics worth knowing: integer arithmetic wraps, division follows
// Futhark (see BinOp), f32 results are rounded to single precision; slices
// and updates copy (an update never changes the array it consumes as seen
// through other names); hist and scatter ignore out-of-range indices, and
// when several elements of a scatter write to the same place the last one
// (in input order) wins.
type Interpreter struct {
	prog  *Program
	c     *compiler
	env   []Value
	funs  map[string]*cfun
	cerr  error
	ready bool
	// depth is the number of calls under way.
	depth int
	// Trace, when set, receives the output of #[trace] (Stm.Trace).
	Trace io.Writer

	// thresholds overrides the defaults of Program.Thresholds (set with
	// SetThreshold), as --param does for an executable.
	thresholds map[string]int64
}

// SetThreshold sets the value of a threshold of the program, overriding
// its default, so that tests can run every version of multi-versioned
// code.
func (in *Interpreter) SetThreshold(name string, v int64) {
	if in.thresholds == nil {
		in.thresholds = map[string]int64{}
	}
	in.thresholds[name] = v
}

// Threshold returns the current value of a threshold: the one set with
// SetThreshold, or the program's default. ok is false for an unknown name.
func (in *Interpreter) Threshold(name string) (v int64, ok bool) {
	if v, ok := in.thresholds[name]; ok {
		return v, true
	}
	for _, th := range in.prog.Thresholds {
		if th.Name == name {
			return th.Default, true
		}
	}
	return 0, false
}

// NewInterpreter prepares to run prog.
func NewInterpreter(prog *Program) *Interpreter {
	return &Interpreter{prog: prog}
}

func (in *Interpreter) compile() error {
	if in.ready {
		return in.cerr
	}
	in.ready = true
	c := &compiler{slots: map[VName]int{}, funs: map[string]*cfun{}}
	for _, f := range in.prog.Funs {
		c.funs[f.Name] = &cfun{f: f}
	}
	defer func() {
		if r := recover(); r != nil {
			ce, ok := r.(compileError)
			if !ok {
				panic(r)
			}
			in.cerr = ce.err
		}
	}()
	for _, f := range in.prog.Funs {
		cf := c.funs[f.Name]
		cf.lo = len(c.slots)
		c.fun(cf)
		cf.hi = len(c.slots)
	}
	in.c, in.funs = c, c.funs
	in.env = make([]Value, len(c.slots))
	return nil
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
	if err := in.compile(); err != nil {
		return nil, err
	}
	res, err := in.call(in.funs[f.Name], args, f.Pos)
	if err != nil {
		return nil, err
	}
	return append([]Value(nil), res...), nil
}

// --- compiled forms ---

// operand is a compiled SubExp: a slot, or a constant when slot < 0.
type operand struct {
	slot int
	c    Value
}

func (in *Interpreter) get(o operand) Value {
	if o.slot < 0 {
		return o.c
	}
	return in.env[o.slot]
}

func (in *Interpreter) size(o operand) int64 { return in.get(o).Prim.Int() }

type cstm struct {
	pat  []int
	pos  Pos
	run1 func(in *Interpreter) (Value, error)   // single-valued expressions
	run  func(in *Interpreter) ([]Value, error) // the others
}

// cbody is a compiled body. Its result buffer is reused by every run:
// callers copy the results out before running the body again (a
// recursive call runs the body again only before its caller's body
// writes its results).
type cbody struct {
	stms   []cstm
	result []operand
	res    []Value
}

type clambda struct {
	params []int
	body   *cbody
}

type sizeAction struct {
	param, dim int
	slot       int   // slot of the size variable, or -1 for a constant
	c          int64 // the constant
	bind       bool  // first occurrence of a size bound by the call
}

// maxCallDepth bounds the nesting of function calls, which only
// recursion makes deep: past it the interpreter reports a run-time
// error rather than exhaust Go's stack.
const maxCallDepth = 100000

type cfun struct {
	f      *FunDef
	params []int
	sizes  []sizeAction
	body   *cbody
	// lo and hi delimit the slots of the function's names; active counts
	// its calls under way. A recursive call saves the caller's slots and
	// restores them on return, since all calls share one environment.
	lo, hi, active int
}

func (in *Interpreter) runBody(b *cbody) ([]Value, error) {
	env := in.env
	for i := range b.stms {
		s := &b.stms[i]
		if s.run1 != nil {
			v, err := s.run1(in)
			if err != nil {
				return nil, err
			}
			env[s.pat[0]] = v
			continue
		}
		vs, err := s.run(in)
		if err != nil {
			return nil, err
		}
		if len(vs) != len(s.pat) {
			panic(fmt.Sprintf("soac: interpreter: %s: pattern of %d names bound to %d values", s.pos, len(s.pat), len(vs)))
		}
		for k, slot := range s.pat {
			env[slot] = vs[k]
		}
	}
	for i, o := range b.result {
		b.res[i] = in.get(o)
	}
	return b.res, nil
}

func (in *Interpreter) apply(l *clambda, args []Value) ([]Value, error) {
	for i, slot := range l.params {
		in.env[slot] = args[i]
	}
	return in.runBody(l.body)
}

func (in *Interpreter) call(f *cfun, args []Value, pos Pos) ([]Value, error) {
	if f.active > 0 {
		saved := append([]Value(nil), in.env[f.lo:f.hi]...)
		defer copy(in.env[f.lo:f.hi], saved)
	}
	if in.depth >= maxCallDepth {
		return nil, rtErr(pos, "stack overflow: more than %d nested calls of recursive functions", maxCallDepth)
	}
	in.depth++
	f.active++
	defer func() { f.active--; in.depth-- }()
	for i, slot := range f.params {
		in.env[slot] = args[i]
	}
	for i, p := range f.f.Params {
		if r := len(shapeOf(args[i])); r != len(p.Type.Shape) {
			return nil, rtErr(pos, "%s: expected rank %d, got rank %d", p.Name, len(p.Type.Shape), r)
		}
	}
	for _, a := range f.sizes {
		got := args[a.param].Arr.Shape[a.dim]
		switch {
		case a.bind:
			in.env[a.slot] = PrimVal(IntValue(values.I64, got))
			continue
		case a.slot >= 0:
			if want := in.env[a.slot].Prim.Int(); want != got {
				return nil, rtErr(pos, "size mismatch for %s: dimension %d is %d, expected %d", f.f.Params[a.param].Name, a.dim, got, want)
			}
		default:
			if a.c != got {
				return nil, rtErr(pos, "size mismatch for %s: dimension %d is %d, expected %d", f.f.Params[a.param].Name, a.dim, got, a.c)
			}
		}
	}
	return in.runBody(f.body)
}

// --- compiler ---

type compiler struct {
	slots map[VName]int
	funs  map[string]*cfun
}

type compileError struct{ err error }

func (c *compiler) slot(n VName) int {
	s, ok := c.slots[n]
	if !ok {
		s = len(c.slots)
		c.slots[n] = s
	}
	return s
}

func (c *compiler) slotsOf(ps []Param) []int {
	s := make([]int, len(ps))
	for i, p := range ps {
		s[i] = c.slot(p.Name)
	}
	return s
}

func (c *compiler) op(se SubExp) operand {
	switch se := se.(type) {
	case Const:
		return operand{slot: -1, c: PrimVal(se.Value)}
	case Var:
		return operand{slot: c.slot(se.Name)}
	}
	panic(compileError{fmt.Errorf("soac: interpreter: bad operand %T", se)})
}

func (c *compiler) ops(ses []SubExp) []operand {
	os := make([]operand, len(ses))
	for i, se := range ses {
		os[i] = c.op(se)
	}
	return os
}

func (c *compiler) fun(f *cfun) {
	f.params = c.slotsOf(f.f.Params)
	isParam := map[VName]bool{}
	for _, p := range f.f.Params {
		isParam[p.Name] = true
	}
	seen := map[VName]bool{}
	for i, p := range f.f.Params {
		for k, d := range p.Type.Shape {
			a := sizeAction{param: i, dim: k, slot: -1}
			switch d := d.(type) {
			case Var:
				a.slot = c.slot(d.Name)
				if !isParam[d.Name] && !seen[d.Name] {
					a.bind = true
					seen[d.Name] = true
				}
			case Const:
				a.c = d.Value.Int()
			}
			f.sizes = append(f.sizes, a)
		}
	}
	f.body = c.body(f.f.Body)
}

func (c *compiler) body(b *Body) *cbody {
	cb := &cbody{result: c.ops(b.Result), res: make([]Value, len(b.Result))}
	for _, s := range b.Stms {
		cs := cstm{pat: c.slotsOf(s.Pat), pos: s.Pos}
		cs.run1, cs.run = c.exp(s.Exp, s.Pos)
		if cs.run1 != nil && (len(cs.pat) != 1 || s.Trace != "") {
			run1 := cs.run1
			cs.run1 = nil
			cs.run = func(in *Interpreter) ([]Value, error) {
				v, err := run1(in)
				if err != nil {
					return nil, err
				}
				return []Value{v}, nil
			}
		}
		if s.Trace != "" {
			run, label := cs.run, s.Trace
			cs.run = func(in *Interpreter) ([]Value, error) {
				vs, err := run(in)
				if err == nil {
					in.trace(label, vs)
				}
				return vs, err
			}
		}
		cb.stms = append(cb.stms, cs)
	}
	return cb
}

// trace prints values bound by a #[trace] statement, one line each, as
// Futhark's interpreter does: the label (the source location or the
// attribute's argument), a colon and the value.
func (in *Interpreter) trace(label string, vs []Value) {
	if in.Trace == nil {
		return
	}
	for _, v := range vs {
		fmt.Fprintf(in.Trace, "%s: %s\n", label, v.ToRuntime())
	}
}

func (c *compiler) lambda(l *Lambda) *clambda {
	return &clambda{params: c.slotsOf(l.Params), body: c.body(l.Body)}
}

type run1Fn = func(in *Interpreter) (Value, error)
type runFn = func(in *Interpreter) ([]Value, error)

func (c *compiler) exp(e Exp, pos Pos) (run1Fn, runFn) {
	switch e := e.(type) {
	case *SubExpExp:
		x := c.op(e.X)
		return func(in *Interpreter) (Value, error) { return in.get(x), nil }, nil
	case *BinOpExp:
		return c.binOp(e, pos), nil
	case *CmpOpExp:
		x, y, op, t := c.op(e.X), c.op(e.Y), e.Op, e.T
		return func(in *Interpreter) (Value, error) {
			return PrimVal(BoolValue(EvalCmpOp(op, t, in.get(x).Prim, in.get(y).Prim))), nil
		}, nil
	case *UnOpExp:
		x, op, t := c.op(e.X), e.Op, e.T
		return func(in *Interpreter) (Value, error) {
			r, err := EvalUnOp(op, t, in.get(x).Prim)
			if err != nil {
				return Value{}, &RuntimeError{pos, err.Error()}
			}
			return PrimVal(r), nil
		}, nil
	case *ConvOpExp:
		x, to := c.op(e.X), e.To
		return func(in *Interpreter) (Value, error) { return PrimVal(Convert(in.get(x).Prim, to)), nil }, nil
	case *CallPrimExp:
		f, _, err := lookupPrimFun(e.Fn, e.ArgTypes)
		if err != nil {
			return func(in *Interpreter) (Value, error) { return Value{}, &RuntimeError{pos, err.Error()} }, nil
		}
		args := c.ops(e.Args)
		buf := make([]PrimValue, len(args))
		t := e.T
		return func(in *Interpreter) (Value, error) {
			for i, a := range args {
				buf[i] = in.get(a).Prim
			}
			r := f(buf)
			r.T = t // from_bits names its float type
			return PrimVal(r), nil
		}, nil
	case *IndexExp:
		arr, idx := c.slot(e.Arr), c.ops(e.Indices)
		epos := e.Pos
		return func(in *Interpreter) (Value, error) {
			v := in.env[arr]
			for k, o := range idx {
				if v.Arr == nil {
					panic(fmt.Sprintf("soac: interpreter: %s: too many indices for %s", pos, e.Arr))
				}
				i := in.size(o)
				if i < 0 || i >= rows(v.Arr) {
					is := make([]string, k+1)
					for j := range is {
						is[j] = fmt.Sprint(in.size(idx[j]))
					}
					return Value{}, rtErr(epos, "Index [%s] out of bounds for array of shape %s.", strings.Join(is, ", "), shapeString(shapeOf(in.env[arr])))
				}
				v = row(v.Arr, i)
			}
			return v, nil
		}, nil
	case *SliceExp:
		arr, sl, epos := c.slot(e.Arr), c.slice(e.Slice), e.Pos
		return func(in *Interpreter) (Value, error) {
			return in.sliceValue(in.env[arr], sl, epos)
		}, nil
	case *UpdateExp:
		arr, sl, val, epos := c.slot(e.Arr), c.slice(e.Slice), c.op(e.Value), e.Pos
		return func(in *Interpreter) (Value, error) {
			return in.update(in.env[arr], sl, in.get(val), epos)
		}, nil
	case *RearrangeExp:
		arr, perm := c.slot(e.Arr), e.Perm
		return func(in *Interpreter) (Value, error) { return rearrange(in.env[arr], perm, pos) }, nil
	case *ReshapeExp:
		arr, shape, epos := c.slot(e.Arr), c.ops(e.Shape), e.Pos
		return func(in *Interpreter) (Value, error) { return in.reshape(in.env[arr], shape, epos) }, nil
	case *ConcatExp:
		arrs := make([]int, len(e.Arrs))
		for i, n := range e.Arrs {
			arrs[i] = c.slot(n)
		}
		w, epos := c.op(e.W), e.Pos
		return func(in *Interpreter) (Value, error) { return in.concat(arrs, in.size(w), epos) }, nil
	case *IotaExp:
		n, start, step, t := c.op(e.N), c.op(e.Start), c.op(e.Step), e.T
		return func(in *Interpreter) (Value, error) {
			n := in.size(n)
			if n < 0 {
				return Value{}, rtErr(pos, "iota: negative size %d", n)
			}
			if err := checkAlloc(pos, "iota", t, []int64{n}); err != nil {
				return Value{}, err
			}
			out := values.NewArray(t, []int64{n})
			x := Convert(in.get(start).Prim, t)
			st := Convert(in.get(step).Prim, t)
			for i := int64(0); i < n; i++ {
				setElem(out, i, x)
				x, _ = EvalBinOp(Add, t, x, st)
			}
			return ArrVal(out), nil
		}, nil
	case *ReplicateExp:
		shape, x := c.ops(e.Shape), c.op(e.X)
		return func(in *Interpreter) (Value, error) { return in.replicate(shape, in.get(x), pos) }, nil
	case *ArrayLitExp:
		rowShape, elems, elem := c.ops(e.RowType.Shape), c.ops(e.Elems), e.RowType.Elem
		return func(in *Interpreter) (Value, error) {
			rs := make([]int64, len(rowShape))
			for i, d := range rowShape {
				rs[i] = in.size(d)
			}
			b := newArrayBuilder(elem, int64(len(elems)), rs)
			for i, el := range elems {
				if err := b.set(int64(i), in.get(el)); err != nil {
					return Value{}, &RuntimeError{pos, err.Error()}
				}
			}
			return ArrVal(b.arr), nil
		}, nil
	case *CopyExp:
		arr := c.slot(e.Arr)
		return func(in *Interpreter) (Value, error) { return copyValue(in.env[arr]), nil }, nil
	case *IfExp:
		cond, th, el := c.op(e.Cond), c.body(e.Then), c.body(e.Else)
		return nil, func(in *Interpreter) ([]Value, error) {
			if in.get(cond).Prim.Bool() {
				return in.runBody(th)
			}
			return in.runBody(el)
		}
	case *LoopExp:
		return nil, c.loop(e)
	case *ApplyExp:
		f := c.funs[e.Fun]
		if f == nil {
			panic(fmt.Sprintf("soac: interpreter: %s: unknown function %s", pos, e.Fun))
		}
		args, epos := c.ops(e.Args), e.Pos
		return nil, func(in *Interpreter) ([]Value, error) {
			vs := make([]Value, len(args))
			for i, a := range args {
				vs[i] = in.get(a)
			}
			return in.call(f, vs, epos)
		}
	case *AssertExp:
		cond, msg, epos := c.op(e.Cond), e.Msg, e.Pos
		args := make([]operand, len(e.Args))
		for i, a := range e.Args {
			args[i] = c.op(a)
		}
		return func(in *Interpreter) (Value, error) {
			if !in.get(cond).Prim.Bool() {
				vs := make([]int64, len(args))
				for i, a := range args {
					vs[i] = in.get(a).Prim.Int()
				}
				return Value{}, &RuntimeError{epos, FormatAssert(msg, vs)}
			}
			return PrimVal(BoolValue(true)), nil
		}, nil
	case *ScremaExp:
		return nil, c.screma(e, pos)
	case *HistExp:
		return nil, c.hist(e, pos)
	case *ScatterExp:
		return nil, c.scatter(e, pos)
	case *SegMapExp:
		return nil, c.segMap(e, pos)
	case *SegRedExp:
		return nil, c.segRed(e, pos)
	case *SegScanExp:
		return nil, c.segScan(e, pos)
	case *SegHistExp:
		return nil, c.segHist(e, pos)
	case *ThresholdExp:
		par, name := c.op(e.Parallelism), e.Name
		return func(in *Interpreter) (Value, error) {
			th, ok := in.Threshold(name)
			if !ok {
				return Value{}, rtErr(pos, "unknown threshold %q", name)
			}
			return PrimVal(BoolValue(in.size(par) >= th)), nil
		}, nil
	case *GroupFitsExp:
		g, l := c.op(e.Group), c.op(e.LocalBytes)
		return func(in *Interpreter) (Value, error) {
			return PrimVal(BoolValue(in.size(g) <= InterpMaxGroup && in.size(l) <= InterpLocalMem)), nil
		}, nil
	}
	panic(fmt.Sprintf("soac: interpreter: %s: unhandled expression %T", pos, e))
}

func (c *compiler) binOp(e *BinOpExp, pos Pos) run1Fn {
	x, y, op, t := c.op(e.X), c.op(e.Y), e.Op, e.T
	return func(in *Interpreter) (Value, error) {
		r, err := EvalBinOp(op, t, in.get(x).Prim, in.get(y).Prim)
		if err != nil {
			return Value{}, &RuntimeError{pos, err.Error()}
		}
		return Value{Prim: r}, nil
	}
}

func shapeString(shape []int64) string {
	var b strings.Builder
	for _, d := range shape {
		fmt.Fprintf(&b, "[%d]", d)
	}
	return b.String()
}

func (in *Interpreter) replicate(shapeOps []operand, x Value, pos Pos) (Value, error) {
	shape := make([]int64, len(shapeOps))
	n := int64(1)
	for i, d := range shapeOps {
		shape[i] = in.size(d)
		if shape[i] < 0 {
			return Value{}, rtErr(pos, "replicate: negative size %d", shape[i])
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
	if err := checkAlloc(pos, "replicate", elem, append(append([]int64(nil), shape...), inner...)); err != nil {
		return Value{}, err
	}
	b := newArrayBuilder(elem, n, inner)
	for i := int64(0); i < n; i++ {
		_ = b.set(i, x)
	}
	out := b.arr
	out.Shape = append(shape, inner...)
	return ArrVal(out), nil
}

func (c *compiler) loop(e *LoopExp) runFn {
	init := c.ops(e.Init)
	params := c.slotsOf(e.Params)
	body := c.body(e.Body)
	bind := func(in *Interpreter, merge []Value) {
		for i, s := range params {
			in.env[s] = merge[i]
		}
	}
	initial := func(in *Interpreter) []Value {
		merge := make([]Value, len(init))
		for i, o := range init {
			merge[i] = in.get(o)
		}
		return merge
	}
	switch f := e.Form.(type) {
	case ForLoop:
		bound, idx, t := c.op(f.Bound), c.slot(f.Index), f.T
		return func(in *Interpreter) ([]Value, error) {
			merge := initial(in)
			n := Convert(in.get(bound).Prim, values.I64).Int()
			for i := int64(0); i < n; i++ {
				bind(in, merge)
				in.env[idx] = PrimVal(IntValue(t, i))
				res, err := in.runBody(body)
				if err != nil {
					return nil, err
				}
				merge = res
			}
			return merge, nil
		}
	case WhileLoop:
		cond := c.slot(f.Cond)
		return func(in *Interpreter) ([]Value, error) {
			merge := initial(in)
			for {
				bind(in, merge)
				if !in.env[cond].Prim.Bool() {
					break
				}
				res, err := in.runBody(body)
				if err != nil {
					return nil, err
				}
				merge = res
			}
			return merge, nil
		}
	}
	panic(compileError{fmt.Errorf("soac: interpreter: loop without a form")})
}

// resultBuilders allocates one builder per mapped-out result; the row shape
// is known only once the first element has been computed, so builders are
// created lazily.
type resultBuilders struct {
	types []Type
	dims  [][]operand // the compiled shapes of types
	outer int64
	bs    []*arrayBuilder
}

func (c *compiler) resultTypes(ts []Type) ([]Type, [][]operand) {
	dims := make([][]operand, len(ts))
	for i, t := range ts {
		dims[i] = c.ops(t.Shape)
	}
	return ts, dims
}

func newResults(ts []Type, dims [][]operand, outer int64) *resultBuilders {
	return &resultBuilders{types: ts, dims: dims, outer: outer}
}

func (r *resultBuilders) set(i int64, vs []Value) error {
	if r.bs == nil {
		r.bs = make([]*arrayBuilder, len(vs))
		for k, v := range vs {
			if err := allocError(r.types[k].Elem, append([]int64{r.outer}, shapeOf(v)...)); err != nil {
				r.bs = nil
				return err
			}
			r.bs[k] = newArrayBuilder(r.types[k].Elem, r.outer, shapeOf(v))
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
// the declared types (sizes bound only inside a body that never ran are
// taken as zero).
func (r *resultBuilders) finish(in *Interpreter) []Value {
	out := make([]Value, len(r.types))
	for k, t := range r.types {
		if r.bs == nil {
			shape := []int64{r.outer}
			for _, d := range r.dims[k] {
				shape = append(shape, max(in.size(d), 0))
			}
			out[k] = ArrVal(values.NewArray(t.Elem, shape))
			continue
		}
		out[k] = ArrVal(r.bs[k].arr)
	}
	return out
}

type creduce struct {
	op      *clambda
	neutral []operand
	args    []Value // 2k arguments, reused
}

func (c *compiler) reduces(reds []Reduce) ([]*creduce, int) {
	out := make([]*creduce, len(reds))
	n := 0
	for i, r := range reds {
		out[i] = &creduce{op: c.lambda(r.Op), neutral: c.ops(r.Neutral), args: make([]Value, 2*len(r.Neutral))}
		n += len(r.Neutral)
	}
	return out, n
}

func (in *Interpreter) neutrals(reds []*creduce, acc []Value) []Value {
	acc = acc[:0]
	for _, r := range reds {
		for _, ne := range r.neutral {
			acc = append(acc, in.get(ne))
		}
	}
	return acc
}

// reduceStep combines one element into the accumulators of a list of
// reductions, updating acc in place.
func (in *Interpreter) reduceStep(reds []*creduce, acc, xs []Value) error {
	off := 0
	for _, r := range reds {
		k := len(r.neutral)
		copy(r.args, acc[off:off+k])
		copy(r.args[k:], xs[off:off+k])
		res, err := in.apply(r.op, r.args)
		if err != nil {
			return err
		}
		copy(acc[off:], res)
		off += k
	}
	return nil
}

// inputs fetches the input arrays of a SOAC and checks their outer size.
func (in *Interpreter) inputs(slots []int, names []VName, w int64, pos Pos) ([]*values.Value, error) {
	arrs := make([]*values.Value, len(slots))
	for i, s := range slots {
		v := in.env[s]
		if v.Arr == nil || rows(v.Arr) != w {
			return nil, rtErr(pos, "size mismatch: input %s has shape %s, expected outer size %d", names[i], shapeString(shapeOf(v)), w)
		}
		arrs[i] = v.Arr
	}
	return arrs, nil
}

func (c *compiler) names(ns []VName) []int {
	s := make([]int, len(ns))
	for i, n := range ns {
		s[i] = c.slot(n)
	}
	return s
}

func (c *compiler) screma(e *ScremaExp, pos Pos) runFn {
	w, inputs := c.op(e.W), c.names(e.Inputs)
	scans, nScan := c.reduces(scansAsReduces(e.Scans))
	reds, nRed := c.reduces(e.Reds)
	mapL := c.lambda(e.Map)
	scanTs, scanDims := c.resultTypes(e.Map.RetType[:nScan])
	mapTs, mapDims := c.resultTypes(e.Map.RetType[nScan+nRed:])
	return func(in *Interpreter) ([]Value, error) {
		w := in.size(w)
		arrs, err := in.inputs(inputs, e.Inputs, w, pos)
		if err != nil {
			return nil, err
		}
		scanAcc := in.neutrals(scans, make([]Value, 0, nScan))
		redAcc := in.neutrals(reds, make([]Value, 0, nRed))
		scanOut := newResults(scanTs, scanDims, w)
		mapOut := newResults(mapTs, mapDims, w)
		args := make([]Value, len(arrs))
		for i := int64(0); i < w; i++ {
			for k, a := range arrs {
				args[k] = row(a, i)
			}
			res, err := in.apply(mapL, args)
			if err != nil {
				return nil, err
			}
			if nScan > 0 {
				if err := in.reduceStep(scans, scanAcc, res[:nScan]); err != nil {
					return nil, err
				}
				if err := scanOut.set(i, scanAcc); err != nil {
					return nil, &RuntimeError{pos, err.Error()}
				}
			}
			if nRed > 0 {
				if err := in.reduceStep(reds, redAcc, res[nScan:nScan+nRed]); err != nil {
					return nil, err
				}
			}
			if len(mapTs) > 0 {
				if err := mapOut.set(i, res[nScan+nRed:]); err != nil {
					return nil, &RuntimeError{pos, err.Error()}
				}
			}
		}
		out := scanOut.finish(in)
		out = append(out, redAcc...)
		return append(out, mapOut.finish(in)...), nil
	}
}

func scansAsReduces(scans []Scan) []Reduce {
	rs := make([]Reduce, len(scans))
	for i, s := range scans {
		rs[i] = Reduce{Op: s.Op, Neutral: s.Neutral}
	}
	return rs
}

// spaceSizes evaluates the dimensions of a segment space.
func (in *Interpreter) spaceSizes(dims []operand) []int64 {
	ns := make([]int64, len(dims))
	for i, d := range dims {
		ns[i] = in.size(d)
	}
	return ns
}

// forSpace calls f for every point of the space in row-major order, with
// the index variables bound.
func (in *Interpreter) forSpace(idxSlots []int, ns []int64, f func(flat int64) error) error {
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
		for d, s := range idxSlots {
			in.env[s] = PrimVal(IntValue(values.I64, idx[d]))
		}
		if err := f(flat); err != nil {
			return err
		}
	}
	return nil
}

func (c *compiler) space(sp []SegDim) ([]operand, []int) {
	dims := make([]operand, len(sp))
	idx := make([]int, len(sp))
	for i, d := range sp {
		dims[i], idx[i] = c.op(d.N), c.slot(d.Index)
	}
	return dims, idx
}

func (c *compiler) segMap(e *SegMapExp, pos Pos) runFn {
	dims, idx := c.space(e.Space)
	body := c.body(e.Body)
	ts, tdims := c.resultTypes(e.Types)
	return func(in *Interpreter) ([]Value, error) {
		ns := in.spaceSizes(dims)
		total := int64(1)
		for _, n := range ns {
			total *= n
		}
		out := newResults(ts, tdims, total)
		err := in.forSpace(idx, ns, func(flat int64) error {
			res, err := in.runBody(body)
			if err != nil {
				return err
			}
			if err := out.set(flat, res); err != nil {
				return &RuntimeError{pos, err.Error()}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		return reshapeOuter(out.finish(in), ns), nil
	}
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

func (c *compiler) segRed(e *SegRedExp, pos Pos) runFn {
	dims, idx := c.space(e.Space)
	reds, nRed := c.reduces(e.Reds)
	body := c.body(e.Body)
	redTs, redDims := c.resultTypes(e.Types[:nRed])
	mapTs, mapDims := c.resultTypes(e.Types[nRed:])
	return func(in *Interpreter) ([]Value, error) {
		ns := in.spaceSizes(dims)
		outerNs := ns[:len(ns)-1]
		inner := ns[len(ns)-1]
		segments := int64(1)
		for _, n := range outerNs {
			segments *= n
		}
		redOut := newResults(redTs, redDims, segments)
		mapOut := newResults(mapTs, mapDims, segments*inner)
		acc := make([]Value, 0, nRed)
		err := in.forSpace(idx, ns, func(flat int64) error {
			if flat%inner == 0 {
				acc = in.neutrals(reds, acc)
			}
			res, err := in.runBody(body)
			if err != nil {
				return err
			}
			if err := in.reduceStep(reds, acc, res[:nRed]); err != nil {
				return err
			}
			if len(mapTs) > 0 {
				if err := mapOut.set(flat, res[nRed:]); err != nil {
					return &RuntimeError{pos, err.Error()}
				}
			}
			if (flat+1)%inner == 0 {
				if err := redOut.set(flat/inner, acc); err != nil {
					return &RuntimeError{pos, err.Error()}
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if inner == 0 {
			// Empty segments reduce to the neutral element.
			for s := int64(0); s < segments; s++ {
				if err := redOut.set(s, in.neutrals(reds, acc)); err != nil {
					return nil, &RuntimeError{pos, err.Error()}
				}
			}
		}
		var out []Value
		if len(outerNs) == 0 {
			if redOut.bs != nil {
				for _, b := range redOut.bs {
					out = append(out, row(&b.arr, 0))
				}
			} else {
				out = in.neutrals(reds, nil)
			}
		} else {
			out = reshapeOuter(redOut.finish(in), outerNs)
		}
		return append(out, reshapeOuter(mapOut.finish(in), ns)...), nil
	}
}

// --- hist and scatter ---

func (c *compiler) hist(e *HistExp, pos Pos) runFn {
	w, inputs := c.op(e.W), c.names(e.Inputs)
	bucket := c.lambda(e.Bucket)
	type chist struct {
		bins  operand
		dests []int
		red   *creduce
	}
	ops := make([]chist, len(e.Ops))
	for i, op := range e.Ops {
		rs, _ := c.reduces([]Reduce{{Op: op.Op, Neutral: op.Neutral}})
		ops[i] = chist{bins: c.op(op.Bins), dests: c.names(op.Dests), red: rs[0]}
	}
	return func(in *Interpreter) ([]Value, error) {
		w := in.size(w)
		arrs, err := in.inputs(inputs, e.Inputs, w, pos)
		if err != nil {
			return nil, err
		}
		var out []Value
		dests := make([][]*values.Value, len(ops))
		bins := make([]int64, len(ops))
		for i, op := range ops {
			bins[i] = in.size(op.bins)
			for k, s := range op.dests {
				d := in.env[s]
				if d.Arr == nil || rows(d.Arr) != bins[i] {
					return nil, rtErr(pos, "hist: destination %s has shape %s, expected %d bins", e.Ops[i].Dests[k], shapeString(shapeOf(d)), bins[i])
				}
				cp := copyValue(d)
				dests[i] = append(dests[i], cp.Arr)
				out = append(out, cp)
			}
		}
		args := make([]Value, len(arrs))
		for i := int64(0); i < w; i++ {
			for k, a := range arrs {
				args[k] = row(a, i)
			}
			res, err := in.apply(bucket, args)
			if err != nil {
				return nil, err
			}
			off := 0
			for h, op := range ops {
				k := len(op.dests)
				b := res[off].Prim.Int()
				if b >= 0 && b < bins[h] {
					for j, d := range dests[h] {
						op.red.args[j] = row(d, b)
					}
					copy(op.red.args[k:], res[off+1:off+1+k])
					r, err := in.apply(op.red.op, op.red.args)
					if err != nil {
						return nil, err
					}
					for j, d := range dests[h] {
						if err := setRow(d, b, r[j]); err != nil {
							return nil, &RuntimeError{pos, "hist: " + err.Error()}
						}
					}
				}
				off += 1 + k
			}
		}
		return out, nil
	}
}

func (c *compiler) scatter(e *ScatterExp, pos Pos) runFn {
	w, inputs := c.op(e.W), c.names(e.Inputs)
	lam := c.lambda(e.Lambda)
	dests := make([]int, len(e.Dests))
	for i, d := range e.Dests {
		dests[i] = c.slot(d.Arr)
	}
	return func(in *Interpreter) ([]Value, error) {
		w := in.size(w)
		arrs, err := in.inputs(inputs, e.Inputs, w, pos)
		if err != nil {
			return nil, err
		}
		out := make([]Value, len(dests))
		for i, s := range dests {
			d := in.env[s]
			if d.Arr == nil || len(d.Arr.Shape) < e.Dests[i].Rank {
				return nil, rtErr(pos, "scatter: destination %s has shape %s, expected rank at least %d", e.Dests[i].Arr, shapeString(shapeOf(d)), e.Dests[i].Rank)
			}
			out[i] = copyValue(d)
		}
		args := make([]Value, len(arrs))
		for i := int64(0); i < w; i++ {
			for k, a := range arrs {
				args[k] = row(a, i)
			}
			res, err := in.apply(lam, args)
			if err != nil {
				return nil, err
			}
			off := 0
			for di, d := range e.Dests {
				a := out[di].Arr
				flat, inBounds := int64(0), true
				for k := 0; k < d.Rank; k++ {
					x := res[off+k].Prim.Int()
					if x < 0 || x >= a.Shape[k] {
						inBounds = false
					}
					flat = flat*a.Shape[k] + x
				}
				if inBounds {
					if err := setAt(a, d.Rank, flat, res[off+d.Rank]); err != nil {
						return nil, &RuntimeError{pos, "scatter: " + err.Error()}
					}
				}
				off += d.Rank + 1
			}
		}
		return out, nil
	}
}

// setRow stores v as row i of a.
func setRow(a *values.Value, i int64, v Value) error { return setAt(a, 1, i, v) }

// setAt stores v at the flat index flat of the first rank dimensions of a.
func setAt(a *values.Value, rank int, flat int64, v Value) error {
	inner := a.Shape[rank:]
	if v.Arr == nil {
		if len(inner) != 0 {
			return fmt.Errorf("a scalar where an array of shape %s was expected", shapeString(inner))
		}
		setElem(*a, flat, v.Prim)
		return nil
	}
	if !sameShape(v.Arr.Shape, inner) {
		return fmt.Errorf("value of shape %s where shape %s was expected", shapeString(v.Arr.Shape), shapeString(inner))
	}
	k := int64(1)
	for _, d := range inner {
		k *= d
	}
	copyData(*a, flat*k, *v.Arr)
	return nil
}

// segScan runs an inclusive scan along the innermost dimension of the
// space: the accumulators restart at the neutral elements at the start of
// every segment.
func (c *compiler) segScan(e *SegScanExp, pos Pos) runFn {
	dims, idx := c.space(e.Space)
	scans, nScan := c.reduces(scansAsReduces(e.Scans))
	body := c.body(e.Body)
	scanTs, scanDims := c.resultTypes(e.Types[:nScan])
	mapTs, mapDims := c.resultTypes(e.Types[nScan:])
	return func(in *Interpreter) ([]Value, error) {
		ns := in.spaceSizes(dims)
		inner := ns[len(ns)-1]
		total := int64(1)
		for _, n := range ns {
			total *= n
		}
		scanOut := newResults(scanTs, scanDims, total)
		mapOut := newResults(mapTs, mapDims, total)
		acc := make([]Value, 0, nScan)
		err := in.forSpace(idx, ns, func(flat int64) error {
			if flat%inner == 0 {
				acc = in.neutrals(scans, acc)
			}
			res, err := in.runBody(body)
			if err != nil {
				return err
			}
			if err := in.reduceStep(scans, acc, res[:nScan]); err != nil {
				return err
			}
			if err := scanOut.set(flat, acc); err != nil {
				return &RuntimeError{pos, err.Error()}
			}
			if len(mapTs) > 0 {
				if err := mapOut.set(flat, res[nScan:]); err != nil {
					return &RuntimeError{pos, err.Error()}
				}
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		out := reshapeOuter(scanOut.finish(in), ns)
		return append(out, reshapeOuter(mapOut.finish(in), ns)...), nil
	}
}

// segHist runs a (segmented) histogram: the outer dimensions of the space
// select the segment, whose histogram is the row of the destinations at
// that index, and the innermost dimension ranges over the segment's
// elements. Bin indices outside [0, Bins) are ignored.
func (c *compiler) segHist(e *SegHistExp, pos Pos) runFn {
	dims, idx := c.space(e.Space)
	body := c.body(e.Body)
	type chist struct {
		bins  operand
		dests []int
		red   *creduce
	}
	ops := make([]chist, len(e.Ops))
	for i, op := range e.Ops {
		rs, _ := c.reduces([]Reduce{{Op: op.Op, Neutral: op.Neutral}})
		ops[i] = chist{bins: c.op(op.Bins), dests: c.names(op.Dests), red: rs[0]}
	}
	return func(in *Interpreter) ([]Value, error) {
		ns := in.spaceSizes(dims)
		segRank := len(ns) - 1
		inner := ns[segRank]
		var out []Value
		dests := make([][]*values.Value, len(ops))
		bins := make([]int64, len(ops))
		for i, op := range ops {
			bins[i] = in.size(op.bins)
			want := append(append([]int64(nil), ns[:segRank]...), bins[i])
			for k, s := range op.dests {
				d := in.env[s]
				if d.Arr == nil || len(d.Arr.Shape) < len(want) || !sameShape(d.Arr.Shape[:len(want)], want) {
					return nil, rtErr(pos, "seghist: destination %s has shape %s, expected %s followed by the bins' shape", e.Ops[i].Dests[k], shapeString(shapeOf(d)), shapeString(want))
				}
				cp := copyValue(d)
				dests[i] = append(dests[i], cp.Arr)
				out = append(out, cp)
			}
		}
		err := in.forSpace(idx, ns, func(flat int64) error {
			res, err := in.runBody(body)
			if err != nil {
				return err
			}
			seg := flat / max(inner, 1)
			off := 0
			for h, op := range ops {
				k := len(op.dests)
				b := res[off].Prim.Int()
				if b >= 0 && b < bins[h] {
					at := seg*bins[h] + b
					for j, d := range dests[h] {
						op.red.args[j] = rowAt(d, segRank+1, at)
					}
					copy(op.red.args[k:], res[off+1:off+1+k])
					r, err := in.apply(op.red.op, op.red.args)
					if err != nil {
						return err
					}
					for j, d := range dests[h] {
						if err := setAt(d, segRank+1, at, r[j]); err != nil {
							return &RuntimeError{pos, "seghist: " + err.Error()}
						}
					}
				}
				off += 1 + k
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		return out, nil
	}
}

// rowAt returns the element at the flat index flat of the first rank
// dimensions of a, sharing storage.
func rowAt(a *values.Value, rank int, flat int64) Value {
	n := int64(1)
	for _, d := range a.Shape[:rank] {
		n *= d
	}
	v := values.Value{Type: a.Type, Shape: append([]int64{n}, a.Shape[rank:]...), Data: a.Data}
	return row(&v, flat)
}
