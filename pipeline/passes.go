package pipeline

import (
	"fmt"
	"os"
	"testing"

	"github.com/fcclang/fcc/flatten"
	"github.com/fcclang/fcc/inplace"
	"github.com/fcclang/fcc/prove"
	"github.com/fcclang/fcc/rewrite"
	"github.com/fcclang/fcc/rewrite/lower"
	"github.com/fcclang/fcc/segconv"
	"github.com/fcclang/fcc/soac"
	"github.com/fcclang/fcc/tiling"
)

// Pass is one named step of the pipeline from SOAC IR to SOAC IR.
type Pass struct {
	Name string
	// Doc says in one line what the pass does.
	Doc string
	Run func(*soac.Program) (*soac.Program, error)
	// Explain, when set, runs the pass and also returns its derivation:
	// which rewrite rule fired on which statement, in order.
	Explain func(*soac.Program) (*soac.Program, string, error)
	// Establishes are the IR invariants that hold from this pass on: the
	// validator checks them after it and after every later pass.
	Establishes soac.Invariants
}

// Constraint is an ordering constraint of the pass table: pass Before
// must run before pass After, for Reason.
type Constraint struct {
	Before, After, Reason string
}

// Internalise is the name under which the frontend's output is reported:
// it is not a Pass (it takes source text, not a program), but the IR after
// it can be printed like that of any pass.
const Internalise = "internalise"

// Passes is the compiler pipeline after the frontend, in order.
var Passes = mustOrder([]Pass{
	{Name: "optimise", Doc: "simplify and fuse, alternated to a fixed point", Run: optimise, Explain: explainOptimise},
	{Name: "flatten", Doc: "moderate flattening (G1-G7) into Seg-ops, multi-versioned by thresholds", Run: flatten.Flatten},
	{Name: "coalesce", Doc: "column-major copies of the matrices whose rows kernels' work-items walk", Run: flatten.Coalesce},
	{Name: "simplify-flat", Doc: "simplify the flattened program (what kernel extraction left behind)", Run: simplify, Explain: explainSimplify},
	{Name: "tile", Doc: "block and register tiling of Seg-ops with invariant inputs", Run: tiling.Tile, Explain: tiling.Explain},
	{Name: "simplify-tiled", Doc: "simplify the tiled program", Run: simplify, Explain: explainSimplify},
	{Name: "segconv", Doc: "host-level SOACs into one-dimensional Seg-ops; element reads only kernels use moved into them", Run: segconv.Convert, Establishes: soac.NoHostSOACs},
	{Name: "prove", Doc: "mark the indices inside kernels proved in bounds", Run: prove.Prove},
	{Name: "inplace", Doc: "mark the updates inside kernels that write the kernel input they consume", Run: inplace.InPlace},
	{Name: "lower", Doc: "record in every Seg-op its lowering: versions and their facts, points per work-item, lanes, tile roles and variants", Run: lower.Run, Explain: lower.Explain, Establishes: soac.Lowered},
}, Order)

// Order lists the ordering constraints that matter, each with its reason.
// mustOrder checks them when Passes is built, and a test checks them
// again, so that a reordering that breaks one fails at once.
var Order = []Constraint{
	{"optimise", "flatten", "flattening expects fused SOACs: fusion after it would find Seg-ops, not SOACs"},
	{"flatten", "coalesce", "coalescing changes the layout of the arrays that Seg-ops read"},
	{"coalesce", "tile", "tiling reads invariant arrays through local memory: the layout for coalesced rows is decided first"},
	{"flatten", "simplify-flat", "it simplifies what kernel extraction leaves behind"},
	{"flatten", "tile", "tiling needs Seg-ops"},
	{"simplify-flat", "tile", "tiling matches kernel bodies whose copies and dead code are gone"},
	{"tile", "simplify-tiled", "it simplifies what tiling leaves behind"},
	{"tile", "lower", "lowering records the roles of a tiled map's statements, so tiling must have decided"},
	{"tile", "segconv", "the Seg-ops made from host SOACs are plain kernels: tiling them would change the code"},
	{"simplify-tiled", "segconv", "simplification may not see a SOAC become a Seg-op: its fusion rules would run on host SOACs; nor the element reads segconv moves into kernels, which it would hoist back out"},
	{"segconv", "lower", "lowering checks every Seg-op the backend compiles, the converted SOACs included"},
	{"segconv", "prove", "the kernels made from host SOACs need their indices proved too"},
	{"simplify-tiled", "prove", "the marks live on index expressions: a rewrite after prove would drop or copy them"},
	{"simplify-tiled", "lower", "lowering checks the Seg-ops the backend will compile"},
	{"segconv", "inplace", "the kernels made from host SOACs update their inputs in place too"},
	{"simplify-tiled", "inplace", "the marks live on update expressions: a rewrite after inplace would drop them, or move a use of the array after the update"},
}

// mustOrder returns passes after checking them against order; a pass
// table that breaks its constraints is a bug in fcc, reported at start-up.
func mustOrder(passes []Pass, order []Constraint) []Pass {
	if err := checkOrder(passes, order); err != nil {
		panic("pipeline: " + err.Error())
	}
	return passes
}

// checkOrder reports the first name used twice, constraint naming an
// unknown pass, or constraint broken by the order of passes.
func checkOrder(passes []Pass, order []Constraint) error {
	at := map[string]int{Internalise: -1}
	for i, p := range passes {
		if _, dup := at[p.Name]; dup {
			return fmt.Errorf("pass %q appears twice", p.Name)
		}
		at[p.Name] = i
	}
	for _, c := range order {
		b, okB := at[c.Before]
		a, okA := at[c.After]
		switch {
		case !okB:
			return fmt.Errorf("ordering constraint names unknown pass %q", c.Before)
		case !okA:
			return fmt.Errorf("ordering constraint names unknown pass %q", c.After)
		case b >= a:
			return fmt.Errorf("pass %q must run before %q: %s", c.Before, c.After, c.Reason)
		}
	}
	return nil
}

// Validating reports whether the IR validator runs after every pass: in
// tests (go test), and where the environment sets FCC_VALIDATE=1 (fcc
// build, test, bench, dev honour it; fcc dev --validate sets it).
func Validating() bool {
	return testing.Testing() || os.Getenv("FCC_VALIDATE") == "1"
}

// validate checks p, the output of pass, against the IR's rules and the
// invariants the passes so far established.
func validate(pass string, p *soac.Program, inv soac.Invariants) error {
	if err := soac.ValidateWith(p, inv); err != nil {
		return fmt.Errorf("the %s pass produced invalid IR: %w", pass, err)
	}
	return nil
}

// optimise runs the simplify and fuse rule sets to a fixed point.
func optimise(p *soac.Program) (*soac.Program, error) {
	out, _, err := rewrite.Optimise(p)
	return out, err
}

func explainOptimise(p *soac.Program) (*soac.Program, string, error) {
	out, log, err := rewrite.Optimise(p)
	if err != nil {
		return nil, "", err
	}
	return out, log.String(), nil
}

// simplify runs the simplify rule set to a fixed point, as Futhark
// simplifies again after each of its back-end passes.
func simplify(p *soac.Program) (*soac.Program, error) {
	out, _, err := explainSimplify(p)
	return out, err
}

func explainSimplify(p *soac.Program) (*soac.Program, string, error) {
	out, log, err := rewrite.Simplify(p)
	if err != nil {
		return nil, "", err
	}
	return out, log.String(), nil
}

// validator returns validate when Validating, else a check that accepts
// everything.
func validator() func(pass string, p *soac.Program, inv soac.Invariants) error {
	if Validating() {
		return validate
	}
	return func(string, *soac.Program, soac.Invariants) error { return nil }
}
