package frontend

import (
	"fmt"
	"slices"
	"strings"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// Functions are inlined where they are applied, except where inlining
// would make the code explode: f_i x = f_{i-1} (f_{i-1} x) over 14 levels
// inlines f_0 2^14 times. As Futhark does, such a function is then kept:
// the internaliser emits it once per monomorphic instance as an IR
// function and calls it.
//
// The decision is made per instance from what inlining it cost the first
// time (the names it created, calls counting what their callee cost): an
// instance that cost more than callThreshold is called at its later
// applications. #[noinline] makes every application a call, #[inline]
// none. Only first-order applications become calls (no argument or result
// holds a function, no parameter is consumed); prelude functions are
// always inlined. Programs whose functions all stay under the threshold
// compile exactly as before.

// callThreshold is the inlined cost (IR names) above which a function
// applied again is called rather than inlined.
const callThreshold = 300

// callee is an IR function made from a source function instance.
type callee struct {
	name string
	// sizes is the number of leading i64 results that give the sizes of
	// the array results; rets are the result types (in the function's
	// names).
	sizes int
	rets  []soac.Type
	// params maps the sizes of the parameters to where the call finds
	// them: a result of a parameter's size has the argument's size, so
	// the caller keeps what it knows of it.
	params map[soac.VName]argDim
	// cost is what inlining the instance cost (see inlineCost).
	cost int
}

// argDim is dimension dim of argument component arg of a call.
type argDim struct{ arg, dim int }

// callState is the internaliser's bookkeeping of calls.
type callState struct {
	// cost is the inlined cost of each instance measured so far.
	cost map[string]int
	// made are the instances emitted as IR functions.
	made map[string]*callee
	// funs are those functions, in the order they were made.
	funs []*soac.FunDef
	// virtual counts the cost of the calls emitted, as if inlined.
	virtual int
}

// inlineCost is a counter of the code built, which inlining a function
// advances by what its body costs.
func (ic *internaliser) inlineCost() int { return ic.names.Count() + ic.calls.virtual }

func hasAttr(d *ValDecl, a string) bool { return slices.Contains(d.Attrs, a) }

// callable wraps the function value of a top-level definition so that its
// applications may become calls (see above).
func (ic *internaliser) callable(d *ValDecl, inst map[int]Type, f ival) ival {
	if def, ok := ic.chk.defs[d.Name]; f.fn == nil || d.Entry || hasAttr(d, "inline") || !ok || def.prelude {
		return f
	}
	inner := f.fn
	rec := ic.chk.recursiveDefs[d]
	return ival{fn: &funVal{arity: inner.arity, call: func(ic *internaliser, args []ival, pos Pos) ival {
		key, ok := ic.instanceKey(d, inst, args)
		if len(ic.accOps) > 0 && !rec {
			// Under an accumulator stream a write means the stream's
			// operation (accumulators.go): an IR function made here
			// could be called from another stream.
			ok = false
		}
		if !ok {
			if rec {
				panic(fmt.Sprintf("frontend: internalise: %s: recursive function %s applied to a function", pos, d.Name))
			}
			return inner.call(ic, args, pos)
		}
		if c := ic.calls.made[key]; c != nil {
			return ic.emitCall(c, args, pos)
		}
		if rec {
			// Inlining a recursive function would not end.
			return ic.emitCall(ic.makeRecursiveCallee(d, inst, key, inner, args, pos), args, pos)
		}
		cost, seen := ic.calls.cost[key]
		if hasAttr(d, "noinline") || seen && cost > callThreshold {
			return ic.emitCall(ic.makeCallee(d, key, inner, args, pos), args, pos)
		}
		start := ic.inlineCost()
		res := inner.call(ic, args, pos)
		ic.calls.cost[key] = max(cost, ic.inlineCost()-start)
		return res
	}}}
}

// instanceKey names the instance of d applied to args, or says that the
// application cannot be a call: an argument or the result holds a
// function, or a parameter is consumed.
func (ic *internaliser) instanceKey(d *ValDecl, inst map[int]Type, args []ival) (string, bool) {
	for _, a := range args {
		if a.fn != nil || len(a.fns) > 0 {
			return "", false
		}
	}
	saved := ic.tsub
	ic.tsub = inst
	defer func() { ic.tsub = saved }()
	var b strings.Builder
	b.WriteString(d.Name)
	for _, p := range d.Params {
		t := ic.srcType(ic.chk.patTypes[p])
		if consumes(t) && !ic.chk.recursiveDefs[d] || funCount(t) > 0 {
			return "", false
		}
		b.WriteString(" ")
		b.WriteString(typeString(t))
	}
	rt := ic.chk.zonk(ic.chk.defs[d.Name].typ)
	for range d.Params {
		ft, ok := rt.(TFun)
		if !ok {
			return "", false
		}
		rt = ic.chk.zonk(ft.Result)
	}
	if funCount(ic.srcType(rt)) > 0 {
		return "", false
	}
	// The IR types of the arguments fix the function's signature.
	for _, a := range args {
		for _, se := range a.ses {
			t := ic.typeOf(se)
			fmt.Fprintf(&b, " %s/%d", t.Elem, t.Rank())
		}
	}
	return b.String(), true
}

// consumes reports whether a parameter type is unique somewhere.
func consumes(t Type) bool {
	switch t := t.(type) {
	case TArray:
		return t.Unique || consumes(t.Elem)
	case TTuple:
		return slices.ContainsFunc(t.Elems, consumes)
	case TRecord:
		for _, f := range t.Fields {
			if consumes(f.Type) {
				return true
			}
		}
	}
	return false
}

// makeCallee emits the IR function of an instance: its parameters are the
// components of the arguments, with sizes of their own (bound by the
// call); its results are the sizes of its array results, then the values.
func (ic *internaliser) makeCallee(d *ValDecl, key string, inner *funVal, args []ival, pos Pos) *callee {
	savedB, savedDepth := ic.b, ic.inlineDepth
	ic.b = soac.NewBuilder(ic.names)
	ic.inlineDepth = 0
	defer func() { ic.b, ic.inlineDepth = savedB, savedDepth }()

	params, pargs, fromParam := ic.calleeParams(args, nil)
	start := ic.inlineCost()
	res := inner.call(ic, pargs, pos)
	c := &callee{name: string(ic.names.New(funBase(d.Name))), cost: ic.inlineCost() - start, params: fromParam}
	var sizeRes []soac.SubExp
	seen := map[soac.VName]bool{}
	for _, se := range res.ses {
		t := ic.typeOf(se)
		c.rets = append(c.rets, t)
		for _, dim := range t.Shape {
			if v, ok := dim.(soac.Var); ok && !seen[v.Name] && !hasKey(fromParam, v.Name) {
				seen[v.Name] = true
				sizeRes = append(sizeRes, dim)
			}
		}
	}
	c.sizes = len(sizeRes)
	var ret []soac.Type
	for range sizeRes {
		ret = append(ret, soac.Prim(values.I64))
	}
	ret = append(ret, c.rets...)
	body := ic.b.Body(append(sizeRes, res.ses...)...)
	ic.calls.funs = append(ic.calls.funs, &soac.FunDef{Name: c.name, Params: params, RetType: ret, Body: body, Pos: d.Pos})
	ic.calls.made[key] = c
	if c.cost > ic.calls.cost[key] {
		ic.calls.cost[key] = c.cost
	}
	return c
}

// calleeParams makes the parameters of an IR function applied to args:
// one per component, with sizes of their own, of which fromParam tells
// where a call finds them. unique, where not nil, says which components
// the function consumes.
func (ic *internaliser) calleeParams(args []ival, unique [][]bool) (params []soac.Param, pargs []ival, fromParam map[soac.VName]argDim) {
	sizeOf := map[soac.VName]soac.SubExp{} // caller size -> callee size
	fromParam = map[soac.VName]argDim{}
	pargs = make([]ival, len(args))
	for i, a := range args {
		for k, se := range a.ses {
			at := ic.typeOf(se)
			t := soac.Type{Elem: at.Elem, Unique: unique != nil && unique[i][k]}
			for j, dim := range at.Shape {
				v, ok := dim.(soac.Var)
				if !ok {
					t.Shape = append(t.Shape, dim)
					continue
				}
				if _, ok := sizeOf[v.Name]; !ok {
					n := ic.sizeVar("n")
					sizeOf[v.Name] = n
					fromParam[n.Name] = argDim{len(params), j}
				}
				t.Shape = append(t.Shape, sizeOf[v.Name])
			}
			v := ic.names.New("p")
			ic.types[v] = t
			params = append(params, soac.Param{Name: v, Type: t})
			pargs[i].ses = append(pargs[i].ses, soac.Var{Name: v})
		}
	}
	return params, pargs, fromParam
}

// funBase is a function's name as an IR identifier.
func funBase(name string) string {
	var b strings.Builder
	for _, r := range name {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 || b.String()[0] >= '0' && b.String()[0] <= '9' {
		return "f" + b.String()
	}
	return b.String()
}

// emitCall calls c with args: its size results get fresh names, which the
// array results' types use.
func (ic *internaliser) emitCall(c *callee, args []ival, pos Pos) ival {
	var ses []soac.SubExp
	for _, a := range args {
		ses = append(ses, a.ses...)
	}
	var pat []soac.Param
	sizes := map[soac.VName]soac.SubExp{}
	for n, ad := range c.params {
		sizes[n] = ic.typeOf(ses[ad.arg]).Shape[ad.dim]
	}
	for _, t := range c.rets {
		for _, dim := range t.Shape {
			if v, ok := dim.(soac.Var); ok {
				if _, ok := sizes[v.Name]; !ok {
					n := ic.names.New("n")
					ic.types[n] = soac.Prim(values.I64)
					sizes[v.Name] = soac.Var{Name: n}
					pat = append(pat, soac.Param{Name: n, Type: soac.Prim(values.I64)})
				}
			}
		}
	}
	var out []soac.SubExp
	for _, t := range c.rets {
		nt := soac.Type{Elem: t.Elem}
		for _, dim := range t.Shape {
			if v, ok := dim.(soac.Var); ok {
				dim = sizes[v.Name]
			}
			nt.Shape = append(nt.Shape, dim)
		}
		v := ic.names.New("r")
		ic.types[v] = nt
		pat = append(pat, soac.Param{Name: v, Type: nt})
		out = append(out, soac.Var{Name: v})
	}
	rets := make([]soac.Type, len(pat))
	for i, p := range pat {
		rets[i] = p.Type
	}
	ic.b.Add(&soac.Stm{Pat: pat, Exp: &soac.ApplyExp{Fun: c.name, Args: ses, RetType: rets, Pos: pos}, Pos: pos})
	ic.calls.virtual += c.cost
	return ival{ses: out}
}

func hasKey[K comparable, V any](m map[K]V, k K) bool {
	_, ok := m[k]
	return ok
}
