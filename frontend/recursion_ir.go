package frontend

import (
	"fmt"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// makeRecursiveCallee emits the IR function of an instance of a recursive
// function (recursion.go). Unlike makeCallee, it cannot learn the result
// types from the body, which calls the function itself: they come from the
// declared return type. A dimension named by a parameter's size is the
// argument's size at each call, a constant is itself, and any other
// (existential, or computed by the body) is returned by the function as a
// leading size result, as makeCallee does. inst is the instantiation of
// d's type variables.
func (ic *internaliser) makeRecursiveCallee(d *ValDecl, inst map[int]Type, key string, inner *funVal, args []ival, pos Pos) *callee {
	savedB, savedDepth, savedSub := ic.b, ic.inlineDepth, ic.tsub
	ic.b = soac.NewBuilder(ic.names)
	ic.inlineDepth = 0
	ic.tsub = inst
	defer func() { ic.b, ic.inlineDepth, ic.tsub = savedB, savedDepth, savedSub }()

	// A unique parameter is consumed by the function: its components
	// are unique parameters of the IR function.
	unique := make([][]bool, len(args))
	for i, p := range d.Params {
		for _, t := range ic.paramTypes(ic.declType(ic.chk.patTypes[p]), map[string]soac.SubExp{}) {
			unique[i] = append(unique[i], t.Unique && t.Rank() > 0)
		}
		if len(unique[i]) != len(args[i].ses) {
			unique[i] = make([]bool, len(args[i].ses))
		}
	}
	params, pargs, fromParam := ic.calleeParams(args, unique)

	sizes := map[string]soac.SubExp{}
	for i, p := range d.Params {
		ic.eachDimSize(ic.declType(ic.chk.patTypes[p]), pargs[i].ses, 0, func(dim Dim, size soac.SubExp) {
			if dim.Name != "" {
				sizes[dim.Name] = size
			}
		})
	}
	rets := ic.paramTypes(ic.declType(ic.chk.retTypes[d]), sizes)
	var sizeRes []soac.VName
	seen := map[soac.VName]bool{}
	for _, t := range rets {
		for _, dim := range t.Shape {
			if v, ok := dim.(soac.Var); ok && !seen[v.Name] && !hasKey(fromParam, v.Name) {
				seen[v.Name] = true
				sizeRes = append(sizeRes, v.Name)
			}
		}
	}
	c := &callee{name: string(ic.names.New(funBase(d.Name))), rets: rets, sizes: len(sizeRes), params: fromParam}
	ic.calls.made[key] = c

	start := ic.inlineCost()
	res := inner.call(ic, pargs, pos)
	c.cost = ic.inlineCost() - start
	if len(res.ses) != len(rets) {
		panic(fmt.Sprintf("frontend: internalise: %s: recursive function %s returns %d values, its type says %d", pos, d.Name, len(res.ses), len(rets)))
	}
	// The sizes the function returns are those of the body's result.
	bound := map[soac.VName]bool{}
	want := make([][]soac.SubExp, len(rets))
	for i, t := range rets {
		at := ic.typeOf(res.ses[i])
		want[i] = make([]soac.SubExp, len(t.Shape))
		for k, dim := range t.Shape {
			if v, ok := dim.(soac.Var); ok && seen[v.Name] && !bound[v.Name] {
				bound[v.Name] = true
				ic.b.Add(&soac.Stm{Pat: []soac.Param{{Name: v.Name, Type: soac.Prim(values.I64)}}, Exp: &soac.SubExpExp{X: at.Shape[k]}, Pos: pos})
			}
			want[i][k] = dim
		}
	}
	msg := fmt.Sprintf("size mismatch: the result of %s does not have the sizes of its declared type", d.Name)
	out := ic.coerceShapeTo(res.ses, want, msg, pos)
	var ses []soac.SubExp
	var ret []soac.Type
	for _, n := range sizeRes {
		ses = append(ses, soac.Var{Name: n})
		ret = append(ret, soac.Prim(values.I64))
	}
	ret = append(ret, rets...)
	body := ic.b.Body(append(ses, out...)...)
	ic.calls.funs = append(ic.calls.funs, &soac.FunDef{Name: c.name, Params: params, RetType: ret, Body: body, Pos: d.Pos})
	return c
}
