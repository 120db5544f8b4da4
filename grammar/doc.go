// Package grammar owns the ANTLR grammar of the source language (Futhark.g4)
// and the parser generated from it into grammar/parser. The generated code is
// committed; go generate ./grammar/... regenerates it with the pinned antlr-ng.
package grammar
