-- A map nest whose innermost body reduces an array of a size only known
-- at each point (iota x) and adds the sum to every element of a regular
-- array (the shape of Futhark's flattening/inc0). The inner version
-- distributes the regular map; the intra-group version is not taken, as
-- the group's width would vary from point to point (it once named the
-- map's parameter on the host: "x: not in scope"). Edge cases: zeros,
-- empty outer and inner arrays, an empty regular array.
-- ==
-- input { [[4i64, 5i64, 6i64], [7i64, 8i64, 9i64]] [1i64, 2i64, 3i64] }
-- output { [[[7i64, 8i64, 9i64], [11i64, 12i64, 13i64], [16i64, 17i64, 18i64]],
--            [[22i64, 23i64, 24i64], [29i64, 30i64, 31i64], [37i64, 38i64, 39i64]]] }
-- input { [[0i64], [1i64], [2i64]] [10i64, -10i64] }
-- output { [[[10i64, -10i64]], [[10i64, -10i64]], [[11i64, -9i64]]] }
-- input { empty([0][3]i64) [1i64] }
-- output { empty([0][3][1]i64) }
-- input { [[3i64, 2i64]] empty([0]i64) }
-- output { empty([1][2][0]i64) }

def main [n][m][k] (xss: [n][m]i64) (ys: [k]i64) : [n][m][k]i64 =
  map (\xs -> map (\x -> let r = i64.sum (iota x)
                         in map (+ r) ys) xs) xss
