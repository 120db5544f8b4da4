package soac

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
)

// The interpreter allocates its arrays in Go, where an allocation beyond
// what the machine can map is a fatal error, not a panic: fcc run would
// die with a runtime stack trace. Arrays made from scalar sizes
// (replicate, iota) and the results of maps and scans are therefore
// checked against the machine's memory first and refused with a run-time
// error, as the executables refuse allocations beyond the device's memory.

var (
	memOnce  sync.Once
	memTotal int64 // bytes of physical memory; 0 when unknown
)

// physicalMemory returns the machine's memory in bytes (MemTotal of
// /proc/meminfo), or 0 when it cannot tell.
func physicalMemory() int64 {
	memOnce.Do(func() {
		f, err := os.Open("/proc/meminfo")
		if err != nil {
			return
		}
		defer f.Close()
		s := bufio.NewScanner(f)
		for s.Scan() {
			fields := strings.Fields(s.Text())
			if len(fields) >= 2 && fields[0] == "MemTotal:" {
				if kb, err := strconv.ParseInt(fields[1], 10, 64); err == nil && kb > 0 && kb < math.MaxInt64/1024 {
					memTotal = kb * 1024
				}
				return
			}
		}
	})
	return memTotal
}

// checkAlloc returns a run-time error at pos when an array of elem with
// the given shape needs more bytes than the machine has.
func checkAlloc(pos Pos, what string, elem PrimType, shape []int64) error {
	if err := allocError(elem, shape); err != nil {
		return rtErr(pos, "%s: %v", what, err)
	}
	return nil
}

// allocError is checkAlloc's error without a position.
func allocError(elem PrimType, shape []int64) error {
	for _, d := range shape {
		if d == 0 {
			// No elements, whatever the other dimensions: nothing to
			// allocate.
			return nil
		}
	}
	total := physicalMemory()
	n := int64(elem.Size())
	overflow := false
	for _, d := range shape {
		if d > 0 && n > math.MaxInt64/d {
			overflow = true
			break
		}
		n *= d
	}
	if !overflow && (total == 0 || n <= total) {
		return nil
	}
	bytes := strconv.FormatInt(n, 10)
	if overflow {
		bytes = "more than " + strconv.FormatInt(math.MaxInt64, 10)
	}
	has := ""
	if total > 0 {
		has = fmt.Sprintf(" (the machine has %d bytes)", total)
	}
	return fmt.Errorf("out of memory: allocating %s bytes for an array of type %s%s%s", bytes, shapeString(shape), elem, has)
}
