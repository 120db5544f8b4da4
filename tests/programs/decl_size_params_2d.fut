-- Size parameters for both dimensions of a matrix.
-- ==
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { 2i64 3i64 21 }
def dims [n][m] (a: [n][m]i32) : (i64, i64) = (n, m)

def main [n][m] (a: [n][m]i32) =
  let (r, c) = dims a
  in (r, c, reduce (+) 0 (map (\row -> reduce (+) 0 row) a))
