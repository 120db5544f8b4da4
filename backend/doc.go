// Package backend turns lowered Seg-op IR into OpenCL C kernels and the Go
// host code that launches them, and builds that code into an executable.
package backend
