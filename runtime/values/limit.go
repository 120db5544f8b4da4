package values

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// MemoryLimitEnv names the environment variable that overrides
// MemoryLimit: a number of bytes, optionally with a suffix K, M, G or T
// (powers of 1024).
const MemoryLimitEnv = "FCC_MEMORY_LIMIT"

// MemoryLimit is the most bytes that one value read or generated from
// untrusted input may take: $FCC_MEMORY_LIMIT when set, otherwise the
// machine's physical memory (0 when it cannot be told, meaning no limit).
// Checking a declared size against it turns an allocation that cannot
// succeed into an error that names it, instead of the Go runtime's fatal
// out-of-memory error.
func MemoryLimit() (int64, error) {
	if s := os.Getenv(MemoryLimitEnv); s != "" {
		n, err := ParseByteSize(s)
		if err != nil {
			return 0, fmt.Errorf("$%s: %w", MemoryLimitEnv, err)
		}
		return n, nil
	}
	return physicalMemory(), nil
}

// ParseByteSize parses a number of bytes written as digits with an
// optional suffix K, M, G or T (powers of 1024, "iB" or "B" after it
// allowed).
func ParseByteSize(s string) (int64, error) {
	t := strings.TrimSuffix(strings.TrimSuffix(strings.TrimSpace(s), "B"), "i")
	shift := 0
	if t != "" {
		switch t[len(t)-1] {
		case 'K', 'k':
			shift = 10
		case 'M', 'm':
			shift = 20
		case 'G', 'g':
			shift = 30
		case 'T', 't':
			shift = 40
		}
		if shift > 0 {
			t = t[:len(t)-1]
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n < 0 || n > (1<<62)>>shift {
		return 0, fmt.Errorf("invalid byte size %q (want a number of bytes, optionally with K, M, G or T)", s)
	}
	return n << shift, nil
}

// CheckAlloc returns an error when bytes exceed limit (0: no limit): the
// allocation of what (for example "a [1000000000000]f32 value") could
// not succeed.
func CheckAlloc(bytes, limit int64, what string) error {
	if limit > 0 && bytes > limit {
		return fmt.Errorf("cannot allocate %d bytes for %s: more than the memory limit of %d bytes (physical memory, or $%s)", bytes, what, limit, MemoryLimitEnv)
	}
	return nil
}
