-- Local functions without type parameters are let-polymorphic (Futhark
-- generalises local definitions with at least one parameter): one
-- definition used at several types, and with arrays of different sizes.
-- ==
-- input { 3 true [1, 2] [4, 5, 6] }
-- output { 3 true 7 false [2, 3, 5, 6, 7] }

def main (x: i32) (b: bool) (as: []i32) (bs: []i32) =
  let id' y = y
  let pick c p q = if c then p else q
  let twice h y = h (h y)
  let inc (zs: []i32) = map (+1) zs
  in (id' x, id' b, twice (+2) x, twice (\v -> !v) (pick true false b),
      inc as ++ inc bs)
