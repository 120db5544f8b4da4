-- a[i:j] has size j - i and a[::-1] the size of a, as in Futhark: the
-- rows' windows, and each window reversed, mapped over the rows.
-- ==
-- input { 1i64 3i64 [[1,2,3,4],[5,6,7,8]] }
-- output { [[2,3],[6,7]] [[3,2],[7,6]] }
-- input { 2i64 2i64 [[1,2,3,4]] }
-- output { empty([1][0]i32) empty([1][0]i32) }

def main [n] [m] (i: i64) (j: i64) (xss: [n][m]i32) =
  let ws = map (\row -> row[i:j]) xss
  in (ws, map (\w -> w[::-1]) ws)
