package grammar

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/antlr4-go/antlr/v4"

	"github.com/fcclang/fcc/grammar/parser"
)

// shape renders the parts of a parse tree that matter for precedence tests
// as an s-expression; anything else is rendered as Label{text}.
func shape(t antlr.Tree) string {
	switch c := t.(type) {
	case *parser.ExpEOFContext:
		return shape(c.Exp())
	case *parser.PlainExpContext:
		return shape(c.Exp2())
	case *parser.BinOpExpContext:
		return fmt.Sprintf("(%s %s %s)", c.GetOp().GetText(), shape(c.Exp2(0)), shape(c.Exp2(1)))
	case *parser.BacktickExpContext:
		return fmt.Sprintf("(`%s` %s %s)", c.QualName().GetText(), shape(c.Exp2(0)), shape(c.Exp2(1)))
	case *parser.ApplyExpContext:
		atoms := c.AllAtom()
		if len(atoms) == 1 {
			return shape(atoms[0])
		}
		parts := []string{"app"}
		for _, a := range atoms {
			parts = append(parts, shape(a))
		}
		return "(" + strings.Join(parts, " ") + ")"
	case *parser.NegateExpContext:
		return "(neg " + shape(c.Exp2()) + ")"
	case *parser.NotExpContext:
		return "(not " + shape(c.Exp2()) + ")"
	case *parser.ProjectAtomContext:
		return fmt.Sprintf("(. %s %s)", shape(c.Atom()), c.FieldId().GetText())
	case *parser.IndexAtomContext:
		return fmt.Sprintf("(idx %s %s)", shape(c.Atom()), c.DimIndices().GetText())
	case *parser.VarAtomContext, *parser.LiteralAtomContext:
		return c.(antlr.ParseTree).GetText()
	case *parser.ParenAtomContext:
		return shape(c.Exp())
	case *parser.OpSectionAtomContext:
		return "(sec " + c.SectionOp().GetText() + ")"
	case *parser.RightSectionAtomContext:
		return fmt.Sprintf("(rsec %s %s)", c.SectionOp().GetText(), shape(c.Exp2()))
	case *parser.LeftSectionAtomContext:
		op := "-"
		if c.SectionOp() != nil {
			op = c.SectionOp().GetText()
		}
		return fmt.Sprintf("(lsec %s %s)", shape(c.Exp2()), op)
	case *parser.ProjectSectionAtomContext:
		return "(psec " + c.GetText() + ")"
	case *parser.IndexSectionAtomContext:
		return "(isec " + c.GetText() + ")"
	case *parser.RangeExpContext:
		// (a..b) op c is the stride form a..b op c.
		if inner, ok := c.Exp2(0).(*parser.RangeExpContext); ok && inner.GetOp().GetText() == ".." && c.GetOp().GetText() != ".." {
			return fmt.Sprintf("(range %s %s %s %s)", shape(inner.Exp2(0)), shape(inner.Exp2(1)), c.GetOp().GetText(), shape(c.Exp2(1)))
		}
		return fmt.Sprintf("(range %s %s %s)", shape(c.Exp2(0)), c.GetOp().GetText(), shape(c.Exp2(1)))
	case *parser.UpdateExpContext:
		return fmt.Sprintf("(update %s %s%s %s)", shape(c.Exp2(0)), c.DimIndices().GetText(), updateSteps(c.AllUpdateStep()), shape(c.Exp2(1)))
	case *parser.RecordUpdateExpContext:
		return fmt.Sprintf("(rupdate %s %s%s %s)", shape(c.Exp2(0)), c.FieldId().GetText(), updateSteps(c.AllUpdateStep()), shape(c.Exp2(1)))
	case *parser.AscriptExpContext:
		return fmt.Sprintf("(: %s %s)", shape(c.Exp()), c.TypeExp().GetText())
	}
	if pt, ok := t.(antlr.ParseTree); ok {
		name := strings.TrimSuffix(reflect.TypeOf(t).Elem().Name(), "Context")
		return name + "{" + pt.GetText() + "}"
	}
	return "?"
}

// updateSteps is the text of the steps of an update path after its first.
func updateSteps(steps []parser.IUpdateStepContext) string {
	var b strings.Builder
	for _, st := range steps {
		b.WriteString(st.GetText())
	}
	return b.String()
}
