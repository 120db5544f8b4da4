-- Accumulators (frontend/accumulators.go): scatter_stream with several
-- writes per element, writes out of bounds (ignored), a loop of writes,
-- and the accumulator passed through a tuple and a helper function.
-- ==
-- input { [0, 0, 0, 0, 0, 0, 0, 0] 3i64 }
-- output { [10, 10, 11, 11, 12, 12, 0, 0] }
-- input { [0, 0, 0, 0] 3i64 }
-- output { [10, 10, 11, 11] }
-- input { empty([0]i32) 2i64 }
-- output { empty([0]i32) }

import "intrinsics"

def twice (acc: *acc ([]i32)) (i: i64) (v: i32) : *acc ([]i32) =
  let acc = write acc (2 * i) v
  in write acc (2 * i + 1) v

def f (acc: *acc ([]i32)) (i: i64) =
  let (acc, _) = (acc, i)
  let acc = write acc (-1) 99
  in loop acc for j < 1 do twice acc (i + j) (10 + i32.i64 i)

entry main (xs: *[]i32) (n: i64) = scatter_stream xs f (iota n)
