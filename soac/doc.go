// Package soac defines the SOAC IR: types, statements, SOACs and Seg-ops,
// with a builder, a printer, a parser of the printed form, a validator and
// the reference interpreter.
package soac
