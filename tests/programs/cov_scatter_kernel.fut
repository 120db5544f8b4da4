-- Scatter inside a kernel (backend/kcoverage.go): each work-item scatters
-- sequentially into its own array, a copy of a row or a replicate; writes
-- out of bounds are ignored and of two writes to one place the last wins,
-- as in the interpreter.
-- ==
-- entry: rows
-- input { empty([0][3]i32) [1i64] [5] } output { empty([0][3]i32) }
-- input { [[1,2,3]] empty([0]i64) empty([0]i32) } output { [[1,2,3]] }
-- input { [[1,2,3],[4,5,6],[7,8,9]] [0i64,-1i64,2i64,3i64,0i64] [10,20,30,40,50] }
-- output { [[50,2,30],[50,5,30],[50,8,30]] }
-- compiled random input { [7][5]i32 [9]i64 [9]i32 } auto output

entry rows [n][m][k] (rows: [n][m]i32) (is: [k]i64) (vs: [k]i32) : [n][m]i32 =
  map (\r -> scatter (copy r) (map (\i -> i % (m + 1)) is) vs) rows

-- ==
-- entry: rep
-- input { empty([0]i32) } output { empty([0][5]i32) }
-- input { [7] } output { [[7,7,6,7,7]] }
-- input { [1,2,3] } output { [[1,1,0,1,1],[2,2,1,2,2],[3,3,2,3,3]] }

entry rep [n] (xs: [n]i32) : [n][5]i32 =
  map (\x -> scatter (replicate 5 x) [2, 7, -1] [x - 1, 9, 9]) xs

-- Scatter of rows: the destination and the values are arrays of arrays.
-- ==
-- entry: rowsof
-- input { empty([0]i32) } output { empty([0][3][2]i32) }
-- input { [1] } output { [[[1,1],[0,1],[1,2]]] }
-- input { [1,2,3] }
-- output { [[[1,1],[0,1],[1,2]],[[2,2],[1,2],[2,4]],[[3,3],[2,3],[3,6]]] }

entry rowsof [n] (xs: [n]i32) : [n][3][2]i32 =
  map (\x -> scatter (replicate 3 [x, x]) [1, 2, 5] [[x - 1, x], [x, 2 * x], [0, 0]]) xs
