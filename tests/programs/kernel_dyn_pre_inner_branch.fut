-- Sizes bound inside a branch of an inner map and by a for loop's index:
-- the pre-pass keeps the branch (its other side binds no such size) and
-- the loop, and takes the largest size of either.
-- ==
-- input { [[3i64, -1i64, 4i64], [0i64, 9i64, 2i64]] }
-- output { [5i64, 2i64] }
-- input { [[-5i64, -6i64]] }
-- output { [0i64] }
def main [n][m] (xss: [n][m]i64) : [n]i64 =
  map (\xs ->
         let a = map (\x -> if x > 0
                            then let r = replicate x 1i64
                                 in i64.sum (scan (+) 0 r) / x
                            else 0) xs
         let b = loop s = 0 for i < m do s + length (filter (> 0) (iota i))
         in a[0] + a[m - 1] + b)
      xss
