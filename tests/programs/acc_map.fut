-- Accumulator streams inside a map: each row is its own accumulator,
-- written by a sequential loop in the kernel.
-- ==
-- input { 3i64 5i64 2i64 }
-- output { [[0, 0, 1, 1, 0], [1, 1, 2, 2, 1], [2, 2, 3, 3, 2]] [1, 3, 5] }
-- compiled random input { 1000i64 16i64 8i64 } auto output

import "intrinsics"

def f (k: i32) (acc: *acc ([]i32)) (i: i64) =
  let acc = write acc (i * 2) (k + i32.i64 i)
  in write acc (i * 2 + 1) (k + i32.i64 i)

entry main (n: i64) (m: i64) (k: i64) =
  let rows = tabulate n (\r -> scatter_stream (replicate m (i32.i64 r)) (f (i32.i64 r)) (iota k))
  let sums = tabulate n (\r -> reduce_by_index_stream [0] (+) 0 (\acc i -> write acc 0 (i32.i64 (r + i))) (iota 2))
  in (rows, map (\s -> s[0]) sums)
