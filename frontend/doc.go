// Package frontend turns source text into the SOAC IR: parse tree to AST,
// name resolution, type checking and inference, size types,
// monomorphisation, defunctionalisation and internalisation. It also holds
// the prelude.
package frontend
