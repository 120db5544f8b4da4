package pipeline

import (
	"fmt"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The four shapes of program whose compile time once exploded (issue 20,
// item 7). Each generator takes the size that grows.

// callTree: f_i x = f_{i-1} (f_{i-1} x) over levels levels, 2^levels calls
// of f_0 when everything is inlined.
func callTree(levels int) string {
	var b strings.Builder
	b.WriteString("def f0 (x: i32) : i32 = x * 3 + 1\n")
	for i := 1; i <= levels; i++ {
		fmt.Fprintf(&b, "def f%d (x: i32) : i32 = f%d (f%d x)\n", i, i-1, i-1)
	}
	fmt.Fprintf(&b, "entry main (x: i32) : i32 = f%d x\n", levels)
	return b.String()
}

// nestedPairs: d (d (... x)), whose type has 2^n components.
func nestedPairs(n int) string {
	return "def d 't (x: t) : (t, t) = (x, x)\n" +
		"entry main (x: i32) = " + strings.Repeat("d (", n) + "x" + strings.Repeat(")", n) + "\n"
}

// longLiteral: one array literal of n elements.
func longLiteral(n int) string {
	var b strings.Builder
	b.WriteString("entry main (i: i64) : i32 = let a = [")
	for j := 0; j < n; j++ {
		if j > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%d", j%100)
	}
	b.WriteString("] in a[i]\n")
	return b.String()
}

// letChain: n lets, each using the one before.
func letChain(n int) string {
	var b strings.Builder
	b.WriteString("entry main (x: i32) : i32 =\n  let v0 = x + 1\n")
	for i := 1; i < n; i++ {
		fmt.Fprintf(&b, "  let v%d = v%d + %d\n", i, i-1, i%7+1)
	}
	fmt.Fprintf(&b, "  in v%d\n", n-1)
	return b.String()
}

// benchCompile times Compile on src, reporting also the CPU time the
// process used (GC included), which a loaded machine disturbs less than
// the wall-clock time.
func benchCompile(b *testing.B, src string) {
	before := cpuTime()
	for b.Loop() {
		if _, err := Compile("gen.fut", src, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric((cpuTime()-before).Seconds()/float64(b.N), "cpu-s/op")
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Compile time by size, to show linear growth:
//
//	go test ./pipeline -run '^$' -bench 'Pathological' -benchtime 1x
func BenchmarkPathologicalCallTree(b *testing.B) {
	for _, n := range []int{10, 12, 14, 16, 20} {
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchCompile(b, callTree(n)) })
	}
}

// BenchmarkPathologicalNestedPairs: up to 2^16 components the program
// compiles; past the bound it is a compile error, found in time bounded
// by the bound.
func BenchmarkPathologicalNestedPairs(b *testing.B) {
	for _, n := range []int{12, 14, 16, 17, 24} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			before := cpuTime()
			for b.Loop() {
				_, err := Compile("gen.fut", nestedPairs(n), nil)
				if (err != nil) != (n > 16) {
					b.Fatalf("levels %d: error %v", n, err)
				}
			}
			b.ReportMetric((cpuTime()-before).Seconds()/float64(b.N), "cpu-s/op")
		})
	}
}

func BenchmarkPathologicalLiteral(b *testing.B) {
	for _, n := range []int{1000, 10000, 30000, 100000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchCompile(b, longLiteral(n)) })
	}
}

func BenchmarkPathologicalLetChain(b *testing.B) {
	for _, n := range []int{1000, 2000, 5000, 10000, 20000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) { benchCompile(b, letChain(n)) })
	}
}
