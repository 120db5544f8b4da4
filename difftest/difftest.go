package difftest

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/fcclang/fcc/runtime/values"
)

// Config says what Run does.
type Config struct {
	// N is the number of functions to generate.
	N int
	// Seed makes the run reproducible: function i of seed s is always
	// the same (see FuncSeed).
	Seed int64
	// Compiled also builds the functions that pass the interpreted
	// check into executables and compares their results.
	Compiled bool
	// BatchSize is the number of entry points per compiled program
	// (default 50).
	BatchSize int
	// OutDir, when set, receives one .fut test program per distinct
	// failure (shrunk), and the unshrunk original beside it.
	OutDir string
	// ShrinkBudget bounds the candidates the shrinker tries per failure
	// (default 2000 interpreted, 150 compiled); 0 uses the default, a
	// negative value disables shrinking.
	ShrinkBudget int
	// MaxDepth and MaxStmts tune the generator (defaults 3 and 5).
	MaxDepth, MaxStmts int
	// Log receives progress and failures; nil discards them.
	Log io.Writer
	// Compiler is used for compiled checks.
	Compiler Compiled
}

// Summary counts what Run saw.
type Summary struct {
	Generated int
	// Interpreted: functions compared across passes in the interpreter.
	Passed, Failed, Rejected, Invalid int
	// Compiled: functions compared against executables.
	CompiledPassed, CompiledFailed, CompiledSkipped int
	// Failures holds one shrunk report per distinct failure (by Key).
	Failures []*Report
	// SkipReasons counts the backend's "not yet supported" messages.
	SkipReasons map[string]int
	// RejectSamples holds a few functions whose reference run failed.
	RejectSamples []string
}

// Report is one distinct failure: its first occurrence, shrunk, and how
// often the same Key was seen.
type Report struct {
	Key      string
	Count    int
	Original *Func
	Func     *Func
	Failure  *Failure
	Program  string // the shrunk test program (TestProgram)
	Origin   string
}

// FuncSeed is the generator seed of function i of a run with seed s.
func FuncSeed(s int64, i int) int64 { return s*1_000_003 + int64(i) }

// GenerateFunc makes function i of a run with seed s.
func (c *Config) GenerateFunc(i int) *Func {
	g := NewGenerator(FuncSeed(c.Seed, i))
	if c.MaxDepth > 0 {
		g.MaxDepth = c.MaxDepth
	}
	if c.MaxStmts > 0 {
		g.MaxStmts = c.MaxStmts
	}
	// Not "f%d": entry points f16, f32 and f64 would shadow the
	// modules of those names when functions share a program.
	return g.Func(fmt.Sprintf("t%d", i))
}

// Run generates cfg.N functions, checks each across the passes in the
// interpreter and, with cfg.Compiled, against compiled code in batches.
func Run(cfg Config) (*Summary, error) {
	log := cfg.Log
	if log == nil {
		log = io.Discard
	}
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 50
	}
	if cfg.OutDir != "" {
		if err := os.MkdirAll(cfg.OutDir, 0o755); err != nil {
			return nil, err
		}
	}
	s := &Summary{SkipReasons: map[string]int{}}
	byKey := map[string]*Report{}
	record := func(f *Func, fl *Failure, compiled bool) {
		key := fl.Key()
		if r := byKey[key]; r != nil {
			r.Count++
			return
		}
		origin := fmt.Sprintf("seed %d, function %s", cfg.Seed, f.Name)
		fmt.Fprintf(log, "FAIL %s: %s\n", f.Name, fl.Error())
		budget := cfg.ShrinkBudget
		check := func(c *Func) *Failure { return CheckInterpreted(c).Failure }
		if compiled {
			if budget == 0 {
				budget = 150
			}
			check = func(c *Func) *Failure { return cfg.Compiler.CheckCompiledOne(c).Failure }
		} else if budget == 0 {
			budget = 2000
		}
		small, sfl := f, fl
		if budget > 0 {
			start := time.Now()
			small, sfl = Shrink(f, fl, check, budget)
			fmt.Fprintf(log, "  shrunk from %d to %d nodes in %v\n", f.Size(), small.Size(), time.Since(start).Round(time.Millisecond))
		}
		r := &Report{Key: key, Count: 1, Original: f, Func: small, Failure: sfl, Origin: origin}
		r.Program = TestProgram(small, sfl, origin)
		byKey[key] = r
		s.Failures = append(s.Failures, r)
		if cfg.OutDir != "" {
			base := filepath.Join(cfg.OutDir, fmt.Sprintf("seed%d_%s", cfg.Seed, f.Name))
			_ = os.WriteFile(base+".fut", []byte(r.Program), 0o644)
			_ = os.WriteFile(base+"_original.fut", []byte(TestProgram(f, fl, origin)), 0o644)
		}
	}
	var batch []*Func
	var refs [][]values.Value
	flush := func() {
		if len(batch) == 0 {
			return
		}
		for i, r := range cfg.Compiler.Check(batch, refs) {
			switch r.Status {
			case Passed:
				s.CompiledPassed++
			case Skipped:
				s.CompiledSkipped++
				s.SkipReasons[skipReason(r.Msg)]++
			default:
				s.CompiledFailed++
				record(batch[i], r.Failure, true)
			}
		}
		fmt.Fprintf(log, "compiled: %d passed, %d failed, %d skipped\n", s.CompiledPassed, s.CompiledFailed, s.CompiledSkipped)
		batch, refs = nil, nil
	}
	for i := 0; i < cfg.N; i++ {
		f := cfg.GenerateFunc(i)
		s.Generated++
		r := CheckInterpreted(f)
		switch r.Status {
		case Passed:
			s.Passed++
			if cfg.Compiled {
				batch = append(batch, f)
				refs = append(refs, r.Ref)
				if len(batch) >= cfg.BatchSize {
					flush()
				}
			}
		case Rejected:
			// The generator means to make valid programs: a rejection
			// is a generator bug or a frontend one, shrunk to tell.
			s.Rejected++
			record(f, r.Failure, false)
		case Invalid:
			s.Invalid++
			if len(s.RejectSamples) < 5 {
				s.RejectSamples = append(s.RejectSamples, "reference run failed: "+r.Msg+"\n"+f.Source())
			}
		default:
			s.Failed++
			record(f, r.Failure, false)
		}
		if (i+1)%500 == 0 {
			fmt.Fprintf(log, "%d generated: %d passed, %d failed, %d rejected, %d invalid\n", s.Generated, s.Passed, s.Failed, s.Rejected, s.Invalid)
		}
	}
	flush()
	return s, nil
}

// skipReason shortens a "not yet supported" message to its construct.
func skipReason(msg string) string {
	return digitRE.ReplaceAllString(posRE.ReplaceAllString(msg, ""), "#")
}

// Print writes the summary: counts, skip reasons and each failure's
// shrunk program.
func (s *Summary) Print(w io.Writer, compiled bool) {
	for _, r := range s.Failures {
		fmt.Fprintf(w, "\n==== %s (seen %d times)\n%s", r.Key, r.Count, r.Program)
	}
	if len(s.Failures) > 0 {
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "interpreted across passes: %d passed, %d failed, %d rejected by the frontend, %d with a failing reference run (%d distinct failures)\n",
		s.Passed, s.Failed, s.Rejected, s.Invalid, len(s.Failures))
	if compiled {
		fmt.Fprintf(w, "compiled: %d passed, %d failed, %d skipped (not supported by the backend)\n", s.CompiledPassed, s.CompiledFailed, s.CompiledSkipped)
		var reasons []string
		for r := range s.SkipReasons {
			reasons = append(reasons, r)
		}
		sort.Slice(reasons, func(i, j int) bool { return s.SkipReasons[reasons[i]] > s.SkipReasons[reasons[j]] })
		for _, r := range reasons {
			fmt.Fprintf(w, "  skipped %5d: %s\n", s.SkipReasons[r], r)
		}
	}
}
