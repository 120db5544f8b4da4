package grammar

import (
	"github.com/antlr4-go/antlr/v4"

	"github.com/fcclang/fcc/grammar/parser"
)

// tokenSource wraps the generated lexer and applies the two
// context-sensitive token rules of Futhark's lexer, which would otherwise
// need lexer predicates (and those make ANTLR's lexer DFA uncacheable):
//
//   - a '[' immediately after an identifier character, ')' or ']' is
//     INDEX_LBRACKET (indexing), any other '[' stays LBRACKET;
//   - a float literal never starts right after a '.', so a FLOAT_LIT that
//     does is split into integers, dots and names (`x.0.1` is x . 0 . 1).
type tokenSource struct {
	*parser.FutharkLexer
	src     []rune
	pending []antlr.Token
}

func newTokenSource(src string) *tokenSource {
	runes := []rune(src)
	lexer := parser.NewFutharkLexer(antlr.NewInputStream(src))
	lexer.RemoveErrorListeners()
	return &tokenSource{FutharkLexer: lexer, src: runes}
}

func isIndexPrefix(c rune) bool {
	return c == '_' || c == '\'' || c == ')' || c == ']' ||
		(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

func (s *tokenSource) NextToken() antlr.Token {
	if len(s.pending) > 0 {
		t := s.pending[0]
		s.pending = s.pending[1:]
		return t
	}
	t := s.FutharkLexer.NextToken()
	start := t.GetStart()
	if start <= 0 || start > len(s.src) {
		return t
	}
	prev := s.src[start-1]
	switch t.GetTokenType() {
	case parser.FutharkLexerLBRACKET:
		if isIndexPrefix(prev) {
			return s.make(t, parser.FutharkParserINDEX_LBRACKET, start, t.GetStop())
		}
	case parser.FutharkLexerFLOAT_LIT:
		if prev == '.' {
			return s.split(t)
		}
	}
	return t
}

// make creates a token of type typ covering src[start..stop] on t's line.
func (s *tokenSource) make(t antlr.Token, typ, start, stop int) antlr.Token {
	col := t.GetColumn() + start - t.GetStart()
	return s.GetTokenFactory().Create(t.GetSource(), typ, string(s.src[start:stop+1]),
		t.GetChannel(), start, stop, t.GetLine(), col)
}

// split re-tokenises a float literal's text the way Futhark's lexer does
// after a '.': digit runs are integers, '.' is a dot, letter runs are names.
func (s *tokenSource) split(t antlr.Token) antlr.Token {
	var out []antlr.Token
	i, stop := t.GetStart(), t.GetStop()
	for i <= stop {
		c := s.src[i]
		j := i + 1
		typ := parser.FutharkLexerERROR_CHAR
		switch {
		case c >= '0' && c <= '9':
			for j <= stop && (s.src[j] >= '0' && s.src[j] <= '9' || s.src[j] == '_') {
				j++
			}
			typ = parser.FutharkLexerINT_LIT
		case c == '.':
			typ = parser.FutharkLexerDOT
		case c == '-':
			typ = parser.FutharkLexerMINUS
		case c == '+':
			typ = parser.FutharkLexerOP_ADD
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			for j <= stop && (isIndexPrefix(s.src[j]) && s.src[j] != ')' && s.src[j] != ']') {
				j++
			}
			typ = parser.FutharkLexerIDENT
		}
		out = append(out, s.make(t, typ, i, j-1))
		i = j
	}
	s.pending = append(s.pending, out[1:]...)
	return out[0]
}
