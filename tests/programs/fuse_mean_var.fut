-- A sum and a sum of squares over the same array, with a use of the
-- first between the two (as SRAD's mean and variance): fusion puts the
-- fused reduction where the first one was, so both sums are one
-- segmented reduction (rewrite: fuse-vertical at the producer's place).
-- ==
-- input { [1i32, 2i32, 3i32, 4i32] }
-- output { 2i32 5i32 }
-- input { [5i32] }
-- output { 5i32 20i32 }
-- input { empty([0]i32) }
-- output { 0i32 0i32 }
-- structure gpu { SegRed 1 }

def main [n] (xs: [n]i32) : (i32, i32) =
  let mean = i32.sum xs / i32.max 1 (i32.i64 n)
  let var = i32.sum (map (\x -> x * x) xs) / i32.max 1 (i32.i64 n)
  in (mean, var - mean)
