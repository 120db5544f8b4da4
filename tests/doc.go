// Package tests holds the end-to-end tests: golden IR files, test programs
// with Futhark test blocks, and benchmark programs.
package tests
