//go:build !linux

package values

// physicalMemory is 0 (unknown) where the system cannot be asked cheaply:
// sizes are then limited only by what the Go runtime can allocate.
func physicalMemory() int64 { return 0 }
