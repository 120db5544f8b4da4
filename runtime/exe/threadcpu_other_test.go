//go:build !linux

package exe

import "time"

// threadCPU is unknown here: the benchmarks report no CPU time.
func threadCPU() time.Duration { return 0 }
