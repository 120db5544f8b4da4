-- Accumulators combining by an operator: reduce_by_index_stream on
-- integers, on pairs (the accumulator over two arrays), and with rows as
-- values; and a scatter_stream, whose writes overwrite (writes of two
-- elements to one place would leave either value, as in Futhark).
-- ==
-- input { [1, 1, 1, 1] [0, 0, 0, 0] }
-- output { [2, 5, 5, 1] [4, 2, 0, 0] [1, -1, 2, -2, 3, -3] [[2, 2], [1, 1], [3, 3]] }

import "intrinsics"

def f (acc: *acc ([]i32)) (i: i64) =
  let acc = write acc i (i32.i64 i + 1)
  in write acc (i + 1) (2 - i32.i64 i)

def pm (acc: *acc ([]i32)) (i: i64) =
  let acc = write acc (2 * i) (i32.i64 i + 1)
  in write acc (2 * i + 1) (-(i32.i64 i + 1))

def g (acc: *acc ([](i32, i32))) (i: i64) =
  write acc (i % 2) (i32.i64 i, 1)

def h (acc: *acc ([][2]i32)) (i: i64) =
  write acc (i % 2 * 2) [i32.i64 i + 1, i32.i64 i + 1]

entry main (xs: []i32) (ys: []i32) =
  let a = reduce_by_index_stream (copy xs) (+) 0 f (iota 3)
  let (b0, b1) = unzip (reduce_by_index_stream (copy (zip ys ys)) (\(a, b) (c, d) -> (a + c, b + d)) (0, 0) g (iota 3))
  let c = scatter_stream (replicate 6 0) pm (iota 3)
  let d = reduce_by_index_stream (replicate 3 [1, 1]) (map2 (+)) [0, 0] h (iota 2)
  in (a, map2 (+) b0 b1, c, d)
