// Package rewrite owns the rule engine and the rule sets: simplify, fuse,
// and (in lift and lower) the Lift algorithmic and lowering rules.
package rewrite
