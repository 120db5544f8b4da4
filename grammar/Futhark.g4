// Futhark.g4 — the surface syntax of the Futhark language, for fcc.
//
// This grammar follows the Futhark Language Reference and, where the
// reference is informal ("Resolving Ambiguities"), Futhark's own parser
// (src/Language/Futhark/Parser/Parser.y and Lexer.x), which is what real
// programs are written against.
//
// Start rules: prog (a whole file), expEOF (one expression), typeEOF (one
// type expression).
//
// Two token rules are context-sensitive; the generated lexer alone does not
// apply them, grammar.Parse's token source (tokens.go) does:
//   * INDEX_LBRACKET: a '[' that immediately follows an identifier
//     character, ')' or ']' (no whitespace) is indexing; any other '[' is
//     LBRACKET. So `f[x]` indexes and `f [x]` applies f to an array literal.
//   * a float literal never starts right after a '.', so `x.0.1` is two
//     tuple projections rather than `x.` followed by the float `0.1`.
// See README.md for how operator precedence is encoded.
grammar Futhark;

// INDEX_LBRACKET has no lexer rule: grammar.Parse's token source turns an
// LBRACKET that immediately follows an identifier character, ')' or ']'
// into INDEX_LBRACKET (see tokens.go). Doing it there rather than with a
// lexer predicate keeps ANTLR's lexer DFA cacheable (10x faster lexing).
tokens { INDEX_LBRACKET }

// ===========================================================================
// Start rules
// ===========================================================================

prog    : dec* EOF ;
expEOF  : exp EOF ;
typeEOF : typeExp EOF ;
decEOF  : dec EOF ;

// ===========================================================================
// Declarations
// ===========================================================================

dec
    : attr dec                                              # AttrDec
    | LOCAL dec                                             # LocalDec
    | valBind                                               # ValDec
    | typeBind                                              # TypeDec
    | MODULE TYPE name=IDENT EQU modTypeExp                 # ModTypeDec
    | modBind                                               # ModDec
    | OPEN modExp                                           # OpenDec
    | IMPORT STRING_LIT                                     # ImportDec
    ;

// `def`/`entry` (and the deprecated top-level `let`) bind functions and
// constants, either prefix (`def f x y = ...`, `def (+) x y = ...`) or infix
// (`def (a: t) +^ (b: t) = ...`).
valBind
    : kw=(DEF | ENTRY | LET) bindingId typeParam* funParam*
          (COLON retType=typeExp)? EQU body=exp                 # NamedValBind
    | kw=(DEF | ENTRY | LET) lhs=funParam bindingBinOp rhs=funParam
          (COLON retType=typeExp)? EQU body=exp                 # InfixValBind
    ;

// `type`, `type^` (lifted) or `type~` (size-lifted) abbreviation.
typeBind
    : TYPE lift=(HAT | TILDE)? name=IDENT typeParam* EQU typeExp
    ;

typeParam
    : lbracket IDENT RBRACKET                                # SizeTypeParam
    | kind=(APOSTROPHE | APOSTROPHE_TILDE | APOSTROPHE_HAT) IDENT # TypeVarParam
    ;

// A name being defined: an identifier or a parenthesised operator.
bindingId
    : IDENT
    | LPAREN bindingBinOp RPAREN
    ;

// An operator that may be defined. `-` is allowed here (it is not in
// sectionOp because `(-x)` is negation, not a section).
bindingBinOp
    : sectionOp
    | MINUS
    ;

// A function parameter. Futhark restricts parameters to irrefutable
// patterns; the frontend checks that (literals and constructors parse here).
funParam : innerPat ;

attr : HASH_LBRACKET attrInfo RBRACKET ;

attrInfo
    : IDENT                                                  # NameAttr
    | INT_LIT                                                # IntAttr
    | IDENT LPAREN (attrInfo (COMMA attrInfo)* COMMA?)? RPAREN # CallAttr
    ;

// ---------------------------------------------------------------------------
// Modules
// ---------------------------------------------------------------------------

modBind
    : MODULE name=IDENT modParam* (COLON modTypeExp)? EQU modExp
    ;

modParam : LPAREN IDENT COLON modTypeExp RPAREN ;

modExp
    : modExp COLON modTypeExp                                # AscriptModExp
    | BACKSLASH modParam (COLON simpleModTypeExp)? ARROW modExp # LambdaModExp
    | IMPORT STRING_LIT                                      # ImportModExp
    | modExpAtom modExpAtom+                                 # ApplyModExp
    | modExpAtom                                             # AtomModExp
    ;

modExpAtom
    : LPAREN modExp RPAREN                                   # ParenModExp
    | qualName                                               # VarModExp
    | LCURLY dec* RCURLY                                     # StructModExp
    ;

simpleModTypeExp
    : qualName
    | LPAREN modTypeExp RPAREN
    ;

// Module types ("signatures") are written with braces: `{ val x: i32 }`.
modTypeExp
    : qualName                                               # VarModType
    | LCURLY spec* RCURLY                                    # SpecsModType
    | modTypeExp WITH qualName typeParam* EQU typeTerm       # WithModType
    | LPAREN modTypeExp RPAREN                               # ParenModType
    | <assoc=right> LPAREN IDENT COLON modTypeExp RPAREN ARROW modTypeExp # NamedArrowModType
    | <assoc=right> modTypeExp ARROW modTypeExp              # ArrowModType
    ;

spec
    : attr spec                                              # AttrSpec
    | VAL (bindingId | bindingBinOp) typeParam* COLON typeExp # ValSpec
    | typeBind                                               # TypeAbbrSpec
    | TYPE lift=(HAT | TILDE)? name=IDENT typeParam*          # AbstractTypeSpec
    | MODULE IDENT COLON modTypeExp                          # ModSpec
    | INCLUDE modTypeExp                                     # IncludeSpec
    ;

// ===========================================================================
// Types
// ===========================================================================

typeExp
    : LPAREN IDENT COLON typeExp RPAREN ARROW typeExp        # NamedArrowType
    | typeTerm ARROW typeExp                                 # ArrowType
    | QUESTION (lbracket IDENT RBRACKET)+ DOT typeExp        # ExistentialType
    | typeTerm                                               # TermType
    ;

typeTerm
    : ASTERISK typeTerm                                      # UniqueType
    | sumClause (PIPE sumClause)*                            # SumType
    | typeAtom typeArg*                                      # ApplyType  // no args: just the atom
    ;

typeAtom
    : LPAREN typeExp RPAREN                                  # ParenType
    | LPAREN RPAREN                                          # UnitType
    | LPAREN typeExp (COMMA typeExp)+ COMMA? RPAREN          # TupleType
    | LCURLY (fieldType (COMMA fieldType)* COMMA?)? RCURLY   # RecordType
    | sizeExp typeTerm                                       # ArrayType
    | qualName                                               # VarType
    ;

// In `vec [n] t` the `[n]` is a size argument, never the start of an array
// type (Futhark's rule); the first alternative wins the ambiguity.
typeArg
    : sizeExp                                                # SizeTypeArg
    | typeAtom                                               # TypeTypeArg
    ;

sumClause : CONSTRUCTOR typeAtom* ;

fieldType : fieldId COLON typeExp ;

// `[e]` or the anonymous size `[]`.
sizeExp : lbracket exp? RBRACKET ;

// Either kind of '[': in types and binders the space rule does not matter.
lbracket : LBRACKET | INDEX_LBRACKET ;

qualName : IDENT (DOT IDENT)* ;

fieldId : IDENT | INT_LIT ;

// ===========================================================================
// Expressions
// ===========================================================================

// `exp` adds type ascription and size coercion on top of exp2. They are kept
// out of exp2 because `e : t` may not appear as an array index (it would be
// ambiguous with slices), exactly as in Futhark's parser (Exp vs Exp2).
exp
    : exp COLON typeExp                                      # AscriptExp
    | exp COLON_GT typeExp                                   # CoerceExp
    | exp2                                                   # PlainExp
    ;

// Alternatives are listed from the tightest binding to the loosest (ANTLR
// gives earlier alternatives of a left-recursive rule higher precedence).
// Binary operators are grouped by the class of their leading characters,
// which the lexer decides (see the OP_* tokens); the table is Futhark's:
//   juxtaposition > prefix - ! > ** > * / % // %% > + - > << >>
//   > & ^ | > == != < <= > >= ! = > && > || > <| (right) > |> > with
//   > `f` > ranges > if/let/loop/match/lambda/attributes
// All binary operators are left associative except <| (and the ranges).
exp2
    : atom+                                                  # ApplyExp  // one atom: no application
    | MINUS exp2                                             # NegateExp
    | BANG exp2                                              # NotExp
    | exp2 op=OP_POW exp2                                    # BinOpExp
    | exp2 op=(OP_MUL | ASTERISK) exp2                       # BinOpExp
    | exp2 op=(OP_ADD | MINUS) exp2                          # BinOpExp
    | exp2 op=OP_SHIFT exp2                                  # BinOpExp
    | exp2 op=(OP_BITWISE | HAT | PIPE) exp2                 # BinOpExp
    | exp2 op=(OP_CMP | LTH) exp2                            # BinOpExp
    | exp2 op=OP_AND exp2                                    # BinOpExp
    | exp2 op=OP_OR exp2                                     # BinOpExp
    | <assoc=right> exp2 op=OP_PIPE_LEFT exp2                # BinOpExp
    | exp2 op=OP_PIPE_RIGHT exp2                             # BinOpExp
    // The path after `with` starts with an index or a field and may go on
    // with more of either (`r with xs[i].y = v`, `a with [i].f = v`).
    | exp2 WITH lbracket dimIndices RBRACKET updateStep* EQU exp2 # UpdateExp
    | exp2 WITH fieldId updateStep* EQU exp2                 # RecordUpdateExp
    | exp2 BACKTICK qualName BACKTICK exp2                   # BacktickExp
    // Ranges a..b, a..<b, a..>b, and with a second element giving the
    // stride, a..b...c, a..b..<c, a..b..>c. The stride form parses as
    // (a..b) op c and the AST builder joins the two: a middle operand in a
    // left-recursive alternative would be parsed at the lowest precedence
    // and swallow the rest of the range.
    | exp2 op=(DOTDOT | DOTDOT_LT | DOTDOT_GT | DOTDOTDOT) exp2          # RangeExp
    // The bodies of the following extend as far to the right as possible.
    | IF exp THEN exp ELSE exp                               # IfExp
    | letBinding                                             # LetExp
    | LOOP pat (EQU init=exp)? loopForm DO body=exp          # LoopExp
    | MATCH exp caseClause+                                  # MatchExp
    | BACKSLASH funParam+ (COLON typeTerm)? ARROW exp        # LambdaExp
    | ASSERT atom atom                                       # AssertExp
    | attr exp                                               # AttrExp
    ;

// `let` forms. The body is `in e`, or directly another `let` (Futhark lets
// chained lets omit `in`).
letBinding
    : LET (lbracket IDENT RBRACKET)* pat EQU exp letBody     # LetPat
    | LET IDENT localFunTypeParams funParam+ (COLON typeExp)? EQU exp letBody # LetFun
    | LET IDENT updateStep+ EQU exp letBody                  # LetWith
    ;

// A step of an update path (`let a[i].x = v`, `r with x[i].y = v`): a
// field or an index written directly after the previous step.
updateStep
    : DOT fieldId                                            # FieldStep
    | INDEX_LBRACKET dimIndices RBRACKET                     # IndexStep
    ;

// Size parameters of a local function must be written `f [n]` (with a
// space): `let a[i] = v` (and `let r.x[i] = v`) is the in-place update sugar.
localFunTypeParams
    : (LBRACKET IDENT RBRACKET typeParam*)?
    | typeParam*
    ;

letBody
    : IN exp                                                 # InLetBody
    | letBinding                                             # ChainLetBody
    ;

loopForm
    : FOR IDENT LTH exp                                      # ForUpToLoop
    | FOR pat IN exp                                         # ForInLoop
    | WHILE exp                                              # WhileLoop
    ;

caseClause : CASE pat ARROW exp ;

// Atoms: the operands of application. Postfix projection and indexing bind
// tightest of all.
atom
    : atom DOT fieldId                                       # ProjectAtom  // r.x, t.0 and qualified names M.x
    | atom DOT LPAREN exp RPAREN                             # OpenAtom     // M.(e)
    | atom INDEX_LBRACKET dimIndices RBRACKET                # IndexAtom
    | literal                                                # LiteralAtom
    | HOLE                                                   # HoleAtom
    | IDENT                                                  # VarAtom
    | CONSTRUCTOR                                            # ConstrAtom   // payload given by application
    | LPAREN RPAREN                                          # UnitAtom
    | LPAREN exp RPAREN                                      # ParenAtom
    | LPAREN exp (COMMA exp)+ COMMA? RPAREN                  # TupleAtom
    | LBRACKET (exp (COMMA exp)* COMMA?)? RBRACKET           # ArrayAtom
    | LCURLY (field (COMMA field)* COMMA?)? RCURLY           # RecordAtom
    | LPAREN MINUS RPAREN                                    # MinusSectionAtom // (-)
    | LPAREN sectionOp RPAREN                                # OpSectionAtom    // (+)
    | LPAREN exp2 (sectionOp | MINUS) RPAREN                 # LeftSectionAtom  // (x+)
    | LPAREN sectionOp exp2 RPAREN                           # RightSectionAtom // (+x)
    | LPAREN DOT fieldId (DOT fieldId)* RPAREN               # ProjectSectionAtom // (.x.y)
    | LPAREN DOT LBRACKET dimIndices RBRACKET RPAREN         # IndexSectionAtom   // (.[i])
    ;

literal
    : INT_LIT
    | FLOAT_LIT
    | CHAR_LIT
    | STRING_LIT
    | TRUE
    | FALSE
    ;

field
    : fieldId EQU exp                                        # ExplicitField
    | IDENT                                                  # ImplicitField
    ;

// Every infix operator usable in a section or binding; `-` is excluded
// because `(-x)` is negation.
sectionOp
    : OP_POW | OP_MUL | ASTERISK | OP_ADD | OP_SHIFT | OP_BITWISE | HAT | PIPE
    | OP_CMP | LTH | OP_AND | OP_OR | OP_PIPE_LEFT | OP_PIPE_RIGHT
    | BACKTICK qualName BACKTICK
    ;

dimIndices : (dimIndex (COMMA dimIndex)* COMMA?)? ;

// i, i:j, i:j:s, :j, :, ::s, ... A DimIndex without COLON is a plain index.
dimIndex
    : lo=exp2 (COLON hi=exp2? (COLON stride=exp2?)?)?
    | COLON hi=exp2? (COLON stride=exp2?)?
    ;

// ===========================================================================
// Patterns
// ===========================================================================

pat
    : attr pat                                               # AttrPat
    | CONSTRUCTOR innerPat+                                  # ConstrPat
    | innerPat (COLON typeExp)?                              # SimplePat  // optionally ascribed
    ;

innerPat
    : IDENT                                                  # IdPat
    | LPAREN bindingBinOp RPAREN                             # OpIdPat
    | UNDERSCORE                                             # WildcardPat
    | LPAREN RPAREN                                          # UnitPat
    | LPAREN pat RPAREN                                      # ParenPat
    | LPAREN pat (COMMA pat)+ COMMA? RPAREN                  # TuplePat
    | LCURLY (fieldPat (COMMA fieldPat)* COMMA?)? RCURLY     # RecordPat
    | MINUS? (INT_LIT | FLOAT_LIT)                           # NumLiteralPat
    | (CHAR_LIT | TRUE | FALSE)                              # OtherLiteralPat
    | CONSTRUCTOR                                            # NullaryConstrPat
    ;

// `{x}`, `{x = p}`, `{x: t}`.
fieldPat : fieldId (EQU pat | COLON typeExp)? ;

// ===========================================================================
// Lexer
// ===========================================================================

// Comments, including `-- |` documentation comments, go to the hidden
// channel so tools can still find them.
COMMENT : '--' ~[\n]* -> channel(HIDDEN) ;
WS      : [ \t\r\n\f\u000B]+ -> skip ;

// Keywords (reserved names of the reference).
TRUE    : 'true' ;
FALSE   : 'false' ;
IF      : 'if' ;
THEN    : 'then' ;
ELSE    : 'else' ;
DEF     : 'def' ;
LET     : 'let' ;
LOOP    : 'loop' ;
IN      : 'in' ;
VAL     : 'val' ;
FOR     : 'for' ;
DO      : 'do' ;
WITH    : 'with' ;
LOCAL   : 'local' ;
OPEN    : 'open' ;
INCLUDE : 'include' ;
IMPORT  : 'import' ;
TYPE    : 'type' ;
ENTRY   : 'entry' ;
MODULE  : 'module' ;
WHILE   : 'while' ;
ASSERT  : 'assert' ;
MATCH   : 'match' ;
CASE    : 'case' ;

// Numbers. A float literal right after a '.' (as in `x.0.1`) is split
// back into integers and dots by grammar.Parse's token source (tokens.go),
// as Futhark's lexer never starts a float after a '.'.
FLOAT_LIT
    : ( DEC_F ('.' DEC_F)? EXPONENT? FLOAT_SUFFIX
      | DEC_F '.' DEC_F EXPONENT?
      | DEC_F EXPONENT
      | HEX_FLOAT FLOAT_SUFFIX?
      )
    ;
INT_LIT
    : ( DEC_F | '0' [xX] HEX_DIGIT [0-9a-fA-F_]* | '0' [bB] [01] [01_]* | '0' [rR] [IVXLCDM] [IVXLCDM_]* )
      INT_SUFFIX?
    ;
CHAR_LIT   : '\'' ( ~['\\\r\n] | ESCAPE ) '\'' ;
STRING_LIT : '"' ( ~["\\\r\n] | ESCAPE )* '"' ;

// Punctuation that must not be swallowed by the operator classes below
// (for an equally long match ANTLR picks the rule listed first).
HASH_LBRACKET    : '#[' ;
CONSTRUCTOR      : '#' IDENT_F ;
LPAREN           : '(' ;
RPAREN           : ')' ;
LBRACKET         : '[' ;
RBRACKET         : ']' ;
LCURLY           : '{' ;
RCURLY           : '}' ;
COMMA            : ',' ;
UNDERSCORE       : '_' ;
HOLE             : '???' ;
QUESTION         : '?' ;
ARROW            : '->' ;
COLON_GT         : ':>' ;
COLON            : ':' ;
BACKSLASH        : '\\' ;
APOSTROPHE_TILDE : '\'~' ;
APOSTROPHE_HAT   : '\'^' ;
APOSTROPHE       : '\'' ;
TILDE            : '~' ;
BACKTICK         : '`' ;
DOTDOT_LT        : '..<' ;
DOTDOT_GT        : '..>' ;
DOTDOTDOT        : '...' ;
DOTDOT           : '..' ;
DOT              : '.' ;
EQU              : '=' ;
BANG             : '!' ;
MINUS            : '-' ;
ASTERISK         : '*' ;
LTH              : '<' ;
HAT              : '^' ;
PIPE             : '|' ;

// Operator symbols: a character of +-*/%=!><|&^ followed by any of those or
// '.', optionally qualified (`M.+`). The token type is the operator's
// precedence class, decided by its longest built-in prefix (so `>>=` is a
// shift, `+^` an addition, `<-<` a comparison). Every class rule matches
// the same maximal run of operator characters, so the first listed rule
// whose prefix fits wins: longer prefixes are listed first.
OP_PIPE_RIGHT : QUALS? '|>' OPCHAR* ;
OP_PIPE_LEFT  : QUALS? '<|' OPCHAR* ;
OP_OR         : QUALS? '||' OPCHAR* ;
OP_AND        : QUALS? '&&' OPCHAR* ;
OP_POW        : QUALS? '**' OPCHAR* ;
OP_SHIFT      : QUALS? ('<<' | '>>') OPCHAR* ;
OP_CMP        : QUALS? ('==' | '!=' | '<=' | '>=' | [<>=!]) OPCHAR* ;
OP_BITWISE    : QUALS? [&^|] OPCHAR* ;
OP_ADD        : QUALS? [+\-] OPCHAR* ;
OP_MUL        : QUALS? [*/%] OPCHAR* ;

IDENT : IDENT_F ;

// Anything else is a one-character error token, so the lexer never fails
// and the parser reports the problem with a position.
ERROR_CHAR : . ;

fragment IDENT_F      : [a-zA-Z] [a-zA-Z0-9_']* | '_' [a-zA-Z0-9] [a-zA-Z0-9_']* ;
fragment QUALS        : (IDENT_F '.')+ ;
fragment OPCHAR       : [+\-*/%=!><|&^.] ;
fragment DEC_F        : [0-9] [0-9_]* ;
fragment HEX_DIGIT    : [0-9a-fA-F] ;
fragment EXPONENT     : [eE] [+\-]? [0-9]+ ;
fragment HEX_FLOAT    : '0' [xX] HEX_DIGIT [0-9a-fA-F_]* '.' HEX_DIGIT [0-9a-fA-F_]* [pP] [+\-]? [0-9_]+ ;
fragment INT_SUFFIX   : [iu] ('8' | '16' | '32' | '64') ;
fragment FLOAT_SUFFIX : 'f' ('16' | '32' | '64') ;
fragment ESCAPE       : '\\' ( ~[\r\n0-9] | [0-9]+ ) ;
