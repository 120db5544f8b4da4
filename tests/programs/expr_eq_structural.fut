-- == and != on arrays, tuples and records compare component by
-- component; the operands have one type, sizes included, so arrays whose
-- sizes may differ are compared after a check of their lengths.
-- ==
-- entry: arrays
-- input { [[1, 2], [3, 4]] [[1, 2], [3, 4]] } output { true false }
-- input { [[1, 2], [3, 4]] [[1, 2], [3, 5]] } output { false true }
-- compiled random input { [300][70]i32 [300][70]i32 } output { false true }

-- ==
-- entry: shapes
-- input { [1, -2, 3] [1, 3] } output { true false }
-- input { [1, 2, 3] [1, 3] } output { false false }
-- input { empty([0]i32) empty([0]i32) } output { true false }

-- ==
-- entry: compound
-- input { 1 [1f32, 2f32] } output { true false }
-- input { 2 [1f32, 2f32] } output { false false }

entry arrays [n] [m] (xs: [n][m]i32) (ys: [n][m]i32) = (xs == ys, xs != ys)

-- The kept elements' count is only known at run time: each filter's
-- result has a size of its own (existential), so == needs a coercion,
-- which is only evaluated where the counts agree.
entry shapes (xs: []i32) (ys: []i32) =
  let [n] (pos: [n]i32) = filter (> 0) xs
  let ys' = filter (> 0) ys
  in (length ys' == n && pos == (ys' :> [n]i32), [1, 2] == [2, 1])

entry compound (a: i32) (v: [2]f32) =
  ((a, v) == (1, [1, 2]), {x = a, y = v} != {y = v, x = a})
