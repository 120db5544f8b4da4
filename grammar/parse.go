package grammar

import (
	"fmt"
	"sort"
	"strings"

	"github.com/antlr4-go/antlr/v4"

	"github.com/fcclang/fcc/grammar/parser"
)

// SyntaxError is one lexical or syntax error, located at a 1-based line and
// column (the column counts characters, not bytes).
type SyntaxError struct {
	File      string
	Line, Col int
	Msg       string
}

func (e SyntaxError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Col, e.Msg)
}

// maxErrors bounds how many errors one parse reports.
const maxErrors = 50

// Parse parses a whole source file (start rule prog). It never panics and
// prints nothing: all problems are returned as SyntaxErrors. The tree is
// returned even when there are errors (ANTLR recovers), but it is only
// meaningful when the error list is empty.
func Parse(filename, src string) (parser.IProgContext, []SyntaxError) {
	var tree parser.IProgContext
	errs := run(filename, src, func(p *parser.FutharkParser) antlr.ParserRuleContext {
		tree = p.Prog()
		return tree
	})
	return tree, errs
}

// ParseExp parses a single expression (start rule expEOF).
func ParseExp(filename, src string) (parser.IExpEOFContext, []SyntaxError) {
	var tree parser.IExpEOFContext
	errs := run(filename, src, func(p *parser.FutharkParser) antlr.ParserRuleContext {
		tree = p.ExpEOF()
		return tree
	})
	return tree, errs
}

// ParseType parses a single type expression (start rule typeEOF).
func ParseType(filename, src string) (parser.ITypeEOFContext, []SyntaxError) {
	var tree parser.ITypeEOFContext
	errs := run(filename, src, func(p *parser.FutharkParser) antlr.ParserRuleContext {
		tree = p.TypeEOF()
		return tree
	})
	return tree, errs
}

// ParseDec parses a single declaration (start rule decEOF).
func ParseDec(filename, src string) (parser.IDecEOFContext, []SyntaxError) {
	var tree parser.IDecEOFContext
	errs := run(filename, src, func(p *parser.FutharkParser) antlr.ParserRuleContext {
		tree = p.DecEOF()
		return tree
	})
	return tree, errs
}

// run parses with the fast SLL prediction mode and a bail-out error
// strategy first; only when that fails does it reparse with full LL
// prediction and error recovery, which gives exact error reports.
func run(filename, src string, start func(*parser.FutharkParser) antlr.ParserRuleContext) (errs []SyntaxError) {
	defer func() {
		if r := recover(); r != nil {
			errs = append(errs, SyntaxError{File: filename, Line: 1, Col: 1,
				Msg: fmt.Sprintf("internal parser error: %v", r)})
		}
	}()

	tokens := antlr.NewCommonTokenStream(newTokenSource(src), antlr.TokenDefaultChannel)
	tokens.Fill()

	// Stage 1: SLL, bail on the first error (reported as a panic).
	if ok := trySLL(tokens, start); ok {
		return nil
	}

	// Stage 2: LL with recovery and our listener.
	tokens.Seek(0)
	p := parser.NewFutharkParser(tokens)
	p.RemoveErrorListeners()
	l := &errorListener{file: filename}
	p.AddErrorListener(l)
	p.SetErrorHandler(reportStrategy{antlr.NewDefaultErrorStrategy()})
	p.GetInterpreter().SetPredictionMode(antlr.PredictionModeLL)
	start(p)
	// SLL can reject input that full LL accepts (it resolves some conflicts
	// without the calling context); then the LL tree is the result.
	return l.errs
}

func trySLL(tokens *antlr.CommonTokenStream, start func(*parser.FutharkParser) antlr.ParserRuleContext) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
	}()
	p := parser.NewFutharkParser(tokens)
	p.RemoveErrorListeners()
	p.SetErrorHandler(bailStrategy{antlr.NewDefaultErrorStrategy()})
	p.GetInterpreter().SetPredictionMode(antlr.PredictionModeSLL)
	start(p)
	return !p.HasError()
}

// bailStrategy aborts the parse (by panicking, caught in trySLL) at the
// first error. antlr.BailErrorStrategy is not usable: in the Go runtime
// v4.13.1 its Recover only records the error, which the generated code
// then clears, so parsing goes on (and can loop forever).
type bailStrategy struct{ *antlr.DefaultErrorStrategy }

type bailOut struct{}

func (bailStrategy) ReportError(antlr.Parser, antlr.RecognitionException) { panic(bailOut{}) }
func (bailStrategy) Recover(antlr.Parser, antlr.RecognitionException)     { panic(bailOut{}) }
func (bailStrategy) RecoverInline(antlr.Parser) antlr.Token               { panic(bailOut{}) }
func (bailStrategy) Sync(antlr.Parser)                                    {}

// reportStrategy is the default recovering strategy, except that it never
// prints (the default one prints unknown exception types to stdout).
type reportStrategy struct{ *antlr.DefaultErrorStrategy }

func (s reportStrategy) ReportError(p antlr.Parser, e antlr.RecognitionException) {
	switch e.(type) {
	case *antlr.NoViableAltException, *antlr.InputMisMatchException, *antlr.FailedPredicateException:
		s.DefaultErrorStrategy.ReportError(p, e)
	default:
		if !s.InErrorRecoveryMode(p) {
			p.NotifyErrorListeners(e.GetMessage(), e.GetOffendingToken(), e)
		}
	}
}

type errorListener struct {
	*antlr.DefaultErrorListener
	file string
	errs []SyntaxError
}

func (l *errorListener) SyntaxError(recognizer antlr.Recognizer, offendingSymbol interface{}, line, column int, msg string, e antlr.RecognitionException) {
	if len(l.errs) >= maxErrors {
		return
	}
	tok, _ := offendingSymbol.(antlr.Token)
	var expected, where string
	if p, ok := recognizer.(antlr.Parser); ok {
		_, isNVA := e.(*antlr.NoViableAltException)
		cur := p.GetCurrentToken() // the decision's first token, for NoViableAlt
		if !isNVA || tok == nil || cur == nil || cur.GetTokenIndex() == tok.GetTokenIndex() {
			// For a failed prediction that got past its first token, the
			// expected set is that of the decision's start: misleading.
			expected = describeExpected(p)
		}
		if expected == "" {
			where = describeRule(p)
		}
	}
	m := humanMessage(tok, msg, expected)
	if where != "" {
		m += " in " + where
	}
	if p, ok := recognizer.(antlr.Parser); ok && tok != nil && tok.GetTokenType() == parser.FutharkParserQUESTION && inWithRefinement(p) {
		// Futhark's grammar too takes only a type term after `with t =`
		// (TypeRef), so an existential type needs parentheses there.
		m += "; an existential type after `with` is written in parentheses, as in `with t = (?[k].[k]bool)`"
	}
	l.errs = append(l.errs, SyntaxError{
		File: l.file,
		Line: line,
		Col:  column + 1,
		Msg:  m,
	})
}

// inWithRefinement reports whether the parser is in the type of a module
// type's refinement (mt with t = ...).
func inWithRefinement(p antlr.Parser) bool {
	for ctx := p.GetParserRuleContext(); ctx != nil; {
		if _, ok := ctx.(*parser.WithModTypeContext); ok {
			return true
		}
		parent, ok := ctx.GetParent().(antlr.ParserRuleContext)
		if !ok {
			return false
		}
		ctx = parent
	}
	return false
}

// describeRule names the construct being parsed, for messages that have no
// useful expected-token set.
func describeRule(p antlr.Parser) string {
	ctx := p.GetParserRuleContext()
	for ctx != nil {
		switch ctx.GetRuleIndex() {
		case parser.FutharkParserRULE_valBind:
			return "a definition"
		case parser.FutharkParserRULE_typeBind:
			return "a type abbreviation"
		case parser.FutharkParserRULE_modBind, parser.FutharkParserRULE_modExp:
			return "a module"
		case parser.FutharkParserRULE_modTypeExp, parser.FutharkParserRULE_spec:
			return "a module type"
		case parser.FutharkParserRULE_letBinding:
			return "a let binding"
		case parser.FutharkParserRULE_loopForm:
			return "a loop"
		case parser.FutharkParserRULE_pat, parser.FutharkParserRULE_innerPat:
			return "a pattern"
		case parser.FutharkParserRULE_typeExp, parser.FutharkParserRULE_typeTerm, parser.FutharkParserRULE_typeAtom:
			return "a type"
		case parser.FutharkParserRULE_dimIndex, parser.FutharkParserRULE_dimIndices:
			return "an index"
		case parser.FutharkParserRULE_exp, parser.FutharkParserRULE_exp2, parser.FutharkParserRULE_atom:
			return "an expression"
		}
		parent, ok := ctx.GetParent().(antlr.ParserRuleContext)
		if !ok {
			break
		}
		ctx = parent
	}
	return ""
}

func humanMessage(tok antlr.Token, msg, expected string) string {
	if tok == nil {
		return msg
	}
	var what string
	switch {
	case tok.GetTokenType() == antlr.TokenEOF:
		what = "unexpected end of file"
	case tok.GetTokenType() == parser.FutharkLexerERROR_CHAR && tok.GetText() == `"`:
		what = "unterminated string literal"
	case tok.GetTokenType() == parser.FutharkLexerERROR_CHAR && tok.GetText() == `'`:
		what = "invalid character literal"
	case tok.GetTokenType() == parser.FutharkLexerERROR_CHAR:
		what = fmt.Sprintf("invalid character %q", tok.GetText())
	default:
		what = fmt.Sprintf("unexpected %s", quoteTok(tok.GetText()))
	}
	if strings.HasPrefix(msg, "missing ") && expected != "" {
		return fmt.Sprintf("missing %s before %s", expected, quoteTok(tok.GetText()))
	}
	if expected != "" {
		return what + ", expected " + expected
	}
	return what
}

func quoteTok(s string) string {
	if s == "<EOF>" {
		return "end of file"
	}
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return "'" + s + "'"
}

// describeExpected summarises the tokens the parser could have accepted.
func describeExpected(p antlr.Parser) (desc string) {
	defer func() {
		if recover() != nil {
			desc = ""
		}
	}()
	set := p.GetExpectedTokens()
	if set == nil {
		return ""
	}
	has := map[int]bool{}
	for _, iv := range set.GetIntervals() {
		for t := iv.Start; t < iv.Stop; t++ {
			has[t] = true
		}
	}
	if len(has) == 0 {
		return ""
	}
	var parts []string
	switch {
	case has[parser.FutharkParserIF] && has[parser.FutharkParserINT_LIT]:
		parts = append(parts, "an expression")
	case has[parser.FutharkParserUNDERSCORE] && has[parser.FutharkParserIDENT]:
		parts = append(parts, "a pattern")
	case has[parser.FutharkParserQUESTION] || (has[parser.FutharkParserASTERISK] && has[parser.FutharkParserLBRACKET] && has[parser.FutharkParserIDENT]):
		parts = append(parts, "a type")
	case has[parser.FutharkParserDEF] && has[parser.FutharkParserMODULE]:
		parts = append(parts, "a declaration")
	default:
		var types []int
		for t := range has {
			types = append(types, t)
		}
		sort.Ints(types)
		if len(types) > 6 {
			return ""
		}
		for _, t := range types {
			parts = append(parts, tokenName(p, t))
		}
	}
	if has[antlr.TokenEOF] && len(parts) == 1 && parts[0] == "a declaration" {
		parts = append(parts, "end of file")
	}
	switch len(parts) {
	case 1:
		return parts[0]
	default:
		return strings.Join(parts[:len(parts)-1], ", ") + " or " + parts[len(parts)-1]
	}
}

func tokenName(p antlr.Parser, t int) string {
	switch t {
	case antlr.TokenEOF:
		return "end of file"
	case parser.FutharkParserIDENT:
		return "a name"
	case parser.FutharkParserINT_LIT:
		return "an integer literal"
	case parser.FutharkParserFLOAT_LIT:
		return "a float literal"
	case parser.FutharkParserSTRING_LIT:
		return "a string literal"
	case parser.FutharkParserCHAR_LIT:
		return "a character literal"
	case parser.FutharkParserCONSTRUCTOR:
		return "a constructor"
	case parser.FutharkParserINDEX_LBRACKET:
		return "'['"
	}
	if t >= 0 && t < len(p.GetLiteralNames()) && p.GetLiteralNames()[t] != "" {
		return p.GetLiteralNames()[t]
	}
	if t >= 0 && t < len(p.GetSymbolicNames()) {
		name := p.GetSymbolicNames()[t]
		if strings.HasPrefix(name, "OP_") {
			return "an operator"
		}
		return strings.ToLower(name)
	}
	return fmt.Sprintf("token %d", t)
}
