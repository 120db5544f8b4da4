-- unflatten of [n * m]t is [n][m]t, as in Futhark: flattening each
-- matrix, mapping over the elements and unflattening gives back the
-- matrix's shape without a coercion.
-- ==
-- input { [[[1,2,3],[4,5,6]],[[7,8,9],[10,11,12]]] }
-- output { [[[2,3,4],[5,6,7]],[[8,9,10],[11,12,13]]] }
-- input { empty([0][2][3]i32) }
-- output { empty([0][2][3]i32) }

def main [k] [n] [m] (xsss: [k][n][m]i32) : [k][n][m]i32 =
  map (\xss -> unflatten (map (+ 1) (flatten xss))) xsss
