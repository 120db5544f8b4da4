-- Scalars computed from an irregular reduction, then used by two later
-- inner SOACs over a regular array (a map and a reduction), each result
-- returned: distribution must carry the scalars to both.
-- ==
-- input { [[1i64, 3i64], [4i64, 0i64]] [2i64, 5i64, -1i64] }
-- auto output
-- input { [[2i64]] [7i64] }
-- output { [[33i64]] [[[29i64]]] }
-- input { [[5i64, 6i64, 7i64]] empty([0]i64) }
-- output { [[0i64, 0i64, 0i64]] empty([1][3][0]i64) }

def main [n][m][k] (xss: [n][m]i64) (ys: [k]i64) : ([n][m]i64, [n][m][k]i64) =
  unzip (map (\xs ->
                unzip (map (\x ->
                              let r = i64.sum (iota x)
                              let s = 2 * r + x
                              let zs = map (\y -> y * s + r) ys
                              let t = i64.sum (map (\z -> z + s) zs)
                              in (t, zs)) xs)) xss)
