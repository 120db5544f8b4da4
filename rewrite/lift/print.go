package lift

import (
	"fmt"
	"strings"
)

// Print writes an expression in Lift's notation:
//
//	reduce(+, 0) ∘ join ∘ map(reduce-seq(λ(acc, x). acc + abs(x), 0)) ∘ split(n)
//
// Low-level maps print their OpenCL dimension only when it is not 0
// (map-local[1](f)). Binary user functions with a symbol print infix inside
// lambda bodies and as the bare symbol when passed as an operator.
func Print(e Expr) string {
	var b strings.Builder
	printExpr(&b, e, false)
	return b.String()
}

func printExpr(b *strings.Builder, e Expr, infixArg bool) {
	switch e := e.(type) {
	case *Compose:
		for i, f := range e.Fs {
			if i > 0 {
				b.WriteString(" ∘ ")
			}
			printExpr(b, f, false)
		}
	case *Map:
		b.WriteString(e.Kind.String())
		if e.Kind.parallel() && e.Dim != 0 {
			fmt.Fprintf(b, "[%d]", e.Dim)
		}
		b.WriteString("(")
		printExpr(b, e.F, false)
		b.WriteString(")")
	case *Reduce:
		switch {
		case e.Seq:
			b.WriteString("reduce-seq(")
		case e.Local:
			b.WriteString("reduce-local(")
		default:
			b.WriteString("reduce(")
		}
		printExpr(b, e.Op, false)
		fmt.Fprintf(b, ", %s)", FormatValue(e.Init))
	case *Scan:
		printFold(b, map[bool]string{false: "scan", true: "scan-seq"}[e.Seq], e.Op, e.Init)
		b.WriteString(")")
	case *Propagate:
		printFold(b, []string{"propagate", "propagate-local", "propagate-lookback", "propagate-global"}[e.Level], e.Op, e.Init)
		b.WriteString(")")
	case *Hist:
		printFold(b, []string{"hist", "hist-global", "hist-local"}[e.Level], e.Op, e.Init)
		fmt.Fprintf(b, ", %s)", e.Bins)
	case *Merge:
		printFold(b, map[bool]string{false: "merge", true: "merge-global"}[e.Global], e.Op, e.Init)
		b.WriteString(")")
	case *PartRed:
		b.WriteString("part-red(")
		printExpr(b, e.Op, false)
		fmt.Fprintf(b, ", %s, %s)", FormatValue(e.Init), e.Factor)
	case *Split:
		fmt.Fprintf(b, "split(%s)", e.N)
	case *Join:
		b.WriteString("join")
	case *Reorder:
		b.WriteString("reorder")
	case *ReorderStride:
		fmt.Fprintf(b, "reorder-stride(%s)", e.S)
	case *Iterate:
		fmt.Fprintf(b, "iterate(%d, ", e.N)
		printExpr(b, e.F, false)
		b.WriteString(")")
	case *Zip:
		b.WriteString("zip")
	case *Get:
		fmt.Fprintf(b, "get(%d)", e.I)
	case *Id:
		b.WriteString("id")
	case *To:
		fmt.Fprintf(b, "to-%s(", e.Space)
		printExpr(b, e.F, false)
		b.WriteString(")")
	case *AsVector:
		fmt.Fprintf(b, "as-vector(%d)", e.N)
	case *AsScalar:
		b.WriteString("as-scalar")
	case *UserFun:
		if info, _ := funOf(e); info.sym != "" {
			b.WriteString(info.sym)
		} else {
			b.WriteString(e.Name)
		}
	case *Param:
		b.WriteString(e.Name)
	case *Lit:
		b.WriteString(FormatValue(e.V))
	case *Lambda:
		if infixArg {
			b.WriteString("(")
		}
		b.WriteString("λ(")
		for i, p := range e.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(p.Name)
		}
		b.WriteString("). ")
		printExpr(b, e.Body, false)
		if infixArg {
			b.WriteString(")")
		}
	case *Apply:
		if u, ok := e.F.(*UserFun); ok && symOf(u) != "" && len(e.Args) == 2 {
			if infixArg {
				b.WriteString("(")
			}
			printExpr(b, e.Args[0], true)
			fmt.Fprintf(b, " %s ", symOf(u))
			printExpr(b, e.Args[1], true)
			if infixArg {
				b.WriteString(")")
			}
			return
		}
		switch e.F.(type) {
		case *Compose, *Lambda:
			b.WriteString("(")
			printExpr(b, e.F, false)
			b.WriteString(")")
		default:
			printExpr(b, e.F, false)
		}
		b.WriteString("(")
		for i, a := range e.Args {
			if i > 0 {
				b.WriteString(", ")
			}
			printExpr(b, a, false)
		}
		b.WriteString(")")
	default:
		fmt.Fprintf(b, "<%T>", e)
	}
}

// symOf is u's infix symbol, or "".
func symOf(u *UserFun) string {
	info, _ := funOf(u)
	return info.sym
}

// printFold prints name(op, init without the closing parenthesis.
func printFold(b *strings.Builder, name string, op Expr, init Value) {
	b.WriteString(name + "(")
	printExpr(b, op, false)
	fmt.Fprintf(b, ", %s", FormatValue(init))
}
