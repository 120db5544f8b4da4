package rewrite

import "github.com/fcclang/fcc/soac"

// SimplifyRules is the simplify rule set (Accelerate's optimisations on
// scalar and array code). Every rule makes the program smaller or moves
// code outwards, never back, so the set terminates even without the fuel
// bound; the order below only decides which rule is tried first when
// several match.
func SimplifyRules() RuleSet {
	return RuleSet{
		DeadCode,
		CopyPropagate,
		ConstPropagate,
		ConstFold,
		Algebra,
		CommuteConst,
		SubConst,
		Reassociate,
		IfConst,
		IfSame,
		IfResult,
		CSE,
		IndexIota,
		IndexReplicate,
		ReshapeSameShape,
		AssertTrue,
		ScremaUnusedMap,
		ScremaUnusedRed,
		ScremaDupInput,
		ScremaUnusedInput,
		LoopZeroTrip,
		LoopInvariantMerge,
		LoopUnusedMerge,
		HoistLoop,
		HoistMap,
	}
}

// Simplify applies the simplify rule set to a fixed point.
func Simplify(p *soac.Program) (*soac.Program, *Log, error) {
	return Run(p, SimplifyRules(), Options{})
}
