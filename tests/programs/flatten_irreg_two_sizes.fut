-- Two irregular inner arrays of different sizes at each point (iota x
-- and iota (x / 2 + 1)), a reduction over each and a scan's last element,
-- and a regular map that uses all three: every inner width varies, so
-- only the outer and the distributed versions are built.
-- ==
-- input { [[1i64, 2i64, 3i64], [8i64, 0i64, 5i64]] [1i64, 2i64] }
-- auto output
-- input { [[0i64]] [4i64] }
-- output { [[[4i64]]] }
-- input { empty([0][2]i64) [1i64] }
-- output { empty([0][2][1]i64) }
-- compiled input { [[64i64, 33i64], [17i64, 1000i64]] [1i64, 2i64, 3i64] }
-- auto output

def main [n][m][k] (xss: [n][m]i64) (ys: [k]i64) : [n][m][k]i64 =
  map (\xs ->
         map (\x ->
                let a = i64.sum (map (* 2) (iota x))
                let b = i64.maximum (map (\i -> (i * 7) % 5) (iota (x / 2 + 1)))
                let c = if x == 0 then 0 else last (scan (+) 0 (iota x))
                in map (\y -> y + a - b + c) ys) xs) xss
