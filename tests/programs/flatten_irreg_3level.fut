-- Three levels of maps around an irregular reduction (iota of each
-- element) whose result scales a regular array: the scalar bound at the
-- innermost level must reach the distributed map, and no intra-group
-- version may size its groups by a per-point value.
-- ==
-- input { [[[1i64, 2i64], [3i64, 4i64]], [[0i64, 5i64], [6i64, 2i64]]] [1i64, -1i64, 2i64] }
-- auto output
-- input { [[[7i64]]] [3i64] }
-- output { [[[[189i64]]]] }
-- input { empty([2][0][4]i64) [1i64, 2i64] }
-- output { empty([2][0][4][2]i64) }
-- compiled input { [[[100i64, 200i64, 300i64], [1i64, 0i64, 9i64]]] [1i64, 2i64, 3i64, 4i64, 5i64] }
-- auto output

def main [a][b][c][k] (xsss: [a][b][c]i64) (ys: [k]i64) : [a][b][c][k]i64 =
  map (\xss -> map (\xs -> map (\x -> let r = i64.sum (map (* 3) (iota x))
                                      in map (\y -> y * r) ys) xs) xss) xsss
