package soac

import (
	"fmt"
	"strconv"
	"strings"
)

// Print returns the text form of a program. The form is stable: golden
// tests compare it.
func Print(p *Program) string {
	var pr printer
	// Threshold declarations come first, one a line, so that a reader
	// knows every name a threshold expression may use.
	for _, th := range p.Thresholds {
		if th.GPUOnly {
			pr.line("threshold %q %d gpu_only", th.Name, th.Default)
		} else {
			pr.line("threshold %q %d", th.Name, th.Default)
		}
	}
	for i, f := range p.Funs {
		if i > 0 || len(p.Thresholds) > 0 {
			pr.b.WriteString("\n")
		}
		pr.fun(f)
	}
	return pr.b.String()
}

// PrintBody returns the text form of a body at the given indentation.
func PrintBody(b *Body) string {
	var pr printer
	pr.body(b)
	return pr.b.String()
}

type printer struct {
	b      strings.Builder
	indent int
}

func (pr *printer) line(format string, args ...any) {
	pr.b.WriteString(strings.Repeat("  ", pr.indent))
	fmt.Fprintf(&pr.b, format, args...)
	pr.b.WriteString("\n")
}

func (pr *printer) fun(f *FunDef) {
	if f.EntryName != "" {
		pr.line("entry %q", f.EntryName)
	}
	pr.line("fun %s (%s): %s = {", f.Name, params(f.Params), types(f.RetType))
	pr.indent++
	pr.body(f.Body)
	pr.indent--
	pr.line("}")
}

func (pr *printer) body(b *Body) {
	for _, s := range b.Stms {
		pr.stm(s)
	}
	pr.line("in {%s}", subExps(b.Result))
}

func (pr *printer) stm(s *Stm) {
	head := fmt.Sprintf("let {%s} = ", params(s.Pat))
	switch e := s.Exp.(type) {
	case *IfExp:
		pr.line("%sif %s : %s", head, subExp(e.Cond), types(e.Types))
		pr.block("then", e.Then)
		pr.block("else", e.Else)
	case *LoopExp:
		merge := make([]string, len(e.Params))
		for i, p := range e.Params {
			merge[i] = fmt.Sprintf("%s = %s", param(p), subExp(e.Init[i]))
		}
		var form string
		switch f := e.Form.(type) {
		case ForLoop:
			form = fmt.Sprintf("for %s: %s < %s", f.Index, f.T, subExp(f.Bound))
		case WhileLoop:
			form = fmt.Sprintf("while %s", f.Cond)
		}
		pr.line("%sloop {%s} %s", head, strings.Join(merge, ", "), form)
		if e.Stencil != nil {
			pr.line("  %s", e.Stencil)
		}
		pr.block("do", e.Body)
	case *ScremaExp:
		pr.line("%sscrema %s (%s)", head, subExp(e.W), names(e.Inputs))
		pr.indent++
		for _, sc := range e.Scans {
			pr.lambda(fmt.Sprintf("scan (%s)", subExps(sc.Neutral)), sc.Op)
		}
		for _, r := range e.Reds {
			pr.lambda(reduceHead(r), r.Op)
		}
		pr.lambda("map", e.Map)
		pr.indent--
	case *HistExp:
		pr.line("%shist %s (%s)", head, subExp(e.W), names(e.Inputs))
		pr.indent++
		for _, op := range e.Ops {
			pr.lambda(fmt.Sprintf("op %s (%s) (%s)", subExp(op.Bins), names(op.Dests), subExps(op.Neutral)), op.Op)
		}
		pr.lambda("bucket", e.Bucket)
		pr.indent--
	case *ScatterExp:
		dests := make([]string, len(e.Dests))
		for i, d := range e.Dests {
			dests[i] = fmt.Sprintf("%s/%d", d.Arr, d.Rank)
		}
		pr.line("%sscatter %s (%s) into (%s)", head, subExp(e.W), names(e.Inputs), strings.Join(dests, ", "))
		pr.indent++
		pr.lambda("lambda", e.Lambda)
		pr.indent--
	case *SegMapExp:
		pr.line("%ssegmap%s%s%s (%s) : %s", head, level(e.Level), tilePlan(e.Tile), segRegion(e.Region), space(e.Space), types(e.Types))
		pr.lowering(e.Lowering)
		pr.block("body", e.Body)
	case *SegRedExp:
		pr.line("%ssegred%s (%s) : %s", head, level(e.Level), space(e.Space), types(e.Types))
		pr.lowering(e.Lowering)
		pr.indent++
		for _, r := range e.Reds {
			pr.lambda(reduceHead(r), r.Op)
		}
		pr.indent--
		pr.block("body", e.Body)
	case *SegScanExp:
		pr.line("%ssegscan%s (%s) : %s", head, level(e.Level), space(e.Space), types(e.Types))
		pr.lowering(e.Lowering)
		pr.indent++
		for _, sc := range e.Scans {
			pr.lambda(fmt.Sprintf("scan (%s)", subExps(sc.Neutral)), sc.Op)
		}
		pr.indent--
		pr.block("body", e.Body)
	case *SegHistExp:
		pr.line("%sseghist%s (%s) : %s", head, level(e.Level), space(e.Space), types(e.Types))
		pr.lowering(e.Lowering)
		pr.indent++
		for _, op := range e.Ops {
			pr.lambda(fmt.Sprintf("op %s (%s) (%s)", subExp(op.Bins), names(op.Dests), subExps(op.Neutral)), op.Op)
		}
		pr.indent--
		pr.block("body", e.Body)
	default:
		pr.line("%s%s", head, simpleExp(s.Exp))
	}
}

func reduceHead(r Reduce) string {
	kw := "reduce"
	if r.Comm {
		kw = "reduce_comm"
	}
	return fmt.Sprintf("%s (%s)", kw, subExps(r.Neutral))
}

// tilePlan is the printed form of a SegMap's tiling plan, with its
// leading space, or "" for none.
func tilePlan(t *TilePlan) string {
	switch {
	case t == nil:
		return ""
	case t.Rank == 1:
		return fmt.Sprintf(" tile1d(%q)", t.BlockSize)
	case t.Via != "":
		return fmt.Sprintf(" tile%dd(%q, %q, %q)", t.Rank, t.BlockSize, t.RegSize, t.Via)
	}
	return fmt.Sprintf(" tile%dd(%q, %q)", t.Rank, t.BlockSize, t.RegSize)
}

// segRegion is the printed form of a SegMap's region decision, with its
// leading space, or "" for none.
func segRegion(r *SegRegion) string {
	if r == nil {
		return ""
	}
	return fmt.Sprintf(" region(%s, %s)", r.Arr, subExps(r.From))
}

func level(l SegLevel) string {
	if l == LevelGroup {
		return "_group"
	}
	return "_thread"
}

func space(sp []SegDim) string {
	s := make([]string, len(sp))
	for i, d := range sp {
		s[i] = fmt.Sprintf("%s < %s", d.Index, subExp(d.N))
	}
	return strings.Join(s, ", ")
}

// lowering prints a Seg-op's lowering, indented under its head.
func (pr *printer) lowering(l *Lowering) {
	if l == nil {
		return
	}
	pr.indent++
	l.print(pr)
	pr.indent--
}

func (pr *printer) block(kw string, b *Body) {
	pr.line("%s {", kw)
	pr.indent++
	pr.body(b)
	pr.indent--
	pr.line("}")
}

func (pr *printer) lambda(head string, l *Lambda) {
	pr.line("%s \\(%s): %s -> {", head, params(l.Params), types(l.RetType))
	pr.indent++
	pr.body(l.Body)
	pr.indent--
	pr.line("}")
}

func simpleExp(e Exp) string {
	switch e := e.(type) {
	case *SubExpExp:
		return subExp(e.X)
	case *BinOpExp:
		return fmt.Sprintf("%s %s %s %s", e.Op, e.T, subExp(e.X), subExp(e.Y))
	case *CmpOpExp:
		return fmt.Sprintf("%s %s %s %s", e.Op, e.T, subExp(e.X), subExp(e.Y))
	case *UnOpExp:
		return fmt.Sprintf("%s %s %s", e.Op, e.T, subExp(e.X))
	case *ConvOpExp:
		return fmt.Sprintf("convert %s %s %s", e.From, e.To, subExp(e.X))
	case *IndexExp:
		return fmt.Sprintf("%s[%s]%s", e.Arr, subExps(e.Indices), inBounds(e.InBounds))
	case *IotaExp:
		return fmt.Sprintf("iota %s %s %s %s", e.T, subExp(e.N), subExp(e.Start), subExp(e.Step))
	case *ReplicateExp:
		return fmt.Sprintf("replicate (%s) %s", subExps(e.Shape), subExp(e.X))
	case *ArrayLitExp:
		return fmt.Sprintf("array %s [%s]", typ(e.RowType), subExps(e.Elems))
	case *CopyExp:
		return fmt.Sprintf("copy %s", e.Arr)
	case *ApplyExp:
		return fmt.Sprintf("apply %s (%s) : %s", e.Fun, subExps(e.Args), types(e.RetType))
	case *AssertExp:
		if len(e.Args) > 0 {
			return fmt.Sprintf("assert %s %q (%s)", subExp(e.Cond), e.Msg, subExps(e.Args))
		}
		return fmt.Sprintf("assert %s %q", subExp(e.Cond), e.Msg)
	case *SliceExp:
		return fmt.Sprintf("slice %s[%s]", e.Arr, sliceString(e.Slice))
	case *UpdateExp:
		if e.InPlace != "" {
			return fmt.Sprintf("update %s[%s] = %s inplace (%s)", e.Arr, sliceString(e.Slice), subExp(e.Value), e.InPlace)
		}
		return fmt.Sprintf("update %s[%s] = %s", e.Arr, sliceString(e.Slice), subExp(e.Value))
	case *RearrangeExp:
		perm := make([]string, len(e.Perm))
		for i, k := range e.Perm {
			perm[i] = strconv.Itoa(k)
		}
		return fmt.Sprintf("rearrange (%s) %s", strings.Join(perm, ", "), e.Arr)
	case *ReshapeExp:
		return fmt.Sprintf("reshape (%s) %s", subExps(e.Shape), e.Arr)
	case *ConcatExp:
		return fmt.Sprintf("concat %s (%s)", subExp(e.W), names(e.Arrs))
	case *CallPrimExp:
		args := make([]string, len(e.Args))
		for i, a := range e.Args {
			t := "?"
			if i < len(e.ArgTypes) {
				t = e.ArgTypes[i].String()
			}
			args[i] = t + " " + subExp(a)
		}
		return fmt.Sprintf("callprim %s (%s) : %s", e.Fn, strings.Join(args, ", "), e.T)
	case *ThresholdExp:
		return fmt.Sprintf("threshold %q %s", e.Name, subExp(e.Parallelism))
	case *GroupFitsExp:
		return fmt.Sprintf("group_fits %s %s", subExp(e.Group), subExp(e.LocalBytes))
	}
	panic(fmt.Sprintf("soac: printer: unhandled expression %T", e))
}

// sliceString prints a slice: a fixed index as its operand, a range as
// start:+n*stride.
func sliceString(sl []DimIndex) string {
	s := make([]string, len(sl))
	for i, d := range sl {
		if d.Fix != nil {
			s[i] = subExp(d.Fix)
		} else {
			s[i] = fmt.Sprintf("%s:+%s*%s", subExp(d.Start), subExp(d.N), subExp(d.Stride))
		}
	}
	return strings.Join(s, ", ")
}

func subExp(se SubExp) string {
	switch se := se.(type) {
	case Var:
		return string(se.Name)
	case Const:
		return se.Value.String()
	}
	panic(fmt.Sprintf("soac: printer: bad operand %T", se))
}

func subExps(ses []SubExp) string {
	s := make([]string, len(ses))
	for i, se := range ses {
		s[i] = subExp(se)
	}
	return strings.Join(s, ", ")
}

func names(ns []VName) string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = string(n)
	}
	return strings.Join(s, ", ")
}

func typ(t Type) string {
	var b strings.Builder
	if t.Unique {
		b.WriteString("*")
	}
	for _, d := range t.Shape {
		fmt.Fprintf(&b, "[%s]", subExp(d))
	}
	b.WriteString(t.Elem.String())
	return b.String()
}

// String returns the text form of a type.
func (t Type) String() string { return typ(t) }

func types(ts []Type) string {
	s := make([]string, len(ts))
	for i, t := range ts {
		s[i] = typ(t)
	}
	return "{" + strings.Join(s, ", ") + "}"
}

func param(p Param) string { return fmt.Sprintf("%s: %s", p.Name, typ(p.Type)) }

func params(ps []Param) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = param(p)
	}
	return strings.Join(s, ", ")
}

// FormatSubExp prints an operand as the IR's text form does.
func FormatSubExp(se SubExp) string { return subExp(se) }

// inBounds prints the prove pass's marks of an index expression: the
// positions of the indices proved in bounds, as " inbounds (0, 2)".
func inBounds(marks []bool) string {
	var ks []string
	for k, ok := range marks {
		if ok {
			ks = append(ks, strconv.Itoa(k))
		}
	}
	if len(ks) == 0 {
		return ""
	}
	return " inbounds (" + strings.Join(ks, ", ") + ")"
}
