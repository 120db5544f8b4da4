package backend

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// This file generates the sequential OpenCL C that runs inside one
// work-item: the body of a Seg-op with its scalar code, loops, ifs,
// indexing, and inner SOACs run sequentially.

// kview is an array inside a kernel: a window of a global buffer with a
// flat (row-major) offset and dimensions, all C expressions. Indexing a
// prefix of the dimensions gives another view, without copying.
type kview struct {
	ptr     string
	off     string
	dims    []string
	strides []string
	elem    soac.PrimType
	// owned is set for the work-item's own arrays (scratch), which
	// in-place updates may write; other views are copied first.
	owned bool
	// scratch is the buffer arrayView reserved for the view, until
	// addScratch allocates it.
	scratch scratchBuf
	// caps, for a scratch array with dimensions the kernel computes,
	// are the C names of those dimensions' bounds ("" for the others):
	// what a loop carrying an array of another size into it may hold.
	caps []string
}

// ix converts C expression x, a term of an element offset, to the type
// offsets are computed in (ixType).
func (c *cgen) ix(x string) string { return castTo(c.ixType(), x) }

// castTo is C expression x converted to type t.
func castTo(t, x string) string {
	if isCIdent(x) {
		return "(" + t + ")" + x
	}
	return "(" + t + ")(" + x + ")"
}

// ixType is the C type of element offsets: long, or in kernels with
// narrowOffsets fcc_ix, which is int in the program built with FCC_IX32
// that the runtime launches on buffers under 2 GiB (exe.narrowIndexOption).
// The lowering decides which kernels take it (soac.Lowering.NarrowOffsets,
// rewrite/lower's narrowOffsets rule says why).
func (c *cgen) ixType() string {
	if c.narrowOffsets {
		return "fcc_ix"
	}
	return "long"
}

// isCIdent reports whether x is a C identifier or a decimal literal, which
// need no parentheses under a cast.
func isCIdent(x string) bool {
	if x == "" {
		return false
	}
	for _, r := range x {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// rowMajor returns the strides of a manifest array with dims.
func rowMajor(dims []string) []string {
	st := make([]string, len(dims))
	for k := range dims {
		s := strings.Join(dims[k+1:], " * ")
		if s == "" {
			s = "1"
		}
		st[k] = s
	}
	return st
}

// kval is what a name stands for inside a kernel: a scalar C variable or
// an array view.
type kval struct {
	scalar string
	view   *kview
}

// cgen writes the code of one kernel.
type cgen struct {
	g      *gen
	b      strings.Builder
	indent int
	vars   map[soac.VName]kval
	tmp    int

	// hostNames are the kernel's free names, whose values the host knows.
	hostNames map[soac.VName]bool
	// elemIotas are the iotas bound in the kernel that are only read an
	// element at a time by sequential SOACs (see iotaElem): they are
	// never stored.
	elemIotas map[soac.VName]bool
	// at is the statement being generated in each body being generated,
	// innermost last (see adoptable).
	at []bodyAt
	// scratch are the kernel's scratch buffers (see karrays.go);
	// scratchIDs counts the names given to them.
	scratch    []scratchBuf
	scratchIDs int
	// privScratch, when set, is the kernel's private-scratch version (the
	// lowering's soac.ScratchPlan), which launchKernel launches when
	// the scratch arrays fit it.
	privScratch *privateVersion
	// spareViews are the spare buffers of the loops being generated,
	// by spare pointer (see endLoopArrays).
	spareViews map[string]*kview
	// group is set in a segmap_group's kernel (seggroup.go).
	group *groupGen
	// narrowOffsets makes element offsets fcc_ix (see ixType), as the
	// Seg-op's lowering says.
	narrowOffsets bool
	// sameSites makes fail reuse the code of an earlier site with the
	// same message: a Seg-op's cpu version, generated after its GPU
	// versions, checks what they check, and taking no codes of its own
	// leaves the codes, and so the text, of later kernels as they are.
	sameSites bool
	// quiet makes fail record nothing: a pre-pass kernel (prepass.go)
	// leaves the errors of the statements it shares with the real kernel
	// to the real kernel, which reports them in the program's order.
	quiet bool
	// guards are the conditions under which the eager ifs being
	// generated would have run the branch being generated, which its
	// failures need; speculative counts those ifs (eager.go).
	guards      []string
	speculative int
}

// fail emits code recording a run-time error when cond holds: the first
// failing work-item's code (msg's index in the program's table plus one)
// and args (C expressions, converted to long) win the error buffer. The
// work-item goes on, so that barriers stay uniform; callers substitute a
// harmless value for the failed operation.
func (c *cgen) fail(cond, msg string, args ...string) {
	if c.quiet {
		return
	}
	code := 0
	if c.sameSites {
		code = slices.Index(c.g.errSites, msg) + 1
	}
	if code == 0 {
		c.g.errSites = append(c.g.errSites, msg)
		code = len(c.g.errSites)
	}
	if len(c.guards) > 0 {
		cond = strings.Join(c.guards, " && ") + " && (" + cond + ")"
	}
	c.line("if (%s) {", cond)
	c.indent++
	c.line("if (atomic_cmpxchg((volatile __global int *)fcc_err, 0, %d) == 0) {", code)
	for i, a := range args {
		c.line("  fcc_err[%d] = (long)(%s);", i+1, a)
	}
	c.line("}")
	c.indent--
	c.line("}")
}

func (c *cgen) line(format string, args ...any) {
	c.b.WriteString(strings.Repeat("  ", c.indent))
	fmt.Fprintf(&c.b, format, args...)
	c.b.WriteByte('\n')
}

// fresh returns a new C identifier for a temporary.
func (c *cgen) fresh(base string) string {
	c.tmp++
	return fmt.Sprintf("%s_%d", base, c.tmp)
}

// unsupported is the error for a construct the backend cannot compile.
func unsupported(what string, pos soac.Pos) error {
	return fmt.Errorf("not yet supported by the OpenCL backend: %s at %s", what, pos)
}

// operand returns the C expression of a scalar operand.
func (c *cgen) operand(se soac.SubExp) (string, error) {
	switch se := se.(type) {
	case soac.Const:
		return cConst(se.Value)
	case soac.Var:
		v, ok := c.vars[se.Name]
		if !ok {
			panic(fmt.Sprintf("backend: kernel uses unbound name %s", se.Name))
		}
		if v.view != nil {
			return "", fmt.Errorf("array %s used as a scalar", se.Name)
		}
		return v.scalar, nil
	}
	panic(fmt.Sprintf("backend: bad operand %T", se))
}

// bindScalar declares the C variable for a scalar pattern element.
func (c *cgen) bindScalar(p soac.Param, expr string) error {
	ct, err := c.scalarType(p.Name, p.Type.Elem)
	if err != nil {
		return err
	}
	id := c.g.names.id(p.Name)
	c.line("%s %s = %s;", ct, id, expr)
	c.vars[p.Name] = kval{scalar: id}
	return nil
}

// load is the C expression reading element off of a view's buffer.
func load(v *kview, off string) string {
	switch v.elem {
	case values.Bool:
		return fmt.Sprintf("(%s[%s] != 0)", v.ptr, off)
	case values.F16:
		return fmt.Sprintf("fcc_h2f(%s[%s])", v.ptr, off)
	}
	return fmt.Sprintf("%s[%s]", v.ptr, off)
}

// store is the C statement writing x to element off of buffer ptr.
func store(ptr string, elem soac.PrimType, off, x string) string {
	switch elem {
	case values.Bool:
		return fmt.Sprintf("%s[%s] = (uchar)%s;", ptr, off, x)
	case values.F16:
		return fmt.Sprintf("%s[%s] = fcc_f2h(%s);", ptr, off, x)
	}
	return fmt.Sprintf("%s[%s] = %s;", ptr, off, x)
}

func (c *cgen) body(b *soac.Body) ([]string, error) {
	for i, s := range b.Stms {
		if _, ok := s.Exp.(*soac.IotaExp); ok && len(s.Pat) == 1 && soac.ElemOnly(s.Pat[0].Name, b.Stms[i+1:], b.Result) {
			if c.elemIotas == nil {
				c.elemIotas = map[soac.VName]bool{}
			}
			c.elemIotas[s.Pat[0].Name] = true
		}
	}
	c.at = append(c.at, bodyAt{body: b})
	defer func() { c.at = c.at[:len(c.at)-1] }()
	for i, s := range b.Stms {
		c.at[len(c.at)-1].stm = i
		if err := c.stm(s); err != nil {
			return nil, err
		}
	}
	res := make([]string, len(b.Result))
	for i, r := range b.Result {
		if v, ok := r.(soac.Var); ok && c.vars[v.Name].view != nil {
			// Array results are written by the caller from the view.
			continue
		}
		x, err := c.operand(r)
		if err != nil {
			return nil, err
		}
		res[i] = x
	}
	return res, nil
}

// bodyAt is a body being generated and the index of its statement being
// generated.
type bodyAt struct {
	body *soac.Body
	stm  int
}

func scalarPat(s *soac.Stm) bool {
	for _, p := range s.Pat {
		if p.Type.Rank() > 0 {
			return false
		}
	}
	return true
}

func (c *cgen) stm(s *soac.Stm) error {
	one := func(expr string, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", s.Pos, err)
		}
		return c.bindScalar(s.Pat[0], expr)
	}
	if c.group != nil {
		if e, ok := s.Exp.(*soac.ReplicateExp); ok && c.group.fills[s.Pat[0].Name] {
			// The loop it is the initial value of fills its buffer.
			c.group.fillOf[s.Pat[0].Name] = e
			return nil
		}
		switch s.Exp.(type) {
		case *soac.ReplicateExp, *soac.UpdateExp:
			if _, local := c.group.locals[s.Pat[0].Name]; local || isUpdate(s) {
				return c.groupSegOp(s)
			}
		}
	}
	if ok, err := c.arrayStm(s); ok || err != nil {
		return err
	}
	if ok, err := c.narrowStm(s); ok || err != nil {
		return err
	}
	switch e := s.Exp.(type) {
	case *soac.SubExpExp:
		if v, ok := e.X.(soac.Var); ok && c.vars[v.Name].view != nil {
			c.vars[s.Pat[0].Name] = c.vars[v.Name]
			return nil
		}
		return one(c.operand(e.X))
	case *soac.BinOpExp:
		x, err := c.operand(e.X)
		if err != nil {
			return err
		}
		y, err := c.operand(e.Y)
		if err != nil {
			return err
		}
		if e.T.IsInt() {
			switch e.Op {
			case soac.Div, soac.Mod, soac.Quot, soac.Rem:
				c.fail(fmt.Sprintf("%s == 0", y), soac.EscapeFormat(s.Pos.String())+": division by zero")
			case soac.Pow:
				if e.T.IsSigned() {
					c.fail(fmt.Sprintf("%s < 0", y), soac.EscapeFormat(s.Pos.String())+": negative exponent in integer power")
				}
			}
		}
		return one(cBinOp(e.Op, e.T, x, y))
	case *soac.CmpOpExp:
		x, err := c.operand(e.X)
		if err != nil {
			return err
		}
		y, err := c.operand(e.Y)
		if err != nil {
			return err
		}
		return one(cCmpOp(e.Op, e.T, x, y))
	case *soac.UnOpExp:
		x, err := c.operand(e.X)
		if err != nil {
			return err
		}
		return one(cUnOp(e.Op, e.T, x))
	case *soac.ConvOpExp:
		x, err := c.operand(e.X)
		if err != nil {
			return err
		}
		return one(cConvOp(e.From, e.To, x))
	case *soac.CallPrimExp:
		xs := make([]string, len(e.Args))
		for i, a := range e.Args {
			x, err := c.operand(a)
			if err != nil {
				return err
			}
			xs[i] = x
		}
		return one(cCallPrim(e, xs))
	case *soac.IndexExp:
		return c.index(s, e)
	case *soac.IfExp:
		return c.ifExp(s, e)
	case *soac.LoopExp:
		return c.loop(s, e)
	case *soac.ScremaExp:
		return c.seqScrema(s, e)
	case *soac.HistExp:
		return c.seqHist(s, e)
	case *soac.ScatterExp:
		if c.group != nil {
			return c.groupSegOp(s)
		}
		return c.seqScatter(s, e)
	case *soac.AssertExp:
		x, err := c.operand(e.Cond)
		if err != nil {
			return err
		}
		args := make([]string, len(e.Args))
		for i, a := range e.Args {
			if args[i], err = c.operand(a); err != nil {
				return err
			}
		}
		c.fail("!"+x, soac.EscapeFormat(e.Pos.String())+": "+e.Msg, args...)
		return c.bindScalar(s.Pat[0], "true")
	case *soac.ApplyExp:
		return c.call(s, e)
	case *soac.SegMapExp, *soac.SegRedExp, *soac.SegScanExp:
		if c.group != nil {
			return c.groupSegOp(s)
		}
	}
	return unsupported(strings.TrimSuffix(strings.TrimPrefix(fmt.Sprintf("%T", s.Exp), "*soac."), "Exp")+" inside a kernel", s.Pos)
}

// index reads a scalar or makes a sub-view. Every index is checked
// against its dimension unless it is provably in range (see inRange); a
// failure is reported with the interpreter's message and the read uses
// offset 0 instead.
func (c *cgen) index(s *soac.Stm, e *soac.IndexExp) error {
	v := c.vars[e.Arr].view
	if v == nil {
		panic(fmt.Sprintf("backend: %s: indexing non-array %s", s.Pos, e.Arr))
	}
	ix := c.ix
	local := c.group != nil && c.group.isLocal(v)
	if local {
		// An offset into local memory fits 32 bits.
		ix = func(x string) string { return castTo("int", x) }
	}
	off := ix(v.off)
	var idx, conds []string
	for k, ise := range e.Indices {
		i, err := c.operand(ise)
		if err != nil {
			return err
		}
		if local && c.group.speculating > 0 {
			// Read whether or not its branch is taken
			// (seggroup_speculate.go): clamped into the dimension.
			i = speculatedIndex(i, v.dims[k])
		}
		idx = append(idx, i)
		if z, ok := ise.(soac.Const); !ok || z.Value.Bits != 0 {
			// Index 0 adds nothing: the kernel then need not take the
			// stride (kargs.go).
			off = fmt.Sprintf("%s + %s * %s", off, ix(i), ix(v.strides[k]))
		}
		cond := fmt.Sprintf("(long)%s < 0 || (long)%s >= %s", i, i, v.dims[k])
		if e.Proved(k) {
			// The prove pass marked it, perhaps from the condition of
			// an eager if, which speculative code does not hold to.
			if c.speculative > 0 {
				conds = append(conds, cond)
			}
			continue
		}
		conds = append(conds, cond)
		var shape strings.Builder
		for range v.dims {
			shape.WriteString("[%d]")
		}
		fmtIdx := strings.TrimSuffix(strings.Repeat("%d, ", k+1), ", ")
		c.fail(cond, fmt.Sprintf("%s: Index [%s] out of bounds for array of shape %s.", soac.EscapeFormat(e.Pos.String()), fmtIdx, shape.String()), append(append([]string(nil), idx...), v.dims...)...)
	}
	if len(conds) > 0 && c.speculative > 0 && len(e.Indices) == len(v.dims) {
		// A speculative read out of bounds reads nothing.
		return c.bindScalar(s.Pat[0], fmt.Sprintf("((%s) ? 0 : %s)", strings.Join(conds, " || "), load(v, off)))
	}
	if len(conds) > 0 {
		off = fmt.Sprintf("((%s) ? 0 : %s)", strings.Join(conds, " || "), off)
	}
	if len(e.Indices) == len(v.dims) {
		return c.bindScalar(s.Pat[0], load(v, off))
	}
	id := c.g.names.id(s.Pat[0].Name) + "_off"
	c.line("%s %s = %s;", c.ixType(), id, off)
	c.vars[s.Pat[0].Name] = kval{view: &kview{ptr: v.ptr, off: id, dims: v.dims[len(e.Indices):], strides: v.strides[len(e.Indices):], elem: v.elem}}
	return nil
}

// declare declares uninitialised C variables for a scalar pattern, for
// results assigned in branches or loops.
func (c *cgen) declare(pat []soac.Param) ([]string, error) {
	ids := make([]string, len(pat))
	for i, p := range pat {
		ct, err := c.scalarType(p.Name, p.Type.Elem)
		if err != nil {
			return nil, err
		}
		ids[i] = c.g.names.id(p.Name)
		c.line("%s %s;", ct, ids[i])
	}
	return ids, nil
}

func (c *cgen) bindDeclared(pat []soac.Param, ids []string) {
	for i, p := range pat {
		c.vars[p.Name] = kval{scalar: ids[i]}
	}
}

func (c *cgen) ifExp(s *soac.Stm, e *soac.IfExp) error {
	if !scalarPat(s) {
		return c.ifArrays(s, e)
	}
	if c.speculated(s) {
		return c.speculateIf(s, e)
	}
	if x, or := soac.ShortCircuit(e); x != nil && c.g.eagerIf(s.Pat[0].Name) {
		return c.eagerIfExp(s, e, x, or)
	}
	cond, err := c.operand(e.Cond)
	if err != nil {
		return err
	}
	ids, err := c.declare(s.Pat)
	if err != nil {
		return err
	}
	branch := func(b *soac.Body) error {
		c.indent++
		defer func() { c.indent-- }()
		res, err := c.body(b)
		if err != nil {
			return err
		}
		for i, r := range res {
			c.line("%s = %s;", ids[i], r)
		}
		return nil
	}
	c.line("if (%s) {", cond)
	if err := branch(e.Then); err != nil {
		return err
	}
	c.line("} else {")
	if err := branch(e.Else); err != nil {
		return err
	}
	c.line("}")
	c.bindDeclared(s.Pat, ids)
	return nil
}

func (c *cgen) loop(s *soac.Stm, e *soac.LoopExp) error {
	// The merge parameters are the loop's state; the pattern is bound to
	// them after the loop. Array parameters live in double buffers.
	// Scalars first: an array parameter's size may be one of them (an
	// existential size), which its view reads as the loop changes it.
	ids := make([]string, len(e.Params))
	for i, p := range e.Params {
		if p.Type.Rank() > 0 {
			continue
		}
		ct, err := cType(p.Type.Elem)
		if err != nil {
			return err
		}
		x, err := c.operand(e.Init[i])
		if err != nil {
			return err
		}
		ids[i] = c.g.names.id(p.Name)
		c.line("%s %s = %s;", ct, ids[i], x)
		c.vars[p.Name] = kval{scalar: ids[i]}
	}
	if c.group != nil {
		if err := loopSizesOuter(e, s.Pos); err != nil {
			return err
		}
	}
	views, spares, err := c.loopArrays(e, s.Pos)
	if err != nil {
		return err
	}
	for i, p := range e.Params {
		if views[i] != nil {
			c.vars[p.Name] = kval{view: views[i]}
		}
	}
	switch f := e.Form.(type) {
	case soac.ForLoop:
		bound, err := c.operand(f.Bound)
		if err != nil {
			return err
		}
		it := c.fresh("it")
		if unrollable(e) {
			// Four iterations' loads issued before their dependent
			// arithmetic: LU's panel substitutions took about 40 cycles
			// an iteration on an H200, one load's latency after another.
			c.line("#ifndef FCC_NO_SEQ_UNROLL")
			c.line("#pragma unroll %d", seqUnroll)
			c.line("#endif")
		}
		ct, err := c.scalarType(f.Index, f.T)
		if err != nil {
			return err
		}
		if k, ok := f.Bound.(soac.Const); ok && ct == "int" && k.Value.Int() <= math.MaxInt32 {
			// A narrowed index below a constant bound that fits too.
			c.line("for (int %s = 0; %s < %s; %s++) {", it, it, bound, it)
		} else {
			c.line("for (long %s = 0; %s < (long)%s; %s++) {", it, it, bound, it)
		}
		c.indent++
		idx := c.g.names.id(f.Index)
		c.line("%s %s = (%s)%s;", ct, idx, ct, it)
		c.vars[f.Index] = kval{scalar: idx}
	case soac.WhileLoop:
		c.line("while (%s) {", c.vars[f.Cond].scalar)
		c.indent++
	}
	res, err := c.body(e.Body)
	if err != nil {
		return err
	}
	// Results may refer to the merge parameters, so go through
	// temporaries; arrays are carried first, since scalar results do
	// not refer to them.
	copied := map[int]bool{}
	defer c.endLoopArrays(spares, copied)
	inSpare := map[int]bool{}
	for i := range res {
		if views[i] == nil {
			continue
		}
		if v, ok := e.Body.Result[i].(soac.Var); ok && c.group != nil && c.group.into[v.Name] == e.Params[i].Name {
			// Already in the spare buffer (seggroup.go): swapped, not copied.
			inSpare[i] = true
			continue
		}
		rv, err := c.arrayOperand(e.Body.Result[i])
		if err != nil {
			return err
		}
		cp, err := c.loopCarry(views[i], spares[i], rv)
		if err != nil {
			return err
		}
		copied[i] = cp
	}
	// Swapped once every result is copied; a group's copies (into local
	// buffers) are done before any of its work-items swaps.
	groupCopied := false
	for i, cp := range copied {
		groupCopied = groupCopied || cp && c.group != nil && c.group.localPtrs[views[i].ptr]
	}
	if groupCopied {
		c.barrier()
	}
	for i := range res {
		if copied[i] || inSpare[i] {
			c.loopSwap(views[i], spares[i])
		}
	}
	tmps := make([]string, len(res))
	for i, r := range res {
		if views[i] != nil {
			continue
		}
		ct, _ := cType(e.Params[i].Type.Elem)
		tmps[i] = c.fresh("next")
		c.line("%s %s = %s;", ct, tmps[i], r)
	}
	for i := range res {
		if views[i] == nil {
			c.line("%s = %s;", ids[i], tmps[i])
		}
	}
	c.indent--
	c.line("}")
	for i, p := range s.Pat {
		c.vars[p.Name] = c.vars[e.Params[i].Name]
	}
	return nil
}

// loopSizesOuter refuses a loop in a group's kernel with an array
// parameter whose inner dimension is a parameter of the loop: its
// layout (the outer strides) would change from one iteration to the
// next, which the copy into a group's local buffer does not follow (a
// work-item's scratch array is copied in the new layout, loopCarry). An
// outer one only changes the count.
func loopSizesOuter(e *soac.LoopExp, pos soac.Pos) error {
	params := map[soac.VName]bool{}
	for _, p := range e.Params {
		params[p.Name] = true
	}
	for _, p := range e.Params {
		for k, d := range p.Type.Shape {
			if v, ok := d.(soac.Var); ok && k > 0 && params[v.Name] {
				return unsupported(fmt.Sprintf("a loop in a group's kernel whose array parameter %s has an inner dimension (%s) that the loop changes", p.Name, v.Name), pos)
			}
		}
	}
	return nil
}

// bindElem binds lambda parameter p to element i of array arr.
func (c *cgen) bindElem(p soac.Param, arr soac.VName, i string) error {
	v := c.vars[arr].view
	if v == nil {
		panic(fmt.Sprintf("backend: SOAC input %s is not an array", arr))
	}
	off := fmt.Sprintf("%s + %s * %s", c.ix(v.off), c.ix(i), c.ix(v.strides[0]))
	if len(v.dims) == 1 {
		if x, ok := c.iotaElem(arr, i); ok {
			return c.bindScalar(p, x)
		}
		return c.bindScalar(p, load(v, off))
	}
	id := c.g.names.id(p.Name) + "_off"
	c.line("%s %s = %s;", c.ixType(), id, off)
	c.vars[p.Name] = kval{view: &kview{ptr: v.ptr, off: id, dims: v.dims[1:], strides: v.strides[1:], elem: v.elem}}
	return nil
}

// iotaElem returns element i of arr when arr is an iota whose start and
// step are available here: an index-space producer read by a sequential
// SOAC in a kernel (the outer-parallel version of a nest over iota) is
// arithmetic, not a load from the array the host made.
func (c *cgen) iotaElem(arr soac.VName, i string) (string, bool) {
	io, ok := c.g.scalarDefs()[arr].(*soac.IotaExp)
	if !ok {
		return "", false
	}
	var xs [2]string
	for k, se := range []soac.SubExp{io.Start, io.Step} {
		if v, ok := se.(soac.Var); ok {
			if b, ok := c.vars[v.Name]; !ok || b.view != nil {
				return "", false
			}
		}
		x, err := c.operand(se)
		if err != nil {
			return "", false
		}
		xs[k] = x
	}
	return iotaElem(io.T, xs[0], xs[1], i), true
}

// combine applies the reduction operators to the accumulators acc (C
// variables, updated in place) and the new values xs.
func (c *cgen) combine(reds []soac.Reduce, acc, xs []string) error {
	k := 0
	for _, r := range reds {
		n := len(r.Neutral)
		c.line("{")
		c.indent++
		for i, p := range r.Op.Params {
			x := acc[k+i%n]
			if i >= n {
				x = xs[k+i-n]
			}
			if p.Type.Rank() > 0 {
				return fmt.Errorf("not yet supported by the OpenCL backend: reduction over arrays")
			}
			if err := c.bindScalar(p, x); err != nil {
				return err
			}
		}
		res, err := c.body(r.Op.Body)
		if err != nil {
			return err
		}
		for i, x := range res {
			c.line("%s = %s;", acc[k+i], x)
		}
		c.indent--
		c.line("}")
		k += n
	}
	return nil
}

// lambdaAt emits lambda l applied to element it of each of inputs (one
// per parameter) and returns its results.
func (c *cgen) lambdaAt(l *soac.Lambda, inputs []soac.VName, it string) ([]string, error) {
	for k, p := range l.Params {
		if err := c.bindElem(p, inputs[k], it); err != nil {
			return nil, err
		}
	}
	return c.body(l.Body)
}

// seqUnroll is how many times a kernel unrolls a sequential loop of a
// small scalar body (unrollable); --build-option=-DFCC_NO_SEQ_UNROLL
// turns it off.
const seqUnroll = 4

// seqUnrollMax is the most statements a loop body unrolled seqUnroll
// times may have.
const seqUnrollMax = 16

// unrollable reports whether a loop in a kernel is unrolled: a for loop
// whose merge parameters are scalars and whose body is straight-line code
// of at most seqUnrollMax statements (an accumulation over loads, whose
// iterations' loads the compiler then issues together).
func unrollable(e *soac.LoopExp) bool {
	if _, ok := e.Form.(soac.ForLoop); !ok || len(e.Body.Stms) > seqUnrollMax || !soac.StraightLine(e.Body) {
		return false
	}
	for _, p := range e.Params {
		if p.Type.Rank() > 0 {
			return false
		}
	}
	return true
}
