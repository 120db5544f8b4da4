// Package rewrite owns the rule engine and the rule sets: simplify, fuse,
// the Lift algorithmic and lowering rules, and subdivision/exchange.
package rewrite
