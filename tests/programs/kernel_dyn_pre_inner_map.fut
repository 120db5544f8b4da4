-- A size that is an element of an inner map's row (an iota of each
-- element, as in Futhark's flattening/incremental/reduce): the pre-pass
-- reduces the sizes of a row's elements by max, per work-item. Rows with
-- only zero sizes, and a last row whose size is larger than any before.
-- ==
-- input { [[6i64, 2i64, 3i64], [4i64, 5i64, 6i64]] }
-- output { [36i64, 41i64] }
-- input { [[0i64, 0i64], [0i64, 0i64], [1i64, 200i64]] }
-- output { [0i64, 0i64, 20302i64] }
-- input { empty([0][3]i64) }
-- output { empty([0]i64) }
def main [n][m] (xss: [n][m]i64) : [n]i64 =
  map (\xs ->
         let ys = map (\x -> let z = scan (+) 0 (map (+ 2) (iota x))
                             in if x > 0 then z[x - 1] else 0) xs
         in ys[0] + ys[m - 1])
      xss
