package exe

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time the calling OS thread has used: benchmarks
// of the host path report it beside the wall time, which on a shared
// machine (and with PoCL's worker threads running the kernels on the same
// cores) measures the load more than fcc.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1 // RUSAGE_THREAD
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
