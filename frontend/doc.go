// Package frontend turns source text into the SOAC IR: parse tree to AST,
// imports, module elimination (eliminate, giving a flatProgram), type
// checking and inference with size types and uniqueness (checkFlat,
// giving a Checked), and internalisation, which monomorphises and
// defunctionalises as it inlines (internalise, giving a soac.Program).
// DESIGN.md's frontend section lists each stage's files. It also holds
// the prelude.
package frontend
