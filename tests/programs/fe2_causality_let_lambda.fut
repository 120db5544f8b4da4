-- A lambda bound with let is not polymorphic: its type is fixed where it
-- is bound, so it may not need the size of an array computed afterwards.
-- ==
-- error: Causality check: an anonymous size needed for the type of f \(bound at 7:7\)

def main (xs: []i32) =
  let f = \ys -> map (+1) ys
  in f (filter (>0) xs)
