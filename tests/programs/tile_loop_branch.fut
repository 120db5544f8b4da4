-- A sequential accumulation over a row of x and a column of y inside the
-- branches of a 2-D map (LU's trailing update): the tiling pass hoists
-- it as a reduction for the tiled version (tiling/loopred.go), the plain
-- version keeps the branch. Sizes that are not multiples of the tile or
-- of the reduction's slab, a reduction of length 0 and one of length 1;
-- the checksums are computed independently (Python, same formulas).
-- ==
-- input { 130i64 67i64 5i64 } output { 178212148i64 }
-- input { 17i64 300i64 33i64 } output { 114001983i64 }
-- input { 129i64 129i64 1i64 } output { 406455040i64 }
-- input { 40i64 40i64 0i64 } output { 11744307i64 }
-- input { 200i64 160i64 32i64 } output { 1131872161i64 }

def main (n: i64) (m: i64) (k: i64) : i64 =
  let x = tabulate_2d n k (\i q -> i32.i64 ((i * 7 + q * 3) % 11) - 5)
  let y = tabulate_2d k m (\q j -> i32.i64 ((q * 5 + j * 13) % 9) - 4)
  let a = tabulate_2d n m (\i j -> i32.i64 ((i * 3 + j) % 17))
  let c = n / 3
  let r = tabulate_2d n m (\i j ->
            if i < c || j < c then a[i, j]
            else if i == j then 0
            else a[i, j] - (loop acc = 0i32 for q < k do acc + x[i, q] * y[q, j]))
  in i64.sum (map (\i -> i64.sum (map (\j -> i64.i32 r[i, j] * (i * 31 + j * 17 + 1)) (iota m))) (iota n))
