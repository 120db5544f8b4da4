-- A size read from an element, in the body of a segmented reduction
-- (the flattened version of a sum over rows): the pre-pass runs over the
-- segred's points, top-level statements and inner maps alike. Zero
-- sizes, and a last row larger than any before.
-- ==
-- input { [[6i64, 2i64, 3i64], [4i64, 5i64, 6i64]] }
-- output { [41i64, 61i64] }
-- input { [[0i64, 0i64], [0i64, 0i64], [1i64, 300i64]] }
-- output { [0i64, 0i64, 45452i64] }
-- input { empty([0][2]i64) }
-- output { empty([0]i64) }
def main [n][m] (xss: [n][m]i64) : [n]i64 =
  map (\xs ->
         let ys = map (\x -> let z = scan (+) 0 (map (+ 2) (iota x))
                             in if x > 0 then z[x - 1] else 0) xs
         in i64.sum ys)
      xss
