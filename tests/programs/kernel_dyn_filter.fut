-- A filter inside a map: each work-item's result array has a size only
-- the kernel knows, allocated at the row's length (its bound).
-- ==
-- input { empty([0][3]i32) }
-- output { empty([0]i32) }
-- input { empty([1][0]i32) }
-- output { [0] }
-- input { [[-1, -2, 0]] }
-- output { [0] }
-- input { [[1, 2, 3], [4, 5, 6]] }
-- output { [9, 18] }
-- input { [[1, -2, 3, 0, 5], [0, 0, 0, 0, 0], [4, 5, 6, 7, 8], [-7, 8, -9, 1, 1]] }
-- output { [12, 0, 35, 13] }
def main (xss: [][]i32) : []i32 =
  map (\xs -> let ys = filter (> 0) xs
              let zs = scan (+) 0 ys
              in (if length zs > 0 then last zs else 0) + i32.i64 (length ys)) xss
