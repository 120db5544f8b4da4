-- Index-space producers (iota, ranges with a start and a stride,
-- replicates of scalars) inside map nests are recomputed from the thread
-- indices instead of being stored as arrays over the nest (flatten,
-- elem.gen); sizes include 0 and 1.
-- ==
-- entry: grid
-- input { 3i64 4i64 }
-- output { [[0i64, 1i64, 2i64, 3i64], [100i64, 101i64, 102i64, 103i64], [200i64, 201i64, 202i64, 203i64]] }
-- input { 0i64 5i64 }
-- output { empty([0][5]i64) }
-- input { 2i64 0i64 }
-- output { empty([2][0]i64) }
-- input { 1i64 1i64 }
-- output { [[0i64]] }

-- ==
-- entry: ranges
-- input { 2i64 3i64 }
-- output { [[15i32, 22i32, 29i32], [16i32, 23i32, 30i32]] }
-- input { 1i64 1i64 }
-- output { [[15i32]] }
-- input { 0i64 7i64 }
-- output { empty([0][7]i32) }

-- ==
-- entry: withrep
-- input { 2i64 3i64 5i32 }
-- output { [[5i32, 10i32, 15i32], [6i32, 11i32, 16i32]] }
-- input { 1i64 0i64 5i32 }
-- output { empty([1][0]i32) }

-- ==
-- entry: loopy
-- input { 3i64 5i64 }
-- output { [[0i32, 1i32, 2i32, 3i32, 4i32], [1i32, 2i32, 3i32, 4i32, 5i32], [2i32, 3i32, 4i32, 5i32, 6i32]] }

-- ==
-- entry: inner_reduce
-- input { 4i64 5i64 }
-- output { [10i64, 15i64, 20i64, 25i64] }
-- input { 2i64 0i64 }
-- output { [0i64, 0i64] }

entry grid (h: i64) (w: i64) : [h][w]i64 =
  map (\y -> map (\x -> x + 100 * y) (iota w)) (iota h)

-- An i32 range with a start and a stride, read in an inner map.
entry ranges (h: i64) (w: i64) : [h][w]i32 =
  map (\y -> let ys = map (\k -> i32.i64 k * 7 + 15) (iota w)
             in map (\x -> x + i32.i64 y) ys)
      (iota h)

entry withrep (h: i64) (w: i64) (c: i32) : [h][w]i32 =
  map (\y -> map2 (\x r -> (i32.i64 x + 1) * r + i32.i64 y) (iota w) (replicate w c)) (iota h)

-- Sequential work per element, as in Mandelbrot.
entry loopy (h: i64) (w: i64) : [h][w]i32 =
  map (\y -> map (\x -> loop a = 0i32 for _i < x + y do a + 1) (iota w)) (iota h)

-- An inner reduction over an iota: a segmented reduction whose input is
-- recomputed.
entry inner_reduce (h: i64) (w: i64) : [h]i64 =
  map (\y -> reduce (+) 0 (map (\x -> x + y) (iota w))) (iota h)
