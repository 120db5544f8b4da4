-- Arrays made by equal expressions (replicate, iota, copy, map) in the
-- branches of an if, one of them updated in place afterwards: CSE may
-- not let the two share memory (Futhark's issue715).
-- ==
-- entry: reps
-- input { true } output { [42,0] [0,0] }
-- input { false } output { [42,1] [1,1] }

entry reps (b: bool) : ([]i32, []i32) =
  let (xs, ys) = if b
                 then (replicate 2 0, replicate 2 0)
                 else (replicate 2 1, replicate 2 1)
  let xs[0] = 42
  in (xs, ys)

-- ==
-- entry: iotas
-- input { 3i64 } output { [0i64,1i64,2i64] [0i64,7i64,2i64] }

entry iotas (n: i64) : ([]i64, []i64) =
  let (xs, ys) = if n > 0 then (iota n, iota n) else (iota 1, iota 1)
  let ys[1] = 7
  in (xs, ys)

-- ==
-- entry: copies
-- input { [1,2,3] true } output { [9,2,3] [1,2,3] }
-- input { [1,2,3] false } output { [9,3,4] [2,3,4] }

entry copies (a: []i32) (b: bool) : ([]i32, []i32) =
  let (xs, ys) = if b then (copy a, copy a)
                 else (map (+1) a, map (+1) a)
  let xs[0] = 9
  in (xs, ys)

-- ==
-- entry: maps
-- input { [1,2,3] } output { [2,4,6] [2,4,-1] }

entry maps (a: []i32) : ([]i32, []i32) =
  let (xs, ys) = if length a > 1 then (map (*2) a, map (*2) a) else (copy a, copy a)
  let ys[2] = -1
  in (xs, ys)

-- Nested ifs: the update reaches the inner branches' arrays through two
-- results.
-- ==
-- entry: nested
-- input { true true } output { [5,0,0] [0,0,0] }
-- input { true false } output { [5,1,1] [1,1,1] }
-- input { false true } output { [5,2,2] [2,2,2] }

entry nested (b: bool) (c: bool) : ([]i32, []i32) =
  let (xs, ys) =
    if b then (if c then (replicate 3 0, replicate 3 0)
               else (replicate 3 1, replicate 3 1))
    else (replicate 3 2, replicate 3 2)
  let xs[0] = 5
  in (xs, ys)

-- The update is of a slice-free view: a reshaped branch result.
-- ==
-- entry: viewed
-- input { true } output { [[3,0],[0,0]] [0,0,0,0] }

entry viewed (b: bool) : ([][]i32, []i32) =
  let (xs, ys) = if b then (replicate 4 0, replicate 4 0)
                 else (replicate 4 1, replicate 4 1)
  let xs' = unflatten (xs :> [2*2]i32)
  let xs'[0, 0] = 3
  in (xs', ys)
