package main

import "github.com/fcclang/fcc/frontend"

// readSourceFile reads a program file with the frontend's limits: a
// regular file of at most frontend.MaxSourceBytes bytes.
func readSourceFile(path string) (string, error) {
	return frontend.ReadSourceFile(path)
}
