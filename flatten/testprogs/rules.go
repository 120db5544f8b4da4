package testprogs

import (
	"embed"
	"fmt"
	"math/rand"

	"github.com/fcclang/fcc/runtime/values"
	"github.com/fcclang/fcc/soac"
)

// The programs of Rules are written in the IR's text form (ir/*.ir),
// which is shorter to read and write than Go builders for programs with
// several levels of nesting.
//
//go:embed ir/*.ir
var irFiles embed.FS

// parse reads ir/NAME.ir; the files are part of the package, so a failure
// is a broken invariant.
func parse(name string) *soac.Program {
	text, err := irFiles.ReadFile("ir/" + name + ".ir")
	if err != nil {
		panic(err)
	}
	p, err := soac.ParseProgram(string(text))
	if err != nil {
		panic(fmt.Sprintf("testprogs: %s.ir: %v", name, err))
	}
	return p
}

// Rules returns the programs that exercise the flattening rules one by
// one (see each file in ir/ and the checks in flatten's tests).
func Rules() []Case {
	small := func(r *rand.Rand) int64 { return r.Int63n(9) }
	return []Case{
		// The worked example of the seed (its two program figures): G2,
		// G4, G7, irregular scan and reduce sequentialised, segred.
		{Name: "seed_example", Prog: parse("seed_example"), Input: func(r *rand.Rand) []values.Value {
			m := small(r)
			return []values.Value{values.Scalar(r.Int63n(4)), randI64(r, 0, 6, m, m)}
		}},
		// Top-level scan, scanomap with a reduction: segscan, segred.
		{Name: "scan_top", Prog: parse("scan_top"), Input: func(r *rand.Rand) []values.Value {
			return []values.Value{randI64(r, -1000, 1000, r.Int63n(300))}
		}},
		// Top-level hist and scatter, with out-of-range indices.
		{Name: "hist_top", Prog: parse("hist_top"), Input: func(r *rand.Rand) []values.Value {
			k, n := r.Int63n(20), r.Int63n(200)
			return []values.Value{values.Scalar(k), randI64(r, -2, k+2, n), randI32(r, -100, 100, n)}
		}},
		// A scan inside a map: segmented segscan, multi-versioned.
		{Name: "seg_scan", Prog: parse("seg_scan"), Input: func(r *rand.Rand) []values.Value {
			return []values.Value{randI64(r, -100, 100, small(r)*3, small(r)*3)}
		}},
		// G5 at the top level (after splitting a redomap) and in a nest.
		{Name: "g5_vectorised", Prog: parse("g5_vectorised"), Input: func(r *rand.Rand) []values.Value {
			n, k, p := small(r)*3, small(r), small(r)
			return []values.Value{randI32(r, -1000, 1000, n, k), randI32(r, -1000, 1000, p, n, k)}
		}},
		// G6: a transposition inside a map, then segmented reductions.
		{Name: "g6_rearrange", Prog: parse("g6_rearrange"), Input: func(r *rand.Rand) []values.Value {
			return []values.Value{randI64(r, -1000, 1000, small(r), small(r), small(r))}
		}},
		// G7: a loop with an inner map, and a loop-variant scalar.
		{Name: "g7_loop", Prog: parse("g7_loop"), Input: func(r *rand.Rand) []values.Value {
			return []values.Value{values.Scalar(r.Int63n(5)), randI64(r, -1000, 1000, small(r)*2, small(r)*2)}
		}},
		// G4: a reduction, scalar code (floated together) and a map.
		{Name: "g4_distribute", Prog: parse("g4_distribute"), Input: func(r *rand.Rand) []values.Value {
			return []values.Value{randI64(r, -1000, 1000, small(r)*3, small(r)*3)}
		}},
		// Parallelism inside an if branch stays sequential.
		{Name: "if_seq", Prog: parse("if_seq"), Input: func(r *rand.Rand) []values.Value {
			return []values.Value{randI64(r, -10, 10, small(r)*5), randI64(r, -10, 10, small(r)*5)}
		}},
		// A loop of kernels each walking along a row of an invariant
		// and of a loop-variant matrix: coalescing, hoisted for the
		// invariant one.
		{Name: "coalesce_loop", Prog: parse("coalesce_loop"), Input: func(r *rand.Rand) []values.Value {
			m, n := small(r)*3, small(r)+r.Int63n(2)
			return []values.Value{values.Scalar(r.Int63n(4)), randI32(r, -100, 100, m, n), randI32(r, -100, 100, m, n)}
		}},
		// A top-level hist of rows with a vectorised operator: a scalar
		// hist over the flat elements.
		{Name: "hist_vec", Prog: parse("hist_vec"), Input: func(r *rand.Rand) []values.Value {
			k, n, d := r.Int63n(6), r.Int63n(40), small(r)
			return []values.Value{values.Scalar(k), randI64(r, -2, k+2, n), randI32(r, -100, 100, n, d)}
		}},
		// Index-space producers (iotas with a start and a step, of i64
		// and i32, a replicate) in map nests, and cheap scalar code
		// between the maps: all recomputed in the inner kernel.
		{Name: "iota_nest", Prog: parse("iota_nest"), Input: func(r *rand.Rand) []values.Value {
			return []values.Value{values.Scalar(small(r)), values.Scalar(small(r)), values.Scalar(int32(r.Intn(200) - 100))}
		}},
		// A hist inside a map: a segmented seghist.
		{Name: "seg_hist", Prog: parse("seg_hist"), Input: func(r *rand.Rand) []values.Value {
			nb := r.Int63n(10)
			return []values.Value{values.Scalar(nb), randI64(r, -1, nb+1, small(r)*2, small(r)*5)}
		}},
	}
}
